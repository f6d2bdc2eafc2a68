import { toolError, type ErrorResult } from '../../history/historyToolResults';

/** Longest `filePath` / `filePathHint` the schemas accept (the path policy's own limit). */
export const MAX_PATH_LENGTH = 4096;

/** `src/a.ts` → `a.ts`. */
export function baseName(displayPath: string): string {
  const parts = displayPath.split(/[/\\]/);
  return parts[parts.length - 1] || displayPath;
}

/** The agent cancelled the call (or the window closed) before the user answered. */
export function cancelledResult(): ErrorResult {
  return toolError('The request was cancelled before the user answered. Nothing was shared.');
}
