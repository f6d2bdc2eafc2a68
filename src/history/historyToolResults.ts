import type { Grant, GrantLookup, SharedLookup } from './grants';
import { HistoryReadError } from './historyVersion';
import { formatRelativeTime } from './relativeTime';
import { VersionTextError } from './versionText';
import { WorkspacePathError } from './workspacePath';

/**
 * The exact JSON the three history tools return (SPEC §3, seed 000 "Agent-Facing API"), built by pure functions
 * so the VS Code tool adapters and the MCP bridge return identical shapes. Messages tell the model what to do
 * next, and never contain history content or a listing the user did not approve.
 */

export interface VersionSummary {
  readonly id: string;
  /** ISO 8601 in UTC, seconds precision: `2024-05-01T12:34:56Z` (the seed's `YYYY-MM-DDTHH:mm:ssZ`). */
  readonly timestamp: string;
  /** e.g. `5 minutes ago (File Saved)`. */
  readonly label: string;
}

export interface DeniedResult { readonly status: 'denied_by_user' }
export interface ErrorResult { readonly status: 'error'; readonly message: string }

export type RequestVersionsResult =
  | { readonly status: 'success'; readonly versions: readonly VersionSummary[] }
  | DeniedResult
  | ErrorResult;

export type GetVersionContentResult =
  | { readonly status: 'success'; readonly filePath: string; readonly versionId: string; readonly content: string }
  | DeniedResult
  | ErrorResult;

export type GetSharedContentResult =
  | { readonly status: 'success'; readonly filePath: string; readonly content: string }
  | { readonly status: 'no_content_available' }
  | { readonly status: 'no_matching_content'; readonly message: string };

export type HistoryToolResult = RequestVersionsResult | GetVersionContentResult | GetSharedContentResult;

/** `2024-05-01T12:34:56Z`. */
export function toIsoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The label shown in Quick Picks and given to the agent: relative time, then how the version was made. */
export function versionLabel(version: { timestamp: number; label: string }, now: number): string {
  return `${formatRelativeTime(version.timestamp, now)} (${version.label})`;
}

export function deniedByUser(): DeniedResult {
  return { status: 'denied_by_user' };
}

export function toolError(message: string): ErrorResult {
  return { status: 'error', message };
}

/** `history_requestVersions` after the user allowed and picked: only the picked versions, newest first. */
export function requestVersionsSuccess(grants: readonly Grant[], now: number): RequestVersionsResult {
  const versions = [...grants]
    .sort((a, b) => b.timestamp - a.timestamp)
    .map((g) => ({ id: g.id, timestamp: toIsoSeconds(g.timestamp), label: versionLabel(g, now) }));
  return { status: 'success', versions };
}

/** The user allowed but picked nothing: treated as a denial (nothing was shared). */
export function requestVersionsNonePicked(): DeniedResult {
  return deniedByUser();
}

export function noHistoryError(displayPath: string): ErrorResult {
  return toolError(
    `No local history is available for ${displayPath}. VS Code records local history only when a file is saved in `
    + 'the editor (setting workbench.localHistory.enabled); check the path, or ask the user to share a version.',
  );
}

/** A path that names no file and has no local history: most often a typo. No dialog was shown. */
export function noSuchFileError(displayPath: string): ErrorResult {
  return toolError(
    `There is no file at ${displayPath} and no local history for that path. Check the path (relative to the workspace `
    + 'folder; in a multi-root workspace, prefix the folder name) and call history_requestVersions again.',
  );
}

export function versionContentSuccess(grant: Grant, content: string): GetVersionContentResult {
  return { status: 'success', filePath: grant.displayPath, versionId: grant.id, content };
}

/** The error for a `history_getVersionContent` id that is not granted for this file. */
export function versionIdError(lookup: Exclude<GrantLookup, { kind: 'granted' }>, displayPath: string): ErrorResult {
  switch (lookup.kind) {
    case 'expired':
      return toolError(`This version id has expired. Call history_requestVersions for ${displayPath} again; the user will be asked to pick versions.`);
    case 'otherFile':
      return toolError(`This version id was not issued for ${displayPath}. Pass the same filePath you gave to history_requestVersions.`);
    case 'unknown':
      return toolError(
        `Unknown version id for ${displayPath}. Use an id returned by history_requestVersions for this file; ids are `
        + 'valid for a limited time and may work only once. Call history_requestVersions to get fresh ids.',
      );
    default:
      return assertNever(lookup);
  }
}

/** `history_getSharedContent`. */
export function sharedContentResult(lookup: SharedLookup): GetSharedContentResult {
  switch (lookup.kind) {
    case 'success':
      return { status: 'success', filePath: lookup.shared.displayPath, content: lookup.shared.content };
    case 'no_content_available':
      return { status: 'no_content_available' };
    case 'no_matching_content':
      return {
        status: 'no_matching_content',
        message: `Content for a different file (${lookup.sharedDisplayPath}) was shared by the user, not for the hinted ${lookup.hint}.`,
      };
    default:
      return assertNever(lookup);
  }
}

/**
 * One mapping from the bridge's typed errors to a message for the model (STYLE: map errors once per boundary).
 * Unknown errors get a generic message; adapters log the original.
 */
export function errorResultFor(err: unknown, displayPath?: string): ErrorResult {
  if (err instanceof WorkspacePathError || err instanceof VersionTextError) return toolError(err.message);
  const what = displayPath ? ` of ${displayPath}` : '';
  if (err instanceof HistoryReadError) {
    switch (err.code) {
      case 'contentMissing':
        return toolError(`This historical version${what} no longer exists (VS Code prunes old entries). Call history_requestVersions again.`);
      case 'contentTooLarge':
        return toolError(`This historical version${what} is too large to return as a tool result.`);
      case 'unreadable':
      case 'badLocation':
      case 'foreignVersion':
        return toolError(`Failed to read the local history${what}. The user can check the "History Helper" output for details.`);
      default:
        return assertNever(err.code);
    }
  }
  return toolError(`Failed to access the local history${what} due to an internal error.`);
}

function assertNever(x: never): never {
  throw new Error(`unexpected value ${JSON.stringify(x)}`);
}
