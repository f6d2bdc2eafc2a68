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
const overlayError_1 = require("../../../src/fs/model/overlayError");
const overlaySchema_1 = require("../../../src/fs/model/overlaySchema");
const modelFixtures_1 = require("./modelFixtures");
const corrupt = (e) => e instanceof overlayError_1.OverlayError && e.code === 'CorruptState';
function populated() {
    const disk = new modelFixtures_1.FakeDisk({ '/w/a.txt': 'one\ntwo\nthree\nfour\nfive\n', '/w/b.txt': 'B\n' });
    const model = (0, modelFixtures_1.newModel)();
    const ops = [];
    model.onDidChange((e) => e.op && ops.push(e.op));
    model.write('/w/a.txt', (0, modelFixtures_1.enc)('ONE\ntwo\nthree\nfour\nfive\n'), (0, modelFixtures_1.meta)('m1'), disk);
    model.rename('/w/b.txt', '/w/c.txt', (0, modelFixtures_1.meta)('m2'), disk);
    model.write('/w/a.txt', (0, modelFixtures_1.enc)('ONE\ntwo\nthree\nfour\nFIVE\n'), (0, modelFixtures_1.meta)('m3'), disk);
    disk.put('/w/a.txt', 'one\ntwo\nTHREE\nfour\nfive\n');
    model.reconcile('/w/a.txt', disk);
    disk.put('/w/n.txt', 'user\n');
    model.write('/w/n.txt', (0, modelFixtures_1.enc)('agent\n'), (0, modelFixtures_1.meta)('m4'), new modelFixtures_1.FakeDisk());
    model.reconcile('/w/n.txt', disk);
    model.resolve('/w/n.txt', { kind: 'delegate' });
    model.prune('m1');
    return { disk, model, ops };
}
describe('snapshot and op schema', () => {
    it('a snapshot survives JSON and restores the same model', () => {
        const { disk, model } = populated();
        const json = JSON.parse(JSON.stringify(model.snapshot()));
        assert.deepStrictEqual((0, overlaySchema_1.parseOverlaySnapshot)(json), model.snapshot());
        const restored = (0, modelFixtures_1.newModel)(model.store);
        restored.restore(json);
        assert.deepStrictEqual(restored.snapshot(), model.snapshot());
        for (const p of ['/w/a.txt', '/w/b.txt', '/w/c.txt', '/w/n.txt'])
            assert.strictEqual((0, modelFixtures_1.readText)(restored, disk, p), (0, modelFixtures_1.readText)(model, disk, p));
        assert.deepStrictEqual(restored.composites(), model.composites());
    });
    it('every op type round-trips through JSON and the validator', () => {
        const { ops } = populated();
        const extra = [
            { type: 'discard', paths: ['/w/x'] },
            { type: 'discardAll' },
            { type: 'applied', paths: ['/w/y'] },
            { type: 'resolve', path: '/w/z', resolution: { kind: 'manual', content: null } },
        ];
        const types = new Set();
        for (const op of [...ops, ...extra]) {
            types.add(op.type);
            assert.deepStrictEqual((0, overlaySchema_1.parseOverlayOp)(JSON.parse(JSON.stringify(op))), op);
        }
        assert.deepStrictEqual([...types].sort(), ['applied', 'conflict', 'discard', 'discardAll', 'replace', 'resolve', 'revert', 'stage']);
    });
    it('a record staged over a disk that moved is one replace op carrying it, and the op log rebuilds the same model', () => {
        // A rename there and back leaves /w/h reading through to the disk; the disk file then goes away and the agent
        // creates /w/h afresh: the component is replayed from the new baseline in the same op as the record is added.
        const disk = new modelFixtures_1.FakeDisk({ '/w/h': 'h\n', '/w/g': 'g\n' });
        const model = (0, modelFixtures_1.newModel)();
        const ops = [];
        model.onDidChange((e) => e.op && ops.push(e.op));
        model.rename('/w/h', '/w/x', (0, modelFixtures_1.meta)('m1'), disk);
        model.rename('/w/x', '/w/h', (0, modelFixtures_1.meta)('m2'), disk);
        disk.remove('/w/h');
        const r = model.write('/w/h', (0, modelFixtures_1.enc)('new\n'), (0, modelFixtures_1.meta)('m3'), disk);
        const last = ops[ops.length - 1];
        assert.strictEqual(last.type, 'replace');
        assert.deepStrictEqual(last.type === 'replace' ? last.added?.map((x) => x.id) : undefined, [r?.id]);
        const rebuilt = (0, modelFixtures_1.newModel)(model.store);
        for (const op of ops)
            rebuilt.apply((0, overlaySchema_1.parseOverlayOp)(JSON.parse(JSON.stringify(op))));
        assert.deepStrictEqual(rebuilt.snapshot(), model.snapshot());
        assert.strictEqual((0, modelFixtures_1.readText)(rebuilt, disk, '/w/h'), 'new\n');
        assert.throws(() => rebuilt.apply(last), corrupt, 'replaying the op twice would stage its record twice');
    });
    it('a corrupt snapshot is a CorruptState error and leaves the model as it was', () => {
        const { model } = populated();
        const good = JSON.parse(JSON.stringify(model.snapshot()));
        const before = model.snapshot();
        const bad = [
            null,
            [],
            { ...good, version: 2 },
            { ...good, records: 'x' },
            { ...good, records: [{ ...good.records[0], before: 'not-a-ref' }] },
            { ...good, records: [{ ...good.records[0], operation: 'delete' }] },
            { ...good, records: [{ ...good.records[0], turn: '1' }] },
            { ...good, entries: [{ ...good.entries[0], state: { kind: 'clean' } }] },
            { ...good, entries: [{ ...good.entries[0], conflict: { kind: 'weird' } }] },
            { ...good, entries: [{ ...good.entries[0], recordIds: ['ghost'] }] },
            { ...good, entries: [...good.entries, good.entries[0]] },
            { ...good, records: [...good.records, good.records[0]] },
            { ...good, entries: good.entries.filter((e) => e.movedFrom === undefined) },
        ];
        for (const b of bad) {
            assert.throws(() => model.restore(b), corrupt, JSON.stringify(b)?.slice(0, 80));
            assert.deepStrictEqual(model.snapshot(), before);
        }
    });
    it('a corrupt op is a CorruptState error naming the field', () => {
        assert.throws(() => (0, overlaySchema_1.parseOverlayOp)({ type: 'explode' }), corrupt);
        assert.throws(() => (0, overlaySchema_1.parseOverlayOp)({ type: 'stage', record: { id: 1 } }), (e) => corrupt(e) && /at op\.record\./.test(e.message));
        const record = { id: 7, operation: 'create', path: '/a', before: null, after: 'a'.repeat(64), sessionId: 's', messageId: 'm', turn: 1, timestamp: 1, description: '' };
        assert.throws(() => (0, overlaySchema_1.parseOverlayOp)({ type: 'stage', record }), (e) => corrupt(e) && /at op\.record\.id/.test(e.message));
        assert.deepStrictEqual((0, overlaySchema_1.parseOverlayOp)({ type: 'stage', record: { ...record, id: 'r7' } }), { type: 'stage', record: { ...record, id: 'r7' } });
        assert.throws(() => (0, overlaySchema_1.parseOverlayOp)({ type: 'rebase', path: '/a', diskPath: '/a', base: 'zz', after: null }), corrupt);
        assert.throws(() => (0, overlaySchema_1.parseOverlayOp)({ type: 'stage', record: { id: 'r', operation: 'rename', path: '/b', before: 'a'.repeat(64), after: 'a'.repeat(64), sessionId: 's', messageId: 'm', turn: 1, timestamp: 1, description: '' } }), corrupt);
    });
    it('a stage op replayed twice is refused (the log must not double-apply)', () => {
        const { model, ops } = populated();
        const stage = ops.find((o) => o.type === 'stage' && o.record.operation === 'rename');
        assert.ok(stage);
        assert.throws(() => model.apply(stage), corrupt);
    });
});
//# sourceMappingURL=overlaySchema.test.js.map