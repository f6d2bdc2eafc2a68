import { OverlayError } from './overlayError';
import { afterOf, assertNever, baseOf, stateOf, step } from './mergeRules';
import { isTransparent } from './pathEntry';
import { componentOf } from './component';
import type { ChangeRecord } from './changeRecord';
import type { ContentRef } from './contentStore';
import type { ContentState, PathEvent } from './mergeRules';
import type { OverlayDraft } from './overlayDraft';
import type { ConflictState, FileIdentity, PathEntry } from './pathEntry';

/**
 * The change accumulator: folds records into one composite per path using the rule table (`mergeRules.step`)
 * for content and keeps the rename links (which disk file moved where) beside it. Works on an `OverlayDraft`,
 * so it runs on the live state inside `applyOp` and on a copy-on-write draft inside the planners.
 */

const CLEAN: ContentState = { kind: 'clean' };

interface EntryFields {
  readonly path: string;
  readonly state: PathEntry['state'];
  readonly movedFrom?: string;
  readonly movedTo?: string;
  readonly fresh?: boolean;
  readonly identity?: FileIdentity;
  readonly recordIds: readonly string[];
  readonly conflict?: ConflictState;
}

/** Builds an entry without undefined-valued keys, so a live entry and its JSON round trip compare equal. */
export function makeEntry(f: EntryFields): PathEntry {
  return entryOf(f.path, f.state, f.recordIds, f.movedFrom, f.movedTo, f.fresh, f.identity, f.conflict);
}

/** `makeEntry` with the fields as arguments: a staged write makes its entry without a fields object (issue 28). */
function entryOf(
  path: string,
  state: PathEntry['state'],
  recordIds: readonly string[],
  movedFrom: string | undefined,
  movedTo: string | undefined,
  fresh: boolean | undefined,
  identity: FileIdentity | undefined,
  conflict: ConflictState | undefined,
): PathEntry {
  const e: { -readonly [K in keyof PathEntry]: PathEntry[K] } = { path, state, recordIds };
  if (movedFrom !== undefined) e.movedFrom = movedFrom;
  if (movedTo !== undefined) e.movedTo = movedTo;
  // Only a present file over a disk file can be new content: elsewhere the flag says nothing.
  if (fresh && state.kind === 'modified' && movedFrom === undefined) e.fresh = true;
  if (identity !== undefined) e.identity = identity;
  if (conflict !== undefined) e.conflict = conflict;
  return e;
}

export function withEntry(e: PathEntry, f: Partial<EntryFields>): PathEntry {
  return makeEntry({ ...e, ...f });
}

/** Folds one record into the draft. Throws `OverlayError` (FileExists / FileNotFound) when the table refuses. */
export function stageRecord(draft: OverlayDraft, record: ChangeRecord, identity?: FileIdentity): void {
  switch (record.operation) {
    case 'create':
      applyEvent(draft, record.path, { kind: 'create', content: required(record, record.after) }, record.id, identity);
      return;
    case 'modify':
      applyEvent(draft, record.path, { kind: 'modify', before: required(record, record.before), content: required(record, record.after) }, record.id, identity);
      return;
    case 'delete':
      applyEvent(draft, record.path, { kind: 'delete', before: required(record, record.before) }, record.id, identity);
      return;
    case 'rename':
      moveContent(draft, required(record, record.fromPath), record.path, required(record, record.before), record.id, identity);
      return;
    case 'mkdir':
    case 'rmdir':
      return; // a folder record touches no file entry
    default:
      assertNever(record.operation);
  }
}

function required<T>(record: ChangeRecord, value: T | null | undefined): T {
  if (value === null || value === undefined) throw new OverlayError('CorruptState', `record ${record.id} (${record.operation}) lacks a field its operation needs`, { id: record.id });
  return value;
}

/**
 * The state a new event applies to. A transparent entry reads through to the disk, so when the event's
 * "before" shows the disk moved on, the entry restarts from the disk (a fresh baseline) and keeps its records.
 */
function startState(e: PathEntry | undefined, before: ContentRef | null): { state: ContentState; restart: boolean } {
  if (!e) return { state: CLEAN, restart: true };
  if (isTransparent(e) && afterOf(e.state) !== before) return { state: CLEAN, restart: true };
  return { state: e.state, restart: false };
}

function stepOrThrow(state: ContentState, event: PathEvent, path: string): PathEntry['state'] {
  const r = step(state, event);
  if (r.kind === 'refused') {
    const what = r.code === 'FileExists' ? 'already exists' : 'does not exist';
    throw new OverlayError(r.code, `${path} ${what} in the overlay (cannot ${event.kind})`, { path, event: event.kind });
  }
  if (r.state.kind === 'clean') throw new Error('the rule table never returns clean');
  return r.state;
}

function beforeOf(event: PathEvent): ContentRef | null {
  switch (event.kind) {
    case 'create':
    case 'renameIn':
      return null;
    case 'modify':
    case 'delete':
    case 'renameOut':
      return event.before;
    default:
      return assertNever(event);
  }
}

/** A create, modify or delete at one path. */
export function applyEvent(draft: OverlayDraft, path: string, event: PathEvent, recordId?: string, identity?: FileIdentity): void {
  const e = draft.entry(path);
  // `startState`, without its pair: this runs once per staged write (issue 28).
  const restart = e === undefined || (isTransparent(e) && afterOf(e.state) !== beforeOf(event));
  const state = e === undefined || restart ? CLEAN : e.state;
  const next = stepOrThrow(state, event, path);
  let movedFrom = restart ? undefined : e?.movedFrom;
  if (afterOf(next) === null && movedFrom !== undefined) {
    // Renamed here, then deleted: the rename is gone and its source is a plain delete (rename-then-delete).
    unlinkOrigin(draft, movedFrom);
    movedFrom = undefined;
  }
  // Content written where nothing was (a delete, or a move away, came first) is new, not the disk file.
  const fresh = (!restart && e?.fresh) || ((afterOf(state) ?? null) === null && state.kind !== 'clean');
  draft.setEntry(entryOf(
    path,
    next,
    appendId(e?.recordIds, recordId),
    movedFrom,
    restart ? undefined : e?.movedTo,
    fresh,
    restart ? identity : e?.identity,
    // Deleting content that a prune could not rebase settles that conflict (a disk conflict stays: the user's file).
    e?.conflict?.origin === 'prune' && afterOf(next) === null ? undefined : e?.conflict,
  ));
}

/**
 * A rename: the content at `from` moves to `to`. Links follow the disk file: if `from` held a file renamed from
 * elsewhere, the chain collapses (a→b then b→c is a→c); moving a file back home drops the link; a file created
 * in the overlay carries no link (create then rename is a create at the new path).
 */
export function moveContent(draft: OverlayDraft, from: string, to: string, content: ContentRef, recordId?: string, identity?: FileIdentity): void {
  if (from === to) throw new OverlayError('InvalidOperation', `cannot rename ${from} onto itself`, { path: from });
  const eA = draft.entry(from);
  const a = startState(eA, content);
  const nextA = stepOrThrow(a.state, { kind: 'renameOut', before: content }, from);
  const eB = draft.entry(to);
  const b = startState(eB, null);
  const nextB = stepOrThrow(b.state, { kind: 'renameIn', content }, to);

  const origin = originOf(a.restart ? undefined : eA, from);
  draft.setEntry(makeEntry({
    path: from,
    state: nextA,
    movedTo: origin === from ? to : a.restart ? undefined : eA?.movedTo,
    identity: a.restart ? identity : eA?.identity,
    recordIds: appendId(eA?.recordIds, recordId),
    // A prune conflict travels with the content it is about.
    conflict: eA?.conflict?.origin === 'prune' ? undefined : eA?.conflict,
  }));
  if (origin !== undefined && origin !== from && origin !== to) {
    const o = draft.entry(origin);
    if (o) draft.setEntry(withEntry(o, { movedTo: to }));
  }
  draft.setEntry(makeEntry({
    path: to,
    state: nextB,
    fresh: origin !== to,
    movedFrom: origin !== undefined && origin !== to ? origin : undefined,
    movedTo: origin === to || b.restart ? undefined : eB?.movedTo,
    identity: b.restart ? undefined : eB?.identity,
    recordIds: appendId(eB?.recordIds, recordId),
    conflict: eB?.conflict ?? (eA?.conflict?.origin === 'prune' ? eA.conflict : undefined),
  }));
}

/** Which disk path's file is the content at `path` now; undefined for content that exists only in the overlay. */
function originOf(e: PathEntry | undefined, path: string): string | undefined {
  if (!e) return path;
  if (e.movedFrom !== undefined) return e.movedFrom;
  if (e.movedTo !== undefined || e.fresh) return undefined; // the path's own file moved away or was deleted: what is here now is new
  return e.state.kind === 'modified' ? path : undefined;
}

function unlinkOrigin(draft: OverlayDraft, origin: string): void {
  const o = draft.entry(origin);
  if (o) draft.setEntry(withEntry(o, { movedTo: undefined }));
}

function appendId(ids: readonly string[] | undefined, id: string | undefined): readonly string[] {
  if (id === undefined) return ids ?? [];
  return ids ? [...ids, id] : [id];
}

/**
 * Sets the effective content at a path without a record (prune, rebase, manual resolution). Deleting the
 * content of a rename destination drops the rename, as a delete event does.
 */
export function setContent(draft: OverlayDraft, path: string, after: ContentRef | null): void {
  const e = draft.entry(path);
  if (!e) throw new OverlayError('NoChange', `no pending change at ${path}`, { path });
  const base = baseOf(e.state) ?? null;
  let movedFrom = e.movedFrom;
  if (after === null && movedFrom !== undefined) {
    unlinkOrigin(draft, movedFrom);
    movedFrom = undefined;
  }
  draft.setEntry(withEntry(e, { state: stateOf(base, after), movedFrom }));
}

/** Replaces the disk baseline of a path (rebase onto the disk, or adopting the disk's version in a resolution). */
export function setBase(draft: OverlayDraft, path: string, base: ContentRef | null, identity: FileIdentity | undefined): void {
  const e = draft.entry(path);
  if (!e) throw new OverlayError('NoChange', `no pending change at ${path}`, { path });
  const after = afterOf(e.state) ?? null;
  let movedTo = e.movedTo;
  if (base === null && movedTo !== undefined) {
    // The disk file that was to be moved is gone: its destination becomes a plain create.
    const h = draft.entry(movedTo);
    if (h) draft.setEntry(withEntry(h, { movedFrom: undefined }));
    movedTo = undefined;
  }
  const fresh = draft.entry(path) ?? e;
  draft.setEntry(withEntry(fresh, { state: stateOf(base, after), movedTo, identity: identity ?? (base === null ? undefined : e.identity) }));
}

/**
 * The paths linked to `path` by renames (both ends, chains, swaps) and by the records that touch them: what must be
 * applied or discarded together.
 */
export function groupOf(draft: Pick<OverlayDraft, 'entry' | 'record'>, path: string): string[] {
  return componentOf(draft, [path]).paths;
}

/**
 * Drops the composites at these paths with their whole components (rename partners, and every path their records
 * touch) and all those records: what Apply does once the disk has them.
 */
export function discardPaths(draft: OverlayDraft, paths: Iterable<string>): void {
  const records: ChangeRecord[] = [];
  for (const p of paths) {
    const { paths: group, recordIds } = componentOf(draft, [p]);
    for (const id of recordIds) {
      const r = draft.record(id);
      if (r) records.push(r);
    }
    for (const q of group) draft.deleteEntry(q);
  }
  for (const r of records) draft.removeRecord(r.id);
}
