"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.mergeJsonServer = mergeJsonServer;
const configMergeError_1 = require("./configMergeError");
/**
 * Adds (or replaces) one MCP server entry in a JSON configuration file's text, keeping every other key as it was.
 * `rootKey` is the object that holds the servers (`mcpServers` for Claude Code, Gemini CLI and Copilot CLI).
 * The file is parsed strictly: a file that is not a JSON object (or whose `rootKey` is not one) is refused with a
 * `ConfigMergeError` rather than rewritten, so a typo in the user's file never costs them their other entries.
 * Formatting is normalised to two-space JSON; comments (which these files do not allow) would be refused as malformed.
 */
function mergeJsonServer(text, file, rootKey, name, entry) {
    let config = {};
    if (text !== undefined && text.trim() !== '') {
        let parsed;
        try {
            parsed = JSON.parse(text);
        }
        catch (e) {
            throw new configMergeError_1.ConfigMergeError('Malformed', file, `is not valid JSON (${e instanceof Error ? e.message : String(e)}).`);
        }
        if (!isObject(parsed))
            throw new configMergeError_1.ConfigMergeError('Unexpected', file, 'does not hold a JSON object.');
        config = parsed;
    }
    const servers = config[rootKey] ?? {};
    if (!isObject(servers))
        throw new configMergeError_1.ConfigMergeError('Unexpected', file, `has a "${rootKey}" that is not an object.`);
    // Spread keeps the user's key order; our entry lands last when new, in place when replaced.
    return JSON.stringify({ ...config, [rootKey]: { ...servers, [name]: entry } }, null, 2) + '\n';
}
function isObject(v) {
    return typeof v === 'object' && v !== null && !Array.isArray(v);
}
//# sourceMappingURL=jsonServerMerge.js.map