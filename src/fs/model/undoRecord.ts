import type { ContentRef } from './contentStore';

/** What an apply replaces, path by path: enough for "Undo last apply" to restore exactly that. */
export interface UndoEntry {
  readonly path: string;
  /** What the disk had (null = no file). */
  readonly previous: ContentRef | null;
  /** What the apply left there (null = removed). Undo refuses a path whose disk no longer has this. */
  readonly written: ContentRef | null;
}

export interface UndoRecord {
  readonly entries: readonly UndoEntry[];
}
