"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.planApply = planApply;
exports.pathsLeftEmpty = pathsLeftEmpty;
exports.planUndo = planUndo;
const contentStore_1 = require("./contentStore");
const mergeRules_1 = require("./mergeRules");
const accumulator_1 = require("./accumulator");
const pathEntry_1 = require("./pathEntry");
/**
 * SPEC §2 Apply, as a plan: the actions that make the disk equal the staged view for the selected composites
 * (rename partners included), refusing any group with a conflict or whose baseline is no longer on the disk
 * (invariant 2: never overwrite a change it did not see). Pure: the adapter executes it, journaled.
 */
function planApply(view, selection, disk) {
    const readDisk = disk.read;
    const groups = [];
    const refused = [];
    const undo = [];
    const seen = new Set();
    for (const p of selection) {
        if (seen.has(p))
            continue;
        const paths = (0, accumulator_1.groupOf)(view, p);
        for (const q of paths)
            seen.add(q);
        const entries = paths.map((q) => view.entry(q));
        if (entries.length === 0 || entries.every(pathEntry_1.isTransparent))
            continue;
        const conflicted = entries.find((e) => e.conflict);
        if (conflicted) {
            refused.push({ paths, path: conflicted.path, reason: 'conflict' });
            continue;
        }
        const stale = entries.find((e) => diskRef(readDisk, e.path) !== ((0, mergeRules_1.baseOf)(e.state) ?? null));
        if (stale) {
            refused.push({ paths, path: stale.path, reason: 'diskChanged' });
            continue;
        }
        groups.push({ paths, actions: actionsOf(entries) });
        for (const e of entries) {
            const previous = (0, mergeRules_1.baseOf)(e.state) ?? null;
            const written = (0, mergeRules_1.afterOf)(e.state) ?? null;
            if (previous !== written)
                undo.push({ path: e.path, previous, written });
        }
    }
    refuseTwinned(groups, refused, disk);
    const applied = new Set(groups.flatMap((g) => g.paths));
    return { groups, refused, undo: { entries: undo.filter((u) => applied.has(u.path)) } };
}
/** The paths that hold no file once these actions are done (a path a rename leaves and a write fills is not). */
function pathsLeftEmpty(actions) {
    const last = new Map();
    for (const a of actions) {
        if (a.kind === 'rename') {
            last.set(a.from, false);
            last.set(a.to, true);
        }
        else {
            last.set(a.path, a.kind === 'write');
        }
    }
    return [...last].filter(([, full]) => !full).map(([p]) => p);
}
/**
 * On a case-insensitive disk, a new name whose other spelling holds a file would be written over that file. It
 * may be applied only when the same apply deletes or moves that file away (a rename that changes only letter case,
 * or an overwrite): groups that need a file gone that no applied group removes are refused, until none is left.
 */
function refuseTwinned(groups, refused, disk) {
    if (!disk.caseTwin)
        return;
    const created = groups.map((g) => g.actions.flatMap((a) => (a.kind === 'write' && a.expected === null ? [a.path] : a.kind === 'rename' && a.overwrites === null ? [a.to] : [])));
    const twins = created.map((paths) => paths.flatMap((p) => {
        // Two new spellings of one name in one group (a prune can bring both back) are one file there too.
        const twin = disk.caseTwin?.(p) ?? (disk.foldsCase?.(p) ? paths.find((q) => q !== p && q.toLowerCase() === p.toLowerCase()) : undefined);
        return twin === undefined ? [] : [[p, twin]];
    }));
    if (twins.every((t) => t.length === 0))
        return;
    for (let changed = true; changed;) {
        changed = false;
        const removed = new Set(groups.flatMap((g) => pathsLeftEmpty(g.actions)));
        for (let i = groups.length - 1; i >= 0; i--) {
            const blocked = twins[i].find(([, twin]) => !removed.has(twin));
            if (!blocked)
                continue;
            refused.push({ paths: groups[i].paths, path: blocked[0], reason: 'diskChanged' });
            groups.splice(i, 1);
            twins.splice(i, 1);
            changed = true;
        }
    }
}
function diskRef(readDisk, path) {
    const bytes = readDisk(path);
    return bytes ? (0, contentStore_1.contentRefOf)(bytes) : null;
}
function actionsOf(entries) {
    // The disk as the actions leave it, path → ref: every `expected` is read from here.
    const disk = new Map(entries.map((e) => [e.path, (0, mergeRules_1.baseOf)(e.state) ?? null]));
    const actions = [];
    // Renames keep the file's identity. One may run once its destination's own file has moved out; what is
    // left when none can is a cycle (a swap), applied as plain writes instead.
    let pending = entries.filter((e) => e.movedFrom !== undefined).map((e) => ({ from: e.movedFrom, to: e.path }));
    for (;;) {
        const ready = pending.filter((r) => !pending.some((o) => o !== r && o.from === r.to));
        if (ready.length === 0)
            break;
        for (const r of ready) {
            const moved = disk.get(r.from) ?? null;
            if (moved === null)
                continue; // cannot happen with a checked baseline; the writes below cover it
            actions.push({ kind: 'rename', from: r.from, to: r.to, expected: moved, overwrites: disk.get(r.to) ?? null });
            disk.set(r.to, moved);
            disk.set(r.from, null);
        }
        pending = pending.filter((r) => !ready.includes(r));
    }
    const writes = [];
    for (const e of entries) {
        const target = (0, mergeRules_1.afterOf)(e.state) ?? null;
        const now = disk.get(e.path) ?? null;
        if (target === now)
            continue;
        if (target === null)
            actions.push({ kind: 'delete', path: e.path, expected: now });
        else
            writes.push({ kind: 'write', path: e.path, content: target, expected: now });
    }
    return [...actions, ...writes];
}
/**
 * "Undo last apply" as a plan: restore each path's previous content, refusing paths whose disk changed since
 * the apply wrote them. Renames are undone as write + delete.
 */
function planUndo(undo, readDisk) {
    const deletes = [];
    const writes = [];
    const refused = [];
    for (const u of undo.entries) {
        const now = diskRef(readDisk, u.path);
        if (now !== u.written) {
            refused.push(u.path);
            continue;
        }
        if (u.previous === now)
            continue;
        if (u.previous === null)
            deletes.push({ kind: 'delete', path: u.path, expected: now });
        else
            writes.push({ kind: 'write', path: u.path, content: u.previous, expected: now });
    }
    return { actions: [...deletes, ...writes], refused };
}
//# sourceMappingURL=applyPlan.js.map