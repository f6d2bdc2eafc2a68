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
const turnTranscript_1 = require("../../../src/notebook/turnTranscript");
describe('turn transcript (cell output)', () => {
    it('shows warnings, streamed text and one line per tool call with its result', () => {
        const t = new turnTranscript_1.TurnTranscript();
        t.warn('@[x] was not found');
        t.setModel('Scripted');
        t.text('Let me ');
        t.text('write it.');
        t.toolCall({ name: 'overlay_writeFile', input: { path: 'a.ts', content: 'x' } });
        assert.match(t.markdown(), /⏳ `overlay_writeFile` `a.ts`/);
        t.toolResult({ name: 'overlay_writeFile', input: { path: 'a.ts' }, ok: true, summary: 'Staged create of a.ts (+1 −0 lines).' });
        t.text('Done.');
        const md = t.markdown();
        assert.match(md, /^> ⚠️ @\[x\] was not found\n\nLet me write it\.\n\n🔧 `overlay_writeFile` `a.ts` — Staged create of a.ts/);
        assert.ok(md.endsWith('Done.'));
        assert.deepStrictEqual(t.record(), { answer: 'Let me write it.Done.', model: 'Scripted', toolCalls: [{ name: 'overlay_writeFile', input: { path: 'a.ts' }, ok: true, summary: 'Staged create of a.ts (+1 −0 lines).' }] });
    });
    it('shows an error', () => {
        const t = new turnTranscript_1.TurnTranscript();
        t.fail('No chat model is available.');
        assert.strictEqual(t.markdown(), '**Error:** No chat model is available.');
        assert.strictEqual(t.record().error, 'No chat model is available.');
    });
    it('reads an earlier answer from the output metadata, else from the Markdown', () => {
        assert.strictEqual((0, turnTranscript_1.answerOfOutputs)([{ metadata: { [turnTranscript_1.TURN_METADATA_KEY]: { answer: 'plain' } }, items: [{ mime: 'text/markdown', text: '🔧 tool\n\nplain' }] }]), 'plain');
        assert.strictEqual((0, turnTranscript_1.answerOfOutputs)([{ items: [{ mime: 'image/png' }, { mime: 'text/markdown', text: 'md' }] }]), 'md');
        assert.strictEqual((0, turnTranscript_1.answerOfOutputs)([]), undefined);
    });
});
//# sourceMappingURL=turnTranscript.test.js.map