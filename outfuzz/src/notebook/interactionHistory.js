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
exports.MAX_FILE_CHARS = void 0;
exports.buildInteractionHistory = buildInteractionHistory;
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
const path = __importStar(require("path"));
const agentMessage_1 = require("./agentMessage");
const contextCollector_1 = require("./contextCollector");
const contextReferences_1 = require("./contextReferences");
const macros_1 = require("./macros");
const notebookMetadata_1 = require("./notebookMetadata");
const promptImages_1 = require("./promptImages");
const referencePaths_1 = require("./referencePaths");
const systemPrompt_1 = require("./systemPrompt");
/** The longest file content put in a ghost block; longer files are cut, with a note saying how to read the rest. */
exports.MAX_FILE_CHARS = 200_000;
async function buildInteractionHistory(notebook, currentCellIndex, currentPrompt, ports) {
    const meta = (0, notebookMetadata_1.readNotebookMetadata)(notebook.metadata);
    const warnings = [];
    const currentCell = notebook.cells[currentCellIndex];
    if (!currentCell)
        throw new RangeError(`cell ${currentCellIndex} does not exist (the notebook has ${notebook.cells.length})`);
    // Which folders this turn may reach.
    const isSubAgent = meta.isSubAgent;
    let allowedUris = ports.roots.map(r => r.uri);
    let allowed = ports.roots.map(r => r.path);
    if (meta.allowedUris) {
        const parsed = (0, referencePaths_1.allowedPathsOf)(meta.allowedUris);
        for (const u of parsed.ignored)
            warnings.push(`allowedUris: "${u}" is not a file: URI and is ignored.`);
        allowedUris = meta.allowedUris.filter(u => !parsed.ignored.includes(u));
        allowed = parsed.paths;
    }
    const realPath = ports.realPath ?? (async (p) => p);
    const allowedReal = await Promise.all(allowed.map(p => realPath(p).catch(() => p)));
    // 1. Minimal system prompt.
    const messages = [
        (0, agentMessage_1.textMessage)('system', (0, systemPrompt_1.getSystemPrompt)({ isSubAgent, allowedFolders: allowed.map(p => displayFolder(p, ports.roots)) })),
    ];
    // Which cells this run sees: its own and those above it (seed 004 builds the history of "the previous user
    // cells"; a cell further down is a later turn, and re-running an earlier cell must not see it).
    const above = notebook.cells.slice(0, currentCellIndex);
    const aboveIds = new Set(above.map(c => c.id));
    const liveIds = new Set(notebook.cells.map(c => c.id));
    const below = (cellId) => liveIds.has(cellId) && !aboveIds.has(cellId) && cellId !== currentCell.id;
    // Macros: the persisted ones still in force here — not those of a deleted cell (retracted), of this cell (its
    // run redefines them) or of a cell below — then every directive of the cells above and of this one, in order.
    const macros = new macros_1.MacroContext();
    for (const bad of macros.setMacros(meta.macroContext))
        warnings.push(`Remembered macro ${bad} is not NAME → text and is ignored.`);
    const origins = new Map();
    for (const [name, cellId] of Object.entries(meta.macroOrigins)) {
        if (!macros.has(name))
            continue;
        if (aboveIds.has(cellId))
            origins.set(name, cellId);
        else
            macros.undefine(name);
    }
    const macrosAt = new Map();
    const applyCell = (cell, text) => {
        for (const d of (0, macros_1.extractMacroDirectives)(text)) {
            if (d.kind === 'define') {
                macros.define(d.name, d.value);
                origins.set(d.name, cell.id);
            }
            else {
                macros.undefine(d.name);
                origins.delete(d.name);
            }
        }
        macrosAt.set(cell.id, macros.clone());
    };
    for (const cell of above)
        if (cell.role === 'user')
            applyCell(cell, cell.text);
    applyCell(currentCell, currentPrompt);
    // 2. The collector.
    const collector = new contextCollector_1.ContextCollector();
    const remembered = new Map();
    // 3. Rules, with macro substitution.
    let rules = [];
    try {
        rules = await ports.listRules();
    }
    catch (e) {
        warnings.push(`Rules files could not be listed: ${messageOf(e)}`);
    }
    for (const rule of rules) {
        const display = (0, referencePaths_1.displayPathOf)(rule, ports.roots);
        if (!(await isAllowed(rule))) {
            warnings.push(`Rules file ${display} is outside the folders this notebook may read; skipped.`);
            continue;
        }
        try {
            const content = decodeText(await ports.readFile(rule), display);
            collector.set(`rule:${rule}`, { kind: 'rule', path: display, content: macros.substitute(content) });
        }
        catch (e) {
            warnings.push(`Rules file ${display} was not read: ${messageOf(e)}`);
        }
    }
    // References are resolved once per turn, however often they are mentioned.
    const resolved = new Map();
    const resolve = (ref) => {
        const k = ref.kind === 'file' ? `file:${((0, referencePaths_1.candidatePaths)(ref.path, ports.roots, notebook.dir) ?? [ref.path]).join('\0')}` : ref.kind === 'tool' ? (0, contextReferences_1.toolKey)(ref.name, ref.args) : `invalid:${ref.raw}`;
        let r = resolved.get(k);
        if (!r)
            resolved.set(k, (r = resolveReference(ref)));
        return r;
    };
    // Files that earlier turns sent (remembered) or that earlier prompts name explicitly, and that are gone now.
    const rememberedKeys = new Set(meta.contextItems.filter(i => i.kind === 'file').map(i => i.key));
    const gone = [];
    const collect = async (refs, cellId, current, cellMacros) => {
        for (const written of refs) {
            const ref = substituteReference(written, cellMacros);
            const r = await resolve(ref);
            if (r.kind === 'missing') {
                if (current)
                    warnings.push(r.warning);
                else if (r.notFound && ref.kind === 'file' && (!ref.bare || rememberedKeys.has(ref.path)) && !gone.includes(ref.path))
                    gone.push(ref.path);
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
        if (!aboveIds.has(item.cellId))
            continue;
        await collect([(0, contextReferences_1.referenceOf)(item.key)], item.cellId, false, macros);
    }
    // 4. Earlier user cells: references collected, messages (macros substituted) without ghost blocks.
    for (const cell of above) {
        if (cell.role !== 'user' || cell.text.trim() === '')
            continue;
        const cellMacros = macrosAt.get(cell.id) ?? macros;
        await collect((0, contextReferences_1.parseContextReferences)(cell.text), cell.id, false, cellMacros);
        messages.push((0, agentMessage_1.textMessage)('user', cellMacros.substitute(cell.text)));
        if (cell.answer?.trim())
            messages.push((0, agentMessage_1.textMessage)('assistant', cell.answer));
    }
    // 5. The current prompt: references, then images as image parts.
    await collect((0, contextReferences_1.parseContextReferences)(currentPrompt), currentCell.id, true, macros);
    const content = await promptParts(macros.substitute(currentPrompt));
    // Seed 002's RECENT EDITS block reaches the agent here (the adapter leaves the port out when the setting is off).
    let recentEdits;
    if (ports.recentEdits) {
        try {
            recentEdits = (await ports.recentEdits()) || undefined;
        }
        catch (e) {
            warnings.push(`Your recent edits could not be read: ${messageOf(e)}`);
        }
    }
    const notes = [];
    if (gone.length) {
        const line = `Referenced in earlier prompts but no longer in the workspace (staged changes included), so not sent: ${gone.join(', ')}.`;
        notes.push(line);
        warnings.push(line);
    }
    // 6 + 7. One ghost block, appended to the newest user message.
    const ghostBlock = { ...collector.toGhostBlock(), ...(recentEdits ? { recentEdits } : {}), ...(notes.length ? { notes } : {}) };
    const ghostText = `\n\n${(0, contextCollector_1.renderGhostBlock)(ghostBlock)}`;
    const tail = content[content.length - 1];
    if (tail?.type === 'text')
        content[content.length - 1] = { type: 'text', text: tail.text + ghostText };
    else
        content.push({ type: 'text', text: ghostText });
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
    async function isAllowed(abs) {
        if (!(0, referencePaths_1.isInsideAny)(allowed, abs))
            return false;
        const real = await realPath(abs).catch(() => abs);
        return (0, referencePaths_1.isInsideAny)(allowedReal, real) || (0, referencePaths_1.isInsideAny)(allowed, real);
    }
    async function resolveReference(ref) {
        switch (ref.kind) {
            case 'invalid':
                return { kind: 'missing', warning: `${ref.raw}: ${ref.reason}.` };
            case 'tool':
                return resolveTool(ref.name, ref.args);
            case 'file':
                return resolveFile(ref.path, ref.raw, ref.bare === true);
        }
    }
    async function resolveTool(name, args) {
        const key = (0, contextReferences_1.toolKey)(name, args);
        if (!ports.runTool)
            return { kind: 'missing', warning: `@[tool:${name}]: tools cannot be run from prompts here.` };
        let result;
        try {
            result = await ports.runTool(name, args);
        }
        catch (e) {
            result = `Error: ${messageOf(e)}`;
        }
        return { kind: 'found', key, persistKey: key, item: { kind: 'tool', name, args, result } };
    }
    async function resolveFile(ref, raw, bare) {
        const candidates = (0, referencePaths_1.candidatePaths)(ref, ports.roots, notebook.dir);
        if (!candidates)
            return { kind: 'missing', warning: `${raw}: only workspace files (a path or a file: URI) can be referenced.` };
        let refused = false;
        let failure;
        for (const abs of candidates) {
            if (!(await isAllowed(abs))) {
                refused = true;
                continue;
            }
            let bytes;
            try {
                bytes = await ports.readFile(abs);
            }
            catch (e) {
                if (!isNotFound(e))
                    failure ??= messageOf(e);
                continue;
            }
            const display = (0, referencePaths_1.displayPathOf)(abs, ports.roots);
            let text;
            try {
                text = decodeText(bytes, display);
            }
            catch (e) {
                return { kind: 'missing', warning: `${raw}: ${messageOf(e)}` };
            }
            if (text.length > exports.MAX_FILE_CHARS) {
                warnings.push(`${raw}: only the first ${exports.MAX_FILE_CHARS} of ${text.length} characters are sent.`);
                text = `${text.slice(0, exports.MAX_FILE_CHARS)}\n[… ${text.length - exports.MAX_FILE_CHARS} more characters: read the rest with overlay_readFile]`;
            }
            return { kind: 'found', key: `file:${abs}`, persistKey: display, item: { kind: 'file', path: display, content: macros.substitute(text) } };
        }
        if (failure)
            return { kind: 'missing', warning: `${raw} was not read: ${failure}` };
        return {
            kind: 'missing',
            warning: refused && !candidates.some(c => (0, referencePaths_1.isInsideAny)(allowed, c))
                ? `${raw} is outside the folders this notebook may read (${allowed.map(p => displayFolder(p, ports.roots)).join(', ') || 'none'}); not sent.`
                : refused
                    ? `${raw} leads outside the folders this notebook may read (a symbolic link?); not sent.`
                    : bare
                        ? `${raw} looks like a file reference but names no file in the workspace (staged changes included); not sent. Check the path, or write @[path] for a path with spaces.`
                        : `${raw} was not found in the workspace (staged changes included); not sent.`,
            ...(refused ? {} : { notFound: true }),
        };
    }
    async function promptParts(prompt) {
        const parts = [];
        const pushText = (text) => {
            const last = parts[parts.length - 1];
            if (last?.type === 'text')
                parts[parts.length - 1] = { type: 'text', text: last.text + text };
            else if (text)
                parts.push({ type: 'text', text });
        };
        for (const seg of (0, contextReferences_1.splitPromptImages)(prompt)) {
            if (seg.kind === 'text') {
                pushText(seg.text);
                continue;
            }
            pushText(seg.raw);
            const image = await readImage(seg.source, seg.raw);
            if (image)
                parts.push({ type: 'image', mimeType: image.mimeType, data: (0, promptImages_1.toBase64)(image.bytes), alt: seg.alt, source: seg.source });
        }
        if (parts.length === 0)
            parts.push({ type: 'text', text: '' });
        return parts;
    }
    async function readImage(source, raw) {
        if (/^data:/i.test(source)) {
            const data = (0, promptImages_1.parseImageDataUri)(source);
            if (!data)
                warnings.push(`${shorten(raw)}: only base64 data: URIs of images are sent.`);
            else if (data.bytes.byteLength > promptImages_1.MAX_IMAGE_BYTES)
                warnings.push(`${shorten(raw)}: the image is larger than ${promptImages_1.MAX_IMAGE_BYTES} bytes; not sent.`);
            else
                return data;
            return undefined;
        }
        if (/^https?:/i.test(source)) {
            warnings.push(`${raw}: images on the web are not fetched; save the image in the workspace and link that file.`);
            return undefined;
        }
        // Markdown resolves relative images against the document: the notebook's folder first.
        const fromNotebook = notebook.dir && !path.isAbsolute(source) && !/^file:/i.test(source) ? [path.join(notebook.dir, decodeSafe(source))] : [];
        const candidates = [...fromNotebook, ...((0, referencePaths_1.candidatePaths)(decodeSafe(source), ports.roots) ?? [])];
        let refused = false;
        for (const abs of [...new Set(candidates)]) {
            if (!(await isAllowed(abs))) {
                refused = true;
                continue;
            }
            let bytes;
            try {
                bytes = await ports.readImage(abs);
            }
            catch {
                continue;
            }
            if (bytes.byteLength > promptImages_1.MAX_IMAGE_BYTES) {
                warnings.push(`${raw}: the image is larger than ${promptImages_1.MAX_IMAGE_BYTES} bytes; not sent.`);
                return undefined;
            }
            const mimeType = (0, promptImages_1.imageMimeType)(bytes, abs);
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
/** A reference with the macros in force substituted into its path or tool arguments. */
function substituteReference(ref, macros) {
    switch (ref.kind) {
        case 'file':
            return { ...ref, path: macros.substitute(ref.path) };
        case 'tool':
            return { ...ref, args: macros.substituteDeep(ref.args) };
        case 'invalid':
            return ref;
    }
}
function readPersistedMacros(v) {
    const m = new macros_1.MacroContext();
    m.setMacros(v);
    return m.getMacrosObject();
}
/** UTF-8 text, or an error saying the file is binary. */
function decodeText(bytes, display) {
    let text;
    try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    }
    catch {
        throw new Error(`${display} is not UTF-8 text (${bytes.byteLength} bytes); binary files are not sent.`);
    }
    if (text.includes('\0'))
        throw new Error(`${display} is a binary file (${bytes.byteLength} bytes); binary files are not sent.`);
    return text;
}
function isNotFound(e) {
    const code = e?.code;
    return code === 'FileNotFound' || code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}
function messageOf(e) {
    return e instanceof Error ? e.message : String(e);
}
function displayFolder(p, roots) {
    const root = roots.find(r => r.path === p);
    return root ? root.name : (0, referencePaths_1.displayPathOf)(p, roots);
}
function decodeSafe(s) {
    try {
        return decodeURI(s);
    }
    catch {
        return s;
    }
}
function shorten(s) {
    return s.length > 80 ? `${s.slice(0, 77)}…` : s;
}
//# sourceMappingURL=interactionHistory.js.map