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
const historyRequestQueue_1 = require("../../../src/history/historyRequestQueue");
const info = (displayPath) => ({ kind: 'listVersions', displayPath, via: 'test' });
/** A dialog the test answers by hand. */
function dialog() {
    let resolve;
    const d = {
        started: false,
        run: () => { d.started = true; return new Promise((r) => (resolve = r)); },
        answer: (v) => resolve(v),
    };
    return d;
}
const tick = () => new Promise((r) => setImmediate(r));
describe('HistoryRequestQueue (agent requests waiting on the user)', () => {
    it('shows one dialog at a time, in arrival order', async () => {
        const q = new historyRequestQueue_1.HistoryRequestQueue(() => 1000);
        const a = dialog();
        const b = dialog();
        const pa = q.submit(info('a.ts'), a.run);
        const pb = q.submit(info('b.ts'), b.run);
        await tick();
        assert.strictEqual(a.started, true);
        assert.strictEqual(b.started, false);
        assert.strictEqual(q.current?.displayPath, 'a.ts');
        assert.deepStrictEqual(q.waiting.map((r) => [r.displayPath, r.requestedAt]), [['b.ts', 1000]]);
        a.answer('A');
        assert.deepStrictEqual(await pa, { kind: 'answered', value: 'A' });
        await tick();
        assert.strictEqual(b.started, true);
        b.answer('B');
        assert.deepStrictEqual(await pb, { kind: 'answered', value: 'B' });
        assert.strictEqual(q.current, undefined);
    });
    it('prioritize moves a waiting request to the front', async () => {
        const q = new historyRequestQueue_1.HistoryRequestQueue();
        const [a, b, c] = [dialog(), dialog(), dialog()];
        const pa = q.submit(info('a'), a.run);
        void q.submit(info('b'), b.run);
        void q.submit(info('c'), c.run);
        const cId = q.waiting[1].id;
        assert.strictEqual(q.prioritize(cId), true);
        assert.strictEqual(q.prioritize(999), false);
        assert.deepStrictEqual(q.waiting.map((r) => r.displayPath), ['c', 'b']);
        a.answer('A');
        await pa;
        await tick();
        assert.strictEqual(c.started, true);
        assert.strictEqual(b.started, false);
    });
    it('denyAllPending answers the waiting ones without a dialog, not the one on screen', async () => {
        const q = new historyRequestQueue_1.HistoryRequestQueue();
        const [a, b] = [dialog(), dialog()];
        const pa = q.submit(info('a'), a.run);
        const pb = q.submit(info('b'), b.run);
        assert.strictEqual(q.denyAllPending(), 1);
        assert.deepStrictEqual(await pb, { kind: 'deniedWhileWaiting' });
        assert.strictEqual(b.started, false);
        a.answer('A');
        assert.deepStrictEqual(await pa, { kind: 'answered', value: 'A' });
    });
    it('an agent cancelling a waiting request removes it; an aborted signal never shows a dialog', async () => {
        const q = new historyRequestQueue_1.HistoryRequestQueue();
        const [a, b] = [dialog(), dialog()];
        void q.submit(info('a'), a.run);
        const ac = new AbortController();
        const pb = q.submit(info('b'), b.run, ac.signal);
        ac.abort();
        assert.deepStrictEqual(await pb, { kind: 'cancelled' });
        assert.deepStrictEqual(q.waiting, []);
        const pre = new AbortController();
        pre.abort();
        let ran = false;
        assert.deepStrictEqual(await q.submit(info('c'), async () => { ran = true; }, pre.signal), { kind: 'cancelled' });
        assert.strictEqual(ran, false);
    });
    it('a throwing dialog rejects its own request and the next one still runs', async () => {
        const q = new historyRequestQueue_1.HistoryRequestQueue();
        const b = dialog();
        const pa = q.submit(info('a'), () => { throw new Error('boom'); });
        const pb = q.submit(info('b'), b.run);
        await assert.rejects(pa, /boom/);
        await tick();
        assert.strictEqual(b.started, true);
        b.answer('B');
        assert.deepStrictEqual(await pb, { kind: 'answered', value: 'B' });
    });
    it('dispose cancels waiting requests and refuses new ones; change events fire', async () => {
        const q = new historyRequestQueue_1.HistoryRequestQueue();
        let changes = 0;
        q.onDidChange(() => changes++);
        const a = dialog();
        void q.submit(info('a'), a.run);
        const pb = q.submit(info('b'), dialog().run);
        assert.ok(changes > 0);
        q.dispose();
        q.dispose();
        assert.deepStrictEqual(await pb, { kind: 'cancelled' });
        assert.deepStrictEqual(await q.submit(info('c'), async () => 'x'), { kind: 'cancelled' });
    });
    describe('parked requests (a picker hidden without an answer: VS Code shows one quick input at a time)', () => {
        /** A dialog that parks once, then answers what its park resolved with. */
        function parking() {
            const d = { started: 0, outcomes: [], run: async (turn) => {
                    d.started++;
                    const o = await turn.park();
                    d.outcomes.push(o);
                    return o;
                } };
            return d;
        }
        it('keeps its turn while parked; answerNow resumes the same dialog', async () => {
            const q = new historyRequestQueue_1.HistoryRequestQueue();
            const a = parking();
            const b = dialog();
            const pa = q.submit(info('a'), a.run);
            void q.submit(info('b'), b.run);
            await tick();
            assert.deepStrictEqual([q.current?.displayPath, q.current?.parked, q.pendingCount], ['a', true, 2]);
            assert.strictEqual(b.started, false, 'nothing else comes up over a parked request');
            assert.strictEqual(q.answerNow(q.current.id), true);
            assert.deepStrictEqual(await pa, { kind: 'answered', value: 'resume' });
            assert.strictEqual(a.started, 1);
            await tick();
            assert.strictEqual(b.started, true);
        });
        it('answering a waiting one first sets the parked one aside; it resumes right after', async () => {
            const q = new historyRequestQueue_1.HistoryRequestQueue();
            const a = parking();
            const [b, c] = [dialog(), dialog()];
            const pa = q.submit(info('a'), a.run);
            const pb = q.submit(info('b'), b.run);
            void q.submit(info('c'), c.run);
            await tick();
            const bId = q.waiting[0].id;
            assert.strictEqual(q.answerNow(bId), true);
            await tick();
            assert.strictEqual(q.current?.displayPath, 'b');
            assert.strictEqual(b.started, true);
            assert.deepStrictEqual(q.waiting.map((r) => [r.displayPath, r.parked]), [['a', true], ['c', false]]);
            b.answer('B');
            assert.deepStrictEqual(await pb, { kind: 'answered', value: 'B' });
            assert.deepStrictEqual(await pa, { kind: 'answered', value: 'resume' });
            assert.strictEqual(a.started, 1, 'the same dialog resumes; it does not start over');
            await tick();
            assert.strictEqual(c.started, true);
        });
        it('deny and cancel reach a parked request, on its turn or set aside; dispose cancels it', async () => {
            const q = new historyRequestQueue_1.HistoryRequestQueue();
            const [a, b] = [parking(), parking()];
            const pa = q.submit(info('a'), a.run);
            const ac = new AbortController();
            const pb = q.submit(info('b'), b.run, ac.signal);
            await tick();
            const aId = q.current.id;
            q.answerNow(q.waiting[0].id);
            await tick();
            assert.deepStrictEqual([q.current?.displayPath, q.current?.parked], ['b', true]);
            assert.strictEqual(q.deny(aId), true, 'the set-aside one');
            assert.deepStrictEqual(await pa, { kind: 'answered', value: 'deny' });
            ac.abort();
            assert.deepStrictEqual(await pb, { kind: 'answered', value: 'cancelled' });
            assert.strictEqual(q.current, undefined);
            const c = parking();
            const pc = q.submit(info('c'), c.run);
            await tick();
            q.dispose();
            assert.deepStrictEqual(await pc, { kind: 'answered', value: 'cancelled' });
        });
        it('a dialog on screen is not parked: answerNow and deny leave it alone', async () => {
            const q = new historyRequestQueue_1.HistoryRequestQueue();
            const a = dialog();
            const pa = q.submit(info('a'), a.run);
            await tick();
            assert.strictEqual(q.answerNow(q.current.id), false);
            assert.strictEqual(q.deny(q.current.id), false);
            assert.strictEqual(q.pendingCount, 0);
            a.answer('A');
            assert.deepStrictEqual(await pa, { kind: 'answered', value: 'A' });
        });
    });
});
//# sourceMappingURL=historyRequestQueue.test.js.map