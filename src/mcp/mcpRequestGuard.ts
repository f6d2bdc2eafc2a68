import { createHash, timingSafeEqual } from 'crypto';

/**
 * Who may talk to the MCP bridge. It listens on 127.0.0.1 only, and every request must also:
 * - name this server in `Host` (`127.0.0.1:<port>` or `localhost:<port>`): a DNS-rebinding page reaches us under
 *   its own host name and is refused;
 * - come from no browser page, or from a loopback one (`Origin` absent, or http(s) on 127.0.0.1 / localhost / [::1]);
 * - carry `Authorization: Bearer <token>` with the token of this start (compared in constant time).
 * Host and Origin failures are 403 (the request is not for us), a missing or wrong token 401.
 */
export type GuardVerdict =
  | { readonly ok: true }
  | { readonly ok: false; readonly status: 401 | 403; readonly reason: string };

export interface GuardedRequest {
  readonly host: string | undefined;
  readonly origin: string | undefined;
  readonly authorization: string | undefined;
}

export interface GuardExpectation {
  readonly port: number;
  readonly token: string;
}

/** The only address the bridge binds to. */
export const LOOPBACK_HOST = '127.0.0.1';

export function guardRequest(req: GuardedRequest, expect: GuardExpectation): GuardVerdict {
  if (!isOwnHost(req.host, expect.port)) return { ok: false, status: 403, reason: `foreign Host header ${JSON.stringify(req.host ?? '')}` };
  if (req.origin !== undefined && !isLoopbackOrigin(req.origin)) return { ok: false, status: 403, reason: `foreign Origin ${JSON.stringify(req.origin)}` };
  const presented = bearerToken(req.authorization);
  if (presented === undefined) return { ok: false, status: 401, reason: 'no bearer token' };
  if (!sameSecret(presented, expect.token)) return { ok: false, status: 401, reason: 'wrong bearer token' };
  return { ok: true };
}

/** `127.0.0.1:<port>` or `localhost:<port>` (case-insensitive), nothing else: not another port, not a bare name. */
export function isOwnHost(host: string | undefined, port: number): boolean {
  if (!host) return false;
  const h = host.trim().toLowerCase();
  return h === `${LOOPBACK_HOST}:${port}` || h === `localhost:${port}`;
}

/** An `Origin` of a page served from this machine: http or https on 127.0.0.1, localhost or [::1], any port. */
export function isLoopbackOrigin(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // includes the opaque "null" origin of sandboxed frames and file: pages
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) return false;
  return url.hostname === LOOPBACK_HOST || url.hostname === 'localhost' || url.hostname === '[::1]';
}

/** The token of an `Authorization: Bearer <token>` header (scheme case-insensitive), else undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const m = /^\s*bearer[ \t]+(\S+)\s*$/i.exec(header ?? '');
  return m ? m[1] : undefined;
}

/** Constant-time equality that also hides the length: both sides are hashed to 32 bytes first. */
export function sameSecret(presented: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(presented), digest(expected)) && expected.length > 0;
}
