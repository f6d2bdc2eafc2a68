"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
exports.RequestVersionsTool = exports.REQUEST_VERSIONS_METADATA = void 0;
const historyToolResults_1 = require("../../history/historyToolResults");
const messages = __importStar(require("../../history/historyMessages"));
const versionChoices_1 = require("../../history/versionChoices");
const requesterName_1 = require("../requesterName");
const historyToolSupport_1 = require("./historyToolSupport");
exports.REQUEST_VERSIONS_METADATA = {
    toolName: 'history_requestVersions',
    displayName: 'Request local history versions',
    toolReferenceName: 'historyVersions',
    icon: '$(history)',
    userDescription: 'Asks you to share a list of versions of a file from VS Code\'s local history. You choose which versions, if any, the agent sees.',
    modelDescription: [
        'Asks the user for a list of earlier versions of one workspace file from VS Code\'s local file history (the copies VS Code keeps each time the file is saved, independent of git).',
        'Use this tool when you need to see how a file looked before recent edits: to undo a mistake, recover deleted code, or compare with an uncommitted earlier state.',
        'The user is shown a prompt and picks which versions to share; you receive only those.',
        'Returns {"status":"success","versions":[{"id","timestamp","label"}]} (newest first; timestamp is ISO 8601 UTC, label like "5 minutes ago (File Saved)"),',
        '{"status":"denied_by_user"} (respect it; do not ask again unless the user tells you to), or {"status":"error","message"}',
        '(a path with no local history at all is an error at once, without asking the user: check the path).',
        'The answer can take a while: the user may answer other requests first.',
        'Then call history_getVersionContent with the same filePath and one of the ids to read that version. Ids expire after a few minutes and may work only once.',
        'Tell the user why you want the history before calling it.',
        'Example: {"filePath": "src/utils.ts"}',
    ].join(' '),
    inputSchema: {
        type: 'object',
        properties: {
            filePath: {
                type: 'string',
                minLength: 1,
                maxLength: historyToolSupport_1.MAX_PATH_LENGTH,
                description: 'The file\'s path relative to the workspace folder, e.g. "src/utils.ts" (in a multi-root workspace, prefix the folder name).',
            },
        },
        required: ['filePath'],
        additionalProperties: false,
    },
    tags: ['history', 'local-history'],
};
/** `history_requestVersions {filePath}` (SPEC §3): Allow/Deny, then a multi-select pick, then grant ids. */
class RequestVersionsTool {
    deps;
    static toolName = exports.REQUEST_VERSIONS_METADATA.toolName;
    metadata = exports.REQUEST_VERSIONS_METADATA;
    constructor(deps) {
        this.deps = deps;
    }
    invocationMessage(input) {
        return `Asking for the local history of ${input.filePath}`;
    }
    async invoke(input, caller, signal) {
        const { consent, grants, requests, log } = this.deps;
        const resolved = await (0, historyToolSupport_1.resolveHistoryFile)(this.deps, 'history_requestVersions', input.filePath);
        if ('error' in resolved)
            return answer(resolved.error);
        const { file } = resolved;
        const displayPath = file.displayPath;
        log.info(`history_requestVersions: an agent (${caller.via}) asks for the versions of ${displayPath}`);
        // A path with no history at all (a typo, a file that never existed) is an error before any dialog: there is
        // nothing to consent to. A deleted file that has history gets the normal flow.
        const before = await this.listOrError(file);
        if ('error' in before)
            return answer(before.error);
        if (before.versions.length === 0) {
            log.info(`history_requestVersions: ${displayPath} has no local history${file.exists ? '' : ' and does not exist'}; no dialog`);
            return answer(file.exists ? (0, historyToolResults_1.noHistoryError)(displayPath) : (0, historyToolResults_1.noSuchFileError)(displayPath));
        }
        const outcome = await requests.submit({ kind: 'listVersions', displayPath, via: caller.via }, (turn) => this.dialog(file, turn, (0, requesterName_1.requesterName)(caller), signal), signal);
        let result;
        switch (outcome.kind) {
            case 'answered':
                result = outcome.value;
                break;
            case 'deniedWhileWaiting':
                result = (0, historyToolResults_1.deniedByUser)();
                break;
            case 'cancelled':
                log.info(`history_requestVersions for ${displayPath} was cancelled before the user answered`);
                return answer((0, historyToolSupport_1.cancelledResult)());
        }
        if (result.status === 'denied_by_user') {
            // Only this file's ids go: a denial of one request says nothing about what the user allowed for others.
            const revoked = grants.deny(file.absolutePath);
            consent.notify(messages.accessDenied(displayPath));
            log.info(`history_requestVersions: the user denied the versions of ${displayPath}${revoked ? `; ${revoked} version id(s) of this file were revoked` : ''}`);
        }
        else if (result.status === 'success') {
            log.info(`history_requestVersions: the user shared ${result.versions.length} version id(s) of ${displayPath}: ${result.versions.map((v) => v.timestamp).join(', ')}`);
        }
        return answer(result);
    }
    /** Allow/Deny, then the picker until the user accepts or denies it (a hidden picker parks the request). */
    async dialog(file, turn, requester, signal) {
        const { consent, grants, log, clock } = this.deps;
        const displayPath = file.displayPath;
        const consentAnswer = await consent.confirm({ message: messages.requestVersionsPrompt(displayPath, requester), detail: messages.REQUEST_VERSIONS_DETAIL }, signal);
        if (consentAnswer !== 'allow')
            return (0, historyToolResults_1.deniedByUser)();
        if (signal?.aborted)
            return (0, historyToolSupport_1.cancelledResult)();
        // Listed again: the file may have been saved while the dialog was open.
        const listed = await this.listOrError(file);
        if ('error' in listed)
            return listed.error;
        const { versions } = listed;
        log.info(`history_requestVersions: ${versions.length} version(s) of ${displayPath} found`);
        if (versions.length === 0) {
            consent.notify(messages.noLocalHistory(displayPath));
            return (0, historyToolResults_1.noHistoryError)(displayPath);
        }
        const { maxVersionsInPicker, allRecentCount } = this.deps.settings();
        let preselected = [];
        for (;;) {
            const pick = await consent.pickVersions({
                title: `Share versions of ${displayPath} with the AI agent`,
                placeholder: `Check the versions the agent may see, or "${(0, versionChoices_1.allRecentLabel)(allRecentCount)}", then OK`,
                choices: (0, versionChoices_1.versionChoices)((0, historyToolSupport_1.baseName)(displayPath), versions, clock.now(), maxVersionsInPicker),
                canPickMany: true,
                allRecentCount,
                preselected,
                deniable: true,
            }, signal);
            if (signal?.aborted)
                return (0, historyToolSupport_1.cancelledResult)();
            if (pick.kind === 'denied')
                return (0, historyToolResults_1.deniedByUser)();
            if (pick.kind === 'accepted') {
                if (pick.versions.length === 0)
                    return (0, historyToolResults_1.requestVersionsNonePicked)();
                const issued = grants.grantVersions({ filePath: file.absolutePath, displayPath }, pick.versions.map((version) => ({ version })));
                consent.notify(messages.versionsAvailable(issued.length, displayPath));
                return (0, historyToolResults_1.requestVersionsSuccess)(issued, clock.now());
            }
            // Hidden without an answer (Escape, or another quick input took the screen): the request waits.
            log.info(`history_requestVersions: the picker for ${displayPath} was closed without an answer; the request waits`);
            consent.notify(messages.requestParked(displayPath));
            const next = await turn.park();
            if (next === 'deny')
                return (0, historyToolResults_1.deniedByUser)();
            if (next === 'cancelled')
                return (0, historyToolSupport_1.cancelledResult)();
            preselected = pick.checked;
        }
    }
    async listOrError(file) {
        try {
            return { versions: await this.deps.files.listVersions(file) };
        }
        catch (err) {
            this.deps.log.error(`history_requestVersions: could not list the history of ${file.displayPath}`, err);
            this.deps.consent.warn(messages.couldNotAccess(file.displayPath));
            return { error: (0, historyToolResults_1.errorResultFor)(err, file.displayPath) };
        }
    }
}
exports.RequestVersionsTool = RequestVersionsTool;
function answer(result) {
    switch (result.status) {
        case 'success':
            return { summary: `The user shared ${result.versions.length} version(s). Read one with history_getVersionContent.`, data: result };
        case 'denied_by_user':
            return { summary: 'The user denied access to the local history of this file.', data: result };
        case 'error':
            return { summary: `history_requestVersions failed: ${result.message}`, data: result };
    }
}
//# sourceMappingURL=requestVersionsTool.js.map