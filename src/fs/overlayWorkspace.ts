import * as path from 'path';
import { ApplyExecutor, StaleDiskError, type RecoveryReport } from './applyExecutor';
import { OutsideWorkspaceError } from './nodeDisk';
import { checkStagedBytes } from './stagedSizeCap';
import { controlCharacterProblem } from './stagedNames';
import { NodeDisk, foldersAbove, newPlaceMemo } from './nodeDisk';
import { OverlayError } from './model/overlayError';
import { PersistentOverlay } from './persistentOverlay';
import { closeOverLinked, pathsLeftEmpty, planUndo, type ApplyGroup, type ApplyRefusal } from './model/applyPlan';
import type { UndoEntry } from './model/undoRecord';
import { Emitter, type Event } from './model/eventEmitter';
import type { ChangeMeta, ChangeRecord } from './model/changeRecord';
import type { CompositeChange } from './model/overlayQueries';
import type { OverlayModel } from './model/overlayModel';
import type { ReconcileOutcome } from './model/reconcile';
import type { ContentRef } from './model/contentStore';
import type { DiskProbe } from './model/diskProbe';
import type { FolderDisk } from './model/folders';
import { sameIdentity } from './model/pathEntry';
import { isFolderOperation } from './model/changeRecord';
import { assertNever } from './model/mergeRules';
import { refsOfRestage, restageFolderRecordsOf, withoutForgotten, type ForgottenMessage, type RestageGroup, type RestageItem, type RestageRecord } from './model/restage';
import { restageAll } from './model/stageAgain';
import { ApplyJournal, type JournalEntry } from './store/applyJournal';
import { encodeLastApply, lastApplyFile, parseLastApply, readLastApply, refsOfLastApply, writeLastApply, type LastApply } from './lastApply';
import { StoreReadOnlyError } from './store/storeError';

/** The effective view of one path: what `agent-staged:` shows. */
export interface EffectiveStat {
  readonly type: 'file' | 'directory';
  readonly size: number;
  readonly mtime: number;
  readonly ctime: number;
}

export interface ApplyOptions {
  /** Paths to apply (default: every staged path). */
  readonly paths?: readonly string[];
  /** True when an editor holds unsaved changes to the file: such a file is a conflict, never overwritten. */
  readonly isDirty?: (path: string) => boolean;
  readonly onProgress?: (done: number, total: number) => void;
  /**
   * The workspace folders. A folder the apply left empty (its last files deleted or moved away) is removed, as
   * `git rm` does, up to but never including these. Without them no folder is removed.
   */
  readonly roots?: readonly string[];
}

export interface ApplyRefusalReport {
  readonly paths: readonly string[];
  readonly path: string;
  readonly reason: ApplyRefusal['reason'] | 'dirtyEditor' | 'outsideWorkspace';
  /** Why, in words, when the reason alone does not say it (which link leads where). */
  readonly detail?: string;
}

export interface ApplyResult {
  readonly applied: readonly string[];
  readonly refused: readonly ApplyRefusalReport[];
}

export interface UndoResult {
  readonly restored: readonly string[];
  /** Paths changed since the apply: left as they are. */
  readonly refused: readonly string[];
  /** The applied changes staged again (composite paths): the proposal is back for review. */
  readonly restaged: readonly string[];
  /** Applied changes not staged again: a file of theirs was left alone, or something is staged there now. */
  readonly notRestaged: readonly string[];
}

/** Files looked at, at most, to find where a moved folder's staged files went. */
const LOCATE_LIMIT = 10_000;

/**
 * The overlay over one workspace's disk (capability C1), with no `vscode`: the persistent model, the disk,
 * lazy reconciliation, and journaled Apply / Undo. The `agent-staged:` provider, the SCM view and the agent tools
 * are adapters over this. Paths are absolute file-system paths.
 */
export class OverlayWorkspace {
  private readonly _onDidChange = new Emitter<readonly string[]>();
  /** Paths whose effective content or status changed (model ops, reconciliation, apply). */
  readonly onDidChange: Event<readonly string[]> = this._onDidChange.event;
  /** Per-path modification time of the effective view: advances on every change so editors refresh. */
  private readonly bumped = new Map<string, number>();
  /** While `stageAsOneUnit` runs: the paths changed so far, announced together when it ends. */
  private heldPaths: Set<string> | undefined;
  /** The disk as the folder rules read it (see model/folders.ts). */
  private readonly folderDisk: FolderDisk;
  /** The disk as staging reads it: what it reads is remembered hashed, so Apply need not read it again (issue 28). */
  private readonly stagingDisk: DiskProbe;
  private lastApply: LastApply | undefined;
  /**
   * Changes whose file vanished while the overlay was closed (SPEC §2 "orphan"), found by `open`: each is a
   * deletion conflict now; the adapter offers to discard them.
   */
  readonly orphans: string[] = [];

  private constructor(
    readonly overlay: PersistentOverlay,
    readonly disk: NodeDisk,
    private readonly executor: ApplyExecutor,
    private readonly storeDir: string,
    readonly recovered: RecoveryReport,
  ) {
    this.folderDisk = { kind: p => disk.stat(p)?.type, list: d => disk.readDirectory(d) };
    this.stagingDisk = { read: disk.readRemembered, refOf: p => disk.refOf(p), identity: p => disk.identity(p), caseTwin: p => disk.caseTwin(p), foldsCase: p => disk.foldsCase(p) };
    this.model.onDidChange(e => this.touch(e.paths));
  }

  /**
   * Opens the overlay stored in `storeDir`: replays the persisted changes, finishes an apply a crash
   * interrupted, and reconciles every pending change against the disk as it is now.
   */
  /**
   * `roots`: the workspace folders, asked at every apply and recovery: nothing is written outside them (SPEC §9
   * invariant 9). Without them (unit tests of other concerns) only `apply`'s own `roots` option is checked.
   */
  static async open(storeDir: string, options: { readonly disk?: NodeDisk; readonly roots?: () => readonly string[] } = {}): Promise<OverlayWorkspace> {
    // The undo record's contents (what the last apply replaced) and those of an apply a crash interrupted live
    // only in the blob store: keep them through every collection, from the one opening may run onwards.
    const box: { ws?: OverlayWorkspace; overlay?: PersistentOverlay } = {};
    const { journal, unfinished } = await ApplyJournal.open(storeDir, { beforeCommit: () => box.overlay!.blobs.sync() });
    const initialLast = await readLastApply(storeDir);
    const inFlight = unfinished.flatMap(refsOfEntry);
    const overlay = await PersistentOverlay.open(storeDir, {}, () => (box.ws ? refsOfLastApply(box.ws.lastApply) : [...refsOfLastApply(initialLast), ...inFlight]));
    box.overlay = overlay;
    const disk = options.disk ?? new NodeDisk();
    const executor = new ApplyExecutor(disk, overlay.model.store, journal, options.roots);
    const recovered = await executor.recover(unfinished);
    // An apply the crash interrupted is complete now: record it as `run` would have (its composites are no longer
    // pending, its undo record is the last one), durably, and only then forget its journal entry. A crash before
    // that is recovered the same way on the next open (every step is idempotent).
    let last = initialLast;
    let lastChanged = false;
    // The record an entry of format 2 was begun with, still beside it: moved into place rather than written again.
    let adopt: string | undefined;
    const appliedPaths: string[] = [];
    for (const entry of recovered.rolledForward) {
      appliedPaths.push(...appliedPathsOfEntry(entry));
      const record = lastApplyOfEntry(entry);
      if (record === 'adopted') {
        // Moved into place before the crash: last-apply.json is this apply's record already.
        last = initialLast;
        lastChanged = false;
        adopt = undefined;
      } else if (record !== undefined) {
        last = record ?? undefined;
        lastChanged = true;
        adopt = entry.record && record ? entry.id : undefined;
      }
    }
    const stillListed = appliedPaths.filter(p => overlay.model.composite(p) || overlay.model.stagedRef(p) !== undefined || overlay.model.folderIntent(p) !== undefined);
    if (stillListed.length > 0) overlay.model.markApplied(stillListed);
    // An undo the crash interrupted gives its proposal back as `undoLastApply` would have; what it had staged
    // again before the crash is there already and is not staged twice.
    for (const entry of recovered.rolledForward) {
      const meta = entry.meta as ApplyMeta | undefined;
      if (meta?.restageGroups || meta?.restageFolders || meta?.restage) overlay.unitOfOps(() => restageAll(overlay.model, meta, disk, new Set(meta.leftAlone ?? [])));
    }
    const ws = new OverlayWorkspace(overlay, disk, executor, storeDir, recovered);
    ws.lastApply = last;
    box.ws = ws;
    // A read-only store (full or read-only disk) finishes no interrupted apply: it could not record it.
    if (unfinished.length > 0 && !overlay.readOnly) {
      await overlay.flush();
      if (lastChanged && adopt !== undefined) await journal.adoptRecord(adopt, lastApplyFile(storeDir));
      else if (lastChanged) await writeLastApply(storeDir, last);
      await executor.forget(unfinished);
    }
    for (const o of ws.model.reconcileAll(disk)) {
      if (o.kind === 'conflict' && o.op && o.conflict.kind === 'deletion') ws.orphans.push(o.path);
    }
    if (!overlay.readOnly) await overlay.flush();
    return ws;
  }

  get model(): OverlayModel {
    return this.overlay.model;
  }

  // ── the effective view ──────────────────────────────────────────────────────────────────────────────────

  /** Effective bytes (reconciling the path first); `FileNotFound` if the path has no file in the overlay view. */
  readFile(p: string): Uint8Array {
    this.reconcileIfStaged(p);
    const bytes = this.model.read(p, this.disk.read);
    if (bytes === undefined) throw new OverlayError('FileNotFound', `${p} does not exist`, { path: p });
    return bytes;
  }

  stat(p: string): EffectiveStat {
    const ref = this.model.stagedRef(p);
    const bump = this.bumped.get(p) ?? 0;
    if (ref === undefined || ref === null) {
      const s = this.disk.stat(p);
      if (ref === undefined && s?.type === 'file') return { type: s.type, size: s.size, mtime: Math.max(s.mtime, bump), ctime: s.ctime };
      // A folder on disk shows unless a staged rmdir hides it (while empty); staged folders show too.
      if (ref === undefined && s?.type === 'directory' && this.model.folderIntent(p) === undefined) {
        return { type: s.type, size: s.size, mtime: Math.max(s.mtime, bump), ctime: s.ctime };
      }
      if (this.model.effectiveKind(p, this.folderDisk) === 'directory') {
        return s?.type === 'directory' ? { type: 'directory', size: s.size, mtime: Math.max(s.mtime, bump), ctime: s.ctime } : { type: 'directory', size: 0, mtime: bump, ctime: bump };
      }
      throw new OverlayError('FileNotFound', `${p} does not exist`, { path: p });
    }
    const size = this.model.store.get(ref).byteLength;
    return { type: 'file', size, mtime: bump || Date.now(), ctime: bump };
  }

  /** Disk listing + staged creates − staged deletes and renames. `FileNotFound` for no such directory. */
  readDirectory(dir: string): [string, 'file' | 'directory'][] {
    const listing = this.model.listDirectory(dir, this.folderDisk);
    if (listing.size === 0 && this.model.effectiveKind(dir, this.folderDisk) !== 'directory') {
      throw new OverlayError('FileNotFound', `${dir} is not a directory`, { path: dir });
    }
    return [...listing];
  }

  // ── staging (never touches the disk) ────────────────────────────────────────────────────────────────────

  /**
   * Stages a write. `create`/`overwrite` follow FileSystemProvider semantics. `handOver`: the caller made `bytes`
   * for this write and nobody writes to them afterwards, so the store keeps them without a copy (`OverlayModel.write`).
   */
  write(p: string, bytes: Uint8Array, meta: ChangeMeta, options: { create?: boolean; overwrite?: boolean; handOver?: boolean } = { create: true, overwrite: true }): ChangeRecord | undefined {
    this.assertWritable();
    checkName(p);
    checkStagedBytes(p, bytes.byteLength);
    this.reconcileIfStaged(p);
    const exists = this.model.read(p, this.disk.read) !== undefined;
    if (!exists && options.create === false) throw new OverlayError('FileNotFound', `${p} does not exist`, { path: p });
    if (exists && options.create && options.overwrite === false) throw new OverlayError('FileExists', `${p} already exists`, { path: p });
    if (this.isDirectory(p)) throw new OverlayError('InvalidOperation', `${p} is a directory`, { path: p });
    return this.model.write(p, bytes, meta, this.stagingDisk, { handOver: options.handOver });
  }

  /**
   * Stages many changes as one unit (a command's writes, issue 25): `f` calls `write`, `delete`, `rename`… as usual,
   * and every op they make is logged together (one append, made durable by one `flush`: after a crash all of them
   * are there or none) and announced by one `onDidChange` with all their paths, so listeners (Source Control,
   * decorations, the file system provider) refresh once rather than once per file. The model's own per-op events
   * still fire (the log collects them). Nested calls join the outer unit. If `f` throws, what it staged before the
   * throw is still logged and announced: the caller takes it back (as the sandbox does) or keeps it.
   */
  stageAsOneUnit<T>(f: () => T): T {
    if (this.heldPaths) return f();
    const held = new Set<string>();
    this.heldPaths = held;
    try {
      return this.overlay.unitOfOps(f);
    } finally {
      this.heldPaths = undefined;
      this.touch([...held]);
    }
  }

  /**
   * Stages the deletion of a file, or of a folder: an empty one is an `rmdir` record; with `recursive`, every
   * file under it is deleted and then every folder under it and itself removed (`rmdir`, deepest first), in one
   * unit. On Apply the files go first; a removed folder goes only if nothing is left in it then.
   */
  delete(p: string, meta: ChangeMeta, options: { recursive?: boolean } = {}): ChangeRecord[] {
    this.assertWritable();
    const s = this.stat(p);
    if (s.type === 'file') return [this.model.delete(p, meta, this.stagingDisk)];
    const { files, folders } = this.treeUnder(p);
    if ((files.length > 0 || folders.length > 0) && !options.recursive) {
      throw new OverlayError('InvalidOperation', `${p} is a directory that is not empty`, { path: p });
    }
    // One unit in the log: a crash while it is written never brings the folder back in part.
    const records = this.overlay.unitOfOps(() => [
      ...files.map(f => this.model.delete(f, meta, this.stagingDisk)),
      ...[...folders, p].map(d => this.model.rmdir(d, meta)),
    ]);
    this.touch([p]);
    return records;
  }

  /**
   * Stages a rename of a file, or of every file under a directory. A directory's moves are all checked before
   * the first is staged, so a refused rename stages nothing.
   */
  rename(from: string, to: string, meta: ChangeMeta, options: { overwrite?: boolean } = {}): ChangeRecord[] {
    this.assertWritable();
    checkName(to);
    const s = this.stat(from);
    if (s.type === 'file') {
      const records = this.model.rename(from, to, meta, this.stagingDisk, options);
      this.reconcileLanded([to]);
      return records;
    }
    if (to === from || to.startsWith(`${from}/`)) {
      throw new OverlayError('InvalidOperation', `cannot move ${from} into itself (${to})`, { path: from });
    }
    if (to.toLowerCase() === from.toLowerCase() && this.disk.foldsCase(from)) {
      // Its files would be written back into the same folder under its old name: only files are renamed here.
      throw new OverlayError('InvalidOperation', `${from} and ${to} are one folder on this case-insensitive disk: rename it to another name, then to ${path.basename(to)}`, { path: from });
    }
    const tree = this.treeUnder(from);
    const moves = tree.files.map(f => [f, path.join(to, path.relative(from, f))] as const);
    for (const [, dest] of moves) {
      if (this.isDirectory(dest)) throw new OverlayError('FileExists', `${dest} is a directory`, { path: dest });
      if (!options.overwrite && this.exists(dest)) throw new OverlayError('FileExists', `${dest} already exists`, { path: dest });
    }
    // Two files of the folder that are one name on a case-insensitive disk (a staged `e` beside the disk's `E`)
    // cannot both move: refused here, before anything is staged. Found when the second one's rename was refused,
    // the first stayed staged, and Apply moved the person's file with a folder move that had been refused
    // (provenance folding 17895: whole or nothing).
    if (this.disk.foldsCase(to)) {
      const byFolded = new Map<string, string>();
      for (const [, dest] of moves) {
        const other = byFolded.get(dest.toLowerCase());
        if (other !== undefined) throw new OverlayError('FileExists', `${other} and ${dest} would be one file on this case-insensitive disk: rename one of them first`, { path: dest });
        byFolded.set(dest.toLowerCase(), dest);
      }
    }
    // The folders move too: one with no file under it is made at the destination (those of moved files come with
    // them), and every source folder is removed (on Apply, once nothing is left in it), as a delete does. Deepest
    // first: `treeUnder` lists folders after their contents.
    const sources = [...tree.folders, from];
    const empty = sources.filter(d => !tree.files.some(f => f.startsWith(`${d}/`)));
    for (const d of empty) {
      const dest = path.join(to, path.relative(from, d));
      if (this.exists(dest) && !this.isDirectory(dest)) throw new OverlayError('FileExists', `${dest} already exists`, { path: dest });
    }
    const records: ChangeRecord[] = [];
    this.overlay.unitOfOps(() => {
      for (const [f, dest] of moves) records.push(...this.model.rename(f, dest, meta, this.stagingDisk, options));
      for (const d of [...empty].reverse()) {
        const dest = path.join(to, path.relative(from, d));
        if (!this.isDirectory(dest)) records.push(this.model.mkdir(dest, meta));
      }
      for (const d of sources) records.push(this.model.rmdir(d, meta));
    });
    this.reconcileLanded(moves.map(([, dest]) => dest));
    this.touch([from, to]);
    return records;
  }

  /** Stages the making of an empty folder (an `mkdir` record: persisted, listed, applied like a file's change). */
  createDirectory(p: string, meta: ChangeMeta): ChangeRecord {
    this.assertWritable();
    checkName(p);
    if (this.exists(p)) throw new OverlayError('FileExists', `${p} already exists`, { path: p });
    if (!this.isDirectory(path.dirname(p))) throw new OverlayError('FileNotFound', `${path.dirname(p)} does not exist`, { path: p });
    const record = this.model.mkdir(p, meta);
    this.touch([p, path.dirname(p)]);
    return record;
  }

  /**
   * Throws `StoreReadOnlyError` when the store could not be written at open (a full or read-only disk): nothing
   * new can be recorded, so nothing is staged, applied or undone; everything staged stays shown.
   */
  assertWritable(refused?: string): void {
    const readOnly = this.overlay.readOnly;
    // Named: "Apply refused, nothing was done" — never an apply done "where it can" that the store could not record.
    if (readOnly) throw refused ? new StoreReadOnlyError(readOnly.condition, refused) : readOnly;
  }

  /** Resolves once everything staged so far is durable. */
  flush(): Promise<void> {
    return this.overlay.flush();
  }

  // ── reconciliation ──────────────────────────────────────────────────────────────────────────────────────

  /** Reconciles the composites that depend on these disk paths (a watcher event). */
  reconcilePaths(diskPaths: Iterable<string>): ReconcileOutcome[] {
    const out: ReconcileOutcome[] = [];
    const wanted = new Set(diskPaths);
    const kinds = new Map([...wanted].map(p => [p, this.disk.stat(p)?.type]));
    // A folder renamed or deleted on disk is reported as the folder's own path, not its files': a composite under
    // an event path that is gone now is affected too.
    const affected = (p: string | undefined): boolean => {
      if (p === undefined) return false;
      if (wanted.has(p)) return true;
      for (let q = path.dirname(p); path.dirname(q) !== q; q = path.dirname(q)) {
        if (wanted.has(q) && kinds.get(q) === undefined) return true;
      }
      return false;
    };
    // A file that vanished from one path and appeared at another in the same burst of events, with the same
    // device and inode, was renamed or moved (on its own or with its folder): tell reconciliation where it went
    // (a rename conflict, not a deletion). The files under a folder that appeared are listed once, on demand.
    let candidates: string[] | undefined;
    const appeared = (): string[] => (candidates ??= [...wanted].flatMap(p => kinds.get(p) === 'directory' ? this.diskFilesUnder(p, LOCATE_LIMIT) : [p]));
    const probe: DiskProbe = {
      read: this.disk.read,
      identity: p => this.disk.identity(p),
      locate: id => appeared().find(p => sameIdentity(this.disk.identity(p), id)),
    };
    // Watchers coalesce: a folder made and moved in one burst may be reported only where it arrived. When a folder
    // appears, every staged file whose disk original is gone is checked too (one stat each; folders appear rarely).
    const folderAppeared = [...kinds.values()].includes('directory');
    const vanished = (c: CompositeChange): boolean => folderAppeared && c.kind !== 'create' && this.disk.stat(c.fromPath ?? c.path) === undefined;
    const done = new Set<string>();
    for (const c of this.model.composites()) {
      if (affected(c.path) || affected(c.fromPath) || vanished(c)) {
        done.add(c.path);
        const r = this.model.reconcile(c.path, probe);
        if (r.kind !== 'unchanged') out.push(r);
      }
    }
    // A change that cancelled out is listed nowhere but still replays from its baseline, so it follows the disk
    // too, as a read of it does: left for the next read, the view (a folder's listing) changed under a walk of it
    // (issue 23, provenance seed 76173: a delete the person's new file at its path turns into a conflict).
    for (const p of wanted) {
      if (done.has(p) || !this.model.hasEntry(p)) continue;
      const r = this.model.reconcile(p, probe);
      if (r.kind !== 'unchanged') out.push(r);
    }
    // A staged folder needs no reconciling (its status is read against the disk each time), only a refresh: the
    // disk made it (nothing left to do) or put a file in its way (a conflict).
    const folders = this.model.folderPaths().filter(p => affected(p));
    if (folders.length > 0) this.touch(folders);
    return out;
  }

  /** Files on disk under `dir`, depth first, at most `limit` of them (a moved folder may be huge). */
  private diskFilesUnder(dir: string, limit: number): string[] {
    const out: string[] = [];
    const stack = [dir];
    while (stack.length && out.length < limit) {
      const d = stack.pop() as string;
      for (const [name, type] of this.disk.readDirectory(d) ?? []) {
        if (type === 'file') out.push(path.join(d, name));
        else if (type === 'directory') stack.push(path.join(d, name));
      }
    }
    return out.slice(0, limit);
  }

  private reconcileIfStaged(p: string): void {
    if (this.model.hasEntry(p)) this.model.reconcile(p, this.disk);
  }

  /**
   * A rename's destination is reconciled once it is staged, as a read of it would be. The rename's replay may land
   * the file on a path whose records were staged when the disk still had its file there (a chain moving it back
   * home), keeping that baseline; where the person has since moved or deleted that disk file, the destination holds
   * a disk conflict no one has looked for. Its listing follows the disk (a modified file the disk lacks is not
   * listed), so no read of the view finds it; left for the next reconcile, a partial Apply's look at another path
   * of the component (one reconcile is a fixpoint, `OverlayModel.reconcile`) showed it there, changing the view of
   * a path not applied (issue 23, provenance seed 864863, SIDE).
   */
  private reconcileLanded(destinations: readonly string[]): void {
    for (const p of destinations) this.reconcileIfStaged(p);
  }

  // ── apply and undo ──────────────────────────────────────────────────────────────────────────────────────

  /** Applies staged changes to the disk, group by group, journaled; refuses conflicts, stale bases, dirty editors. */
  async apply(options: ApplyOptions = {}): Promise<ApplyResult> {
    this.assertWritable('Apply');
    // Reconcile, the plan and the checks below ask the same things of each file: one look (see `NodeDisk.lookOnce`).
    this.disk.lookOnce();
    const { selection, folderSelection } = this.selectionOf(options.paths);
    const unseen = this.reconcileBeforeApply(selection);
    const plan = this.model.planApply(selection, this.disk);
    const refused: ApplyRefusalReport[] = [...plan.refused];
    const groups = withoutUnseen(plan.groups, refused, unseen);
    const folders = this.planFolders(folderSelection, refused);
    const accepted: ApplyGroup[] = [];
    const removedByPlan = new Set(groups.flatMap(g => pathsLeftEmpty(g.actions)));
    const place = newPlaceMemo();
    for (const group of groups) {
      const dirty = group.paths.find(p => options.isDirty?.(p));
      if (dirty) {
        refused.push({ paths: group.paths, path: dirty, reason: 'dirtyEditor' });
        continue;
      }
      try {
        this.executor.check(group.actions, removedByPlan, options.roots, place);
        accepted.push(group);
      } catch (e) {
        refused.push(refusalOf(e, group.paths));
      }
    }
    // One journaled unit for the whole apply, its undo record and the folders it empties included: after a crash
    // it is either finished or not started. A file that changes on disk between the check above and the write is
    // caught by `run`'s own check: drop its group, retry.
    for (;;) {
      try {
        const filePaths = accepted.flatMap(g => g.paths);
        const paths = [...filePaths, ...folders.paths];
        const actions = accepted.flatMap(g => g.actions);
        const removed = pathsLeftEmpty(actions);
        const kept = new Set(filePaths);
        const folderRecords = restageFolderRecordsOf(folders.changes.flatMap(c => c.records));
        const last = paths.length > 0 ? this.lastApplyOf(plan.undo.entries.filter(e => kept.has(e.path)), this.model.restageGroupsOf(filePaths), folderRecords, folders) : undefined;
        await this.executor.run(actions, {
          ...(options.roots ? { roots: options.roots } : {}),
          onProgress: options.onProgress,
          pruneDirs: options.roots ? foldersAbove(removed, options.roots) : [],
          makeDirs: folders.make,
          removeDirs: folders.remove,
          // A folder moved whole lists its files in the entry already (`moveDirs`): not again here.
          metaOf: moved => ({ appliedPaths: moved.size > 0 ? paths.filter(p => !moved.has(p)) : paths, ...(moved.size > 0 ? { appliedMoves: true } : {}) } satisfies ApplyMeta),
          // The undo record is written once, beside the journal entry, and moved to last-apply.json by `run` beside
          // `onWritten` (each needs only to be durable before the journal forgets the apply).
          ...(last ? { record: { bytes: encodeLastApply(last), to: lastApplyFile(this.storeDir) } } : {}),
          onWritten: async () => {
            if (!last) return;
            // Set first: a blob collection during the flush keeps what the new record names.
            this.lastApply = last;
            this.model.markApplied(paths);
            await this.flush();
          },
        });
        break;
      } catch (e) {
        if (!(e instanceof StaleDiskError || e instanceof OutsideWorkspaceError)) throw e;
        const stale = accepted.findIndex(g => g.actions.some(a => (a.kind === 'rename' ? a.from === e.path || a.to === e.path : a.path === e.path)));
        if (stale < 0) throw e;
        refused.push(refusalOf(e, accepted[stale].paths));
        accepted.splice(stale, 1);
      }
    }
    const applied = [...accepted.flatMap(g => g.paths), ...folders.paths];
    await this.flush();
    this.touch(applied);
    return { applied, refused };
  }

  /**
   * Apply's own look at the disk (a reconcile of each selected path), returning the paths whose view it changed
   * though their own disk file is what their change was made against: what Apply would write there is not what the
   * view showed, and the person changed nothing there (issue 23, provenance seeds 503630, 332318: the person deleted
   * or moved a rename chain's source on disk, and the look made the chain move nothing, so its middle, shown
   * deleted, kept the person's file; Apply wrote that, not what was reviewed). A path whose own file changed shows
   * the person's change merged in, as before.
   */
  private reconcileBeforeApply(selection: readonly string[]): Set<string> {
    const shown = new Map<string, ContentRef | null | undefined>();
    for (const p of selection) if (this.model.baselineOf(p) === this.disk.refOf(p)) shown.set(p, this.model.stagedRef(p));
    for (const p of selection) this.reconcileIfStaged(p);
    return new Set([...shown].filter(([p, ref]) => this.model.stagedRef(p) !== ref).map(([p]) => p));
  }

  /**
   * The staged changes an apply of `paths` (all: every one) takes along, as a confirmation should list them: rename
   * partners and chains, the changes inside a folder it removes, and on a case-insensitive disk the change that
   * removes a file a new name would be written over.
   */
  appliedWith(paths?: readonly string[]): CompositeChange[] {
    const { selection, folderSelection } = this.selectionOf(paths);
    const together = new Set([...selection, ...folderSelection, ...this.model.applyGroups(selection, this.disk).flat()]);
    return this.composites().filter(c => together.has(c.path));
  }

  /** The file and folder paths an apply of `paths` (all: every one) selects. */
  private selectionOf(paths: readonly string[] | undefined): { selection: string[]; folderSelection: string[] } {
    // A folder to remove takes the staged changes inside it along (its files' deletes and folders' removals empty it).
    const removing = (paths ?? []).filter(p => this.model.folderIntent(p) === 'absent');
    const under = (p: string) => removing.some(d => p.startsWith(`${d}/`));
    const folderSelection = paths
      ? [...new Set([...paths.filter(p => this.model.folderIntent(p) !== undefined), ...this.model.folderPaths().filter(under)])]
      : this.model.folderPaths();
    const inside = removing.flatMap(p => this.model.compositesUnder(p).map(c => c.path));
    const selection = paths ? [...new Set([...paths, ...inside])] : this.model.stagedPaths();
    return { selection, folderSelection };
  }

  /**
   * Which folder records an apply settles: folders to make, empty folders to remove, and records the disk already
   * satisfies (dropped). A file in the way of a folder is a conflict; a folder to remove whose files' changes are
   * refused is refused with them (it would not be empty).
   */
  private planFolders(selection: readonly string[], refused: ApplyRefusalReport[]): FolderPlan {
    const plan: { make: string[]; remove: string[]; paths: string[]; changes: CompositeChange[] } = { make: [], remove: [], paths: [], changes: [] };
    const inRefused = (p: string) => refused.some(r => r.paths.some(q => q === p || q.startsWith(`${p}/`)));
    for (const p of selection) {
      const status = this.model.folderStatus(p, this.folderDisk);
      switch (status) {
        case 'mkdir':
        case 'rmdir': {
          if (status === 'rmdir' && inRefused(p)) {
            refused.push({ paths: [p], path: p, reason: 'conflict' });
            continue;
          }
          (status === 'mkdir' ? plan.make : plan.remove).push(p);
          plan.paths.push(p);
          const c = this.model.folderChange(p, this.folderDisk);
          if (c) plan.changes.push(c);
          continue;
        }
        case 'satisfied':
          plan.paths.push(p);
          continue;
        case 'fileInTheWay':
          refused.push({ paths: [p], path: p, reason: 'conflict' });
          continue;
        case 'moot':
        case undefined:
          continue;
        default:
          assertNever(status);
      }
    }
    plan.remove.sort((a, b) => b.split('/').length - a.split('/').length);
    plan.make.sort((a, b) => a.split('/').length - b.split('/').length);
    return plan;
  }

  /** True when Undo Last Apply would restore something (a file the apply wrote is still as it left it). */
  get canUndo(): boolean {
    if (!this.lastApply) return false;
    const folders = (this.lastApply.restageFolders ?? []).length > 0 || (this.lastApply.restage ?? []).some(i => isFolderOperation(i.kind));
    return planUndo(this.lastApply.undo, this.disk.read, linkedOf(this.lastApply), this.model.store).actions.length > 0 || folders;
  }

  /**
   * Restores exactly what the last apply replaced (with its permission bits), except paths changed since (left
   * alone, reported), removes the folders the apply created that this leaves empty, and stages the applied
   * changes again, so the proposal is back for review exactly as before the apply. A change one of whose files
   * was left alone is not staged again: the person's edit on disk is never turned into a proposal to overwrite it.
   * Journaled like an apply: the restaging and the dropped undo record are part of the same unit (recovery
   * finishes both).
   */
  async undoLastApply(): Promise<UndoResult> {
    this.assertWritable('Undo Last Apply');
    const last = this.lastApply;
    if (!last) return { restored: [], refused: [], restaged: [], notRestaged: [] };
    const linked = linkedOf(last);
    const plan = planUndo(last.undo, this.disk.read, linked, this.model.store);
    // Only what a live message proposed is staged again: a message deleted since the apply is remembered.
    const restage = withoutForgotten({
      ...(last.restageGroups ? { restageGroups: last.restageGroups } : {}),
      ...(last.restageFolders?.length ? { restageFolders: last.restageFolders } : {}),
      ...(last.restage ? { restage: last.restage } : {}),
    }, last.forgotten ?? [], this.model.store);
    let outcome = { restaged: [] as readonly string[], skipped: [] as readonly string[] };
    let actions = [...plan.actions];
    const refused = [...plan.refused];
    // A path the disk took meanwhile (on a case-insensitive disk, a file under another spelling of its name) is
    // refused on its own and the rest restored (issue 23 case 8), as Apply drops a stale group and goes on.
    for (;;) {
      try {
        await this.executor.run(actions, {
          modes: new Map(Object.entries(last.modes)),
          pruneDirs: last.createdDirs,
          // The folders the apply removed come back (empty, as they were).
          makeDirs: last.removedDirs ?? [],
          meta: { appliedPaths: [], lastApply: null, ...restage, leftAlone: refused } satisfies ApplyMeta,
          onWritten: async () => {
            outcome = this.overlay.unitOfOps(() => restageAll(this.model, restage, this.disk, new Set(refused)));
            await this.flush();
            this.lastApply = undefined;
            await writeLastApply(this.storeDir, undefined);
          },
        });
        break;
      } catch (e) {
        if (!(e instanceof StaleDiskError) || !actions.some(a => a.kind !== 'rename' && a.path === e.path)) throw e;
        const dropped = closeOverLinked([e.path], linked);
        refused.push(...dropped.filter(p => !refused.includes(p) && actions.some(a => a.kind !== 'rename' && a.path === p)));
        actions = actions.filter(a => a.kind === 'rename' || !dropped.includes(a.path));
      }
    }
    const restored = actions.map(a => (a.kind === 'rename' ? a.to : a.path));
    this.touch([...restored, ...refused]);
    return { restored, refused, restaged: outcome.restaged, notRestaged: outcome.skipped };
  }

  /**
   * A chat message was deleted: its staged changes are pruned, and if the last apply wrote some of them, Undo
   * will not stage them again (remembered durably in the undo record, issue 23 case 6).
   */
  async forgetMessage(messageId: string, sessionId?: string): Promise<void> {
    if (this.model.recordsByMessage(messageId, sessionId).length > 0) this.model.prune(messageId, sessionId);
    await this.rememberForgotten([{ messageId, ...(sessionId !== undefined ? { sessionId } : {}) }]);
    await this.flush();
  }

  /**
   * A chat session's staged changes are discarded: a message of it with a change still staged is taken out whole,
   * so Undo will not stage again what the last apply wrote of it either (issue 23, provenance seed 1248).
   */
  async discardSession(sessionId: string): Promise<void> {
    const messages = [...new Set(this.model.recordsBySession(sessionId).map(r => r.messageId))];
    this.model.discardSession(sessionId);
    await this.rememberForgotten(messages.map(messageId => ({ messageId, sessionId })));
    await this.flush();
  }

  /**
   * A message's staged changes are discarded (the discard tool's `messageId`): taken out whole, as a session's are,
   * so Undo will not stage again what the last apply wrote of it either — when a change of it was still staged (a
   * part of one record applied, another not, as a folder delete's `rmdir` left behind; issue 23, provenance seeds
   * 38702 and 74289). A message of which nothing is staged any more is left alone: nothing of it was discarded.
   */
  async discardMessage(messageId: string, sessionId: string): Promise<void> {
    if (this.model.recordsByMessage(messageId, sessionId).length === 0) return;
    this.model.prune(messageId, sessionId);
    await this.rememberForgotten([{ messageId, sessionId }]);
    await this.flush();
  }

  /** Remembers, durably in the undo record, the messages taken out of which the last apply wrote something. */
  private async rememberForgotten(messages: readonly ForgottenMessage[]): Promise<void> {
    const last = this.lastApply;
    if (!last) return;
    const applied = messages.filter(m => {
      const of = (r: { readonly sessionId: string; readonly messageId: string }) => r.messageId === m.messageId && (m.sessionId === undefined || r.sessionId === m.sessionId);
      return (last.restageGroups ?? []).some(g => g.records.some(of)) || (last.restageFolders ?? []).some(of) || (last.restage ?? []).some(i => of(i.origin));
    });
    if (applied.length === 0) return;
    this.lastApply = { ...last, forgotten: [...(last.forgotten ?? []), ...applied] };
    await writeLastApply(this.storeDir, this.lastApply);
  }

  /** The undo record of an apply about to run: the model's, plus the modes and folders it will change. */
  private lastApplyOf(entries: readonly UndoEntry[], restageGroups: readonly RestageGroup[], restageFolders: readonly RestageRecord[], folders: FolderPlan): LastApply {
    const modes: Record<string, number> = {};
    for (const e of entries) {
      const mode = e.previous === null ? undefined : this.disk.modeOf(e.path);
      if (mode !== undefined) modes[e.path] = mode;
    }
    // A file inside each folder to make names it and its missing parents.
    const createdDirs = this.disk.missingFolders([...entries.filter(e => e.previous === null).map(e => e.path), ...folders.make.map(d => path.join(d, '.agent-overlay-folder'))]);
    return { undo: { entries }, modes, createdDirs, restageGroups, restageFolders, ...(folders.remove.length ? { removedDirs: folders.remove } : {}) };
  }

  // ── queries ─────────────────────────────────────────────────────────────────────────────────────────────

  /** Every listed change: files, then folders to make or remove (see model/folders.ts). */
  composites(): CompositeChange[] {
    return [...this.model.composites(), ...this.model.folderChanges(this.folderDisk)];
  }

  /** The listed change at a path: a file's, else a folder's. */
  composite(p: string): CompositeChange | undefined {
    return this.model.composite(p) ?? this.model.folderChange(p, this.folderDisk);
  }

  async close(): Promise<void> {
    await this.overlay.close();
    this._onDidChange.dispose();
  }

  private touch(paths: readonly string[]): void {
    if (paths.length === 0) return;
    const now = Date.now();
    for (const p of paths) this.bumped.set(p, Math.max(now, (this.bumped.get(p) ?? 0) + 1));
    if (this.heldPaths) for (const p of paths) this.heldPaths.add(p);
    else this._onDidChange.fire(paths);
  }

  private exists(p: string): boolean {
    try {
      this.stat(p);
      return true;
    } catch {
      return false;
    }
  }

  private isDirectory(p: string): boolean {
    try {
      return this.stat(p).type === 'directory';
    } catch {
      return false;
    }
  }

  /** Every file and folder under a directory in the effective view; folders deepest first. */
  private treeUnder(dir: string): { files: string[]; folders: string[] } {
    const files: string[] = [];
    const folders: string[] = [];
    for (const [name, type] of this.readDirectory(dir)) {
      const child = path.join(dir, name);
      if (type === 'file') files.push(child);
      else {
        const sub = this.treeUnder(child);
        files.push(...sub.files);
        folders.push(...sub.folders, child);
      }
    }
    return { files, folders };
  }
}

/** A name with a control character misleads every list it is shown in (a newline splits a line): never staged. */
function checkName(p: string): void {
  const problem = controlCharacterProblem(p);
  if (problem !== undefined) throw new OverlayError('InvalidOperation', problem, { path: p });
}

/**
 * The groups an apply goes on with: one holding a path whose view Apply's own look changed (`reconcileBeforeApply`)
 * is refused as out of date (the disk changed since the view was shown), and so is such a path in no group (its
 * change now nothing to apply): the person looks again.
 */
function withoutUnseen(groups: readonly ApplyGroup[], refused: ApplyRefusalReport[], unseen: ReadonlySet<string>): ApplyGroup[] {
  if (unseen.size === 0) return [...groups];
  const kept: ApplyGroup[] = [];
  const grouped = new Set<string>();
  for (const g of groups) {
    for (const p of g.paths) grouped.add(p);
    const stale = g.paths.find(p => unseen.has(p));
    if (stale === undefined) kept.push(g);
    else refused.push({ paths: g.paths, path: stale, reason: 'diskChanged' });
  }
  const listed = new Set(refused.flatMap(r => r.paths));
  for (const p of unseen) if (!grouped.has(p) && !listed.has(p)) refused.push({ paths: [p], path: p, reason: 'diskChanged' });
  return kept;
}

/** A group held back by a check of `ApplyExecutor`: the disk moved on, or the write would leave the workspace. */
function refusalOf(e: unknown, paths: readonly string[]): ApplyRefusalReport {
  if (e instanceof OutsideWorkspaceError) return { paths, path: e.path, reason: 'outsideWorkspace', detail: e.message };
  if (e instanceof StaleDiskError) return { paths, path: e.path, reason: e.twin === undefined ? 'diskChanged' : 'sameName' };
  throw e;
}

/** The folder records an apply settles (see `planFolders`). */
interface FolderPlan {
  readonly make: readonly string[];
  readonly remove: readonly string[];
  /** Every folder path whose records the apply takes out (made, removed, or satisfied already). */
  readonly paths: readonly string[];
  readonly changes: readonly CompositeChange[];
}

/**
 * Kept in an apply's journal entry: what recording the apply means, so recovery can finish it exactly as `run`
 * would have. `lastApply`: the undo record the apply leaves (null: it removes the record, as Undo does; absent:
 * it leaves the record alone).
 */
interface ApplyMeta {
  readonly appliedPaths: readonly string[];
  /** The files of the entry's folder moves (`moveDirs`), both their old and new paths, are applied too. */
  readonly appliedMoves?: true;
  readonly lastApply?: LastApply | null;
  /** An undo: the applied records it stages again once the disk is restored (v4), and the paths it left alone. */
  readonly restageGroups?: readonly RestageGroup[];
  readonly restageFolders?: readonly RestageRecord[];
  /** The same, from an undo record of version 3 (each composite under its last message only). */
  readonly restage?: readonly RestageItem[];
  readonly leftAlone?: readonly string[];
}

/**
 * The paths an interrupted apply records as applied once rolled forward: its meta's, and the files its folder moves
 * carry, at their old place and their new, when the meta says it left them to the moves (`appliedMoves`).
 */
export function appliedPathsOfEntry(entry: JournalEntry): string[] {
  const meta = entry.meta as ApplyMeta | undefined;
  const moved = meta?.appliedMoves ? (entry.moveDirs ?? []).flatMap(m => m.files.flatMap(f => [path.join(m.from, f.rel), path.join(m.to, f.rel)])) : [];
  return [...(meta?.appliedPaths ?? []), ...moved];
}

/** Content refs an interrupted apply needs until recovery has dealt with it. */
function refsOfEntry(entry: JournalEntry): string[] {
  const meta = entry.meta as ApplyMeta | undefined;
  const refs = entry.files.flatMap(f => [f.undoRef, f.afterRef]).filter((r): r is string => r !== null);
  const last = lastApplyOfEntry(entry);
  return [...refs, ...refsOfLastApply(last === 'adopted' ? undefined : last ?? undefined), ...refsOfRestage(meta)];
}

/**
 * The undo record an interrupted apply leaves once rolled forward: its entry's record (format 2, still beside the
 * entry), `'adopted'` when that record is in place already, a copy in its meta (format 1), null for an Undo (no
 * record after it), undefined when the apply does not change the record.
 */
function lastApplyOfEntry(entry: JournalEntry): LastApply | null | 'adopted' | undefined {
  if (entry.record === null) return 'adopted';
  if (entry.record !== undefined) {
    // Synced before the entry was: never torn. Unreadable all the same, it is no record of this apply: none is kept
    // (Undo is unavailable), rather than the previous apply's, which Undo would then revert instead.
    try {
      return parseLastApply(JSON.parse(Buffer.from(entry.record).toString('utf8'))) ?? null;
    } catch {
      return null;
    }
  }
  return (entry.meta as ApplyMeta | undefined)?.lastApply;
}

/** The paths an apply took as one unit (each applied component's), which Undo restores or refuses together. */
function linkedOf(last: LastApply): string[][] {
  return (last.restageGroups ?? []).map(g => g.baselines.map(b => b.path));
}
