"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
const assert = __importStar(require("assert"));
const contentStore_1 = require("../../../src/fs/model/contentStore");
const overlayError_1 = require("../../../src/fs/model/overlayError");
const overlayModel_1 = require("../../../src/fs/model/overlayModel");
const modelFixtures_1 = require("./modelFixtures");
function setup(files = { '/w/a.txt': 'A\n', '/w/b.txt': 'B\n' }) {
    const disk = new modelFixtures_1.FakeDisk(files);
    const model = (0, modelFixtures_1.newModel)();
    return { disk, model };
}
describe('accumulator', () => {
    describe('one composite per path (SPEC §2 rules end to end)', () => {
        it('rule 1+2: the first change sets the baseline, later ones only the after', () => {
            const { disk, model } = setup();
            model.write('/w/a.txt', (0, modelFixtures_1.enc)('A1\n'), (0, modelFixtures_1.meta)('m1'), disk);
            disk.put('/w/a.txt', 'changed on disk\n'); // the baseline is a snapshot, not a live view
            model.write('/w/a.txt', (0, modelFixtures_1.enc)('A2\n'), (0, modelFixtures_1.meta)('m2'), disk);
            const c = model.composite('/w/a.txt');
            assert.ok(c);
            assert.strictEqual(c.kind, 'modify');
            assert.strictEqual(c.before, model.store.put((0, modelFixtures_1.enc)('A\n')));
            assert.strictEqual(c.after, model.store.put((0, modelFixtures_1.enc)('A2\n')));
            assert.deepStrictEqual(c.records.map((r) => r.messageId), ['m1', 'm2']);
            assert.deepStrictEqual(model.stagedPaths(), ['/w/a.txt']);
        });
        it('rule 3: create then delete cancels out', () => {
            const { disk, model } = setup();
            model.write('/w/new.txt', (0, modelFixtures_1.enc)('N\n'), (0, modelFixtures_1.meta)('m1'), disk);
            assert.strictEqual(model.composite('/w/new.txt')?.kind, 'create');
            model.delete('/w/new.txt', (0, modelFixtures_1.meta)('m2'), disk);
            assert.deepStrictEqual(model.stagedPaths(), []);
            assert.strictEqual(model.composite('/w/new.txt'), undefined);
            assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/w/new.txt'), undefined);
        });
        it('rule 4: delete then create becomes modify', () => {
            const { disk, model } = setup();
            model.delete('/w/a.txt', (0, modelFixtures_1.meta)('m1'), disk);
            assert.strictEqual(model.composite('/w/a.txt')?.kind, 'delete');
            model.write('/w/a.txt', (0, modelFixtures_1.enc)('again\n'), (0, modelFixtures_1.meta)('m2'), disk);
            const c = model.composite('/w/a.txt');
            assert.strictEqual(c?.kind, 'modify');
            assert.strictEqual(c?.before, model.store.put((0, modelFixtures_1.enc)('A\n')));
        });
        it('rule 5: create then modify stays create', () => {
            const { disk, model } = setup();
            model.write('/w/new.txt', (0, modelFixtures_1.enc)('1\n'), (0, modelFixtures_1.meta)('m1'), disk);
            model.write('/w/new.txt', (0, modelFixtures_1.enc)('2\n'), (0, modelFixtures_1.meta)('m2'), disk);
            const c = model.composite('/w/new.txt');
            assert.strictEqual(c?.kind, 'create');
            assert.strictEqual(c?.before, null);
            assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/w/new.txt'), '2\n');
        });
        it('rule 6: a rename moves the path key', () => {
            const { disk, model } = setup();
            model.rename('/w/a.txt', '/w/c.txt', (0, modelFixtures_1.meta)('m1'), disk);
            assert.deepStrictEqual(model.stagedPaths(), ['/w/c.txt']);
            const c = model.composite('/w/c.txt');
            assert.strictEqual(c?.kind, 'rename');
            assert.strictEqual(c?.fromPath, '/w/a.txt');
            assert.strictEqual(c?.before, model.store.put((0, modelFixtures_1.enc)('A\n')));
            assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/w/c.txt'), 'A\n');
            assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/w/a.txt'), undefined);
        });
        it('rule 6: renames chain (a→b then b→c is a→c)', () => {
            const { disk, model } = setup();
            model.rename('/w/a.txt', '/w/x.txt', (0, modelFixtures_1.meta)('m1'), disk);
            model.rename('/w/x.txt', '/w/y.txt', (0, modelFixtures_1.meta)('m2'), disk);
            assert.deepStrictEqual(model.stagedPaths(), ['/w/y.txt']);
            const c = model.composite('/w/y.txt');
            assert.strictEqual(c?.fromPath, '/w/a.txt');
            assert.deepStrictEqual(c?.records.map((r) => r.messageId), ['m1', 'm2']);
            assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/w/x.txt'), undefined);
        });
        it('modify then rename keeps the modification and the original baseline', () => {
            const { disk, model } = setup();
            model.write('/w/a.txt', (0, modelFixtures_1.enc)('A1\n'), (0, modelFixtures_1.meta)('m1'), disk);
            model.rename('/w/a.txt', '/w/c.txt', (0, modelFixtures_1.meta)('m2'), disk);
            const c = model.composite('/w/c.txt');
            assert.strictEqual(c?.kind, 'rename');
            assert.strictEqual(c?.before, model.store.put((0, modelFixtures_1.enc)('A\n')));
            assert.strictEqual(c?.after, model.store.put((0, modelFixtures_1.enc)('A1\n')));
            assert.deepStrictEqual(c?.records.map((r) => r.operation), ['modify', 'rename']);
        });
        it('rename then modify stays a rename with new content', () => {
            const { disk, model } = setup();
            model.rename('/w/a.txt', '/w/c.txt', (0, modelFixtures_1.meta)('m1'), disk);
            model.write('/w/c.txt', (0, modelFixtures_1.enc)('C\n'), (0, modelFixtures_1.meta)('m2'), disk);
            const c = model.composite('/w/c.txt');
            assert.strictEqual(c?.kind, 'rename');
            assert.strictEqual(c?.after, model.store.put((0, modelFixtures_1.enc)('C\n')));
        });
        it('rename then delete is a delete of the original path', () => {
            const { disk, model } = setup();
            model.rename('/w/a.txt', '/w/c.txt', (0, modelFixtures_1.meta)('m1'), disk);
            model.delete('/w/c.txt', (0, modelFixtures_1.meta)('m2'), disk);
            assert.deepStrictEqual(model.stagedPaths(), ['/w/a.txt']);
            const c = model.composite('/w/a.txt');
            assert.strictEqual(c?.kind, 'delete');
            assert.strictEqual(c?.fromPath, undefined);
        });
        it('create then rename is a create at the new path', () => {
            const { disk, model } = setup();
            model.write('/w/n.txt', (0, modelFixtures_1.enc)('N\n'), (0, modelFixtures_1.meta)('m1'), disk);
            model.rename('/w/n.txt', '/w/m.txt', (0, modelFixtures_1.meta)('m2'), disk);
            assert.deepStrictEqual(model.stagedPaths(), ['/w/m.txt']);
            assert.strictEqual(model.composite('/w/m.txt')?.kind, 'create');
            assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/w/n.txt'), undefined);
        });
        it('delete then create elsewhere are two independent composites', () => {
            const { disk, model } = setup();
            model.delete('/w/a.txt', (0, modelFixtures_1.meta)('m1'), disk);
            model.write('/w/elsewhere.txt', (0, modelFixtures_1.enc)('A\n'), (0, modelFixtures_1.meta)('m1'), disk);
            assert.deepStrictEqual(model.composites().map((c) => [c.path, c.kind]), [['/w/a.txt', 'delete'], ['/w/elsewhere.txt', 'create']]);
        });
        it('renaming back home leaves no change', () => {
            const { disk, model } = setup();
            model.rename('/w/a.txt', '/w/c.txt', (0, modelFixtures_1.meta)('m1'), disk);
            model.rename('/w/c.txt', '/w/a.txt', (0, modelFixtures_1.meta)('m2'), disk);
            assert.deepStrictEqual(model.stagedPaths(), []);
            assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/w/a.txt'), 'A\n');
        });
        it('rename then recreate the source: a rename plus a modify of the source', () => {
            const { disk, model } = setup();
            model.rename('/w/a.txt', '/w/c.txt', (0, modelFixtures_1.meta)('m1'), disk);
            model.write('/w/a.txt', (0, modelFixtures_1.enc)('fresh\n'), (0, modelFixtures_1.meta)('m2'), disk);
            assert.deepStrictEqual(model.composites().map((c) => [c.path, c.kind, c.fromPath]), [['/w/a.txt', 'modify', undefined], ['/w/c.txt', 'rename', '/w/a.txt']]);
            assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/w/a.txt'), 'fresh\n');
            assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/w/c.txt'), 'A\n');
        });
        it('swap through a temporary name: two renames', () => {
            const { disk, model } = setup();
            model.rename('/w/a.txt', '/w/t', (0, modelFixtures_1.meta)('m1'), disk);
            model.rename('/w/b.txt', '/w/a.txt', (0, modelFixtures_1.meta)('m1'), disk);
            model.rename('/w/t', '/w/b.txt', (0, modelFixtures_1.meta)('m1'), disk);
            assert.deepStrictEqual(model.composites().map((c) => [c.path, c.kind, c.fromPath]), [['/w/a.txt', 'rename', '/w/b.txt'], ['/w/b.txt', 'rename', '/w/a.txt']]);
            assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/w/a.txt'), 'B\n');
            assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/w/b.txt'), 'A\n');
        });
        it('rename with overwrite stages a delete of the destination first', () => {
            const { disk, model } = setup();
            const records = model.rename('/w/a.txt', '/w/b.txt', (0, modelFixtures_1.meta)('m1'), disk, { overwrite: true });
            assert.deepStrictEqual(records.map((r) => r.operation), ['delete', 'rename']);
            const c = model.composite('/w/b.txt');
            assert.strictEqual(c?.kind, 'rename');
            assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/w/b.txt'), 'A\n');
        });
        it('refuses operations that contradict the effective view, changing nothing', () => {
            const { disk, model } = setup();
            const code = (f) => {
                try {
                    f();
                }
                catch (e) {
                    assert.ok(e instanceof overlayError_1.OverlayError);
                    return e.code;
                }
                return 'no error';
            };
            assert.strictEqual(code(() => model.delete('/w/none', (0, modelFixtures_1.meta)(), disk)), 'FileNotFound');
            assert.strictEqual(code(() => model.rename('/w/none', '/w/x', (0, modelFixtures_1.meta)(), disk)), 'FileNotFound');
            assert.strictEqual(code(() => model.rename('/w/a.txt', '/w/b.txt', (0, modelFixtures_1.meta)(), disk)), 'FileExists');
            assert.strictEqual(code(() => model.rename('/w/a.txt', '/w/a.txt', (0, modelFixtures_1.meta)(), disk)), 'InvalidOperation');
            model.delete('/w/a.txt', (0, modelFixtures_1.meta)(), disk);
            assert.strictEqual(code(() => model.delete('/w/a.txt', (0, modelFixtures_1.meta)(), disk)), 'FileNotFound');
            assert.strictEqual(model.stagedPaths().length, 1);
        });
        it('an apply of a refused stage op leaves the model untouched', () => {
            const { disk, model } = setup();
            model.write('/w/n.txt', (0, modelFixtures_1.enc)('N\n'), (0, modelFixtures_1.meta)(), disk);
            const before = JSON.stringify(model.snapshot());
            const rec = { ...model.recordsByMessage('m1')[0], id: 'dup-create' };
            assert.throws(() => model.apply({ type: 'stage', record: rec }), (e) => e instanceof overlayError_1.OverlayError && e.code === 'FileExists');
            assert.strictEqual(JSON.stringify(model.snapshot()), before);
        });
    });
    describe('no-op changes', () => {
        it('a write of identical content to an untouched path stages nothing', () => {
            const { disk, model } = setup();
            assert.strictEqual(model.write('/w/a.txt', (0, modelFixtures_1.enc)('A\n'), (0, modelFixtures_1.meta)(), disk), undefined);
            assert.deepStrictEqual(model.stagedPaths(), []);
        });
        it('a change undone is hidden and reads through to the disk', () => {
            const { disk, model } = setup();
            model.write('/w/a.txt', (0, modelFixtures_1.enc)('A1\n'), (0, modelFixtures_1.meta)('m1'), disk);
            model.write('/w/a.txt', (0, modelFixtures_1.enc)('A\n'), (0, modelFixtures_1.meta)('m2'), disk);
            assert.deepStrictEqual(model.stagedPaths(), []);
            disk.put('/w/a.txt', 'user edit\n');
            assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/w/a.txt'), 'user edit\n');
            // The next agent write starts from what it read: the disk, not the stale baseline.
            model.write('/w/a.txt', (0, modelFixtures_1.enc)('agent on top\n'), (0, modelFixtures_1.meta)('m3'), disk);
            assert.strictEqual(model.composite('/w/a.txt')?.before, model.store.put((0, modelFixtures_1.enc)('user edit\n')));
        });
    });
    describe('queries', () => {
        it('reads: staged content, pending delete not found, else the disk', () => {
            const { disk, model } = setup();
            model.write('/w/a.txt', (0, modelFixtures_1.enc)('A1\n'), (0, modelFixtures_1.meta)(), disk);
            model.delete('/w/b.txt', (0, modelFixtures_1.meta)(), disk);
            assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/w/a.txt'), 'A1\n');
            assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/w/b.txt'), undefined);
            disk.put('/w/other.txt', 'O\n');
            assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/w/other.txt'), 'O\n');
            assert.strictEqual(model.isStaged('/w/a.txt'), true);
            assert.strictEqual(model.isStaged('/w/other.txt'), false);
        });
        it('directoryDelta: creates added (with implicit directories), deletes and rename sources removed', () => {
            const { disk, model } = setup({ '/w/a.txt': 'A', '/w/b.txt': 'B', '/w/d/x.txt': 'X' });
            model.write('/w/new.txt', (0, modelFixtures_1.enc)('N'), (0, modelFixtures_1.meta)(), disk);
            model.write('/w/sub/deep/f.txt', (0, modelFixtures_1.enc)('F'), (0, modelFixtures_1.meta)(), disk);
            model.delete('/w/b.txt', (0, modelFixtures_1.meta)(), disk);
            model.rename('/w/a.txt', '/w/d/a.txt', (0, modelFixtures_1.meta)(), disk);
            const top = model.directoryDelta('/w');
            assert.deepStrictEqual([...top.added].sort(), [['d', 'directory'], ['new.txt', 'file'], ['sub', 'directory']]);
            assert.deepStrictEqual([...top.removed].sort(), ['a.txt', 'b.txt']);
            const d = model.directoryDelta('/w/d/');
            assert.deepStrictEqual([...d.added], [['a.txt', 'file']]);
            assert.deepStrictEqual([...d.removed], []);
            assert.deepStrictEqual(model.compositesUnder('/w/d').map((c) => c.path), ['/w/d/a.txt']);
            assert.deepStrictEqual(model.compositesUnder('/w/sub').map((c) => c.path), ['/w/sub/deep/f.txt']);
        });
        it('records by session and by message; sessions per composite', () => {
            const { disk, model } = setup();
            model.write('/w/a.txt', (0, modelFixtures_1.enc)('1\n'), (0, modelFixtures_1.meta)('m1', 'sA'), disk);
            model.write('/w/a.txt', (0, modelFixtures_1.enc)('2\n'), (0, modelFixtures_1.meta)('m2', 'sB'), disk);
            model.write('/w/b.txt', (0, modelFixtures_1.enc)('3\n'), (0, modelFixtures_1.meta)('m2', 'sB'), disk);
            assert.deepStrictEqual(model.recordsBySession('sB').map((r) => r.path), ['/w/a.txt', '/w/b.txt']);
            assert.deepStrictEqual(model.recordsByMessage('m1').map((r) => r.path), ['/w/a.txt']);
            assert.deepStrictEqual(model.composite('/w/a.txt')?.sessions, ['sA', 'sB']);
            const r = model.recordsByMessage('m1')[0];
            assert.strictEqual(model.record(r.id), r);
            assert.strictEqual(r.turn, 1);
            assert.strictEqual(r.description, 'm1 edit');
        });
        it('records get uuid v4 ids by default', () => {
            const m = new overlayModel_1.OverlayModel(new contentStore_1.MemoryContentStore());
            const r = m.write('/x', (0, modelFixtures_1.enc)('x'), (0, modelFixtures_1.meta)(), new modelFixtures_1.FakeDisk());
            assert.match(r?.id ?? '', /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        });
        it('liveRefs covers every baseline and staged content', () => {
            const { disk, model } = setup();
            model.write('/w/a.txt', (0, modelFixtures_1.enc)('A1\n'), (0, modelFixtures_1.meta)(), disk);
            const refs = model.liveRefs();
            assert.ok(refs.has(model.store.put((0, modelFixtures_1.enc)('A\n'))));
            assert.ok(refs.has(model.store.put((0, modelFixtures_1.enc)('A1\n'))));
        });
    });
    describe('discard', () => {
        it('by path drops the composite and its rename partner; the disk is untouched', () => {
            const { disk, model } = setup();
            model.rename('/w/a.txt', '/w/c.txt', (0, modelFixtures_1.meta)(), disk);
            model.write('/w/b.txt', (0, modelFixtures_1.enc)('B1\n'), (0, modelFixtures_1.meta)(), disk);
            model.discardPaths(['/w/c.txt']);
            assert.deepStrictEqual(model.stagedPaths(), ['/w/b.txt']);
            assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/w/a.txt'), 'A\n');
            assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/w/c.txt'), undefined);
            assert.strictEqual(disk.mutations, 0);
        });
        it('all', () => {
            const { disk, model } = setup();
            model.write('/w/a.txt', (0, modelFixtures_1.enc)('A1\n'), (0, modelFixtures_1.meta)(), disk);
            model.rename('/w/b.txt', '/w/c.txt', (0, modelFixtures_1.meta)(), disk);
            model.discardAll();
            assert.deepStrictEqual(model.stagedPaths(), []);
            assert.deepStrictEqual(model.snapshot().records, []);
            assert.strictEqual(disk.mutations, 0);
        });
        it('by change id takes out one record and keeps the rest', () => {
            const { disk, model } = setup({ '/w/a.txt': 'one\ntwo\nthree\nfour\nfive\n' });
            const r1 = model.write('/w/a.txt', (0, modelFixtures_1.enc)('ONE\ntwo\nthree\nfour\nfive\n'), (0, modelFixtures_1.meta)('m1'), disk);
            model.write('/w/a.txt', (0, modelFixtures_1.enc)('ONE\ntwo\nthree\nfour\nFIVE\n'), (0, modelFixtures_1.meta)('m2'), disk);
            assert.ok(r1);
            const plan = model.discardChange(r1.id);
            assert.deepStrictEqual(plan.conflicts, []);
            assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/w/a.txt'), 'one\ntwo\nthree\nfour\nFIVE\n');
            assert.deepStrictEqual(model.composite('/w/a.txt')?.records.map((r) => r.messageId), ['m2']);
        });
    });
    describe('events', () => {
        it('fires once per op with the op and the changed paths', () => {
            const { disk, model } = setup();
            const events = [];
            const sub = model.onDidChange((e) => events.push(e));
            model.write('/w/a.txt', (0, modelFixtures_1.enc)('A1\n'), (0, modelFixtures_1.meta)(), disk);
            model.rename('/w/b.txt', '/w/c.txt', (0, modelFixtures_1.meta)(), disk);
            model.discardPaths(['/w/a.txt']);
            sub.dispose();
            model.discardAll();
            assert.deepStrictEqual(events.map((e) => e.op?.type), ['stage', 'stage', 'revert']);
            assert.deepStrictEqual(events[1].paths.slice().sort(), ['/w/b.txt', '/w/c.txt']);
        });
        it('a throwing listener does not break the mutation nor the other listeners', async () => {
            const { disk, model } = setup();
            let seen = 0;
            const thrown = [];
            const onUncaught = (e) => thrown.push(e);
            const listeners = process.listeners('uncaughtException');
            process.removeAllListeners('uncaughtException');
            process.on('uncaughtException', onUncaught);
            try {
                model.onDidChange(() => {
                    throw new Error('listener bug');
                });
                model.onDidChange(() => seen++);
                model.write('/w/a.txt', (0, modelFixtures_1.enc)('A1\n'), (0, modelFixtures_1.meta)(), disk);
                await new Promise((r) => setTimeout(r, 0));
            }
            finally {
                process.removeListener('uncaughtException', onUncaught);
                for (const l of listeners)
                    process.on('uncaughtException', l);
            }
            assert.strictEqual(seen, 1);
            assert.deepStrictEqual(model.stagedPaths(), ['/w/a.txt']);
            assert.strictEqual(thrown.length, 1);
        });
    });
    describe('a discarded or applied change leaves no history for the next change to inherit', () => {
        const chain = () => {
            const disk = new modelFixtures_1.FakeDisk({});
            const model = (0, modelFixtures_1.newModel)();
            model.write('/w/new.txt', (0, modelFixtures_1.enc)('fresh\n'), (0, modelFixtures_1.meta)('m-create', 'person'), disk);
            model.rename('/w/new.txt', '/w/moved.txt', (0, modelFixtures_1.meta)('m-move', 'person'), disk);
            return { disk, model };
        };
        const fresh = (model, disk) => {
            model.write('/w/new.txt', (0, modelFixtures_1.enc)('agent\n'), (0, modelFixtures_1.meta)('m-agent', 'agent'), disk);
            return model.composite('/w/new.txt');
        };
        it('created, moved, then discarded: a new file at the old path has only its own record', () => {
            const { disk, model } = chain();
            model.discardPaths(['/w/moved.txt']);
            const c = fresh(model, disk);
            assert.deepStrictEqual([c.sessions, c.records.map((r) => r.messageId)], [['agent'], ['m-agent']]);
            assert.deepStrictEqual(model.recordsByMessage('m-create'), []);
        });
        it('created, moved, then applied: likewise', () => {
            const { disk, model } = chain();
            model.markApplied(['/w/moved.txt']);
            disk.put('/w/moved.txt', 'fresh\n');
            assert.deepStrictEqual(fresh(model, disk).sessions, ['agent']);
        });
        it('a path created and moved away twice: discarding the first move keeps the second intact', () => {
            const { disk, model } = chain();
            model.write('/w/new.txt', (0, modelFixtures_1.enc)('second\n'), (0, modelFixtures_1.meta)('m-create2', 'person'), disk);
            model.rename('/w/new.txt', '/w/second.txt', (0, modelFixtures_1.meta)('m-move2', 'person'), disk);
            model.discardPaths(['/w/moved.txt']);
            assert.deepStrictEqual(model.stagedPaths(), ['/w/second.txt']);
            assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/w/second.txt'), 'second\n');
            assert.deepStrictEqual(model.recordsByMessage('m-create'), []);
            assert.strictEqual(model.recordsByMessage('m-create2').length, 1, 'the second file\'s history stays');
            assert.strictEqual(model.composite('/w/second.txt')?.records.length, 1);
        });
    });
});
//# sourceMappingURL=accumulator.test.js.map