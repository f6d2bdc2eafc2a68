/**
 * `buildInteractionHistory` (seed 004): the messages one run of a notebook cell sends a chat model, assembled
 * with the "ghost block" mechanism —
 *
 * 1. a minimal system prompt;
 * 2. a context collector (a Map, deduplicated: same file / same tool + arguments replace);
 * 3. the rules files, with `{{MACRO}}` substitution;
 * 4. earlier user cells (only those ABOVE the cell being run): their references go into the collector, their
 *    text (WITHOUT a ghost block) and their answers into the messages;
 * 5. the current prompt: its references into the collector, its Markdown images as image parts;
 * 6. everything collected as ONE `<content_reference>` JSON block `{rules, files, tools}` (plus the user's
 *    `recentEdits` and `notes` about files that are gone, when there are any),
 * 7. appended to the newest user message.
 *
 * A reference is `@[path]`, `@[tool:NAME {args}]`, or a bare `@path` that names an existing file; anything that
 * looks like a path and resolves to nothing is reported above the answer, never dropped silently.
 * Macros (`#define NAME value`, `#undef NAME`) come from the notebook metadata (minus those of deleted cells and
 * cells below), then the directives of the cells above and of the current prompt in order; they substitute in rules,
 * files, prompt text and tool arguments, and are returned (with the cell that defined each) for the caller to
 * persist. Files are read through the ports (in the extension: the overlay's
 * effective view, so staged content wins over the disk) and only inside the allowed folders. Pure: no `vscode`.
 */
import * as path from 'path';
import { textMessage, type AgentContentPart, type AgentMessage } from './agentMessage';
import { ContextCollector, renderGhostBlock, type GhostBlock } from './contextCollector';
import { parseContextReferences, referenceOf, splitPromptImages, toolKey, type ContextReference } from './contextReferences';
import { MacroContext, extractMacroDirectives } from './macros';
import { readNotebookMetadata, type PersistedContextItem } from './notebookMetadata';
import { MAX_IMAGE_BYTES, imageMimeType, parseImageDataUri, toBase64 } from './promptImages';
import { allowedPathsOf, candidatePaths, displayPathOf, isInsideAny, type NotebookRoot } from './referencePaths';
import { getSystemPrompt } from './systemPrompt';

/** One cell of the conversation. Markup cells are notes: never sent. */
export interface ConversationCell {
  readonly id: string;
  readonly role: 'user' | 'note';
  readonly text: string;
  /** The answer the cell's last run wrote to its output, if any. */
  readonly answer?: string;
}

/** The notebook as the builder needs it (the adapter copies it out of `vscode.NotebookDocument`). */
export interface ChatNotebookView {
  readonly uri: string;
  /** The notebook's folder (relative image paths resolve against it); undefined for an untitled notebook. */
  readonly dir?: string;
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly cells: readonly ConversationCell[];
}

/** What the builder reads through. Errors thrown by a port become warnings, never a failed turn. */
export interface ContextPorts {
  readonly roots: readonly NotebookRoot[];
  /** The effective content of a file (in the extension: the overlay — staged content wins over disk). */
  readFile(absPath: string): Promise<Uint8Array> | Uint8Array;
  /** Absolute paths of the rules files, in the order they are given to the model. */
  listRules(): Promise<readonly string[]> | readonly string[];
  /** The bytes of an image a prompt shows. */
  readImage(absPath: string): Promise<Uint8Array> | Uint8Array;
  /** Runs a tool a prompt references as `@[tool:NAME {args}]`; resolves to the text the model reads. */
  runTool?(name: string, args: Readonly<Record<string, unknown>>): Promise<string>;
  /** Where a path really is (symlinks resolved), for the allowed-folders check; default: the path itself. */
  realPath?(absPath: string): Promise<string>;
  /** The user's recent edits as a "RECENT EDITS" block ('' when none); absent when the setting turns it off. */
  recentEdits?(): Promise<string> | string;
}

export interface InteractionHistory {
  readonly messages: AgentMessage[];
  /** The folders (file: URIs) this turn may reach: `metadata.allowedUris`, else every workspace folder. */
  readonly allowedUris: string[];
  readonly isSubAgent: boolean;
  /** The notebook metadata to persist after the turn (seed 004: macros and context items survive turns). */
  readonly metadata: {
    readonly macroContext: Record<string, string>;
    /** Macro name → the cell whose prompt defined it (deleting the cell retracts the macro). */
    readonly macroOrigins: Record<string, string>;
    readonly contextItems: PersistedContextItem[];
  };
  readonly ghostBlock: GhostBlock;
  /** Things the user should know (a reference not found or not allowed, an image not sent, …). */
  readonly warnings: string[];
}

/** The longest file content put in a ghost block; longer files are cut, with a note saying how to read the rest. */
export const MAX_FILE_CHARS = 200_000;

export async function buildInteractionHistory(
  notebook: ChatNotebookView,
  currentCellIndex: number,
  currentPrompt: string,
  ports: ContextPorts,
): Promise<InteractionHistory> {
  const meta = readNotebookMetadata(notebook.metadata);
  const warnings: string[] = [];
  const currentCell = notebook.cells[currentCellIndex];
  if (!currentCell) throw new RangeError(`cell ${currentCellIndex} does not exist (the notebook has ${notebook.cells.length})`);

  // Which folders this turn may reach.
  const isSubAgent = meta.isSubAgent;
  let allowedUris = ports.roots.map(r => r.uri);
  let allowed = ports.roots.map(r => r.path);
  if (meta.allowedUris) {
    const parsed = allowedPathsOf(meta.allowedUris);
    for (const u of parsed.ignored) warnings.push(`allowedUris: "${u}" is not a file: URI and is ignored.`);
    allowedUris = meta.allowedUris.filter(u => !parsed.ignored.includes(u));
    allowed = parsed.paths;
  }
  const realPath = ports.realPath ?? (async (p: string) => p);
  const allowedReal = await Promise.all(allowed.map(p => realPath(p).catch(() => p)));

  // 1. Minimal system prompt.
  const messages: AgentMessage[] = [
    textMessage('system', getSystemPrompt({ isSubAgent, allowedFolders: allowed.map(p => displayFolder(p, ports.roots)) })),
  ];

  // Which cells this run sees: its own and those above it (seed 004 builds the history of "the previous user
  // cells"; a cell further down is a later turn, and re-running an earlier cell must not see it).
  const above = notebook.cells.slice(0, currentCellIndex);
  const aboveIds = new Set(above.map(c => c.id));
  const liveIds = new Set(notebook.cells.map(c => c.id));
  const below = (cellId: string) => liveIds.has(cellId) && !aboveIds.has(cellId) && cellId !== currentCell.id;

  // Macros: the persisted ones still in force here — not those of a deleted cell (retracted), of this cell (its
  // run redefines them) or of a cell below — then every directive of the cells above and of this one, in order.
  const macros = new MacroContext();
  for (const bad of macros.setMacros(meta.macroContext)) warnings.push(`Remembered macro ${bad} is not NAME → text and is ignored.`);
  const origins = new Map<string, string>();
  for (const [name, cellId] of Object.entries(meta.macroOrigins)) {
    if (!macros.has(name)) continue;
    if (aboveIds.has(cellId)) origins.set(name, cellId);
    else macros.undefine(name);
  }
  const macrosAt = new Map<string, MacroContext>();
  const applyCell = (cell: ConversationCell, text: string) => {
    for (const d of extractMacroDirectives(text)) {
      if (d.kind === 'define') {
        macros.define(d.name, d.value);
        origins.set(d.name, cell.id);
      } else {
        macros.undefine(d.name);
        origins.delete(d.name);
      }
    }
    macrosAt.set(cell.id, macros.clone());
  };
  for (const cell of above) if (cell.role === 'user') applyCell(cell, cell.text);
  applyCell(currentCell, currentPrompt);

  // 2. The collector.
  const collector = new ContextCollector();
  const remembered = new Map<string, PersistedContextItem>();

  // 3. Rules, with macro substitution.
  let rules: readonly string[] = [];
  try {
    rules = await ports.listRules();
  } catch (e) {
    warnings.push(`Rules files could not be listed: ${messageOf(e)}`);
  }
  for (const rule of rules) {
    const display = displayPathOf(rule, ports.roots);
    if (!(await isAllowed(rule))) {
      warnings.push(`Rules file ${display} is outside the folders this notebook may read; skipped.`);
      continue;
    }
    try {
      const content = decodeText(await ports.readFile(rule), display);
      collector.set(`rule:${rule}`, { kind: 'rule', path: display, content: macros.substitute(content) });
    } catch (e) {
      warnings.push(`Rules file ${display} was not read: ${messageOf(e)}`);
    }
  }

  // References are resolved once per turn, however often they are mentioned.
  const resolved = new Map<string, Promise<ResolvedReference>>();
  const resolve = (ref: ContextReference): Promise<ResolvedReference> => {
    const k = ref.kind === 'file' ? `file:${(candidatePaths(ref.path, ports.roots, notebook.dir) ?? [ref.path]).join('\0')}` : ref.kind === 'tool' ? toolKey(ref.name, ref.args) : `invalid:${ref.raw}`;
    let r = resolved.get(k);
    if (!r) resolved.set(k, (r = resolveReference(ref)));
    return r;
  };
  // Files that earlier turns sent (remembered) or that earlier prompts name explicitly, and that are gone now.
  const rememberedKeys = new Set(meta.contextItems.filter(i => i.kind === 'file').map(i => i.key));
  const gone: string[] = [];
  const collect = async (refs: readonly ContextReference[], cellId: string, current: boolean, cellMacros: MacroContext) => {
    for (const written of refs) {
      const ref = substituteReference(written, cellMacros);
      const r = await resolve(ref);
      if (r.kind === 'missing') {
        if (current) warnings.push(r.warning);
        else if (r.notFound && ref.kind === 'file' && (!ref.bare || rememberedKeys.has(ref.path)) && !gone.includes(ref.path)) gone.push(ref.path);
        continue;
      }
      collector.set(r.key, r.item);
      remembered.delete(r.key);
      remembered.set(r.key, { kind: r.item.kind === 'tool' ? 'tool' : 'file', key: r.persistKey, cellId });
    }
  };

  // Remembered context of the cells above, refreshed (read again now); that of this cell is replaced by its run,
  // that of a deleted cell is forgotten, that of a cell below is kept for its own runs but not sent.
  for (const item of meta.contextItems) {
    if (!aboveIds.has(item.cellId)) continue;
    await collect([referenceOf(item.key)], item.cellId, false, macros);
  }

  // 4. Earlier user cells: references collected, messages (macros substituted) without ghost blocks.
  for (const cell of above) {
    if (cell.role !== 'user' || cell.text.trim() === '') continue;
    const cellMacros = macrosAt.get(cell.id) ?? macros;
    await collect(parseContextReferences(cell.text), cell.id, false, cellMacros);
    messages.push(textMessage('user', cellMacros.substitute(cell.text)));
    if (cell.answer?.trim()) messages.push(textMessage('assistant', cell.answer));
  }

  // 5. The current prompt: references, then images as image parts.
  await collect(parseContextReferences(currentPrompt), currentCell.id, true, macros);
  const content = await promptParts(macros.substitute(currentPrompt));

  // Seed 002's RECENT EDITS block reaches the agent here (the adapter leaves the port out when the setting is off).
  let recentEdits: string | undefined;
  if (ports.recentEdits) {
    try {
      recentEdits = (await ports.recentEdits()) || undefined;
    } catch (e) {
      warnings.push(`Your recent edits could not be read: ${messageOf(e)}`);
    }
  }
  const notes: string[] = [];
  if (gone.length) {
    const line = `Referenced in earlier prompts but no longer in the workspace (staged changes included), so not sent: ${gone.join(', ')}.`;
    notes.push(line);
    warnings.push(line);
  }

  // 6 + 7. One ghost block, appended to the newest user message.
  const ghostBlock: GhostBlock = { ...collector.toGhostBlock(), ...(recentEdits ? { recentEdits } : {}), ...(notes.length ? { notes } : {}) };
  const ghostText = `\n\n${renderGhostBlock(ghostBlock)}`;
  const tail = content[content.length - 1];
  if (tail?.type === 'text') content[content.length - 1] = { type: 'text', text: tail.text + ghostText };
  else content.push({ type: 'text', text: ghostText });
  messages.push({ role: 'user', content });

  // What the notebook remembers: this run's view, plus what cells below brought (theirs to replace when they run).
  const keptBelow = meta.contextItems.filter(i => below(i.cellId) && ![...remembered.values()].some(r => r.key === i.key && r.kind === i.kind));
  const macroContext = macros.getMacrosObject();
  const macroOrigins = Object.fromEntries(origins);
  const persisted = readPersistedMacros(meta.macroContext);
  for (const [name, cellId] of Object.entries(meta.macroOrigins)) {
    if (below(cellId) && !(name in macroContext) && persisted[name] !== undefined) {
      macroContext[name] = persisted[name];
      macroOrigins[name] = cellId;
    }
  }

  return {
    messages,
    allowedUris,
    isSubAgent,
    metadata: { macroContext, macroOrigins, contextItems: [...remembered.values(), ...keptBelow] },
    ghostBlock,
    warnings,
  };

  // ── helpers (closures over the turn's ports, macros and allowed folders) ──────────────────────────────────

  async function isAllowed(abs: string): Promise<boolean> {
    if (!isInsideAny(allowed, abs)) return false;
    const real = await realPath(abs).catch(() => abs);
    return isInsideAny(allowedReal, real) || isInsideAny(allowed, real);
  }

  async function resolveReference(ref: ContextReference): Promise<ResolvedReference> {
    switch (ref.kind) {
      case 'invalid':
        return { kind: 'missing', warning: `${ref.raw}: ${ref.reason}.` };
      case 'tool':
        return resolveTool(ref.name, ref.args);
      case 'file':
        return resolveFile(ref.path, ref.raw, ref.bare === true);
    }
  }

  async function resolveTool(name: string, args: Readonly<Record<string, unknown>>): Promise<ResolvedReference> {
    const key = toolKey(name, args);
    if (!ports.runTool) return { kind: 'missing', warning: `@[tool:${name}]: tools cannot be run from prompts here.` };
    let result: string;
    try {
      result = await ports.runTool(name, args);
    } catch (e) {
      result = `Error: ${messageOf(e)}`;
    }
    return { kind: 'found', key, persistKey: key, item: { kind: 'tool', name, args, result } };
  }

  async function resolveFile(ref: string, raw: string, bare: boolean): Promise<ResolvedReference> {
    const candidates = candidatePaths(ref, ports.roots, notebook.dir);
    if (!candidates) return { kind: 'missing', warning: `${raw}: only workspace files (a path or a file: URI) can be referenced.` };
    let refused = false;
    let failure: string | undefined;
    for (const abs of candidates) {
      if (!(await isAllowed(abs))) {
        refused = true;
        continue;
      }
      let bytes: Uint8Array;
      try {
        bytes = await ports.readFile(abs);
      } catch (e) {
        if (!isNotFound(e)) failure ??= messageOf(e);
        continue;
      }
      const display = displayPathOf(abs, ports.roots);
      let text: string;
      try {
        text = decodeText(bytes, display);
      } catch (e) {
        return { kind: 'missing', warning: `${raw}: ${messageOf(e)}` };
      }
      if (text.length > MAX_FILE_CHARS) {
        warnings.push(`${raw}: only the first ${MAX_FILE_CHARS} of ${text.length} characters are sent.`);
        text = `${text.slice(0, MAX_FILE_CHARS)}\n[… ${text.length - MAX_FILE_CHARS} more characters: read the rest with overlay_readFile]`;
      }
      return { kind: 'found', key: `file:${abs}`, persistKey: display, item: { kind: 'file', path: display, content: macros.substitute(text) } };
    }
    if (failure) return { kind: 'missing', warning: `${raw} was not read: ${failure}` };
    return {
      kind: 'missing',
      warning: refused && !candidates.some(c => isInsideAny(allowed, c))
        ? `${raw} is outside the folders this notebook may read (${allowed.map(p => displayFolder(p, ports.roots)).join(', ') || 'none'}); not sent.`
        : refused
          ? `${raw} leads outside the folders this notebook may read (a symbolic link?); not sent.`
          : bare
            ? `${raw} looks like a file reference but names no file in the workspace (staged changes included); not sent. Check the path, or write @[path] for a path with spaces.`
            : `${raw} was not found in the workspace (staged changes included); not sent.`,
      ...(refused ? {} : { notFound: true as const }),
    };
  }

  async function promptParts(prompt: string): Promise<AgentContentPart[]> {
    const parts: AgentContentPart[] = [];
    const pushText = (text: string) => {
      const last = parts[parts.length - 1];
      if (last?.type === 'text') parts[parts.length - 1] = { type: 'text', text: last.text + text };
      else if (text) parts.push({ type: 'text', text });
    };
    for (const seg of splitPromptImages(prompt)) {
      if (seg.kind === 'text') {
        pushText(seg.text);
        continue;
      }
      pushText(seg.raw);
      const image = await readImage(seg.source, seg.raw);
      if (image) parts.push({ type: 'image', mimeType: image.mimeType, data: toBase64(image.bytes), alt: seg.alt, source: seg.source });
    }
    if (parts.length === 0) parts.push({ type: 'text', text: '' });
    return parts;
  }

  async function readImage(source: string, raw: string): Promise<{ mimeType: string; bytes: Uint8Array } | undefined> {
    if (/^data:/i.test(source)) {
      const data = parseImageDataUri(source);
      if (!data) warnings.push(`${shorten(raw)}: only base64 data: URIs of images are sent.`);
      else if (data.bytes.byteLength > MAX_IMAGE_BYTES) warnings.push(`${shorten(raw)}: the image is larger than ${MAX_IMAGE_BYTES} bytes; not sent.`);
      else return data;
      return undefined;
    }
    if (/^https?:/i.test(source)) {
      warnings.push(`${raw}: images on the web are not fetched; save the image in the workspace and link that file.`);
      return undefined;
    }
    // Markdown resolves relative images against the document: the notebook's folder first.
    const fromNotebook = notebook.dir && !path.isAbsolute(source) && !/^file:/i.test(source) ? [path.join(notebook.dir, decodeSafe(source))] : [];
    const candidates = [...fromNotebook, ...(candidatePaths(decodeSafe(source), ports.roots) ?? [])];
    let refused = false;
    for (const abs of [...new Set(candidates)]) {
      if (!(await isAllowed(abs))) {
        refused = true;
        continue;
      }
      let bytes: Uint8Array;
      try {
        bytes = await ports.readImage(abs);
      } catch {
        continue;
      }
      if (bytes.byteLength > MAX_IMAGE_BYTES) {
        warnings.push(`${raw}: the image is larger than ${MAX_IMAGE_BYTES} bytes; not sent.`);
        return undefined;
      }
      const mimeType = imageMimeType(bytes, abs);
      if (!mimeType) {
        warnings.push(`${raw}: not a PNG, JPEG, GIF or WebP image; not sent.`);
        return undefined;
      }
      return { mimeType, bytes };
    }
    warnings.push(refused ? `${raw} is outside the folders this notebook may read; not sent.` : `${raw}: image not found; not sent.`);
    return undefined;
  }
}

type ResolvedReference =
  | { readonly kind: 'found'; readonly key: string; readonly persistKey: string; readonly item: { kind: 'file'; path: string; content: string } | { kind: 'tool'; name: string; args: unknown; result: string } }
  | { readonly kind: 'missing'; readonly warning: string; /** Nothing at the path (as opposed to refused or unreadable). */ readonly notFound?: true };

/** A reference with the macros in force substituted into its path or tool arguments. */
function substituteReference(ref: ContextReference, macros: MacroContext): ContextReference {
  switch (ref.kind) {
    case 'file':
      return { ...ref, path: macros.substitute(ref.path) };
    case 'tool':
      return { ...ref, args: macros.substituteDeep(ref.args) };
    case 'invalid':
      return ref;
  }
}

function readPersistedMacros(v: unknown): Record<string, string> {
  const m = new MacroContext();
  m.setMacros(v);
  return m.getMacrosObject();
}

/** UTF-8 text, or an error saying the file is binary. */
function decodeText(bytes: Uint8Array, display: string): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Error(`${display} is not UTF-8 text (${bytes.byteLength} bytes); binary files are not sent.`);
  }
  if (text.includes('\0')) throw new Error(`${display} is a binary file (${bytes.byteLength} bytes); binary files are not sent.`);
  return text;
}

function isNotFound(e: unknown): boolean {
  const code = (e as { code?: unknown } | undefined)?.code;
  return code === 'FileNotFound' || code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function displayFolder(p: string, roots: readonly NotebookRoot[]): string {
  const root = roots.find(r => r.path === p);
  return root ? root.name : displayPathOf(p, roots);
}

function decodeSafe(s: string): string {
  try {
    return decodeURI(s);
  } catch {
    return s;
  }
}

function shorten(s: string): string {
  return s.length > 80 ? `${s.slice(0, 77)}…` : s;
}
