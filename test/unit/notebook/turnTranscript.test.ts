import * as assert from 'assert';
import { TURN_METADATA_KEY, TurnTranscript, answerOfOutputs } from '../../../src/notebook/turnTranscript';

describe('turn transcript (cell output)', () => {
  it('shows warnings, streamed text and one line per tool call with its result', () => {
    const t = new TurnTranscript();
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
    const t = new TurnTranscript();
    t.fail('No chat model is available.');
    assert.strictEqual(t.markdown(), '**Error:** No chat model is available.');
    assert.strictEqual(t.record().error, 'No chat model is available.');
  });

  it('reads an earlier answer from the output metadata, else from the Markdown', () => {
    assert.strictEqual(answerOfOutputs([{ metadata: { [TURN_METADATA_KEY]: { answer: 'plain' } }, items: [{ mime: 'text/markdown', text: '🔧 tool\n\nplain' }] }]), 'plain');
    assert.strictEqual(answerOfOutputs([{ items: [{ mime: 'image/png' }, { mime: 'text/markdown', text: 'md' }] }]), 'md');
    assert.strictEqual(answerOfOutputs([]), undefined);
  });
});
