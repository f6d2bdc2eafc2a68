import { randomUUID } from 'crypto';
import * as path from 'path';
import { viewOf, type ContentRef, type ContentStore } from './model/contentStore';
import type { ApplyAction } from './model/applyPlan';
import { newPlaceMemo, OutsideWorkspaceError, type NodeDisk, type PlaceMemo } from './nodeDisk';
import { writeDurable } from './store/writeDurable';
import { ApplyJournal, inspectJournalFile, stashBeside, type JournalEntry, type JournalFile, type JournalFolderMove } from './store/applyJournal';

/** One file-level step: put `after` at `path` (null = remove it), provided the disk still has `expected`. */
interface FileStep {
  readonly path: string;
  readonly expected: ContentRef | null;
  readonly after: ContentRef | null;
  /** Whose permission bits a write keeps: the file itself, or a rename's origin. */
  readonly modeFrom?: string;
}

/** Why a group was not written although it was planned. */
export class StaleDiskError extends Error {
  readonly code = 'DiskChanged';
  /** `twin`: a case-insensitive disk has a file under this other spelling of the new name `path`. */
  constructor(readonly path: string, readonly twin?: string) {
    super(twin === undefined ? `${path} changed on disk after the apply was planned` : `${path} would be written over ${twin}, the same name on this case-insensitive disk`);
  }
}

/** Two staged paths are one file on disk (a symlink): applying both would lose one of them. */
export class SameFileError extends Error {
  readonly code = 'SameFile';
  constructor(readonly first: string, readonly second: string) {
    super(`${first} and ${second} are the same file on disk (a symlink); apply them one at a time`);
  }
}

/**
 * Executes apply actions on the disk, crash-safely (SPEC §2 Apply, §9 invariant 3): every new content goes to an
 * fsynced temp file beside its target; the intent (targets, temps, undo refs) is journaled durably; only then are
 * the temps put in place (atomic per file: a new file linked where nothing is, never over a file made since the
 * check; the others renamed over their targets) and deletions made; then the journal entry is removed.
 * A crash leaves each file fully old or fully new, and `recover` finishes what the journal says was begun.
 * Renames are executed as write + delete (the written file gets the origin's permission bits), so the journal
 * has one uniform kind of step.
 */
export class ApplyExecutor {
  /**
   * `roots`: the workspace folders, asked at every apply and recovery; every target is checked against them at the
   * moment of writing (`NodeDisk.containedTarget`). Without them (unit tests of other concerns) nothing is checked.
   */
  constructor(private readonly disk: NodeDisk, private readonly content: ContentStore, private readonly journal: ApplyJournal, private readonly roots?: () => readonly string[]) {}

  /**
   * Where a step on `p` lands (`follow`: a write, through a link at `p` that stays inside the workspace); throws
   * `OutsideWorkspaceError` when it would land outside the workspace folders.
   */
  private placeOf(p: string, follow: boolean, roots = this.roots?.(), memo?: PlaceMemo): string {
    if (roots === undefined) return follow ? this.disk.writeTargetOf(p) : p;
    return this.disk.containedTarget(p, roots, follow, memo);
  }

  /**
   * Throws `StaleDiskError` when the disk no longer holds what the actions expect (checked again in `run`).
   * `removedElsewhere`: paths the rest of the same apply removes (for a case-insensitive disk's other spellings).
   * `memo`: shared by the checks of one pass over an apply's groups (see `PlaceMemo`).
   */
  check(actions: readonly ApplyAction[], removedElsewhere: ReadonlySet<string> = new Set(), roots = this.roots?.(), memo = newPlaceMemo()): void {
    this.checkSteps(netSteps(actions.flatMap(stepsOf)), removedElsewhere, roots, memo);
  }

  /** …and answers where each step lands (`placeOf`, in the order of `steps`): `run` writes there. */
  private checkSteps(steps: readonly FileStep[], removedElsewhere: ReadonlySet<string>, roots: readonly string[] | undefined, memo: PlaceMemo): string[] {
    const removedHere = new Set(steps.filter(s => s.after === null).map(s => s.path));
    const removed = (p: string) => removedHere.has(p) || removedElsewhere.has(p);
    // A write through a symlink lands on the linked file (inside the workspace); a delete removes the link itself.
    const targets = steps.map(s => this.placeOf(s.path, s.after !== null, roots, memo));
    for (const s of steps) {
      // The file's verified identity: read and hashed once per Apply (or since staging), then checked by `stat`.
      if (this.disk.refOf(s.path) !== s.expected) throw new StaleDiskError(s.path);
      // A case-insensitive disk: a new name whose other spelling holds a file would land on that file.
      if (s.expected === null && s.after !== null) {
        const twin = this.disk.caseTwin(s.path);
        if (twin !== undefined && !removed(twin)) throw new StaleDiskError(s.path, twin);
      }
    }
    return targets;
  }

  /**
   * Runs the actions of a whole apply as one journaled unit: the intent is made durable (targets, temps, modes,
   * the folders it creates and removes, the caller's `meta`), every new content is written to its temp file (in
   * parallel, each fsynced, with its mode), then the temps are renamed over their targets and the deletions made,
   * each touched directory is fsynced once, and the folders left empty are removed. `onWritten` records the
   * apply's effect durably before the journal forgets it. Re-checks every target first; throws `StaleDiskError`
   * and writes nothing when the disk moved on since planning, `OutsideWorkspaceError` (naming the staged path) when
   * a target would land outside the workspace folders — checked again once the temps are written, just before the
   * first target is touched (a link made meanwhile): then the temps are removed and nothing is written.
   */
  async run(actions: readonly ApplyAction[], options: RunOptions = {}): Promise<void> {
    const { onProgress } = options;
    const roots = options.roots ?? this.roots?.();
    // The check and the placing below are one look at the disk (the caller's planning too, when it is in the same
    // synchronous stretch): each file's `stat` and `lstat` asked once.
    this.disk.lookOnce();
    const memo = newPlaceMemo();
    const steps = netSteps(actions.flatMap(stepsOf));
    // Where each step lands, asked once: the check's answer (the same pass and look) is where the temps go.
    const targets = this.checkSteps(steps, new Set(), roots, memo);
    const folders: FolderSteps = { makeDirs: options.makeDirs ?? [], removeDirs: options.removeDirs ?? [] };
    if (steps.length === 0 && !hasFolderSteps(folders) && (options.pruneDirs ?? []).length === 0) {
      // Nothing to do on disk, and so no journal entry whose record is moved into place below: the record is
      // written where it belongs, or a reload would find the previous apply's (Undo would undo that one).
      await settleAll([options.onWritten?.(), options.record ? writeDurable(options.record.to, options.record.bytes) : undefined]);
      return;
    }
    for (const d of [...folders.makeDirs, ...folders.removeDirs]) this.placeOf(d, false, roots, memo);
    const id = randomUUID();
    const sources = new Map<string, string>();
    const before = new Map(steps.map(s => [s.path, s.expected]));
    for (const [i, s] of steps.entries()) {
      const origin = movedFrom(s, before);
      // Moved as it is (its inode, so its mode): unless it is to get other permission bits than it has.
      const given = options.modes?.get(s.path);
      if (origin !== undefined && targets[i] === s.path && (given === undefined || given === this.disk.modeOf(origin))) sources.set(s.path, origin);
    }
    // Whole folders that move unchanged: one rename each; their files are no file steps of their own.
    const moveDirs = this.folderMovesOf(steps, this.movesOf(steps, targets, sources, options.modes), folders, roots, memo);
    const inMove = new Set(moveDirs.flatMap(m => m.files.flatMap(f => [path.join(m.from, f.rel), path.join(m.to, f.rel)])));
    const fileSteps = steps.filter(s => !inMove.has(s.path));
    const files: JournalFile[] = steps.flatMap((s, i) => {
      if (inMove.has(s.path)) return [];
      const target = targets[i];
      const mode = s.after === null ? undefined : options.modes?.get(s.path) ?? (s.modeFrom === undefined ? undefined : this.disk.modeOf(s.modeFrom));
      return [{
        path: target,
        ...(s.after === null ? {} : { tempPath: this.disk.tempPathFor(target, id.slice(0, 8)) }),
        undoRef: s.expected,
        afterRef: s.after,
        ...(mode === undefined ? {} : { mode }),
      }];
    });
    const seen = new Map<string, string>();
    for (const [i, f] of files.entries()) {
      const other = seen.get(f.path);
      // Two staged paths reaching one file through a symlink: whichever landed last would silently win.
      if (other !== undefined) throw new SameFileError(other, fileSteps[i].path);
      seen.set(f.path, fileSteps[i].path);
    }
    // The folders made for temps, and those the apply makes itself (the path of a file inside one names them all).
    const createdDirs = this.disk.missingFolders([...files.flatMap(f => (f.tempPath ? [f.tempPath] : [])), ...folders.makeDirs.map(d => path.join(d, '.agent-overlay-folder'))]);
    const pruneDirs = options.pruneDirs ?? [];
    // The intent is durable before any file is written, so even a temp file or folder left by a crash is found again.
    const record = options.record;
    const meta = options.metaOf ? options.metaOf(inMove) : options.meta;
    await this.journal.begin({ id, files, createdDirs, pruneDirs, ...folders, ...(moveDirs.length > 0 ? { moveDirs } : {}), meta, ...(record ? { record: record.bytes } : {}) });
    try {
      let done = 0;
      const temps = files.flatMap(f => (f.tempPath ? [f.tempPath] : []));
      // Many new contents are made durable together (one flush of their file system), a few each with its own fsync.
      const together = files.filter(f => f.tempPath && !sources.has(f.path)).length >= SYNC_TOGETHER_FROM;
      const linked: string[] = [];
      await forEachLimited(files, TEMP_WRITE_CONCURRENCY, async f => {
        // A file that moves unchanged keeps its inode: its temp is a hard link to it (else a copy of the bytes).
        const source = sources.get(f.path);
        if (f.tempPath && source !== undefined && (await this.disk.linkTemp(source, f.tempPath))) linked.push(f.tempPath);
        // The store's own bytes (no copy): written out and not kept.
        else if (f.tempPath) await this.disk.writeTemp(f.tempPath, viewOf(this.content, f.afterRef!), f.mode, together);
        onProgress?.(++done, files.length);
        // Unsynced temps are written synchronously: let the host breathe (and show the progress) now and then.
        if (done % YIELD_EVERY === 0) await new Promise(resolve => setImmediate(resolve));
      });
      // Every temp is durable before a target is touched (recovery rolls forward only when all are complete). A
      // linked temp's content is durable already: only its name is to be made so.
      if (together) await this.disk.syncFiles(temps);
      else await forEachLimited([...new Set(linked.map(t => path.dirname(t)))], TEMP_WRITE_CONCURRENCY, d => this.disk.syncFolder(d));
      // The moment of writing: a folder on the way may have become a link leading out while the temps were written.
      // One look of its own (the temps are written): each file's `lstat` here also answers its `stat` below.
      this.disk.lookOnce();
      const now = newPlaceMemo();
      for (const [i, f] of files.entries()) {
        try {
          this.placeOf(f.path, false, roots, now);
        } catch (e) {
          throw e instanceof OutsideWorkspaceError ? new OutsideWorkspaceError(fileSteps[i].path, e.link, e.leadsTo, e.dangling) : e;
        }
      }
      for (const d of [...folders.makeDirs, ...folders.removeDirs]) {
        try {
          this.placeOf(d, false, roots, now);
        } catch (e) {
          // As before any file: the first file's path names the refusal (its group is dropped and the rest retried).
          throw e instanceof OutsideWorkspaceError && steps.length > 0 ? new OutsideWorkspaceError(steps[0].path, e.link, e.leadsTo, e.dangling) : e;
        }
      }
      // …and each file is still what was checked (a `stat` against its verified identity; a racy one is read
      // again): a person's edit made while the temps were written is never renamed over. A folder to move still
      // holds exactly the files checked (a file a person added there would move too) and its new place is free.
      for (const m of moveDirs) this.checkFolderMove(m, roots, now);
      for (const s of steps) if (this.disk.refOf(s.path) !== s.expected) throw new StaleDiskError(s.path);
    } catch (e) {
      await this.rollBack(files, createdDirs, roots);
      await this.journal.complete(id);
      throw e;
    }
    // A new file's path a person took since the check (a race of microseconds): the new files placed are taken
    // back (nothing else was touched yet) and the apply is refused as at the check above; the caller drops that
    // path's group and runs the rest again, so what is marked applied and the undo record cover exactly what is
    // written.
    const stagedPathOf = new Map(files.map((f, i) => [f, fileSteps[i].path]));
    let touched: string[];
    try {
      touched = await this.place(files, pruneDirs, folders, moveDirs, f => new StaleDiskError(stagedPathOf.get(f) ?? f.path));
    } catch (e) {
      if (!(e instanceof StaleDiskError)) throw e;
      await this.rollBack(files, createdDirs, roots);
      await this.journal.complete(id);
      throw e;
    }
    // The caller records the apply (durably) before the journal forgets it: a crash in between is recovered
    // from the journal, never seen as changes made on disk behind the overlay's back. The record and the touched
    // folders are made durable side by side: each needs only to be durable before the entry is removed, and a
    // power loss that keeps the record but not a rename leaves the entry, which recovery rolls forward (it looks
    // at the disk, not at the record) and records again (idempotent).
    // The record written with the entry is moved to its place (a rename) in the same batch.
    await settleAll([this.syncFolders(touched), options.onWritten?.(), record ? this.journal.adoptRecord(id, record.to) : undefined]);
    await this.journal.complete(id);
  }

  /**
   * Finishes, or undoes the beginnings of, the applies a crash interrupted. Targets are only touched once every
   * temp file of an apply is complete, so: if every temp still holds its full new content (checked by hash), the
   * crash came during the renames and the apply rolls forward (each temp gets its journaled mode again first);
   * otherwise no target was touched yet and the temps, and the folders made for them, are removed (the staged
   * changes are still pending). A target that holds neither its old nor its new content was changed by someone
   * else meanwhile: left alone and reported.
   *
   * The journal entries are NOT forgotten here: the caller records each rolled-forward apply's effect durably
   * first, then calls `forget`. Every step is idempotent, so a crash during recovery is recovered the same way.
   */
  async recover(unfinished: readonly JournalEntry[]): Promise<RecoveryReport> {
    const completed: string[] = [];
    const diverged: string[] = [];
    const rolledForward: JournalEntry[] = [];
    const outside: OutsideWorkspaceError[] = [];
    for (const entry of unfinished) {
      // A journal entry naming a place outside the workspace (forged, or a folder turned into a link leading out
      // since): no step of it is taken, neither forward nor back; its staged changes stay staged.
      const escape = this.escapeOf(entry);
      if (escape !== undefined) {
        outside.push(escape);
        continue;
      }
      // A swap a crash cut between its link and its rename left a stash that is the target itself: nothing was done.
      for (const f of entry.files) {
        if (f.tempPath && f.undoRef !== null && this.disk.sameInode(stashBeside(f.tempPath), f.path)) await this.disk.remove(stashBeside(f.tempPath));
      }
      const states = entry.files.map(f => ({ f, state: inspectJournalFile(f, this.disk.read) }));
      const tempsComplete = states.every(({ f, state }) => state !== 'notApplied' || !f.tempPath || this.tempHolds(f.tempPath, f.afterRef));
      for (const { f, state } of states) if (state === 'diverged') diverged.push(f.path);
      // A new file's path a person took while the new files were being placed, their temps all still there (none
      // settled, nothing else touched): the run was taking the apply back, or would have; back it goes.
      const isNew = placedNewOf(entry.files);
      const fresh = states.filter(({ f }) => isNew(f));
      const refused = fresh.some(({ f, state }) => state === 'diverged' && this.hasTemp(f))
        && fresh.every(({ f, state }) => state !== 'applied' || this.hasTemp(f));
      if (refused) await this.unplace(fresh.filter(({ state }) => state === 'applied').map(({ f }) => f));
      if (!tempsComplete || refused) {
        // A modified file's swap taken back (its temp used up) rolls the apply back too: the new files placed before
        // it, still their temps' inode, are taken back with it (session 23).
        if (!refused) await this.unplace(fresh.filter(({ f, state }) => state === 'applied' && this.hasTemp(f)).map(({ f }) => f));
        await this.settleStashes(entry.files, true, diverged);
        await this.rollBack(entry.files, entry.createdDirs ?? []);
        continue;
      }
      await this.settleStashes(entry.files, false, diverged);
      const todo = states.filter(s => s.state === 'notApplied').map(s => s.f);
      for (const f of entry.files) if (f.tempPath && !todo.includes(f)) await this.disk.discardTemp(f.tempPath);
      for (const f of todo) if (f.tempPath && f.mode !== undefined) await this.disk.setMode(f.tempPath, f.mode);
      // A folder still holding exactly what was checked, its new place free, is moved; one moved already is done; a
      // folder anything else happened to (a file added, changed or removed, something at the new place) is left alone.
      const moves: JournalFolderMove[] = [];
      for (const m of entry.moveDirs ?? []) {
        const state = this.folderMoveState(m);
        if (state === 'notApplied') moves.push(m);
        else if (state === 'diverged') diverged.push(m.from);
      }
      const leave = (f: JournalFile) => void diverged.push(f.path);
      await this.syncFolders(await this.place(todo, entry.pruneDirs ?? [], { makeDirs: entry.makeDirs ?? [], removeDirs: entry.removeDirs ?? [] }, moves, leave));
      completed.push(...todo.map(f => f.path));
      rolledForward.push(entry);
    }
    return { completed, diverged, rolledForward, outside };
  }

  /** The first place a recovery of `entry` would touch outside the workspace folders, if any. */
  private escapeOf(entry: JournalEntry): OutsideWorkspaceError | undefined {
    const places = [
      ...entry.files.flatMap(f => (f.tempPath ? [f.path, f.tempPath] : [f.path])),
      ...(entry.createdDirs ?? []), ...(entry.pruneDirs ?? []), ...(entry.makeDirs ?? []), ...(entry.removeDirs ?? []),
      ...(entry.moveDirs ?? []).flatMap(m => [m.from, m.to]),
    ];
    for (const p of places) {
      try {
        this.placeOf(p, false);
      } catch (e) {
        if (e instanceof OutsideWorkspaceError) return e;
        throw e;
      }
    }
    return undefined;
  }

  /** Forgets journal entries whose effect the caller has made durable (after `recover`). */
  async forget(entries: readonly JournalEntry[]): Promise<void> {
    for (const e of entries) await this.journal.complete(e.id);
  }

  /**
   * `sources`, plus the files an apply puts back where they were, as Undo does (a new file with exactly the bytes of
   * a file it deletes under the same name, and the permission bits that file has): moving that file is the same
   * write. Only a folder move uses these; elsewhere such a file is written as planned.
   */
  private movesOf(steps: readonly FileStep[], targets: readonly string[], sources: ReadonlyMap<string, string>, modes: ReadonlyMap<string, number> | undefined): Map<string, string> {
    const out = new Map(sources);
    const deleted = new Map<string, string[]>();
    for (const s of steps) if (s.after === null && s.expected !== null) deleted.set(`${s.expected}/${path.basename(s.path)}`, [...(deleted.get(`${s.expected}/${path.basename(s.path)}`) ?? []), s.path]);
    if (deleted.size === 0) return out;
    const claimed = new Set(out.values());
    for (const [i, s] of steps.entries()) {
      if (s.after === null || s.expected !== null || out.has(s.path) || targets[i] !== s.path) continue;
      const origins = (deleted.get(`${s.after}/${path.basename(s.path)}`) ?? []).filter(o => !claimed.has(o));
      const given = modes?.get(s.path);
      if (origins.length !== 1 || given === undefined || given !== this.disk.modeOf(origins[0])) continue;
      out.set(s.path, origins[0]);
      claimed.add(origins[0]);
    }
    return out;
  }

  /**
   * Where a folder move of an interrupted apply stands: `from` holds exactly the files checked (each read and hashed:
   * recovery is rare) and `to` is free → not applied; `from` is gone and `to` is a folder → applied; else diverged.
   */
  private folderMoveState(m: JournalFolderMove): 'applied' | 'notApplied' | 'diverged' {
    const now = this.disk.filesUnder(m.from);
    if (now === undefined) return !this.disk.occupied(m.from) && this.disk.stat(m.to)?.type === 'directory' ? 'applied' : 'diverged';
    const same = sameList(now, m.files.map(f => f.rel)) && m.files.every(f => this.disk.refOf(path.join(m.from, f.rel)) === f.ref);
    return same && !this.disk.occupied(m.to) ? 'notApplied' : 'diverged';
  }

  /**
   * The folder moves among `steps`: a folder every file of which moves unchanged (hard-linkable: `sources`) by the
   * same prefix to a place that is free now, in a folder that exists, with nothing else of the apply under either
   * and nothing on disk under it that is not moving (a person's file, an empty folder, a link would move too: then
   * its files move one by one, as before). The outermost such folder is moved; folders inside it go with it.
   */
  private folderMovesOf(steps: readonly FileStep[], sources: ReadonlyMap<string, string>, folders: FolderSteps, roots: readonly string[] | undefined, memo: PlaceMemo): JournalFolderMove[] {
    const deletes = new Map<string, ContentRef | null>();
    for (const s of steps) if (s.after === null) deletes.set(s.path, s.expected);
    // Each moved file proposes every folder pair above it whose names below match: a/old/x/f → b/new/x/f proposes
    // (a/old/x, b/new/x) and (a/old, b/new).
    const candidates = new Map<string, { readonly from: string; readonly to: string }>();
    for (const [to, from] of sources) {
      if (!deletes.has(from)) continue;
      for (let f = from, t = to; path.basename(f) === path.basename(t);) {
        f = path.dirname(f);
        t = path.dirname(t);
        if (f === t || path.dirname(f) === f || path.dirname(t) === t) break;
        candidates.set(`${f}\0${t}`, { from: f, to: t });
      }
    }
    if (candidates.size === 0) return [];
    const chosen: JournalFolderMove[] = [];
    const depth = (p: string) => p.split(path.sep).length;
    for (const c of [...candidates.values()].sort((a, b) => depth(a.from) - depth(b.from))) {
      const taken = chosen.some(m => [m.from, m.to].some(d => d === c.from || d === c.to || isUnder(c.from, d) || isUnder(c.to, d) || isUnder(d, c.from) || isUnder(d, c.to)));
      if (taken) continue;
      const move = this.folderMoveOf(c.from, c.to, steps, deletes, sources, folders, roots, memo);
      if (move !== undefined) chosen.push(move);
    }
    return chosen;
  }

  private folderMoveOf(
    from: string, to: string, steps: readonly FileStep[], deletes: ReadonlyMap<string, ContentRef | null>, sources: ReadonlyMap<string, string>,
    folders: FolderSteps, roots: readonly string[] | undefined, memo: PlaceMemo,
  ): JournalFolderMove | undefined {
    if (isUnder(to, from) || isUnder(from, to) || from.toLowerCase() === to.toLowerCase()) return undefined;
    // Strictly inside a workspace folder, both: a workspace folder itself never moves.
    if (roots !== undefined && !roots.some(r => isUnder(from, r) && isUnder(to, r))) return undefined;
    // A folder rename stages an `rmdir` of each folder it empties (moot once the folder is gone, as when its files
    // leave one by one) and may stage an `mkdir` of each folder it makes (there once the folder has moved); any other
    // staged folder in there keeps the file-by-file way.
    if (folders.makeDirs.some(d => d === from || isUnder(d, from))) return undefined;
    if (folders.removeDirs.some(d => d === to || isUnder(d, to))) return undefined;
    if (this.disk.occupied(to) || this.disk.stat(path.dirname(to))?.type !== 'directory') return undefined;
    try {
      if (this.placeOf(from, false, roots, memo) !== from || this.placeOf(to, false, roots, memo) !== to) return undefined;
    } catch (e) {
      // Refused by the file steps' own checks, naming the staged path.
      if (e instanceof OutsideWorkspaceError) return undefined;
      throw e;
    }
    const rels = this.disk.filesUnder(from);
    if (rels === undefined) return undefined;
    const files: { rel: string; ref: string }[] = [];
    for (const rel of rels) {
      const ref = deletes.get(path.join(from, rel));
      if (ref === undefined || ref === null || sources.get(path.join(to, rel)) !== path.join(from, rel)) return undefined;
      files.push({ rel, ref });
    }
    // Nothing else of the apply under either folder (a new file under `to` would need `to` before the move).
    const under = steps.filter(s => isUnder(s.path, from) || isUnder(s.path, to)).length;
    return under === 2 * files.length ? { from, to, files } : undefined;
  }

  /**
   * Right before the renames: `m.from` still holds exactly the files checked and `m.to` is free; else
   * `StaleDiskError` naming one of its files (its group is dropped, the rest moved file by file).
   */
  private checkFolderMove(m: JournalFolderMove, roots: readonly string[] | undefined, memo: PlaceMemo): void {
    const now = this.disk.filesUnder(m.from);
    const first = m.files[0].rel;
    if (now === undefined || !sameList(now, m.files.map(f => f.rel))) throw new StaleDiskError(path.join(m.from, first));
    if (this.disk.occupied(m.to)) throw new StaleDiskError(path.join(m.to, first));
    this.placeOf(m.from, false, roots, memo);
    this.placeOf(m.to, false, roots, memo);
  }

  private tempHolds(tempPath: string, ref: ContentRef | null): boolean {
    return ref !== null && this.disk.hashOf(tempPath) === ref;
  }

  /**
   * Removes the temps of an apply that did not happen, and the folders it made for them; never through a link that
   * leads out (a folder replaced meanwhile: its temp went along with the folder that was moved away).
   */
  private async rollBack(files: readonly JournalFile[], createdDirs: readonly string[], roots = this.roots?.()): Promise<void> {
    for (const f of files) if (f.tempPath && this.isContained(f.tempPath, roots)) await this.disk.discardTemp(f.tempPath);
    await this.pruneEmpty(createdDirs.filter(d => this.isContained(d, roots)));
  }

  private isContained(p: string, roots: readonly string[] | undefined): boolean {
    try {
      this.placeOf(p, false, roots);
      return true;
    } catch (e) {
      if (e instanceof OutsideWorkspaceError) return false;
      throw e;
    }
  }

  /**
   * Puts the new files where nothing is (each refusing a name taken since the check: `onTaken`), removes deleted
   * files, moves folders whole, renames the other temps over their targets, makes the staged folders, removes the
   * folders of `pruneDirs` that are empty now, and returns the folders touched, for the caller to make durable in one parallel
   * batch (`syncFolders`: each folder once). Deletions go before the renames: on a case-insensitive disk a rename that changes only letter
   * case deletes `readme.md` and writes `README.md`, which are one file there. Nothing here needs a sync before the next step:
   * every new content is durable already (its temp, synced before any target was touched), so whichever of these
   * steps a power loss keeps, the journal finishes the rest, and an emptied folder removed before its entries were
   * synced needs no sync of its own (its parent's says it is gone).
   */
  private async place(files: readonly JournalFile[], pruneDirs: readonly string[], folders: FolderSteps, moves: readonly JournalFolderMove[], onTaken: OnTaken): Promise<string[]> {
    // A folder removed first if empty already: a file of this apply may take its path.
    await this.pruneEmpty(folders.removeDirs);
    const dirs = new Set<string>();
    // New files first, each where nothing is (`placeNew`: a person's file made since the check is never replaced),
    // before anything that cannot be taken back: one refused leaves the apply undone (`onTaken`). Their temps are
    // dropped only once all are placed, so until then each placed one can be taken back, and a crash in between
    // is told apart by recovery (see `recover`). A new name whose other spelling this apply deletes (a rename that
    // changes only letter case) waits for the deletions: on a case-insensitive disk it is that file.
    const isNew = placedNewOf(files);
    const isSwapped = swappedInOf(files);
    const linked: JournalFile[] = [];
    const placed = new Set<JournalFile>();
    for (const f of files) {
      if (!isNew(f)) continue;
      const how = await this.disk.placeNew(f.tempPath!, f.path);
      if (how === 'taken') {
        const refusal = onTaken(f);
        if (refusal === undefined) {
          await this.disk.discardTemp(f.tempPath!);
          continue;
        }
        await this.unplace([...placed]);
        throw refusal;
      }
      placed.add(f);
      if (how === 'linked') linked.push(f);
      dirs.add(path.dirname(f.path));
    }
    // Modified files next, still before anything that cannot be taken back: each swapped in (`swapIn`), the file it
    // replaces kept under a stash name until it is known to be the file checked. One a person wrote to since the
    // check gets their file back and refuses the apply like a taken new name: the swaps before it are undone and the
    // new files unplaced (issue 28). Stashes and the new files' temps go only once every file is in.
    const swapped: JournalFile[] = [];
    for (const f of files) {
      if (!isSwapped(f)) continue;
      const stash = stashBeside(f.tempPath!);
      const how = await this.disk.swapIn(f.tempPath!, f.path, stash, f.undoRef!);
      dirs.add(path.dirname(f.path));
      if (how === 'swapped') swapped.push(f);
      if (how === 'swapped' || how === 'plain') continue;
      if (how === 'changed') await this.disk.putBack(stash, f.path);
      const refusal = onTaken(f);
      if (refusal === undefined) {
        await this.disk.discardTemp(f.tempPath!);
        continue;
      }
      await this.unswap(swapped, f);
      await this.unplace([...placed]);
      throw refusal;
    }
    for (const f of linked) await this.disk.remove(f.tempPath!);
    for (const f of swapped) await this.disk.remove(stashBeside(f.tempPath!));
    for (const f of files) {
      if (f.tempPath) continue;
      await this.disk.remove(f.path);
      dirs.add(path.dirname(f.path));
    }
    // One `rename(2)` per folder moved whole; durable with its two parents' fsyncs below. Something put at the new
    // place since the check (a race of microseconds) keeps the folder where it is: never replaced.
    for (const m of moves) {
      if (!this.disk.moveFolder(m.from, m.to)) continue;
      dirs.add(path.dirname(m.from));
      dirs.add(path.dirname(m.to));
    }
    for (const f of files) {
      if (!f.tempPath || isNew(f) || isSwapped(f)) continue;
      await this.disk.commitTemp(f.tempPath, f.path);
      dirs.add(path.dirname(f.path));
    }
    // Made with their parents (idempotent: recovery runs it again); a path something else took meanwhile (a file) is
    // left alone: never an error that would stop a recovery.
    for (const d of folders.makeDirs) if (await this.disk.makeFolder(d)) dirs.add(path.dirname(d));
    for (const d of [...folders.removeDirs, ...pruneDirs]) {
      if (!this.disk.removeEmptyFolder(d)) continue;
      dirs.delete(d);
      dirs.add(path.dirname(d));
    }
    return [...dirs];
  }

  /**
   * Takes back the new files `place` put where nothing was, before anything else of the apply was done: each name is
   * removed while it is still the temp's file (a linked one), a moved one becomes its temp again (for `rollBack`),
   * and the removals are made durable before the journal can forget the apply.
   */
  private async unplace(placed: readonly JournalFile[]): Promise<void> {
    for (const f of placed) {
      if (this.hasTemp(f)) await this.disk.unplaceNew(f.tempPath!, f.path);
      else await this.disk.commitTemp(f.path, f.tempPath!);
    }
    await this.syncFolders([...new Set(placed.map(f => path.dirname(f.path)))]);
  }

  /**
   * Takes back the modified files `place` swapped in (each file it replaced put back from its stash, last first) once
   * `refused` (its folder synced too) turned the apply down, before the journal can forget it.
   */
  private async unswap(swapped: readonly JournalFile[], refused: JournalFile): Promise<void> {
    for (const f of [...swapped].reverse()) await this.disk.putBack(stashBeside(f.tempPath!), f.path);
    await this.syncFolders([...new Set([...swapped, refused].map(f => path.dirname(f.path)))]);
  }

  /**
   * Settles the stashes a crash left behind `place`'s swaps (recovery: the stashes still the target's own file, linked
   * but not yet renamed over, went first). The file a person wrote to in the swap's window goes back where it was
   * (reported diverged), wherever the apply goes; a stash holding the verified file goes back over the new content
   * when the apply is taken back, and is dropped when it rolls forward (the undo record holds that content).
   */
  private async settleStashes(files: readonly JournalFile[], back: boolean, diverged: string[]): Promise<void> {
    const dirs = new Set<string>();
    for (const f of files) {
      if (!f.tempPath || f.undoRef === null) continue;
      const stash = stashBeside(f.tempPath);
      const held = this.disk.hashOf(stash);
      if (held === null) continue;
      const ours = this.disk.hashOf(f.path) === f.afterRef;
      if (held !== f.undoRef) {
        // Put back only over the apply's own content: anything else there is someone's too, and both stay.
        if (ours) await this.disk.putBack(stash, f.path);
        diverged.push(f.path);
      } else if (back && ours) {
        await this.disk.putBack(stash, f.path);
      } else {
        await this.disk.remove(stash);
      }
      dirs.add(path.dirname(f.path));
    }
    await this.syncFolders([...dirs]);
  }

  /** `f`'s temp is (still) there: a plain file Apply made, so its `stat` tells. */
  private hasTemp(f: JournalFile): boolean {
    return f.tempPath !== undefined && this.disk.stat(f.tempPath) !== undefined;
  }

  /** Makes each of these folders that is (still) there durable, in one parallel batch: each folder once. */
  private async syncFolders(dirs: readonly string[]): Promise<void> {
    const present = dirs.filter(d => this.disk.stat(d)?.type === 'directory');
    await forEachLimited(present, TEMP_WRITE_CONCURRENCY, d => this.disk.syncFolder(d));
  }

  /** Removes the folders (deepest first) that are empty, and makes each removal durable in its parent. */
  private async pruneEmpty(dirs: readonly string[]): Promise<void> {
    const parents = new Set<string>();
    for (const d of dirs) if (this.disk.removeEmptyFolder(d)) parents.add(path.dirname(d));
    for (const p of parents) if (this.disk.stat(p)?.type === 'directory') await this.disk.syncFolder(p);
  }
}

/**
 * What `place` does with a new file's path a person took since the check: an error to throw (the apply is taken
 * back, its new files unplaced), or undefined to leave that file alone and go on (recovery: reported diverged).
 */
type OnTaken = (f: JournalFile) => Error | undefined;

/**
 * Which of an apply's files `place` puts in before the deletions: each with a temp, but one whose other spelling the
 * apply deletes (a rename that changes only letter case), which on a case-insensitive disk is that file and so waits.
 */
function placedEarlyOf(files: readonly JournalFile[]): (f: JournalFile) => boolean {
  const deleted = new Set(files.filter(f => !f.tempPath).map(f => f.path.toLowerCase()));
  return f => f.tempPath !== undefined && !deleted.has(f.path.toLowerCase());
}

/** Of those, the new files, put where nothing is, first (`placeNew`). */
function placedNewOf(files: readonly JournalFile[]): (f: JournalFile) => boolean {
  const early = placedEarlyOf(files);
  return f => early(f) && f.undoRef === null;
}

/** …and the modified files, swapped in right after them (`NodeDisk.swapIn`). */
function swappedInOf(files: readonly JournalFile[]): (f: JournalFile) => boolean {
  const early = placedEarlyOf(files);
  return f => early(f) && f.undoRef !== null;
}

/** `p` is strictly inside the folder `dir`. */
function isUnder(p: string, dir: string): boolean {
  return p.length > dir.length && p.startsWith(dir) && (p[dir.length] === path.sep || dir.endsWith(path.sep));
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** The folders an apply makes and removes besides its files' (staged `mkdir` and `rmdir`, or an Undo of them). */
interface FolderSteps {
  readonly makeDirs: readonly string[];
  readonly removeDirs: readonly string[];
}

function hasFolderSteps(f: FolderSteps): boolean {
  return f.makeDirs.length > 0 || f.removeDirs.length > 0;
}

export interface RunOptions {
  /** The workspace folders every target is checked against (default: the executor's). */
  readonly roots?: readonly string[];
  readonly onProgress?: (done: number, total: number) => void;
  /** Kept in the journal entry, for the caller to finish recording the apply after a crash (must be JSON). */
  readonly meta?: unknown;
  /**
   * Instead of `meta`: the meta made once the folder moves are known, from the paths whose files move with a whole
   * folder (each folder move's `from` and `to` joined with its files' names; the entry lists those already, so the
   * caller need not spell them out again).
   */
  readonly metaOf?: (moved: ReadonlySet<string>) => unknown;
  /** Permission bits to give the files written, by path (instead of keeping the current file's). */
  readonly modes?: ReadonlyMap<string, number>;
  /** Folders to remove once the apply is done, when they are empty then (deepest first). */
  readonly pruneDirs?: readonly string[];
  /** Folders to make (staged `mkdir`s; an Undo's folders to bring back), once the files are in place. */
  readonly makeDirs?: readonly string[];
  /** Folders to remove if empty (staged `rmdir`s, deepest first): tried before the files are placed and after. */
  readonly removeDirs?: readonly string[];
  /** Runs once every file is in place, before the journal entry is removed: record the apply durably here. */
  readonly onWritten?: () => Promise<void>;
  /**
   * A file recording the apply (its undo record): its bytes are made durable with the journal entry, which names
   * them (never a second copy), and moved to `to` once every file is in place, beside `onWritten`. Recovery of an
   * interrupted apply finds them in its entry (`JournalEntry.record`).
   */
  readonly record?: { readonly bytes: Uint8Array; readonly to: string };
}

export interface RecoveryReport {
  /** Files written by the recovery (rolled forward). */
  readonly completed: readonly string[];
  /** Files changed by someone else meanwhile: left alone. */
  readonly diverged: readonly string[];
  /** The interrupted applies that are complete now, oldest first: record them, then `forget` every entry. */
  readonly rolledForward: readonly JournalEntry[];
  /** Interrupted applies left untouched because they would write outside the workspace folders: one reason each. */
  readonly outside: readonly OutsideWorkspaceError[];
}

/** Temp files written at once: enough to overlap fsyncs, few enough not to exhaust file handles. */
const TEMP_WRITE_CONCURRENCY = 32;

/**
 * From this many temps on, they are written without an fsync each and made durable together (`syncFiles`: one
 * `syncfs` on Linux, costing about one process start): below it, a few fsyncs in parallel cost less.
 */
const SYNC_TOGETHER_FROM = 16;

/** Temps written between two turns of the event loop. */
const YIELD_EVERY = 64;

/** Waits for every one of `work` to end (none left running behind an error), then throws the first error. */
async function settleAll(work: readonly (Promise<void> | undefined)[]): Promise<void> {
  const results = await Promise.allSettled(work);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

async function forEachLimited<T>(items: readonly T[], limit: number, f: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await f(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * One step per path: what it must hold first and what it holds at the end. Each action's `expected` is the disk
 * as the actions before it leave it (a rename chain moves b→c before a→b), so the checks are made on a running
 * view; a path that ends as it began needs no write.
 */
function netSteps(steps: readonly FileStep[]): FileStep[] {
  // One step is its own net step (the common group: one file written), unless it changes nothing.
  if (steps.length === 1) return steps[0].after === steps[0].expected ? [] : [steps[0]];
  const first = new Map<string, ContentRef | null>();
  const last = new Map<string, FileStep>();
  for (const s of steps) {
    if (last.has(s.path) && last.get(s.path)!.after !== s.expected) throw new Error(`apply plan is inconsistent at ${s.path}`);
    if (!first.has(s.path)) first.set(s.path, s.expected);
    last.set(s.path, s);
  }
  // A file that arrived by a rename and was then rewritten keeps the mode of the file it came from (issue 23 case 9).
  const arrived = new Map<string, string>();
  for (const s of steps) if (s.modeFrom !== undefined && s.modeFrom !== s.path && !arrived.has(s.path)) arrived.set(s.path, s.modeFrom);
  return [...first].filter(([p, expected]) => last.get(p)!.after !== expected).map(([p, expected]) => {
    const { after } = last.get(p)!;
    const own = last.get(p)!.modeFrom;
    const modeFrom = own === p ? arrived.get(p) ?? own : own;
    return { path: p, expected, after, ...(modeFrom !== undefined ? { modeFrom } : {}) };
  });
}

/**
 * The origin of a rename whose file arrives at `s.path` unchanged: the origin held exactly these bytes before the
 * apply (a chain or a swap included), so the file can be moved rather than written anew.
 */
function movedFrom(s: FileStep, before: ReadonlyMap<string, ContentRef | null>): string | undefined {
  if (s.after === null || s.modeFrom === undefined || s.modeFrom === s.path) return undefined;
  return before.get(s.modeFrom) === s.after ? s.modeFrom : undefined;
}

function stepsOf(a: ApplyAction): FileStep[] {
  switch (a.kind) {
    case 'write':
      return [{ path: a.path, expected: a.expected, after: a.content, modeFrom: a.movedFrom ?? a.path }];
    case 'delete':
      return [{ path: a.path, expected: a.expected, after: null }];
    case 'rename':
      return [{ path: a.to, expected: a.overwrites, after: a.expected, modeFrom: a.from }, { path: a.from, expected: a.expected, after: null }];
  }
}
