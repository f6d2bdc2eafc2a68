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
exports.GetSharedContentTool = exports.GET_SHARED_CONTENT_METADATA = void 0;
const historyToolResults_1 = require("../../history/historyToolResults");
const messages = __importStar(require("../../history/historyMessages"));
const historyToolSupport_1 = require("./historyToolSupport");
exports.GET_SHARED_CONTENT_METADATA = {
    toolName: 'history_getSharedContent',
    displayName: 'Get shared local history content',
    toolReferenceName: 'historySharedContent',
    icon: '$(history)',
    userDescription: 'Gives the agent the historical version you shared with "Agent History: Share Historical Version with AI Agent".',
    modelDescription: [
        'Returns the historical version of a file that the user shared with you through the "Agent History: Share Historical Version with AI Agent" command.',
        'Use this tool when the user says they shared a previous version, a history entry or an older copy of a file with you.',
        'It shows no prompt: the user already chose what to share. The content is usually available once and only for a few minutes.',
        'Returns {"status":"success","filePath","content"}, {"status":"no_content_available"} (nothing is shared: ask the user to run the command),',
        'or {"status":"no_matching_content","message"} when the user shared a different file than filePathHint.',
        'Example: {"filePathHint": "src/script.py"} or, when you do not know the file, {}',
    ].join(' '),
    inputSchema: {
        type: 'object',
        properties: {
            filePathHint: {
                type: 'string',
                maxLength: historyToolSupport_1.MAX_PATH_LENGTH,
                description: 'Optional: the workspace-relative path you expect the shared content to be for, e.g. "src/script.py".',
            },
        },
        additionalProperties: false,
    },
    tags: ['history', 'local-history'],
};
/** `history_getSharedContent {filePathHint?}` (SPEC §3): what the user shared, without a prompt. */
class GetSharedContentTool {
    deps;
    static toolName = exports.GET_SHARED_CONTENT_METADATA.toolName;
    metadata = exports.GET_SHARED_CONTENT_METADATA;
    constructor(deps) {
        this.deps = deps;
    }
    invocationMessage(input) {
        return input.filePathHint ? `Getting the history you shared for ${input.filePathHint}` : 'Getting the history you shared';
    }
    async invoke(input, caller) {
        const { grants, consent, log, clock } = this.deps;
        const lookup = grants.takeShared(input.filePathHint);
        const result = (0, historyToolResults_1.sharedContentResult)(lookup);
        switch (lookup.kind) {
            case 'success': {
                const when = (0, historyToolResults_1.versionLabel)(lookup.shared, clock.now());
                log.info(`history_getSharedContent: an agent (${caller.via}) retrieved the shared version of ${lookup.shared.displayPath} from ${when}`);
                consent.notify(messages.sharedRetrieved(lookup.shared.displayPath, when));
                break;
            }
            case 'no_content_available':
                log.info(`history_getSharedContent: an agent (${caller.via}) asked for shared content; none is shared`);
                break;
            case 'no_matching_content':
                log.info(`history_getSharedContent: an agent (${caller.via}) hinted ${JSON.stringify(lookup.hint)} but ${lookup.sharedDisplayPath} is shared; nothing returned`);
                break;
        }
        return answer(result);
    }
}
exports.GetSharedContentTool = GetSharedContentTool;
function answer(result) {
    switch (result.status) {
        case 'success':
            return { summary: `The user shared a historical version of ${result.filePath}.`, data: result };
        case 'no_content_available':
            return { summary: 'The user has not shared any historical content (or it expired or was already retrieved).', data: result };
        case 'no_matching_content':
            return { summary: result.message, data: result };
    }
}
//# sourceMappingURL=getSharedContentTool.js.map