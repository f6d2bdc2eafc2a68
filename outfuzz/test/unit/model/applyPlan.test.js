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
const modelFixtures_1 = require("./modelFixtures");
function setup() {
    const disk = new modelFixtures_1.FakeDisk({ '/w/a.txt': 'A\n', '/w/b.txt': 'B\n', '/w/c.txt': 'C\n' });
    return { disk, model: (0, modelFixtures_1.newModel)() };
}
describe('apply plan', () => {
    it('writes, deletes and renames make the disk equal the staged view', () => {
        const { disk, model } = setup();
        model.write('/w/a.txt', (0, modelFixtures_1.enc)('A1\n'), (0, modelFixtures_1.meta)(), disk);
        model.delete('/w/b.txt', (0, modelFixtures_1.meta)(), disk);
        model.rename('/w/c.txt', '/w/d/c.txt', (0, modelFixtures_1.meta)(), disk);
        model.write('/w/n.txt', (0, modelFixtures_1.enc)('N\n'), (0, modelFixtures_1.meta)(), disk);
        const plan = model.planApply(undefined, disk.read);
        assert.deepStrictEqual(plan.refused, []);
        const actions = plan.groups.flatMap((g) => g.actions);
        assert.deepStrictEqual(actions.map((a) => a.kind).sort(), ['delete', 'rename', 'write', 'write']);
        const view = new Map(['/w/a.txt', '/w/b.txt', '/w/c.txt', '/w/d/c.txt', '/w/n.txt'].map((p) => [p, (0, modelFixtures_1.readText)(model, disk, p)]));
        const identityOfC = disk.identity('/w/c.txt');
        disk.execute(actions, model.store);
        for (const [p, t] of view)
            assert.strictEqual(disk.text(p), t, p);
        assert.deepStrictEqual(disk.identity('/w/d/c.txt'), identityOfC); // a real rename, not a copy
        for (const g of plan.groups)
            model.markApplied(g.paths);
        assert.deepStrictEqual(model.stagedPaths(), []);
        assert.deepStrictEqual(model.snapshot().records, []);
    });
    it('plans nothing and changes nothing until the adapter executes it', () => {
        const { disk, model } = setup();
        model.write('/w/a.txt', (0, modelFixtures_1.enc)('A1\n'), (0, modelFixtures_1.meta)(), disk);
        model.planApply(undefined, disk.read);
        assert.strictEqual(disk.mutations, 0);
        assert.deepStrictEqual(model.stagedPaths(), ['/w/a.txt']);
    });
    it('selection: only the selected composites, with their rename partners', () => {
        const { disk, model } = setup();
        model.write('/w/a.txt', (0, modelFixtures_1.enc)('A1\n'), (0, modelFixtures_1.meta)(), disk);
        model.rename('/w/b.txt', '/w/x.txt', (0, modelFixtures_1.meta)(), disk);
        model.write('/w/b.txt', (0, modelFixtures_1.enc)('new b\n'), (0, modelFixtures_1.meta)(), disk);
        const plan = model.planApply(['/w/x.txt'], disk.read);
        assert.deepStrictEqual(plan.groups.map((g) => [...g.paths].sort()), [['/w/b.txt', '/w/x.txt']]);
        const actions = plan.groups[0].actions;
        assert.deepStrictEqual(actions.map((a) => a.kind), ['rename', 'write']);
        disk.execute(actions, model.store);
        assert.strictEqual(disk.text('/w/x.txt'), 'B\n');
        assert.strictEqual(disk.text('/w/b.txt'), 'new b\n');
        assert.strictEqual(disk.text('/w/a.txt'), 'A\n');
    });
    it('refuses a group whose baseline is no longer on the disk (never overwrites an unseen change)', () => {
        const { disk, model } = setup();
        model.write('/w/a.txt', (0, modelFixtures_1.enc)('A1\n'), (0, modelFixtures_1.meta)(), disk);
        model.write('/w/b.txt', (0, modelFixtures_1.enc)('B1\n'), (0, modelFixtures_1.meta)(), disk);
        disk.put('/w/a.txt', 'user edit\n');
        const plan = model.planApply(undefined, disk.read);
        assert.deepStrictEqual(plan.refused.map((r) => [r.path, r.reason]), [['/w/a.txt', 'diskChanged']]);
        assert.deepStrictEqual(plan.groups.map((g) => g.paths), [['/w/b.txt']]);
        assert.deepStrictEqual(plan.undo.entries.map((u) => u.path), ['/w/b.txt']);
    });
    it('refuses a create whose path now exists on disk', () => {
        const { disk, model } = setup();
        model.write('/w/n.txt', (0, modelFixtures_1.enc)('N\n'), (0, modelFixtures_1.meta)(), disk);
        disk.put('/w/n.txt', 'user\n');
        assert.deepStrictEqual(model.planApply(undefined, disk.read).refused.map((r) => r.reason), ['diskChanged']);
    });
    it('a swap (rename cycle) is applied as writes', () => {
        const { disk, model } = setup();
        model.rename('/w/a.txt', '/w/t', (0, modelFixtures_1.meta)(), disk);
        model.rename('/w/b.txt', '/w/a.txt', (0, modelFixtures_1.meta)(), disk);
        model.rename('/w/t', '/w/b.txt', (0, modelFixtures_1.meta)(), disk);
        const plan = model.planApply(undefined, disk.read);
        assert.strictEqual(plan.groups.length, 1);
        assert.deepStrictEqual(plan.groups[0].actions.map((a) => a.kind), ['write', 'write']);
        disk.execute(plan.groups[0].actions, model.store);
        assert.strictEqual(disk.text('/w/a.txt'), 'B\n');
        assert.strictEqual(disk.text('/w/b.txt'), 'A\n');
    });
    it('a rename chain into a path whose own file moves on is ordered', () => {
        const { disk, model } = setup();
        model.rename('/w/b.txt', '/w/z.txt', (0, modelFixtures_1.meta)(), disk); // b's file leaves first
        model.rename('/w/a.txt', '/w/b.txt', (0, modelFixtures_1.meta)(), disk); // then a's file takes its place
        const plan = model.planApply(undefined, disk.read);
        const actions = plan.groups.flatMap((g) => g.actions);
        assert.deepStrictEqual(actions.map((a) => (a.kind === 'rename' ? `${a.from}→${a.to}` : a.kind)), ['/w/b.txt→/w/z.txt', '/w/a.txt→/w/b.txt']);
        disk.execute(actions, model.store);
        assert.deepStrictEqual([disk.text('/w/a.txt'), disk.text('/w/b.txt'), disk.text('/w/z.txt')], [undefined, 'A\n', 'B\n']);
    });
    it('the undo record restores exactly what apply replaced', () => {
        const { disk, model } = setup();
        model.write('/w/a.txt', (0, modelFixtures_1.enc)('A1\n'), (0, modelFixtures_1.meta)(), disk);
        model.delete('/w/b.txt', (0, modelFixtures_1.meta)(), disk);
        model.rename('/w/c.txt', '/w/c2.txt', (0, modelFixtures_1.meta)(), disk);
        model.write('/w/n.txt', (0, modelFixtures_1.enc)('N\n'), (0, modelFixtures_1.meta)(), disk);
        const before = disk.snapshot();
        const plan = model.planApply(undefined, disk.read);
        disk.execute(plan.groups.flatMap((g) => g.actions), model.store);
        const undo = (0, applyPlan_1.planUndo)(plan.undo, disk.read);
        assert.deepStrictEqual(undo.refused, []);
        disk.execute(undo.actions, model.store);
        assert.deepStrictEqual(disk.snapshot(), before);
    });
    it('undo refuses a path changed since the apply', () => {
        const { disk, model } = setup();
        model.write('/w/a.txt', (0, modelFixtures_1.enc)('A1\n'), (0, modelFixtures_1.meta)(), disk);
        const plan = model.planApply(undefined, disk.read);
        disk.execute(plan.groups[0].actions, model.store);
        disk.put('/w/a.txt', 'edited after apply\n');
        assert.deepStrictEqual((0, applyPlan_1.planUndo)(plan.undo, disk.read).refused, ['/w/a.txt']);
    });
    it('a change undone by the agent is not applied', () => {
        const { disk, model } = setup();
        model.write('/w/a.txt', (0, modelFixtures_1.enc)('A1\n'), (0, modelFixtures_1.meta)(), disk);
        model.write('/w/a.txt', (0, modelFixtures_1.enc)('A\n'), (0, modelFixtures_1.meta)(), disk);
        const plan = model.planApply(['/w/a.txt'], disk.read);
        assert.deepStrictEqual(plan.groups, []);
    });
});
//# sourceMappingURL=applyPlan.test.js.map