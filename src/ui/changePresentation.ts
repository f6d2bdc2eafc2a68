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

/** What a badge shows, in the Explorer and in Source Control alike (issue 27 item 12: one set, as git's). */
export interface Badge {
  /** The letter (the Explorer's, the tab's, the SCM row's). */
  readonly letter: string;
  /** The SCM row's icon: the same meaning as the letter. */
  readonly icon: string;
  readonly color: string;
  readonly tooltip: string;
}

/** Each kind's letter and icon; a conflict overrides both. */
export const BADGE: Record<ChangeOperation, { letter: string; icon: string }> = {
  create: { letter: 'A', icon: 'diff-added' },
  modify: { letter: 'M', icon: 'diff-modified' },
  delete: { letter: 'D', icon: 'diff-removed' },
  rename: { letter: 'R', icon: 'diff-renamed' },
  mkdir: { letter: 'A', icon: 'diff-added' },
  rmdir: { letter: 'D', icon: 'diff-removed' },
};

const CONFLICT_COLOR = 'gitDecoration.conflictingResourceForeground';

/**
 * The badge of a change: its kind (or its conflict) and, when more than one session wrote it, who did what in
 * order ("Added by Chat A, then modified by Chat B") — the kind is never hidden behind a warning.
 */
export function badgeOf(
  c: Pick<CompositeChange, 'kind' | 'conflict' | 'records' | 'sessions'>,
  session: (id: string) => string,
  opts: { readonly renamedTo?: string } = {},
): Badge {
  if (opts.renamedTo !== undefined) {
    return { letter: BADGE.rename.letter, icon: BADGE.rename.icon, color: stagedColor('rename'), tooltip: `Agent staged: renamed to ${opts.renamedTo}` };
  }
  const story = sessionStory(c, session);
  if (c.conflict) {
    return { letter: '!', icon: c.conflict.delegated ? 'robot' : 'warning', color: CONFLICT_COLOR, tooltip: `Agent change in conflict (${c.conflict.kind}): ${story}` };
  }
  const warn = c.sessions.length > 1 ? ' — more than one session: check that they did not undo each other' : '';
  return { ...BADGE[c.kind], color: stagedColor(c.kind), tooltip: `Agent staged: ${story}${warn}` };
}

/**
 * "Added by A, then modified by B": each session once, in the order it first wrote, with what the change was
 * after its first write (the kind of the whole change for one session).
 */
export function sessionStory(c: Pick<CompositeChange, 'kind' | 'records' | 'sessions'>, session: (id: string) => string): string {
  if (c.sessions.length <= 1) return `${OPERATION_LABEL[c.kind]}${c.sessions[0] !== undefined ? ` by ${session(c.sessions[0])}` : ''}`;
  const firsts = new Map<string, ChangeOperation>();
  for (const r of c.records) if (!firsts.has(r.sessionId)) firsts.set(r.sessionId, r.operation);
  const parts = [...firsts].map(([id, op], i) => `${i === 0 ? OPERATION_LABEL[op] : VERB[op]} by ${session(id)}`);
  return `${parts[0]}${parts.slice(1).map(p => `, then ${p}`).join('')}`;
}

const VERB: Record<ChangeOperation, string> = {
  create: 'created again',
  modify: 'edited',
  delete: 'deleted',
  rename: 'renamed',
  mkdir: 'folder made',
  rmdir: 'folder removed',
};
