"use strict";
/**
 * The agent chat notebook's own metadata, read defensively (the file is JSON a person may edit by hand):
 * remembered macros and context, the model to use, and a sub-agent's restriction to some folders.
 */
Object.defineProperty(exports, "__esModule", { value: true });
exports.readNotebookMetadata = readNotebookMetadata;
exports.retractCells = retractCells;
function readNotebookMetadata(metadata) {
    const m = metadata ?? {};
    return {
        macroContext: m.macroContext,
        macroOrigins: readOrigins(m.macroOrigins),
        contextItems: Array.isArray(m.contextItems) ? m.contextItems.filter(isPersistedItem) : [],
        allowedUris: Array.isArray(m.allowedUris) ? m.allowedUris.filter((u) => typeof u === 'string') : undefined,
        isSubAgent: m.isSubAgent === true,
        model: readModel(m.model),
    };
}
function readOrigins(v) {
    if (typeof v !== 'object' || v === null || Array.isArray(v))
        return {};
    return Object.fromEntries(Object.entries(v).filter((e) => typeof e[1] === 'string' && e[1] !== ''));
}
function isPersistedItem(v) {
    if (typeof v !== 'object' || v === null)
        return false;
    const i = v;
    return (i.kind === 'file' || i.kind === 'tool') && typeof i.key === 'string' && i.key !== '' && typeof i.cellId === 'string';
}
function readModel(v) {
    if (typeof v !== 'object' || v === null || Array.isArray(v))
        return undefined;
    const s = v;
    const pick = (k) => (typeof s[k] === 'string' && s[k] !== '' ? s[k] : undefined);
    const selector = { vendor: pick('vendor'), family: pick('family'), id: pick('id') };
    return selector.vendor || selector.family || selector.id ? selector : undefined;
}
/**
 * The metadata update that forgets what deleted cells brought: their remembered context items and the macros
 * they defined (seed 004 keeps both in the notebook metadata; a deleted cell's turn no longer happened).
 * Undefined when the deleted cells brought nothing, so the caller leaves the notebook undirtied.
 */
function retractCells(metadata, deleted) {
    const meta = readNotebookMetadata(metadata);
    const items = meta.contextItems.filter(i => !deleted.has(i.cellId));
    const gone = Object.entries(meta.macroOrigins).filter(([, cellId]) => deleted.has(cellId)).map(([name]) => name);
    if (items.length === meta.contextItems.length && gone.length === 0)
        return undefined;
    const update = { contextItems: items };
    if (gone.length) {
        const macros = typeof meta.macroContext === 'object' && meta.macroContext !== null && !Array.isArray(meta.macroContext) ? { ...meta.macroContext } : {};
        const origins = { ...meta.macroOrigins };
        for (const name of gone) {
            delete macros[name];
            delete origins[name];
        }
        update.macroContext = macros;
        update.macroOrigins = origins;
    }
    return update;
}
//# sourceMappingURL=notebookMetadata.js.map