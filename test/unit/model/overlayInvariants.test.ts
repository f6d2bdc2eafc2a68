import * as assert from 'assert';
import fc from 'fast-check';
import { MemoryContentStore } from '../../../src/fs/model/contentStore';
import { parseOverlayOp, parseOverlaySnapshot } from '../../../src/fs/model/overlaySchema';
import { FakeDisk, counterIds, dec, enc, meta } from './modelFixtures';
import { OverlayModel } from '../../../src/fs/model/overlayModel';
import { OverlayError } from '../../../src/fs/model/overlayError';
import type { ContentStore } from '../../../src/fs/model/contentStore';
import type { OverlayOp } from '../../../src/fs/model/overlayOp';

/**
 * Seeded randomized tests of SPEC §9's overlay invariants over sequences of create / modify / delete / rename /
 * prune / discard / external edits / resolutions. Files have 40 lines; message k edits only lines 4k and 4k+1, and
 * external edits only line 37 (a "clash" edits line 0).
 *
 * Issue 23: this file's two content properties were blind by construction and are deleted in favour of the
 * provenance fuzz (test/unit/provenance/): "accept all reproduces the staged view" planned only on an unchanged
 * disk and compared the model with a replay of itself, and "pruning M equals building without M" kept M's files
 * free of others' deletes and renames and had authors edit non-adjacent lines only — the very cases where
 * the losses happen. The provenance oracle checks both (WYSIWYG, SIDE, LOSS, LEAK) without such limits, at
 * workspace level. What stays here is the property no other test states: replaying the op log (or a snapshot and
 * the ops after it) reproduces the same model.
 */
const SEED = 20_250_301;
const FILES = ['/w/f0', '/w/f1', '/w/f2', '/w/f3', '/w/f4', '/w/d/f5', '/w/d/f6', '/w/f7'];
const MESSAGES = 9;

const initialText = (name: string) => Array.from({ length: 40 }, (_, i) => `${name} line ${i}\n`).join('');

type Action =
  | { readonly kind: 'write'; readonly file: number; readonly msg: number; readonly slot: number; readonly token: number }
  | { readonly kind: 'delete'; readonly file: number; readonly msg: number }
  | { readonly kind: 'rename'; readonly file: number; readonly to: number; readonly msg: number }
  | { readonly kind: 'prune'; readonly msg: number }
  | { readonly kind: 'discardPath'; readonly file: number }
  | { readonly kind: 'discardChange'; readonly nth: number }
  | { readonly kind: 'external'; readonly file: number; readonly what: 'edit' | 'clash' | 'delete' | 'create' | 'move'; readonly to: number }
  | { readonly kind: 'resolve'; readonly nth: number; readonly how: 'acceptAgent' | 'acceptDisk' | 'delegate' | 'manual' };

const file = fc.nat({ max: FILES.length - 1 });
const msg = fc.nat({ max: MESSAGES - 1 });
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('write' as const), file, msg, slot: fc.nat({ max: 1 }), token: fc.nat({ max: 999 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), file, msg }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('rename' as const), file, to: file, msg }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('prune' as const), msg }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('discardPath' as const), file }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('discardChange' as const), nth: fc.nat({ max: 50 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('external' as const), file, to: file, what: fc.constantFrom('edit' as const, 'clash' as const, 'delete' as const, 'create' as const, 'move' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('resolve' as const), nth: fc.nat({ max: 5 }), how: fc.constantFrom('acceptAgent' as const, 'acceptDisk' as const, 'delegate' as const, 'manual' as const) }) },
);

function setLine(text: string, line: number, to: string): string {
  const ls = text.split('\n');
  ls[line] = to;
  return ls.join('\n');
}

interface World {
  readonly store: ContentStore;
  readonly disk: FakeDisk;
  readonly model: OverlayModel;
  readonly ops: OverlayOp[];
  externalEdits: number;
}

function newWorld(): World {
  const store = new MemoryContentStore();
  const disk = new FakeDisk(Object.fromEntries(FILES.slice(0, 5).map((f) => [f, initialText(f)])));
  const model = new OverlayModel(store, { now: () => 1, newId: counterIds() });
  const ops: OverlayOp[] = [];
  // What the store would persist: the op as JSON.
  model.onDidChange((e) => e.op && ops.push(JSON.parse(JSON.stringify(e.op))));
  return { store, disk, model, ops, externalEdits: 0 };
}

function run(w: World, a: Action): void {
  const { model, disk } = w;
  const exists = (p: string) => model.read(p, disk.read) !== undefined;
  switch (a.kind) {
    case 'write': {
      const p = FILES[a.file];
      const cur = dec(model.read(p, disk.read)) ?? initialText(p);
      model.write(p, enc(setLine(cur, 4 * a.msg + a.slot, `m${a.msg} wrote ${a.token}`)), meta(`m${a.msg}`, `s${a.msg % 2}`), disk);
      return;
    }
    case 'delete':
      if (exists(FILES[a.file])) model.delete(FILES[a.file], meta(`m${a.msg}`), disk);
      return;
    case 'rename':
      if (a.file !== a.to && exists(FILES[a.file]) && !exists(FILES[a.to])) model.rename(FILES[a.file], FILES[a.to], meta(`m${a.msg}`), disk);
      return;
    case 'prune':
      model.prune(`m${a.msg}`);
      return;
    case 'discardPath':
      model.discardPaths([FILES[a.file]]);
      return;
    case 'discardChange': {
      const records = model.snapshot().records;
      if (records.length) model.discardChange(records[a.nth % records.length].id);
      return;
    }
    case 'external': {
      const p = FILES[a.file];
      const cur = disk.text(p);
      if (a.what === 'edit' && cur !== undefined) disk.put(p, setLine(cur, 37, `user ${w.externalEdits}`));
      // A clash edits message 0's line, so staged edits there conflict.
      else if (a.what === 'clash' && cur !== undefined) disk.put(p, setLine(cur, 0, `user ${w.externalEdits}`));
      else if (a.what === 'delete' && cur !== undefined) disk.remove(p);
      else if (a.what === 'create' && cur === undefined) disk.put(p, initialText(`${p} by user`));
      else if (a.what === 'move' && cur !== undefined && disk.text(FILES[a.to]) === undefined) disk.move(p, FILES[a.to]);
      else return;
      w.externalEdits++;
      model.reconcileAll(disk);
      return;
    }
    case 'resolve': {
      const conflicts = model.conflicts();
      if (!conflicts.length) return;
      const p = conflicts[a.nth % conflicts.length].path;
      if (a.how === 'acceptAgent') {
        // What "Accept agent" makes the view is the agent's side the conflict showed (issue 23: the person accepts
        // what they saw; provenance seeds 149973, 151376, 247971 deleted a file the conflict showed kept).
        const shown = dec(model.conflictDetails(p).ours);
        model.resolve(p, { kind: 'acceptAgent' });
        assert.strictEqual(dec(model.read(p, disk.read)), shown, `Accept agent at ${p} makes the view what the conflict showed`);
        return;
      }
      if (a.how !== 'manual') {
        model.resolve(p, { kind: a.how });
        return;
      }
      // "No file" cannot be said through a rename or a create: a clear error that leaves the model as it was.
      const before = JSON.stringify(model.snapshot());
      try {
        model.resolveManually(p, a.nth % 2 ? enc(`merged by hand ${a.nth}\n`) : undefined);
      } catch (e) {
        assert.ok(e instanceof OverlayError && e.code === 'InvalidOperation' && a.nth % 2 === 0, String(e));
        assert.strictEqual(JSON.stringify(model.snapshot()), before);
      }
      return;
    }
  }
}

function replay(store: ContentStore, ops: readonly OverlayOp[], from?: unknown): OverlayModel {
  const m = new OverlayModel(store);
  if (from !== undefined) m.restore(from);
  for (const op of ops) m.apply(parseOverlayOp(op));
  return m;
}

describe('overlay invariants (seeded, randomized)', function () {
  this.timeout(120_000);

  it('replaying the op log, or a snapshot plus the ops after it, reproduces the same model', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 80, size: 'large' }), fc.nat(), (actions, cut) => {
        const w = newWorld();
        let mid: unknown;
        let midOps = 0;
        const at = actions.length ? cut % actions.length : 0;
        actions.forEach((a, i) => {
          if (i === at) {
            mid = JSON.parse(JSON.stringify(w.model.snapshot()));
            midOps = w.ops.length;
          }
          run(w, a);
        });
        const final = w.model.snapshot();
        assert.deepStrictEqual(replay(w.store, w.ops).snapshot(), final);
        if (mid !== undefined) assert.deepStrictEqual(replay(w.store, w.ops.slice(midOps), mid).snapshot(), final);
        assert.deepStrictEqual(parseOverlaySnapshot(JSON.parse(JSON.stringify(final))), final);
      }),
      { seed: SEED + 1, numRuns: 200 },
    );
  });

  it('prov-accept3: "Accept agent" makes the view at the conflict\'s path the agent\'s side it showed', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 80, size: 'large' }), (actions) => {
        const w = newWorld();
        for (const a of actions) run(w, a);
      }),
      { seed: SEED + 2, numRuns: 400 },
    );
  });
});
