import type { ChangeOperation } from '../fs/model/changeRecord';
import type { CompositeChange } from '../fs/model/overlayQueries';

/** The letters the SCM view and the Explorer badge show, as git does. */
export const LETTER: Record<ChangeOperation, string> = { create: 'A', modify: 'M', delete: 'D', rename: 'R', mkdir: 'A', rmdir: 'D' };

export const OPERATION_LABEL: Record<ChangeOperation, string> = {
  create: 'Added',
  modify: 'Modified',
  delete: 'Deleted',
  rename: 'Renamed',
  mkdir: 'Folder added',
  rmdir: 'Folder deleted',
};

/**
 * The tooltip's first line for a change: its kind, where it was renamed from, and its conflict — saying so when
 * the conflict was delegated to the agent, since nothing else changes in the row then.
 */
export function changeSummary(c: Pick<CompositeChange, 'kind' | 'conflict'>, from?: string): string {
  const conflict = !c.conflict ? ''
    : c.conflict.delegated ? ` — ${c.conflict.kind} conflict, delegated to the agent: its next read or list of this file reports the conflict with the three versions; nothing is applied until it (or you) resolves it`
      : ` — ${c.conflict.kind} conflict`;
  return `${OPERATION_LABEL[c.kind]}${from !== undefined ? ` from ${from}` : ''}${conflict}`;
}

/** Theme colours shared with git's decorations, so the meaning carries over. */
export function stagedColor(kind: ChangeOperation): string {
  switch (kind) {
    case 'create':
    case 'mkdir': return 'gitDecoration.addedResourceForeground';
    case 'delete':
    case 'rmdir': return 'gitDecoration.deletedResourceForeground';
    case 'rename': return 'gitDecoration.renamedResourceForeground';
    case 'modify': return 'gitDecoration.modifiedResourceForeground';
  }
}

/** "a.ts (Disk ↔ Staged)", naming both sides as the diff editor's title. */
export function diffTitle(c: CompositeChange, base: (p: string) => string): string {
  switch (c.kind) {
    case 'create': return `${base(c.path)} (Added ↔ Staged)`;
    case 'delete': return `${base(c.path)} (Disk ↔ Deleted)`;
    case 'rename': return `${base(c.fromPath ?? c.path)} → ${base(c.path)} (Disk ↔ Staged)`;
    case 'modify': return `${base(c.path)} (Disk ↔ Staged)`;
    case 'mkdir': return `${base(c.path)} (folder added)`;
    case 'rmdir': return `${base(c.path)} (folder deleted)`;
  }
}
