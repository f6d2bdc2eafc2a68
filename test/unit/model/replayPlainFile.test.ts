import * as assert from 'assert';
import { prng } from '../merge/mergeCases';
import { FakeDisk, enc, meta, newModel } from './modelFixtures';
import { MemoryContentStore } from '../../../src/fs/model/contentStore';
import { OverlayState } from '../../../src/fs/model/overlayState';
import { replayComponents } from '../../../src/fs/model/replay';
import { replayPlainFile } from '../../../src/fs/model/replayPlainFile';
import type { OverlayModel } from '../../../src/fs/model/overlayModel';

/**
 * Issue 28: a prune replays a plain file's component (writes and deletes of one path) by a fast path
 * (replayPlainFile.ts). It must give exactly what the generic replay gives, so both run on the same state for
 * every message of seeded random histories: mostly plain files (edits that rebase cleanly, edits of the same line
 * that conflict, deletes, re-creates), some renames (components the fast path must leave to the generic replay).
 */

const FILES = ['/w/a.txt', '/w/b.txt', '/w/c.txt', '/w/new.txt'];
const MESSAGES = ['m0', 'm1', 'm2', 'm3', 'm4', 'm5'];
const LINES = 8;

function baseText(path: string): string {
  return Array.from({ length: LINES }, (_, i) => `${path} line ${i}\n`).join('');
}

/** One random history: returns the model and the messages it staged under. */
function history(seed: number, withRenames: boolean): { model: OverlayModel; store: MemoryContentStore } {
  const rand = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const disk = new FakeDisk(Object.fromEntries(FILES.slice(0, 3).map((p) => [p, baseText(p)])));
  const store = new MemoryContentStore();
  const model = newModel(store);
  const steps = 4 + Math.floor(rand() * 26);
  // Texts each path showed: a later write may put one back (an edit undone, the disk's text restored).
  const seen = new Map<string, string[]>();
  for (let s = 0; s < steps; s++) {
    const path = pick(FILES);
    const m = meta(pick(MESSAGES));
    const bytes = model.read(path, disk.read);
    const now = bytes === undefined ? undefined : new TextDecoder().decode(bytes);
    if (now !== undefined) seen.set(path, [...(seen.get(path) ?? []), now]);
    const roll = rand();
    try {
      if (now === undefined) model.write(path, enc(rand() < 0.5 && seen.has(path) ? pick(seen.get(path) ?? []) : baseText(`${path} anew ${s}`)), m, disk);
      else if (roll < 0.1) model.delete(path, m, disk);
      else if (withRenames && roll < 0.18) model.rename(path, pick(FILES), m, disk, { overwrite: rand() < 0.5 });
      else if (roll < 0.3) model.write(path, enc(pick(seen.get(path) ?? [now])), m, disk);
      else {
        const lines = now.split('\n');
        // Few lines, so later edits often touch the line an earlier one did: rebases that conflict.
        const at = Math.floor(rand() * Math.min(lines.length, 3 + Math.floor(rand() * LINES)));
        lines[at] = `edit ${s} by ${m.messageId}`;
        model.write(path, enc(lines.join('\n')), m, disk);
      }
    } catch {
      // A refused step (a rename onto itself or onto a file without overwrite) stages nothing.
    }
  }
  return { model, store };
}

describe('prune fast path for a plain file (issue 28)', () => {
  for (const withRenames of [false, true]) {
    it(`gives exactly what the generic replay gives, every message of 300 seeded histories${withRenames ? ' with renames' : ''}`, () => {
      let fast = 0;
      let generic = 0;
      for (let seed = 1; seed <= 300; seed++) {
        const { model, store } = history(seed * (withRenames ? 7919 : 1), withRenames);
        const view = new OverlayState();
        view.load(model.snapshot());
        for (const messageId of MESSAGES) {
          const records = view.select({ kind: 'message', messageId });
          if (records.length === 0) continue;
          const seeds = new Set(records.flatMap((r) => (r.fromPath !== undefined ? [r.path, r.fromPath] : [r.path])));
          const options = { removed: new Set(records.map((r) => r.id)), origin: 'prune' as const };
          for (const p of seeds) {
            if (replayPlainFile(view, p, store, options)) fast++;
            else generic++;
          }
          const withFast = replayComponents(view, seeds, store, options, undefined, true);
          const without = replayComponents(view, seeds, store, options, undefined, false);
          assert.deepStrictEqual(withFast, without, `seed ${seed}, prune ${messageId}`);
          // Joined from its components' parts: each seed's component replayed alone is in the whole as it is.
          for (const p of seeds) {
            const alone = replayComponents(view, [p], store, options, undefined, false);
            assert.deepStrictEqual(without.entries.find((e) => e.path === p), alone.entries.find((e) => e.path === p), `seed ${seed}, prune ${messageId}, ${p}`);
            assert.deepStrictEqual(without.provenance.get(p), alone.provenance.get(p), `seed ${seed}, prune ${messageId}, ${p}`);
            for (const id of alone.removedRecordIds) assert.ok(without.removedRecordIds.includes(id), `seed ${seed}, prune ${messageId}, ${id}`);
          }
        }
      }
      // Both ways were taken: the comparison covers the fast path and its refusals.
      assert.ok(fast > 100, `fast path taken ${fast} times`);
      assert.ok(generic > 20, `generic replay taken ${generic} times`);
    });
  }

  it('leaves a rebase that conflicts to the generic replay, which records the prune conflict', () => {
    const path = '/w/a.txt';
    const disk = new FakeDisk({ [path]: baseText(path) });
    const store = new MemoryContentStore();
    const model = newModel(store);
    const one = baseText(path).replace('line 1', 'first edit');
    model.write(path, enc(one), meta('m1'), disk);
    model.write(path, enc(one.replace('first edit', 'second edit')), meta('m2'), disk);
    const view = new OverlayState();
    view.load(model.snapshot());
    const options = { removed: new Set(view.select({ kind: 'message', messageId: 'm1' }).map((r) => r.id)), origin: 'prune' as const };
    assert.strictEqual(replayPlainFile(view, path, store, options), undefined);
    assert.deepStrictEqual(model.prune('m1').conflicts, [path]);
  });
});
