import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

/** A small deterministic PRNG (mulberry32), so a failing generated case can be reproduced from its seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface MergeCase {
  readonly base: string;
  readonly ours: string;
  readonly theirs: string;
}

export interface GitMergeOutput {
  readonly text: string;
  /** git merge-file's exit code: the number of conflicts (capped at 127). */
  readonly conflicts: number;
}

/**
 * Runs `git merge-file -p [--diff3 -L agent -L base -L disk] ours base theirs` on temp files, with the user's
 * and system git config switched off so a `merge.conflictStyle` setting cannot change the reference.
 */
export function gitMergeFile(c: MergeCase, diff3 = true): GitMergeOutput {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'merge-diff-'));
  try {
    fs.writeFileSync(path.join(dir, 'base'), c.base);
    fs.writeFileSync(path.join(dir, 'ours'), c.ours);
    fs.writeFileSync(path.join(dir, 'theirs'), c.theirs);
    const args = diff3 ? ['merge-file', '-p', '--diff3', '-L', 'agent', '-L', 'base', '-L', 'disk', 'ours', 'base', 'theirs'] : ['merge-file', '-p', 'ours', 'base', 'theirs'];
    const r = spawnSync('git', args, {
      cwd: dir,
      env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: os.devNull },
      maxBuffer: 1 << 30,
    });
    if (r.error) throw r.error;
    if (r.status === null || r.status < 0 || r.status > 127) throw new Error(`git merge-file failed: ${r.stderr.toString()}`);
    return { text: r.stdout.toString('utf8'), conflicts: r.status };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const WORDS = ['a', 'b', 'c', 'd', '}', '', '  x = 1;', 'return;', 'é', '日本', '🙂', 'foo bar', '\t{'];

/**
 * A random (base, ours, theirs): base lines drawn from a small vocabulary (repeats make the diff's choices
 * ambiguous, which is where an inexact diff would show), each side a few random edits, sometimes overlapping;
 * line endings LF, CRLF or mixed; any of the three may lack its final newline or be empty.
 */
export function randomCase(seed: number): MergeCase {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
  const vocab = WORDS.slice(0, 2 + Math.floor(rnd() * WORDS.length));
  const eolMode = pick(['lf', 'lf', 'crlf', 'mixed'] as const);
  const eol = (): string => (eolMode === 'lf' ? '\n' : eolMode === 'crlf' ? '\r\n' : pick(['\n', '\r\n']));
  const line = (): string => pick(vocab) + (rnd() < 0.3 ? String(Math.floor(rnd() * 5)) : '') + eol();
  const size = rnd() < 0.1 ? 0 : rnd() < 0.8 ? Math.floor(rnd() * 25) : 100 + Math.floor(rnd() * 400);
  const base: string[] = [];
  for (let i = 0; i < size; i++) base.push(line());

  const edit = (lines: readonly string[]): string[] => {
    const out = [...lines];
    const edits = rnd() < 0.1 ? 0 : 1 + Math.floor(rnd() * (lines.length > 50 ? 12 : 4));
    for (let e = 0; e < edits; e++) {
      const at = Math.floor(rnd() * (out.length + 1));
      const del = rnd() < 0.5 ? Math.floor(rnd() * 3) : 0;
      const ins: string[] = [];
      const nIns = rnd() < 0.3 && del > 0 ? 0 : Math.floor(rnd() * 3) + (del === 0 ? 1 : 0);
      for (let k = 0; k < nIns; k++) ins.push(line());
      out.splice(at, del, ...ins);
    }
    if (rnd() < 0.05) return [];
    return out;
  };
  const finish = (lines: readonly string[]): string => {
    let text = lines.join('');
    if (text.length > 0 && rnd() < 0.2) text = text.replace(/\r?\n$/, '');
    return text;
  };
  const baseText = finish(base);
  const baseLines = baseText.length === 0 ? [] : (baseText.match(/[^\n]*\n|[^\n]+$/g) ?? []);
  const ours = rnd() < 0.1 ? baseText : finish(edit(baseLines));
  const theirs = rnd() < 0.15 ? ours : rnd() < 0.1 ? baseText : finish(edit(baseLines));
  return { base: baseText, ours, theirs };
}

/**
 * A large case where each side rewrites hundreds of lines: the edit cost passes xdiff's thresholds, so its
 * "good enough" split heuristics decide the alignment, and lines repeat often enough to be multimatch lines.
 */
export function heavyCase(seed: number, minLines = 1000): MergeCase {
  const rnd = prng(seed);
  const vocabSize = 3 + Math.floor(rnd() * 60);
  const eol = rnd() < 0.2 ? '\r\n' : '\n';
  const line = (): string => `l${Math.floor(rnd() * vocabSize)}${eol}`;
  const n = minLines + Math.floor(rnd() * 4 * minLines);
  const base: string[] = [];
  for (let i = 0; i < n; i++) base.push(rnd() < 0.1 ? eol : line());
  const rewrite = (): string => {
    const out: string[] = [];
    const churn = 0.1 + rnd() * 0.6;
    for (let i = 0; i < base.length; ) {
      const keep = rnd() < 1 - churn;
      const run = 1 + Math.floor(rnd() * (keep ? 40 : 8));
      if (keep) out.push(...base.slice(i, i + run));
      else for (let k = Math.floor(rnd() * (run + 3)); k > 0; k--) out.push(line());
      i += run;
    }
    return out.join('');
  };
  return { base: base.join(''), ours: rewrite(), theirs: rewrite() };
}
