import * as assert from 'assert';
import { MCP_TOKEN_KEY, isBridgeToken, keptBridgeToken, newBridgeToken, rotateBridgeToken, startBridgeAtActivation, type McpTokenStore } from '../../../src/mcp/mcpBridgeToken';

/** A SecretStorage stand-in over a Map; `failGet` / `failStore` act as a machine without a keychain. */
class MapStore implements McpTokenStore {
  readonly values = new Map<string, string>();
  failGet = false;
  failStore = false;
  async get(key: string): Promise<string | undefined> {
    if (this.failGet) throw new Error('no keychain');
    return this.values.get(key);
  }
  async store(key: string, value: string): Promise<void> {
    if (this.failStore) throw new Error('no keychain');
    this.values.set(key, value);
  }
}

describe('MCP bridge token kept across starts', () => {
  const noWarnings = (m: string) => assert.fail(`unexpected warning: ${m}`);

  it('makes a token once, stores it, and gives the same one at every later start', async () => {
    const store = new MapStore();
    const first = await keptBridgeToken(store, noWarnings);
    assert.ok(isBridgeToken(first));
    assert.strictEqual(store.values.get(MCP_TOKEN_KEY), first);
    assert.strictEqual(await keptBridgeToken(store, noWarnings), first);
    assert.strictEqual(await keptBridgeToken(store, noWarnings), first);
  });

  it('rotating stores a different token, which later starts keep', async () => {
    const store = new MapStore();
    const first = await keptBridgeToken(store, noWarnings);
    const rotated = await rotateBridgeToken(store, noWarnings);
    assert.notStrictEqual(rotated, first);
    assert.ok(isBridgeToken(rotated));
    assert.strictEqual(await keptBridgeToken(store, noWarnings), rotated);
  });

  it('replaces a stored value that is not a token (empty, truncated, edited)', async () => {
    for (const bad of ['', 'short', newBridgeToken().slice(1), `${newBridgeToken().slice(1)}=`, `${newBridgeToken().slice(1)} `]) {
      const store = new MapStore();
      store.values.set(MCP_TOKEN_KEY, bad);
      const token = await keptBridgeToken(store, noWarnings);
      assert.ok(isBridgeToken(token), JSON.stringify(bad));
      assert.notStrictEqual(token, bad);
      assert.strictEqual(store.values.get(MCP_TOKEN_KEY), token);
    }
  });

  it('still gives a token, and says it will not be kept, when the secret storage fails', async () => {
    const store = new MapStore();
    store.failGet = true;
    const warnings: string[] = [];
    assert.ok(isBridgeToken(await keptBridgeToken(store, m => void warnings.push(m))));
    store.failGet = false;
    store.failStore = true;
    assert.ok(isBridgeToken(await keptBridgeToken(store, m => void warnings.push(m))));
    assert.ok(isBridgeToken(await rotateBridgeToken(store, m => void warnings.push(m))));
    assert.strictEqual(warnings.length, 3);
    assert.match(warnings[0], /could not read.*no keychain.*not be kept/i);
    assert.match(warnings[1], /could not keep.*no keychain/i);
  });

  it('tokens are 43 base64url characters and differ', () => {
    const a = newBridgeToken();
    const b = newBridgeToken();
    assert.match(a, /^[A-Za-z0-9_-]{43}$/);
    assert.notStrictEqual(a, b);
    for (const v of [undefined, null, 42, {}, `${a}x`]) assert.strictEqual(isBridgeToken(v), false, String(v));
  });

  it('starts at activation when the setting asks, or when it was running as the window reloaded', () => {
    const table: [enabled: boolean, wasRunning: boolean, starts: boolean][] = [
      [false, false, false],
      [false, true, true],
      [true, false, true],
      [true, true, true],
    ];
    for (const [enabled, wasRunning, starts] of table) assert.strictEqual(startBridgeAtActivation(enabled, wasRunning), starts, `${enabled}/${wasRunning}`);
  });
});
