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
const fc = __importStar(require("fast-check"));
const shadowText_1 = require("../../../src/edits/shadowText");
/** Text with CRLFs, astral characters and lone surrogates mixed in, so chunk boundaries land inside pairs. */
const awkwardText = fc.string({
    unit: fc.constantFrom('a', 'b', '\r\n', '\n', '😀', '\ud800', 'ü', ' '),
    maxLength: 200,
});
describe('ShadowText', () => {
    it('applies random edit sequences exactly like a plain string (seeded)', () => {
        fc.assert(fc.property(awkwardText, fc.integer({ min: 2, max: 9 }), fc.array(fc.tuple(fc.nat(), fc.nat({ max: 30 }), awkwardText), { maxLength: 40 }), (initial, chunkSize, edits) => {
            const shadow = new shadowText_1.ShadowText(initial, { chunkSize });
            let model = initial;
            for (const [at, len, text] of edits) {
                const offset = at % (model.length + 1);
                const length = Math.min(len, model.length - offset);
                const old = shadow.replace(offset, length, text);
                assert.strictEqual(old, model.slice(offset, offset + length));
                model = model.slice(0, offset) + text + model.slice(offset + length);
                assert.strictEqual(shadow.length, model.length);
            }
            assert.strictEqual(shadow.getText(), model);
        }), { seed: 20250115, numRuns: 300 });
    });
    it('applies one event\'s changes given in any order, through both code paths (seeded)', () => {
        fc.assert(fc.property(awkwardText, fc.array(fc.tuple(fc.nat(), fc.nat({ max: 5 }), fc.string({ maxLength: 4 })), { maxLength: 80 }), fc.boolean(), (initial, raw, reverse) => {
            const sorted = raw.map(([at, len, text]) => ({ at: at % (initial.length + 1), len, text })).sort((a, b) => a.at - b.at);
            const changes = [];
            let end = -1;
            for (const c of sorted) {
                if (c.at <= end || (changes.length && c.at === changes[changes.length - 1].offset))
                    continue;
                const length = Math.min(c.len, initial.length - c.at);
                changes.push({ offset: c.at, length, text: c.text });
                end = c.at + length;
            }
            const given = reverse ? [...changes].reverse() : changes;
            const shadow = new shadowText_1.ShadowText(initial, { chunkSize: 4 });
            const olds = shadow.applyAll(given);
            let model = initial;
            for (const c of [...changes].reverse())
                model = model.slice(0, c.offset) + c.text + model.slice(c.offset + c.length);
            assert.strictEqual(shadow.getText(), model);
            assert.deepStrictEqual(olds, given.map(c => initial.slice(c.offset, c.offset + c.length)));
        }), { seed: 42, numRuns: 300 });
    });
    it('applies sequences of many-change events exactly like a plain string, chunks staying bounded (seeded)', () => {
        fc.assert(fc.property(awkwardText, fc.integer({ min: 2, max: 9 }), fc.array(fc.array(fc.tuple(fc.nat(), fc.nat({ max: 6 }), awkwardText), { minLength: 2, maxLength: 50 }), { maxLength: 12 }), (initial, chunkSize, events) => {
            const shadow = new shadowText_1.ShadowText(initial, { chunkSize });
            let model = initial;
            for (const raw of events) {
                const changes = [];
                let end = -1;
                for (const [at, len, text] of raw.map(([a, l, t]) => [a % (model.length + 1), l, t]).sort((x, y) => x[0] - y[0])) {
                    if (at <= end || (changes.length && at === changes[changes.length - 1].offset))
                        continue;
                    const length = Math.min(len, model.length - at);
                    changes.push({ offset: at, length, text: text.slice(0, 3) });
                    end = at + length;
                }
                const olds = shadow.applyAll(changes);
                assert.deepStrictEqual(olds, changes.map(c => model.slice(c.offset, c.offset + c.length)));
                for (const c of [...changes].reverse())
                    model = model.slice(0, c.offset) + c.text + model.slice(c.offset + c.length);
                assert.strictEqual(shadow.length, model.length);
            }
            assert.strictEqual(shadow.getText(), model);
            assert.ok(shadow.chunkCount <= Math.max(1, Math.ceil((model.length * 4) / chunkSize) + 1), `chunks: ${shadow.chunkCount} for ${model.length}`);
        }), { seed: 18, numRuns: 300 });
    });
    it('rebuilds only the chunks a many-change event touches, not the whole document', () => {
        const text = 'const value = compute(alpha, beta);\n'.repeat(30_000); // ~1 MB
        const shadow = new shadowText_1.ShadowText(text, { chunkSize: 8 * 1024 });
        // A 200-cursor edit on 200 consecutive lines in the middle of the file (~7 KB of it).
        const line = 'const value = compute(alpha, beta);\n'.length;
        const changes = Array.from({ length: 200 }, (_, k) => ({ offset: (11_000 + k) * line + 6, length: 5, text: 'renamed' }));
        const olds = shadow.applyAll(changes);
        assert.deepStrictEqual(olds, changes.map(() => 'value'));
        assert.ok(shadow.lastRebuilt > 0 && shadow.lastRebuilt <= 4 * 8 * 1024, `rebuilt ${shadow.lastRebuilt} of ${shadow.length}`);
        assert.strictEqual(shadow.read(11_000 * line, line + 2), 'const renamed = compute(alpha, beta);\n');
        // Two changes close together touch one or two chunks, however large the document.
        shadow.applyAll([{ offset: 500_000, length: 1, text: 'x' }, { offset: 500_010, length: 0, text: 'y' }]);
        assert.ok(shadow.lastRebuilt <= 4 * 8 * 1024, `rebuilt ${shadow.lastRebuilt}`);
    });
    it('reads a range across chunks', () => {
        const shadow = new shadowText_1.ShadowText('0123456789abcdef', { chunkSize: 3 });
        assert.ok(shadow.chunkCount > 3);
        assert.strictEqual(shadow.read(2, 10), '23456789ab');
        assert.strictEqual(shadow.read(16, 0), '');
    });
    it('refuses ranges outside the text and overlapping changes, without changing anything', () => {
        const shadow = new shadowText_1.ShadowText('hello world', { chunkSize: 4 });
        assert.throws(() => shadow.replace(5, 7, ''), shadowText_1.ShadowRangeError);
        assert.throws(() => shadow.replace(-1, 1, ''), shadowText_1.ShadowRangeError);
        assert.throws(() => shadow.replace(1.5, 1, ''), shadowText_1.ShadowRangeError);
        assert.throws(() => shadow.applyAll([{ offset: 0, length: 5, text: 'x' }, { offset: 4, length: 2, text: 'y' }]), shadowText_1.ShadowRangeError);
        assert.strictEqual(shadow.getText(), 'hello world');
    });
    it('keeps the chunk count bounded when a large document is deleted bit by bit', () => {
        const shadow = new shadowText_1.ShadowText('x'.repeat(100_000), { chunkSize: 1000 });
        while (shadow.length > 10)
            shadow.replace(Math.floor(shadow.length / 2), Math.min(7, Math.ceil(shadow.length / 2)), '');
        assert.ok(shadow.chunkCount <= 2, `chunks: ${shadow.chunkCount}`);
    });
});
describe('detachString', () => {
    it('returns an equal string, lone surrogates and all', () => {
        for (const s of ['', 'short', 'x'.repeat(100), '\ud800 lone \udfff and 😀 pairs, "quotes" \\ \u0000 control'])
            assert.strictEqual((0, shadowText_1.detachString)(s), s);
    });
});
//# sourceMappingURL=shadowText.test.js.map