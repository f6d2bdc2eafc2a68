"use strict";
/**
 * The `.agentchat` file: JSON with the notebook's metadata and its cells (id, kind, source, metadata, outputs,
 * last run). Pure: the VS Code serializer converts to and from `NotebookData`. Reading is strict about shape and
 * says exactly what is wrong (the file may be edited by hand); writing is stable (2-space JSON, final newline).
 *
 * ```json
 * { "version": 1,
 *   "metadata": { "macroContext": { "API_VERSION": "v2" }, "model": { "vendor": "copilot" } },
 *   "cells": [ { "id": "…", "kind": "prompt", "source": "Explain @[src/app.ts]",
 *                "outputs": [ { "items": [ { "mime": "text/markdown", "data": "…" } ], "metadata": { … } } ] } ] }
 * ```
 */
Object.defineProperty(exports, "__esModule", { value: true });
exports.ChatNotebookFormatError = exports.CHAT_NOTEBOOK_VERSION = void 0;
exports.parseChatNotebook = parseChatNotebook;
exports.serializeChatNotebook = serializeChatNotebook;
exports.isTextMime = isTextMime;
exports.CHAT_NOTEBOOK_VERSION = 1;
class ChatNotebookFormatError extends Error {
    constructor(message) {
        super(message);
        this.name = 'ChatNotebookFormatError';
    }
}
exports.ChatNotebookFormatError = ChatNotebookFormatError;
/**
 * Parses a file's text. Empty (or whitespace-only) text is an empty notebook, so a new file opens. Cells without
 * an id, or with an id another cell already has, get a fresh one from `newId`.
 */
function parseChatNotebook(text, newId) {
    const body = text.replace(/^\uFEFF/, '');
    if (body.trim() === '')
        return { version: exports.CHAT_NOTEBOOK_VERSION, metadata: {}, cells: [] };
    let json;
    try {
        json = JSON.parse(body);
    }
    catch (e) {
        throw new ChatNotebookFormatError(`This is not an agent chat notebook: the file is not valid JSON (${jsonErrorWhere(body, e)}). Fix the JSON in a text editor (Reopen Editor With… › Text Editor).`);
    }
    if (!isObject(json))
        throw new ChatNotebookFormatError(`This is not an agent chat notebook: the file must hold a JSON object with "cells", not ${describe(json)}.`);
    const version = json.version ?? exports.CHAT_NOTEBOOK_VERSION;
    if (typeof version !== 'number' || !Number.isInteger(version) || version < 1)
        fail('"version" must be a positive whole number');
    if (version > exports.CHAT_NOTEBOOK_VERSION)
        fail(`it was written by a newer version of Agent Overlay (format ${version}; this one reads ${exports.CHAT_NOTEBOOK_VERSION}). Update the extension`);
    const metadata = json.metadata ?? {};
    if (!isObject(metadata))
        fail(`"metadata" must be an object, not ${describe(metadata)}`);
    const rawCells = json.cells ?? [];
    if (!Array.isArray(rawCells))
        fail(`"cells" must be an array, not ${describe(rawCells)}`);
    const seen = new Set();
    const cells = rawCells.map((c, i) => {
        const cell = parseCell(c, `cells[${i}]`);
        const id = cell.id && !seen.has(cell.id) ? cell.id : newId();
        seen.add(id);
        return { ...cell, id };
    });
    return { version, metadata, cells };
}
function parseCell(c, at) {
    if (!isObject(c))
        fail(`${at} must be an object, not ${describe(c)}`);
    const kind = c.kind ?? 'prompt';
    if (kind !== 'prompt' && kind !== 'markdown')
        fail(`${at}.kind must be "prompt" or "markdown", not ${JSON.stringify(kind)}`);
    let source = c.source ?? '';
    if (Array.isArray(source) && source.every(s => typeof s === 'string'))
        source = source.join('');
    if (typeof source !== 'string')
        fail(`${at}.source must be a string, not ${describe(source)}`);
    if (c.id !== undefined && typeof c.id !== 'string')
        fail(`${at}.id must be a string, not ${describe(c.id)}`);
    if (c.language !== undefined && typeof c.language !== 'string')
        fail(`${at}.language must be a string`);
    if (c.metadata !== undefined && !isObject(c.metadata))
        fail(`${at}.metadata must be an object, not ${describe(c.metadata)}`);
    const outputs = c.outputs ?? [];
    if (!Array.isArray(outputs))
        fail(`${at}.outputs must be an array, not ${describe(outputs)}`);
    return {
        id: c.id ?? '',
        kind,
        ...(c.language !== undefined ? { language: c.language } : {}),
        source,
        ...(c.metadata !== undefined ? { metadata: c.metadata } : {}),
        outputs: outputs.map((o, j) => parseOutput(o, `${at}.outputs[${j}]`)),
        ...(c.execution !== undefined ? { execution: parseExecution(c.execution, `${at}.execution`) } : {}),
    };
}
function parseOutput(o, at) {
    if (!isObject(o))
        fail(`${at} must be an object, not ${describe(o)}`);
    if (!Array.isArray(o.items))
        fail(`${at}.items must be an array`);
    if (o.metadata !== undefined && !isObject(o.metadata))
        fail(`${at}.metadata must be an object`);
    const items = o.items.map((it, k) => {
        const where = `${at}.items[${k}]`;
        if (!isObject(it) || typeof it.mime !== 'string' || typeof it.data !== 'string')
            fail(`${where} must be {"mime": string, "data": string}`);
        if (it.encoding !== undefined && it.encoding !== 'base64')
            fail(`${where}.encoding must be "base64" when present`);
        return { mime: it.mime, data: it.data, ...(it.encoding === 'base64' ? { encoding: 'base64' } : {}) };
    });
    return { items, ...(o.metadata !== undefined ? { metadata: o.metadata } : {}) };
}
function parseExecution(e, at) {
    if (!isObject(e))
        fail(`${at} must be an object`);
    const num = (k) => (typeof e[k] === 'number' && Number.isFinite(e[k]) ? { [k]: e[k] } : {});
    return { ...num('order'), ...num('startTime'), ...num('endTime'), ...(typeof e.success === 'boolean' ? { success: e.success } : {}) };
}
function serializeChatNotebook(file) {
    const out = {
        version: exports.CHAT_NOTEBOOK_VERSION,
        metadata: file.metadata,
        cells: file.cells.map(c => ({
            id: c.id,
            kind: c.kind,
            ...(c.language && c.language !== 'markdown' ? { language: c.language } : {}),
            source: c.source,
            ...(c.metadata && Object.keys(c.metadata).length > 0 ? { metadata: c.metadata } : {}),
            ...(c.outputs && c.outputs.length > 0 ? { outputs: c.outputs } : {}),
            ...(c.execution && Object.keys(c.execution).length > 0 ? { execution: c.execution } : {}),
        })),
    };
    return `${JSON.stringify(out, null, 2)}\n`;
}
/** Text mimes are stored as text (readable diffs); everything else as base64. */
function isTextMime(mime) {
    return mime.startsWith('text/') || mime === 'application/json' || mime.endsWith('+json') || mime === 'application/vnd.code.notebook.stdout' || mime === 'application/vnd.code.notebook.stderr' || mime === 'application/vnd.code.notebook.error';
}
function fail(reason) {
    throw new ChatNotebookFormatError(`This is not a valid agent chat notebook: ${reason}.`);
}
function isObject(v) {
    return typeof v === 'object' && v !== null && !Array.isArray(v);
}
function describe(v) {
    if (v === null)
        return 'null';
    if (Array.isArray(v))
        return 'an array';
    return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}
/** "line L, column C: <message>" from V8's "… at position N" (when the message does not say it already). */
function jsonErrorWhere(text, e) {
    const message = e instanceof Error ? e.message : String(e);
    if (/line \d+ column \d+/.test(message))
        return message;
    const pos = /at position (\d+)/.exec(message);
    if (!pos)
        return message;
    const before = text.slice(0, Number(pos[1]));
    const line = before.split('\n').length;
    const column = Number(pos[1]) - before.lastIndexOf('\n');
    return `line ${line}, column ${column}: ${message}`;
}
//# sourceMappingURL=chatNotebookFormat.js.map