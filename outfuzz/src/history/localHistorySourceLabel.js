"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.FILE_SAVED_LABEL = void 0;
exports.localHistorySourceLabel = localHistorySourceLabel;
/**
 * Labels for the `source` ids VS Code stores in `entries.json` (registered with `SaveSourceRegistry`; the JSON
 * keeps the id, the UI shows the label — research/formats.md §A5). Unknown ids are free text (an undo label
 * such as "Workspace Edit", or a name the user typed in "Local History: Create Entry") and are shown as is,
 * exactly like VS Code's `getSourceLabel`.
 */
const KNOWN_SOURCES = new Map([
    ['default.source', 'File Saved'],
    ['undoRedo.source', 'Undo / Redo'],
    ['moved.source', 'File Moved'],
    ['renamed.source', 'File Renamed'],
    ['localHistoryRestore.source', 'File Restored'],
    ['textFileCreate.source', 'File Created'],
    ['fileWorkingCopyCreate.source', 'File Created'],
    ['textFileOverwrite.source', 'File Replaced'],
    ['fileWorkingCopyReplace.source', 'File Replaced'],
    ['textFileEncoding.source', 'File Encoding Changed'],
    ['searchReplace.source', 'Search and Replace'],
    ['merge-editor.source', 'Before Resolving Conflicts In Merge Editor'],
]);
/** Sources whose `sourceDescription` is the old location (`labelService.getUriLabel(oldResource)`). */
const MOVE_SOURCES = new Set(['moved.source', 'renamed.source']);
/** Free text lands in Quick Picks and in the agent's tool result: one line, bounded. */
const MAX_LABEL_LENGTH = 120;
exports.FILE_SAVED_LABEL = 'File Saved';
function localHistorySourceLabel(source, sourceDescription) {
    const clean = source === undefined ? '' : oneLine(source);
    if (!clean)
        return exports.FILE_SAVED_LABEL;
    const known = KNOWN_SOURCES.get(clean);
    if (known === undefined)
        return clean;
    const from = sourceDescription === undefined ? '' : oneLine(sourceDescription);
    return MOVE_SOURCES.has(clean) && from ? bound(`${known} (from ${from})`) : known;
}
function oneLine(s) {
    return bound(s.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim());
}
function bound(s) {
    return s.length > MAX_LABEL_LENGTH ? `${s.substring(0, MAX_LABEL_LENGTH - 1)}…` : s;
}
//# sourceMappingURL=localHistorySourceLabel.js.map