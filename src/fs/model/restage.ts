import { componentOf } from './component';
import { makeEntry } from './accumulator';
import { DraftState } from './overlayDraft';
import { baseOf, stateOf } from './mergeRules';
import { isListed } from './pathEntry';
import { replayComponent } from './replay';
import type { ChangeMeta, ChangeOperation, ChangeRecord } from './changeRecord';
import type { ContentRef, ContentStore } from './contentStore';
import type { TextMerge } from './mergeContent';
import { isFolderOperation } from './changeRecord';
import type { OverlayOp } from './overlayOp';
import type { OverlayView } from './overlayDraft';
import type { ReplayResult } from './replayOptions';
import type { FileIdentity, PathEntry } from './pathEntry';

/**
 * Undo Last Apply gives the proposal back: the undo record keeps what the apply took out of the overlay, and
 * Undo stages it again once the disk is restored.
 *
 * Since undo record version 4 that is the applied records themselves, component by component (the paths their
 * records link, as Apply takes them out): each record's kind, paths, contents, session and message, in staging
 * order, with each path's disk baseline. Staged again they replay from those baselines (replay.ts), so a path's
 * staged state is the replay of its records as before the apply, and a prune of any message afterwards takes out
 * exactly what it would have taken out had there been no Apply and no Undo. Record ids and clock times are not
 * kept: the undo record must be the same bytes whichever run wrote it (the crash sweep compares it with an
 * uncrashed run's); the restaged records get new ones.
 */

/** A change record as the undo record keeps it: all but its id and time. */
export type RestageRecord = Omit<ChangeRecord, 'id' | 'timestamp'>;

/** A path of an applied component and its disk baseline then (null: no file), which Undo puts back. */
export interface RestageBaseline {
  readonly path: string;
  readonly base: ContentRef | null;
}

/** One applied component as Undo stages it again (undo record version 4). */
export interface RestageGroup {
  /** Every path of the component, sorted. */
  readonly baselines: readonly RestageBaseline[];
  /** Its records in staging order. Every path they name has a baseline. */
  readonly records: readonly RestageRecord[];
}

export interface RestageOutcome {
  /** Paths staged again (listed composites). */
  readonly restaged: readonly string[];
  /**
   * Paths not staged again: Undo left one of their component's files alone (the person changed it after the
   * apply, so the agent's version stays on disk with their edit), or something is staged there already (a later
   * change, or this very component restaged before a crash).
   */
  readonly skipped: readonly string[];
}

/** The components of these paths (an apply's groups) as Undo would stage them again. Call before `markApplied`. */
export function restageGroupsOf(view: OverlayView, paths: readonly string[]): RestageGroup[] {
  const seen = new Set<string>();
  const groups: RestageGroup[] = [];
  for (const p of paths) {
    if (seen.has(p)) continue;
    const component = componentOf(view, [p]);
    for (const q of component.paths) seen.add(q);
    if (component.paths.length === 0) continue;
    const baselines = [...component.paths].sort().map(q => ({ path: q, base: baseOf((view.entry(q) as PathEntry).state) ?? null }));
    const records = [...component.recordIds].sort((a, b) => view.order(a) - view.order(b)).map(id => restageRecordOf(view.record(id) as ChangeRecord));
    groups.push({ baselines, records });
  }
  return groups;
}

/** The record without id and time, its fields in one fixed order (the undo record's bytes depend on it). */
function restageRecordOf(r: RestageRecord): RestageRecord {
  return {
    operation: r.operation,
    path: r.path,
    ...(r.fromPath !== undefined ? { fromPath: r.fromPath } : {}),
    before: r.before,
    after: r.after,
    // A rename (or write) whose file was a create taken out stays so: restaged unmarked, it would move what Undo puts
    // back at its source, a file it never saw (`ChangeRecord.vacated`).
    ...(r.vacated === true ? { vacated: true as const } : {}),
    sessionId: r.sessionId,
    messageId: r.messageId,
    turn: r.turn,
    description: r.description,
  };
}

/** True when every path a record names has a baseline (a group read back from a file is checked with this). */
export function isWholeGroup(group: RestageGroup): boolean {
  const paths = new Set(group.baselines.map(b => b.path));
  return group.records.length > 0 && group.records.every(r => paths.has(r.path) && (r.fromPath === undefined || paths.has(r.fromPath)));
}

/** Content refs a group needs kept in the blob store. */
function refsOfGroup(group: RestageGroup): ContentRef[] {
  const refs: (ContentRef | null)[] = [...group.baselines.map(b => b.base), ...group.records.flatMap(r => [r.before, r.after])];
  return refs.filter((r): r is ContentRef => r !== null);
}

export type RestageOp = Extract<OverlayOp, { type: 'replace' }>;

export interface RestagePlan extends RestageOutcome {
  /** The ops staging the groups again, to apply in this order (none: nothing to stage). */
  readonly ops: readonly RestageOp[];
}

/**
 * What becomes of the changes staged since at a group's paths. `onTop` (Undo Last Apply): they saw what the apply
 * wrote, the group's result, so they are staged again on top of its records. `leave` (Undo Discard): they saw the
 * disk, not the discarded proposal, so the group is left to them and not staged again.
 */
export type LaterChanges = 'onTop' | 'leave';

export interface RestageContext {
  /** What is staged now. */
  readonly view: OverlayView;
  readonly later: LaterChanges;
  /** Paths Undo left alone. */
  readonly leftAlone: ReadonlySet<string>;
  /** Identity of the disk file at a path now (Undo may have written it anew). */
  readonly identityOf: (path: string) => FileIdentity | undefined;
  /** A new record (fresh id and time) with the kept record's fields. */
  readonly newRecord: (r: RestageRecord) => ChangeRecord;
  readonly store: ContentStore;
  readonly merge?: TextMerge;
}

/** Applied groups and the changes staged since at their paths, which must be staged again together. */
interface Cluster {
  readonly groups: RestageGroup[];
  /** The groups' paths and those of the later changes' components. */
  readonly paths: Set<string>;
  /** Records staged since the apply at the groups' paths (their components'). */
  readonly later: Set<string>;
}

/**
 * Plans staging the groups again, after Undo restored the disk: their records (a deleted message's already taken
 * out, `withoutForgotten`) replayed from the baselines, as if there had been no Apply.
 *
 * A change staged since the apply at one of a group's paths saw what the apply wrote: it is staged again on top of
 * the group's records, in its order, and replayed with them from the baselines (issue 23, provenance seed 16344).
 * Left where it was, it would sit on a disk content Undo took away and keep, as its own, the lines of a message
 * deleted since (an "Accept agent version" then wrote them), and a prune of the applied message would no longer
 * find what it proposed. So such a change is taken out and staged again after the group's records, with its id,
 * time and message (two ops: one id cannot be taken out and added by one op).
 *
 * Whatever was applied of a group whose every record was deleted since is not given back, but its baselines still
 * count: the later changes replay from them, so a change that edited a deleted message's file no longer finds it
 * (a modify/delete conflict whose agent side is only the change's own lines, agentSide.ts).
 *
 * A group is skipped, with the changes staged since, when Undo left one of its paths alone (the person changed the
 * file: the later changes stay on what they saw), when a change there holds a disk conflict (the person's side
 * must not be lost), when its records are staged already (recovery plans this again after a crash: what it
 * staged before is not staged twice), or with `later: 'leave'` (Undo Discard) when anything is staged there.
 * Pure: the model applies the ops.
 */
export function planRestage(groups: readonly RestageGroup[], ctx: RestageContext): RestagePlan {
  const taken: string[] = [];
  const added: ChangeRecord[] = [];
  const entries: PathEntry[] = [];
  const rewritten: ChangeRecord[] = [];
  const removedPaths: string[] = [];
  const restaged: string[] = [];
  const skipped: string[] = [];
  for (const cluster of clustersOf(groups.filter(namesOnlyItsPaths), ctx.view)) {
    const given = cluster.groups.flatMap(g => g.records);
    const later = [...cluster.later].map(id => ctx.view.record(id) as ChangeRecord).sort((a, b) => ctx.view.order(a.id) - ctx.view.order(b.id));
    const records = [...given.map(ctx.newRecord), ...later];
    const replayed = replayCluster(cluster, records, ctx);
    const groupPaths = new Set(cluster.groups.flatMap(g => (g.records.length > 0 ? g.baselines.map(b => b.path) : [])));
    const listed = replayed.entries.filter(e => groupPaths.has(e.path) && isListed(e)).map(e => e.path);
    const laterPaths = [...cluster.paths].filter(p => ctx.view.entry(p) !== undefined);
    const leftAlone = cluster.groups.some(g => g.baselines.some(b => ctx.leftAlone.has(b.path)));
    const diskConflict = laterPaths.some(p => ctx.view.entry(p)?.conflict?.origin === 'disk');
    const leave = ctx.later === 'leave' && later.length > 0;
    if (leftAlone || diskConflict || leave || (given.length > 0 && stagedAlready(given, later))) {
      skipped.push(...listed);
      continue;
    }
    if (records.length === 0) continue;
    taken.push(...cluster.later);
    removedPaths.push(...laterPaths);
    added.push(...records);
    entries.push(...replayed.entries);
    rewritten.push(...replayed.rewritten);
    restaged.push(...listed);
  }
  const ops: RestageOp[] = [];
  // The changes staged since go first, their entries with them; the second op stages them again after the group's.
  if (taken.length > 0) ops.push({ type: 'replace', reason: 'restage', recordIds: taken, rewritten: [], entries: [], removedPaths });
  if (added.length > 0) ops.push({ type: 'replace', reason: 'restage', added, recordIds: [], rewritten, entries, removedPaths: [] });
  return { restaged, skipped, ops };
}

/** True when every path a record names has a baseline (unlike `isWholeGroup`, a group left with no record is one). */
function namesOnlyItsPaths(group: RestageGroup): boolean {
  const paths = new Set(group.baselines.map(b => b.path));
  return group.records.every(r => paths.has(r.path) && (r.fromPath === undefined || paths.has(r.fromPath)));
}

/** The groups joined by the changes staged since at their paths (two groups a later rename links are one). */
function clustersOf(groups: readonly RestageGroup[], view: OverlayView): Cluster[] {
  let clusters: Cluster[] = [];
  for (const group of groups) {
    const component = componentOf(view, group.baselines.map(b => b.path));
    const paths = new Set([...group.baselines.map(b => b.path), ...component.paths]);
    const joined = clusters.filter(c => [...paths].some(p => c.paths.has(p)));
    const cluster: Cluster = { groups: [], paths, later: component.recordIds };
    for (const c of joined) {
      cluster.groups.push(...c.groups);
      for (const p of c.paths) cluster.paths.add(p);
      for (const id of c.later) cluster.later.add(id);
    }
    cluster.groups.push(group);
    clusters = [...clusters.filter(c => !joined.includes(c)), cluster];
  }
  return clusters;
}

/** True when every record given back is staged already, with the same fields (a restage before a crash). */
function stagedAlready(given: readonly RestageRecord[], later: readonly ChangeRecord[]): boolean {
  const staged = new Set(later.map(r => JSON.stringify(restageRecordOf(r))));
  return given.every(r => staged.has(JSON.stringify(restageRecordOf(r))));
}

/** Nothing staged: a cluster's replay sees only its own records. */
const EMPTY: OverlayView = { entry: () => undefined, record: () => undefined, order: () => -1, folderRecordIds: () => [] };

/**
 * The cluster's records replayed, in the order given, from the groups' baselines (and, at a path only a later
 * change links, from what that path's entry has as its disk baseline now).
 */
function replayCluster(cluster: Cluster, records: readonly ChangeRecord[], ctx: RestageContext): ReplayResult {
  const draft = new DraftState(EMPTY);
  for (const r of records) draft.addRecord(r);
  const baselines = new Map<string, { base: ContentRef | null; identity?: FileIdentity }>();
  for (const p of cluster.paths) {
    const e = ctx.view.entry(p);
    if (e) baselines.set(p, { base: baseOf(e.state) ?? null, ...(e.identity ? { identity: e.identity } : {}) });
  }
  for (const g of cluster.groups) {
    for (const { path, base } of g.baselines) {
      const identity = base === null ? undefined : ctx.identityOf(path);
      baselines.set(path, { base, ...(identity ? { identity } : {}) });
    }
  }
  for (const [path, { base, identity }] of baselines) {
    const recordIds = records.filter(r => r.path === path || r.fromPath === path).map(r => r.id);
    draft.setEntry(makeEntry({ path, state: stateOf(base, base), recordIds, ...(identity ? { identity } : {}) }));
  }
  return replayComponent(draft, baselines.keys(), ctx.store, { origin: 'prune' }, ctx.merge);
}

/** What the undo record names, in either version: the v4 groups, or the v3 items of an older record. */
export interface RestageSource {
  readonly restageGroups?: readonly RestageGroup[];
  /** The applied folder records (mkdir, rmdir) in staging order (version 4 on). */
  readonly restageFolders?: readonly RestageRecord[];
  readonly restage?: readonly RestageItem[];
}

/** Content refs the undo record's restaging needs kept in the blob store. */
export function refsOfRestage(source: RestageSource | undefined): ContentRef[] {
  return [...(source?.restageGroups ?? []).flatMap(refsOfGroup), ...(source?.restage ?? []).flatMap(i => (i.after === null ? [] : [i.after]))];
}

/** A chat message deleted after an apply (session undefined: that message id in any session, as a prune without one). */
export interface ForgottenMessage {
  readonly messageId: string;
  readonly sessionId?: string;
}

/**
 * The restaging without the records of messages deleted since the apply (issue 23 case 6): Undo gives back only
 * what a live message proposed. A group that keeps some records keeps them as a prune of those messages would have
 * left them (`takenOutOfGroup`); one left with none keeps its baselines, from which the changes staged there since
 * replay (`planRestage`).
 */
export function withoutForgotten(source: RestageSource, forgotten: readonly ForgottenMessage[], store: ContentStore, merge?: TextMerge): RestageSource {
  if (forgotten.length === 0) return source;
  const gone = (r: { readonly sessionId: string; readonly messageId: string }) => forgotten.some(f => f.messageId === r.messageId && (f.sessionId === undefined || f.sessionId === r.sessionId));
  return {
    ...(source.restageGroups ? { restageGroups: source.restageGroups.map(g => takenOutOfGroup(g, gone, store, merge)) } : {}),
    ...(source.restageFolders ? { restageFolders: source.restageFolders.filter(r => !gone(r)) } : {}),
    ...(source.restage ? { restage: source.restage.filter(i => !gone(i.origin)) } : {}),
  };
}

/**
 * A group's records with those of deleted messages taken out, the rest as the take-out rewrites them: replayed from
 * the group's baselines with those records removed, as a prune replays them (a rename that saw a deleted message's
 * created file is `vacated`, a record at a rename's destination follows the file home). Dropped without that replay,
 * the rename that saw the deleted create's file moved the person's file Undo put back at its source, a file it never
 * saw (provenance memory seed 436977, found by the oracle's MOVE).
 */
function takenOutOfGroup(group: RestageGroup, gone: (r: RestageRecord) => boolean, store: ContentStore, merge?: TextMerge): RestageGroup {
  if (!group.records.some(gone)) return group;
  const records = group.records.map((r, i): ChangeRecord => ({ ...r, id: `restage-${i}`, timestamp: 0 }));
  const removed = new Set(records.filter((_, i) => gone(group.records[i])).map(r => r.id));
  const draft = new DraftState(EMPTY);
  for (const r of records) draft.addRecord(r);
  for (const { path, base } of group.baselines) {
    const recordIds = records.filter(r => r.path === path || r.fromPath === path).map(r => r.id);
    draft.setEntry(makeEntry({ path, state: stateOf(base, base), recordIds }));
  }
  const result = replayComponent(draft, group.baselines.map(b => b.path), store, { origin: 'prune', removed }, merge);
  const rewritten = new Map(result.rewritten.map(r => [r.id, r]));
  return { ...group, records: records.filter(r => !removed.has(r.id)).map(r => restageRecordOf(rewritten.get(r.id) ?? r)) };
}

/** The applied folder records as records of their own (session, message), so a prune still finds each of them. */
export function restageFolderRecordsOf(records: readonly ChangeRecord[]): RestageRecord[] {
  return records.filter(r => isFolderOperation(r.operation)).map(restageRecordOf);
}

// ── undo record version 3 (read only: an undo record written before version 4) ──────────────────────────────

/**
 * One applied change as an undo record of version 3 keeps it: the agent's after-state at a path (a rename's origin
 * too) and the request of the composite's last change only. Staged again, the whole composite carries that one
 * message (a prune of an earlier one no longer finds its part): version 4 keeps the records instead.
 */
export interface RestageItem {
  readonly kind: ChangeOperation;
  readonly path: string;
  /** Rename: where the file came from. */
  readonly fromPath?: string;
  /** What the agent left at `path` (null: no file). */
  readonly after: ContentRef | null;
  /** The request of the composite's last change: restaged records carry it, so a prune still finds them. */
  readonly origin: Omit<ChangeMeta, 'timestamp'>;
}
