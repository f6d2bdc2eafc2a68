import { MemoryContentStore } from '../../../src/fs/model/contentStore';
import { OverlayModel } from '../../../src/fs/model/overlayModel';
import { diskProbeOf } from '../../../src/fs/model/diskProbe';
import { FakeDisk, counterIds, dec, enc } from './modelFixtures';
import { ReferenceOverlay } from './referenceOverlay';
import { prng } from '../merge/mergeCases';

/**
 * A search for take-outs whose outcome depends on their order (README, **Left**: "a take-out rewrites the surviving
 * records' paths by its alias"). Deleting chat messages one after another must leave one view whatever the order a
 * person deletes them in; the fuzzes prune one message at a time and compare the two models, so a rule both models
 * share that depends on the order is invisible to them. Here one seed makes a small shape (a few files on disk, a
 * few writes, deletes and renames by three messages), stages it afresh for every order of pruning those messages,
 * and compares the views every order leaves, in each model. Nothing is compared with a rule: only orders with each
 * other.
 *
 * Not in the unit suite's assertions as a whole: shapes found here are open (the README lists them); the suite pins
 * the ones settled. Run `node out/test/unit/model/takeOutOrders.js [first] [last]` to list the shapes of a range.
 */
const PATHS = ['/w/a', '/w/b', '/w/c', '/w/e'];
const KEYS = ['s1/m0', 's1/m1', 's1/m2', 's2/m0', 's2/m1', 's2/m2'];

export interface TakeOutStep {
  readonly kind: 'write' | 'delete' | 'rename';
  readonly path: string;
  readonly to?: string;
  readonly overwrite?: boolean;
  readonly text?: string;
  /** `session/message`. */
  readonly key: string;
}

export interface TakeOutShape {
  readonly seed: number;
  readonly disk: Record<string, string>;
  readonly steps: readonly TakeOutStep[];
  /** The messages pruned, in every order. */
  readonly pruned: readonly string[];
}

/** What one order of take-outs left: each path's text, or null for no file. */
export type TakeOutView = Record<string, string | null>;

export interface OrderDependence {
  readonly shape: TakeOutShape;
  readonly model: 'model' | 'reference';
  /** Each order (joined by ", ") and the view it left; at least two views differ. */
  readonly views: readonly (readonly [string, TakeOutView])[];
}

/** The seed's shape: disk files, 3–8 steps by up to five messages, and two or three of them to take out. */
export function shapeOf(seed: number): TakeOutShape {
  const rand = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const disk: Record<string, string> = {};
  for (const p of PATHS) if (rand() < 0.5) disk[p] = `${p.slice(-1)}0\n${p.slice(-1)}1\n`;
  const keys = [pick(KEYS), pick(KEYS), pick(KEYS), pick(KEYS), pick(KEYS)];
  const steps: TakeOutStep[] = [];
  for (let n = 3 + Math.floor(rand() * 6); n > 0; n--) {
    const key = pick(keys);
    const roll = rand();
    const path = pick(PATHS);
    if (roll < 0.4) steps.push({ kind: 'write', path, key, text: `${key}.${Math.floor(rand() * 100)}\n` });
    else if (roll < 0.6) steps.push({ kind: 'delete', path, key });
    else steps.push({ kind: 'rename', path, to: pick(PATHS), overwrite: rand() < 0.5, key });
  }
  // Two or three of the messages are taken out; the others stay staged, as a person deletes some messages of a chat.
  const used = [...new Set(steps.map((s) => s.key))];
  const pruned = used.filter(() => rand() < 0.6).slice(0, 3);
  return { seed, disk, steps, pruned: pruned.length >= 2 ? pruned : used.slice(0, 3) };
}

/** Every order of `xs`. */
function orders<T>(xs: readonly T[]): T[][] {
  return xs.length <= 1 ? [[...xs]] : xs.flatMap((x, i) => orders([...xs.slice(0, i), ...xs.slice(i + 1)]).map((o) => [x, ...o]));
}

/** Stages the shape in a fresh model and in a fresh reference, prunes `order`, and returns the two views. */
export function viewsAfter(shape: TakeOutShape, order: readonly string[]): { model: TakeOutView; reference: TakeOutView; refused: boolean[] } {
  const disk = new FakeDisk({ ...shape.disk });
  disk.dirs.add('/w');
  const probe = diskProbeOf(disk.read);
  const model = new OverlayModel(new MemoryContentStore(), { now: () => 1, newId: counterIds('r') });
  const ref = new ReferenceOverlay(new Map(Object.entries(shape.disk)), new Set(disk.dirs), false);
  const refused: boolean[] = [];
  for (const s of shape.steps) {
    const [session, message] = s.key.split('/');
    const meta = { sessionId: session, messageId: message, turn: 1, description: message, timestamp: 1 };
    // A step a model refuses (a delete of nothing, a rename onto itself or onto a file without overwrite) is
    // skipped by both: the reference says whether it applies, and the model agrees (the reference fuzz checks it).
    const applies =
      s.kind === 'write' ? ref.write(s.path, s.text as string, session, message) : s.kind === 'delete' ? ref.delete(s.path, session, message) : ref.rename(s.path, s.to as string, session, message, s.overwrite === true);
    refused.push(!applies);
    if (!applies) continue;
    if (s.kind === 'write') model.write(s.path, enc(s.text as string), meta, probe);
    else if (s.kind === 'delete') model.delete(s.path, meta, probe);
    else model.rename(s.path, s.to as string, meta, probe, { overwrite: s.overwrite });
  }
  for (const key of order) {
    const [session, message] = key.split('/');
    model.prune(message, session);
    ref.prune(message, session);
  }
  const view = (read: (p: string) => string | null): TakeOutView => Object.fromEntries(PATHS.map((p) => [p, read(p)]));
  return { model: view((p) => dec(model.read(p, disk.read)) ?? null), reference: view((p) => ref.read(p)), refused };
}

/** The seed's shape when some two orders of its take-outs leave different views (in either model), else undefined. */
export function orderDependence(seed: number): OrderDependence[] {
  const shape = shapeOf(seed);
  const found: OrderDependence[] = [];
  const all = orders(shape.pruned).map((order) => [order.join(', '), viewsAfter(shape, order)] as const);
  for (const which of ['model', 'reference'] as const) {
    const views = all.map(([order, v]) => [order, v[which]] as const);
    const first = JSON.stringify(views[0][1]);
    if (views.some(([, v]) => JSON.stringify(v) !== first)) found.push({ shape, model: which, views });
  }
  return found;
}

function main(): void {
  const first = Number(process.argv[2] ?? 1);
  const last = Number(process.argv[3] ?? 3000);
  let shapes = 0;
  for (let seed = first; seed <= last; seed++) {
    const found = orderDependence(seed);
    if (found.length === 0) continue;
    shapes++;
    const { shape } = found[0];
    const { refused } = viewsAfter(shape, []);
    console.log(`seed ${seed} (${found.map((f) => f.model).join(' and ')}): disk ${JSON.stringify(shape.disk)}`);
    shape.steps.forEach((s, i) => console.log(`  ${s.kind} ${s.path}${s.to ? ` → ${s.to}${s.overwrite ? ' (overwrite)' : ''}` : ''}${s.text ? ` ${JSON.stringify(s.text)}` : ''} ${s.key}${refused[i] ? ' (refused)' : ''}`));
    for (const [order, view] of found[0].views) console.log(`  pruned ${order}: ${JSON.stringify(view)}`);
  }
  console.log(`${shapes} of ${last - first + 1} shapes depend on the order of their take-outs`);
}

if (require.main === module) main();
