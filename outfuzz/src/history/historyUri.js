"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.HISTORY_SCHEME = void 0;
exports.historyUriPath = historyUriPath;
exports.parseHistoryUriPath = parseHistoryUriPath;
/** The read-only scheme under which local-history versions are served, only under a grant (SPEC §3). */
exports.HISTORY_SCHEME = 'history';
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The `path` of a `history:` URI (the adapter builds it with `Uri.from({ scheme, path })`). */
function historyUriPath(parts) {
    if (!ID.test(parts.id))
        throw new Error(`not a history id: ${JSON.stringify(parts.id)}`);
    const name = parts.fileName.replace(/[/\\]/g, '_') || 'file';
    return `/${parts.id}/${name}`;
}
/** The id and name of a `history:` URI path, or undefined when it does not name a version (a folder, junk). */
function parseHistoryUriPath(path) {
    const m = /^\/([^/]+)\/([^/]+)$/.exec(path);
    if (!m || !ID.test(m[1]))
        return undefined;
    return { id: m[1], fileName: m[2] };
}
//# sourceMappingURL=historyUri.js.map