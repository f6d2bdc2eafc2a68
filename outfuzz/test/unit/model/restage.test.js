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
const applyPlan_1 = require("../../../src/fs/model/applyPlan");
const restage_1 = require("../../../src/fs/model/restage");
const modelFixtures_1 = require("./modelFixtures");
/** What the SCM view lists: kind, paths and contents of every composite (record ids and times aside). */
function listed(model) {
    return model.composites().map(c => ({ kind: c.kind, path: c.path, fromPath: c.fromPath, before: c.before, after: c.after, sessions: c.sessions }));
}
/** Applies everything staged to the fake disk as the adapter would; returns the items Undo would restage. */
function applyAll(model, disk) {
    const items = (0, restage_1.restageItemsOf)(model.composites());
    const plan = model.planApply(undefined, disk.read);
    assert.deepStrictEqual(plan.refused, []);
    for (const g of plan.groups)
        disk.execute(g.actions, model.store);
    model.markApplied(plan.groups.flatMap(g => g.paths));
    return { items, undo: plan.undo };
}
describe('restage (Undo Last Apply gives the proposal back)', () => {
    it('stages a write, a create, a delete and an edited rename again exactly as before the apply', () => {
        const disk = new modelFixtures_1.FakeDisk({ '/w/a.txt': 'one\n', '/w/b.txt': 'bee\n', '/w/c.txt': 'sea\n', '/w/t.txt': 'taken\n' });
        const model = (0, modelFixtures_1.newModel)();
        model.write('/w/a.txt', new TextEncoder().encode('ONE\n'), (0, modelFixtures_1.meta)('m1', 's1'), disk);
        model.write('/w/new.md', new TextEncoder().encode('# new\n'), (0, modelFixtures_1.meta)('m2', 's2'), disk);
        model.delete('/w/b.txt', (0, modelFixtures_1.meta)('m1', 's1'), disk);
        model.rename('/w/c.txt', '/w/t.txt', (0, modelFixtures_1.meta)('m3', 's1'), disk, { overwrite: true });
        model.write('/w/t.txt', new TextEncoder().encode('sea, edited\n'), (0, modelFixtures_1.meta)('m3', 's1'), disk);
        const before = listed(model);
        const initial = disk.snapshot();
        const { items, undo } = applyAll(model, disk);
        assert.deepStrictEqual(model.composites(), []);
        for (const a of (0, applyPlan_1.planUndo)(undo, disk.read).actions)
            disk.execute([a], model.store);
        assert.deepStrictEqual(disk.snapshot(), initial, 'the fake undo restored the disk');
        const outcome = (0, restage_1.restage)(model, items, disk, new Set());
        assert.deepStrictEqual(outcome.skipped, []);
        assert.deepStrictEqual(listed(model), before);
        assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/w/t.txt'), 'sea, edited\n');
        assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/w/c.txt'), undefined);
        // Applying the restaged proposal again reaches the same disk as the first apply did.
        const again = model.planApply(undefined, disk.read);
        assert.deepStrictEqual(again.refused, []);
    });
    it('a rename chain (c1→c1b, then c2→c1) comes back as the same two renames', () => {
        const disk = new modelFixtures_1.FakeDisk({ '/w/c1.txt': 'C1\n', '/w/c2.txt': 'C2\n' });
        const model = (0, modelFixtures_1.newModel)();
        model.rename('/w/c1.txt', '/w/c1b.txt', (0, modelFixtures_1.meta)(), disk);
        model.rename('/w/c2.txt', '/w/c1.txt', (0, modelFixtures_1.meta)(), disk);
        const before = listed(model);
        const initial = disk.snapshot();
        const { items, undo } = applyAll(model, disk);
        for (const a of (0, applyPlan_1.planUndo)(undo, disk.read).actions)
            disk.execute([a], model.store);
        assert.deepStrictEqual(disk.snapshot(), initial);
        assert.deepStrictEqual((0, restage_1.restage)(model, items, disk, new Set()).skipped, []);
        assert.deepStrictEqual(listed(model).sort((a, b) => a.path.localeCompare(b.path)), before.sort((a, b) => a.path.localeCompare(b.path)));
        assert.deepStrictEqual([(0, modelFixtures_1.readText)(model, disk, '/w/c1b.txt'), (0, modelFixtures_1.readText)(model, disk, '/w/c1.txt'), (0, modelFixtures_1.readText)(model, disk, '/w/c2.txt')], ['C1\n', 'C2\n', undefined]);
    });
    it('a swap (a cycle of renames) comes back with the same contents at every path', () => {
        const disk = new modelFixtures_1.FakeDisk({ '/w/a.txt': 'A\n', '/w/b.txt': 'B\n' });
        const model = (0, modelFixtures_1.newModel)();
        model.rename('/w/a.txt', '/w/tmp.txt', (0, modelFixtures_1.meta)(), disk);
        model.rename('/w/b.txt', '/w/a.txt', (0, modelFixtures_1.meta)(), disk);
        model.rename('/w/tmp.txt', '/w/b.txt', (0, modelFixtures_1.meta)(), disk);
        const view = () => ['/w/a.txt', '/w/b.txt', '/w/tmp.txt'].map(p => (0, modelFixtures_1.readText)(model, disk, p));
        assert.deepStrictEqual(view(), ['B\n', 'A\n', undefined]);
        const { items, undo } = applyAll(model, disk);
        for (const a of (0, applyPlan_1.planUndo)(undo, disk.read).actions)
            disk.execute([a], model.store);
        assert.deepStrictEqual([disk.text('/w/a.txt'), disk.text('/w/b.txt')], ['A\n', 'B\n']);
        (0, restage_1.restage)(model, items, disk, new Set());
        assert.deepStrictEqual(view(), ['B\n', 'A\n', undefined]);
        assert.deepStrictEqual(model.planApply(undefined, disk.read).refused, []);
    });
    it('keeps who asked: the restaged records carry the last change\'s session and message (a prune still finds them)', () => {
        const disk = new modelFixtures_1.FakeDisk({ '/w/a.txt': 'one\n' });
        const model = (0, modelFixtures_1.newModel)();
        model.write('/w/a.txt', new TextEncoder().encode('ONE\n'), (0, modelFixtures_1.meta)('m7', 's3'), disk);
        const { items, undo } = applyAll(model, disk);
        for (const a of (0, applyPlan_1.planUndo)(undo, disk.read).actions)
            disk.execute([a], model.store);
        (0, restage_1.restage)(model, items, disk, new Set());
        assert.deepStrictEqual(model.recordsByMessage('m7', 's3').map(r => r.path), ['/w/a.txt']);
        model.prune('m7', 's3');
        assert.deepStrictEqual(model.composites(), []);
    });
    it('does not stage again a change whose file Undo left alone (the person edited it after the apply)', () => {
        const disk = new modelFixtures_1.FakeDisk({ '/w/a.txt': 'one\n', '/w/b.txt': 'bee\n' });
        const model = (0, modelFixtures_1.newModel)();
        model.write('/w/a.txt', new TextEncoder().encode('ONE\n'), (0, modelFixtures_1.meta)(), disk);
        model.write('/w/b.txt', new TextEncoder().encode('BEE\n'), (0, modelFixtures_1.meta)(), disk);
        const { items, undo } = applyAll(model, disk);
        disk.put('/w/a.txt', 'ONE, and my edit\n');
        const plan = (0, applyPlan_1.planUndo)(undo, disk.read);
        assert.deepStrictEqual(plan.refused, ['/w/a.txt']);
        disk.execute(plan.actions, model.store);
        const outcome = (0, restage_1.restage)(model, items, disk, new Set(plan.refused));
        assert.deepStrictEqual([outcome.restaged, outcome.skipped], [['/w/b.txt'], ['/w/a.txt']]);
        assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/w/a.txt'), 'ONE, and my edit\n', 'the person\'s edit is what the view shows');
        assert.strictEqual(model.composite('/w/a.txt'), undefined);
    });
    it('leaves alone a rename whose destination Undo could not restore', () => {
        const disk = new modelFixtures_1.FakeDisk({ '/w/c.txt': 'sea\n' });
        const model = (0, modelFixtures_1.newModel)();
        model.rename('/w/c.txt', '/w/d.txt', (0, modelFixtures_1.meta)(), disk);
        const { items } = applyAll(model, disk);
        const outcome = (0, restage_1.restage)(model, items, disk, new Set(['/w/d.txt']));
        assert.deepStrictEqual(outcome.skipped, ['/w/d.txt']);
        assert.deepStrictEqual(model.composites(), []);
    });
    it('does not stage twice: a path staged already (a later change, or a restage before a crash) is skipped', () => {
        const disk = new modelFixtures_1.FakeDisk({ '/w/a.txt': 'one\n' });
        const model = (0, modelFixtures_1.newModel)();
        model.write('/w/a.txt', new TextEncoder().encode('ONE\n'), (0, modelFixtures_1.meta)(), disk);
        const { items, undo } = applyAll(model, disk);
        for (const a of (0, applyPlan_1.planUndo)(undo, disk.read).actions)
            disk.execute([a], model.store);
        assert.deepStrictEqual((0, restage_1.restage)(model, items, disk, new Set()).restaged, ['/w/a.txt']);
        const records = model.composites()[0].records.length;
        assert.deepStrictEqual((0, restage_1.restage)(model, items, disk, new Set()).skipped, ['/w/a.txt']);
        assert.strictEqual(model.composites()[0].records.length, records);
    });
    it('an item the model refuses is skipped and the rest are staged (recovery must never fail on it)', () => {
        const disk = new modelFixtures_1.FakeDisk({ '/w/a.txt': 'one\n', '/w/c.txt': 'sea\n' });
        const model = (0, modelFixtures_1.newModel)();
        model.write('/w/a.txt', new TextEncoder().encode('ONE\n'), (0, modelFixtures_1.meta)(), disk);
        model.rename('/w/c.txt', '/w/d.txt', (0, modelFixtures_1.meta)(), disk);
        const { items, undo } = applyAll(model, disk);
        for (const a of (0, applyPlan_1.planUndo)(undo, disk.read).actions)
            disk.execute([a], model.store);
        disk.remove('/w/c.txt'); // the rename's origin vanished before the restaging
        const outcome = (0, restage_1.restage)(model, items, disk, new Set());
        assert.deepStrictEqual([outcome.restaged, outcome.skipped], [['/w/a.txt'], ['/w/d.txt']]);
        assert.deepStrictEqual(model.composites().map(c => c.path), ['/w/a.txt']);
    });
    it('the items hold no record ids or clock times (the undo record is the same bytes in every run)', () => {
        const disk = new modelFixtures_1.FakeDisk({ '/w/a.txt': 'one\n' });
        const model = (0, modelFixtures_1.newModel)();
        model.write('/w/a.txt', new TextEncoder().encode('ONE\n'), (0, modelFixtures_1.meta)(), disk);
        const json = JSON.stringify((0, restage_1.restageItemsOf)(model.composites()));
        assert.doesNotMatch(json, /"id"|timestamp|1700000000000/);
        assert.match(json, /"kind":"modify"/);
    });
});
//# sourceMappingURL=restage.test.js.map