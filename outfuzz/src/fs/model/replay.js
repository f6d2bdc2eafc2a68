"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.replayComponent = replayComponent;
const mergeRules_1 = require("./mergeRules");
const mergeContent_1 = require("./mergeContent");
const accumulator_1 = require("./accumulator");
const component_1 = require("./component");
/**
 * Replays the components of `seeds` (see the module comment), each on its own: a prune touching a thousand files
 * replays a thousand small components. Pure: the caller installs the result.
 */
function replayComponent(view, seeds, store, options, merge) {
    const done = new Set();
    const parts = [];
    for (const seed of seeds) {
        if (done.has(seed))
            continue;
        const component = (0, component_1.componentOf)(view, [seed]);
        if (component.paths.length === 0)
            continue;
        for (const p of component.paths)
            done.add(p);
        parts.push(replayOne(view, component, store, options, merge));
    }
    if (parts.length === 1)
        return parts[0];
    const provenance = new Map();
    for (const r of parts)
        for (const [p, ids] of r.provenance)
            provenance.set(p, ids);
    return {
        entries: parts.flatMap((r) => r.entries),
        removedPaths: parts.flatMap((r) => r.removedPaths),
        rewritten: parts.flatMap((r) => r.rewritten),
        removedRecordIds: parts.flatMap((r) => r.removedRecordIds),
        conflicts: parts.flatMap((r) => r.conflicts),
        found: parts.flatMap((r) => r.found),
        provenance,
        records: parts.flatMap((r) => r.records),
    };
}
function replayOne(view, component, store, options, merge) {
    const { paths, recordIds } = component;
    const removed = options.removed ?? new Set();
    const all = [...recordIds].map((id) => ({ r: view.record(id), order: view.order(id) })).sort((a, b) => a.order - b.order).map((x) => x.r);
    const base = new Map();
    const identity = new Map();
    const cur = new Map();
    const lineage = new Map();
    const prov = new Map();
    const ids = new Map();
    for (const p of paths) {
        const e = view.entry(p);
        const moved = options.baselines?.get(p);
        const b = moved ? moved.base : ((0, mergeRules_1.baseOf)(e.state) ?? null);
        base.set(p, b);
        identity.set(p, moved ? (moved.identity ?? (moved.base === null ? undefined : e.identity)) : e.identity);
        cur.set(p, b);
        lineage.set(p, b === null ? null : p);
        prov.set(p, new Set());
        ids.set(p, []);
    }
    const conflicts = new Map();
    const texts = new Map();
    // A disk conflict cannot be recomputed from the records, so it stays, and wins over a prune conflict found at its path.
    const diskHeld = new Set(paths.filter((p) => {
        const old = view.entry(p)?.conflict;
        return old?.origin === 'disk' && !options.baselines?.has(old.diskPath ?? p) && !options.settled?.has(p);
    }));
    const rewritten = [];
    const conflict = (path, r, kind, theirs, binary = false) => {
        if (!conflicts.has(path))
            conflicts.set(path, { kind, origin: options.origin, base: r.before, theirs, binary, delegated: false, recordId: r.id });
    };
    // A rename taken out did not happen: until its file leaves the destination, later records there are about the
    // file at the source, so they follow it home (rewritten with the source's path).
    const alias = new Map();
    const resolve = (p) => alias.get(p) ?? p;
    // Writes taken up by an earlier record's rebase (see `stackAt`).
    const consumed = new Set();
    /**
     * The writes at `p` that follow `first` exactly (each starts from the previous one's result), up to the first
     * other record touching anything but a write elsewhere: one stack, rebased by one merge. The result depends on
     * the surviving records only, not on the order in which others were taken out.
     */
    const stackAt = (i, p, first) => {
        const stack = [first];
        const ahead = new Map(alias);
        const home = (q) => ahead.get(q) ?? q;
        for (let j = i + 1; j < all.length; j++) {
            const o = all[j];
            if (removed.has(o.id)) {
                if (o.operation === 'rename' && o.fromPath !== undefined)
                    ahead.set(o.path, home(o.fromPath));
                continue;
            }
            const g = options.rewrites?.get(o.id) ?? o;
            if (g.operation === 'rename' || g.operation === 'delete')
                break;
            const w = aliased(g, home);
            if (w.path !== p)
                continue;
            if (w.before !== stack[stack.length - 1].after || options.force?.(o))
                break;
            stack.push(w);
            consumed.add(o.id);
            if (w !== o)
                rewritten.push(w);
        }
        return stack;
    };
    for (let i = 0; i < all.length; i++) {
        const original = all[i];
        if (consumed.has(original.id))
            continue;
        if (removed.has(original.id)) {
            if (original.operation === 'rename' && original.fromPath !== undefined)
                alias.set(original.path, resolve(original.fromPath));
            continue;
        }
        const given = options.rewrites?.get(original.id) ?? original;
        const r = aliased(given, resolve);
        if (given.operation === 'delete')
            alias.delete(given.path);
        if (given.operation === 'rename' && given.fromPath !== undefined) {
            alias.delete(given.fromPath);
            alias.delete(given.path);
        }
        let out = r;
        switch (r.operation) {
            case 'create':
            case 'modify': {
                const p = r.path;
                const c = cur.get(p);
                let after = r.after;
                let stack = [r];
                if (c !== r.before) {
                    if (options.force?.(original)) {
                        // The person kept the agent's version: the record is rewritten to apply as it stands.
                        out = { ...r, operation: c === null ? 'create' : 'modify', before: c };
                    }
                    else {
                        stack = stackAt(i, p, r);
                        const top = stack[stack.length - 1];
                        const rebased = rebaseWrite(r.before, top.after, c, store, merge, texts);
                        if (rebased.kind === 'merged')
                            after = rebased.after;
                        else {
                            conflict(p, r, rebased.conflict, c, rebased.binary);
                            after = top.after;
                        }
                    }
                }
                if (c === null) {
                    lineage.set(p, null);
                    prov.set(p, new Set());
                }
                cur.set(p, after);
                for (const w of stack) {
                    prov.get(p).add(w.id);
                    ids.get(p).push(w.id);
                }
                break;
            }
            case 'delete': {
                const p = r.path;
                const c = cur.get(p);
                ids.get(p).push(r.id);
                if (c === null)
                    break; // nothing left to delete: the record has no effect (it stays, for its message)
                cur.set(p, null);
                lineage.set(p, null);
                prov.set(p, new Set());
                conflicts.delete(p); // the content that did not rebase is gone: nothing is left to settle
                break;
            }
            case 'rename': {
                const from = r.fromPath;
                const to = r.path;
                const c = cur.get(from);
                const d = cur.get(to);
                if (c === null && options.force?.(original) && d === null) {
                    // The file to move is gone and the person kept the agent's version: what it moved is created there.
                    out = { ...withoutFrom(r), operation: 'create', before: null };
                    cur.set(to, r.after);
                    lineage.set(to, null);
                    prov.set(to, new Set([r.id]));
                    ids.get(to).push(r.id);
                    break;
                }
                if (from === to) {
                    ids.get(to).push(r.id);
                    break; // it moves the file onto itself now (its source's rename was taken out): no effect
                }
                ids.get(from).push(r.id);
                ids.get(to).push(r.id);
                if (c === null)
                    break; // nothing left to move
                // A conflict travels with the content it is about.
                const carried = diskHeld.has(from) ? undefined : conflicts.get(from);
                if (carried)
                    conflicts.delete(from);
                if (carried && !conflicts.has(to))
                    conflicts.set(to, carried);
                // A rename that settled a conflict by hand carries the merged result as its after.
                const moved = r.after !== r.before ? r.after : c;
                // Onto a file that holds the very bytes it moves, a rename loses nothing (someone made the same copy).
                if (d !== null && d !== moved && !options.force?.(original))
                    conflict(to, r, 'rename', d);
                cur.set(to, moved);
                cur.set(from, null);
                lineage.set(to, lineage.get(from));
                lineage.set(from, null);
                prov.set(to, new Set([...prov.get(from), r.id]));
                prov.set(from, new Set());
                break;
            }
        }
        if (out !== original)
            rewritten.push(out);
    }
    // Conflicts the replay did not create: a disk conflict stays while its baseline does, a delegation stays with its record.
    const foundPaths = [...conflicts.keys()];
    for (const p of paths) {
        const old = view.entry(p)?.conflict;
        const found = conflicts.get(p);
        if (found && old && old.recordId === found.recordId && old.delegated)
            conflicts.set(p, { ...found, delegated: true });
        if (diskHeld.has(p) && old)
            conflicts.set(p, old);
    }
    const movedTo = new Map();
    for (const p of paths) {
        const l = lineage.get(p);
        if (l !== null && l !== undefined && l !== p)
            movedTo.set(l, p);
    }
    const entries = [];
    const removedPaths = [];
    for (const p of paths) {
        const recs = ids.get(p);
        if (recs.length === 0) {
            removedPaths.push(p);
            continue;
        }
        const l = lineage.get(p);
        entries.push((0, accumulator_1.makeEntry)({
            path: p,
            state: (0, mergeRules_1.stateOf)(base.get(p), cur.get(p)),
            movedFrom: l !== null && l !== undefined && l !== p ? l : undefined,
            movedTo: movedTo.get(p),
            fresh: l === null,
            identity: identity.get(p),
            recordIds: recs,
            conflict: conflicts.get(p),
        }));
    }
    return {
        entries,
        removedPaths,
        rewritten,
        removedRecordIds: all.filter((r) => removed.has(r.id)).map((r) => r.id),
        conflicts: [...conflicts.keys()].filter((p) => !removedPaths.includes(p)),
        found: foundPaths,
        provenance: prov,
        records: all,
    };
}
/** The record with its paths read through the aliases of renames taken out. */
function aliased(r, resolve) {
    const path = resolve(r.path);
    const fromPath = r.fromPath === undefined ? undefined : resolve(r.fromPath);
    if (path === r.path && fromPath === r.fromPath)
        return r;
    return { ...r, path, ...(fromPath !== undefined ? { fromPath } : {}) };
}
function withoutFrom(r) {
    const { fromPath: _dropped, ...rest } = r;
    return rest;
}
/** A stack of writes (from `before` to `after`) whose start is no longer what is there: its change applied to what is. */
function rebaseWrite(before, after, current, store, merge, texts) {
    if (current === after)
        return { kind: 'merged', after };
    if (before === null)
        return { kind: 'conflict', conflict: current === null ? 'deletion' : 'creation', binary: false };
    if (current === null)
        return { kind: 'conflict', conflict: 'deletion', binary: false };
    const m = (0, mergeContent_1.mergeContent)(before, after, current, store, merge, texts);
    switch (m.kind) {
        case 'unchanged': return { kind: 'merged', after };
        case 'merged': return m.result === null ? { kind: 'conflict', conflict: 'deletion', binary: false } : { kind: 'merged', after: m.result };
        case 'conflict': return { kind: 'conflict', conflict: 'text', binary: m.binary };
    }
}
//# sourceMappingURL=replay.js.map