import type { ContentRef } from './contentStore';
import type { FileIdentity } from './pathEntry';

/** Reads a disk file's bytes; undefined = no such file. Synchronous: adapters pre-read what they need. */
export type DiskReader = (path: string) => Uint8Array | undefined;

/**
 * What reconciliation and staging may ask the disk. `identity` and `locate` are optional: without them an
 * external rename reads as a delete (a deletion conflict instead of a rename conflict).
 */
export interface DiskProbe {
  readonly read: DiskReader;
  /**
   * The content ref of the file at the path (null = no file), as hashing `read`'s bytes would give, when the
   * adapter can answer without reading (a file hashed before whose stat data show it unchanged since).
   */
  refOf?(path: string): ContentRef | null;
  /** Device + inode of the file at the path, if it exists and the OS gives them. */
  identity?(path: string): FileIdentity | undefined;
  /** Where the file with this identity is now, if the adapter knows (e.g. from the watcher). */
  locate?(identity: FileIdentity): string | undefined;
  /**
   * On a case-insensitive disk (macOS, Windows), the differently-cased path the OS would reach for `path`
   * (`/w/readme.md` for `/w/README.md`): `read` spells names exactly, so `path` itself reads as absent. Undefined
   * on a case-sensitive disk, or when the OS reaches nothing or `path` itself.
   */
  caseTwin?(path: string): string | undefined;
  /** True when the disk holding `path` ignores letter case: two names differing only in case are one file. */
  foldsCase?(path: string): boolean;
}

/** A probe that can only read. */
export function diskProbeOf(read: DiskReader): DiskProbe {
  return { read };
}
