"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.LOOPBACK_HOST = void 0;
exports.guardRequest = guardRequest;
exports.isOwnHost = isOwnHost;
exports.isLoopbackOrigin = isLoopbackOrigin;
exports.bearerToken = bearerToken;
exports.sameSecret = sameSecret;
const crypto_1 = require("crypto");
/** The only address the bridge binds to. */
exports.LOOPBACK_HOST = '127.0.0.1';
function guardRequest(req, expect) {
    if (!isOwnHost(req.host, expect.port))
        return { ok: false, status: 403, reason: `foreign Host header ${JSON.stringify(req.host ?? '')}` };
    if (req.origin !== undefined && !isLoopbackOrigin(req.origin))
        return { ok: false, status: 403, reason: `foreign Origin ${JSON.stringify(req.origin)}` };
    const presented = bearerToken(req.authorization);
    if (presented === undefined)
        return { ok: false, status: 401, reason: 'no bearer token' };
    if (!sameSecret(presented, expect.token))
        return { ok: false, status: 401, reason: 'wrong bearer token' };
    return { ok: true };
}
/** `127.0.0.1:<port>` or `localhost:<port>` (case-insensitive), nothing else: not another port, not a bare name. */
function isOwnHost(host, port) {
    if (!host)
        return false;
    const h = host.trim().toLowerCase();
    return h === `${exports.LOOPBACK_HOST}:${port}` || h === `localhost:${port}`;
}
/** An `Origin` of a page served from this machine: http or https on 127.0.0.1, localhost or [::1], any port. */
function isLoopbackOrigin(origin) {
    let url;
    try {
        url = new URL(origin);
    }
    catch {
        return false; // includes the opaque "null" origin of sandboxed frames and file: pages
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
        return false;
    if (url.username || url.password || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash)
        return false;
    return url.hostname === exports.LOOPBACK_HOST || url.hostname === 'localhost' || url.hostname === '[::1]';
}
/** The token of an `Authorization: Bearer <token>` header (scheme case-insensitive), else undefined. */
function bearerToken(header) {
    const m = /^\s*bearer[ \t]+(\S+)\s*$/i.exec(header ?? '');
    return m ? m[1] : undefined;
}
/** Constant-time equality that also hides the length: both sides are hashed to 32 bytes first. */
function sameSecret(presented, expected) {
    const digest = (s) => (0, crypto_1.createHash)('sha256').update(s, 'utf8').digest();
    return (0, crypto_1.timingSafeEqual)(digest(presented), digest(expected)) && expected.length > 0;
}
//# sourceMappingURL=mcpRequestGuard.js.map