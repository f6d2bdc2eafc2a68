import * as assert from 'assert';
import { bearerToken, guardRequest, isLoopbackOrigin, isOwnHost, sameSecret } from '../../../src/mcp/mcpRequestGuard';

const expect = { port: 4123, token: 'tok-123' };
const ok = { host: '127.0.0.1:4123', origin: undefined, authorization: 'Bearer tok-123' };

describe('MCP request guard', () => {
  it('lets a loopback request with the right token through', () => {
    assert.deepStrictEqual(guardRequest(ok, expect), { ok: true });
    assert.deepStrictEqual(guardRequest({ ...ok, host: 'localhost:4123', origin: 'http://localhost:5173' }, expect), { ok: true });
  });

  it('refuses a missing or wrong token with 401', () => {
    for (const authorization of [undefined, '', 'Bearer', 'Bearer tok-12', 'Bearer tok-1234', 'Basic tok-123', 'tok-123', 'Bearer tok-123 extra']) {
      const v = guardRequest({ ...ok, authorization }, expect);
      assert.strictEqual(v.ok ? 200 : v.status, 401, String(authorization));
    }
  });

  it('refuses a foreign Host with 403, before looking at the token', () => {
    for (const host of [undefined, '', 'evil.example:4123', '127.0.0.1', '127.0.0.1:80', 'localhost', '0.0.0.0:4123', '[::1]:4123', '127.0.0.1:41230', 'attacker.com']) {
      const v = guardRequest({ ...ok, host, authorization: undefined }, expect);
      assert.strictEqual(v.ok ? 200 : v.status, 403, String(host));
    }
  });

  it('refuses a foreign Origin with 403', () => {
    for (const origin of ['https://evil.example', 'null', 'file://', 'http://127.0.0.1.evil.example', 'http://localhost.evil.example:4123', 'vscode-webview://abc', 'http://user@localhost', '']) {
      const v = guardRequest({ ...ok, origin }, expect);
      assert.strictEqual(v.ok ? 200 : v.status, 403, origin);
    }
  });

  it('accepts loopback origins only', () => {
    for (const o of ['http://127.0.0.1:4123', 'http://localhost', 'https://localhost:8443', 'http://[::1]:3000', 'HTTP://LOCALHOST:1']) assert.ok(isLoopbackOrigin(o), o);
    assert.ok(!isLoopbackOrigin('http://192.168.1.2:4123'));
  });

  it('matches Host case-insensitively but exactly', () => {
    assert.ok(isOwnHost('LocalHost:4123', 4123));
    assert.ok(!isOwnHost('localhost:4123 ', 4124));
  });

  it('parses Bearer case-insensitively', () => {
    assert.strictEqual(bearerToken('bearer abc'), 'abc');
    assert.strictEqual(bearerToken('BEARER\tabc'), 'abc');
    assert.strictEqual(bearerToken('Bearer a b'), undefined);
  });

  it('compares secrets of any length without throwing, and never accepts an empty secret', () => {
    assert.ok(sameSecret('x'.repeat(43), 'x'.repeat(43)));
    assert.ok(!sameSecret('x', 'x'.repeat(43)));
    assert.ok(!sameSecret('', ''));
  });
});
