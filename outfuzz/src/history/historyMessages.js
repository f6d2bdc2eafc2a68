"use strict";
/**
 * Every sentence the history bridge shows a person, in one place. Where seed 000 gives the text, it is used
 * word for word (with the placeholders filled in); the rest follows the same voice.
 */
Object.defineProperty(exports, "__esModule", { value: true });
exports.WORKSPACE_FILES_ONLY = exports.NO_WAITING_REQUESTS = exports.VERSION_CONTENT_DETAIL = exports.REQUEST_VERSIONS_DETAIL = void 0;
exports.requestVersionsPrompt = requestVersionsPrompt;
exports.versionContentPrompt = versionContentPrompt;
exports.versionsAvailable = versionsAvailable;
exports.contentAvailable = contentAvailable;
exports.requestParked = requestParked;
exports.accessDenied = accessDenied;
exports.shareReady = shareReady;
exports.couldNotAccess = couldNotAccess;
exports.sharedRetrieved = sharedRetrieved;
exports.noLocalHistory = noLocalHistory;
exports.clearedShared = clearedShared;
/** The modal before an agent sees which versions exist (seed 000, Tool 1 "Interaction Model" step 2). */
function requestVersionsPrompt(file, requester = 'AI Agent') {
    return `${requester} is requesting access to historical versions for '${file}'.`;
}
exports.REQUEST_VERSIONS_DETAIL = 'If you allow, you choose which versions the agent may see. Nothing is shared if you deny.';
/** The modal before an agent gets one version's content (seed 000, Tool 2 "Interaction Model" step 2). */
function versionContentPrompt(file, when, requester = 'AI Agent') {
    return `${requester} is requesting to view the content of a historical version of '${file}' (Timestamp: ${when}).`;
}
exports.VERSION_CONTENT_DETAIL = 'If you allow, the agent receives the full text of this one version.';
/** After the user picked versions for the agent (seed 000, "Respond to AI Agent's request", step 3). */
function versionsAvailable(count, file) {
    return count === 1
        ? `1 historical version of ${file} is now available for the AI agent to list.`
        : `${count} historical versions of ${file} are now available for the AI agent to list.`;
}
/** After the user allowed one version's content (seed 000, agent-initiated workflow step 7). */
function contentAvailable(file, when) {
    return `Historical content of ${file} (${when}) has been made available to the AI Agent.`;
}
/** An agent's version picker was closed without an answer (Escape, or another quick input took its place). */
function requestParked(file) {
    return `The AI agent's request for the history of ${file} is still waiting. Answer it from the status bar or with "Agent History: Respond to AI Agent's Request for History".`;
}
/** After any "Deny" (seed 000, "Respond to AI Agent's request", step 4). */
function accessDenied(file) {
    return `Access to historical versions for ${file} was denied.`;
}
/** After "Share historical version with AI Agent" (seed 000, command step 7). */
function shareReady(file, when) {
    return `Historical content for ${file} (${when}) is ready. Inform your AI agent it can request this content.`;
}
/** A history read failed (seed 000, "API Failures/Inaccessible History"). */
function couldNotAccess(file) {
    return `History Helper could not access history for ${file}.`;
}
/** The agent fetched what the user shared (seed 000 "Transparency": every share is visible). */
function sharedRetrieved(file, when) {
    return `The AI agent retrieved the historical content of ${file} (${when}) that you shared.`;
}
function noLocalHistory(file) {
    return `No local history is available for ${file}. VS Code records a version each time you save the file.`;
}
exports.NO_WAITING_REQUESTS = "No AI agent request for history is waiting.";
function clearedShared(hadAny) {
    return hadAny
        ? 'Cleared the historical content shared with the AI agent. Version ids it was given no longer work.'
        : 'Nothing was shared with the AI agent.';
}
exports.WORKSPACE_FILES_ONLY = 'History Helper works with files of the open workspace folders.';
//# sourceMappingURL=historyMessages.js.map