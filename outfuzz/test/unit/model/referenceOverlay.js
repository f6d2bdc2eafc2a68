"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ReferenceOverlay = void 0;
const threeWayMerge_1 = require("../../../src/fs/merge/threeWayMerge");
class ReferenceOverlay {
    disk;
    foldsCase;
    /** The disk content of each path some record touches, when first touched (or when rebased). */
    base = new Map();
    records = [];
    /** Paths holding a disk conflict → the disk path that diverged (its baseline stays the old one meanwhile). */
    diskConflicts = new Map();
    nextId = 0;
    /** `foldsCase`: the disk ignores letter case (macOS, Windows): two spellings of one name are one file there. */
    constructor(disk, foldsCase = false) {
        this.disk = disk;
        this.foldsCase = foldsCase;
    }
    /** Another spelling of `path` that holds a file in the view (a case-insensitive disk only), other than `except`. */
    twin(path, except) {
        if (!this.foldsCase)
            return undefined;
        const names = new Set([...this.disk.keys(), ...this.base.keys()]);
        return [...names].find((q) => q !== path && q !== except && q.toLowerCase() === path.toLowerCase() && this.read(q) !== null);
    }
    // ── the view ───────────────────────────────────────────────────────────────────────────────────────────
    /** `held`: paths whose disk conflict stays through this replay (a conflict content carries stays behind it). */
    replay(records = this.records, base = this.base, held = new Set(this.diskConflicts.keys())) {
        const cur = new Map(base);
        const origin = new Map([...base].map(([p, t]) => [p, t === null ? null : p]));
        const ids = new Map([...base.keys()].map((p) => [p, []]));
        const shows = new Map([...base.keys()].map((p) => [p, new Set()]));
        const conflicts = new Set();
        const consumed = new Set();
        records.forEach((r, i) => {
            if (consumed.has(r.id))
                return;
            const c = cur.get(r.path) ?? null;
            if (r.op === 'write') {
                // A write that no longer finds its `before` is rebased with the writes to the same file that follow it
                // exactly (up to any delete or rename), as one change.
                const stack = [r];
                if (c !== r.before) {
                    for (const o of records.slice(i + 1)) {
                        if (o.op !== 'write')
                            break;
                        if (o.path !== r.path)
                            continue;
                        if (o.before !== stack[stack.length - 1].after)
                            break;
                        stack.push(o);
                        consumed.add(o.id);
                    }
                }
                const top = stack[stack.length - 1].after;
                let after = top;
                if (c !== r.before) {
                    const m = rebase(r.before, top, c);
                    if (m === undefined)
                        conflicts.add(r.path);
                    else
                        after = m;
                }
                if (c === null) {
                    origin.set(r.path, null);
                    shows.set(r.path, new Set());
                }
                cur.set(r.path, after);
                for (const w of stack) {
                    shows.get(r.path)?.add(w.id);
                    ids.get(r.path)?.push(w.id);
                }
            }
            else if (r.op === 'delete') {
                ids.get(r.path)?.push(r.id);
                if (c !== null) {
                    cur.set(r.path, null);
                    origin.set(r.path, null);
                    shows.set(r.path, new Set());
                    conflicts.delete(r.path); // deleting content that did not rebase settles it
                }
            }
            else {
                const from = r.from;
                const moving = cur.get(from) ?? null;
                if (from === r.path) {
                    ids.get(r.path)?.push(r.id);
                }
                else {
                    ids.get(from)?.push(r.id);
                    ids.get(r.path)?.push(r.id);
                    if (moving !== null) {
                        // A conflict travels with its content.
                        // (hidden behind a disk conflict at its source, it stays there, as the model shows one conflict a path)
                        if (!held.has(from) && conflicts.delete(from))
                            conflicts.add(r.path);
                        if (c !== null && c !== moving)
                            conflicts.add(r.path); // the same bytes there already: nothing is lost
                        cur.set(r.path, moving);
                        cur.set(from, null);
                        origin.set(r.path, origin.get(from) ?? null);
                        origin.set(from, null);
                        shows.set(r.path, new Set([...(shows.get(from) ?? []), r.id]));
                        shows.set(from, new Set());
                    }
                }
            }
        });
        return { cur, origin, ids, conflicts, shows };
    }
    read(path) {
        if (!this.base.has(path) || !this.visible(path))
            return this.disk.get(path) ?? null;
        return this.replay().cur.get(path) ?? null;
    }
    /** Conflicted paths: the replay's and the disk's. */
    conflicts() {
        return new Set([...this.replay().conflicts, ...this.diskConflicts.keys()]);
    }
    /** What Source Control lists. */
    composites() {
        const v = this.replay();
        const conflicted = this.conflicts();
        const out = [];
        for (const [p, b] of this.base) {
            const a = v.cur.get(p) ?? null;
            const o = v.origin.get(p) ?? null;
            const movedAway = [...v.origin].some(([q, x]) => x === p && q !== p);
            const movedIn = o !== null && o !== p;
            if (!conflicted.has(p)) {
                if (!movedIn && !movedAway && a === b)
                    continue;
                if (movedAway && a === null)
                    continue;
            }
            if (movedIn)
                out.push({ path: p, kind: 'rename', from: o });
            else
                out.push({ path: p, kind: a === null ? 'delete' : b === null ? 'create' : 'modify' });
        }
        return out;
    }
    /** Record ids at each path, oldest first. */
    recordIds() {
        return this.replay().ids;
    }
    visible(path) {
        return this.conflicts().has(path) || this.composites().some((c) => c.path === path) || this.movedAway(path);
    }
    movedAway(path) {
        return [...this.replay().origin].some(([q, x]) => x === path && q !== path);
    }
    // ── staging ────────────────────────────────────────────────────────────────────────────────────────────
    /** False (nothing staged) when the path is new and another spelling of it holds a file. */
    write(path, text, session, message) {
        const before = this.read(path);
        if (before === text && !this.visible(path))
            return true;
        if (before === null && this.twin(path) !== undefined)
            return false;
        this.touch(path);
        this.stage({ op: 'write', path, before, after: text, session, message });
        return true;
    }
    delete(path, session, message) {
        const before = this.read(path);
        if (before === null)
            return false;
        this.touch(path);
        this.stage({ op: 'delete', path, before, after: null, session, message });
        return true;
    }
    rename(from, to, session, message, overwrite) {
        const moving = this.read(from);
        if (from === to || moving === null)
            return false;
        const taken = this.read(to) !== null ? to : this.twin(to, from);
        if (taken !== undefined) {
            if (!overwrite)
                return false;
            this.delete(taken, session, message);
        }
        this.touch(from);
        this.touch(to);
        this.stage({ op: 'rename', path: to, from, before: moving, after: moving, session, message });
        return true;
    }
    /** First touch takes the disk as the baseline; so does a touch of a path whose records show nothing (it read through). */
    touch(path) {
        if (!this.base.has(path)) {
            this.base.set(path, this.disk.get(path) ?? null);
        }
        else if (!this.visible(path) && this.base.get(path) !== (this.disk.get(path) ?? null)) {
            this.base.set(path, this.disk.get(path) ?? null);
            // The baseline is the disk again: a divergence of that disk file is settled.
            for (const [h, d] of this.diskConflicts)
                if (d === path)
                    this.diskConflicts.delete(h);
        }
    }
    stage(r) {
        this.records.push({ id: `r${++this.nextId}`, ...r });
    }
    // ── taking records out ─────────────────────────────────────────────────────────────────────────────────
    prune(message, session) {
        this.takeOut(this.records.filter((r) => r.message === message && r.session === session));
    }
    discardSession(session) {
        this.takeOut(this.records.filter((r) => r.session === session));
    }
    discardRecord(id) {
        this.takeOut(this.records.filter((r) => r.id === id));
    }
    /** "Discard" on listed paths: the records there and those whose content they show, not what others show. */
    discardPaths(paths) {
        const v = this.replay();
        const take = new Set();
        for (const p of paths)
            for (const id of [...(v.ids.get(p) ?? []), ...(v.shows.get(p) ?? [])])
                take.add(id);
        for (const [q, ids] of v.shows)
            if (!paths.includes(q))
                for (const id of ids)
                    take.delete(id);
        this.takeOut(this.records.filter((r) => take.has(r.id)));
    }
    takeOut(gone) {
        const ids = new Set(gone.map((r) => r.id));
        // A rename taken out did not happen: later records at its destination follow the file home.
        const alias = new Map();
        const home = (p) => alias.get(p) ?? p;
        const kept = [];
        for (const r of this.records) {
            if (ids.has(r.id)) {
                if (r.op === 'rename')
                    alias.set(r.path, home(r.from));
                continue;
            }
            const moved = { ...r, path: home(r.path), ...(r.from !== undefined ? { from: home(r.from) } : {}) };
            if (r.op === 'delete')
                alias.delete(r.path);
            if (r.op === 'rename') {
                alias.delete(r.from);
                alias.delete(r.path);
            }
            kept.push(moved);
        }
        this.records = kept;
        this.forgetUntouched();
    }
    forgetUntouched() {
        const touched = new Set(this.records.flatMap((r) => (r.from !== undefined ? [r.path, r.from] : [r.path])));
        for (const p of [...this.base.keys()]) {
            if (!touched.has(p)) {
                this.base.delete(p);
                this.diskConflicts.delete(p);
            }
        }
    }
    // ── the disk ───────────────────────────────────────────────────────────────────────────────────────────
    /**
     * The disk at `path` changed: rebase onto it when the staged state merges with it (the records replayed from
     * the new baseline), else a disk conflict where that disk file's content is shown now.
     */
    reconcile(path) {
        if (!this.base.has(path))
            return;
        const v = this.replay();
        const holder = [...v.origin].find(([q, o]) => o === path && q !== path)?.[0] ?? path;
        const b = this.base.get(path) ?? null;
        const theirs = this.disk.get(path) ?? null;
        if (theirs === b) {
            for (const [h, d] of this.diskConflicts)
                if (d === path)
                    this.diskConflicts.delete(h);
            return;
        }
        // A prune conflict is settled first (by every composite that would look at this disk file).
        const pruneShown = (p) => v.conflicts.has(p) && !this.diskConflicts.has(p);
        if (pruneShown(path) && (holder === path || pruneShown(holder)))
            return;
        const ours = v.cur.get(holder) ?? null;
        const renamedIn = v.origin.get(path) !== null && v.origin.get(path) !== path;
        if (holder === path && renamedIn) {
            if (theirs === null || theirs === ours)
                this.rebaseOnto(path, theirs, v, true);
            else
                this.conflictAt(holder, path);
            return;
        }
        if (theirs === null && b !== null && ours !== null) {
            this.conflictAt(holder, path);
            return;
        }
        if (ours !== b && ours !== theirs && rebaseWhole(b, ours, theirs) === undefined) {
            this.conflictAt(holder, path);
            return;
        }
        this.rebaseOnto(path, theirs, v, false);
        if (this.base.get(path) !== theirs)
            this.conflictAt(holder, path);
    }
    /** A composite shows one disk conflict: the first divergence found stays until its disk path settles. */
    conflictAt(holder, diskPath) {
        if (!this.diskConflicts.has(holder))
            this.diskConflicts.set(holder, diskPath);
    }
    rebaseOnto(path, theirs, before, always) {
        const base = new Map(this.base).set(path, theirs);
        const held = new Set([...this.diskConflicts].filter(([, d]) => d !== path).map(([h]) => h));
        const after = this.replay(this.records, base, held);
        const fresh = [...after.conflicts].some((p) => !before.conflicts.has(p));
        if (fresh && !always)
            return;
        this.base = base;
        for (const [h, d] of this.diskConflicts)
            if (d === path)
                this.diskConflicts.delete(h);
    }
    reconcileAll() {
        for (const p of [...this.base.keys()])
            this.reconcile(p);
    }
    // ── apply ──────────────────────────────────────────────────────────────────────────────────────────────
    /** The paths linked to `path` by records: applied together. */
    component(path) {
        const out = new Set();
        const stack = [path];
        while (stack.length) {
            const p = stack.pop();
            if (out.has(p) || !this.base.has(p))
                continue;
            out.add(p);
            const v = this.replay();
            const o = v.origin.get(p);
            if (o !== null && o !== undefined)
                stack.push(o);
            for (const [q, x] of v.origin)
                if (x === p)
                    stack.push(q);
            for (const r of this.records) {
                if (r.path === p || r.from === p)
                    stack.push(r.path, ...(r.from !== undefined ? [r.from] : []));
            }
        }
        return out;
    }
    /** Writes the component of `path` to the disk; false (nothing written) on a conflict or a stale baseline. */
    apply(path) {
        const group = this.component(path);
        if (group.size === 0)
            return true;
        const conflicted = this.conflicts();
        for (const p of group)
            if (conflicted.has(p) || (this.disk.get(p) ?? null) !== this.base.get(p))
                return false;
        const v = this.replay();
        // A new name whose other spelling holds a file on a case-insensitive disk: only when the group removes it.
        for (const p of group) {
            if (this.base.get(p) !== null || (v.cur.get(p) ?? null) === null || !this.foldsCase)
                continue;
            const other = [...this.disk.keys()].find((q) => q !== p && q.toLowerCase() === p.toLowerCase());
            if (other !== undefined && !(group.has(other) && (v.cur.get(other) ?? null) === null))
                return false;
        }
        for (const p of group) {
            const a = v.cur.get(p) ?? null;
            if (a === null)
                this.disk.delete(p);
            else
                this.disk.set(p, a);
        }
        this.records = this.records.filter((r) => !group.has(r.path) && !(r.from !== undefined && group.has(r.from)));
        this.forgetUntouched();
        return true;
    }
}
exports.ReferenceOverlay = ReferenceOverlay;
/** One record's change moved onto other content; undefined when it does not merge. */
function rebase(before, after, current) {
    if (current === after)
        return after;
    if (before === null || current === null)
        return undefined;
    if (after === before)
        return current;
    const m = (0, threeWayMerge_1.threeWayMerge)(before, after, current);
    return m.kind === 'clean' ? m.text : undefined;
}
/** The whole staged state moved onto the disk's (the conflict check before a rebase). */
function rebaseWhole(base, ours, theirs) {
    if (base === null || ours === null || theirs === null)
        return undefined;
    const m = (0, threeWayMerge_1.threeWayMerge)(base, ours, theirs);
    return m.kind === 'clean' ? m.text : undefined;
}
//# sourceMappingURL=referenceOverlay.js.map