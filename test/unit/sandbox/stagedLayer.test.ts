import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { OverlayWorkspace } from '../../../src/fs/overlayWorkspace';
import { CommandSandbox } from '../../../src/sandbox/commandSandbox';
import { planLayerUpdate, StagedLayers } from '../../../src/sandbox/stagedLayer';
import type { StagedView } from '../../../src/sandbox/stagedView';

function view(files: Record<string, string>, hidden: string[] = [], folders: string[] = []): StagedView {
  return { root: '/ws', files: new Map(Object.entries(files).map(([k, v]) => [k, Buffer.from(v)])), hidden: new Set(hidden), folders: new Set(folders) };
}

const hashes = (v: StagedView) => new Map([...v.files].map(([rel, bytes]) => [rel, `h:${Buffer.from(bytes).toString()}`]));

/** The layer as a sorted list: files with their content, folders with '/', anything else with '?'. */
function tree(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[]).sort().map(rel => {
    const s = fs.lstatSync(path.join(dir, rel));
    return s.isFile() ? `${rel}=${fs.readFileSync(path.join(dir, rel), 'utf8')}` : s.isDirectory() ? `${rel}/` : `${rel}?`;
  });
}

describe('stagedLayer: the overlay sandbox keeps its staged layer between commands', () => {
  describe('planLayerUpdate', () => {
    it('with no kept layer, writes every staged file and folder', () => {
      const v = view({ 'a.txt': 'A', 'src/b.ts': 'B' }, ['gone.txt'], ['empty']);
      const u = planLayerUpdate(undefined, v, hashes(v));
      assert.deepStrictEqual([u.remove, u.dropFolders, u.write, u.mkdirs], [[], [], ['a.txt', 'src/b.ts'], ['empty']]);
    });

    it('writes only what changed and removes only what is no longer staged', () => {
      const v1 = view({ 'a.txt': 'A', 'b.txt': 'B', 'c.txt': 'C' }, ['gone.txt', 'x.txt'], ['e1', 'e2']);
      const before = planLayerUpdate(undefined, v1, hashes(v1)).next;
      const v2 = view({ 'a.txt': 'A', 'b.txt': 'B2', 'x.txt': 'X' }, ['gone.txt'], ['e2', 'e3']);
      const u = planLayerUpdate(before, v2, hashes(v2));
      assert.deepStrictEqual([...u.remove].sort(), ['b.txt', 'c.txt', 'x.txt'], 'a changed file, an unstaged one, a whiteout that became a file');
      assert.deepStrictEqual([...u.write].sort(), ['b.txt', 'x.txt']);
      assert.deepStrictEqual(u.dropFolders, ['e1']);
      assert.deepStrictEqual(u.mkdirs, ['e3']);
    });
  });

  describe('StagedLayers on a real folder', () => {
    let base: string;
    beforeEach(() => {
      base = fs.mkdtempSync(path.join(os.tmpdir(), 'staged-layer-'));
    });
    afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

    /** What a layer built from nothing for `v` holds (whiteouts stood for by empty files, as the namespace's devices). */
    function fresh(v: StagedView): string[] {
      const dir = path.join(base, `fresh-${Math.random().toString(36).slice(2)}`);
      for (const w of new StagedLayers().update(dir, v)) fs.writeFileSync(w, '');
      return tree(dir);
    }

    it('each update leaves exactly what a fresh build would, and unchanged files keep their inode', () => {
      const layers = new StagedLayers();
      const layer = path.join(base, 'layer');
      const steps = [
        view({ 'a.txt': 'A', 'src/deep/b.ts': 'B', 'src/c.ts': 'C' }, ['old.txt', 'lib/x.js'], ['empty/one']),
        view({ 'a.txt': 'A', 'src/c.ts': 'C2', 'lib/x.js': 'X' }, ['old.txt'], ['empty']),
        view({ 'a.txt': 'A' }, [], []),
        view({ 'a.txt': 'A', 'empty/one/f.txt': 'F' }, ['src'], ['empty/one']),
      ];
      let inodeOfA: bigint | undefined;
      for (const [i, v] of steps.entries()) {
        for (const w of layers.update(layer, v)) if (!fs.existsSync(w)) fs.writeFileSync(w, '');
        layers.settled(layer);
        assert.deepStrictEqual(tree(layer), fresh(v), `after step ${i}`);
        const ino = fs.statSync(path.join(layer, 'a.txt'), { bigint: true }).ino;
        if (inodeOfA !== undefined) assert.strictEqual(ino, inodeOfA, `a.txt, unchanged, was not written again (step ${i})`);
        inodeOfA = ino;
      }
    });

    it('a layer touched between commands is built anew, not trusted', () => {
      const layers = new StagedLayers();
      const layer = path.join(base, 'layer');
      const v = view({ 'a.txt': 'A', 'src/b.ts': 'B' });
      layers.update(layer, v);
      layers.settled(layer);
      fs.writeFileSync(path.join(layer, 'src/b.ts'), 'tampered');
      fs.writeFileSync(path.join(layer, 'stray.txt'), 'stray');
      layers.update(layer, v);
      assert.deepStrictEqual(tree(layer), ['a.txt=A', 'src/', 'src/b.ts=B']);
    });
  });

  if (process.platform === 'linux') {
    describe('commands over a kept layer (overlayfs)', function () {
      this.timeout(60_000);
      let base: string;
      let root: string;
      let ws: OverlayWorkspace;
      const meta = { sessionId: 'agent-1', messageId: 'm', turn: 0, description: 'by test' };
      const abs = (rel: string) => path.join(root, rel);
      beforeEach(async () => {
        base = fs.mkdtempSync(path.join(os.tmpdir(), 'staged-layer-cmd-'));
        root = path.join(base, 'ws');
        fs.mkdirSync(path.join(root, 'src'), { recursive: true });
        fs.writeFileSync(abs('src/a.txt'), 'disk a\n');
        fs.writeFileSync(abs('old.txt'), 'old\n');
        ws = await OverlayWorkspace.open(path.join(base, 'store'));
      });
      afterEach(async () => {
        await ws.close();
        fs.rmSync(base, { recursive: true, force: true });
      });

      it('each command sees the staged view of its own moment: a change, a discard, a delete taken back', async () => {
        const sandbox = new CommandSandbox(ws, path.join(base, 'scratch'), { mechanism: () => 'overlayfs', shell: () => '/bin/sh' });
        const run = async () => (await sandbox.run({ command: 'cat src/a.txt; cat old.txt 2>/dev/null || echo "old gone"; cat src/new.txt 2>/dev/null || echo "new absent"', cwd: root, roots: [root], timeoutMs: 30_000, meta })).stdout.text;
        ws.write(abs('src/a.txt'), Buffer.from('staged a\n'), meta);
        ws.write(abs('src/new.txt'), Buffer.from('new\n'), meta);
        ws.delete(abs('old.txt'), meta);
        assert.strictEqual(await run(), 'staged a\nold gone\nnew\n');
        ws.write(abs('src/a.txt'), Buffer.from('staged again\n'), meta);
        assert.strictEqual(await run(), 'staged again\nold gone\nnew\n');
        ws.model.discardPaths([abs('old.txt'), abs('src/new.txt')]);
        assert.strictEqual(await run(), 'staged again\nold\nnew absent\n');
        ws.model.discardPaths([abs('src/a.txt')]);
        assert.strictEqual(await run(), 'disk a\nold\nnew absent\n');
      });
    });
  }
});
