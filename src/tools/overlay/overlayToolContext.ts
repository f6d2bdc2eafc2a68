import * as fs from 'fs';
import * as path from 'path';
import { OverlayError } from '../../fs/model/overlayError';
import { MAX_STAGED_CHARS, StagedTooLargeError } from '../../fs/stagedSizeCap';
import { isFolderOperation, type ChangeMeta } from '../../fs/model/changeRecord';
import type { CompositeChange } from '../../fs/model/overlayQueries';
import type { OverlayWorkspace } from '../../fs/overlayWorkspace';
import { DOT_HISTORY_DIR, inDotHistory } from '../../history/dotHistoryReader';
import { WorkspacePathError, resolveWorkspacePath, type WorkspaceRoot } from '../../history/workspacePath';
import { ToolError, type ToolCaller } from '../agentTool';

/** What the overlay tools need from the extension: the overlay, the workspace folders and a person to ask. */
export interface OverlayToolContext {
  readonly overlay: OverlayWorkspace;
  roots(): readonly WorkspaceRoot[];
  /** Asks the user (a modal); true when they allow. */
  confirm(message: string, detail: string): Promise<boolean>;
  /**
   * The Markdown link that opens the staged diff of the file at `absolute` (shown as `display`), for a chat answer
   * to end with (issue 27 item 8). Absent where no link can open one (unit tests' contexts).
   */
  reviewLink?(absolute: string, display: string): string;
}

/**
 * The largest content a tool accepts in one call: bigger files are not what agents should write through a chat.
 * The one cap on every staged result (`stagedSizeCap.ts`), also for an edit's result.
 */
export const MAX_CONTENT_CHARS = MAX_STAGED_CHARS;

export interface ToolPath {
  readonly absolute: string;
  readonly display: string;
}

/**
 * The path policy (workspace-relative only; no `..`, absolute paths or symlinks out; nothing in a folder's
 * `.history`, by its name or through a link), with tool-worded errors.
 */
export async function resolveToolPath(ctx: OverlayToolContext, input: string, field = 'path'): Promise<ToolPath> {
  let r;
  try {
    r = await resolveWorkspacePath(input, ctx.roots());
  } catch (e) {
    if (e instanceof WorkspacePathError) throw new ToolError('InvalidPath', e.message.replace(/\bfilePath\b/g, field), { field, reason: e.code });
    throw e;
  }
  if (inDotHistory(r.relativePath) || inDotHistory(relativeToRealRoot(r.root.path, r.realPath))) {
    throw new ToolError('NoPermissions', `${r.displayPath} is in ${DOT_HISTORY_DIR}, where the Local History extension keeps the person's past versions of their files. ` +
      'History reaches an agent only version by version, with the person\'s consent: ask for a file\'s versions with history_requestVersions.', { field, reason: 'historyStore' });
  }
  return { absolute: r.absolutePath, display: r.displayPath };
}

/** `realPath` relative to the folder's real path, `/`-separated (a folder opened through a link has two names). */
function relativeToRealRoot(root: string, realPath: string): string {
  let realRoot = root;
  try {
    realRoot = fs.realpathSync.native(root);
  } catch {
    // A folder gone meanwhile: its own name is the best there is.
  }
  return path.relative(realRoot, realPath).split(path.sep).join('/');
}

/** What the overlay's listings and searches leave out of every folder whatever the settings say: its `.history`. */
export const PRIVATE_GLOBS: readonly string[] = [DOT_HISTORY_DIR];

/** How the agent sees an absolute path: relative to its folder, prefixed by the folder's name when there are several. */
export function displayPath(ctx: OverlayToolContext, absolute: string): string {
  const roots = ctx.roots();
  for (const r of roots) {
    const rel = path.relative(r.path, absolute);
    if (!rel.startsWith('..') && !path.isAbsolute(rel)) {
      const posix = rel.split(path.sep).join('/');
      return roots.length > 1 ? `${r.name}/${posix}` : posix;
    }
  }
  return absolute;
}

export function metaOf(caller: ToolCaller, description: string | undefined, fallback: string): ChangeMeta {
  return { sessionId: caller.sessionId, messageId: caller.messageId, turn: 0, description: description?.trim() || fallback };
}

/** Model refusals, worded for the model: what happened and what to do next. */
export function toolErrorOf(e: unknown, display: string): never {
  if (e instanceof OverlayError) {
    switch (e.code) {
      case 'FileNotFound': throw new ToolError('FileNotFound', `${display} does not exist in the agent's view of the workspace. Check the path with overlay_listChanges or create it with overlay_writeFile.`);
      case 'FileExists': throw new ToolError('FileExists', `${display} already exists. Pick another name, or write to it with overlay_writeFile.`);
      case 'NoConflict': throw new ToolError('NoConflict', `${display} has no conflict to resolve.`);
      case 'NoChange': throw new ToolError('NoChange', `${display} has no staged change.`);
      default: throw new ToolError(e.code, `${display}: ${e.message}`);
    }
  }
  if (e instanceof StagedTooLargeError) throw tooLargeError(e, display);
  throw e;
}

/** One staged change as every tool reports it. */
export function describeChange(ctx: OverlayToolContext, c: CompositeChange) {
  const last = c.records[c.records.length - 1];
  const shown = displayPath(ctx, c.path);
  return {
    operation: c.kind,
    path: shown,
    ...(c.fromPath ? { fromPath: displayPath(ctx, c.fromPath) } : {}),
    description: last?.description ?? '',
    sessions: c.sessions,
    messages: [...new Set(c.records.map(r => r.messageId))],
    ...(c.conflict ? { conflict: c.conflict.kind, conflictDelegated: c.conflict.delegated } : {}),
    ...reviewOf(ctx, c.kind, c.path, shown),
  };
}

/**
 * `{review: "[path](link)"}` for a file's staged change, when the context makes links: the link a chat answer
 * lists so the person opens the diff from it. A folder operation has no diff of its own (Source Control lists it).
 */
export function reviewOf(ctx: OverlayToolContext, kind: CompositeChange['kind'], absolute: string, shown: string): { review?: string } {
  if (!ctx.reviewLink || isFolderOperation(kind)) return {};
  return { review: ctx.reviewLink(absolute, shown) };
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The UTF-8 bytes of text an agent sent. JSON can carry an unpaired UTF-16 surrogate, which UTF-8 cannot: the
 * encoder would quietly put U+FFFD in its place, so the file would not hold what the agent sent. Refused instead.
 */
/** A tool's write options for bytes `encodeUtf8` made for that write alone: create or overwrite, and hand them over. */
export const HANDED_OVER = { create: true, overwrite: true, handOver: true } as const;

export function encodeUtf8(text: string, field: string): Uint8Array {
  const bad = LONE_SURROGATE.exec(text);
  if (bad) {
    throw new ToolError('InvalidText', `${field} has an unpaired UTF-16 surrogate (\\u${bad[0].charCodeAt(0).toString(16)}) at character ${bad.index}, which cannot be saved as UTF-8. Send the text without it.`);
  }
  return new TextEncoder().encode(text);
}

export function decodeUtf8(bytes: Uint8Array, display: string): string {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    if (text.includes('\0')) throw new Error('NUL');
    return text;
  } catch {
    throw new ToolError('BinaryFile', `${display} is a binary file (${bytes.byteLength} bytes); this tool reads and edits text only.`);
  }
}

/** The text of a file as the agent sees it (staged content wins), or a tool error saying why not. */
export function readTextWithBytes(ctx: OverlayToolContext, p: ToolPath): { readonly bytes: Uint8Array; readonly text: string } {
  let bytes: Uint8Array;
  try {
    bytes = ctx.overlay.readFile(p.absolute);
  } catch (e) {
    toolErrorOf(e, p.display);
  }
  return { bytes, text: decodeUtf8(bytes, p.display) };
}

export function readText(ctx: OverlayToolContext, p: ToolPath): string {
  return readTextWithBytes(ctx, p).text;
}

/** A staged result over the one size cap, worded for the model. */
export function tooLargeError(e: StagedTooLargeError, display: string): ToolError {
  return new ToolError('TooLarge', `${display}: ${e.message}. Nothing was staged. Make smaller edits, or split the content into several files.`, { size: e.size, unit: e.unit });
}
