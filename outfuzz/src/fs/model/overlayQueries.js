"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.compositeOf = compositeOf;
exports.effectiveRef = effectiveRef;
exports.readEffective = readEffective;
exports.directoryDelta = directoryDelta;
exports.isUnder = isUnder;
const mergeRules_1 = require("./mergeRules");
const pathEntry_1 = require("./pathEntry");
function compositeOf(view, path) {
    const e = view.entry(path);
    if (!e || !(0, pathEntry_1.isListed)(e))
        return undefined;
    const origin = e.movedFrom !== undefined ? view.entry(e.movedFrom) : undefined;
    const ids = origin ? [...new Set([...origin.recordIds, ...e.recordIds])].sort((a, b) => view.order(a) - view.order(b)) : e.recordIds;
    const records = ids.map((id) => view.record(id)).filter((r) => r !== undefined);
    return {
        path,
        kind: kindOf(e),
        ...(e.movedFrom !== undefined ? { fromPath: e.movedFrom } : {}),
        before: origin ? ((0, mergeRules_1.baseOf)(origin.state) ?? null) : ((0, mergeRules_1.baseOf)(e.state) ?? null),
        after: (0, mergeRules_1.afterOf)(e.state) ?? null,
        records,
        sessions: [...new Set(records.map((r) => r.sessionId))],
        ...(e.conflict ? { conflict: e.conflict } : {}),
    };
}
function kindOf(e) {
    if (e.movedFrom !== undefined)
        return 'rename';
    switch (e.state.kind) {
        case 'created': return 'create';
        case 'modified': return 'modify';
        case 'deleted': return 'delete';
        case 'cancelled': return 'delete';
        default: return (0, mergeRules_1.assertNever)(e.state);
    }
}
/**
 * The effective content ref at a path: the staged content, or — when nothing visible is staged there — what the
 * disk has, as `readDisk` returns it (undefined = the disk has no file).
 */
function effectiveRef(view, path) {
    const e = view.entry(path);
    if (!e || (0, pathEntry_1.isTransparent)(e))
        return undefined;
    return (0, mergeRules_1.afterOf)(e.state) ?? null;
}
/** Effective bytes: staged content, or the disk's; undefined = no such file in the effective view. */
function readEffective(view, get, path, readDisk) {
    const ref = effectiveRef(view, path);
    if (ref === undefined)
        return readDisk(path);
    return ref === null ? undefined : get(ref);
}
/**
 * Direct children of `dir` that the overlay adds or hides. Paths are '/'-separated; an added file deeper down
 * makes its first segment an (implicit) directory. Listing = disk listing − removed + added.
 */
function directoryDelta(entries, dir) {
    const prefix = dir.endsWith('/') ? dir : `${dir}/`;
    const added = new Map();
    const removed = new Set();
    for (const e of entries) {
        if (!e.path.startsWith(prefix) || (0, pathEntry_1.isTransparent)(e))
            continue;
        const rest = e.path.slice(prefix.length);
        const slash = rest.indexOf('/');
        const exists = (0, mergeRules_1.afterOf)(e.state) !== null;
        if (slash < 0) {
            if (exists)
                added.set(rest, 'file');
            else
                removed.add(rest);
        }
        else if (exists && added.get(rest.slice(0, slash)) !== 'file') {
            added.set(rest.slice(0, slash), 'directory');
        }
    }
    for (const name of added.keys())
        removed.delete(name);
    return { added, removed };
}
/** True when `path` is `dir` itself or lies under it. */
function isUnder(path, dir) {
    const prefix = dir.endsWith('/') ? dir : `${dir}/`;
    return path.startsWith(prefix) || path === dir;
}
//# sourceMappingURL=overlayQueries.js.map