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
const mergeCases_1 = require("./mergeCases");
function conflictOf(r) {
    if (r.kind !== 'conflict')
        throw new Error(`expected a conflict, got a clean merge: ${JSON.stringify(r.text)}`);
    return r;
}
function cleanText(r) {
    if (r.kind !== 'clean')
        throw new Error(`expected a clean merge, got:\n${r.markedUp}`);
    return r.text;
}
/** Lines [from, from + count) of text, cut at `\n` with terminators kept. */
function linesOf(text, from, count) {
    const lines = text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
    return lines.slice(from, from + count).join('');
}
describe('threeWayMerge', () => {
    it('takes the disk text when the agent changed nothing', () => {
        assert.strictEqual(cleanText((0, threeWayMerge_1.threeWayMerge)('a\nb\n', 'a\nb\n', 'a\nB\r\n')), 'a\nB\r\n');
    });
    it('takes the agent text when the disk did not change', () => {
        assert.strictEqual(cleanText((0, threeWayMerge_1.threeWayMerge)('a\nb\n', 'x\nb', 'a\nb\n')), 'x\nb');
    });
    it('combines changes to different parts of the file', () => {
        const base = 'one\ntwo\nthree\nfour\nfive\n';
        assert.strictEqual(cleanText((0, threeWayMerge_1.threeWayMerge)(base, 'ONE\ntwo\nthree\nfour\nfive\n', 'one\ntwo\nthree\nfour\nFIVE\n')), 'ONE\ntwo\nthree\nfour\nFIVE\n');
    });
    it('reports a region with each side, the base and 0-based line offsets', () => {
        const base = 'keep\nold\ntail\n';
        const { regions } = conflictOf((0, threeWayMerge_1.threeWayMerge)(base, 'keep\nagent 1\nagent 2\ntail\n', 'keep\ndisk\ntail\n'));
        assert.deepStrictEqual(regions, [
            { base: 'old\n', ours: 'agent 1\nagent 2\n', theirs: 'disk\n', baseLine: 1, baseLineCount: 1, oursLine: 1, oursLineCount: 2, theirsLine: 1, theirsLineCount: 1, markedUpLine: 1 },
        ]);
    });
    it('renders markers labelled agent / base / disk', () => {
        const { markedUp } = conflictOf((0, threeWayMerge_1.threeWayMerge)('x\n', 'a\n', 'd\n'));
        assert.strictEqual(markedUp, '<<<<<<< agent\na\n||||||| base\nx\n=======\nd\n>>>>>>> disk\n');
    });
    it('keeps a missing final newline in the region text but ends the side with one in the markup', () => {
        const { regions, markedUp } = conflictOf((0, threeWayMerge_1.threeWayMerge)('a\n', 'agent', 'disk'));
        assert.strictEqual(regions[0].ours, 'agent');
        assert.strictEqual(regions[0].theirs, 'disk');
        assert.strictEqual(markedUp, '<<<<<<< agent\nagent\n||||||| base\na\n=======\ndisk\n>>>>>>> disk\n');
    });
    it('writes CRLF markers in a CRLF file', () => {
        const { markedUp } = conflictOf((0, threeWayMerge_1.threeWayMerge)('a\r\nb\r\n', 'a\r\nB1\r\n', 'a\r\nB2\r\n'));
        assert.strictEqual(markedUp, 'a\r\n<<<<<<< agent\r\nB1\r\n||||||| base\r\nb\r\n=======\r\nB2\r\n>>>>>>> disk\r\n');
    });
    it('does not report the same change made on both sides as a conflict', () => {
        const base = 'a\nb\nc\nd\ne\n';
        assert.strictEqual(cleanText((0, threeWayMerge_1.threeWayMerge)(base, 'a\nB\nc\nd\ne\nmore\n', 'a\nB\nc\nd\ne\n')), 'a\nB\nc\nd\ne\nmore\n');
    });
    it('treats changes to adjacent lines as one conflict, as git does', () => {
        const { regions } = conflictOf((0, threeWayMerge_1.threeWayMerge)('a\nb\nc\nd\n', 'a\nB\nc\nd\n', 'a\nb\nC\nd\n'));
        assert.strictEqual(regions.length, 1);
        assert.strictEqual(regions[0].base, 'b\nc\n');
    });
    it('merges empty inputs', () => {
        assert.strictEqual(cleanText((0, threeWayMerge_1.threeWayMerge)('', '', '')), '');
        assert.strictEqual(cleanText((0, threeWayMerge_1.threeWayMerge)('', 'x\n', 'x\n')), 'x\n');
        assert.strictEqual(cleanText((0, threeWayMerge_1.threeWayMerge)('a\n', '', 'a\n')), '');
    });
    it('keeps every region consistent with the inputs and with the marked-up text (seeded)', () => {
        let conflicts = 0;
        for (let seed = 1; seed <= 300; seed++) {
            const c = (0, mergeCases_1.randomCase)(seed * 7919);
            const r = (0, threeWayMerge_1.threeWayMerge)(c.base, c.ours, c.theirs);
            if (r.kind === 'clean')
                continue;
            conflicts++;
            const out = r.markedUp.match(/[^\n]*\n|[^\n]+$/g) ?? [];
            for (const g of r.regions) {
                assert.strictEqual(g.base, linesOf(c.base, g.baseLine, g.baseLineCount), `seed ${seed} base`);
                assert.strictEqual(g.ours, linesOf(c.ours, g.oursLine, g.oursLineCount), `seed ${seed} ours`);
                assert.strictEqual(g.theirs, linesOf(c.theirs, g.theirsLine, g.theirsLineCount), `seed ${seed} theirs`);
                assert.match(out[g.markedUpLine] ?? '', /^<<<<<<< agent\r?\n$/, `seed ${seed} marker line`);
            }
        }
        assert.ok(conflicts > 50, `only ${conflicts} conflicting cases generated`);
    });
    it('returns the common text when both sides made the same edits (seeded)', () => {
        for (let seed = 1; seed <= 200; seed++) {
            const c = (0, mergeCases_1.randomCase)(seed * 104729);
            assert.strictEqual(cleanText((0, threeWayMerge_1.threeWayMerge)(c.base, c.ours, c.ours)), c.ours, `seed ${seed}`);
        }
    });
    it('merges 100k lines with scattered edits on both sides cleanly (speed is measured in bench/, not here)', () => {
        const rnd = (0, mergeCases_1.prng)(42);
        const base = [];
        for (let i = 0; i < 100_000; i++)
            base.push(rnd() < 0.1 ? '\n' : `line ${i} ${Math.floor(rnd() * 100)}\n`);
        const ours = [...base];
        const theirs = [...base];
        for (let s = 79; s >= 0; s--)
            (s % 2 ? ours : theirs).splice(s * 1250 + 7, 1, `edit ${s}\n`);
        const r = (0, threeWayMerge_1.threeWayMerge)(base.join(''), ours.join(''), theirs.join(''));
        assert.strictEqual(r.kind, 'clean');
        const expected = [...base];
        for (let s = 79; s >= 0; s--)
            expected.splice(s * 1250 + 7, 1, `edit ${s}\n`);
        assert.strictEqual(r.kind === 'clean' && r.text, expected.join(''));
    });
});
//# sourceMappingURL=threeWayMerge.test.js.map