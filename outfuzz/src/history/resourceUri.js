"use strict";
/**
 * The exact string VS Code hashes to name a local-history folder is `URI.toString()` of the working-copy
 * resource (research/formats.md §A2). This is a port of the parts of `vs/base/common/uri.ts` that produce and
 * read that string, so pure code and tests can compute it without `vscode`. In an adapter,
 * `vscode.Uri.from({ scheme, authority, path }).toString()` yields the same string (same class as the API's).
 */
Object.defineProperty(exports, "__esModule", { value: true });
exports.ResourceUriError = void 0;
exports.formatResourceUri = formatResourceUri;
exports.fileUriParts = fileUriParts;
exports.fileUriString = fileUriString;
exports.remoteUriString = remoteUriString;
exports.parseResourceUri = parseResourceUri;
exports.historyResourceCandidates = historyResourceCandidates;
class ResourceUriError extends Error {
    code;
    input;
    constructor(code, input, detail) {
        super(`${detail}: ${JSON.stringify(input)}`);
        this.code = code;
        this.input = input;
        this.name = 'ResourceUriError';
    }
}
exports.ResourceUriError = ResourceUriError;
/** Characters `encodeURIComponentFast` writes through its own table (before falling back to encodeURIComponent). */
const ENCODE_TABLE = {
    0x3a: '%3A', 0x2f: '%2F', 0x3f: '%3F', 0x23: '%23', 0x5b: '%5B', 0x5d: '%5D', 0x40: '%40', 0x21: '%21',
    0x24: '%24', 0x26: '%26', 0x27: '%27', 0x28: '%28', 0x29: '%29', 0x2a: '%2A', 0x2b: '%2B', 0x2c: '%2C',
    0x3b: '%3B', 0x3d: '%3D', 0x20: '%20',
};
function isUnreserved(c) {
    return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39)
        || c === 0x2d || c === 0x2e || c === 0x5f || c === 0x7e;
}
function nativeEncode(s, whole) {
    try {
        return encodeURIComponent(s);
    }
    catch {
        // A lone UTF-16 surrogate: VS Code's own toString() throws here too, so such a file has no history folder.
        throw new ResourceUriError('unencodable', whole, 'cannot percent-encode a lone UTF-16 surrogate');
    }
}
/** Port of uri.ts `encodeURIComponentFast(uriComponent, isPath, isAuthority)`. */
function encodeFast(s, isPath, isAuthority) {
    let res;
    let nativeEncodePos = -1;
    for (let pos = 0; pos < s.length; pos++) {
        const c = s.charCodeAt(pos);
        if (isUnreserved(c) || (isPath && c === 0x2f) || (isAuthority && (c === 0x5b || c === 0x5d || c === 0x3a))) {
            if (nativeEncodePos !== -1) {
                res += nativeEncode(s.substring(nativeEncodePos, pos), s);
                nativeEncodePos = -1;
            }
            if (res !== undefined)
                res += s.charAt(pos);
        }
        else {
            if (res === undefined)
                res = s.substring(0, pos);
            const escaped = ENCODE_TABLE[c];
            if (escaped !== undefined) {
                if (nativeEncodePos !== -1) {
                    res += nativeEncode(s.substring(nativeEncodePos, pos), s);
                    nativeEncodePos = -1;
                }
                res += escaped;
            }
            else if (nativeEncodePos === -1) {
                nativeEncodePos = pos;
            }
        }
    }
    if (nativeEncodePos !== -1)
        res = (res ?? '') + nativeEncode(s.substring(nativeEncodePos), s);
    return res ?? s;
}
/** `URI.toString()` (encoded form) — the string whose hash names the history folder. */
function formatResourceUri(parts) {
    const { scheme, query, fragment } = parts;
    let { authority, path } = parts;
    let res = '';
    if (scheme)
        res += `${scheme}:`;
    if (authority || scheme === 'file')
        res += '//';
    if (authority) {
        let idx = authority.indexOf('@');
        if (idx !== -1) {
            const userinfo = authority.substring(0, idx);
            authority = authority.substring(idx + 1);
            idx = userinfo.lastIndexOf(':');
            res += idx === -1
                ? encodeFast(userinfo, false, false)
                : `${encodeFast(userinfo.substring(0, idx), false, false)}:${encodeFast(userinfo.substring(idx + 1), false, true)}`;
            res += '@';
        }
        // VS Code lower-cases the authority, so `ssh-remote+MyHost` hashes as `ssh-remote%2Bmyhost`.
        authority = authority.toLowerCase();
        idx = authority.lastIndexOf(':');
        res += idx === -1
            ? encodeFast(authority, false, true)
            : encodeFast(authority.substring(0, idx), false, true) + authority.substring(idx);
    }
    if (path) {
        // Windows drive letters are lower-cased: /C:/x and C:/x become /c:/x and c:/x.
        if (path.length >= 3 && path.charCodeAt(0) === 0x2f && path.charCodeAt(2) === 0x3a) {
            const code = path.charCodeAt(1);
            if (code >= 0x41 && code <= 0x5a)
                path = `/${String.fromCharCode(code + 32)}:${path.substring(3)}`;
        }
        else if (path.length >= 2 && path.charCodeAt(1) === 0x3a) {
            const code = path.charCodeAt(0);
            if (code >= 0x41 && code <= 0x5a)
                path = `${String.fromCharCode(code + 32)}:${path.substring(2)}`;
        }
        res += encodeFast(path, true, false);
    }
    if (query)
        res += `?${encodeFast(query, false, false)}`;
    if (fragment)
        res += `#${encodeFast(fragment, false, false)}`;
    return res;
}
/**
 * The parts of `URI.file(fsPath)`: on Windows backslashes become slashes and `\\server\share` becomes an
 * authority; a relative-looking path (`C:/x`) gets a leading slash, as VS Code's `_referenceResolution` does.
 */
function fileUriParts(fsPath, platform = process.platform) {
    let path = platform === 'win32' ? fsPath.replace(/\\/g, '/') : fsPath;
    let authority = '';
    if (path[0] === '/' && path[1] === '/') {
        const idx = path.indexOf('/', 2);
        if (idx === -1) {
            authority = path.substring(2);
            path = '/';
        }
        else {
            authority = path.substring(2, idx);
            path = path.substring(idx) || '/';
        }
    }
    if (!path)
        path = '/';
    else if (path[0] !== '/')
        path = `/${path}`;
    return { scheme: 'file', authority, path };
}
/** `vscode.Uri.file(fsPath).toString()`: the resource string of a local file in a desktop-local window. */
function fileUriString(fsPath, platform = process.platform) {
    return formatResourceUri(fileUriParts(fsPath, platform));
}
/**
 * The resource string VS Code hashes for a file in a remote window or code-server:
 * `vscode-remote://<authority><path>`, where `<authority>` is e.g. `ssh-remote+myhost`, `wsl+ubuntu`, or — in
 * code-server / `code serve-web` — the HTTP Host header the browser used (`localhost:8080`).
 */
function remoteUriString(authority, posixPath) {
    return formatResourceUri({ scheme: 'vscode-remote', authority, path: posixPath });
}
const URI_REGEXP = /^(([^:/?#]+?):)?(\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?/;
/** VS Code's `decodeURIComponentGraceful`: a malformed escape is kept verbatim rather than failing the parse. */
function decodeGraceful(s) {
    try {
        return decodeURIComponent(s);
    }
    catch {
        return s.length > 3 ? s.substring(0, 3) + decodeGraceful(s.substring(3)) : s;
    }
}
function percentDecode(s) {
    return s.includes('%') ? s.replace(/(%[0-9A-Za-z][0-9A-Za-z])+/g, (m) => decodeGraceful(m)) : s;
}
/** `URI.parse(value)` reduced to what the history index needs (e.g. `entries.json`'s `resource`). */
function parseResourceUri(value) {
    const m = URI_REGEXP.exec(value);
    if (!m || !m[2])
        throw new ResourceUriError('unparsable', value, 'not an absolute URI');
    return {
        scheme: m[2],
        authority: percentDecode(m[4] ?? ''),
        path: percentDecode(m[5] ?? ''),
        query: percentDecode(m[7] ?? ''),
        fragment: percentDecode(m[9] ?? ''),
    };
}
/**
 * The resource strings under which VS Code may have stored `fsPath`'s history, most likely first, for direct
 * hashed lookups: `vscode-remote://<authority><path>` for each known remote authority (a remote window or
 * code-server hashes those), then `file://<path>` (a desktop-local window). Pass the authorities learnt from
 * `EntriesHeaderIndex.authorities()` or from configuration; with none, only the `file:` form is returned.
 */
function historyResourceCandidates(fsPath, remoteAuthorities = [], platform = process.platform) {
    const file = fileUriParts(fsPath, platform);
    const out = remoteAuthorities.map((authority) => formatResourceUri({ scheme: 'vscode-remote', authority, path: file.path }));
    out.push(formatResourceUri(file));
    return [...new Set(out)];
}
//# sourceMappingURL=resourceUri.js.map