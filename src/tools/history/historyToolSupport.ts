import { errorResultFor, toolError, type ErrorResult } from '../../history/historyToolResults';
import type { ResolvedWorkspacePath } from '../../history/workspacePath';
import type { HistoryToolDeps } from './historyToolPorts';

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

/**
 * The agent's `filePath` under the path policy, or the error result to answer with (logged). The first step of
 * every history tool that names a file.
 */
export async function resolveHistoryFile(
  deps: Pick<HistoryToolDeps, 'files' | 'log'>,
  toolName: string,
  filePath: unknown,
): Promise<{ readonly file: ResolvedWorkspacePath } | { readonly error: ErrorResult }> {
  try {
    return { file: await deps.files.resolve(filePath) };
  } catch (err) {
    deps.log.warn(`${toolName} refused ${JSON.stringify(filePath)}: ${(err as Error).message}`);
    return { error: errorResultFor(err) };
  }
}
