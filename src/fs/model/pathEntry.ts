import type { ContentRef } from './contentStore';
import type { ContentState } from './mergeRules';

/** Device + inode of a disk file, where the OS gives them: lets reconciliation tell a rename from a delete. */
export interface FileIdentity {
  readonly dev: number;
  readonly ino: number;
}

/** SPEC §2: the four ways the staged view and the disk (or a prune) can fail to merge. */
export type ConflictKind = 'text' | 'deletion' | 'creation' | 'rename';

/**
 * A conflict on a composite. "ours" is always the composite's current effective content, so it is not copied
 * here; base and theirs are what the failed merge had on the other two sides.
 */
export interface ConflictState {
  readonly kind: ConflictKind;
  /** `disk`: the disk diverged from the baseline. `prune`: taking a message's change out failed to merge. */
  readonly origin: 'disk' | 'prune';
  /** Disk origin: the disk path that diverged (the composite's own path, or the origin of its rename). */
  readonly diskPath?: string;
  readonly base: ContentRef | null;
  /** Disk origin: the disk content now. Prune origin: the content the pruned change started from. */
  readonly theirs: ContentRef | null;
  /** Rename conflicts: where the disk file went (found by identity). */
  readonly theirsPath?: string;
  /** Disk origin: the identity of the disk file now, adopted as the new baseline's if the agent's version wins. */
  readonly theirsIdentity?: FileIdentity;
  /** A side is binary, so no text merge was attempted. */
  readonly binary: boolean;
  /** Handed back to the agent: its next read or list reports base, ours and theirs; its next write resolves. */
  readonly delegated: boolean;
  /** Prune origin: the surviving record that no longer applies (what "Accept agent" keeps or "Accept disk" drops). */
  readonly recordId?: string;
}

/**
 * Everything the model knows about one path with pending changes. Immutable: every change replaces the entry,
 * which is what lets planning work on a copy-on-write draft and lets a snapshot be the list of entries.
 */
export interface PathEntry {
  readonly path: string;
  /** Never `clean`: a clean path has no entry. */
  readonly state: Exclude<ContentState, { kind: 'clean' }>;
  /** The content here is the disk file from this path (a rename; chains collapse to the original path). */
  readonly movedFrom?: string;
  /** This path's disk file now lives at this path in the overlay (the other end of `movedFrom`). */
  readonly movedTo?: string;
  /**
   * The content here is new, not this path's disk file (that file was deleted or moved away, then the path was
   * written again): a later rename carries no link back to this path's disk file.
   */
  readonly fresh?: boolean;
  /** Identity of this path's disk file when the baseline was taken. */
  readonly identity?: FileIdentity;
  /** Contributing records, oldest first. A rename record is listed at both its source and its destination. */
  readonly recordIds: readonly string[];
  readonly conflict?: ConflictState;
}

/**
 * True when the entry has no visible effect: a change undone (base = after) or a create deleted again, with no
 * rename link and no conflict. Such an entry reads through to the disk and is not listed, and survives only so
 * its records can be pruned.
 */
export function isTransparent(entry: PathEntry): boolean {
  if (entry.movedFrom !== undefined || entry.movedTo !== undefined || entry.conflict) return false;
  const s = entry.state;
  return s.kind === 'cancelled' || (s.kind === 'modified' && s.base === s.after);
}

/**
 * True when the entry is listed as a composite of its own. The source of a rename (absent, its file moved) is
 * shown as part of the destination's rename instead.
 */
export function isListed(entry: PathEntry): boolean {
  if (entry.conflict) return true;
  if (isTransparent(entry)) return false;
  if (entry.movedTo !== undefined && (entry.state.kind === 'deleted' || entry.state.kind === 'cancelled')) return false;
  return entry.state.kind !== 'cancelled';
}

export function sameIdentity(a: FileIdentity | undefined, b: FileIdentity | undefined): boolean {
  return a !== undefined && b !== undefined && a.dev === b.dev && a.ino === b.ino;
}
