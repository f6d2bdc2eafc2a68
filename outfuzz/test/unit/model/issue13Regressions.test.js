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
const modelFixtures_1 = require("./modelFixtures");
/**
 * The reproductions of issue 13, each as found by a user: taking a message's changes out must never bring back
 * what was taken out, drop a later message's change, or leave a composite that belongs to no record.
 */
function world(files = { '/a': 'x\n', '/b': 'b\n' }) {
    return { disk: new modelFixtures_1.FakeDisk(files), model: (0, modelFixtures_1.newModel)() };
}
/** Apply everything, as the adapter would. */
function applyAll(model, disk) {
    const plan = model.planApply(undefined, disk.read);
    assert.deepStrictEqual(plan.refused, []);
    for (const g of plan.groups) {
        disk.execute(g.actions, model.store);
        model.markApplied(g.paths);
    }
}
function nothingStaged(model) {
    assert.deepStrictEqual(model.snapshot().entries, []);
    assert.deepStrictEqual(model.snapshot().records, []);
}
describe('issue 13: pruned or discarded messages never come back', () => {
    it('1. write then delete, prune both: the file is the user\'s again (also when m1 created it)', () => {
        for (const created of [false, true]) {
            const { disk, model } = world(created ? { '/b': 'b\n' } : undefined);
            model.write('/a', (0, modelFixtures_1.enc)('X\n'), (0, modelFixtures_1.meta)('m1'), disk);
            model.delete('/a', (0, modelFixtures_1.meta)('m2'), disk);
            model.prune('m1');
            assert.strictEqual(model.composite('/a')?.kind, created ? undefined : 'delete', 'm2\'s delete survives pruning m1');
            model.prune('m2');
            nothingStaged(model);
            assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/a'), created ? undefined : 'x\n');
            applyAll(model, disk);
            assert.strictEqual(disk.text('/a'), created ? undefined : 'x\n', 'Apply left the user\'s file alone');
        }
    });
    it('2. rename then delete, prune both: no orphan "delete b" / "create c", Apply moves nothing', () => {
        const { disk, model } = world();
        model.rename('/b', '/c', (0, modelFixtures_1.meta)('m1'), disk);
        model.delete('/c', (0, modelFixtures_1.meta)('m2'), disk);
        model.prune('m1');
        // m2 deleted the file m1 had moved: with the move gone, m2's delete follows the file home.
        assert.deepStrictEqual(model.composites().map((c) => [c.path, c.kind, c.records.map((r) => r.messageId)]), [['/b', 'delete', ['m2']]]);
        model.prune('m2');
        nothingStaged(model);
        applyAll(model, disk);
        assert.deepStrictEqual(disk.paths(), ['/a', '/b']);
        assert.strictEqual(disk.text('/b'), 'b\n');
    });
    it('3. a later message\'s delete survives pruning the message before it', () => {
        const { disk, model } = world();
        model.delete('/b', (0, modelFixtures_1.meta)('m1'), disk);
        model.write('/b', (0, modelFixtures_1.enc)('rewritten\n'), (0, modelFixtures_1.meta)('m1'), disk);
        model.delete('/b', (0, modelFixtures_1.meta)('m2'), disk);
        model.prune('m1');
        const c = model.composite('/b');
        assert.strictEqual(c?.kind, 'delete');
        assert.deepStrictEqual(c?.records.map((r) => r.messageId), ['m2']);
        assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/b'), undefined);
        model.prune('m2');
        nothingStaged(model);
    });
    it('4. an edit of a renamed file follows it home with its record, and its own prune takes it out', () => {
        const { disk, model } = world({ '/A': 'one\ntwo\n' });
        model.rename('/A', '/B', (0, modelFixtures_1.meta)('m1'), disk);
        model.write('/B', (0, modelFixtures_1.enc)('one\nTWO\n'), (0, modelFixtures_1.meta)('m2'), disk);
        model.prune('m1');
        assert.deepStrictEqual(model.composites().map((c) => [c.path, c.kind, c.records.map((r) => r.messageId)]), [['/A', 'modify', ['m2']]]);
        assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/A'), 'one\nTWO\n');
        model.prune('m2');
        nothingStaged(model);
    });
    it('5. a chain A→B (m1), B→C (m2): pruning m1 leaves m2\'s move, now A→C', () => {
        const { disk, model } = world({ '/A': 'a\n' });
        model.rename('/A', '/B', (0, modelFixtures_1.meta)('m1'), disk);
        model.rename('/B', '/C', (0, modelFixtures_1.meta)('m2'), disk);
        model.prune('m1');
        assert.deepStrictEqual(model.composites().map((c) => [c.path, c.kind, c.fromPath, c.records.map((r) => r.messageId)]), [['/C', 'rename', '/A', ['m2']]]);
        model.prune('m2');
        nothingStaged(model);
    });
    it('6. create A, move it to B, create A again, apply B: a later prune of m1 touches nothing', () => {
        const { disk, model } = world({});
        model.write('/A', (0, modelFixtures_1.enc)('first\n'), (0, modelFixtures_1.meta)('m1'), disk);
        model.rename('/A', '/B', (0, modelFixtures_1.meta)('m2'), disk);
        model.write('/A', (0, modelFixtures_1.enc)('first\n'), (0, modelFixtures_1.meta)('m3'), disk);
        const plan = model.planApply(['/B'], disk.read);
        // B's content came from A through m2: the two are one component and are applied together.
        assert.deepStrictEqual([...plan.groups.flatMap((g) => g.paths)].sort(), ['/A', '/B']);
        for (const g of plan.groups) {
            disk.execute(g.actions, model.store);
            model.markApplied(g.paths);
        }
        model.prune('m1');
        nothingStaged(model);
        assert.strictEqual(disk.text('/A'), 'first\n');
        assert.strictEqual(disk.text('/B'), 'first\n');
        assert.deepStrictEqual(model.conflicts(), []);
    });
    it('7. a case-only rename on a case-insensitive disk is staged and planned as a rename, never as a delete of the only copy', () => {
        // As NodeDisk answers on a case-insensitive disk: names are exact, and the other spelling is reported.
        const disk = new modelFixtures_1.FakeDisk({ '/w/readme.md': 'only copy\n' });
        const probe = {
            read: disk.read,
            foldsCase: () => true,
            caseTwin: (p) => disk.paths().find((q) => q !== p && q.toLowerCase() === p.toLowerCase()),
        };
        const model = (0, modelFixtures_1.newModel)();
        model.rename('/w/readme.md', '/w/README.md', (0, modelFixtures_1.meta)('m1'), probe);
        assert.deepStrictEqual(model.composites().map((c) => [c.kind, c.path, c.fromPath]), [['rename', '/w/README.md', '/w/readme.md']]);
        const plan = model.planApply(undefined, probe);
        assert.deepStrictEqual(plan.groups.flatMap((g) => g.actions), [{ kind: 'rename', from: '/w/readme.md', to: '/w/README.md', expected: plan.groups[0].actions[0].kind === 'rename' ? plan.groups[0].actions[0].expected : '', overwrites: null }]);
        // Another new spelling of the same file would be two files in review and one on disk: refused.
        assert.throws(() => model.write('/w/Readme.md', (0, modelFixtures_1.enc)('second\n'), (0, modelFixtures_1.meta)('m2'), probe), /already exists as \/w\/README\.md/);
        model.prune('m1');
        nothingStaged(model);
    });
    it('8. a rename a prune brings back is applied as a rename (the file keeps its identity and mode)', () => {
        const { disk, model } = world({ '/A': 'a\n' });
        model.rename('/A', '/B', (0, modelFixtures_1.meta)('m1'), disk);
        model.delete('/B', (0, modelFixtures_1.meta)('m2'), disk);
        model.prune('m2');
        const plan = model.planApply(undefined, disk.read);
        assert.deepStrictEqual(plan.groups.flatMap((g) => g.actions).map((a) => a.kind), ['rename']);
    });
    it('9. message ids are scoped by session: two clients\' "msg-1" are two messages', () => {
        const { disk, model } = world();
        model.write('/a', (0, modelFixtures_1.enc)('from A\n'), (0, modelFixtures_1.meta)('msg-1', 'client-A'), disk);
        model.write('/b', (0, modelFixtures_1.enc)('from B\n'), (0, modelFixtures_1.meta)('msg-1', 'client-B'), disk);
        model.prune('msg-1', 'client-A');
        assert.deepStrictEqual(model.composites().map((c) => c.path), ['/b']);
        assert.deepStrictEqual(model.recordsByMessage('msg-1', 'client-B').map((r) => r.path), ['/b']);
        assert.deepStrictEqual(model.recordsByMessage('msg-1', 'client-A'), []);
    });
    it('10. a disk change does not replace a prune conflict, and "Accept agent" keeps the survivor, not the pruned edit', () => {
        const { disk, model } = world({ '/a': 'l0\nl1\nl2\nl3\n' });
        model.write('/a', (0, modelFixtures_1.enc)('l0\nM1\nl2\nl3\n'), (0, modelFixtures_1.meta)('m1'), disk);
        model.write('/a', (0, modelFixtures_1.enc)('l0\nM2 over M1\nl2\nl3\n'), (0, modelFixtures_1.meta)('m2'), disk);
        assert.deepStrictEqual(model.prune('m1').conflicts, ['/a']);
        assert.strictEqual(model.composite('/a')?.conflict?.origin, 'prune');
        disk.put('/a', 'l0\nl1\nl2\nuser\n');
        model.reconcileAll(disk);
        assert.strictEqual(model.composite('/a')?.conflict?.origin, 'prune', 'still the prune conflict');
        model.resolve('/a', { kind: 'acceptAgent' });
        assert.strictEqual(model.composite('/a')?.conflict, undefined);
        assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/a'), 'l0\nM2 over M1\nl2\nl3\n', 'm2\'s version, as it stands');
        assert.deepStrictEqual(model.composite('/a')?.records.map((r) => r.messageId), ['m2']);
        model.prune('m2');
        nothingStaged(model);
    });
    it('10. "Accept disk" on a prune conflict drops the change that no longer applies, and only that one', () => {
        const { disk, model } = world({ '/a': 'l0\nl1\n', '/b': 'b\n' });
        model.write('/a', (0, modelFixtures_1.enc)('l0\nM1\n'), (0, modelFixtures_1.meta)('m1'), disk);
        model.write('/a', (0, modelFixtures_1.enc)('l0\nM2\n'), (0, modelFixtures_1.meta)('m2'), disk);
        model.write('/b', (0, modelFixtures_1.enc)('B2\n'), (0, modelFixtures_1.meta)('m2'), disk);
        model.prune('m1');
        model.resolve('/a', { kind: 'acceptDisk' });
        assert.deepStrictEqual(model.composites().map((c) => c.path), ['/b']);
        assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/a'), 'l0\nl1\n');
    });
    it('no composite without a record: every listed change names the records that made it', () => {
        const { disk, model } = world();
        model.rename('/a', '/c', (0, modelFixtures_1.meta)('m1'), disk);
        model.write('/c', (0, modelFixtures_1.enc)('x2\n'), (0, modelFixtures_1.meta)('m2'), disk);
        model.delete('/b', (0, modelFixtures_1.meta)('m3'), disk);
        model.discardChange(model.recordsByMessage('m1')[0].id);
        for (const c of model.composites())
            assert.ok(c.records.length > 0, `${c.path} has no record`);
    });
});
//# sourceMappingURL=issue13Regressions.test.js.map