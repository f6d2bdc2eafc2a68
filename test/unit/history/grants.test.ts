import * as assert from 'assert';
import * as fc from 'fast-check';
import { v4 as uuidv4 } from 'uuid';
import {
  type GrantChange, type GrantedFile, GrantStore, GrantStoreError, grantTtlMs, pathHintMatches,
} from '../../../src/history/grants';
import type { HistoryVersion } from '../../../src/history/historyVersion';

const MIN = 60_000;

class FakeClock {
  constructor(public t = 1_700_000_000_000) {}
  now(): number { return this.t; }
  advance(ms: number): void { this.t += ms; }
}

const fileA: GrantedFile = { filePath: '/ws/src/a.ts', displayPath: 'src/a.ts' };
const fileB: GrantedFile = { filePath: '/ws/src/b.ts', displayPath: 'src/b.ts' };

function version(sourceId: string, timestamp: number): HistoryVersion {
  return {
    store: 'vscodeLocalHistory', sourceId, timestamp, label: 'File Saved', source: undefined,
    contentPath: `/user/History/1234abcd/${sourceId}`, size: 1,
  };
}
const v1 = version('Ab12.ts', 1_699_999_000_000);
const v2 = version('Cd34.ts', 1_699_999_500_000);

function setup(options: { clearAfterRetrieval?: boolean; ttlMinutes?: unknown } = {}) {
  const clock = new FakeClock();
  const store = new GrantStore({ clock, ...options });
  const changes: GrantChange[] = [];
  store.onDidChange((c) => changes.push(c));
  return { clock, store, changes };
}

describe('grants', () => {
  describe('grantTtlMs', () => {
    const table: Array<[unknown, number]> = [
      [undefined, 10 * MIN], [10, 10 * MIN], [0, 1 * MIN], [-5, 1 * MIN], [1, 1 * MIN], [60, 60 * MIN], [600, 60 * MIN],
      [2.5, 2.5 * MIN], ['15', 10 * MIN], [NaN, 10 * MIN], [Infinity, 10 * MIN], [null, 10 * MIN],
    ];
    for (const [setting, ms] of table) {
      it(`${String(setting)} minutes → ${ms / MIN} minutes`, () => assert.strictEqual(grantTtlMs(setting), ms));
    }
  });

  it('issues one distinct uuid v4 per picked version, bound to the file', () => {
    const { store } = setup();
    const grants = store.grantVersions(fileA, [{ version: v1 }, { version: v2, label: 'custom' }]);
    assert.strictEqual(grants.length, 2);
    assert.notStrictEqual(grants[0].id, grants[1].id);
    for (const g of grants) assert.match(g.id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const hit = store.lookup(grants[1].id, fileA.filePath);
    assert.strictEqual(hit.kind, 'granted');
    assert.deepStrictEqual(hit.kind === 'granted' && [hit.grant.version, hit.grant.label, hit.grant.timestamp], [v2, 'custom', v2.timestamp]);
  });

  it('expires after the TTL (fake clock), drops the grant and keeps answering "expired"', () => {
    const { clock, store } = setup({ ttlMinutes: 5 });
    const [g] = store.grantVersions(fileA, [{ version: v1 }]);
    assert.strictEqual(g.expiresAt, clock.now() + 5 * MIN);
    clock.advance(5 * MIN - 1);
    assert.strictEqual(store.lookup(g.id, fileA.filePath).kind, 'granted');
    clock.advance(1);
    assert.strictEqual(store.lookup(g.id, fileA.filePath).kind, 'expired');
    assert.strictEqual(store.grantCount, 0);
    // Only a tombstone (id → file) remains: a later call still hears "expired", never the content.
    assert.strictEqual(store.lookup(g.id, fileA.filePath).kind, 'expired');
    assert.strictEqual(store.consume(g.id, fileA.filePath).kind, 'expired');
  });

  it('an expired id says nothing about itself to another file', () => {
    const { clock, store } = setup();
    const [g, h] = store.grantVersions(fileA, [{ version: v1 }, { version: v2 }]);
    clock.advance(11 * MIN);
    assert.strictEqual(store.lookup(g.id, fileB.filePath).kind, 'otherFile');
    assert.strictEqual(store.lookup(g.id, fileB.filePath).kind, 'unknown');
    store.sweep();
    assert.strictEqual(store.lookup(h.id, fileB.filePath).kind, 'unknown');
    assert.strictEqual(store.lookup(h.id, fileA.filePath).kind, 'expired');
  });

  it('a sweep leaves tombstones; clearAll forgets them', () => {
    const { clock, store } = setup();
    const [g] = store.grantVersions(fileA, [{ version: v1 }]);
    clock.advance(11 * MIN);
    assert.strictEqual(store.sweep(), 1);
    assert.strictEqual(store.lookup(g.id, fileA.filePath).kind, 'expired');
    store.clearAll();
    assert.strictEqual(store.lookup(g.id, fileA.filePath).kind, 'unknown');
  });

  it('keeps at most 1024 tombstones', () => {
    const { clock, store } = setup();
    const first = store.grantVersions(fileA, Array.from({ length: 1030 }, (_, i) => ({ version: version(`A${i}.ts`, i) })));
    clock.advance(11 * MIN);
    store.sweep();
    assert.strictEqual(store.lookup(first[0].id, fileA.filePath).kind, 'unknown');
    assert.strictEqual(store.lookup(first[1029].id, fileA.filePath).kind, 'expired');
  });

  it('expires while a prompt is open: consume re-checks', () => {
    const { clock, store } = setup();
    const [g] = store.grantVersions(fileA, [{ version: v1 }]);
    assert.strictEqual(store.lookup(g.id, fileA.filePath).kind, 'granted');
    clock.advance(11 * MIN);
    assert.strictEqual(store.consume(g.id, fileA.filePath).kind, 'expired');
  });

  it('clears a grant after retrieval', () => {
    const { store, changes } = setup();
    const [g] = store.grantVersions(fileA, [{ version: v1 }]);
    assert.strictEqual(store.consume(g.id, fileA.filePath).kind, 'granted');
    assert.strictEqual(store.consume(g.id, fileA.filePath).kind, 'unknown');
    assert.deepStrictEqual(changes, ['granted', 'retrieved']);
  });

  it('keeps a grant after retrieval when so configured', () => {
    const { store } = setup({ clearAfterRetrieval: false });
    const [g] = store.grantVersions(fileA, [{ version: v1 }]);
    assert.strictEqual(store.consume(g.id, fileA.filePath).kind, 'granted');
    assert.strictEqual(store.consume(g.id, fileA.filePath).kind, 'granted');
    store.configure({ clearAfterRetrieval: true });
    assert.strictEqual(store.consume(g.id, fileA.filePath).kind, 'granted');
    assert.strictEqual(store.consume(g.id, fileA.filePath).kind, 'unknown');
  });

  it('gives nothing for an id issued for another file, and leaves that grant intact', () => {
    const { store } = setup();
    const [g] = store.grantVersions(fileA, [{ version: v1 }]);
    assert.strictEqual(store.consume(g.id, fileB.filePath).kind, 'otherFile');
    assert.strictEqual(store.consume(g.id, fileA.filePath).kind, 'granted');
  });

  it('gives nothing for guessed, malformed or non-string ids', () => {
    const { store } = setup();
    const [g] = store.grantVersions(fileA, [{ version: v1 }]);
    const flipped = g.id.slice(0, -1) + (g.id.endsWith('0') ? '1' : '0');
    for (const id of [uuidv4(), flipped, '', '__proto__', 'constructor', 'Ab12.ts', v1.contentPath, 42, null, undefined, { id: g.id }]) {
      assert.strictEqual(store.lookup(id, fileA.filePath).kind, 'unknown', String(id));
    }
    fc.assert(fc.property(fc.uuid({ version: 4 }), (id) => store.lookup(id, fileA.filePath).kind === (id === g.id ? 'granted' : 'unknown')),
      { seed: 3, numRuns: 1000 });
  });

  it('a deny revokes that file\'s grants only, keeping other files\' and the user\'s own share', () => {
    const { store } = setup();
    store.share(fileB, v1, 'shared text');
    const [a, a2] = store.grantVersions(fileA, [{ version: v1 }, { version: v2 }]);
    const [b] = store.grantVersions(fileB, [{ version: v2 }]);
    assert.strictEqual(store.deny(fileA.filePath), 2);
    assert.strictEqual(store.lookup(a.id, fileA.filePath).kind, 'unknown');
    assert.strictEqual(store.lookup(a2.id, fileA.filePath).kind, 'unknown');
    assert.strictEqual(store.lookup(b.id, fileB.filePath).kind, 'granted');
    assert.strictEqual(store.deny(fileA.filePath), 0);
    assert.strictEqual(store.peekShared()?.content, 'shared text');
  });

  it('replaces the shared content on a new share, and keeps the version ids the agent holds (seed 000)', () => {
    const { store } = setup();
    const [a] = store.grantVersions(fileA, [{ version: v1 }]);
    store.share(fileA, v1, 'first');
    assert.strictEqual(store.lookup(a.id, fileA.filePath).kind, 'granted', 'a share takes back nothing the user allowed');
    store.share(fileB, v2, 'second');
    const got = store.takeShared();
    assert.deepStrictEqual(got.kind === 'success' && [got.shared.displayPath, got.shared.content], ['src/b.ts', 'second']);
  });

  it('answers no_content_available when nothing was shared, after retrieval, after expiry and after clear', () => {
    const { clock, store } = setup({ ttlMinutes: 1 });
    assert.deepStrictEqual(store.takeShared(), { kind: 'no_content_available' });
    store.share(fileA, v1, 'x');
    assert.strictEqual(store.takeShared().kind, 'success');
    assert.deepStrictEqual(store.takeShared(), { kind: 'no_content_available' });
    store.share(fileA, v1, 'x');
    clock.advance(MIN);
    assert.deepStrictEqual(store.takeShared(), { kind: 'no_content_available' });
    store.share(fileA, v1, 'x');
    store.clearShared();
    assert.deepStrictEqual(store.takeShared(), { kind: 'no_content_available' });
  });

  it('matches the file path hint, and keeps the content on a mismatch', () => {
    const { store } = setup();
    store.share(fileA, v1, 'x');
    assert.deepStrictEqual(store.takeShared('src/b.ts'), { kind: 'no_matching_content', sharedDisplayPath: 'src/a.ts', hint: 'src/b.ts' });
    assert.strictEqual(store.takeShared('src/a.ts').kind, 'success');
  });

  it('keeps the shared content after retrieval when so configured', () => {
    const { store } = setup({ clearAfterRetrieval: false });
    store.share(fileA, v1, 'x');
    assert.strictEqual(store.takeShared().kind, 'success');
    assert.strictEqual(store.takeShared('a.ts').kind, 'success');
  });

  it('accepts the usual ways of writing the hinted path', () => {
    const yes = ['src/a.ts', './src/a.ts', 'src\\a.ts', 'a.ts', '/ws/src/a.ts', ' src/a.ts '];
    const no = ['b.ts', 'src/b.ts', 'other/src/a.ts', '/src/a.ts', 'rc/a.ts', 'A.ts', '.', ''];
    for (const h of yes) assert.ok(pathHintMatches(h, fileA), h);
    for (const h of no) assert.ok(!pathHintMatches(h, fileA), h);
  });

  it('filePathHint follows the file system\'s case rule, still by whole segments', () => {
    for (const h of ['A.TS', 'SRC/A.TS', './Src\\a.Ts', '/WS/SRC/A.TS']) {
      assert.ok(pathHintMatches(h, fileA, false), `${h} on a case-insensitive file system`);
      assert.ok(!pathHintMatches(h, fileA, true), `${h} on a case-sensitive one`);
    }
    for (const h of ['RC/A.TS', 'OTHER/SRC/A.TS', 'B.TS', '.TS']) assert.ok(!pathHintMatches(h, fileA, false), h);
    let sensitive = true;
    const store = new GrantStore({ caseSensitivePaths: () => sensitive });
    store.share(fileA, v1, 'text');
    assert.strictEqual(store.takeShared('A.TS').kind, 'no_matching_content');
    sensitive = false;
    assert.strictEqual(store.takeShared('A.TS').kind, 'success');
  });

  it('sweeps expired state and tells when to sweep next', () => {
    const { clock, store } = setup({ ttlMinutes: 2 });
    assert.strictEqual(store.nextExpiry(), undefined);
    store.grantVersions(fileA, [{ version: v1 }]);
    clock.advance(MIN);
    store.share(fileB, v2, 'x'); // keeps the grant (seed 000), which expires first
    store.grantVersions(fileA, [{ version: v2 }]);
    assert.strictEqual(store.nextExpiry(), clock.now() + MIN);
    clock.advance(2 * MIN);
    assert.strictEqual(store.sweep(), 3);
    assert.strictEqual(store.grantCount, 0);
    assert.strictEqual(store.peekShared(), undefined);
  });

  it('forgets everything on dispose, idempotently', () => {
    const { store } = setup();
    const [g] = store.grantVersions(fileA, [{ version: v1 }]);
    store.share(fileA, v1, 'x');
    store.dispose();
    store.dispose();
    assert.strictEqual(store.lookup(g.id, fileA.filePath).kind, 'unknown');
    assert.deepStrictEqual(store.takeShared(), { kind: 'no_content_available' });
    assert.throws(() => store.grantVersions(fileA, [{ version: v1 }]), (e: unknown) => e instanceof GrantStoreError && e.code === 'disposed');
  });

  it('never hands out an id the injected source repeats or malforms', () => {
    const fixed = uuidv4();
    const store = new GrantStore({ newId: () => fixed });
    store.grantVersions(fileA, [{ version: v1 }]);
    assert.throws(() => store.grantVersions(fileA, [{ version: v2 }]), (e: unknown) => e instanceof GrantStoreError && e.code === 'badIdSource');
    assert.throws(() => new GrantStore({ newId: () => 'guessable-1' }).grantVersions(fileA, [{ version: v1 }]), GrantStoreError);
  });

  it('grants only what was granted, under random operation sequences', () => {
    type Op = { kind: 'grant'; file: 0 | 1 } | { kind: 'advance'; minutes: number } | { kind: 'consume'; pick: number; file: 0 | 1 }
      | { kind: 'deny'; file: 0 | 1 } | { kind: 'share' };
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ kind: fc.constant('grant' as const), file: fc.constantFrom(0 as const, 1 as const) }),
      fc.record({ kind: fc.constant('advance' as const), minutes: fc.integer({ min: 0, max: 7 }) }),
      fc.record({ kind: fc.constant('consume' as const), pick: fc.nat(), file: fc.constantFrom(0 as const, 1 as const) }),
      fc.record({ kind: fc.constant('deny' as const), file: fc.constantFrom(0 as const, 1 as const) }),
      fc.record({ kind: fc.constant('share' as const) }),
    );
    fc.assert(fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
      const clock = new FakeClock();
      const store = new GrantStore({ clock, ttlMinutes: 10 });
      const files = [fileA, fileB];
      // Model: id → {file index, expiresAt}; removed on consume and deny (a share keeps them: seed 000).
      const model = new Map<string, { file: number; expiresAt: number }>();
      const issued: string[] = [];
      for (const o of ops) {
        if (o.kind === 'grant') {
          const [g] = store.grantVersions(files[o.file], [{ version: v1 }]);
          model.set(g.id, { file: o.file, expiresAt: g.expiresAt });
          issued.push(g.id);
        } else if (o.kind === 'advance') clock.advance(o.minutes * MIN);
        else if (o.kind === 'deny') {
          store.deny(files[o.file].filePath);
          for (const [id, m] of model) if (m.file === o.file) model.delete(id);
        } else if (o.kind === 'share') {
          store.share(fileA, v1, 'x');
        } else if (issued.length) {
          const id = issued[o.pick % issued.length];
          const m = model.get(id);
          const got = store.consume(id, files[o.file].filePath).kind;
          const live = m !== undefined && clock.now() < m.expiresAt;
          if (got === 'granted') {
            assert.ok(live && m.file === o.file, 'granted something not granted');
            model.delete(id);
          } else if (live && m.file === o.file) assert.fail(`a live grant was refused (${got})`);
          else if (m && !live) model.delete(id);
        }
      }
    }), { seed: 11, numRuns: 300 });
  });
});
