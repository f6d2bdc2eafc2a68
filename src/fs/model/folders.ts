import { effectiveRef, directoryDelta } from './overlayQueries';
import type { ChangeRecord, FolderOperation } from './changeRecord';
import type { CompositeChange } from './overlayQueries';
import type { ConflictState, PathEntry } from './pathEntry';
import type { OverlayView } from './overlayDraft';

/**
 * Folders as first-class records (issue 13 item 11). An agent's `mkdir` and `rmdir` of an empty folder are records
 * like its writes (session, message, persisted, pruned), but they touch no file entry: a folder's staged state is
 * its surviving folder records, the last one wins — a pure function of the records, as every path's is. What the
 * overlay shows is that intent laid over the disk and the staged files:
 *
 * | intent  | the effective view has…                  | the folder is                 | Source Control |
 * |---------|------------------------------------------|-------------------------------|----------------|
 * | present | a file at the folder's path              | not made: a file is in the way | conflict       |
 * | present | a folder there on disk                   | there (the record is satisfied) | —            |
 * | present | nothing there                            | there                         | added folder   |
 * | absent  | something inside (a staged or disk file) | there (the record is moot)    | —              |
 * | absent  | no folder there on disk                  | gone (satisfied)              | —              |
 * | absent  | an empty folder on disk                  | gone                          | deleted folder |
 *
 * A file written inside a folder makes it exist whatever its folder records say, as a create makes its folders
 * on Apply: pruning an `mkdir` never hides a surviving file, and an `rmdir` never removes a folder that holds one.
 */

export type FolderIntent = 'present' | 'absent';

/** The disk as the folder rules need it: what is at a path, and a folder's entries. */
export interface FolderDisk {
  kind(path: string): 'file' | 'directory' | 'other' | undefined;
  /** Entries of a folder on disk; undefined when it is not one. */
  list(dir: string): readonly (readonly [string, 'file' | 'directory' | 'other'])[] | undefined;
}

/** What the folder rules read from the model's state. */
export interface FolderView extends OverlayView {
  /** The entries strictly under a folder (any depth). */
  entriesUnder(dir: string): Iterable<PathEntry>;
  folderPaths(): Iterable<string>;
}

export type FolderStatus =
  /** Listed: the folder is to be made. */
  | 'mkdir'
  /** Listed: the (empty) folder on disk is to be removed. */
  | 'rmdir'
  /** Listed as a conflict: a file is where the folder is to be made. */
  | 'fileInTheWay'
  /** Nothing to do: the disk already is as the records say. */
  | 'satisfied'
  /** Nothing to do: removed, but something is inside it now (the folder stays). */
  | 'moot';

/** The table above, one cell per row. */
export function folderStatus(intent: FolderIntent, fileAtPath: boolean, folderOnDisk: boolean, hasChildren: boolean): FolderStatus {
  if (intent === 'present') return fileAtPath ? 'fileInTheWay' : folderOnDisk ? 'satisfied' : 'mkdir';
  if (hasChildren) return 'moot';
  return folderOnDisk && !fileAtPath ? 'rmdir' : 'satisfied';
}

/** The last surviving folder record at `path` decides; undefined when there is none. */
export function folderIntent(view: FolderView, path: string): FolderIntent | undefined {
  const ids = view.folderRecordIds(path);
  if (ids.length === 0) return undefined;
  return view.record(ids[ids.length - 1])?.operation === 'rmdir' ? 'absent' : 'present';
}

/**
 * A folder's effective listing: the disk's, with staged files added and hidden (`directoryDelta`), folders the
 * records make (a made folder deeper down makes its first segment a folder too), and folders they removed hidden
 * while nothing is inside them. A file always wins over a folder of the same name: content is never hidden.
 */
export function effectiveListing(view: FolderView, dir: string, disk: FolderDisk): Map<string, 'file' | 'directory'> {
  const listing = new Map<string, 'file' | 'directory'>();
  for (const [name, type] of disk.list(dir) ?? []) if (type !== 'other') listing.set(name, type);
  const delta = directoryDelta(view.entriesUnder(dir), dir);
  for (const name of delta.removed) listing.delete(name);
  for (const [name, type] of delta.added) listing.set(name, type);
  const prefix = dir.endsWith('/') ? dir : `${dir}/`;
  for (const f of view.folderPaths()) {
    if (!f.startsWith(prefix) || folderIntent(view, f) !== 'present') continue;
    const rest = f.slice(prefix.length);
    const name = rest.includes('/') ? rest.slice(0, rest.indexOf('/')) : rest;
    if (listing.get(name) !== 'file') listing.set(name, 'directory');
  }
  for (const [name, type] of [...listing]) {
    const child = `${prefix}${name}`;
    if (type === 'directory' && folderIntent(view, child) === 'absent' && !holdsSomething(view, child, disk)) listing.delete(name);
  }
  return listing;
}

/**
 * Whether a removed folder still has something inside (the table's "absent | something inside" row): a file the
 * view lists, or a conflict pending under it — the person has not decided what is there, so the folder cannot go
 * before they do. The view hides the person's file behind the agent's side of a delete/modify conflict, but not the
 * folder that holds it: hidden too, the folder vanished under a walk of it when a read of the file found the
 * conflict (issue 23, provenance seed 880597: THROW "not a directory"), and the conflict was listed in no folder.
 */
function holdsSomething(view: FolderView, dir: string, disk: FolderDisk): boolean {
  if (effectiveListing(view, dir, disk).size > 0) return true;
  const prefix = dir.endsWith('/') ? dir : `${dir}/`;
  for (const e of view.entriesUnder(dir)) if (e.path.startsWith(prefix) && e.conflict !== undefined) return true;
  return false;
}

/** What the effective view has at a path: a file, a folder, or nothing (undefined). */
export function effectiveKind(view: FolderView, path: string, disk: FolderDisk): 'file' | 'directory' | undefined {
  const ref = effectiveRef(view, path);
  if (typeof ref === 'string') return 'file';
  const onDisk = disk.kind(path);
  if (ref === undefined && onDisk === 'file') return 'file';
  const intent = folderIntent(view, path);
  if (onDisk === 'directory') return intent !== 'absent' || holdsSomething(view, path, disk) ? 'directory' : undefined;
  if (intent === 'present') return 'directory';
  // Made implicitly: a staged file or a made folder under it.
  const prefix = path.endsWith('/') ? path : `${path}/`;
  for (const f of view.folderPaths()) if (f.startsWith(prefix) && folderIntent(view, f) === 'present') return 'directory';
  for (const e of view.entriesUnder(path)) {
    if (e.path.startsWith(prefix) && typeof effectiveRef(view, e.path) === 'string') return 'directory';
  }
  return undefined;
}

/** The status of the folder records at `path` (undefined: none there). */
export function folderStatusAt(view: FolderView, path: string, disk: FolderDisk): FolderStatus | undefined {
  const intent = folderIntent(view, path);
  if (intent === undefined) return undefined;
  const ref = effectiveRef(view, path);
  const onDisk = disk.kind(path);
  const fileAtPath = typeof ref === 'string' || (ref === undefined && onDisk === 'file');
  const hasChildren = intent === 'absent' && holdsSomething(view, path, disk);
  return folderStatus(intent, fileAtPath, onDisk === 'directory', hasChildren);
}

/** A folder's records as the SCM view, Apply and the tools see a change: listed statuses only. */
export function folderChangeOf(view: FolderView, path: string, disk: FolderDisk): CompositeChange | undefined {
  const status = folderStatusAt(view, path, disk);
  if (status === undefined || status === 'satisfied' || status === 'moot') return undefined;
  const records = view.folderRecordIds(path).map((id) => view.record(id)).filter((r): r is ChangeRecord => r !== undefined);
  const kind: FolderOperation = status === 'rmdir' ? 'rmdir' : 'mkdir';
  const conflict: ConflictState | undefined = status === 'fileInTheWay'
    ? { kind: 'creation', origin: 'disk', base: null, theirs: null, binary: false, delegated: false }
    : undefined;
  return {
    path,
    kind,
    before: null,
    after: null,
    records,
    sessions: [...new Set(records.map((r) => r.sessionId))],
    ...(conflict ? { conflict } : {}),
  };
}

/** Every listed folder change, by path. */
export function folderChanges(view: FolderView, disk: FolderDisk): CompositeChange[] {
  const out: CompositeChange[] = [];
  for (const p of [...view.folderPaths()].sort()) {
    const c = folderChangeOf(view, p, disk);
    if (c) out.push(c);
  }
  return out;
}
