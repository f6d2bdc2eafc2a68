import type { ChangeOperation } from '../fs/model/changeRecord';
import { normalizationTwins, spellingOf } from '../fs/stagedNames';

/** One listed change as a confirmation names it (paths already workspace-relative). */
export interface ConfirmItem {
  readonly path: string;
  readonly fromPath?: string;
  readonly kind: ChangeOperation;
  /** Still in conflict: Apply leaves it alone. */
  readonly inConflict?: boolean;
  /** Settled with "Accept agent version" or merged by hand: applying it writes over the person's edit on disk. */
  readonly replacesEdit?: boolean;
  /** Other names (on disk or staged) that read the same once Unicode-normalized: another file that looks identical. */
  readonly twins?: readonly string[];
  /**
   * Holds the person's own staged edits (a save in a staged editor, the staged terminal, a hunk's Undo) beside an
   * agent's change: discarding the agent's change drops them too.
   */
  readonly yoursToo?: boolean;
}

/** A block of the dialog's detail: a heading and its lines (other modules may add blocks of their own). */
export interface ConfirmSection {
  readonly heading?: string;
  readonly lines: readonly string[];
}

/**
 * A modal confirmation as values: its first line, its detail in sections, and its buttons in order. The first
 * button is the one Enter takes, so it is the action itself only when taking it by reflex costs nobody an edit;
 * otherwise a harmless button comes first.
 */
export interface Confirmation {
  readonly message: string;
  readonly sections: readonly ConfirmSection[];
  readonly buttons: readonly string[];
  /** The button that does it (Apply, Discard). */
  readonly action: string;
}

export const REVIEW_FIRST = 'Review First';
export const KEEP_STAGED = 'Keep Them Staged';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const isFolder = (k: ChangeOperation) => k === 'mkdir' || k === 'rmdir';

/** "3 files", "2 files and 1 folder", "1 folder". */
export function countText(items: readonly ConfirmItem[]): string {
  const f = items.filter(i => isFolder(i.kind)).length;
  const n = items.length - f;
  return [n > 0 || f === 0 ? plural(n, 'file') : '', f > 0 ? plural(f, 'folder') : ''].filter(Boolean).join(' and ');
}

export function renderDetail(sections: readonly ConfirmSection[]): string {
  return sections.filter(s => s.lines.length > 0).map(s => (s.heading ? [s.heading, ...s.lines] : s.lines).join('\n')).join('\n\n');
}

/** Apply's line for one change: what happens to the disk. */
function applyLine(i: ConfirmItem): string {
  const from = i.fromPath ? ` (from ${i.fromPath})` : '';
  if (i.inConflict) return `${i.path}${from} — not applied: in conflict`;
  if (i.replacesEdit) return `${i.path}${from} — replaces your edit to ${i.fromPath ?? i.path}`;
  switch (i.kind) {
    case 'delete': return `DELETE ${i.path}`;
    case 'rmdir': return `REMOVE FOLDER ${i.path}`;
    case 'mkdir': return `NEW FOLDER ${i.path}`;
    default: return `${i.path}${from}`;
  }
}

/**
 * Apply's confirmation: its first line counts what is written, says what replaces a person's edit and what is
 * held back by a conflict; Apply is the default only when nothing listed replaces a person's edit.
 */
export function applyConfirmation(items: readonly ConfirmItem[]): Confirmation {
  const applied = items.filter(i => !i.inConflict);
  const conflicts = items.filter(i => i.inConflict);
  const replaces = applied.filter(i => i.replacesEdit);
  const deletes = applied.filter(i => i.kind === 'delete');
  const twins = twinLines(items);
  const parts = [`Apply staged changes to ${countText(applied)} on disk?`];
  if (replaces.length === 1) parts.push(`It replaces your edit to ${replaces[0].fromPath ?? replaces[0].path}.`);
  if (replaces.length > 1) parts.push(`It replaces your edits to ${plural(replaces.length, 'file')}.`);
  if (conflicts.length > 0) parts.push(`${plural(conflicts.length, 'file')} in conflict ${conflicts.length === 1 ? 'is' : 'are'} not applied.`);
  if (twins.length > 0) parts.push(`${plural(twins.length, 'name')} ${twins.length === 1 ? 'reads' : 'read'} the same as another file's.`);
  const sections: ConfirmSection[] = [
    { heading: 'Names that read the same but are different files (another Unicode spelling, NFC/NFD):', lines: twins },
    { heading: 'Replaces your edits (settled with "Accept agent version" or merged by hand):', lines: replaces.map(i => `replaces your edit to ${i.fromPath ?? i.path}`) },
    { heading: `This deletes ${plural(deletes.length, 'file')}:`, lines: deletes.map(i => i.path) },
    { heading: 'All files:', lines: items.map(applyLine) },
  ];
  const action = 'Apply';
  return { message: parts.join(' '), sections, buttons: replaces.length > 0 ? [REVIEW_FIRST, action] : [action], action };
}

/**
 * Issue 24: NFC/NFD twins look identical in every list, so the confirmation names each listed one with its
 * spelling and the names it reads the same as — given (`twins`: beside it on disk) or among the listed paths.
 */
function twinLines(items: readonly ConfirmItem[]): string[] {
  const among = normalizationTwins(items.map(i => i.path));
  const lines: string[] = [];
  for (const i of items) {
    const others = [...new Set([...(i.twins ?? []), ...(among.get(i.path) ?? [])])].filter(t => t !== i.path);
    if (others.length === 0) continue;
    lines.push(`${i.path} (${spellingOf(i.path)}) reads the same as ${others.map(t => `${t} (${spellingOf(t)})`).join(', ')}`);
  }
  return lines;
}

/** Discard's line for one change: what is dropped, never in words that read as a change to the disk. */
function discardLine(i: ConfirmItem): string {
  const what: Record<ChangeOperation, string> = {
    create: 'staged new file',
    modify: 'staged edit',
    delete: 'staged deletion; the file stays on disk',
    rename: `staged rename from ${i.fromPath ?? '?'}`,
    mkdir: 'staged new folder',
    rmdir: 'staged folder removal; the folder stays on disk',
  };
  return `${i.path} (${what[i.kind]}${i.yoursToo ? ', with your own edits' : ''}${i.inConflict ? ', in conflict' : ''})`;
}

/**
 * Discard's confirmation: its first line says what it means (the disk is not touched; so many staged changes are
 * dropped, the person's own edits among them when an agent's change holds some), and Discard is the default only
 * when an Undo Discard can bring them back and none of the person's own edits goes with an agent's change: a
 * discard of the agent's work by reflex must not take the person's typing with it (Undo Discard skips a path
 * staged again since).
 */
export function discardConfirmation(items: readonly ConfirmItem[], undoable: boolean): Confirmation {
  const undo = undoable ? ' "Undo Discard" brings them back.' : ' This cannot be undone.';
  const mine = items.filter(i => i.yoursToo);
  const yours = mine.length === 0 ? ''
    : mine.length === 1 ? ` ${mine[0].path} holds your own edits too: they are dropped with it.`
      : ` ${mine.length} of them hold your own edits too: they are dropped with them.`;
  const message = `Discard staged changes to ${countText(items)}? The disk is not touched: ${plural(items.length, 'staged change')} ${items.length === 1 ? 'is' : 'are'} dropped.${yours}${undo}`;
  const action = 'Discard';
  return {
    message,
    sections: [{ heading: 'Dropped from the staged changes:', lines: items.map(discardLine) }],
    buttons: undoable && mine.length === 0 ? [action] : [KEEP_STAGED, action],
    action,
  };
}
