"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.toIsoSeconds = toIsoSeconds;
exports.versionLabel = versionLabel;
exports.deniedByUser = deniedByUser;
exports.toolError = toolError;
exports.requestVersionsSuccess = requestVersionsSuccess;
exports.requestVersionsNonePicked = requestVersionsNonePicked;
exports.noHistoryError = noHistoryError;
exports.noSuchFileError = noSuchFileError;
exports.versionContentSuccess = versionContentSuccess;
exports.versionIdError = versionIdError;
exports.sharedContentResult = sharedContentResult;
exports.errorResultFor = errorResultFor;
const historyVersion_1 = require("./historyVersion");
const relativeTime_1 = require("./relativeTime");
const versionText_1 = require("./versionText");
const workspacePath_1 = require("./workspacePath");
/** `2024-05-01T12:34:56Z`. */
function toIsoSeconds(ms) {
    return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
/** The label shown in Quick Picks and given to the agent: relative time, then how the version was made. */
function versionLabel(version, now) {
    return `${(0, relativeTime_1.formatRelativeTime)(version.timestamp, now)} (${version.label})`;
}
function deniedByUser() {
    return { status: 'denied_by_user' };
}
function toolError(message) {
    return { status: 'error', message };
}
/** `history_requestVersions` after the user allowed and picked: only the picked versions, newest first. */
function requestVersionsSuccess(grants, now) {
    const versions = [...grants]
        .sort((a, b) => b.timestamp - a.timestamp)
        .map((g) => ({ id: g.id, timestamp: toIsoSeconds(g.timestamp), label: versionLabel(g, now) }));
    return { status: 'success', versions };
}
/** The user allowed but picked nothing: treated as a denial (nothing was shared). */
function requestVersionsNonePicked() {
    return deniedByUser();
}
function noHistoryError(displayPath) {
    return toolError(`No local history is available for ${displayPath}. VS Code records local history only when a file is saved in `
        + 'the editor (setting workbench.localHistory.enabled); check the path, or ask the user to share a version.');
}
/** A path that names no file and has no local history: most often a typo. No dialog was shown. */
function noSuchFileError(displayPath) {
    return toolError(`There is no file at ${displayPath} and no local history for that path. Check the path (relative to the workspace `
        + 'folder; in a multi-root workspace, prefix the folder name) and call history_requestVersions again.');
}
function versionContentSuccess(grant, content) {
    return { status: 'success', filePath: grant.displayPath, versionId: grant.id, content };
}
/** The error for a `history_getVersionContent` id that is not granted for this file. */
function versionIdError(lookup, displayPath) {
    switch (lookup.kind) {
        case 'expired':
            return toolError(`This version id has expired. Call history_requestVersions for ${displayPath} again; the user will be asked to pick versions.`);
        case 'otherFile':
            return toolError(`This version id was not issued for ${displayPath}. Pass the same filePath you gave to history_requestVersions.`);
        case 'unknown':
            return toolError(`Unknown version id for ${displayPath}. Use an id returned by history_requestVersions for this file; ids are `
                + 'valid for a limited time and may work only once. Call history_requestVersions to get fresh ids.');
        default:
            return assertNever(lookup);
    }
}
/** `history_getSharedContent`. */
function sharedContentResult(lookup) {
    switch (lookup.kind) {
        case 'success':
            return { status: 'success', filePath: lookup.shared.displayPath, content: lookup.shared.content };
        case 'no_content_available':
            return { status: 'no_content_available' };
        case 'no_matching_content':
            return {
                status: 'no_matching_content',
                message: `Content for a different file (${lookup.sharedDisplayPath}) was shared by the user, not for the hinted ${lookup.hint}.`,
            };
        default:
            return assertNever(lookup);
    }
}
/**
 * One mapping from the bridge's typed errors to a message for the model (STYLE: map errors once per boundary).
 * Unknown errors get a generic message; adapters log the original.
 */
function errorResultFor(err, displayPath) {
    if (err instanceof workspacePath_1.WorkspacePathError || err instanceof versionText_1.VersionTextError)
        return toolError(err.message);
    const what = displayPath ? ` of ${displayPath}` : '';
    if (err instanceof historyVersion_1.HistoryReadError) {
        switch (err.code) {
            case 'contentMissing':
                return toolError(`This historical version${what} no longer exists (VS Code prunes old entries). Call history_requestVersions again.`);
            case 'contentTooLarge':
                return toolError(`This historical version${what} is too large to return as a tool result.`);
            case 'unreadable':
            case 'badLocation':
            case 'foreignVersion':
                return toolError(`Failed to read the local history${what}. The user can check the "History Helper" output for details.`);
            default:
                return assertNever(err.code);
        }
    }
    return toolError(`Failed to access the local history${what} due to an internal error.`);
}
function assertNever(x) {
    throw new Error(`unexpected value ${JSON.stringify(x)}`);
}
//# sourceMappingURL=historyToolResults.js.map