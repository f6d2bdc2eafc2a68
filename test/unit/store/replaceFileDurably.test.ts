import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { replaceFileDurably } from '../../../src/fs/store/writeDurable';
import { TempDirs } from './tempDirs';

const posix = process.platform !== 'win32';

describe('replaceFileDurably (an agent\'s configuration, written by Connect)', () => {
  const dirs = new TempDirs();
  afterEach(() => dirs.cleanup());

  /** Replaces `fs.promises.open` while `f` runs: the handles it opens write half of their first buffer, then fail. */
  async function withFailingWrites(f: () => Promise<void>): Promise<void> {
    const realOpen = fs.promises.open;
    fs.promises.open = (async (...args: Parameters<typeof realOpen>) => {
      const handle = await realOpen(...args);
      const realWrite = handle.write.bind(handle) as (data: Uint8Array, offset: number, length: number, position: number | null) => Promise<{ bytesWritten: number }>;
      handle.write = (async (data: Uint8Array, offset = 0, length = data.length, position: number | null = null) => {
        await realWrite(data, offset, Math.max(1, Math.floor(length / 2)), position);
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      }) as unknown as typeof handle.write;
      return handle;
    }) as typeof realOpen;
    try {
      await f();
    } finally {
      fs.promises.open = realOpen;
    }
  }

  it('writes the new content in place of the old, with no temp file left beside it', async () => {
    const dir = dirs.make('connect-');
    const file = path.join(dir, 'config.toml');
    fs.writeFileSync(file, 'model = "o3"\n');
    await replaceFileDurably(file, Buffer.from('model = "o3"\n\n[mcp_servers.agent-overlay]\nurl = "http://127.0.0.1:1/mcp"\n'));
    assert.strictEqual(fs.readFileSync(file, 'utf8'), 'model = "o3"\n\n[mcp_servers.agent-overlay]\nurl = "http://127.0.0.1:1/mcp"\n');
    assert.deepStrictEqual(fs.readdirSync(dir), ['config.toml']);
  });

  it('creates a file that does not exist yet', async () => {
    const dir = dirs.make('connect-');
    const file = path.join(dir, 'settings.json');
    await replaceFileDurably(file, Buffer.from('{}\n'));
    assert.strictEqual(fs.readFileSync(file, 'utf8'), '{}\n');
  });

  (posix ? it : it.skip)('keeps the file\'s permission bits (a private 0600 configuration stays private)', async () => {
    const dir = dirs.make('connect-');
    const file = path.join(dir, 'config.toml');
    fs.writeFileSync(file, 'old\n');
    fs.chmodSync(file, 0o600);
    await replaceFileDurably(file, Buffer.from('new\n'));
    assert.strictEqual(fs.statSync(file).mode & 0o7777, 0o600);
    fs.chmodSync(file, 0o640);
    await replaceFileDurably(file, Buffer.from('newer\n'));
    assert.strictEqual(fs.statSync(file).mode & 0o7777, 0o640);
    assert.strictEqual(fs.readFileSync(file, 'utf8'), 'newer\n');
  });

  (posix ? it : it.skip)('a symlinked configuration (a dotfiles repository) stays a link; the file it leads to gets the content', async () => {
    const home = dirs.make('connect-home-');
    const dotfiles = path.join(home, 'dotfiles', 'codex');
    fs.mkdirSync(dotfiles, { recursive: true });
    fs.mkdirSync(path.join(home, '.codex'));
    const real = path.join(dotfiles, 'config.toml');
    fs.writeFileSync(real, 'model = "o3"\n');
    fs.chmodSync(real, 0o600);
    const link = path.join(home, '.codex', 'config.toml');
    // Relative, and through a second link, as dotfiles managers make them.
    fs.symlinkSync(path.join('..', 'dotfiles', 'codex', 'config.toml'), path.join(home, '.codex', 'hop.toml'));
    fs.symlinkSync('hop.toml', link);
    await replaceFileDurably(link, Buffer.from('model = "o3"\n[mcp_servers.x]\n'));
    assert.ok(fs.lstatSync(link).isSymbolicLink(), 'still a link');
    assert.strictEqual(fs.readlinkSync(link), 'hop.toml');
    assert.strictEqual(fs.readFileSync(real, 'utf8'), 'model = "o3"\n[mcp_servers.x]\n');
    assert.strictEqual(fs.statSync(real).mode & 0o7777, 0o600);
    assert.deepStrictEqual(fs.readdirSync(path.join(home, '.codex')).sort(), ['config.toml', 'hop.toml']);
    assert.deepStrictEqual(fs.readdirSync(dotfiles), ['config.toml'], 'the temp file was beside the real file, and is gone');
  });

  it('a failure during the write leaves the file byte for byte as it was, and no temp file', async () => {
    const dir = dirs.make('connect-');
    const file = path.join(dir, 'config.toml');
    const original = Buffer.from(`# mine\n${'setting = 1\n'.repeat(500)}`);
    fs.writeFileSync(file, original);
    await withFailingWrites(async () => {
      await assert.rejects(replaceFileDurably(file, Buffer.from('x'.repeat(10_000))), { code: 'ENOSPC' });
    });
    assert.ok(fs.readFileSync(file).equals(original), 'the original is intact');
    assert.deepStrictEqual(fs.readdirSync(dir), ['config.toml']);
  });

  (posix ? it : it.skip)('a failure through a link leaves the linked file intact and the link a link', async () => {
    const dir = dirs.make('connect-');
    const real = path.join(dir, 'real.json');
    const link = path.join(dir, 'settings.json');
    fs.writeFileSync(real, '{"mine": true}\n');
    fs.symlinkSync('real.json', link);
    await withFailingWrites(async () => {
      await assert.rejects(replaceFileDurably(link, Buffer.from('{"mcpServers": {}}\n')), { code: 'ENOSPC' });
    });
    assert.strictEqual(fs.readFileSync(real, 'utf8'), '{"mine": true}\n');
    assert.ok(fs.lstatSync(link).isSymbolicLink());
    assert.deepStrictEqual(fs.readdirSync(dir).sort(), ['real.json', 'settings.json']);
  });
});
