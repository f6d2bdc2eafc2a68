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
exports.GetVersionContentTool = exports.GET_VERSION_CONTENT_METADATA = void 0;
const historyToolResults_1 = require("../../history/historyToolResults");
const messages = __importStar(require("../../history/historyMessages"));
const requesterName_1 = require("../requesterName");
const historyToolSupport_1 = require("./historyToolSupport");
exports.GET_VERSION_CONTENT_METADATA = {
    toolName: 'history_getVersionContent',
    displayName: 'Get a local history version',
    toolReferenceName: 'historyVersionContent',
    icon: '$(history)',
    userDescription: 'Asks you to share the full text of one version of a file from VS Code\'s local history, picked from a list you shared before.',
    modelDescription: [
        'Asks the user for the full text of one earlier version of a workspace file from VS Code\'s local file history.',
        'Use this tool when history_requestVersions gave you version ids and you need the content of one of them (for example to restore a function the user deleted).',
        'The user is asked to allow it first.',
        'Returns {"status":"success","filePath","versionId","content"}, {"status":"denied_by_user"} (respect it), or {"status":"error","message"}',
        '(an unknown, expired or already used id, or an id issued for another file: call history_requestVersions again for fresh ids).',
        'To change the file afterwards, use your normal editing tools; this tool never modifies files.',
        'Example: {"filePath": "src/utils.ts", "versionId": "0f8fad5b-d9cb-469f-a165-70867728950e"}',
    ].join(' '),
    inputSchema: {
        type: 'object',
        properties: {
            filePath: {
                type: 'string',
                minLength: 1,
                maxLength: historyToolSupport_1.MAX_PATH_LENGTH,
                description: 'The same workspace-relative path you passed to history_requestVersions, e.g. "src/utils.ts".',
            },
            versionId: {
                type: 'string',
                minLength: 1,
                maxLength: 100,
                description: 'An id from the versions history_requestVersions returned for this file.',
            },
        },
        required: ['filePath', 'versionId'],
        additionalProperties: false,
    },
    tags: ['history', 'local-history'],
};
/**
 * `history_getVersionContent {filePath, versionId}` (SPEC §3). An id that is not a live grant for this file
 * (unknown, guessed, expired, used, another file's) gets an error without any dialog: there is nothing to
 * consent to. A live one gets the modal; Allow returns the text once (by default), Deny revokes this file's ids.
 */
class GetVersionContentTool {
    deps;
    static toolName = exports.GET_VERSION_CONTENT_METADATA.toolName;
    metadata = exports.GET_VERSION_CONTENT_METADATA;
    constructor(deps) {
        this.deps = deps;
    }
    invocationMessage(input) {
        return `Asking for a historical version of ${input.filePath}`;
    }
    async invoke(input, caller, signal) {
        const { files, consent, grants, requests, log, clock } = this.deps;
        const resolved = await (0, historyToolSupport_1.resolveHistoryFile)(this.deps, 'history_getVersionContent', input.filePath);
        if ('error' in resolved)
            return answer(resolved.error);
        const { file } = resolved;
        const displayPath = file.displayPath;
        const lookup = grants.lookup(input.versionId, file.absolutePath);
        if (lookup.kind !== 'granted') {
            log.warn(`history_getVersionContent: an agent (${caller.via}) sent a version id for ${displayPath} that is not granted (${lookup.kind}); nothing shared`);
            return answer((0, historyToolResults_1.versionIdError)(lookup, displayPath));
        }
        const when = (0, historyToolResults_1.versionLabel)(lookup.grant, clock.now());
        log.info(`history_getVersionContent: an agent (${caller.via}) asks for the version of ${displayPath} from ${when}`);
        const outcome = await requests.submit({ kind: 'versionContent', displayPath, versionLabel: when, via: caller.via }, async () => {
            const consentAnswer = await consent.confirm({ message: messages.versionContentPrompt(displayPath, when, (0, requesterName_1.requesterName)(caller)), detail: messages.VERSION_CONTENT_DETAIL }, signal);
            if (consentAnswer !== 'allow')
                return (0, historyToolResults_1.deniedByUser)();
            if (signal?.aborted)
                return (0, historyToolSupport_1.cancelledResult)();
            // Re-check: the id may have expired, or been denied elsewhere, while the dialog was open.
            const used = grants.consume(input.versionId, file.absolutePath);
            if (used.kind !== 'granted')
                return (0, historyToolResults_1.versionIdError)(used, displayPath);
            let content;
            try {
                content = await files.readText(used.grant.version, used.grant.filePath);
            }
            catch (err) {
                log.error(`history_getVersionContent: could not read the version of ${displayPath} from ${when}`, err);
                consent.warn(messages.couldNotAccess(displayPath));
                return (0, historyToolResults_1.errorResultFor)(err, displayPath);
            }
            this.deps.onContentAllowed?.(used.grant);
            consent.notify(messages.contentAvailable(displayPath, when));
            return (0, historyToolResults_1.versionContentSuccess)(used.grant, content);
        }, signal);
        let result;
        switch (outcome.kind) {
            case 'answered':
                result = outcome.value;
                break;
            case 'deniedWhileWaiting':
                result = (0, historyToolResults_1.deniedByUser)();
                break;
            case 'cancelled':
                log.info(`history_getVersionContent for ${displayPath} was cancelled before the user answered`);
                return answer((0, historyToolSupport_1.cancelledResult)());
        }
        if (result.status === 'denied_by_user') {
            const revoked = grants.deny(file.absolutePath);
            consent.notify(messages.accessDenied(displayPath));
            log.info(`history_getVersionContent: the user denied the version of ${displayPath} from ${when}; ${revoked} version id(s) of this file were revoked`);
        }
        else if (result.status === 'success') {
            log.info(`history_getVersionContent: shared the version of ${displayPath} from ${when} (${result.content.length} characters)`);
        }
        else {
            log.warn(`history_getVersionContent: ${result.message}`);
        }
        return answer(result);
    }
}
exports.GetVersionContentTool = GetVersionContentTool;
function answer(result) {
    switch (result.status) {
        case 'success':
            return { summary: `The user shared this historical version of ${result.filePath}.`, data: result };
        case 'denied_by_user':
            return { summary: 'The user denied access to this historical version.', data: result };
        case 'error':
            return { summary: `history_getVersionContent failed: ${result.message}`, data: result };
    }
}
//# sourceMappingURL=getVersionContentTool.js.map