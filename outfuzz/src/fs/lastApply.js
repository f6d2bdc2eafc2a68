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
exports.writeLastApply = writeLastApply;
exports.readLastApply = readLastApply;
exports.refsOfLastApply = refsOfLastApply;
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const restage_1 = require("./model/restage");
const writeDurable_1 = require("./store/writeDurable");
/** "Undo last apply" survives a reload: the undo record of the last apply, next to the store's other files. */
const FILE = 'last-apply.json';
/**
 * Written as part of the apply's journaled unit (before its journal entry is forgotten, and again by recovery
 * when the apply rolls forward), so the record always describes the last apply that really happened.
 */
async function writeLastApply(storeDir, last) {
    const file = path.join(storeDir, FILE);
    if (!last)
        return fs.promises.rm(file, { force: true });
    await (0, writeDurable_1.writeDurable)(file, Buffer.from(JSON.stringify({ version: 3, ...last })));
}
/** The saved record; undefined when there is none or it is unreadable (undo is then unavailable, nothing else). */
async function readLastApply(storeDir) {
    try {
        const parsed = JSON.parse(await fs.promises.readFile(path.join(storeDir, FILE), 'utf8'));
        if (!Array.isArray(parsed.undo?.entries))
            return undefined;
        // Version 1 kept only the undo record; version 2 had no proposal to stage again (Undo restores the disk only).
        if (parsed.version === 1)
            return { undo: parsed.undo, modes: {}, createdDirs: [] };
        if ((parsed.version !== 2 && parsed.version !== 3) || typeof parsed.modes !== 'object' || !Array.isArray(parsed.createdDirs))
            return undefined;
        if (parsed.version === 3 && !Array.isArray(parsed.restage))
            return undefined;
        return { undo: parsed.undo, modes: parsed.modes ?? {}, createdDirs: parsed.createdDirs, ...(parsed.restage ? { restage: parsed.restage } : {}) };
    }
    catch {
        return undefined;
    }
}
/** Content refs the record needs kept in the blob store. */
function refsOfLastApply(last) {
    const refs = (last?.undo.entries ?? []).flatMap(e => [e.previous, e.written]).filter((r) => r !== null);
    return [...refs, ...(0, restage_1.refsOfRestage)(last?.restage)];
}
//# sourceMappingURL=lastApply.js.map