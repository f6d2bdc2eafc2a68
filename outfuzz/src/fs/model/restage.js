"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.restageItemsOf = restageItemsOf;
exports.refsOfRestage = refsOfRestage;
exports.restage = restage;
const mergeRules_1 = require("./mergeRules");
/** The composites an apply is about to write, as what Undo would stage again. */
function restageItemsOf(composites) {
    return composites.map(c => {
        const last = c.records[c.records.length - 1];
        const origin = last
            ? { sessionId: last.sessionId, messageId: last.messageId, turn: last.turn, description: last.description }
            : { sessionId: 'unknown', messageId: 'unknown', turn: 0, description: 'restaged by Undo Last Apply' };
        return { kind: c.kind, path: c.path, ...(c.fromPath !== undefined ? { fromPath: c.fromPath } : {}), after: c.after, origin };
    });
}
/** Content refs an item needs kept in the blob store. */
function refsOfRestage(items) {
    return (items ?? []).flatMap(i => (i.after === null ? [] : [i.after]));
}
/**
 * Stages the items again through the model's ordinary staging ops, after Undo restored the disk: a write, a
 * delete, or a rename (onto what the disk has at the destination, as the original did) followed by the agent's
 * edit of the moved file. Each item's before is what the disk holds now, so the result lists the same
 * composites, kinds and contents as before the apply.
 *
 * Order matters where renames chain (a→b, then c→a): a file moves out of a path before anything moves in, so
 * an item that lands on another's origin waits for it. A cycle (a swap) cannot be staged as renames from the
 * disk: its items are staged as writes of what the agent left there (same contents; the kind reads "modified").
 * An item is skipped, with those that land on its origin, when Undo left one of its files alone or something
 * was staged at one of its paths before this began.
 */
function restage(model, items, disk, leftAlone) {
    const pathsOf = (i) => (i.fromPath !== undefined ? [i.fromPath, i.path] : [i.path]);
    const skipped = new Set(items.filter(i => pathsOf(i).some(p => leftAlone.has(p) || model.hasEntry(p))));
    // Whatever lands on a skipped item's origin would take the place of a file that is not moving away.
    for (let grew = true; grew;) {
        grew = false;
        for (const i of items) {
            if (!skipped.has(i) && items.some(x => skipped.has(x) && x.fromPath === i.path)) {
                skipped.add(i);
                grew = true;
            }
        }
    }
    let pending = items.filter(i => !skipped.has(i));
    const restaged = [];
    // Undo has restored the disk by now and recovery runs this again after a crash: a refusal of the model (say, a
    // destination taken meanwhile) skips that item and never stops the rest, nor the opening of the store.
    const attempt = (i, f) => {
        try {
            f();
            restaged.push(i.path);
        }
        catch {
            skipped.add(i);
        }
    };
    for (;;) {
        const ready = pending.filter(i => !pending.some(x => x !== i && x.fromPath === i.path));
        if (ready.length === 0)
            break;
        for (const i of ready)
            attempt(i, () => stageOne(model, i, disk));
        pending = pending.filter(i => !ready.includes(i));
    }
    // A file that moved into the cycle from outside it: its origin is gone after the apply, so it goes again.
    const destinations = new Set(items.map(i => i.path));
    for (const i of pending) {
        attempt(i, () => {
            stageContent(model, i, disk);
            if (i.fromPath !== undefined && !destinations.has(i.fromPath) && model.read(i.fromPath, disk.read) !== undefined)
                model.delete(i.fromPath, i.origin, disk);
        });
    }
    return { restaged, skipped: items.filter(i => skipped.has(i)).map(i => i.path) };
}
function stageOne(model, item, disk) {
    const meta = item.origin;
    switch (item.kind) {
        case 'create':
        case 'modify':
        case 'delete':
            stageContent(model, item, disk);
            return;
        case 'rename': {
            const [moved] = model.rename(item.fromPath, item.path, meta, disk, { overwrite: true }).slice(-1);
            if (item.after === null)
                model.delete(item.path, meta, disk);
            else if (item.after !== moved.after)
                model.write(item.path, model.store.get(item.after), meta, disk);
            return;
        }
        default:
            (0, mergeRules_1.assertNever)(item.kind);
    }
}
/** The agent's content at the item's path, whatever the kind (a rename's origin is another item's business). */
function stageContent(model, item, disk) {
    if (item.after !== null)
        model.write(item.path, model.store.get(item.after), item.origin, disk);
    else if (model.read(item.path, disk.read) !== undefined)
        model.delete(item.path, item.origin, disk);
}
//# sourceMappingURL=restage.js.map