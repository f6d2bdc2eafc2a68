"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.uriMatchesPath = uriMatchesPath;
exports.uriPath = uriPath;
/**
 * Whether a tracked document URI is the file a tool caller named. Agents name files loosely (workspace-relative
 * `src/a.ts`, absolute `/ws/src/a.ts` or `C:\ws\src\a.ts`, or the URI itself), and the tracker only knows URI
 * strings, whose paths are percent-encoded (`my%20file.ts`). A relative path matches on whole path segments
 * at the end, so `a.ts` matches `/ws/src/a.ts` but not `/ws/src/data.ts`.
 */
function uriMatchesPath(uri, filePath) {
    if (uri === filePath)
        return true;
    const path = normalizeDrive(uriPath(uri));
    let wanted = filePath.replace(/\\/g, '/');
    if (/^[a-z][\w+.-]*:\/\//i.test(wanted))
        return path === normalizeDrive(uriPath(wanted));
    wanted = normalizeDrive(wanted.replace(/^(\.\/)+/, ''));
    if (wanted === '')
        return false;
    if (wanted.startsWith('/'))
        return path === wanted;
    return path === wanted || path.endsWith('/' + wanted);
}
/** The decoded path of a URI string (`file:///c%3A/x%20y` → `/c:/x y`), or the string itself if it has no scheme. */
function uriPath(uri) {
    const m = /^[a-z][\w+.-]*:(\/\/[^/?#]*)?([^?#]*)/i.exec(uri);
    const raw = m ? m[2] : uri;
    try {
        return decodeURIComponent(raw);
    }
    catch {
        return raw;
    }
}
/** `C:/x` and `/c:/x` (VS Code's file URI path on Windows) compare equal. */
function normalizeDrive(p) {
    const m = /^\/?([a-zA-Z]):(\/.*)?$/.exec(p);
    return m ? `/${m[1].toLowerCase()}:${m[2] ?? '/'}` : p;
}
//# sourceMappingURL=uriMatchesPath.js.map