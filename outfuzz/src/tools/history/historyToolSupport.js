"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MAX_PATH_LENGTH = void 0;
exports.baseName = baseName;
exports.cancelledResult = cancelledResult;
exports.resolveHistoryFile = resolveHistoryFile;
const historyToolResults_1 = require("../../history/historyToolResults");
/** Longest `filePath` / `filePathHint` the schemas accept (the path policy's own limit). */
exports.MAX_PATH_LENGTH = 4096;
/** `src/a.ts` → `a.ts`. */
function baseName(displayPath) {
    const parts = displayPath.split(/[/\\]/);
    return parts[parts.length - 1] || displayPath;
}
/** The agent cancelled the call (or the window closed) before the user answered. */
function cancelledResult() {
    return (0, historyToolResults_1.toolError)('The request was cancelled before the user answered. Nothing was shared.');
}
/**
 * The agent's `filePath` under the path policy, or the error result to answer with (logged). The first step of
 * every history tool that names a file.
 */
async function resolveHistoryFile(deps, toolName, filePath) {
    try {
        return { file: await deps.files.resolve(filePath) };
    }
    catch (err) {
        deps.log.warn(`${toolName} refused ${JSON.stringify(filePath)}: ${err.message}`);
        return { error: (0, historyToolResults_1.errorResultFor)(err) };
    }
}
//# sourceMappingURL=historyToolSupport.js.map