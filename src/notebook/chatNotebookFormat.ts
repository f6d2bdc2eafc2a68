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

export const CHAT_NOTEBOOK_VERSION = 1;

/** `prompt`: a user turn (a code cell the agent runs); `markdown`: a note, never sent to the model. */
export type ChatCellKind = 'prompt' | 'markdown';

export interface ChatOutputItemData {
  readonly mime: string;
  /** UTF-8 text, or base64 when `encoding` says so. */
  readonly data: string;
  readonly encoding?: 'base64';
}

export interface ChatOutputData {
  readonly items: readonly ChatOutputItemData[];
  readonly metadata?: Readonly<Record<string, unknown>>;
}

export interface ChatCellExecution {
  readonly order?: number;
  readonly success?: boolean;
  readonly startTime?: number;
  readonly endTime?: number;
}

export interface ChatCellData {
  readonly id: string;
  readonly kind: ChatCellKind;
  readonly language?: string;
  readonly source: string;
  readonly metadata?: Readonly<Record<string, unknown>>;
  readonly outputs?: readonly ChatOutputData[];
  readonly execution?: ChatCellExecution;
}

export interface ChatNotebookFile {
  readonly version: number;
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly cells: readonly ChatCellData[];
}

export class ChatNotebookFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChatNotebookFormatError';
  }
}

/**
 * Parses a file's text. Empty (or whitespace-only) text is an empty notebook, so a new file opens. Cells without
 * an id, or with an id another cell already has, get a fresh one from `newId`.
 */
export function parseChatNotebook(text: string, newId: () => string): ChatNotebookFile {
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') return { version: CHAT_NOTEBOOK_VERSION, metadata: {}, cells: [] };
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (e) {
    throw new ChatNotebookFormatError(`This is not an agent chat notebook: the file is not valid JSON (${jsonErrorWhere(body, e)}). Fix the JSON in a text editor (Reopen Editor With… › Text Editor).`);
  }
  if (!isObject(json)) throw new ChatNotebookFormatError(`This is not an agent chat notebook: the file must hold a JSON object with "cells", not ${describe(json)}.`);
  const version = json.version ?? CHAT_NOTEBOOK_VERSION;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) fail('"version" must be a positive whole number');
  if (version > CHAT_NOTEBOOK_VERSION) fail(`it was written by a newer version of Agent Overlay (format ${version}; this one reads ${CHAT_NOTEBOOK_VERSION}). Update the extension`);
  const metadata = json.metadata ?? {};
  if (!isObject(metadata)) fail(`"metadata" must be an object, not ${describe(metadata)}`);
  const rawCells = json.cells ?? [];
  if (!Array.isArray(rawCells)) fail(`"cells" must be an array, not ${describe(rawCells)}`);
  const seen = new Set<string>();
  const cells = rawCells.map((c, i) => {
    const cell = parseCell(c, `cells[${i}]`);
    const id = cell.id && !seen.has(cell.id) ? cell.id : newId();
    seen.add(id);
    return { ...cell, id };
  });
  return { version, metadata, cells };
}

function parseCell(c: unknown, at: string): ChatCellData {
  if (!isObject(c)) fail(`${at} must be an object, not ${describe(c)}`);
  const kind = c.kind ?? 'prompt';
  if (kind !== 'prompt' && kind !== 'markdown') fail(`${at}.kind must be "prompt" or "markdown", not ${JSON.stringify(kind)}`);
  let source = c.source ?? '';
  if (Array.isArray(source) && source.every(s => typeof s === 'string')) source = source.join('');
  if (typeof source !== 'string') fail(`${at}.source must be a string, not ${describe(source)}`);
  if (c.id !== undefined && typeof c.id !== 'string') fail(`${at}.id must be a string, not ${describe(c.id)}`);
  if (c.language !== undefined && typeof c.language !== 'string') fail(`${at}.language must be a string`);
  if (c.metadata !== undefined && !isObject(c.metadata)) fail(`${at}.metadata must be an object, not ${describe(c.metadata)}`);
  const outputs = c.outputs ?? [];
  if (!Array.isArray(outputs)) fail(`${at}.outputs must be an array, not ${describe(outputs)}`);
  return {
    id: (c.id as string | undefined) ?? '',
    kind,
    ...(c.language !== undefined ? { language: c.language as string } : {}),
    source,
    ...(c.metadata !== undefined ? { metadata: c.metadata as Record<string, unknown> } : {}),
    outputs: outputs.map((o, j) => parseOutput(o, `${at}.outputs[${j}]`)),
    ...(c.execution !== undefined ? { execution: parseExecution(c.execution, `${at}.execution`) } : {}),
  };
}

function parseOutput(o: unknown, at: string): ChatOutputData {
  if (!isObject(o)) fail(`${at} must be an object, not ${describe(o)}`);
  if (!Array.isArray(o.items)) fail(`${at}.items must be an array`);
  if (o.metadata !== undefined && !isObject(o.metadata)) fail(`${at}.metadata must be an object`);
  const items = o.items.map((it, k) => {
    const where = `${at}.items[${k}]`;
    if (!isObject(it) || typeof it.mime !== 'string' || typeof it.data !== 'string') fail(`${where} must be {"mime": string, "data": string}`);
    if (it.encoding !== undefined && it.encoding !== 'base64') fail(`${where}.encoding must be "base64" when present`);
    return { mime: it.mime, data: it.data, ...(it.encoding === 'base64' ? { encoding: 'base64' as const } : {}) };
  });
  return { items, ...(o.metadata !== undefined ? { metadata: o.metadata as Record<string, unknown> } : {}) };
}

function parseExecution(e: unknown, at: string): ChatCellExecution {
  if (!isObject(e)) fail(`${at} must be an object`);
  const num = (k: string) => (typeof e[k] === 'number' && Number.isFinite(e[k]) ? { [k]: e[k] as number } : {});
  return { ...num('order'), ...num('startTime'), ...num('endTime'), ...(typeof e.success === 'boolean' ? { success: e.success } : {}) };
}

export function serializeChatNotebook(file: ChatNotebookFile): string {
  const out = {
    version: CHAT_NOTEBOOK_VERSION,
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
export function isTextMime(mime: string): boolean {
  return mime.startsWith('text/') || mime === 'application/json' || mime.endsWith('+json') || mime === 'application/vnd.code.notebook.stdout' || mime === 'application/vnd.code.notebook.stderr' || mime === 'application/vnd.code.notebook.error';
}

function fail(reason: string): never {
  throw new ChatNotebookFormatError(`This is not a valid agent chat notebook: ${reason}.`);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}

/** "line L, column C: <message>" from V8's "… at position N" (when the message does not say it already). */
function jsonErrorWhere(text: string, e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  if (/line \d+ column \d+/.test(message)) return message;
  const pos = /at position (\d+)/.exec(message);
  if (!pos) return message;
  const before = text.slice(0, Number(pos[1]));
  const line = before.split('\n').length;
  const column = Number(pos[1]) - before.lastIndexOf('\n');
  return `line ${line}, column ${column}: ${message}`;
}
