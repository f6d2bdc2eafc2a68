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
exports.ApplyExecutor = exports.SameFileError = exports.StaleDiskError = void 0;
const crypto_1 = require("crypto");
const path = __importStar(require("path"));
const writeDurable_1 = require("./store/writeDurable");
const contentStore_1 = require("./model/contentStore");
const applyJournal_1 = require("./store/applyJournal");
/** Why a group was not written although it was planned. */
class StaleDiskError extends Error {
    path;
    code = 'DiskChanged';
    constructor(path) {
        super(`${path} changed on disk after the apply was planned`);
        this.path = path;
    }
}
exports.StaleDiskError = StaleDiskError;
/** Two staged paths are one file on disk (a symlink): applying both would lose one of them. */
class SameFileError extends Error {
    first;
    second;
    code = 'SameFile';
    constructor(first, second) {
        super(`${first} and ${second} are the same file on disk (a symlink); apply them one at a time`);
        this.first = first;
        this.second = second;
    }
}
exports.SameFileError = SameFileError;
/**
 * Executes apply actions on the disk, crash-safely (SPEC §2 Apply, §9 invariant 3): every new content goes to an
 * fsynced temp file beside its target; the intent (targets, temps, undo refs) is journaled durably; only then are
 * the temps renamed over the targets (atomic per file) and deletions made; then the journal entry is removed.
 * A crash leaves each file fully old or fully new, and `recover` finishes what the journal says was begun.
 * Renames are executed as write + delete (the written file gets the origin's permission bits), so the journal
 * has one uniform kind of step.
 */
class ApplyExecutor {
    disk;
    content;
    journal;
    constructor(disk, content, journal) {
        this.disk = disk;
        this.content = content;
        this.journal = journal;
    }
    /**
     * Throws `StaleDiskError` when the disk no longer holds what the actions expect (checked again in `run`).
     * `removedElsewhere`: paths the rest of the same apply removes (for a case-insensitive disk's other spellings).
     */
    check(actions, removedElsewhere = new Set()) {
        const steps = netSteps(actions.flatMap(stepsOf));
        const removed = new Set([...removedElsewhere, ...steps.filter(s => s.after === null).map(s => s.path)]);
        for (const s of steps) {
            const bytes = this.disk.read(s.path);
            if ((bytes ? (0, contentStore_1.contentRefOf)(bytes) : null) !== s.expected)
                throw new StaleDiskError(s.path);
            // A case-insensitive disk: a new name whose other spelling holds a file would land on that file.
            if (s.expected === null && s.after !== null) {
                const twin = this.disk.caseTwin(s.path);
                if (twin !== undefined && !removed.has(twin))
                    throw new StaleDiskError(s.path);
            }
        }
    }
    /**
     * Runs the actions of a whole apply as one journaled unit: the intent is made durable (targets, temps, modes,
     * the folders it creates and removes, the caller's `meta`), every new content is written to its temp file (in
     * parallel, each fsynced, with its mode), then the temps are renamed over their targets and the deletions made,
     * each touched directory is fsynced once, and the folders left empty are removed. `onWritten` records the
     * apply's effect durably before the journal forgets it. Re-checks every target first; throws `StaleDiskError`
     * and writes nothing when the disk moved on since planning.
     */
    async run(actions, options = {}) {
        const { onProgress } = options;
        this.check(actions);
        const steps = netSteps(actions.flatMap(stepsOf));
        if (steps.length === 0)
            return options.onWritten?.();
        const id = (0, crypto_1.randomUUID)();
        const files = steps.map(s => {
            // A write through a symlink lands on the linked file; a delete removes the link itself.
            const target = s.after === null ? s.path : this.disk.writeTargetOf(s.path);
            const mode = s.after === null ? undefined : options.modes?.get(s.path) ?? (s.modeFrom === undefined ? undefined : this.disk.modeOf(s.modeFrom));
            return {
                path: target,
                ...(s.after === null ? {} : { tempPath: this.disk.tempPathFor(target, id.slice(0, 8)) }),
                undoRef: s.expected,
                afterRef: s.after,
                ...(mode === undefined ? {} : { mode }),
            };
        });
        const seen = new Map();
        for (const [i, f] of files.entries()) {
            const other = seen.get(f.path);
            // Two staged paths reaching one file through a symlink: whichever landed last would silently win.
            if (other !== undefined)
                throw new SameFileError(other, steps[i].path);
            seen.set(f.path, steps[i].path);
        }
        const createdDirs = this.disk.missingFolders(files.flatMap(f => (f.tempPath ? [f.tempPath] : [])));
        const pruneDirs = options.pruneDirs ?? [];
        // The intent is durable before any file is written, so even a temp file or folder left by a crash is found again.
        await this.journal.begin({ id, files, createdDirs, pruneDirs, meta: options.meta });
        try {
            let done = 0;
            await forEachLimited(files, TEMP_WRITE_CONCURRENCY, async (f) => {
                if (f.tempPath)
                    await this.disk.writeTemp(f.tempPath, this.content.get(f.afterRef), f.mode);
                onProgress?.(++done, files.length);
            });
        }
        catch (e) {
            await this.rollBack(files, createdDirs);
            await this.journal.complete(id);
            throw e;
        }
        await this.finish(files, pruneDirs);
        // The caller records the apply (durably) before the journal forgets it: a crash in between is recovered
        // from the journal, never seen as changes made on disk behind the overlay's back.
        await options.onWritten?.();
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
    async recover(unfinished) {
        const completed = [];
        const diverged = [];
        const rolledForward = [];
        for (const entry of unfinished) {
            const states = entry.files.map(f => ({ f, state: (0, applyJournal_1.inspectJournalFile)(f, this.disk.read) }));
            const tempsComplete = states.every(({ f, state }) => state !== 'notApplied' || !f.tempPath || this.tempHolds(f.tempPath, f.afterRef));
            for (const { f, state } of states)
                if (state === 'diverged')
                    diverged.push(f.path);
            if (!tempsComplete) {
                await this.rollBack(entry.files, entry.createdDirs ?? []);
                continue;
            }
            const todo = states.filter(s => s.state === 'notApplied').map(s => s.f);
            for (const f of entry.files)
                if (f.tempPath && !todo.includes(f))
                    await this.disk.discardTemp(f.tempPath);
            for (const f of todo)
                if (f.tempPath && f.mode !== undefined)
                    await this.disk.setMode(f.tempPath, f.mode);
            await this.finish(todo, entry.pruneDirs ?? []);
            completed.push(...todo.map(f => f.path));
            rolledForward.push(entry);
        }
        return { completed, diverged, rolledForward };
    }
    /** Forgets journal entries whose effect the caller has made durable (after `recover`). */
    async forget(entries) {
        for (const e of entries)
            await this.journal.complete(e.id);
    }
    tempHolds(tempPath, ref) {
        const bytes = this.disk.read(tempPath);
        return bytes !== undefined && ref !== null && (0, contentStore_1.contentRefOf)(bytes) === ref;
    }
    /** Removes the temps of an apply that did not happen, and the folders it made for them. */
    async rollBack(files, createdDirs) {
        for (const f of files)
            if (f.tempPath)
                await this.disk.discardTemp(f.tempPath);
        await this.pruneEmpty(createdDirs);
    }
    /**
     * Removes deleted files, then renames temps over targets, makes each touched directory durable once, then
     * removes the folders of `pruneDirs` that are empty now. Deletions go first: on a case-insensitive disk a rename
     * that changes only letter case deletes `readme.md` and writes `README.md`, which are one file there.
     */
    async finish(files, pruneDirs) {
        const dirs = new Set();
        for (const f of files) {
            if (f.tempPath)
                continue;
            await this.disk.remove(f.path);
            dirs.add(path.dirname(f.path));
        }
        for (const f of files) {
            if (!f.tempPath)
                continue;
            await this.disk.commitTemp(f.tempPath, f.path);
            dirs.add(path.dirname(f.path));
        }
        await forEachLimited([...dirs], TEMP_WRITE_CONCURRENCY, d => (0, writeDurable_1.syncDir)(d));
        await this.pruneEmpty(pruneDirs);
    }
    /** Removes the folders (deepest first) that are empty, and makes each removal durable in its parent. */
    async pruneEmpty(dirs) {
        const parents = new Set();
        for (const d of dirs)
            if (this.disk.removeEmptyFolder(d))
                parents.add(path.dirname(d));
        for (const p of parents)
            if (this.disk.stat(p)?.type === 'directory')
                await (0, writeDurable_1.syncDir)(p);
    }
}
exports.ApplyExecutor = ApplyExecutor;
/** Temp files written at once: enough to overlap fsyncs, few enough not to exhaust file handles. */
const TEMP_WRITE_CONCURRENCY = 32;
async function forEachLimited(items, limit, f) {
    let next = 0;
    const worker = async () => {
        while (next < items.length)
            await f(items[next++]);
    };
    await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
/**
 * One step per path: what it must hold first and what it holds at the end. Each action's `expected` is the disk
 * as the actions before it leave it (a rename chain moves b→c before a→b), so the checks are made on a running
 * view; a path that ends as it began needs no write.
 */
function netSteps(steps) {
    const first = new Map();
    const last = new Map();
    for (const s of steps) {
        if (last.has(s.path) && last.get(s.path).after !== s.expected)
            throw new Error(`apply plan is inconsistent at ${s.path}`);
        if (!first.has(s.path))
            first.set(s.path, s.expected);
        last.set(s.path, s);
    }
    return [...first].filter(([p, expected]) => last.get(p).after !== expected).map(([p, expected]) => {
        const { after, modeFrom } = last.get(p);
        return { path: p, expected, after, ...(modeFrom !== undefined ? { modeFrom } : {}) };
    });
}
function stepsOf(a) {
    switch (a.kind) {
        case 'write':
            return [{ path: a.path, expected: a.expected, after: a.content, modeFrom: a.path }];
        case 'delete':
            return [{ path: a.path, expected: a.expected, after: null }];
        case 'rename':
            return [{ path: a.to, expected: a.overwrites, after: a.expected, modeFrom: a.from }, { path: a.from, expected: a.expected, after: null }];
    }
}
//# sourceMappingURL=applyExecutor.js.map