import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { memoryStoreFolder } from './memoryStoreFs';

/**
 * The store's folder in memory (memoryStoreFs.ts) answers the `fs` calls the store makes as a real folder does: the
 * same script of calls, run on a real temporary folder and in memory, gives the same results and the same error
 * codes. (The provenance fuzz's step logs and verdicts were compared too, before and after it came in.)
 */
async function script(dir: string): Promise<unknown[]> {
  const out: unknown[] = [];
  const rel = (p: unknown) => (typeof p === 'string' && p.startsWith(dir) ? path.relative(dir, p) : p);
  const note = async (what: string, f: () => unknown) => {
    try {
      out.push([what, rel(await f())]);
    } catch (e) {
      out.push([what, (e as NodeJS.ErrnoException).code]);
    }
  };
  const p = (...names: string[]) => path.join(dir, ...names);
  await note('mkdir recursive', () => fs.promises.mkdir(p('state', 'deep'), { recursive: true }));
  await note('mkdir recursive again', () => fs.promises.mkdir(p('state', 'deep'), { recursive: true }));
  await note('mkdir plain, there', () => fs.promises.mkdir(p('state')));
  await note('mkdir plain, no parent', () => fs.promises.mkdir(p('none', 'x')));
  await note('mkdirSync recursive', () => fs.mkdirSync(p('blobs', 'tmp'), { recursive: true }));
  await note('write, sync, rename', async () => {
    const h = await fs.promises.open(p('state', 'log-0.tmp'), 'w', 0o600);
    await h.chmod(0o600);
    await h.write(Buffer.from('header'), 0, 6, null);
    await h.sync();
    await h.close();
    await fs.promises.rename(p('state', 'log-0.tmp'), p('state', 'log-0'));
    return (await fs.promises.stat(p('state', 'log-0'))).size;
  });
  await note('append at a position, datasync, truncate', async () => {
    const h = await fs.promises.open(p('state', 'log-0'), 'r+');
    await h.write(Buffer.from('xxframe'), 2, 5, 6);
    await h.datasync();
    await h.write(Buffer.from('!'), 0, 1, 20);
    await h.truncate(11);
    await h.close();
    return (await fs.promises.readFile(p('state', 'log-0'))).toString('hex');
  });
  await note('readFile utf8', () => fs.promises.readFile(p('state', 'log-0'), 'utf8'));
  await note('readFile missing', () => fs.promises.readFile(p('state', 'last-apply.json'), 'utf8'));
  await note('readFile of a folder', () => fs.promises.readFile(p('state')));
  await note('open r missing', () => fs.promises.open(p('state', 'nothing'), 'r'));
  await note('open r+ missing', () => fs.promises.open(p('state', 'nothing'), 'r+'));
  await note('open a folder to fsync it', async () => {
    const h = await fs.promises.open(p('state'), 'r');
    await h.sync();
    await h.close();
    return 'synced';
  });
  await note('open w into a missing folder', () => fs.promises.open(p('none', 'f'), 'w'));
  await note('writeFile wx', () => fs.promises.writeFile(p('state', 'copy'), Buffer.from('a'), { flag: 'wx' }));
  await note('writeFile wx again', () => fs.promises.writeFile(p('state', 'copy'), Buffer.from('b'), { flag: 'wx' }));
  await note('writeFileSync, renameSync over a file', () => {
    fs.writeFileSync(p('blobs', 'tmp', 't1'), Buffer.from('blob one'));
    fs.writeFileSync(p('blobs', 'tmp', 't2'), Buffer.from('blob two'));
    fs.renameSync(p('blobs', 'tmp', 't1'), p('blobs', 'b1'));
    fs.renameSync(p('blobs', 'tmp', 't2'), p('blobs', 'b1'));
    return fs.readFileSync(p('blobs', 'b1'), 'utf8');
  });
  await note('renameSync into a missing folder', () => fs.renameSync(p('blobs', 'b1'), p('blobs', 'ab', 'cd')));
  await note('rename of a missing file', () => fs.promises.rename(p('blobs', 'gone'), p('blobs', 'b2')));
  await note('existsSync', () => [fs.existsSync(p('blobs', 'b1')), fs.existsSync(p('blobs')), fs.existsSync(p('blobs', 'gone'))]);
  await note('statSync', () => {
    const s = fs.statSync(p('blobs', 'b1'));
    return [s.isFile(), s.isDirectory(), s.size, typeof s.mtimeMs];
  });
  await note('statSync missing', () => fs.statSync(p('blobs', 'gone')));
  // Sorted: a real folder lists in no set order (the store sorts where order matters).
  await note('readdir', async () => (await fs.promises.readdir(p('state'))).sort());
  await note('readdir missing', () => fs.promises.readdir(p('none')));
  await note('rm force, missing', () => fs.promises.rm(p('state', 'nothing'), { force: true }));
  await note('rm missing', () => fs.promises.rm(p('state', 'nothing')));
  await note('rm a file', async () => {
    await fs.promises.rm(p('state', 'copy'), { force: true });
    return (await fs.promises.readdir(p('state'))).sort();
  });
  await note('rmSync recursive', () => {
    fs.rmSync(p('blobs'), { recursive: true, force: true });
    return fs.existsSync(p('blobs'));
  });
  return out;
}

describe('memoryStoreFs: the overlay store\'s folder in memory, for the provenance fuzz', () => {
  it('answers the store\'s fs calls as a real folder does (results and error codes)', async () => {
    const real = fs.mkdtempSync(path.join(os.tmpdir(), 'memory-store-fs-'));
    const memory = memoryStoreFolder();
    // The store's folder exists when the store starts (as the temporary one does).
    fs.mkdirSync(memory.dir);
    try {
      const expected = await script(real);
      assert.deepStrictEqual(await script(memory.dir), expected);
    } finally {
      fs.rmSync(real, { recursive: true, force: true });
      memory.dispose();
    }
  });

  it('leaves every other path to the real file system, and a call it does not answer fails instead of writing', async () => {
    const real = fs.mkdtempSync(path.join(os.tmpdir(), 'memory-store-fs-'));
    const memory = memoryStoreFolder();
    try {
      fs.writeFileSync(path.join(real, 'f'), 'on disk');
      assert.strictEqual(fs.readFileSync(path.join(real, 'f'), 'utf8'), 'on disk');
      fs.mkdirSync(memory.dir, { recursive: true });
      await assert.rejects(fs.promises.appendFile(path.join(memory.dir, 'f'), 'x'), (e: NodeJS.ErrnoException) => e.code === 'ERR_INVALID_ARG_VALUE' || e.code === 'ERR_INVALID_ARG_TYPE');
      assert.strictEqual(fs.existsSync(path.join(memory.dir, 'f')), false);
    } finally {
      fs.rmSync(real, { recursive: true, force: true });
      memory.dispose();
    }
  });
});
