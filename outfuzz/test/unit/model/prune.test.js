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
const lines = (...xs) => xs.map((x) => `${x}\n`).join('');
const BASE = lines('l0', 'l1', 'l2', 'l3', 'l4', 'l5', 'l6', 'l7', 'l8');
const edit = (text, i, to) => {
    const ls = text.split('\n');
    ls[i] = to;
    return ls.join('\n');
};
function setup(files = { '/w/a.txt': BASE, '/w/b.txt': BASE }) {
    const disk = new modelFixtures_1.FakeDisk(files);
    return { disk, model: (0, modelFixtures_1.newModel)() };
}
describe('prune by message', () => {
    it('takes out a message that was the only change: the composite disappears', () => {
        const { disk, model } = setup();
        model.write('/w/a.txt', (0, modelFixtures_1.enc)(edit(BASE, 1, 'M1')), (0, modelFixtures_1.meta)('m1'), disk);
        model.write('/w/b.txt', (0, modelFixtures_1.enc)(edit(BASE, 1, 'M2')), (0, modelFixtures_1.meta)('m2'), disk);
        const plan = model.prune('m1');
        assert.deepStrictEqual(plan.conflicts, []);
        assert.deepStrictEqual(model.stagedPaths(), ['/w/b.txt']);
        assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/w/a.txt'), BASE);
        assert.deepStrictEqual(model.recordsByMessage('m1'), []);
    });
    it('rebases later changes to the same file onto the state without it', () => {
        const { disk, model } = setup();
        const s1 = edit(BASE, 1, 'M1');
        model.write('/w/a.txt', (0, modelFixtures_1.enc)(s1), (0, modelFixtures_1.meta)('m1'), disk);
        const s2 = edit(s1, 5, 'M2');
        model.write('/w/a.txt', (0, modelFixtures_1.enc)(s2), (0, modelFixtures_1.meta)('m2'), disk);
        const s3 = edit(s2, 8, 'M3');
        model.write('/w/a.txt', (0, modelFixtures_1.enc)(s3), (0, modelFixtures_1.meta)('m3'), disk);
        model.prune('m2');
        assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/w/a.txt'), edit(edit(BASE, 1, 'M1'), 8, 'M3'));
        assert.deepStrictEqual(model.composite('/w/a.txt')?.records.map((r) => r.messageId), ['m1', 'm3']);
        model.prune('m1');
        assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/w/a.txt'), edit(BASE, 8, 'M3'));
    });
    it('nothing else changes: other paths keep their entries object for object', () => {
        const { disk, model } = setup();
        model.write('/w/a.txt', (0, modelFixtures_1.enc)(edit(BASE, 1, 'M1')), (0, modelFixtures_1.meta)('m1'), disk);
        model.write('/w/b.txt', (0, modelFixtures_1.enc)(edit(BASE, 1, 'M2')), (0, modelFixtures_1.meta)('m2'), disk);
        const before = model.snapshot().entries.find((e) => e.path === '/w/b.txt');
        const plan = model.prune('m1');
        assert.deepStrictEqual(plan.op.entries.map((e) => e.path).concat(plan.op.removedPaths), ['/w/a.txt']);
        assert.strictEqual(model.snapshot().entries.find((e) => e.path === '/w/b.txt'), before);
    });
    it('a later change to the same lines makes the prune a conflict', () => {
        const { disk, model } = setup();
        const s1 = edit(BASE, 3, 'M1');
        model.write('/w/a.txt', (0, modelFixtures_1.enc)(s1), (0, modelFixtures_1.meta)('m1'), disk);
        model.write('/w/a.txt', (0, modelFixtures_1.enc)(edit(s1, 3, 'M2 on top of M1')), (0, modelFixtures_1.meta)('m2'), disk);
        const plan = model.prune('m1');
        assert.deepStrictEqual(plan.conflicts, ['/w/a.txt']);
        const c = model.composite('/w/a.txt');
        assert.strictEqual(c?.conflict?.origin, 'prune');
        assert.strictEqual(c?.conflict?.kind, 'text');
        // The staged content is left as it was, for the person (or the agent) to settle.
        assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/w/a.txt'), edit(s1, 3, 'M2 on top of M1'));
        assert.deepStrictEqual(c?.records.map((r) => r.messageId), ['m2']);
        model.resolve('/w/a.txt', { kind: 'acceptAgent' });
        assert.strictEqual(model.composite('/w/a.txt')?.conflict, undefined);
    });
    it('a prune conflict can be delegated and shows base/ours/theirs', () => {
        const { disk, model } = setup();
        const s1 = edit(BASE, 3, 'M1');
        model.write('/w/a.txt', (0, modelFixtures_1.enc)(s1), (0, modelFixtures_1.meta)('m1'), disk);
        model.write('/w/a.txt', (0, modelFixtures_1.enc)(edit(s1, 3, 'M2')), (0, modelFixtures_1.meta)('m2'), disk);
        model.prune('m1');
        model.resolve('/w/a.txt', { kind: 'delegate' });
        const d = model.conflictDetails('/w/a.txt');
        assert.strictEqual(d.origin, 'prune');
        assert.strictEqual(d.delegated, true);
        assert.strictEqual(new TextDecoder().decode(d.theirs), BASE);
    });
    it('pruning a create that later messages edited is a (deletion) conflict', () => {
        const { disk, model } = setup({});
        model.write('/w/n.txt', (0, modelFixtures_1.enc)(BASE), (0, modelFixtures_1.meta)('m1'), disk);
        model.write('/w/n.txt', (0, modelFixtures_1.enc)(edit(BASE, 2, 'M2')), (0, modelFixtures_1.meta)('m2'), disk);
        assert.deepStrictEqual(model.prune('m1').conflicts, ['/w/n.txt']);
        assert.strictEqual(model.composite('/w/n.txt')?.conflict?.kind, 'deletion');
    });
    it('pruning a create nobody touched since removes the file from the view', () => {
        const { disk, model } = setup({});
        model.write('/w/n.txt', (0, modelFixtures_1.enc)(BASE), (0, modelFixtures_1.meta)('m1'), disk);
        model.prune('m1');
        assert.deepStrictEqual(model.stagedPaths(), []);
        assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/w/n.txt'), undefined);
    });
    it('pruning a delete restores the file; if it was recreated since, a (creation) conflict', () => {
        const a = setup();
        a.model.delete('/w/a.txt', (0, modelFixtures_1.meta)('m1'), a.disk);
        a.model.prune('m1');
        assert.deepStrictEqual(a.model.stagedPaths(), []);
        assert.strictEqual((0, modelFixtures_1.readText)(a.model, a.disk, '/w/a.txt'), BASE);
        const b = setup();
        b.model.delete('/w/a.txt', (0, modelFixtures_1.meta)('m1'), b.disk);
        b.model.write('/w/a.txt', (0, modelFixtures_1.enc)('new\n'), (0, modelFixtures_1.meta)('m2'), b.disk);
        assert.deepStrictEqual(b.model.prune('m1').conflicts, ['/w/a.txt']);
        assert.strictEqual(b.model.composite('/w/a.txt')?.conflict?.kind, 'creation');
    });
    it('pruning the message of a create then delete of another message: the delete stays meaningful', () => {
        const { disk, model } = setup();
        model.delete('/w/a.txt', (0, modelFixtures_1.meta)('m1'), disk);
        model.write('/w/a.txt', (0, modelFixtures_1.enc)('recreated\n'), (0, modelFixtures_1.meta)('m2'), disk);
        model.prune('m2');
        assert.strictEqual(model.composite('/w/a.txt')?.kind, 'delete');
    });
    it('edits follow the file through a later rename', () => {
        const { disk, model } = setup();
        model.write('/w/a.txt', (0, modelFixtures_1.enc)(edit(BASE, 1, 'M1')), (0, modelFixtures_1.meta)('m1'), disk);
        model.rename('/w/a.txt', '/w/c.txt', (0, modelFixtures_1.meta)('m2'), disk);
        model.prune('m1');
        assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/w/c.txt'), BASE);
        assert.strictEqual(model.composite('/w/c.txt')?.kind, 'rename');
    });
    it('pruning a rename moves the file back with the later edits', () => {
        const { disk, model } = setup();
        model.rename('/w/a.txt', '/w/c.txt', (0, modelFixtures_1.meta)('m1'), disk);
        model.write('/w/c.txt', (0, modelFixtures_1.enc)(edit(BASE, 4, 'M2')), (0, modelFixtures_1.meta)('m2'), disk);
        assert.deepStrictEqual(model.prune('m1').conflicts, []);
        assert.deepStrictEqual(model.composites().map((c) => [c.path, c.kind]), [['/w/a.txt', 'modify']]);
        assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/w/a.txt'), edit(BASE, 4, 'M2'));
        assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/w/c.txt'), undefined);
    });
    it('pruning a rename whose source was recreated since: the new file and the one that comes back conflict', () => {
        const { disk, model } = setup();
        model.rename('/w/a.txt', '/w/c.txt', (0, modelFixtures_1.meta)('m1'), disk);
        model.write('/w/a.txt', (0, modelFixtures_1.enc)('new a\n'), (0, modelFixtures_1.meta)('m2'), disk);
        assert.deepStrictEqual(model.prune('m1').conflicts, ['/w/a.txt']);
        assert.strictEqual(model.composite('/w/a.txt')?.conflict?.kind, 'creation');
        assert.strictEqual(model.composite('/w/a.txt')?.conflict?.origin, 'prune');
        assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/w/c.txt'), undefined);
    });
    it('pruning the first of two chained renames leaves the second one from the original path', () => {
        const { disk, model } = setup();
        model.rename('/w/a.txt', '/w/x.txt', (0, modelFixtures_1.meta)('m1'), disk);
        model.rename('/w/x.txt', '/w/y.txt', (0, modelFixtures_1.meta)('m2'), disk);
        model.prune('m2');
        assert.deepStrictEqual(model.composites().map((c) => [c.path, c.fromPath]), [['/w/x.txt', '/w/a.txt']]);
        model.prune('m1');
        assert.deepStrictEqual(model.stagedPaths(), []);
    });
    it('a binary file cannot be text-rebased: prune with a later binary change is a conflict', () => {
        const { disk, model } = setup({ '/w/b.bin': '\0a' });
        model.write('/w/b.bin', Uint8Array.from([0, 1]), (0, modelFixtures_1.meta)('m1'), disk);
        model.write('/w/b.bin', Uint8Array.from([0, 2]), (0, modelFixtures_1.meta)('m2'), disk);
        const plan = model.prune('m1');
        assert.deepStrictEqual(plan.conflicts, ['/w/b.bin']);
        assert.strictEqual(model.composite('/w/b.bin')?.conflict?.binary, true);
    });
    it('discard a session rebases the other session’s later changes', () => {
        const { disk, model } = setup();
        const s1 = edit(BASE, 1, 'A');
        model.write('/w/a.txt', (0, modelFixtures_1.enc)(s1), (0, modelFixtures_1.meta)('m1', 'sA'), disk);
        model.write('/w/a.txt', (0, modelFixtures_1.enc)(edit(s1, 7, 'B')), (0, modelFixtures_1.meta)('m2', 'sB'), disk);
        model.write('/w/b.txt', (0, modelFixtures_1.enc)('only A\n'), (0, modelFixtures_1.meta)('m3', 'sA'), disk);
        model.discardSession('sA');
        assert.deepStrictEqual(model.stagedPaths(), ['/w/a.txt']);
        assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/w/a.txt'), edit(BASE, 7, 'B'));
    });
    it('pruning an unknown message changes nothing and fires nothing', () => {
        const { disk, model } = setup();
        model.write('/w/a.txt', (0, modelFixtures_1.enc)('x\n'), (0, modelFixtures_1.meta)('m1'), disk);
        let fired = 0;
        model.onDidChange(() => fired++);
        assert.deepStrictEqual(model.prune('nope').conflicts, []);
        assert.strictEqual(fired, 0);
    });
    it('a prune after a rebase onto the disk keeps the disk’s edit', () => {
        const { disk, model } = setup();
        model.write('/w/a.txt', (0, modelFixtures_1.enc)(edit(BASE, 1, 'M1')), (0, modelFixtures_1.meta)('m1'), disk);
        disk.put('/w/a.txt', edit(BASE, 7, 'USER'));
        model.reconcile('/w/a.txt', disk);
        model.prune('m1');
        assert.strictEqual((0, modelFixtures_1.readText)(model, disk, '/w/a.txt'), edit(BASE, 7, 'USER'));
        assert.deepStrictEqual(model.stagedPaths(), []);
    });
});
//# sourceMappingURL=prune.test.js.map