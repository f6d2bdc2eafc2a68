"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.mergeContent = mergeContent;
const threeWayMerge_1 = require("../merge/threeWayMerge");
const textContent_1 = require("./textContent");
/**
 * Three-way merge of file states (a ref, or null for "absent"): the trivial cases by ref equality, then a
 * line merge of the decoded text. Binary content (NUL or invalid UTF-8) never reaches the text merge.
 */
function mergeContent(base, ours, theirs, store, merge = threeWayMerge_1.threeWayMerge, 
/** Decoded texts by ref, shared by the merges of one replay (one record's after is the next one's before). */
texts) {
    if (theirs === base)
        return { kind: 'unchanged' };
    if (ours === base || ours === theirs)
        return { kind: 'merged', result: theirs };
    if (base === null)
        return { kind: 'conflict', reason: 'bothCreated', binary: false };
    if (theirs === null)
        return { kind: 'conflict', reason: 'theirsDeleted', binary: false };
    if (ours === null)
        return { kind: 'conflict', reason: 'oursDeleted', binary: false };
    const text = (ref) => {
        if (texts?.has(ref))
            return texts.get(ref);
        const decoded = (0, textContent_1.decodeText)(store.get(ref));
        texts?.set(ref, decoded);
        return decoded;
    };
    const b = text(base);
    const o = text(ours);
    const t = text(theirs);
    if (b === undefined || o === undefined || t === undefined)
        return { kind: 'conflict', reason: 'text', binary: true };
    const m = merge(b, o, t);
    if (m.kind === 'conflict')
        return { kind: 'conflict', reason: 'text', binary: false };
    const result = store.put((0, textContent_1.encodeText)(m.text));
    texts?.set(result, m.text);
    return { kind: 'merged', result };
}
//# sourceMappingURL=mergeContent.js.map