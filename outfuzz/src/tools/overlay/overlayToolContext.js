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
exports.MAX_CONTENT_CHARS = void 0;
exports.resolveToolPath = resolveToolPath;
exports.displayPath = displayPath;
exports.metaOf = metaOf;
exports.toolErrorOf = toolErrorOf;
exports.describeChange = describeChange;
exports.encodeUtf8 = encodeUtf8;
exports.decodeUtf8 = decodeUtf8;
exports.readTextWithBytes = readTextWithBytes;
exports.readText = readText;
const path = __importStar(require("path"));
const overlayError_1 = require("../../fs/model/overlayError");
const workspacePath_1 = require("../../history/workspacePath");
const agentTool_1 = require("../agentTool");
/** The largest content a tool accepts in one call: bigger files are not what agents should write through a chat. */
exports.MAX_CONTENT_CHARS = 5_000_000;
/** The path policy (workspace-relative only; no `..`, absolute paths or symlinks out), with tool-worded errors. */
async function resolveToolPath(ctx, input, field = 'path') {
    try {
        const r = await (0, workspacePath_1.resolveWorkspacePath)(input, ctx.roots());
        return { absolute: r.absolutePath, display: r.displayPath };
    }
    catch (e) {
        if (e instanceof workspacePath_1.WorkspacePathError)
            throw new agentTool_1.ToolError('InvalidPath', e.message.replace(/\bfilePath\b/g, field), { field, reason: e.code });
        throw e;
    }
}
/** How the agent sees an absolute path: relative to its folder, prefixed by the folder's name when there are several. */
function displayPath(ctx, absolute) {
    const roots = ctx.roots();
    for (const r of roots) {
        const rel = path.relative(r.path, absolute);
        if (!rel.startsWith('..') && !path.isAbsolute(rel)) {
            const posix = rel.split(path.sep).join('/');
            return roots.length > 1 ? `${r.name}/${posix}` : posix;
        }
    }
    return absolute;
}
function metaOf(caller, description, fallback) {
    return { sessionId: caller.sessionId, messageId: caller.messageId, turn: 0, description: description?.trim() || fallback };
}
/** Model refusals, worded for the model: what happened and what to do next. */
function toolErrorOf(e, display) {
    if (e instanceof overlayError_1.OverlayError) {
        switch (e.code) {
            case 'FileNotFound': throw new agentTool_1.ToolError('FileNotFound', `${display} does not exist in the agent's view of the workspace. Check the path with overlay_listChanges or create it with overlay_writeFile.`);
            case 'FileExists': throw new agentTool_1.ToolError('FileExists', `${display} already exists. Pick another name, or write to it with overlay_writeFile.`);
            case 'NoConflict': throw new agentTool_1.ToolError('NoConflict', `${display} has no conflict to resolve.`);
            case 'NoChange': throw new agentTool_1.ToolError('NoChange', `${display} has no staged change.`);
            default: throw new agentTool_1.ToolError(e.code, `${display}: ${e.message}`);
        }
    }
    throw e;
}
/** One staged change as every tool reports it. */
function describeChange(ctx, c) {
    const last = c.records[c.records.length - 1];
    return {
        operation: c.kind,
        path: displayPath(ctx, c.path),
        ...(c.fromPath ? { fromPath: displayPath(ctx, c.fromPath) } : {}),
        description: last?.description ?? '',
        sessions: c.sessions,
        messages: [...new Set(c.records.map(r => r.messageId))],
        ...(c.conflict ? { conflict: c.conflict.kind, conflictDelegated: c.conflict.delegated } : {}),
    };
}
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/**
 * The UTF-8 bytes of text an agent sent. JSON can carry an unpaired UTF-16 surrogate, which UTF-8 cannot: the
 * encoder would quietly put U+FFFD in its place, so the file would not hold what the agent sent. Refused instead.
 */
function encodeUtf8(text, field) {
    const bad = LONE_SURROGATE.exec(text);
    if (bad) {
        throw new agentTool_1.ToolError('InvalidText', `${field} has an unpaired UTF-16 surrogate (\\u${bad[0].charCodeAt(0).toString(16)}) at character ${bad.index}, which cannot be saved as UTF-8. Send the text without it.`);
    }
    return new TextEncoder().encode(text);
}
function decodeUtf8(bytes, display) {
    try {
        const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
        if (text.includes('\0'))
            throw new Error('NUL');
        return text;
    }
    catch {
        throw new agentTool_1.ToolError('BinaryFile', `${display} is a binary file (${bytes.byteLength} bytes); this tool reads and edits text only.`);
    }
}
/** The text of a file as the agent sees it (staged content wins), or a tool error saying why not. */
function readTextWithBytes(ctx, p) {
    let bytes;
    try {
        bytes = ctx.overlay.readFile(p.absolute);
    }
    catch (e) {
        toolErrorOf(e, p.display);
    }
    return { bytes, text: decodeUtf8(bytes, p.display) };
}
function readText(ctx, p) {
    return readTextWithBytes(ctx, p).text;
}
//# sourceMappingURL=overlayToolContext.js.map