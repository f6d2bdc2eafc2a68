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
exports.ChatNotebookSerializer = exports.CELL_ID_KEY = exports.PROMPT_LANGUAGE = void 0;
const crypto_1 = require("crypto");
const vscode = __importStar(require("vscode"));
const chatNotebookFormat_1 = require("../chatNotebookFormat");
/**
 * The language of prompt cells: Markdown under the name "Prompt" (package.json contributes it with a grammar that
 * is Markdown's), so a prompt cell and "+ Code" say "Prompt", not "Markdown".
 */
exports.PROMPT_LANGUAGE = 'agent-prompt';
/** The cell metadata key holding a cell's stable id (the message id of the changes its runs stage). */
exports.CELL_ID_KEY = 'id';
/** `.agentchat` files ⇄ `NotebookData` (the JSON format lives in chatNotebookFormat.ts). */
class ChatNotebookSerializer {
    deserializeNotebook(content) {
        let text;
        try {
            text = new TextDecoder('utf-8', { fatal: true }).decode(content);
        }
        catch {
            throw new chatNotebookFormat_1.ChatNotebookFormatError('This is not an agent chat notebook: the file is not UTF-8 text.');
        }
        const file = (0, chatNotebookFormat_1.parseChatNotebook)(text, crypto_1.randomUUID);
        const data = new vscode.NotebookData(file.cells.map(toCellData));
        data.metadata = { ...file.metadata };
        return data;
    }
    serializeNotebook(data) {
        const seen = new Set();
        const cells = data.cells.map(cell => {
            const { [exports.CELL_ID_KEY]: rawId, ...metadata } = cell.metadata ?? {};
            const id = typeof rawId === 'string' && rawId && !seen.has(rawId) ? rawId : (0, crypto_1.randomUUID)();
            seen.add(id);
            const summary = cell.executionSummary;
            return {
                id,
                kind: cell.kind === vscode.NotebookCellKind.Markup ? 'markdown' : 'prompt',
                // Files keep Markdown as a prompt's language (the format's default): the Prompt language is a label.
                language: cell.languageId === exports.PROMPT_LANGUAGE ? 'markdown' : cell.languageId,
                source: cell.value,
                metadata,
                outputs: (cell.outputs ?? []).map(fromOutput),
                ...(summary ? {
                    execution: {
                        ...(summary.executionOrder !== undefined ? { order: summary.executionOrder } : {}),
                        ...(summary.success !== undefined ? { success: summary.success } : {}),
                        ...(summary.timing ? { startTime: summary.timing.startTime, endTime: summary.timing.endTime } : {}),
                    },
                } : {}),
            };
        });
        return new TextEncoder().encode((0, chatNotebookFormat_1.serializeChatNotebook)({ version: 1, metadata: data.metadata ?? {}, cells }));
    }
}
exports.ChatNotebookSerializer = ChatNotebookSerializer;
function toCellData(c) {
    const kind = c.kind === 'markdown' ? vscode.NotebookCellKind.Markup : vscode.NotebookCellKind.Code;
    const language = kind === vscode.NotebookCellKind.Code && (c.language === undefined || c.language === 'markdown') ? exports.PROMPT_LANGUAGE : c.language ?? 'markdown';
    const cell = new vscode.NotebookCellData(kind, c.source, language);
    cell.metadata = { ...(c.metadata ?? {}), [exports.CELL_ID_KEY]: c.id };
    cell.outputs = (c.outputs ?? []).map(o => new vscode.NotebookCellOutput(o.items.map(i => new vscode.NotebookCellOutputItem(i.encoding === 'base64' ? Uint8Array.from(Buffer.from(i.data, 'base64')) : new TextEncoder().encode(i.data), i.mime)), o.metadata ? { ...o.metadata } : undefined));
    const e = c.execution;
    if (e) {
        cell.executionSummary = {
            executionOrder: e.order,
            success: e.success,
            timing: e.startTime !== undefined && e.endTime !== undefined ? { startTime: e.startTime, endTime: e.endTime } : undefined,
        };
    }
    return cell;
}
function fromOutput(o) {
    return {
        items: o.items.map(i => ((0, chatNotebookFormat_1.isTextMime)(i.mime)
            ? { mime: i.mime, data: new TextDecoder().decode(i.data) }
            : { mime: i.mime, data: Buffer.from(i.data).toString('base64'), encoding: 'base64' })),
        ...(o.metadata && Object.keys(o.metadata).length > 0 ? { metadata: o.metadata } : {}),
    };
}
//# sourceMappingURL=chatNotebookSerializer.js.map