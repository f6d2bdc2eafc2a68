/**
 * The crash sweep's scenario: stage, apply part, stage more, apply all, undo, driven through OverlayWorkspace's
 * public API only, as a list of steps. Each step also says, as a pure transformation of expected trees, what the
 * disk and the overlay's effective view are once it is done, so a checker can tell every acceptable state after a
 * crash at any point. Covers text, binary, empty, executable and large (≥ 300 KB) files, nested folders, folders
 * emptied by an apply, renames (of a file, of a folder, of an executable into a new folder), a rename chain, and
 * empty folders an agent makes (nested, applied alone) and removes.
 */
import * as fs from 'fs';
import * as path from 'path';
import { OverlayWorkspace } from '../../../src/fs/overlayWorkspace';

/** A file as the checker compares it: content and permission bits. */
export interface TreeFile {
  readonly data: Buffer;
  readonly mode: number;
}

/**
 * Files by path relative to the workspace folder ('/'-separated), and empty folders as `<path>/` with mode
 * `EMPTY_FOLDER` and no data (a folder with anything in it is implied by its contents).
 */
export type Tree = ReadonlyMap<string, TreeFile>;

/** The mode of an empty folder's entry in a Tree (S_IFDIR: no file's permission bits look like it). */
export const EMPTY_FOLDER = 0o40000;
export const folderKey = (rel: string) => `${rel}/`;
export const isFolderKey = (key: string) => key.endsWith('/');

/** The disk and the effective view after a step. */
export interface World {
  readonly disk: Tree;
  readonly view: Tree;
}

export type Phase = 'stage1' | 'applyPart' | 'stage2' | 'applyAll' | 'undo';

export interface Step {
  readonly name: string;
  readonly phase: Phase;
  /** Does the step on a workspace whose folder is `root`. */
  run(ws: OverlayWorkspace, root: string): Promise<void>;
  /** The world after the step, from the world before it (`history`: the worlds before, oldest first). */
  after(w: World, history: readonly World[]): World;
}

/** Mode of a file the overlay creates: the child runs with umask 022. */
export const NEW_FILE_MODE = 0o644;
export const UMASK = 0o022;

const meta = { sessionId: 'crash', messageId: 'm', turn: 1, description: 'crash sweep' };

function pseudoRandom(seed: number, length: number): Buffer {
  const out = Buffer.alloc(length);
  let x = seed >>> 0;
  for (let i = 0; i < length; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

const text = (s: string) => ({ data: Buffer.from(s), mode: 0o644 });
const script = (s: string) => ({ data: Buffer.from(s), mode: 0o755 });

/** Plain text files edited one by one in the first staging, and as many created in the second. */
const SOURCES = 14;

/** What the workspace folder holds before the scenario. */
export const INITIAL: Tree = new Map<string, TreeFile>([
  ['text.txt', text('hello\nworld\n')],
  ['data.bin', { data: Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 7) & 0xff)), mode: 0o644 }],
  ['run.sh', script('#!/bin/sh\necho old\n')],
  ['big.bin', { data: pseudoRandom(1, 320 * 1024), mode: 0o644 }],
  ['gone/top.txt', text('top\n')],
  ['gone/x/one.txt', text('one\n')],
  ['gone/x/two.txt', text('two\n')],
  ['c1.txt', text('C1\n')],
  ['c2.txt', text('C2\n')],
  ['tool.sh', script('#!/bin/sh\necho tool\n')],
  ['move/m1.txt', text('m1\n')],
  ['move/sub/m2.txt', text('m2\n')],
  ['keep.txt', text('untouched\n')],
  [folderKey('vacant'), { data: Buffer.alloc(0), mode: EMPTY_FOLDER }],
  ...Array.from({ length: SOURCES }, (_, i) => [`src/m${i}.txt`, text(`module ${i}\n`.repeat(i + 1))] as const),
]);

// ── pure tree transformations ──────────────────────────────────────────────────────────────────────────────

/** Drops the empty-folder entries of the folders above `rel`: they hold it now. */
function holding(t: Tree, rel: string): Map<string, TreeFile> {
  const out = new Map(t);
  for (let d = path.posix.dirname(rel); d !== '.'; d = path.posix.dirname(d)) out.delete(folderKey(d));
  return out;
}

function written(t: Tree, rel: string, data: Buffer): Tree {
  const out = holding(t, rel);
  out.set(rel, { data, mode: t.get(rel)?.mode ?? NEW_FILE_MODE });
  return out;
}

function removed(t: Tree, rel: string): Tree {
  const out = new Map(t);
  for (const k of t.keys()) if (k === rel || k.startsWith(`${rel}/`)) out.delete(k);
  return out;
}

function moved(t: Tree, from: string, to: string): Tree {
  const out = holding(t, to);
  for (const [k, f] of t) {
    if (k !== from && !k.startsWith(`${from}/`)) continue;
    out.delete(k);
    out.set(to + k.slice(from.length), f);
  }
  return out;
}

function madeFolder(t: Tree, rel: string): Tree {
  return holding(t, rel).set(folderKey(rel), { data: Buffer.alloc(0), mode: EMPTY_FOLDER });
}

/**
 * `disk` with the view's state of `paths` (a path absent from the view is absent from the result; a folder path
 * the view has empty is made, with the folders above it).
 */
function appliedTo(disk: Tree, view: Tree, paths: readonly string[]): Tree {
  let out = new Map(disk);
  for (const p of paths) {
    const f = view.get(p) ?? view.get(folderKey(p));
    if (f) out = holding(out, p).set(f.mode === EMPTY_FOLDER ? folderKey(p) : p, f);
    else [p, folderKey(p)].forEach(k => out.delete(k));
  }
  return out;
}

// ── the steps ──────────────────────────────────────────────────────────────────────────────────────────────

const abs = (root: string, rel: string) => path.join(root, ...rel.split('/'));

function stageWrite(phase: Phase, rel: string, data: Buffer): Step {
  return {
    name: `write ${rel}`, phase,
    run: async (ws, root) => {
      ws.write(abs(root, rel), data, meta);
      await ws.flush();
    },
    after: w => ({ disk: w.disk, view: written(w.view, rel, data) }),
  };
}

function stageDelete(phase: Phase, rel: string): Step {
  return {
    name: `delete ${rel}`, phase,
    run: async (ws, root) => {
      ws.delete(abs(root, rel), meta, { recursive: true });
      await ws.flush();
    },
    after: w => ({ disk: w.disk, view: removed(w.view, rel) }),
  };
}

function stageFolder(phase: Phase, rel: string): Step {
  return {
    name: `make folder ${rel}`, phase,
    run: async (ws, root) => {
      ws.createDirectory(abs(root, rel), meta);
      await ws.flush();
    },
    after: w => ({ disk: w.disk, view: madeFolder(w.view, rel) }),
  };
}

function stageRename(phase: Phase, from: string, to: string): Step {
  return {
    name: `rename ${from} → ${to}`, phase,
    run: async (ws, root) => {
      ws.rename(abs(root, from), abs(root, to), meta);
      await ws.flush();
    },
    after: w => ({ disk: w.disk, view: moved(w.view, from, to) }),
  };
}

/**
 * Paths applied by the partial apply: a deletion of a whole folder among them (the apply empties it), and a new
 * empty folder inside a new folder whose own record is left for later (the apply makes both).
 */
const PART = ['text.txt', 'run.sh', 'nested/a/b/deep.txt', 'gone/top.txt', 'gone/x/one.txt', 'gone/x/two.txt', 'made/empty'];

export const STEPS: readonly Step[] = [
  stageWrite('stage1', 'text.txt', Buffer.from('hello\nthere\n')),
  stageWrite('stage1', 'data.bin', Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 13 + 5) & 0xff))),
  stageWrite('stage1', 'run.sh', Buffer.from('#!/bin/sh\necho new\n')),
  stageWrite('stage1', 'big.bin', pseudoRandom(2, 330 * 1024)),
  stageWrite('stage1', 'empty.txt', Buffer.alloc(0)),
  stageWrite('stage1', 'nested/a/b/deep.txt', Buffer.from('deep\n')),
  stageDelete('stage1', 'gone'),
  stageFolder('stage1', 'made'),
  stageFolder('stage1', 'made/empty'),
  ...Array.from({ length: SOURCES }, (_, i) => stageWrite('stage1', `src/m${i}.txt`, Buffer.from(`module ${i} edited\n`.repeat(i + 2)))),
  {
    name: 'apply part', phase: 'applyPart',
    run: async (ws, root) => {
      await ws.apply({ paths: PART.map(p => abs(root, p)), roots: [root] });
    },
    after: w => ({ disk: appliedTo(w.disk, w.view, PART), view: w.view }),
  },
  stageRename('stage2', 'c1.txt', 'c1b.txt'),
  stageRename('stage2', 'c2.txt', 'c1.txt'),
  stageRename('stage2', 'tool.sh', 'bin/tool.sh'),
  stageRename('stage2', 'move', 'moved'),
  stageWrite('stage2', 'text.txt', Buffer.from('hello\nagain\n')),
  stageDelete('stage2', 'nested/a/b/deep.txt'),
  stageFolder('stage2', 'later'),
  stageDelete('stage2', 'vacant'),
  ...Array.from({ length: SOURCES }, (_, i) => stageWrite('stage2', `docs/d${i}.md`, Buffer.from(`# page ${i}\n`))),
  {
    name: 'apply all', phase: 'applyAll',
    run: async (ws, root) => {
      await ws.apply({ roots: [root] });
    },
    after: w => ({ disk: w.view, view: w.view }),
  },
  {
    name: 'undo', phase: 'undo',
    run: async ws => {
      await ws.undoLastApply();
    },
    // Undo restores what the last apply replaced and stages the applied changes again: the view is unchanged.
    after: (w, history) => {
      const disk = history[lastApplyStep(history.length - 1)!].disk;
      return { disk, view: w.view };
    },
  },
];

/** The world after each step: index 0 is before the first step, index i + 1 after step i. */
export function worlds(): World[] {
  const out: World[] = [{ disk: INITIAL, view: INITIAL }];
  for (const s of STEPS) out.push(s.after(out[out.length - 1], out));
  return out;
}

/** Which apply (step index) a world's undo record describes: the last apply or undo step up to `upto` steps. */
export function lastApplyStep(upto: number): number | undefined {
  let last: number | undefined;
  for (let i = 0; i < upto; i++) {
    const p = STEPS[i].phase;
    if (p === 'applyPart' || p === 'applyAll') last = i;
    if (p === 'undo') last = undefined;
  }
  return last;
}

/** Writes the initial workspace folder (without the overlay; not part of the sweep). */
export function writeInitial(root: string): void {
  for (const [rel, f] of INITIAL) {
    const file = abs(root, rel);
    if (f.mode === EMPTY_FOLDER) {
      fs.mkdirSync(file, { recursive: true });
      continue;
    }
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, f.data);
    fs.chmodSync(file, f.mode);
  }
}
