import { isIgnoredPath } from './ignoredFolders';

/**
 * What a command did to the files of the view it started with, as a mechanism found it (an overlay's upper layer,
 * or a copy compared afterwards). Paths are workspace-relative, '/'-separated, prefixed by the folder's index in a
 * multi-root workspace as the mechanism chooses: this module only compares them.
 */
export interface CommandEffect {
  /** Files whose content after the command differs from the start (or that did not exist at the start). */
  readonly written: readonly WrittenFile[];
  /** Files of the start gone after the command. */
  readonly removed: readonly RemovedFile[];
}

export interface WrittenFile {
  readonly path: string;
  /** Content hash after the command. */
  readonly hash: string;
  /** True when the start had a file at this path. */
  readonly existed: boolean;
}

export interface RemovedFile {
  readonly path: string;
  /** Content hash at the start. */
  readonly hash: string;
}

/** One change to stage, in the order to stage it. */
export type StagingStep =
  | { readonly kind: 'rename'; readonly from: string; readonly to: string }
  | { readonly kind: 'delete'; readonly path: string }
  | { readonly kind: 'create' | 'modify'; readonly path: string };

/**
 * The staging steps for a command's effect: a file gone at one path whose exact content appeared at a new path is a
 * rename (`mv`, `git mv`, a tool's move), paired by content (the same base name first); the rest are deletes,
 * creates and modifications. Paths under ignored folders are dropped (see ignoredFolders.ts). Renames come first,
 * then deletes, then writes, each group sorted by path, so the same effect always stages the same way.
 */
export function planStaging(effect: CommandEffect): StagingStep[] {
  const written = effect.written.filter(w => !isIgnoredPath(w.path));
  const removed = effect.removed.filter(r => !isIgnoredPath(r.path));
  const createdByHash = new Map<string, WrittenFile[]>();
  for (const w of written) {
    if (w.existed) continue;
    const list = createdByHash.get(w.hash) ?? [];
    list.push(w);
    createdByHash.set(w.hash, list);
  }
  const renamed = new Set<string>();
  const renames: StagingStep[] = [];
  const deletes: StagingStep[] = [];
  for (const r of [...removed].sort((a, b) => compare(a.path, b.path))) {
    const candidates = (createdByHash.get(r.hash) ?? []).filter(w => !renamed.has(w.path));
    const to = candidates.find(w => baseName(w.path) === baseName(r.path)) ?? candidates.sort((a, b) => compare(a.path, b.path))[0];
    if (to) {
      renamed.add(to.path);
      renames.push({ kind: 'rename', from: r.path, to: to.path });
    } else {
      deletes.push({ kind: 'delete', path: r.path });
    }
  }
  const writes: StagingStep[] = written
    .filter(w => !renamed.has(w.path))
    .sort((a, b) => compare(a.path, b.path))
    .map(w => ({ kind: w.existed ? 'modify' : 'create', path: w.path }));
  return [...renames, ...deletes, ...writes];
}

function baseName(p: string): string {
  return p.slice(p.lastIndexOf('/') + 1);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
