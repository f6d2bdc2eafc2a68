"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
exports.OverlayWorkspace = void 0;
const path = __importStar(require("path"));
const applyExecutor_1 = require("./applyExecutor");
const nodeDisk_1 = require("./nodeDisk");
const overlayError_1 = require("./model/overlayError");
const persistentOverlay_1 = require("./persistentOverlay");
const applyPlan_1 = require("./model/applyPlan");
const eventEmitter_1 = require("./model/eventEmitter");
const pathEntry_1 = require("./model/pathEntry");
const restage_1 = require("./model/restage");
const applyJournal_1 = require("./store/applyJournal");
const lastApply_1 = require("./lastApply");
/** Files looked at, at most, to find where a moved folder's staged files went. */
const LOCATE_LIMIT = 10_000;
/**
 * The overlay over one workspace's disk (capability C1), with no `vscode`: the persistent model, the disk,
 * lazy reconciliation, and journaled Apply / Undo. The `agent-staged:` provider, the SCM view and the agent tools
 * are adapters over this. Paths are absolute file-system paths.
 */
class OverlayWorkspace {
    overlay;
    disk;
    executor;
    storeDir;
    recovered;
    _onDidChange = new eventEmitter_1.Emitter();
    /** Paths whose effective content or status changed (model ops, reconciliation, apply). */
    onDidChange = this._onDidChange.event;
    /** Per-path modification time of the effective view: advances on every change so editors refresh. */
    bumped = new Map();
    /** Directories created through the overlay that hold no staged file yet (kept in memory only). */
    stagedDirs = new Set();
    lastApply;
    /**
     * Changes whose file vanished while the overlay was closed (SPEC §2 "orphan"), found by `open`: each is a
     * deletion conflict now; the adapter offers to discard them.
     */
    orphans = [];
    constructor(overlay, disk, executor, storeDir, recovered) {
        this.overlay = overlay;
        this.disk = disk;
        this.executor = executor;
        this.storeDir = storeDir;
        this.recovered = recovered;
        this.model.onDidChange(e => this.touch(e.paths));
    }
    /**
     * Opens the overlay stored in `storeDir`: replays the persisted changes, finishes an apply a crash
     * interrupted, and reconciles every pending change against the disk as it is now.
     */
    static async open(storeDir, options = {}) {
        // The undo record's contents (what the last apply replaced) and those of an apply a crash interrupted live
        // only in the blob store: keep them through every collection, from the one opening may run onwards.
        const box = {};
        const { journal, unfinished } = await applyJournal_1.ApplyJournal.open(storeDir, { beforeCommit: () => box.overlay.blobs.sync() });
        const initialLast = await (0, lastApply_1.readLastApply)(storeDir);
        const inFlight = unfinished.flatMap(refsOfEntry);
        const overlay = await persistentOverlay_1.PersistentOverlay.open(storeDir, {}, () => (box.ws ? (0, lastApply_1.refsOfLastApply)(box.ws.lastApply) : [...(0, lastApply_1.refsOfLastApply)(initialLast), ...inFlight]));
        box.overlay = overlay;
        const disk = options.disk ?? new nodeDisk_1.NodeDisk();
        const executor = new applyExecutor_1.ApplyExecutor(disk, overlay.model.store, journal);
        const recovered = await executor.recover(unfinished);
        // An apply the crash interrupted is complete now: record it as `run` would have (its composites are no longer
        // pending, its undo record is the last one), durably, and only then forget its journal entry. A crash before
        // that is recovered the same way on the next open (every step is idempotent).
        let last = initialLast;
        let lastChanged = false;
        const appliedPaths = [];
        for (const entry of recovered.rolledForward) {
            const meta = entry.meta;
            appliedPaths.push(...(meta?.appliedPaths ?? []));
            if (meta?.lastApply !== undefined) {
                last = meta.lastApply ?? undefined;
                lastChanged = true;
            }
        }
        const stillListed = appliedPaths.filter(p => overlay.model.composite(p) || overlay.model.stagedRef(p) !== undefined);
        if (stillListed.length > 0)
            overlay.model.markApplied(stillListed);
        // An undo the crash interrupted gives its proposal back as `undoLastApply` would have; what it had staged
        // again before the crash is there already and is not staged twice.
        for (const entry of recovered.rolledForward) {
            const meta = entry.meta;
            if (meta?.restage)
                overlay.unitOfOps(() => (0, restage_1.restage)(overlay.model, meta.restage, disk, new Set(meta.leftAlone ?? [])));
        }
        const ws = new OverlayWorkspace(overlay, disk, executor, storeDir, recovered);
        ws.lastApply = last;
        box.ws = ws;
        if (unfinished.length > 0) {
            await overlay.flush();
            if (lastChanged)
                await (0, lastApply_1.writeLastApply)(storeDir, last);
            await executor.forget(unfinished);
        }
        for (const o of ws.model.reconcileAll(disk)) {
            if (o.kind === 'conflict' && o.op && o.conflict.kind === 'deletion')
                ws.orphans.push(o.path);
        }
        await overlay.flush();
        return ws;
    }
    get model() {
        return this.overlay.model;
    }
    // ── the effective view ──────────────────────────────────────────────────────────────────────────────────
    /** Effective bytes (reconciling the path first); `FileNotFound` if the path has no file in the overlay view. */
    readFile(p) {
        this.reconcileIfStaged(p);
        const bytes = this.model.read(p, this.disk.read);
        if (bytes === undefined)
            throw new overlayError_1.OverlayError('FileNotFound', `${p} does not exist`, { path: p });
        return bytes;
    }
    stat(p) {
        const ref = this.model.stagedRef(p);
        const bump = this.bumped.get(p) ?? 0;
        if (ref === undefined || ref === null) {
            const s = this.disk.stat(p);
            if (ref === undefined && s && s.type !== 'other') {
                return { type: s.type, size: s.size, mtime: Math.max(s.mtime, bump), ctime: s.ctime };
            }
            if (this.isStagedDirectory(p))
                return { type: 'directory', size: 0, mtime: bump, ctime: bump };
            throw new overlayError_1.OverlayError('FileNotFound', `${p} does not exist`, { path: p });
        }
        const size = this.model.store.get(ref).byteLength;
        return { type: 'file', size, mtime: bump || Date.now(), ctime: bump };
    }
    /** Disk listing + staged creates − staged deletes and renames. `FileNotFound` for no such directory. */
    readDirectory(dir) {
        const listing = new Map();
        const onDisk = this.disk.readDirectory(dir);
        for (const [name, type] of onDisk ?? [])
            if (type !== 'other')
                listing.set(name, type);
        const delta = this.model.directoryDelta(dir);
        for (const name of delta.removed)
            listing.delete(name);
        for (const [name, type] of delta.added)
            listing.set(name, type);
        for (const d of this.stagedDirs)
            if (path.dirname(d) === dir)
                listing.set(path.basename(d), 'directory');
        if (!onDisk && listing.size === 0 && !this.stagedDirs.has(dir)) {
            throw new overlayError_1.OverlayError('FileNotFound', `${dir} is not a directory`, { path: dir });
        }
        return [...listing];
    }
    // ── staging (never touches the disk) ────────────────────────────────────────────────────────────────────
    /** Stages a write. `create`/`overwrite` follow FileSystemProvider semantics. */
    write(p, bytes, meta, options = { create: true, overwrite: true }) {
        this.reconcileIfStaged(p);
        const exists = this.model.read(p, this.disk.read) !== undefined;
        if (!exists && options.create === false)
            throw new overlayError_1.OverlayError('FileNotFound', `${p} does not exist`, { path: p });
        if (exists && options.create && options.overwrite === false)
            throw new overlayError_1.OverlayError('FileExists', `${p} already exists`, { path: p });
        if (this.isDirectory(p))
            throw new overlayError_1.OverlayError('InvalidOperation', `${p} is a directory`, { path: p });
        const record = this.model.write(p, bytes, meta, this.disk);
        this.stagedDirs.delete(path.dirname(p));
        return record;
    }
    /** Stages the deletion of a file, or of every file under a directory (`recursive`). */
    delete(p, meta, options = {}) {
        const s = this.stat(p);
        if (s.type === 'file')
            return [this.model.delete(p, meta, this.disk)];
        const files = this.filesUnder(p);
        if (files.length > 0 && !options.recursive) {
            throw new overlayError_1.OverlayError('InvalidOperation', `${p} is a directory that is not empty`, { path: p });
        }
        // One unit in the log: a crash while it is written never brings the folder back in part.
        const records = this.overlay.unitOfOps(() => files.map(f => this.model.delete(f, meta, this.disk)));
        for (const d of [...this.stagedDirs])
            if (d === p || d.startsWith(`${p}/`))
                this.stagedDirs.delete(d);
        this.touch([p]);
        return records;
    }
    /**
     * Stages a rename of a file, or of every file under a directory. A directory's moves are all checked before
     * the first is staged, so a refused rename stages nothing.
     */
    rename(from, to, meta, options = {}) {
        const s = this.stat(from);
        if (s.type === 'file')
            return this.model.rename(from, to, meta, this.disk, options);
        if (to === from || to.startsWith(`${from}/`)) {
            throw new overlayError_1.OverlayError('InvalidOperation', `cannot move ${from} into itself (${to})`, { path: from });
        }
        if (to.toLowerCase() === from.toLowerCase() && this.disk.foldsCase(from)) {
            // Its files would be written back into the same folder under its old name: only files are renamed here.
            throw new overlayError_1.OverlayError('InvalidOperation', `${from} and ${to} are one folder on this case-insensitive disk: rename it to another name, then to ${path.basename(to)}`, { path: from });
        }
        const moves = this.filesUnder(from).map(f => [f, path.join(to, path.relative(from, f))]);
        for (const [, dest] of moves) {
            if (this.isDirectory(dest))
                throw new overlayError_1.OverlayError('FileExists', `${dest} is a directory`, { path: dest });
            if (!options.overwrite && this.exists(dest))
                throw new overlayError_1.OverlayError('FileExists', `${dest} already exists`, { path: dest });
        }
        const records = [];
        this.overlay.unitOfOps(() => {
            for (const [f, dest] of moves)
                records.push(...this.model.rename(f, dest, meta, this.disk, options));
        });
        this.touch([from, to]);
        return records;
    }
    createDirectory(p) {
        if (this.isDirectory(p))
            throw new overlayError_1.OverlayError('FileExists', `${p} already exists`, { path: p });
        if (!this.isDirectory(path.dirname(p)))
            throw new overlayError_1.OverlayError('FileNotFound', `${path.dirname(p)} does not exist`, { path: p });
        this.stagedDirs.add(p);
        this.touch([p]);
    }
    /** Resolves once everything staged so far is durable. */
    flush() {
        return this.overlay.flush();
    }
    // ── reconciliation ──────────────────────────────────────────────────────────────────────────────────────
    /** Reconciles the composites that depend on these disk paths (a watcher event). */
    reconcilePaths(diskPaths) {
        const out = [];
        const wanted = new Set(diskPaths);
        const kinds = new Map([...wanted].map(p => [p, this.disk.stat(p)?.type]));
        // A folder renamed or deleted on disk is reported as the folder's own path, not its files': a composite under
        // an event path that is gone now is affected too.
        const affected = (p) => {
            if (p === undefined)
                return false;
            if (wanted.has(p))
                return true;
            for (let q = path.dirname(p); path.dirname(q) !== q; q = path.dirname(q)) {
                if (wanted.has(q) && kinds.get(q) === undefined)
                    return true;
            }
            return false;
        };
        // A file that vanished from one path and appeared at another in the same burst of events, with the same
        // device and inode, was renamed or moved (on its own or with its folder): tell reconciliation where it went
        // (a rename conflict, not a deletion). The files under a folder that appeared are listed once, on demand.
        let candidates;
        const appeared = () => (candidates ??= [...wanted].flatMap(p => kinds.get(p) === 'directory' ? this.diskFilesUnder(p, LOCATE_LIMIT) : [p]));
        const probe = {
            read: this.disk.read,
            identity: p => this.disk.identity(p),
            locate: id => appeared().find(p => (0, pathEntry_1.sameIdentity)(this.disk.identity(p), id)),
        };
        // Watchers coalesce: a folder made and moved in one burst may be reported only where it arrived. When a folder
        // appears, every staged file whose disk original is gone is checked too (one stat each; folders appear rarely).
        const folderAppeared = [...kinds.values()].includes('directory');
        const vanished = (c) => folderAppeared && c.kind !== 'create' && this.disk.stat(c.fromPath ?? c.path) === undefined;
        for (const c of this.model.composites()) {
            if (affected(c.path) || affected(c.fromPath) || vanished(c)) {
                const r = this.model.reconcile(c.path, probe);
                if (r.kind !== 'unchanged')
                    out.push(r);
            }
        }
        return out;
    }
    /** Files on disk under `dir`, depth first, at most `limit` of them (a moved folder may be huge). */
    diskFilesUnder(dir, limit) {
        const out = [];
        const stack = [dir];
        while (stack.length && out.length < limit) {
            const d = stack.pop();
            for (const [name, type] of this.disk.readDirectory(d) ?? []) {
                if (type === 'file')
                    out.push(path.join(d, name));
                else if (type === 'directory')
                    stack.push(path.join(d, name));
            }
        }
        return out.slice(0, limit);
    }
    reconcileIfStaged(p) {
        if (this.model.hasEntry(p))
            this.model.reconcile(p, this.disk);
    }
    // ── apply and undo ──────────────────────────────────────────────────────────────────────────────────────
    /** Applies staged changes to the disk, group by group, journaled; refuses conflicts, stale bases, dirty editors. */
    async apply(options = {}) {
        const selection = options.paths ?? this.model.stagedPaths();
        for (const p of selection)
            this.reconcileIfStaged(p);
        const plan = this.model.planApply(selection, this.disk);
        const refused = [...plan.refused];
        const accepted = [];
        const removedByPlan = new Set(plan.groups.flatMap(g => (0, applyPlan_1.pathsLeftEmpty)(g.actions)));
        for (const group of plan.groups) {
            const dirty = group.paths.find(p => options.isDirty?.(p));
            if (dirty) {
                refused.push({ paths: group.paths, path: dirty, reason: 'dirtyEditor' });
                continue;
            }
            try {
                this.executor.check(group.actions, removedByPlan);
                accepted.push(group);
            }
            catch (e) {
                if (!(e instanceof applyExecutor_1.StaleDiskError))
                    throw e;
                refused.push({ paths: group.paths, path: e.path, reason: 'diskChanged' });
            }
        }
        // One journaled unit for the whole apply, its undo record and the folders it empties included: after a crash
        // it is either finished or not started. A file that changes on disk between the check above and the write is
        // caught by `run`'s own check: drop its group, retry.
        for (;;) {
            try {
                const paths = accepted.flatMap(g => g.paths);
                const actions = accepted.flatMap(g => g.actions);
                const removed = (0, applyPlan_1.pathsLeftEmpty)(actions);
                const kept = new Set(paths);
                const composites = paths.flatMap(p => this.model.composite(p) ?? []);
                const last = paths.length > 0 ? this.lastApplyOf(plan.undo.entries.filter(e => kept.has(e.path)), (0, restage_1.restageItemsOf)(composites)) : undefined;
                await this.executor.run(actions, {
                    onProgress: options.onProgress,
                    pruneDirs: options.roots ? (0, nodeDisk_1.foldersAbove)(removed, options.roots) : [],
                    meta: { appliedPaths: paths, ...(last ? { lastApply: last } : {}) },
                    onWritten: async () => {
                        if (!last)
                            return;
                        // Set first: a blob collection during the flush keeps what the new record names.
                        this.lastApply = last;
                        this.model.markApplied(paths);
                        await this.flush();
                        await (0, lastApply_1.writeLastApply)(this.storeDir, last);
                    },
                });
                break;
            }
            catch (e) {
                if (!(e instanceof applyExecutor_1.StaleDiskError))
                    throw e;
                const stale = accepted.findIndex(g => g.actions.some(a => (a.kind === 'rename' ? a.from === e.path || a.to === e.path : a.path === e.path)));
                if (stale < 0)
                    throw e;
                refused.push({ paths: accepted[stale].paths, path: e.path, reason: 'diskChanged' });
                accepted.splice(stale, 1);
            }
        }
        const applied = accepted.flatMap(g => g.paths);
        await this.flush();
        this.touch(applied);
        return { applied, refused };
    }
    /** True when Undo Last Apply would restore something (a file the apply wrote is still as it left it). */
    get canUndo() {
        return !!this.lastApply && (0, applyPlan_1.planUndo)(this.lastApply.undo, this.disk.read).actions.length > 0;
    }
    /**
     * Restores exactly what the last apply replaced (with its permission bits), except paths changed since (left
     * alone, reported), removes the folders the apply created that this leaves empty, and stages the applied
     * changes again, so the proposal is back for review exactly as before the apply. A change one of whose files
     * was left alone is not staged again: the person's edit on disk is never turned into a proposal to overwrite it.
     * Journaled like an apply: the restaging and the dropped undo record are part of the same unit (recovery
     * finishes both).
     */
    async undoLastApply() {
        const last = this.lastApply;
        if (!last)
            return { restored: [], refused: [], restaged: [], notRestaged: [] };
        const plan = (0, applyPlan_1.planUndo)(last.undo, this.disk.read);
        const items = last.restage ?? [];
        let outcome = { restaged: [], skipped: [] };
        await this.executor.run(plan.actions, {
            modes: new Map(Object.entries(last.modes)),
            pruneDirs: last.createdDirs,
            meta: { appliedPaths: [], lastApply: null, restage: items, leftAlone: plan.refused },
            onWritten: async () => {
                outcome = this.overlay.unitOfOps(() => (0, restage_1.restage)(this.model, items, this.disk, new Set(plan.refused)));
                await this.flush();
                this.lastApply = undefined;
                await (0, lastApply_1.writeLastApply)(this.storeDir, undefined);
            },
        });
        const restored = plan.actions.map(a => (a.kind === 'rename' ? a.to : a.path));
        this.touch([...restored, ...plan.refused]);
        return { restored, refused: plan.refused, restaged: outcome.restaged, notRestaged: outcome.skipped };
    }
    /** The undo record of an apply about to run: the model's, plus the modes and folders it will change. */
    lastApplyOf(entries, restage) {
        const modes = {};
        for (const e of entries) {
            const mode = e.previous === null ? undefined : this.disk.modeOf(e.path);
            if (mode !== undefined)
                modes[e.path] = mode;
        }
        const createdDirs = this.disk.missingFolders(entries.filter(e => e.previous === null).map(e => e.path));
        return { undo: { entries }, modes, createdDirs, restage };
    }
    // ── queries ─────────────────────────────────────────────────────────────────────────────────────────────
    composites() {
        return this.model.composites();
    }
    async close() {
        await this.overlay.close();
        this._onDidChange.dispose();
    }
    touch(paths) {
        if (paths.length === 0)
            return;
        const now = Date.now();
        for (const p of paths)
            this.bumped.set(p, Math.max(now, (this.bumped.get(p) ?? 0) + 1));
        this._onDidChange.fire(paths);
    }
    exists(p) {
        try {
            this.stat(p);
            return true;
        }
        catch {
            return false;
        }
    }
    isDirectory(p) {
        try {
            return this.stat(p).type === 'directory';
        }
        catch {
            return false;
        }
    }
    isStagedDirectory(p) {
        if (this.stagedDirs.has(p))
            return true;
        const parent = path.dirname(p);
        return parent !== p && this.model.directoryDelta(parent).added.get(path.basename(p)) === 'directory';
    }
    /** Every file under a directory in the effective view. */
    filesUnder(dir) {
        const out = [];
        for (const [name, type] of this.readDirectory(dir)) {
            const child = path.join(dir, name);
            if (type === 'file')
                out.push(child);
            else
                out.push(...this.filesUnder(child));
        }
        return out;
    }
}
exports.OverlayWorkspace = OverlayWorkspace;
/** Content refs an interrupted apply needs until recovery has dealt with it. */
function refsOfEntry(entry) {
    const meta = entry.meta;
    const refs = entry.files.flatMap(f => [f.undoRef, f.afterRef]).filter((r) => r !== null);
    return [...refs, ...(0, lastApply_1.refsOfLastApply)(meta?.lastApply ?? undefined), ...(0, restage_1.refsOfRestage)(meta?.restage)];
}
//# sourceMappingURL=overlayWorkspace.js.map