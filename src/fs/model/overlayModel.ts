import { threeWayMerge } from '../merge/threeWayMerge';
import { OverlayError } from './overlayError';
import { OverlayState } from './overlayState';
import { Emitter } from './eventEmitter';
import { applyOp } from './applyOp';
import { PERSON_SESSION_ID, RESOLUTION_MESSAGE_ID, newChangeRecord } from './changeRecord';
import { DraftState } from './overlayDraft';
import { stageRecord } from './accumulator';
import { componentOf } from './component';
import { compositeOf, directoryDelta, effectiveRef, isUnder, readEffective } from './overlayQueries';
import { diskPathsOf, planReconcile } from './reconcile';
import { planRevert } from './planRevert';
import { planDiscard } from './discardPlan';
import { replayComponent } from './replay';
import { hiddenMismatches } from './hiddenMismatches';
import { planStageOverMovedDisk, stagesDirectly } from './planStage';
import { settleOne } from './mootConflicts';
import { recordsTurnedDown } from './acceptDisk';
import { applyGroups, planApply } from './applyPlan';
import { planRestage, restageGroupsOf } from './restage';
import { afterOf, assertNever, baseOf } from './mergeRules';
import { decodeText } from './textContent';
import { keptLines, personPart } from './agentSide';
import { isListed, isTransparent } from './pathEntry';
import { parseOverlaySnapshot } from './overlaySchema';
import { effectiveKind, effectiveListing, folderChangeOf, folderChanges, folderIntent, folderStatusAt } from './folders';
import type { FolderDisk, FolderIntent, FolderStatus } from './folders';
import type { MergeResult } from '../merge/threeWayMerge';
import type { ApplyPlan } from './applyPlan';
import type { ChangeMeta, ChangeOrigin, ChangeRecord } from './changeRecord';
import { putHandedOver } from './contentStore';
import type { ContentRef, ContentStore } from './contentStore';
import type { DiskProbe, DiskReader } from './diskProbe';
import type { Event } from './eventEmitter';
import type { TextMerge } from './mergeContent';
import type { OverlayOp, RecordSelector } from './overlayOp';
import type { CompositeChange, DirectoryDelta } from './overlayQueries';
import type { OverlaySnapshot } from './overlayState';
import type { ConflictKind, ConflictState, PathEntry } from './pathEntry';
import type { ReplayResult } from './replayOptions';
import type { ReconcileOutcome } from './reconcile';
import type { RevertPlan } from './planRevert';
import type { LaterChanges, RestageGroup, RestageOutcome } from './restage';
import type { ConflictResolution } from './resolveConflict';

/** A person's base placed under the agent's records (`revivedReplay`): the record, and the record it goes before. */
interface PersonBase {
  readonly record: ChangeRecord;
  readonly before: string;
}

export interface OverlayModelOptions {
  /** Clock for record timestamps (ms since the epoch). */
  readonly now?: () => number;
  /** Record ids; uuid v4 by default. */
  readonly newId?: () => string;
  readonly merge?: TextMerge;
}

/** Fired after every mutation; `op` is undefined after `restore`. `paths` = entries that changed. */
export interface OverlayChangeEvent {
  readonly op: OverlayOp | undefined;
  readonly paths: readonly string[];
}

/** What the agent (delegate) or a person (merge) needs to settle a conflict. Bytes undefined = absent. */
export interface ConflictDetails {
  readonly path: string;
  readonly kind: ConflictKind;
  readonly origin: ConflictState['origin'];
  readonly delegated: boolean;
  readonly binary: boolean;
  readonly theirsPath?: string;
  readonly base: Uint8Array | undefined;
  readonly ours: Uint8Array | undefined;
  readonly theirs: Uint8Array | undefined;
  /** The text merge of the three (with conflict regions and the marked-up text), when all three are text. */
  readonly merge?: MergeResult;
}

/**
 * The overlay model: pending changes, their composites, reconciliation, pruning and apply plans, with no
 * `vscode` and no disk access (the adapter passes disk readers in and executes apply plans). Every mutation is
 * an `OverlayOp` through `apply`, which fires `onDidChange` — the store persists those ops and replays them.
 * The convenience methods (write, prune, reconcile, …) only build an op and apply it.
 */
export class OverlayModel {
  private readonly state = new OverlayState();
  /** Inside one operation of several records (a rename over a file): moot conflicts are settled once it is done. */
  private settleHeld = 0;
  private readonly _onDidChange = new Emitter<OverlayChangeEvent>();
  readonly onDidChange: Event<OverlayChangeEvent> = this._onDidChange.event;
  private readonly now: () => number;
  private readonly newId: (() => string) | undefined;
  private readonly merge: TextMerge;

  constructor(readonly store: ContentStore, options: OverlayModelOptions = {}) {
    this.now = options.now ?? Date.now;
    this.newId = options.newId;
    this.merge = options.merge ?? threeWayMerge;
  }

  // ── the choke point ────────────────────────────────────────────────────────────────────────────────────

  /** Applies one op (live or replayed); throws `OverlayError` and changes nothing if it does not apply. */
  apply(op: OverlayOp): readonly string[] {
    const paths = applyOp(this.state, op);
    this._onDidChange.fire({ op, paths });
    return paths;
  }

  snapshot(): OverlaySnapshot {
    return this.state.snapshot();
  }

  /** Replaces the model with a snapshot (validated: a corrupt one throws `CorruptState` and changes nothing). */
  restore(snapshot: unknown): void {
    const parsed = parseOverlaySnapshot(snapshot);
    const before = this.state.clear();
    this.state.load(parsed);
    this._onDidChange.fire({ op: undefined, paths: [...new Set([...before, ...parsed.entries.map((e) => e.path)])] });
  }

  dispose(): void {
    this._onDidChange.dispose();
  }

  // ── agent operations ───────────────────────────────────────────────────────────────────────────────────

  /**
   * Stages a file write (create if the path has no effective content, else modify). Returns the record, or
   * undefined when the write changes nothing at a path without pending changes. With `handOver` the caller gives
   * the store its array (`putHandedOver`: nobody writes to it after this call) and the store need not copy it.
   */
  write(path: string, bytes: Uint8Array, meta: ChangeMeta, disk: DiskProbe, options?: { readonly handOver?: boolean }): ChangeRecord | undefined {
    const before = this.currentRef(path, disk.read);
    const after = options?.handOver ? putHandedOver(this.store, bytes) : this.store.put(bytes);
    if (before === after && effectiveRef(this.state, path) === undefined) return undefined;
    if (before === null) this.assertNameFree(path, disk);
    const operation = before === null ? 'create' : 'modify';
    return this.stage(newChangeRecord({ operation, path, before, after }, meta, this.now, this.newId), disk);
  }

  /** Stages a delete; `FileNotFound` if the path has no effective content. */
  delete(path: string, meta: ChangeMeta, disk: DiskProbe): ChangeRecord {
    const before = this.currentRef(path, disk.read);
    if (before === null) throw new OverlayError('FileNotFound', `${path} does not exist`, { path });
    return this.stage(newChangeRecord({ operation: 'delete', path, before, after: null }, meta, this.now, this.newId), disk);
  }

  /**
   * Stages a file rename. With `overwrite`, an existing destination is first staged as deleted (same message),
   * otherwise it is `FileExists`. Directories are the adapter's to expand into file renames.
   */
  rename(from: string, to: string, meta: ChangeMeta, disk: DiskProbe, options: { readonly overwrite?: boolean } = {}): ChangeRecord[] {
    if (from === to) throw new OverlayError('InvalidOperation', `cannot rename ${from} onto itself`, { path: from });
    const content = this.currentRef(from, disk.read);
    if (content === null) throw new OverlayError('FileNotFound', `${from} does not exist`, { path: from });
    const records: ChangeRecord[] = [];
    // On a case-insensitive disk the destination may be another spelling of an existing file: `readme.md` for
    // `README.md` is that file itself (a case-only rename, free), any other is the file an overwrite replaces.
    const twin = this.currentRef(to, disk.read) !== null ? to : this.twinOf(to, disk, from);
    if (twin !== undefined && !options.overwrite) throw new OverlayError('FileExists', twin === to ? `${to} already exists` : `${to} already exists as ${twin} (this disk ignores letter case)`, { path: to });
    // One operation: the overwrite's delete saw what the view showed at `to`, and so did the rename, so a conflict
    // there made moot by the delete alone is not settled before the rename lands (it would land on the other side).
    this.settleHeld++;
    try {
      if (twin !== undefined) records.push(this.delete(twin, meta, disk));
      records.push(this.stage(newChangeRecord({ operation: 'rename', path: to, fromPath: from, before: content, after: content }, meta, this.now, this.newId), disk));
    } finally {
      this.settleHeld--;
    }
    this.settleMoot([from, to, ...(twin !== undefined ? [twin] : [])]);
    return records;
  }

  /**
   * Stages the making of an (empty) folder: a record like a write's, touching no file. The adapter checks first
   * that the effective view has nothing at the path and has its parent folder.
   */
  mkdir(path: string, meta: ChangeMeta): ChangeRecord {
    return this.stageFolder('mkdir', path, meta);
  }

  /** Stages the removal of a folder; the adapter checks first that the effective view shows it empty. */
  rmdir(path: string, meta: ChangeMeta): ChangeRecord {
    return this.stageFolder('rmdir', path, meta);
  }

  private stageFolder(operation: 'mkdir' | 'rmdir', path: string, meta: ChangeMeta): ChangeRecord {
    const record = newChangeRecord({ operation, path, before: null, after: null }, meta, this.now, this.newId);
    this.apply({ type: 'stage', record });
    return record;
  }

  private stage(staged: ChangeRecord, disk: DiskProbe): ChangeRecord {
    // A conflict handed back to the agent is settled by its next write there: it was shown the disk's version.
    // (The agent's settlement, not the person's: the records it rewrites are kept as they were on the settling
    // record, so deleting its message brings the conflict back, provenance seeds 15398, 135577.) The origin first,
    // then the path; nothing made per write unless a conflict was handed back (issue 28).
    let settled: Map<string, ChangeRecord> | undefined;
    if (staged.fromPath !== undefined) settled = this.acceptDelegated(staged.fromPath, staged, settled);
    settled = this.acceptDelegated(staged.path, staged, settled);
    const record: ChangeRecord = settled ? { ...staged, settled: [...settled.values()] } : staged;
    const diskPath = record.fromPath ?? record.path;
    const firstTouch = effectiveRef(this.state, diskPath) === undefined && !this.state.entry(diskPath)?.movedTo;
    const identity = firstTouch ? disk.identity?.(diskPath) : undefined;
    // The replay's callbacks are made only for a record that needs it: a plain write folds in with none (issue 28).
    const replayed = stagesDirectly(this.state, record) ? undefined : planStageOverMovedDisk(this.state, record, (p) => disk.identity?.(p), this.store, (file) => this.conflictsAbout(file), this.merge, (p) => disk.read(p) !== undefined);
    this.settleMoot(this.apply(replayed ?? (identity ? { type: 'stage', record, identity } : { type: 'stage', record })));
    return record;
  }

  /** The paths holding a disk conflict about disk file `file`. */
  private conflictsAbout(file: string): string[] {
    return [...this.state.diskConflictPaths()].filter((p) => this.state.entry(p)?.conflict?.diskPath === file);
  }

  /**
   * A conflict handed back to the agent at `path` is settled as the agent's (its next write there); the records it
   * rewrote are added to `settled` (made on the first), which is returned.
   */
  private acceptDelegated(path: string, settler: ChangeOrigin, settled: Map<string, ChangeRecord> | undefined): Map<string, ChangeRecord> | undefined {
    const delegated = this.state.entry(path)?.conflict;
    if (!delegated?.delegated) return settled;
    const kept = settled ?? new Map<string, ChangeRecord>();
    for (const r of this.acceptAgent(path, delegated, settler)) if (!kept.has(r.id)) kept.set(r.id, r);
    return kept.size > 0 ? kept : settled;
  }

  /**
   * Settles the disk conflicts that the records no longer make a change to (mootConflicts.ts), in the component of
   * `paths` (a delete at a rename's destination makes the conflict at its origin moot).
   */
  private settleMoot(paths: readonly string[]): void {
    // Only a disk conflict can be moot: with none held anywhere (the usual case) the component need not be walked.
    if (this.settleHeld > 0 || this.state.diskConflictPaths().size === 0) return;
    for (const p of componentOf(this.state, paths).paths) {
      const op = settleOne(this.state, p, this.store, this.merge);
      if (op) this.apply(op);
    }
  }

  /** Refuses to create `path` where a case-insensitive disk already has it under another spelling. */
  private assertNameFree(path: string, disk: DiskProbe): void {
    const twin = this.twinOf(path, disk);
    if (twin !== undefined) throw new OverlayError('FileExists', `${path} already exists as ${twin} (this disk ignores letter case)`, { path });
  }

  /**
   * On a case-insensitive disk, the effective file or folder that `path` would be another spelling of (on disk and
   * not staged away, or staged), other than `except`; Apply would write both to one file. Undefined elsewhere.
   */
  private twinOf(path: string, disk: DiskProbe, except?: string): string | undefined {
    if (!disk.foldsCase?.(path)) return undefined;
    const parent = dirnameOf(path);
    for (const candidate of [path, parent]) {
      const t = disk.caseTwin?.(candidate);
      if (t !== undefined && t !== except && (candidate === parent || this.currentRef(t, disk.read) !== null)) return t;
    }
    const prefix = parent.endsWith('/') ? parent : `${parent}/`;
    const name = path.slice(prefix.length).toLowerCase();
    for (const sibling of this.directoryDelta(parent).added.keys()) {
      const t = prefix + sibling;
      if (t !== path && t !== except && sibling.toLowerCase() === name) return t;
    }
    return undefined;
  }

  /** Effective content ref; disk bytes are put into the store (they become a baseline). null = absent. */
  private currentRef(path: string, readDisk: DiskReader): ContentRef | null {
    const staged = effectiveRef(this.state, path);
    if (staged !== undefined) return staged;
    const bytes = readDisk(path);
    return bytes ? this.store.put(bytes) : null;
  }

  // ── prune and discard ─────────────────────────────────────────────────────────────────────────────────

  /**
   * A conversation message was deleted: take its changes out, rebasing later ones (seed 003 §4.1). Message ids
   * are scoped by session: pass the session so another client's message of the same id is left alone.
   */
  prune(messageId: string, sessionId?: string): RevertPlan {
    return this.revert({ kind: 'message', messageId, ...(sessionId !== undefined ? { sessionId } : {}) });
  }

  /** Discard one change record (rebasing later changes to the same file). */
  discardChange(id: string): RevertPlan {
    return this.revert({ kind: 'change', id });
  }

  /** Discard everything a chat session staged (other sessions' later changes are rebased). */
  discardSession(sessionId: string): RevertPlan {
    return this.revert({ kind: 'session', sessionId });
  }

  /** Takes the selected records out; applies the op (unless nothing was selected) and returns the plan. */
  revert(selector: RecordSelector): RevertPlan {
    const staged = (p: string) => this.state.entry(p) !== undefined || this.state.folderRecordIds(p).length > 0;
    const plan = selector.kind === 'paths'
      ? planDiscard(this.state, selector.paths.filter(staged), selector, this.store, this.merge)
      : planRevert(this.state, this.state.select(selector), selector, this.store, this.merge);
    if (plan.op.recordIds.length > 0) this.settleMoot(this.apply(plan.op));
    return plan;
  }

  /**
   * Discard composites: the records that made what these paths show are taken out (a rename's partner comes back
   * with it) and the rest of their components is replayed.
   */
  discardPaths(paths: readonly string[]): RevertPlan {
    return this.revert({ kind: 'paths', paths: [...paths] });
  }

  discardAll(): void {
    this.apply({ type: 'discardAll' });
  }

  // ── reconciliation and conflicts ──────────────────────────────────────────────────────────────────────

  /**
   * Reconciles a composite with the disk, applying the resulting rebase or conflict op. Loops because a
   * rename depends on two disk paths (each step settles one). Then the other paths whose state those ops changed are
   * reconciled as they now stand (`reconcileFollowing`).
   */
  reconcile(path: string, disk: DiskProbe): ReconcileOutcome {
    const changed = new Set<string>();
    const outcome = this.reconcileOnce(path, disk, changed);
    if (changed.size > 0) this.reconcileFollowing(path, changed, disk, []);
    return outcome;
  }

  /** Reconciles every entry, hidden ones too (startup, after a watcher burst). Returns the non-trivial outcomes. */
  reconcileAll(disk: DiskProbe): ReconcileOutcome[] {
    const outcomes: ReconcileOutcome[] = [];
    // A change that cancelled out still replays from its baseline, so it follows the disk too.
    for (const path of [...this.state.allEntries()].map((e) => e.path)) {
      if (!this.state.entry(path)) continue;
      const changed = new Set<string>();
      const o = this.reconcileOnce(path, disk, changed);
      if (o.kind !== 'unchanged') outcomes.push(o);
      if (changed.size > 0) this.reconcileFollowing(path, changed, disk, outcomes);
    }
    return outcomes;
  }

  /** One composite's reconcile loop; the paths whose composites its ops changed are added to `changed`. */
  private reconcileOnce(path: string, disk: DiskProbe, changed: Set<string>): ReconcileOutcome {
    let last: ReconcileOutcome = { kind: 'unchanged' };
    for (let i = 0; i < 4; i++) {
      const outcome = planReconcile(this.state, path, disk, this.store, this.merge);
      if (outcome.kind === 'unchanged') return last;
      if (outcome.op) for (const p of this.apply(outcome.op)) changed.add(p);
      if (outcome.kind === 'conflict') return outcome;
      last = outcome;
    }
    return last;
  }

  /**
   * One reconcile is a fixpoint: the paths whose state a reconcile's ops changed are reconciled again as they now
   * stand, a few rounds at most. A rebase at a rename's destination holding a conflict about its source's disk file
   * replays the component, and the source no longer moves its content there: reconciled before, it was left a clean
   * delete of the person's edit there, whose conflict only the next reconcile (a reopen's) found (issue 23,
   * provenance seed 494601, REOPEN). Only paths an op changed are looked at (the usual reconcile changes none).
   */
  private reconcileFollowing(path: string, changed: Set<string>, disk: DiskProbe, outcomes: ReconcileOutcome[]): void {
    let next = changed;
    for (let round = 0; round < 3 && next.size > 0; round++) {
      const now = next;
      next = new Set<string>();
      for (const p of now) {
        if ((round === 0 && p === path) || !this.state.entry(p)) continue;
        const o = this.reconcileOnce(p, disk, next);
        if (o.kind !== 'unchanged') outcomes.push(o);
      }
    }
  }

  /**
   * Settles a conflict. Accepting the agent's version rewrites the changes there to apply as they stand (for a
   * disk conflict, onto what the disk has now); accepting the disk's takes out the change that no longer applies
   * (a prune conflict) or the composite (a disk conflict); a manual result becomes the content of the agent's
   * last write there.
   */
  resolve(path: string, resolution: ConflictResolution): void {
    const c = this.state.entry(path)?.conflict;
    if (!c) throw new OverlayError('NoConflict', `${path} has no conflict to resolve`, { path });
    switch (resolution.kind) {
      case 'delegate':
        this.apply({ type: 'resolve', path, resolution });
        return;
      case 'acceptDisk':
        if (c.origin === 'prune' && c.recordId !== undefined && this.state.record(c.recordId)) this.acceptDiskOverPrune(path, c, c.recordId);
        else this.discardPaths([path]);
        return;
      case 'acceptAgent':
        this.acceptAgent(path, c);
        return;
      case 'manual':
        this.resolveAsPerson(path, c, resolution.content);
        return;
      default:
        assertNever(resolution);
    }
  }

  /** "Accept the disk's version" of a prune conflict: the records it turns down (acceptDisk.ts) are taken out. */
  private acceptDiskOverPrune(path: string, c: ConflictState, recordId: string): void {
    const records = recordsTurnedDown(this.state, path, c, recordId, this.store, this.merge);
    const plan = planRevert(this.state, records, { kind: 'change', id: recordId }, this.store, this.merge);
    if (plan.op.recordIds.length > 0) this.apply(plan.op);
  }

  /**
   * Returns the records it rewrote, as they were before. `settler`: the agent's record settling a conflict handed
   * back to it (its message); absent, the person accepts.
   */
  private acceptAgent(path: string, c: ConflictState, settler?: ChangeOrigin): ChangeRecord[] {
    const result = this.acceptedReplay(path, c, settler);
    const base = result.personBase;
    const originals = result.rewritten.map((r) => this.state.record(r.id)).filter((r): r is ChangeRecord => r !== undefined);
    this.apply({
      type: 'replace',
      reason: 'acceptAgent',
      ...(base ? { added: [base.record], placed: [{ id: base.record.id, before: base.before }] } : {}),
      recordIds: [],
      rewritten: result.rewritten,
      entries: result.entries,
      removedPaths: result.removedPaths,
    });
    return originals;
  }

  /**
   * "Accept the agent's version": the surviving records at the conflict's paths are rewritten to apply as they
   * stand (for a disk conflict, onto what the disk has now). A rename whose file is gone creates what the view
   * showed it moving — the surviving records' content, never a write since taken out (issue 23 case 7).
   */
  private acceptedReplay(path: string, c: ConflictState, settler?: ChangeOrigin, chosen?: ContentRef | null): ReplayResult & { readonly personBase?: PersonBase } {
    // The lines the person turned down stay turned down: only a person's acceptance turns any down.
    const revived = this.revivedReplay(path, c, settler, chosen) ?? (settler === undefined ? this.turnedDownReplay(path, c, chosen) : undefined);
    if (revived) return revived;
    const touched = new Set([path, ...(c.diskPath !== undefined ? [c.diskPath] : [])]);
    const baselines = c.origin === 'disk' && c.diskPath !== undefined && this.state.entry(c.diskPath)
      ? new Map([[c.diskPath, { base: c.theirs, ...(c.theirsIdentity ? { identity: c.theirsIdentity } : {}) }]])
      : undefined;
    const view = replayComponent(this.state, touched, this.store, { origin: c.origin }, this.merge);
    const shown = view.movedBy;
    // A hand merge (`chosen`) too: the person merged the conflict shown, not the one hidden under it, which stays a
    // conflict under their merge (92905's shape resolved by hand lost P#18 the same way).
    const hidden = hiddenMismatches(this.state, c, view);
    // What is accepted is the agent's side the view showed: for a prune conflict only the surviving records' lines
    // (agentSide.ts); for a disk conflict what the records left merged with the disk's earlier changes (a rebase
    // onto the disk, or an Undo restaging over what the person had), not a record's own `after` from before those
    // (provenance seed 6596: that brought back a line the person had removed and dropped one the person had added).
    // The same at the conflict's disk path (a rename's source): its records are forced too, and there the view
    // showed their replay, not the last one's own `after`, which kept a line of a message deleted since (provenance
    // folding seed 6184: a hand merge at a folder move's destination brought it back in the new file at the origin).
    const shownSides = new Map<string, ContentRef>();
    for (const p of touched) {
      const e = this.state.entry(p);
      const side = e ? afterOf(e.state) : undefined;
      if (side) shownSides.set(p, side);
    }
    return replayComponent(this.state, touched, this.store, {
      origin: c.origin,
      ...(baselines ? { baselines } : {}),
      ...(shownSides.size > 0 ? { shown: shownSides } : {}),
      settled: touched,
      moved: shown,
      // The agent's settlement keeps what a rename replaces too (a later replay of the component, a rebase onto the
      // disk, no longer finds the conflict again: provenance seed 95650); deleting its message still brings the
      // conflict back, as the settling record keeps the records as they were (`ChangeRecord.settled`, seed 15398).
      keepReplaced: true,
      // The record the conflict names too: a rename that landed on a file elsewhere and carried its conflict here
      // (provenance seed 53959) is accepted with the records here, so it keeps what it replaces (`replaces`).
      // Not a record whose mismatch the view hid under another conflict (`hiddenMismatches`): it comes back as a
      // conflict of its own.
      force: (r) => !hidden.has(r.id) && (touched.has(r.path) || (r.fromPath !== undefined && touched.has(r.fromPath)) || r.id === c.recordId),
      landsOver: (r) => touched.has(r.path) || r.id === c.recordId,
    }, this.merge);
  }

  /**
   * "Accept the agent's version" of a file the person deleted or moved away on disk (issue 23, provenance seeds
   * 22411, 74989): the person brings the file back with the agent's changes. Rewriting the agent's records as a
   * create of their whole text made the file theirs: deleting one of their messages later took the person's lines
   * away with it, or showed again a line of a message deleted before (a record's own `after` from before that).
   * Instead the person's part — the lines of the file the records started from that the accepted text kept
   * (`keptLines`) — is staged as a create of the person's own, ordered just before the first record there, and the
   * records replay onto it unchanged, as onto a disk file; a later prune takes out only what the agent wrote.
   * Undefined (the rewrite above applies) unless that replay shows exactly what the person accepted.
   *
   * The agent's settlement of such a conflict handed back to it (`settler`, its next write, delete or rename there)
   * keeps the person's lines the same way, but on the settling record's message: the settlement goes with it, so
   * deleting that message takes the part out too and the conflict comes back (`ChangeRecord.settled`). Rewritten
   * as a create of the whole text on the first record's message instead, the person's lines went with that
   * message: discarding it took them away from under the agent's rename that moved them on, whose overwrite then
   * deleted the person's copy at its destination (issue 23, provenance seed 497522).
   *
   * At a rename's destination whose source file the person deleted (the conflict's `diskPath`), the part is staged
   * at the source, before the first record there, and the write there, the rename and a hand merge on top replay
   * onto it as a chain. Before, the write was rewritten onto no file while the rename and the merge kept the file
   * they saw: the chain no longer led to the merge's `before`, and the next replay of it (a partial Apply through a
   * folder move) dropped the person's lines the merge kept (issue 23, provenance seed 986414).
   */
  private revivedReplay(path: string, c: ConflictState, settler?: ChangeOrigin, chosen?: ContentRef | null): (ReplayResult & { readonly personBase: PersonBase }) | undefined {
    if (c.origin !== 'disk' || c.theirs !== null) return undefined;
    const source = c.diskPath ?? path;
    // At the conflict's own path, a rename chain's source whose file the records moved on (`movedTo`): the agent's
    // side there is no file, and what the chain brings is shown at its destination (issue 23, provenance seed
    // 1690839). The person's part goes under the records at the source as below and is not narrowed to what a
    // choice at the source keeps: that choice was about the source, shown no file on either side.
    const chained = this.state.entry(path)?.movedTo;
    const movedOn = source === path && chained !== undefined && this.state.entry(path)?.state.kind === 'deleted';
    const shownAt = movedOn ? chained : path;
    const e = this.state.entry(shownAt);
    const accepted = e ? afterOf(e.state) : undefined;
    // The file gone from disk: at the conflict's own path, or a rename's source the records moved here from
    // (issue 23, provenance seed 986414). There the person's part goes at the source, under the write there that
    // the rename moved on, so the whole chain replays onto it.
    if (!e || accepted === null || accepted === undefined) return undefined;
    if (movedOn ? e.movedFrom !== source : source === path ? e.movedFrom !== undefined : e.movedFrom !== source) return undefined;
    const at = this.state.entry(source);
    const was = at ? baseOf(at.state) : undefined;
    if (!at || was === null || was === undefined) return undefined;
    const order = (id: string) => this.state.order(id);
    const first = [...at.recordIds].sort((a, b) => order(a) - order(b)).map((id) => this.state.record(id))[0];
    if (!first || first.path !== source || (first.operation !== 'modify' && first.operation !== 'create')) return undefined;
    // At a rename's source the part is not narrowed to what a hand merge keeps (`personPart`): the rename and the
    // merge saw the agent's whole side there, and only the whole part replays to it; narrowed, the chain no longer
    // led to the merge's `before`, and a later replay dropped the person's lines the merge kept (seed 986414).
    const whole = keptLines(was, accepted, this.store);
    const kept = movedOn ? whole : source === path ? personPart(whole, chosen, this.store) : chosen === null ? undefined : whole;
    if (kept === undefined) return undefined;
    const record = newChangeRecord({ operation: 'create', path: source, before: null, after: kept }, settler ? {
      sessionId: settler.sessionId,
      messageId: settler.messageId,
      turn: settler.turn,
      description: 'your version of a file gone from disk, kept under the agent\'s changes it settled',
    } : {
      sessionId: PERSON_SESSION_ID,
      messageId: RESOLUTION_MESSAGE_ID,
      turn: first.turn,
      description: 'your version of a file gone from disk, kept under the agent\'s changes you accepted',
    }, this.now, this.newId);
    const draft = new DraftState(this.state);
    draft.addRecord(record, first.id);
    draft.setEntry({ ...at, recordIds: [record.id, ...at.recordIds] });
    const touched = new Set([source, path]);
    const options = { origin: c.origin, baselines: new Map([[source, { base: null }]]), settled: touched };
    const shows = (r: ReplayResult) => {
      const here = r.entries.find((x) => x.path === shownAt);
      return here !== undefined && !here.conflict && afterOf(here.state) === accepted && !r.found.includes(path)
        && !r.entries.some((x) => x.path === source && x.conflict !== undefined) && !r.found.includes(source);
    };
    // The records rebased onto the person's part by the replay's own rules; where a record's change overlaps a line
    // the person accepted gone (it replaced that line), they are rewritten to apply as they stand, as above, the
    // last one leaving what the person accepted (provenance seed 82285).
    // Not at a rename's source: forced there, the rename would still move what it saw, not what the records leave,
    // and the chain would again not lead to what the person accepted; the rewrite above applies instead.
    let result = replayComponent(draft, touched, this.store, options, this.merge);
    if (!shows(result) && source === path && !movedOn) result = replayComponent(draft, touched, this.store, { ...options, force: (r) => r.path === path, shown: new Map([[path, accepted]]) }, this.merge);
    if (!shows(result)) return undefined;
    return { ...result, personBase: { record, before: first.id } };
  }

  /**
   * "Accept the agent's version" over a prune conflict (issue 23, provenance seeds 623314, 652729): the person
   * turns down the lines the conflict showed on the other side (`theirs`: what the surviving earlier records left)
   * that the agent's side does not keep. Rewriting the agent's records as a change of `theirs` made that choice
   * theirs: deleting their message later showed the turned-down lines again, and Apply wrote them. Instead the
   * person's part — `theirs` with only the lines the accepted text kept (`keptLines`; no file where the record saw
   * none and nothing is kept) — is staged as the person's own change, just before the record the conflict names,
   * and the agent's records replay onto it as they saw it; a later prune takes out only what the agent wrote.
   *
   *   conflict                                  | the person's part
   *   ------------------------------------------+---------------------------------------------------------
   *   not a prune conflict, or a rename's       | none (the rewrite above applies)
   *   `theirs` absent, or every line kept       | none: nothing was turned down
   *   a hand merge (`chosen`) keeping every     | none: nothing was turned down (the merge on top is the
   *   line of `theirs`                          | person's, below)
   *   lines turned down                         | `theirs` → its kept lines (absent if the record saw no file,
   *                                             | or no file was accepted: the person turned the file down)
   *
   * The hand merge's row (issue 23, provenance seed 1240044): over a create's conflict the agent's side keeps none of
   * the person's file, so the part was a delete of it, and the merge on top wrote its lines back. Once the create's
   * message went, the merge found no file (a conflict), the part's delete stayed, and the conflict's other side was
   * no file: "Accept disk" took the merge out and left the delete, and Apply removed the lines the person had kept.
   *
   * Undefined (the rewrite above applies) unless that replay shows exactly what the person accepted.
   */
  private turnedDownReplay(path: string, c: ConflictState, chosen?: ContentRef | null): (ReplayResult & { readonly personBase: PersonBase }) | undefined {
    if (c.origin !== 'prune' || c.recordId === undefined || c.theirs === null) return undefined;
    if (chosen !== undefined && chosen !== null && keptLines(c.theirs, chosen, this.store) === c.theirs) return undefined;
    const e = this.state.entry(path);
    const named = this.state.record(c.recordId);
    const accepted = e ? afterOf(e.state) : undefined;
    if (!e || e.movedFrom !== undefined || !named || named.path !== path || named.fromPath !== undefined || accepted === undefined) return undefined;
    if (!e.recordIds.includes(named.id)) return undefined;
    const kept = accepted === null ? this.store.put(new Uint8Array()) : keptLines(c.theirs, accepted, this.store);
    if (kept === undefined || kept === c.theirs) return undefined;
    // No file accepted: the person turned down the file itself, not only its lines, so the part is its delete. As an
    // empty file, the record's delete met a file it never saw (a conflict), and the rewrite above made the turning
    // down the agent's: deleting its message brought the create's lines back, and Apply wrote them (issue 23,
    // provenance seed 1475763, LEAK).
    const after = accepted === null || (c.base === null && this.store.get(kept).length === 0) ? null : kept;
    const record = newChangeRecord({ operation: after === null ? 'delete' : 'modify', path, before: c.theirs, after }, {
      sessionId: PERSON_SESSION_ID,
      messageId: RESOLUTION_MESSAGE_ID,
      turn: named.turn,
      description: 'the lines you turned down accepting the agent\'s version',
    }, this.now, this.newId);
    const draft = new DraftState(this.state);
    draft.addRecord(record, named.id);
    const order = (id: string) => draft.order(id);
    draft.setEntry({ ...e, recordIds: [...e.recordIds, record.id].sort((a, b) => order(a) - order(b)) });
    const touched = new Set([path]);
    const options = { origin: c.origin, settled: touched };
    const shows = (r: ReplayResult) => {
      const at = r.entries.find((x) => x.path === path);
      return at !== undefined && !at.conflict && afterOf(at.state) === accepted && !r.found.includes(path);
    };
    // As in `revivedReplay`: where a record's change overlaps a line the person turned down (it replaced a line of
    // what it saw that the part no longer has), the records are rewritten to apply as they stand onto the part, the
    // last one leaving what the person accepted (provenance seed 657779: m1 rewrote a line of a file an Undo had
    // restaged; deleting m1 then showed the line of the earlier create the person had turned down). Not where the
    // other side is the disk's file as it is: what was turned down is the disk's own, which no Apply writes, and the
    // records are rewritten as before, so deleting their message leaves nothing staged (issue 13 case 10).
    let result = replayComponent(draft, touched, this.store, options, this.merge);
    if (!shows(result) && accepted !== null && baseOf(e.state) !== c.theirs) result = replayComponent(draft, touched, this.store, { ...options, force: (r) => r.path === path && r.id !== record.id, shown: new Map([[path, accepted]]) }, this.merge);
    if (!shows(result)) return undefined;
    return { ...result, personBase: { record, before: named.id } };
  }

  /**
   * A person's resolution is the person's act (issue 23 case 5): the agent's version is accepted as above, then the
   * person's result is staged on top as a record of its own, in the person's session (`PERSON_SESSION_ID`) under a
   * message no chat has, so no prune of an agent message takes it away. A later prune rebases it like any record
   * (what the pruned message wrote is taken out of the merged result; what the person wrote stays). One op.
   */
  private resolveAsPerson(path: string, c: ConflictState, content: ContentRef | null): void {
    const result = this.acceptedReplay(path, c, undefined, content);
    const draft = new DraftState(this.state);
    const base = result.personBase;
    if (base) draft.addRecord(base.record, base.before);
    for (const r of result.rewritten) draft.rewriteRecord(r);
    for (const e of result.entries) draft.setEntry(e);
    for (const p of result.removedPaths) draft.deleteEntry(p);
    const e = draft.entry(path);
    const ours = e ? (afterOf(e.state) ?? null) : null;
    const added: ChangeRecord[] = [];
    if (ours !== content) {
      const last = e?.recordIds.length ? this.state.record(e.recordIds[e.recordIds.length - 1]) : undefined;
      const operation = content === null ? 'delete' : ours === null ? 'create' : 'modify';
      // The records the merge rewrote to apply as they stand, as they were (`settled`, as the agent's settlement
      // keeps them): the merge is the person's, and it goes only with them — a discard of the path its file came
      // from takes the merge out (`planRevert.recordsShownBy`), and the records it forced are restored, so the
      // conflict they met comes back. Left rewritten, an agent's delete the merge had forced onto the person's
      // edit deleted their file (issue 23, provenance seed 611358: "Accept disk" at a rename chain's source).
      const originals = result.rewritten.map((r) => this.state.record(r.id)).filter((r): r is ChangeRecord => r !== undefined);
      const made = newChangeRecord({ operation, path, before: ours, after: content }, {
        sessionId: PERSON_SESSION_ID,
        messageId: RESOLUTION_MESSAGE_ID,
        turn: last?.turn ?? 0,
        description: 'your merge of a conflict',
      }, this.now, this.newId);
      const record: ChangeRecord = originals.length > 0 ? { ...made, settled: originals } : made;
      draft.addRecord(record);
      stageRecord(draft, record);
      added.push(record);
    }
    const paths = componentOf(draft, [path, ...result.entries.map((x) => x.path)]).paths;
    const entries = paths.map((p) => draft.entry(p)).filter((x): x is PathEntry => x !== undefined);
    const kept = new Set(entries.map((x) => x.path));
    this.apply({
      type: 'replace',
      reason: 'manual',
      added: base ? [base.record, ...added] : added,
      ...(base ? { placed: [{ id: base.record.id, before: base.before }] } : {}),
      recordIds: [],
      rewritten: result.rewritten,
      entries,
      removedPaths: result.removedPaths.filter((p) => !kept.has(p)),
    });
  }

  /** Manual resolution with the merged bytes (undefined = the file should not exist). */
  resolveManually(path: string, bytes: Uint8Array | undefined): void {
    this.resolve(path, { kind: 'manual', content: bytes ? this.store.put(bytes) : null });
  }

  conflictDetails(path: string): ConflictDetails {
    const e = this.state.entry(path);
    const c = e?.conflict;
    if (!e || !c) throw new OverlayError('NoConflict', `${path} has no conflict`, { path });
    const get = (ref: ContentRef | null): Uint8Array | undefined => (ref === null ? undefined : this.store.get(ref));
    const base = get(c.base);
    const ours = get(afterOf(e.state) ?? null);
    const theirs = get(c.theirs);
    const texts = [base, ours, theirs].map((b) => (b ? decodeText(b) : ''));
    const merge = texts.every((t) => t !== undefined) ? this.merge(texts[0] as string, texts[1] as string, texts[2] as string) : undefined;
    return {
      path,
      kind: c.kind,
      origin: c.origin,
      delegated: c.delegated,
      binary: c.binary || merge === undefined,
      ...(c.theirsPath !== undefined ? { theirsPath: c.theirsPath } : {}),
      base,
      ours,
      theirs,
      ...(merge ? { merge } : {}),
    };
  }

  /** The disk paths a composite depends on (its own, and a rename's origin): what to pre-read to reconcile. */
  diskPathsOf(path: string): string[] {
    return diskPathsOf(this.state, path);
  }

  // ── apply ─────────────────────────────────────────────────────────────────────────────────────────────

  /** The paths an apply of `paths` takes, group by group (no file read: see `applyGroups`). */
  applyGroups(paths: readonly string[], disk: DiskProbe): string[][] {
    return applyGroups(this.state, paths, disk);
  }

  /** The plan to apply these composites (default: all listed). Nothing changes until `markApplied`. */
  planApply(paths: readonly string[] | undefined, disk: DiskReader | DiskProbe): ApplyPlan {
    return planApply(this.state, paths ?? this.stagedPaths(), typeof disk === 'function' ? { read: disk } : disk);
  }

  /** The adapter wrote a group of the plan: those composites are no longer pending. */
  markApplied(paths: readonly string[]): void {
    this.apply({ type: 'applied', paths });
  }

  /** The components of these paths as Undo Last Apply would stage them again (restage.ts): ask before `markApplied`. */
  restageGroupsOf(paths: readonly string[]): RestageGroup[] {
    return restageGroupsOf(this.state, paths);
  }

  /**
   * Undo Last Apply restored the disk: stages the applied components again with their records (new ids and times,
   * the same messages) replayed from their baselines, and the changes staged since at their paths on top of them.
   * Skips a component Undo left a path of alone, or one staged again already (never stages twice): restage.ts.
   */
  restage(groups: readonly RestageGroup[], disk: DiskProbe, leftAlone: ReadonlySet<string>, later: LaterChanges = 'onTop'): RestageOutcome {
    const plan = planRestage(groups, {
      view: this.state,
      later,
      leftAlone,
      identityOf: (p) => disk.identity?.(p),
      // (A `vacated` mark stays: restaged unmarked, the record would move what Undo put back at its source.)
      newRecord: (r) => {
        const made = newChangeRecord(r, r, this.now, this.newId);
        return r.vacated === true ? { ...made, vacated: true } : made;
      },
      store: this.store,
      merge: this.merge,
    });
    for (const op of plan.ops) this.apply(op);
    return { restaged: plan.restaged, skipped: plan.skipped };
  }

  // ── folders (see folders.ts) ──────────────────────────────────────────────────────────────────────────

  /** What the surviving folder records at `path` say (the last wins); undefined = none there. */
  folderIntent(path: string): FolderIntent | undefined {
    return folderIntent(this.state, path);
  }

  folderStatus(path: string, disk: FolderDisk): FolderStatus | undefined {
    return folderStatusAt(this.state, path, disk);
  }

  /** Listed folder changes (folders to make or remove, and folders a file is in the way of). */
  folderChanges(disk: FolderDisk): CompositeChange[] {
    return folderChanges(this.state, disk);
  }

  folderChange(path: string, disk: FolderDisk): CompositeChange | undefined {
    return folderChangeOf(this.state, path, disk);
  }

  /** Paths with folder records, listed or not. */
  folderPaths(): string[] {
    return [...this.state.folderPaths()];
  }

  /** A folder's effective listing: disk + staged files and folders − staged deletes and removed folders. */
  listDirectory(dir: string, disk: FolderDisk): Map<string, 'file' | 'directory'> {
    return effectiveListing(this.state, dir, disk);
  }

  /** What the effective view has at a path: a file, a folder, or nothing. */
  effectiveKind(path: string, disk: FolderDisk): 'file' | 'directory' | undefined {
    return effectiveKind(this.state, path, disk);
  }

  // ── queries ───────────────────────────────────────────────────────────────────────────────────────────

  /** Paths with a listed composite (what the SCM view shows), in first-staged order. */
  stagedPaths(): string[] {
    const out: string[] = [];
    for (const e of this.state.allEntries()) if (isListed(e)) out.push(e.path);
    return out;
  }

  composite(path: string): CompositeChange | undefined {
    return compositeOf(this.state, path);
  }

  composites(): CompositeChange[] {
    return this.stagedPaths().map((p) => compositeOf(this.state, p) as CompositeChange);
  }

  conflicts(): CompositeChange[] {
    return this.composites().filter((c) => c.conflict);
  }

  /** Effective bytes at a path (staged, else disk); undefined = no such file in the effective view. */
  read(path: string, readDisk: DiskReader): Uint8Array | undefined {
    return readEffective(this.state, (ref) => this.store.get(ref), path, readDisk);
  }

  /** True when the path's effective content comes from the overlay (so the disk is not consulted). */
  isStaged(path: string): boolean {
    return effectiveRef(this.state, path) !== undefined;
  }

  /** The disk content a path's staged change was made against (null = no file); undefined = nothing staged there. */
  baselineOf(path: string): ContentRef | null | undefined {
    const e = this.state.entry(path);
    return e ? baseOf(e.state) : undefined;
  }

  /** Effective ref at a path if the overlay decides it (null = absent); undefined = read the disk. */
  stagedRef(path: string): ContentRef | null | undefined {
    return effectiveRef(this.state, path);
  }

  directoryDelta(dir: string): DirectoryDelta {
    return directoryDelta(this.state.entriesUnder(dir), dir);
  }

  /** Listed composites at or under a directory (by path or, for renames, by origin). */
  compositesUnder(dir: string): CompositeChange[] {
    return this.composites().filter((c) => isUnder(c.path, dir) || (c.fromPath !== undefined && isUnder(c.fromPath, dir)));
  }

  record(id: string): ChangeRecord | undefined {
    return this.state.record(id);
  }

  /** A message's records; with `sessionId`, only that session's (message ids are scoped by session). */
  recordsByMessage(messageId: string, sessionId?: string): ChangeRecord[] {
    return this.state.select({ kind: 'message', messageId, ...(sessionId !== undefined ? { sessionId } : {}) });
  }

  /** True when the path has an entry, listed or not (a change that cancelled out still has its records). */
  hasEntry(path: string): boolean {
    return this.state.entry(path) !== undefined;
  }

  recordsBySession(sessionId: string): ChangeRecord[] {
    return this.state.select({ kind: 'session', sessionId });
  }

  /** Every content ref the model still needs (for the blob store's garbage collection). */
  liveRefs(): Set<ContentRef> {
    const refs = new Set<ContentRef>();
    const add = (r: ContentRef | null | undefined): void => {
      if (r) refs.add(r);
    };
    // A record's `settled` originals are restored if it is taken out: their content stays live with it.
    const addRecord = (r: ChangeRecord): void => {
      add(r.before);
      add(r.after);
      add(r.replaces);
      for (const o of r.settled ?? []) addRecord(o);
    };
    for (const r of this.state.allRecords()) addRecord(r);
    for (const e of this.state.allEntries()) {
      add(baseOf(e.state));
      add(afterOf(e.state));
      add(e.conflict?.base);
      add(e.conflict?.theirs);
    }
    return refs;
  }

  /** Entries with no visible effect kept only for pruning (diagnostics; not part of any view). */
  get hiddenEntryCount(): number {
    let n = 0;
    for (const e of this.state.allEntries()) if (isTransparent(e)) n++;
    return n;
  }
}

/** The folder part of a '/'-separated model path. */
function dirnameOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i <= 0 ? '/' : path.slice(0, i);
}
