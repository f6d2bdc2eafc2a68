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
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const assert = __importStar(require("assert"));
const fast_check_1 = __importDefault(require("fast-check"));
const contentStore_1 = require("../../../src/fs/model/contentStore");
const overlaySchema_1 = require("../../../src/fs/model/overlaySchema");
const modelFixtures_1 = require("./modelFixtures");
const overlayModel_1 = require("../../../src/fs/model/overlayModel");
const overlayError_1 = require("../../../src/fs/model/overlayError");
/**
 * Seeded randomized tests of SPEC §9's overlay invariants over sequences of create / modify / delete / rename /
 * prune / discard / external edits. Files have 40 lines; message k edits only lines 4k and 4k+1, and external
 * edits only line 37 (a "clash" edits line 0), so edits of different authors never touch neighbouring lines.
 */
const SEED = 20_250_301;
const FILES = ['/w/f0', '/w/f1', '/w/f2', '/w/f3', '/w/f4', '/w/d/f5', '/w/d/f6', '/w/f7'];
const MESSAGES = 9;
const initialText = (name) => Array.from({ length: 40 }, (_, i) => `${name} line ${i}\n`).join('');
const file = fast_check_1.default.nat({ max: FILES.length - 1 });
const msg = fast_check_1.default.nat({ max: MESSAGES - 1 });
const action = fast_check_1.default.oneof({ weight: 8, arbitrary: fast_check_1.default.record({ kind: fast_check_1.default.constant('write'), file, msg, slot: fast_check_1.default.nat({ max: 1 }), token: fast_check_1.default.nat({ max: 999 }) }) }, { weight: 2, arbitrary: fast_check_1.default.record({ kind: fast_check_1.default.constant('delete'), file, msg }) }, { weight: 2, arbitrary: fast_check_1.default.record({ kind: fast_check_1.default.constant('rename'), file, to: file, msg }) }, { weight: 1, arbitrary: fast_check_1.default.record({ kind: fast_check_1.default.constant('prune'), msg }) }, { weight: 1, arbitrary: fast_check_1.default.record({ kind: fast_check_1.default.constant('discardPath'), file }) }, { weight: 1, arbitrary: fast_check_1.default.record({ kind: fast_check_1.default.constant('discardChange'), nth: fast_check_1.default.nat({ max: 50 }) }) }, { weight: 2, arbitrary: fast_check_1.default.record({ kind: fast_check_1.default.constant('external'), file, to: file, what: fast_check_1.default.constantFrom('edit', 'clash', 'delete', 'create', 'move') }) }, { weight: 1, arbitrary: fast_check_1.default.record({ kind: fast_check_1.default.constant('resolve'), nth: fast_check_1.default.nat({ max: 5 }), how: fast_check_1.default.constantFrom('acceptAgent', 'acceptDisk', 'delegate', 'manual') }) });
function setLine(text, line, to) {
    const ls = text.split('\n');
    ls[line] = to;
    return ls.join('\n');
}
function newWorld() {
    const store = new contentStore_1.MemoryContentStore();
    const disk = new modelFixtures_1.FakeDisk(Object.fromEntries(FILES.slice(0, 5).map((f) => [f, initialText(f)])));
    const model = new overlayModel_1.OverlayModel(store, { now: () => 1, newId: (0, modelFixtures_1.counterIds)() });
    const ops = [];
    // What the store would persist: the op as JSON.
    model.onDidChange((e) => e.op && ops.push(JSON.parse(JSON.stringify(e.op))));
    return { store, disk, model, ops, externalEdits: 0 };
}
function run(w, a) {
    const { model, disk } = w;
    const exists = (p) => model.read(p, disk.read) !== undefined;
    switch (a.kind) {
        case 'write': {
            const p = FILES[a.file];
            const cur = (0, modelFixtures_1.dec)(model.read(p, disk.read)) ?? initialText(p);
            model.write(p, (0, modelFixtures_1.enc)(setLine(cur, 4 * a.msg + a.slot, `m${a.msg} wrote ${a.token}`)), (0, modelFixtures_1.meta)(`m${a.msg}`, `s${a.msg % 2}`), disk);
            return;
        }
        case 'delete':
            if (exists(FILES[a.file]))
                model.delete(FILES[a.file], (0, modelFixtures_1.meta)(`m${a.msg}`), disk);
            return;
        case 'rename':
            if (a.file !== a.to && exists(FILES[a.file]) && !exists(FILES[a.to]))
                model.rename(FILES[a.file], FILES[a.to], (0, modelFixtures_1.meta)(`m${a.msg}`), disk);
            return;
        case 'prune':
            model.prune(`m${a.msg}`);
            return;
        case 'discardPath':
            model.discardPaths([FILES[a.file]]);
            return;
        case 'discardChange': {
            const records = model.snapshot().records;
            if (records.length)
                model.discardChange(records[a.nth % records.length].id);
            return;
        }
        case 'external': {
            const p = FILES[a.file];
            const cur = disk.text(p);
            if (a.what === 'edit' && cur !== undefined)
                disk.put(p, setLine(cur, 37, `user ${w.externalEdits}`));
            // A clash edits message 0's line, so staged edits there conflict.
            else if (a.what === 'clash' && cur !== undefined)
                disk.put(p, setLine(cur, 0, `user ${w.externalEdits}`));
            else if (a.what === 'delete' && cur !== undefined)
                disk.remove(p);
            else if (a.what === 'create' && cur === undefined)
                disk.put(p, initialText(`${p} by user`));
            else if (a.what === 'move' && cur !== undefined && disk.text(FILES[a.to]) === undefined)
                disk.move(p, FILES[a.to]);
            else
                return;
            w.externalEdits++;
            model.reconcileAll(disk);
            return;
        }
        case 'resolve': {
            const conflicts = model.conflicts();
            if (!conflicts.length)
                return;
            const p = conflicts[a.nth % conflicts.length].path;
            if (a.how !== 'manual') {
                model.resolve(p, { kind: a.how });
                return;
            }
            // "No file" cannot be said through a rename or a create: a clear error that leaves the model as it was.
            const before = JSON.stringify(model.snapshot());
            try {
                model.resolveManually(p, a.nth % 2 ? (0, modelFixtures_1.enc)(`merged by hand ${a.nth}\n`) : undefined);
            }
            catch (e) {
                assert.ok(e instanceof overlayError_1.OverlayError && e.code === 'InvalidOperation' && a.nth % 2 === 0, String(e));
                assert.strictEqual(JSON.stringify(model.snapshot()), before);
            }
            return;
        }
    }
}
function allPaths(w) {
    return [...new Set([...FILES, ...w.disk.paths(), ...w.model.snapshot().entries.map((e) => e.path)])].sort();
}
function view(model, disk, paths) {
    return new Map(paths.map((p) => [p, (0, modelFixtures_1.dec)(model.read(p, disk.read))]));
}
function replay(store, ops, from) {
    const m = new overlayModel_1.OverlayModel(store);
    if (from !== undefined)
        m.restore(from);
    for (const op of ops)
        m.apply((0, overlaySchema_1.parseOverlayOp)(op));
    return m;
}
function copyDisk(disk) {
    const c = new modelFixtures_1.FakeDisk();
    for (const p of disk.paths())
        c.put(p, disk.read(p));
    c.mutations = 0;
    return c;
}
describe('overlay invariants (seeded, randomized)', function () {
    this.timeout(120_000);
    it('accept all reproduces the staged view; reject all reproduces the disk; nothing reaches the disk otherwise', () => {
        fast_check_1.default.assert(fast_check_1.default.property(fast_check_1.default.array(action, { maxLength: 80, size: 'large' }), (actions) => {
            const w = newWorld();
            for (const a of actions)
                run(w, a);
            assert.strictEqual(w.disk.mutations, w.externalEdits, 'only the test touched the disk');
            // No composite without a record that made it (content itself is checked against the reference model in
            // referenceFuzz.test.ts; comparing two of the model's own queries here could not fail).
            for (const c of w.model.composites()) {
                assert.ok(c.records.length > 0, `${c.path} is listed with no record`);
            }
            const paths = allPaths(w);
            const staged = view(w.model, w.disk, paths);
            // Accept all, on a copy of the disk, by a replayed copy of the model.
            const accepting = replay(w.store, w.ops);
            const disk2 = copyDisk(w.disk);
            const plan = accepting.planApply(undefined, disk2.read);
            const refusedPaths = new Set(plan.refused.flatMap((r) => r.paths));
            for (const g of plan.groups) {
                disk2.execute(g.actions, w.store);
                accepting.markApplied(g.paths);
            }
            for (const p of paths) {
                if (refusedPaths.has(p))
                    assert.strictEqual(disk2.text(p), w.disk.text(p), `refused ${p} untouched`);
                else
                    assert.strictEqual(disk2.text(p), staged.get(p), `applied ${p}`);
            }
            // Applying never changes what the agent sees.
            assert.deepStrictEqual(view(accepting, disk2, paths), staged);
            for (const p of accepting.stagedPaths())
                assert.ok(refusedPaths.has(p), `${p} still pending only if refused`);
            // Reject all.
            const rejecting = replay(w.store, w.ops);
            rejecting.discardAll();
            assert.deepStrictEqual(view(rejecting, w.disk, paths), new Map(paths.map((p) => [p, w.disk.text(p)])));
            assert.strictEqual(w.disk.mutations, w.externalEdits);
        }), { seed: SEED, numRuns: 300 });
    });
    it('replaying the op log, or a snapshot plus the ops after it, reproduces the same model', () => {
        fast_check_1.default.assert(fast_check_1.default.property(fast_check_1.default.array(action, { maxLength: 80, size: 'large' }), fast_check_1.default.nat(), (actions, cut) => {
            const w = newWorld();
            let mid;
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
            if (mid !== undefined)
                assert.deepStrictEqual(replay(w.store, w.ops.slice(midOps), mid).snapshot(), final);
            assert.deepStrictEqual((0, overlaySchema_1.parseOverlaySnapshot)(JSON.parse(JSON.stringify(final))), final);
        }), { seed: SEED + 1, numRuns: 200 });
    });
    it('pruning message M equals building without M when no later change touched M’s lines', () => {
        const M = 3;
        // M edits only f0–f2 (which nobody renames or deletes) and creates g-files nobody else touches.
        const mAction = fast_check_1.default.oneof(fast_check_1.default.record({ kind: fast_check_1.default.constant('write'), file: fast_check_1.default.nat({ max: 2 }), msg: fast_check_1.default.constant(M), slot: fast_check_1.default.nat({ max: 1 }), token: fast_check_1.default.nat({ max: 999 }) }), fast_check_1.default.record({ kind: fast_check_1.default.constant('mcreate'), n: fast_check_1.default.nat({ max: 2 }), token: fast_check_1.default.nat({ max: 999 }) }));
        const otherMsg = fast_check_1.default.nat({ max: MESSAGES - 1 }).filter((m) => m !== M);
        const other = fast_check_1.default.oneof({ weight: 6, arbitrary: fast_check_1.default.record({ kind: fast_check_1.default.constant('write'), file, msg: otherMsg, slot: fast_check_1.default.nat({ max: 1 }), token: fast_check_1.default.nat({ max: 999 }) }) }, { weight: 1, arbitrary: fast_check_1.default.record({ kind: fast_check_1.default.constant('delete'), file: fast_check_1.default.integer({ min: 3, max: FILES.length - 1 }), msg: otherMsg }) }, { weight: 1, arbitrary: fast_check_1.default.record({ kind: fast_check_1.default.constant('rename'), file: fast_check_1.default.integer({ min: 3, max: FILES.length - 1 }), to: fast_check_1.default.integer({ min: 3, max: FILES.length - 1 }), msg: otherMsg }) });
        const runP = (w, a, skipM) => {
            if (a.kind === 'mcreate') {
                if (skipM)
                    return;
                const p = `/w/g${a.n}`;
                w.model.write(p, (0, modelFixtures_1.enc)(`created by m${M} ${a.token}\n`), (0, modelFixtures_1.meta)(`m${M}`), w.disk);
                return;
            }
            if (skipM && 'msg' in a && a.msg === M)
                return;
            run(w, a);
        };
        fast_check_1.default.assert(fast_check_1.default.property(fast_check_1.default.array(fast_check_1.default.oneof({ weight: 1, arbitrary: mAction }, { weight: 3, arbitrary: other }), { maxLength: 60, size: 'large' }), (actions) => {
            const withM = newWorld();
            for (const a of actions)
                runP(withM, a, false);
            const plan = withM.model.prune(`m${M}`);
            assert.deepStrictEqual(plan.conflicts, []);
            const withoutM = newWorld();
            for (const a of actions)
                runP(withoutM, a, true);
            const paths = [...new Set([...allPaths(withM), ...allPaths(withoutM), '/w/g0', '/w/g1', '/w/g2'])].sort();
            assert.deepStrictEqual(view(withM.model, withM.disk, paths), view(withoutM.model, withoutM.disk, paths));
            assert.deepStrictEqual(withM.model.stagedPaths().sort(), withoutM.model.stagedPaths().sort());
            assert.deepStrictEqual(withM.model.recordsByMessage(`m${M}`), []);
        }), { seed: SEED + 2, numRuns: 300 });
    });
});
//# sourceMappingURL=overlayInvariants.test.js.map