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
exports.RulesGlobError = exports.DEFAULT_RULES_GLOB = void 0;
exports.listRuleFiles = listRuleFiles;
/**
 * Finding the rules files (`agentOverlay.notebook.rulesGlob`, default `.agent/rules/*.md`) in each workspace
 * folder by walking the overlay's directory listing, so a rules file the agent staged counts too. The glob is
 * relative to each folder: `*` and `?` match within one name, `**` any number of folders.
 */
const path = __importStar(require("path"));
exports.DEFAULT_RULES_GLOB = '.agent/rules/*.md';
class RulesGlobError extends Error {
    glob;
    constructor(glob, reason) {
        super(`The rules location "${glob}" is not usable: ${reason}. Set agentOverlay.notebook.rulesGlob to a path relative to the workspace folder, like "${exports.DEFAULT_RULES_GLOB}".`);
        this.glob = glob;
        this.name = 'RulesGlobError';
    }
}
exports.RulesGlobError = RulesGlobError;
/** The most rules files read in one turn, and how deep `**` descends. */
const MAX_RULE_FILES = 100;
const MAX_DEPTH = 8;
/** Absolute paths of the rules files under `root`, sorted. Throws `RulesGlobError` for a glob leaving the folder. */
function listRuleFiles(root, glob, list) {
    const segments = parseGlob(glob);
    const found = new Set();
    walk(root, segments, 0, list, found);
    return [...found].sort().slice(0, MAX_RULE_FILES);
}
function parseGlob(glob) {
    const g = glob.trim();
    if (g === '')
        throw new RulesGlobError(glob, 'it is empty');
    if (path.isAbsolute(g) || /^[A-Za-z]:/.test(g))
        throw new RulesGlobError(glob, 'it is an absolute path');
    const segments = g.split(/[\\/]+/).filter(s => s !== '' && s !== '.');
    if (segments.some(s => s === '..'))
        throw new RulesGlobError(glob, 'it leaves the workspace folder with ".."');
    if (segments.length === 0)
        throw new RulesGlobError(glob, 'it names no file');
    return segments;
}
function walk(dir, segments, depth, list, found) {
    if (segments.length === 0 || depth > MAX_DEPTH || found.size >= MAX_RULE_FILES)
        return;
    const [head, ...rest] = segments;
    if (head === '**') {
        walk(dir, rest, depth, list, found); // zero folders
        for (const [name, type] of entries(dir, list))
            if (type === 'directory')
                walk(path.join(dir, name), segments, depth + 1, list, found);
        return;
    }
    const pattern = segmentRegExp(head);
    for (const [name, type] of entries(dir, list)) {
        if (!pattern.test(name))
            continue;
        const child = path.join(dir, name);
        if (rest.length === 0) {
            if (type === 'file')
                found.add(child);
        }
        else if (type === 'directory') {
            walk(child, rest, depth + 1, list, found);
        }
    }
}
function entries(dir, list) {
    try {
        return list(dir);
    }
    catch {
        return []; // no such folder: no rules there
    }
}
function segmentRegExp(segment) {
    const body = segment.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]');
    return new RegExp(`^${body}$`);
}
//# sourceMappingURL=rulesFiles.js.map