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
const threeWayMerge_1 = require("../../../src/fs/merge/threeWayMerge");
const contentStore_1 = require("../../../src/fs/model/contentStore");
const overlayModel_1 = require("../../../src/fs/model/overlayModel");
const modelFixtures_1 = require("./modelFixtures");
const FIVE = 'one\ntwo\nthree\nfour\nfive\n';
function setup(files = { '/w/a.txt': FIVE }) {
    const disk = new modelFixtures_1.FakeDisk(files);
    const model = (0, modelFixtures_1.newModel)();
    const ops = [];
    model.onDidChange((e) => e.op && ops.push(e.op));
    return { disk, model, ops };
}
describe('reconcile', () => {
    it('disk still equals the baseline: nothing to do', () => {
        const { disk, model, ops } = setup();
        model.write('/w/a.txt', (0, modelFixtures_1.enc)(FIVE.replace('one', 'ONE')), (0, modelFixtures_1.meta)(), disk);
        assert.deepStrictEqual(model.reconcile('/w/a.txt', disk), { kind: 'unchanged' });
        assert.strictEqual(ops.length, 1);
    });
    it('clean three-way merge rebases the change (base := disk, after := merged) as an op', () => {
        const { disk, model, ops } = setup();
        model.write('/w/a.txt', (0, modelFixtures_1.enc)(FIVE.replace('one', 'ONE')), (0, modelFixtures_1.meta)(), disk);
        disk.put('/w/a.txt', FIVE.replace('five', 'FIVE'));
        const o = model.reconcile('/w/a.txt', disk);
        assert.strictEqual(o.kind, 'rebased');
        assert.strictEqual(ops[ops.length - 1].type, 'replace');
        assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/w/a.txt'), 'ONE\ntwo\nthree\nfour\nFIVE\n');
        assert.strictEqual(model.composite('/w/a.txt')?.before, model.store.put((0, modelFixtures_1.enc)(FIVE.replace('five', 'FIVE'))));
        assert.deepStrictEqual(model.reconcile('/w/a.txt', disk), { kind: 'unchanged' });
        assert.strictEqual(disk.mutations, 1); // only the test's own edit
    });
    it('text conflict: overlapping edits; the staged view keeps the agent version and Apply refuses it', () => {
        const { disk, model } = setup();
        model.write('/w/a.txt', (0, modelFixtures_1.enc)(FIVE.replace('three', 'AGENT')), (0, modelFixtures_1.meta)(), disk);
        disk.put('/w/a.txt', FIVE.replace('three', 'USER'));
        const o = model.reconcile('/w/a.txt', disk);
        assert.strictEqual(o.kind, 'conflict');
        assert.strictEqual(o.kind === 'conflict' && o.conflict.kind, 'text');
        assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/w/a.txt'), FIVE.replace('three', 'AGENT'));
        const d = model.conflictDetails('/w/a.txt');
        assert.strictEqual((0, modelFixtures_1.dec)(d.base), FIVE);
        assert.strictEqual((0, modelFixtures_1.dec)(d.theirs), FIVE.replace('three', 'USER'));
        assert.strictEqual(d.merge?.kind, 'conflict');
        assert.ok(d.merge?.kind === 'conflict' && d.merge.markedUp.includes('<<<<<<< agent'));
        assert.deepStrictEqual(model.planApply(undefined, disk.read).refused.map((r) => r.reason), ['conflict']);
        // Reconciling again records nothing new.
        const again = model.reconcile('/w/a.txt', disk);
        assert.ok(again.kind === 'conflict' && again.op === undefined);
    });
    it('deletion conflict: deleted on disk while a change is pending', () => {
        const { disk, model } = setup();
        model.write('/w/a.txt', (0, modelFixtures_1.enc)('edited\n'), (0, modelFixtures_1.meta)(), disk);
        disk.remove('/w/a.txt');
        const o = model.reconcile('/w/a.txt', { read: disk.read });
        assert.ok(o.kind === 'conflict' && o.conflict.kind === 'deletion' && o.conflict.theirs === null);
    });
    it('a pending delete of a file deleted on disk too converges silently', () => {
        const { disk, model } = setup();
        model.delete('/w/a.txt', (0, modelFixtures_1.meta)(), disk);
        disk.remove('/w/a.txt');
        assert.strictEqual(model.reconcile('/w/a.txt', disk).kind, 'rebased');
        assert.deepStrictEqual(model.stagedPaths(), []);
    });
    it('a pending delete of a file modified on disk is a deletion conflict', () => {
        const { disk, model } = setup();
        model.delete('/w/a.txt', (0, modelFixtures_1.meta)(), disk);
        disk.put('/w/a.txt', 'user\n');
        const o = model.reconcile('/w/a.txt', disk);
        assert.ok(o.kind === 'conflict' && o.conflict.kind === 'deletion');
    });
    it('creation conflict: created on disk while the agent creates it too', () => {
        const { disk, model } = setup({});
        model.write('/w/n.txt', (0, modelFixtures_1.enc)('agent\n'), (0, modelFixtures_1.meta)(), disk);
        disk.put('/w/n.txt', 'user\n');
        const o = model.reconcile('/w/n.txt', disk);
        assert.ok(o.kind === 'conflict' && o.conflict.kind === 'creation' && o.conflict.base === null);
    });
    it('both created the same content: converges, nothing left to apply', () => {
        const { disk, model } = setup({});
        model.write('/w/n.txt', (0, modelFixtures_1.enc)('same\n'), (0, modelFixtures_1.meta)(), disk);
        disk.put('/w/n.txt', 'same\n');
        assert.strictEqual(model.reconcile('/w/n.txt', disk).kind, 'rebased');
        assert.deepStrictEqual(model.stagedPaths(), []);
    });
    it('rename conflict: the file moved on disk (found by identity)', () => {
        const { disk, model } = setup();
        model.write('/w/a.txt', (0, modelFixtures_1.enc)('edited\n'), (0, modelFixtures_1.meta)(), disk);
        disk.move('/w/a.txt', '/w/moved.txt');
        const o = model.reconcile('/w/a.txt', disk);
        assert.ok(o.kind === 'conflict');
        assert.strictEqual(o.conflict.kind, 'rename');
        assert.strictEqual(o.conflict.theirsPath, '/w/moved.txt');
        assert.strictEqual(model.conflictDetails('/w/a.txt').theirsPath, '/w/moved.txt');
    });
    it('a pending rename whose source was deleted on disk is a deletion conflict, never a silent loss', () => {
        const { disk, model } = setup();
        model.rename('/w/a.txt', '/w/c.txt', (0, modelFixtures_1.meta)(), disk);
        disk.remove('/w/a.txt');
        const o = model.reconcile('/w/c.txt', disk);
        assert.ok(o.kind === 'conflict' && o.conflict.kind === 'deletion' && o.conflict.diskPath === '/w/a.txt');
        assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/w/c.txt'), FIVE);
    });
    it('an edit on disk to a renamed file merges into the destination', () => {
        const { disk, model } = setup();
        model.rename('/w/a.txt', '/w/c.txt', (0, modelFixtures_1.meta)(), disk);
        model.write('/w/c.txt', (0, modelFixtures_1.enc)(FIVE.replace('one', 'ONE')), (0, modelFixtures_1.meta)(), disk);
        disk.put('/w/a.txt', FIVE.replace('five', 'FIVE'));
        assert.strictEqual(model.reconcile('/w/c.txt', disk).kind, 'rebased');
        assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/w/c.txt'), 'ONE\ntwo\nthree\nfour\nFIVE\n');
        const plan = model.planApply(undefined, disk.read);
        assert.deepStrictEqual(plan.refused, []);
    });
    it('a file created on disk where a rename is going is a creation conflict', () => {
        const { disk, model } = setup();
        model.rename('/w/a.txt', '/w/c.txt', (0, modelFixtures_1.meta)(), disk);
        disk.put('/w/c.txt', 'user\n');
        const o = model.reconcile('/w/c.txt', disk);
        assert.ok(o.kind === 'conflict' && o.conflict.kind === 'creation' && o.conflict.diskPath === '/w/c.txt');
    });
    it('the renamed content already at the destination on disk converges: apply only removes the origin', () => {
        const { disk, model } = setup();
        model.rename('/w/a.txt', '/w/c.txt', (0, modelFixtures_1.meta)(), disk);
        disk.put('/w/c.txt', FIVE);
        assert.strictEqual(model.reconcile('/w/c.txt', disk).kind, 'rebased');
        assert.strictEqual(model.composite('/w/c.txt')?.conflict, undefined);
        const plan = model.planApply(undefined, disk.read);
        assert.deepStrictEqual(plan.refused, []);
        assert.deepStrictEqual(plan.groups.flatMap((g) => g.actions.map((a) => a.kind)), ['rename']);
    });
    it('the conflict clears when the disk returns to the baseline', () => {
        const { disk, model } = setup();
        model.write('/w/a.txt', (0, modelFixtures_1.enc)(FIVE.replace('three', 'AGENT')), (0, modelFixtures_1.meta)(), disk);
        disk.put('/w/a.txt', FIVE.replace('three', 'USER'));
        model.reconcile('/w/a.txt', disk);
        disk.put('/w/a.txt', FIVE);
        assert.strictEqual(model.reconcile('/w/a.txt', disk).kind, 'rebased');
        assert.strictEqual(model.composite('/w/a.txt')?.conflict, undefined);
    });
    it('an orphan after restart (baseline matches no file) becomes a deletion conflict', () => {
        const { disk, model } = setup();
        model.write('/w/a.txt', (0, modelFixtures_1.enc)('edited\n'), (0, modelFixtures_1.meta)(), disk);
        const restarted = (0, modelFixtures_1.newModel)(model.store);
        restarted.restore(JSON.parse(JSON.stringify(model.snapshot())));
        disk.remove('/w/a.txt');
        const outcomes = restarted.reconcileAll({ read: disk.read });
        assert.deepStrictEqual(outcomes.map((o) => o.kind === 'conflict' && o.conflict.kind), ['deletion']);
    });
    describe('binary and text fidelity', () => {
        const bin = (...xs) => Uint8Array.from(xs);
        it('binary content is never text-merged: differing binaries conflict', () => {
            const disk = new modelFixtures_1.FakeDisk({ '/w/img.png': bin(0x89, 0x50, 0, 1, 2) });
            let merges = 0;
            const model = new overlayModel_1.OverlayModel(new contentStore_1.MemoryContentStore(), {
                merge: (b, o, t) => {
                    merges++;
                    return (0, threeWayMerge_1.threeWayMerge)(b, o, t);
                },
            });
            model.write('/w/img.png', bin(0x89, 0x50, 0, 1, 3), (0, modelFixtures_1.meta)(), disk);
            disk.put('/w/img.png', bin(0x89, 0x50, 0, 9, 2));
            const o = model.reconcile('/w/img.png', disk);
            assert.ok(o.kind === 'conflict' && o.conflict.kind === 'text' && o.conflict.binary);
            const d = model.conflictDetails('/w/img.png');
            assert.strictEqual(d.binary, true);
            assert.strictEqual(d.merge, undefined);
            assert.strictEqual(merges, 0);
        });
        it('invalid UTF-8 counts as binary', () => {
            const { disk, model } = setup({ '/w/x': bin(0x61, 0x0a, 0x62, 0x0a) });
            model.write('/w/x', bin(0xff, 0x0a, 0x62, 0x0a), (0, modelFixtures_1.meta)(), disk);
            disk.put('/w/x', bin(0x61, 0x0a, 0x63, 0x0a));
            const o = model.reconcile('/w/x', disk);
            assert.ok(o.kind === 'conflict' && o.conflict.binary);
        });
        it('binary: an identical change on both sides converges', () => {
            const { disk, model } = setup({ '/w/img': bin(0, 1) });
            model.write('/w/img', bin(0, 2), (0, modelFixtures_1.meta)(), disk);
            disk.put('/w/img', bin(0, 2));
            assert.strictEqual(model.reconcile('/w/img', disk).kind, 'rebased');
        });
        it('unicode, CRLF, a BOM and a missing final newline survive a merge byte for byte', () => {
            const base = '\uFEFFαβγ\r\nline two\r\nmiddle\r\n四\r\nlast 🎉';
            const { disk, model } = setup({ '/w/u.txt': base });
            model.write('/w/u.txt', (0, modelFixtures_1.enc)(base.replace('αβγ', 'ΑΒΓ')), (0, modelFixtures_1.meta)(), disk);
            disk.put('/w/u.txt', base.replace('last 🎉', 'end 🎊'));
            assert.strictEqual(model.reconcile('/w/u.txt', disk).kind, 'rebased');
            const merged = model.read('/w/u.txt', disk.read);
            assert.deepStrictEqual(merged, (0, modelFixtures_1.enc)('\uFEFFΑΒΓ\r\nline two\r\nmiddle\r\n四\r\nend 🎊'));
            assert.deepStrictEqual(Array.from(merged.slice(0, 3)), [0xef, 0xbb, 0xbf]);
        });
    });
    describe('resolutions', () => {
        function conflicted() {
            const s = setup();
            s.model.write('/w/a.txt', (0, modelFixtures_1.enc)(FIVE.replace('three', 'AGENT')), (0, modelFixtures_1.meta)('m1'), s.disk);
            s.disk.put('/w/a.txt', FIVE.replace('three', 'USER'));
            s.model.reconcile('/w/a.txt', s.disk);
            return s;
        }
        it('accept agent: the disk becomes the baseline; Apply writes the agent version over it', () => {
            const { disk, model } = conflicted();
            model.resolve('/w/a.txt', { kind: 'acceptAgent' });
            assert.strictEqual(model.composite('/w/a.txt')?.conflict, undefined);
            const plan = model.planApply(undefined, disk.read);
            assert.deepStrictEqual(plan.refused, []);
            disk.execute(plan.groups[0].actions, model.store);
            assert.strictEqual(disk.text('/w/a.txt'), FIVE.replace('three', 'AGENT'));
            assert.strictEqual(plan.undo.entries[0].previous, model.store.put((0, modelFixtures_1.enc)(FIVE.replace('three', 'USER'))));
        });
        it('accept disk: the change is discarded', () => {
            const { disk, model } = conflicted();
            model.resolve('/w/a.txt', { kind: 'acceptDisk' });
            assert.deepStrictEqual(model.stagedPaths(), []);
            assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/w/a.txt'), FIVE.replace('three', 'USER'));
        });
        it('manual: the merged text becomes the staged content', () => {
            const { disk, model } = conflicted();
            model.resolveManually('/w/a.txt', (0, modelFixtures_1.enc)(FIVE.replace('three', 'AGENT+USER')));
            assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/w/a.txt'), FIVE.replace('three', 'AGENT+USER'));
            assert.deepStrictEqual(model.planApply(undefined, disk.read).refused, []);
        });
        it('delegate: the conflict stays, marked for the agent; its next write resolves it', () => {
            const { disk, model } = conflicted();
            model.resolve('/w/a.txt', { kind: 'delegate' });
            const d = model.conflictDetails('/w/a.txt');
            assert.strictEqual(d.delegated, true);
            assert.strictEqual((0, modelFixtures_1.dec)(d.ours), FIVE.replace('three', 'AGENT'));
            model.write('/w/a.txt', (0, modelFixtures_1.enc)(FIVE.replace('three', 'REGENERATED')), (0, modelFixtures_1.meta)('m2'), disk);
            const c = model.composite('/w/a.txt');
            assert.strictEqual(c?.conflict, undefined);
            assert.strictEqual(c?.before, model.store.put((0, modelFixtures_1.enc)(FIVE.replace('three', 'USER'))));
            assert.deepStrictEqual(model.planApply(undefined, disk.read).refused, []);
        });
        it('accept agent on a deletion conflict turns the change into a create', () => {
            const { disk, model } = setup();
            model.write('/w/a.txt', (0, modelFixtures_1.enc)('edited\n'), (0, modelFixtures_1.meta)(), disk);
            disk.remove('/w/a.txt');
            model.reconcile('/w/a.txt', disk);
            model.resolve('/w/a.txt', { kind: 'acceptAgent' });
            assert.strictEqual(model.composite('/w/a.txt')?.kind, 'create');
        });
        it('accept agent on a rename conflict: the agent version is created at its path, the moved file untouched', () => {
            const { disk, model } = setup();
            model.write('/w/a.txt', (0, modelFixtures_1.enc)('edited\n'), (0, modelFixtures_1.meta)(), disk);
            disk.move('/w/a.txt', '/w/moved.txt');
            model.reconcile('/w/a.txt', disk);
            model.resolve('/w/a.txt', { kind: 'acceptAgent' });
            const plan = model.planApply(undefined, disk.read);
            disk.execute(plan.groups.flatMap((g) => g.actions), model.store);
            assert.strictEqual(disk.text('/w/a.txt'), 'edited\n');
            assert.strictEqual(disk.text('/w/moved.txt'), FIVE);
        });
        it('accept agent on a pending rename whose source vanished: a create at the destination', () => {
            const { disk, model } = setup();
            model.rename('/w/a.txt', '/w/c.txt', (0, modelFixtures_1.meta)(), disk);
            disk.remove('/w/a.txt');
            model.reconcile('/w/c.txt', disk);
            model.resolve('/w/c.txt', { kind: 'acceptAgent' });
            assert.deepStrictEqual(model.composites().map((c) => [c.path, c.kind]), [['/w/c.txt', 'create']]);
            const plan = model.planApply(undefined, disk.read);
            assert.deepStrictEqual(plan.refused, []);
            disk.execute(plan.groups.flatMap((g) => g.actions), model.store);
            assert.strictEqual(disk.text('/w/c.txt'), FIVE);
        });
        it('accept agent on a creation conflict: a modify of the disk file', () => {
            const { disk, model } = setup({});
            model.write('/w/n.txt', (0, modelFixtures_1.enc)('agent\n'), (0, modelFixtures_1.meta)(), disk);
            disk.put('/w/n.txt', 'user\n');
            model.reconcile('/w/n.txt', disk);
            model.resolve('/w/n.txt', { kind: 'acceptAgent' });
            assert.strictEqual(model.composite('/w/n.txt')?.kind, 'modify');
        });
        it('resolving a path without a conflict is a NoConflict error', () => {
            const { disk, model } = setup();
            model.write('/w/a.txt', (0, modelFixtures_1.enc)('x'), (0, modelFixtures_1.meta)(), disk);
            assert.throws(() => model.resolve('/w/a.txt', { kind: 'acceptAgent' }), (e) => e.code === 'NoConflict');
        });
    });
});
//# sourceMappingURL=reconcile.test.js.map