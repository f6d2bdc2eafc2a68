"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.recentEditsBlock = recentEditsBlock;
const formatRecentEdits_1 = require("./formatRecentEdits");
/**
 * The seed-002 "RECENT EDITS" block for `query`, the same one the "Show Recent Edits" document shows, the
 * notebook's ghost block carries and `edits_getRecent {format: "text"}` returns; '' when tracking is off or there
 * is nothing to say.
 */
async function recentEditsBlock(source, query = {}) {
    if (!source.isEnabled())
        return '';
    const edits = source.getRecent(query);
    if (edits.length === 0)
        return '';
    const symbolOf = source.symbols ? await source.symbols(edits).catch(() => undefined) : undefined;
    return (0, formatRecentEdits_1.formatRecentEdits)(edits, { fileLabel: uri => source.fileLabel(uri), ...(symbolOf ? { symbolOf } : {}) });
}
//# sourceMappingURL=recentEditsBlock.js.map