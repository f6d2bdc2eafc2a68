import { afterOf, assertNever, baseOf } from './mergeRules';
import { isListed, isTransparent } from './pathEntry';
import type { ChangeOperation, ChangeRecord } from './changeRecord';
import type { ContentRef } from './contentStore';
import type { DiskReader } from './diskProbe';
import type { OverlayView } from './overlayDraft';
import type { ConflictState, PathEntry } from './pathEntry';

/** One composite change as the SCM view, the diff editor and the tools see it. */
export interface CompositeChange {
  readonly path: string;
  readonly kind: ChangeOperation;
  /** Rename: the original path on disk (chains collapsed). */
  readonly fromPath?: string;
  /** The diff's left side: the disk baseline (for a rename, the origin's); null = did not exist. */
  readonly before: ContentRef | null;
  /** The diff's right side: the staged content; null = deleted. */
  readonly after: ContentRef | null;
  /** Contributing records, oldest first (a rename includes those of its source path). */
  readonly records: readonly ChangeRecord[];
  /** Sessions that contributed, in order of first contribution (more than one: warn in the SCM view). */
  readonly sessions: readonly string[];
  readonly conflict?: ConflictState;
}

export function compositeOf(view: OverlayView, path: string): CompositeChange | undefined {
  const e = view.entry(path);
  if (!e || !isListed(e)) return undefined;
  const origin = e.movedFrom !== undefined ? view.entry(e.movedFrom) : undefined;
  const ids = origin ? [...new Set([...origin.recordIds, ...e.recordIds])].sort((a, b) => view.order(a) - view.order(b)) : e.recordIds;
  const records = ids.map((id) => view.record(id)).filter((r): r is ChangeRecord => r !== undefined);
  return {
    path,
    kind: kindOf(e),
    ...(e.movedFrom !== undefined ? { fromPath: e.movedFrom } : {}),
    before: origin ? (baseOf(origin.state) ?? null) : (baseOf(e.state) ?? null),
    after: afterOf(e.state) ?? null,
    records,
    sessions: [...new Set(records.map((r) => r.sessionId))],
    ...(e.conflict ? { conflict: e.conflict } : {}),
  };
}

function kindOf(e: PathEntry): ChangeOperation {
  if (e.movedFrom !== undefined) return 'rename';
  switch (e.state.kind) {
    case 'created': return 'create';
    case 'modified': return 'modify';
    case 'deleted': return 'delete';
    case 'cancelled': return 'delete';
    default: return assertNever(e.state);
  }
}

/**
 * The effective content ref at a path: the staged content, or — when nothing visible is staged there — what the
 * disk has, as `readDisk` returns it (undefined = the disk has no file).
 */
export function effectiveRef(view: OverlayView, path: string): ContentRef | null | undefined {
  const e = view.entry(path);
  if (!e || isTransparent(e)) return undefined;
  return afterOf(e.state) ?? null;
}

/** Effective bytes: staged content, or the disk's; undefined = no such file in the effective view. */
export function readEffective(view: OverlayView, get: (ref: ContentRef) => Uint8Array, path: string, readDisk: DiskReader): Uint8Array | undefined {
  const ref = effectiveRef(view, path);
  if (ref === undefined) return readDisk(path);
  return ref === null ? undefined : get(ref);
}

/** How a directory listing differs from the disk's: `added` names to show (with their type), `removed` to hide. */
export interface DirectoryDelta {
  readonly added: ReadonlyMap<string, 'file' | 'directory'>;
  readonly removed: ReadonlySet<string>;
}

/**
 * Direct children of `dir` that the overlay adds or hides. Paths are '/'-separated; an added file deeper down
 * makes its first segment an (implicit) directory. Listing = disk listing − removed + added. `entries` may be all of
 * them or only those under `dir` (`OverlayState.entriesUnder`, which costs what it finds).
 */
export function directoryDelta(entries: Iterable<PathEntry>, dir: string): DirectoryDelta {
  const prefix = dir.endsWith('/') ? dir : `${dir}/`;
  const added = new Map<string, 'file' | 'directory'>();
  const removed = new Set<string>();
  for (const e of entries) {
    if (!e.path.startsWith(prefix) || isTransparent(e)) continue;
    const rest = e.path.slice(prefix.length);
    const slash = rest.indexOf('/');
    const exists = afterOf(e.state) !== null;
    if (slash < 0) {
      if (exists) added.set(rest, 'file');
      else removed.add(rest);
    } else if (exists && added.get(rest.slice(0, slash)) !== 'file') {
      added.set(rest.slice(0, slash), 'directory');
    }
  }
  for (const name of added.keys()) removed.delete(name);
  return { added, removed };
}

/** True when `path` is `dir` itself or lies under it. */
export function isUnder(path: string, dir: string): boolean {
  const prefix = dir.endsWith('/') ? dir : `${dir}/`;
  return path.startsWith(prefix) || path === dir;
}
