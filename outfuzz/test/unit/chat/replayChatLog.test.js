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
const fs = __importStar(require("fs"));
const replayChatLog_1 = require("../../../src/chat/replayChatLog");
const chatFixtures_1 = require("./chatFixtures");
const log = (...entries) => entries.map(e => JSON.stringify(e)).join('\n') + '\n';
const codeOf = (fn) => {
    try {
        fn();
    }
    catch (e) {
        assert.ok(e instanceof replayChatLog_1.ChatLogError, `expected a ChatLogError, got ${String(e)}`);
        return e.code;
    }
    assert.fail('expected an error');
};
describe('replayChatLog', () => {
    it('replays full state, set, push and delete', () => {
        const { state, entries, tornTail } = (0, replayChatLog_1.replayChatLog)(log({ kind: 0, v: { a: { b: 1 }, list: [1], title: 'x' } }, { kind: 1, k: ['a', 'b'], v: 2 }, { kind: 2, k: ['list'], v: [2, 3] }, { kind: 3, k: ['title'] }, { kind: 1, k: ['list', 0], v: 'one' }));
        assert.deepStrictEqual(state, { a: { b: 2 }, list: ['one', 2, 3], title: undefined });
        assert.strictEqual(entries, 5);
        assert.strictEqual(tornTail, false);
    });
    it('truncates before pushing when the push carries an index', () => {
        const { state } = (0, replayChatLog_1.replayChatLog)(log({ kind: 0, v: { r: [1, 2, 3, 4] } }, { kind: 2, k: ['r'], i: 1, v: ['b'] }, { kind: 2, k: ['r'], i: 0 }, { kind: 2, k: ['r'], v: ['z'] }));
        assert.deepStrictEqual(state, { r: ['z'] });
    });
    it('creates the array a push names when it does not exist yet, as VS Code does', () => {
        assert.deepStrictEqual((0, replayChatLog_1.replayChatLog)(log({ kind: 0, v: {} }, { kind: 2, k: ['pending'], v: [1] })).state, { pending: [1] });
    });
    it('starts over at a full state mid-file (compaction)', () => {
        assert.deepStrictEqual((0, replayChatLog_1.replayChatLog)(log({ kind: 0, v: { n: 1 } }, { kind: 1, k: ['n'], v: 2 }, { kind: 0, v: { m: 3 } })).state, { m: 3 });
    });
    it('replaces the root on a set with an empty path', () => {
        assert.deepStrictEqual((0, replayChatLog_1.replayChatLog)(log({ kind: 0, v: { n: 1 } }, { kind: 1, k: [], v: { n: 9 } })).state, { n: 9 });
    });
    it('ignores a torn last line and blank lines, and accepts CRLF and a BOM', () => {
        const text = '\ufeff' + log({ kind: 0, v: { n: 1 } }).replace('\n', '\r\n') + '\n' + '{"kind":1,"k":["n"],"v":2}\n{"kind":1,"k":["n"],"v":';
        const { state, tornTail, entries } = (0, replayChatLog_1.replayChatLog)(text);
        assert.deepStrictEqual(state, { n: 2 });
        assert.strictEqual(tornTail, true);
        assert.strictEqual(entries, 2);
    });
    it('handles a push of more items than fit in one call\'s arguments', () => {
        const many = Array.from({ length: 200_000 }, (_, k) => k);
        const { state } = (0, replayChatLog_1.replayChatLog)(log({ kind: 0, v: { r: [] } }, { kind: 2, k: ['r'], v: many }));
        assert.strictEqual(state.r.length, 200_000);
    });
    it('keeps a "__proto__" key from the file as plain data', () => {
        const { state } = (0, replayChatLog_1.replayChatLog)(log({ kind: 0, v: { o: {} } }, { kind: 1, k: ['o', '__proto__'], v: { polluted: true } }));
        const o = state.o;
        assert.strictEqual(Object.getPrototypeOf(o), Object.prototype);
        assert.strictEqual(o.polluted, undefined);
        assert.deepStrictEqual(Object.keys(o), ['__proto__']);
        assert.strictEqual({}.polluted, undefined);
    });
    describe('refuses broken logs with a typed error', () => {
        const cases = [
            ['an empty file', '', 'empty'],
            ['only blank lines', '\n\n  \n', 'empty'],
            ['only a torn line', '{"kind":0,"v":{', 'empty'],
            ['garbage before the last line', '{"kind":0,"v":{}}\nnot json\n{"kind":1,"k":["a"],"v":1}\n', 'badLine'],
            ['an unknown kind', log({ kind: 0, v: {} }, { kind: 7, k: [] }), 'badEntry'],
            ['a line that is not an object', log({ kind: 0, v: {} }, [1, 2]), 'badEntry'],
            ['a path that is not a path', log({ kind: 0, v: {} }, { kind: 1, k: 'a.b', v: 1 }), 'badEntry'],
            ['a push of a non-array', log({ kind: 0, v: {} }, { kind: 2, k: ['a'], v: 'x' }), 'badEntry'],
            ['a negative truncation', log({ kind: 0, v: { a: [] } }, { kind: 2, k: ['a'], i: -1 }), 'badEntry'],
            ['a set before any full state', log({ kind: 1, k: ['a'], v: 1 }), 'noInitial'],
            ['a set through a missing object', log({ kind: 0, v: { requests: [] } }, { kind: 1, k: ['requests', 3, 'x'], v: 1 }), 'badPath'],
            ['a push onto a non-array', log({ kind: 0, v: { a: 1 } }, { kind: 2, k: ['a'], v: [1] }), 'badPath'],
            ['a delete of the root', log({ kind: 0, v: {} }, { kind: 3, k: [] }), 'badPath'],
            ['a named property of an array', log({ kind: 0, v: { a: [] } }, { kind: 1, k: ['a', 'length'], v: 1e9 }), 'badPath'],
        ];
        for (const [name, text, code] of cases)
            it(name, () => assert.strictEqual(codeOf(() => (0, replayChatLog_1.replayChatLog)(text)), code));
        it('says which line is broken', () => {
            assert.throws(() => (0, replayChatLog_1.replayChatLog)(fs.readFileSync((0, chatFixtures_1.fixtureSession)('corrupt-middle.jsonl'), 'utf8')), /line 2: not JSON/);
        });
    });
});
//# sourceMappingURL=replayChatLog.test.js.map