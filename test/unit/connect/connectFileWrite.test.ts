import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ConnectPathError, assertStaysInProject, writeConnectFile, writePrivateFile } from '../../../src/connect/connectFileWrite';
import { connectEnvFilePath, writeConnectEnvFile } from '../../../src/connect/connectEnvFile';

/** A project folder, a home folder and an "outside" folder, each real, under one temp folder. */
function tree() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ao-connect-safety-'));
  const project = path.join(root, 'project');
  const home = path.join(root, 'home');
  const outside = path.join(root, 'outside');
  for (const d of [project, home, outside]) fs.mkdirSync(d);
  return { root, project, home, outside, done: () => fs.rmSync(root, { recursive: true, force: true }) };
}

const linksWork = (() => {
  if (process.platform !== 'win32') return true;
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'ao-link-'));
  try {
    fs.symlinkSync(d, path.join(d, 'l'), 'dir');
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(d, { recursive: true, force: true });
  }
})();

describe('Connect file safety (issue 24: links out of the project, planted temp files)', function () {
  if (!linksWork) return; // symbolic links need a privilege on Windows; the rule is the same

  let t: ReturnType<typeof tree>;
  beforeEach(() => (t = tree()));
  afterEach(() => t.done());

  it('refuses to write a committed .mcp.json that is a link out of the project; the file it leads to is untouched', async () => {
    const victim = path.join(t.outside, 'bashrc');
    fs.writeFileSync(victim, 'original\n');
    fs.symlinkSync(victim, path.join(t.project, '.mcp.json'));
    await assert.rejects(writeConnectFile(path.join(t.project, '.mcp.json'), Buffer.from('{}'), { project: t.project }),
      (e: unknown) => e instanceof ConnectPathError && e.code === 'LinkLeavesProject' && /leads out of the project/.test(e.message) && e.message.includes('.mcp.json is a symbolic link'));
    assert.strictEqual(fs.readFileSync(victim, 'utf8'), 'original\n');
  });

  it('refuses a dangling .mcp.json link out of the project: nothing is created there', async () => {
    const victim = path.join(t.outside, 'created-by-connect.json');
    fs.symlinkSync(victim, path.join(t.project, '.mcp.json'));
    await assert.rejects(writeConnectFile(path.join(t.project, '.mcp.json'), Buffer.from('{}'), { project: t.project }), /leads out of the project/);
    assert.strictEqual(fs.existsSync(victim), false);
  });

  it('refuses a committed .gemini folder that is a link out of the project; nothing is written in the folder it leads to', async () => {
    fs.symlinkSync(t.outside, path.join(t.project, '.gemini'), 'dir');
    await assert.rejects(assertStaysInProject(t.project, path.join(t.project, '.gemini', 'settings.json')), /leads out of the project/);
    await assert.rejects(writeConnectFile(path.join(t.project, '.gemini', 'settings.json'), Buffer.from('{}'), { project: t.project }), /leads out of the project/);
    assert.deepStrictEqual(fs.readdirSync(t.outside), []);
  });

  it('refuses a path that is not in the project at all', async () => {
    await assert.rejects(assertStaysInProject(t.project, path.join(t.project, '..', 'x.json')), (e: unknown) => e instanceof ConnectPathError && e.code === 'OutsideProject');
  });

  it('follows a link that stays inside the project, and keeps it a link', async () => {
    fs.mkdirSync(path.join(t.project, 'config'));
    fs.writeFileSync(path.join(t.project, 'config', 'mcp.json'), '{"old":1}');
    fs.symlinkSync(path.join('config', 'mcp.json'), path.join(t.project, '.mcp.json'));
    const written = await writeConnectFile(path.join(t.project, '.mcp.json'), Buffer.from('{"new":1}'), { project: t.project });
    assert.strictEqual(written, path.join(fs.realpathSync(t.project), 'config', 'mcp.json'));
    assert.ok(fs.lstatSync(path.join(t.project, '.mcp.json')).isSymbolicLink());
    assert.strictEqual(fs.readFileSync(path.join(t.project, 'config', 'mcp.json'), 'utf8'), '{"new":1}');
  });

  it('makes missing folders as plain folders and writes a new file', async () => {
    await writeConnectFile(path.join(t.project, '.gemini', 'settings.json'), Buffer.from('{}'), { project: t.project });
    assert.strictEqual(fs.readFileSync(path.join(t.project, '.gemini', 'settings.json'), 'utf8'), '{}');
    assert.deepStrictEqual(fs.readdirSync(path.join(t.project, '.gemini')), ['settings.json'], 'no temp file left');
  });

  it('never writes through a planted link at the old temp name <file>.tmp', async () => {
    const victim = path.join(t.outside, 'victim');
    fs.writeFileSync(victim, 'original\n');
    fs.symlinkSync(victim, path.join(t.project, '.mcp.json.tmp'));
    await writeConnectFile(path.join(t.project, '.mcp.json'), Buffer.from('{"x":1}'), { project: t.project });
    assert.strictEqual(fs.readFileSync(victim, 'utf8'), 'original\n');
    assert.strictEqual(fs.readFileSync(path.join(t.project, '.mcp.json'), 'utf8'), '{"x":1}');
  });

  it('keeps following a user-level link (a dotfiles repository), with the linked file\'s permission bits', async () => {
    const real = path.join(t.outside, 'config.toml');
    fs.writeFileSync(real, 'a = 1\n', { mode: 0o640 });
    fs.chmodSync(real, 0o640);
    fs.mkdirSync(path.join(t.home, '.codex'));
    fs.symlinkSync(real, path.join(t.home, '.codex', 'config.toml'));
    await writeConnectFile(path.join(t.home, '.codex', 'config.toml'), Buffer.from('a = 2\n'));
    assert.strictEqual(fs.readFileSync(real, 'utf8'), 'a = 2\n');
    assert.ok(fs.lstatSync(path.join(t.home, '.codex', 'config.toml')).isSymbolicLink());
    if (process.platform !== 'win32') assert.strictEqual(fs.statSync(real).mode & 0o777, 0o640);
  });

  describe('the env file holding the token', () => {
    const endpoint = { url: 'http://127.0.0.1:4711/mcp', token: 'SECRET-TOKEN-abc' };

    it('never gives the token to a link planted at the old temp name mcp.env.tmp', async () => {
      const stolen = path.join(t.outside, 'stolen');
      fs.writeFileSync(stolen, '');
      const file = connectEnvFilePath(t.home);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.symlinkSync(stolen, `${file}.tmp`);
      await writeConnectEnvFile(t.home, endpoint);
      assert.strictEqual(fs.readFileSync(stolen, 'utf8'), '', 'the planted link got nothing');
      assert.match(fs.readFileSync(file, 'utf8'), /SECRET-TOKEN-abc/);
    });

    it('replaces a link at the env file\'s own name instead of writing the token through it', async () => {
      const stolen = path.join(t.outside, 'stolen');
      fs.writeFileSync(stolen, '');
      const file = connectEnvFilePath(t.home);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.symlinkSync(stolen, file);
      await writeConnectEnvFile(t.home, endpoint);
      assert.strictEqual(fs.readFileSync(stolen, 'utf8'), '');
      assert.ok(!fs.lstatSync(file).isSymbolicLink());
    });

    it('is readable by the user only (0600), whatever the umask, and leaves no temp file', async () => {
      const old = process.umask(0o000);
      try {
        await writeConnectEnvFile(t.home, endpoint);
        await writePrivateFile(path.join(t.home, '.agent-overlay', 'other'), Buffer.from('x'));
      } finally {
        process.umask(old);
      }
      const file = connectEnvFilePath(t.home);
      if (process.platform !== 'win32') assert.strictEqual(fs.statSync(file).mode & 0o777, 0o600);
      assert.deepStrictEqual(fs.readdirSync(path.dirname(file)).sort(), ['mcp.env', 'other']);
    });
  });
});
