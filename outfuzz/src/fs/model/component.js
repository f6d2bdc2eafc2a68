"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.componentOf = componentOf;
/**
 * The paths linked to the seeds through records (a rename links its two paths) and rename links: what one
 * replay, one Apply or one Discard must treat together.
 */
function componentOf(view, seeds) {
    const paths = new Set();
    const recordIds = new Set();
    const stack = [...seeds];
    while (stack.length) {
        const p = stack.pop();
        if (paths.has(p))
            continue;
        const e = view.entry(p);
        if (!e)
            continue;
        paths.add(p);
        if (e.movedFrom !== undefined)
            stack.push(e.movedFrom);
        if (e.movedTo !== undefined)
            stack.push(e.movedTo);
        for (const id of e.recordIds) {
            if (recordIds.has(id))
                continue;
            const r = view.record(id);
            if (!r)
                continue;
            recordIds.add(id);
            stack.push(r.path);
            if (r.fromPath !== undefined)
                stack.push(r.fromPath);
        }
    }
    return { paths: [...paths], recordIds };
}
//# sourceMappingURL=component.js.map