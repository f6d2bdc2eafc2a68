import * as assert from 'assert';
import { EditHistoryTracker } from '../../../src/edits/editHistoryTracker';
import { UNKNOWN_MESSAGE, UNKNOWN_SESSION, ToolError, type ToolCaller } from '../../../src/tools/agentTool';
import { GET_RECENT_EDITS_METADATA, GetRecentEditsTool } from '../../../src/tools/edits/getRecentEditsTool';
import { validateInput } from '../../../src/tools/jsonSchema';
import { answerText } from '../../../src/tools/toolAnswerText';
import { FakeDocument, ManualClock } from './fakeDocument';

const caller: ToolCaller = { sessionId: UNKNOWN_SESSION, messageId: UNKNOWN_MESSAGE, via: 'test' };

function setup() {
  const clock = new ManualClock();
  const tracker = new EditHistoryTracker({ clock: clock.read });
  let enabled = true;
  const tool = new GetRecentEditsTool({
    isEnabled: () => enabled,
    getRecent: q => tracker.getRecent(q),
    fileLabel: uri => uri.replace('file:///ws/', ''),
  });
  const login = new FakeDocument('file:///ws/src/login.ts', 'const foo = 1;\n');
  const util = new FakeDocument('file:///ws/src/util.ts', '');
  tracker.track(login.uri, login.text, login.version);
  return { clock, tracker, tool, login, util, disable: () => void (enabled = false) };
}

describe('edits_getRecent', () => {
  it('returns the seed\'s fields, most recent first, with a path and an ISO time', async () => {
    const { clock, tracker, tool, login, util } = setup();
    tracker.handleChange(login.change([{ offset: 6, length: 3, text: 'bar' }]), login.getText);
    clock.advance(1000);
    tracker.handleChange(util.change([{ offset: 0, length: 0, text: 'export {};\n' }]), util.getText);
    const answer = await tool.invoke({}, caller);
    assert.strictEqual(answer.summary, '2 recent edits, most recent first.');
    assert.deepStrictEqual(answer.data, {
      status: 'success',
      count: 2,
      edits: [
        {
          filePath: 'src/util.ts', uri: 'file:///ws/src/util.ts', timestamp: clock.now, time: new Date(clock.now).toISOString(),
          editType: 'insert', origin: 'user', range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
          oldText: '', newText: 'export {};\n',
        },
        {
          filePath: 'src/login.ts', uri: 'file:///ws/src/login.ts', timestamp: clock.now - 1000, time: new Date(clock.now - 1000).toISOString(),
          editType: 'replace', origin: 'user', range: { start: { line: 0, character: 6 }, end: { line: 0, character: 9 } },
          oldText: 'foo', newText: 'bar',
        },
      ],
    });
  });

  it('issue 24: never returns what was typed in an untitled editor or a .env file, also as text', async () => {
    const { tracker, tool } = setup();
    for (const [uri, typed] of [['untitled:Untitled-1', 'ghp_pastedTokenFromClipboard'], ['file:///ws/.env', 'API_KEY=sk-live-123456'], ['file:///ws/certs/server.pem', '-----BEGIN PRIVATE KEY-----']]) {
      const doc = new FakeDocument(uri, '');
      tracker.track(doc.uri, doc.text, doc.version);
      tracker.handleChange(doc.change([{ offset: 0, length: 0, text: typed }]), doc.getText);
    }
    const json = await tool.invoke({}, caller);
    assert.deepStrictEqual((json.data as { edits: unknown[] }).edits, []);
    const text = await tool.invoke({ format: 'text' }, caller);
    assert.doesNotMatch(String(text.data), /ghp_|sk-live|PRIVATE KEY/);
  });

  it('filters by file and limits the count', async () => {
    const { tracker, tool, login, util } = setup();
    for (const w of ['one', 'two', 'three']) tracker.handleChange(login.change([{ offset: 0, length: 0, text: w }]), login.getText);
    tracker.handleChange(util.change([{ offset: 0, length: 0, text: 'other' }]), util.getText);
    const answer = await tool.invoke({ filePath: 'src/login.ts', maxEdits: 2 }, caller);
    const data = answer.data as { filePath: string; count: number; edits: { newText: string }[] };
    assert.strictEqual(data.filePath, 'src/login.ts');
    assert.deepStrictEqual(data.edits.map(e => e.newText), ['three', 'two']);
    assert.strictEqual(answer.summary, '2 recent edits of src/login.ts, most recent first.');
  });

  it('reports replaced text it never saw as null, not as empty', async () => {
    const { tracker, tool } = setup();
    const fresh = new FakeDocument('file:///ws/fresh.ts', 'abcdef');
    tracker.handleChange(fresh.change([{ offset: 0, length: 3, text: 'XYZW' }]), fresh.getText);
    const data = (await tool.invoke({}, caller)).data as { edits: { oldText: unknown }[] };
    assert.strictEqual(data.edits[0].oldText, null);
  });

  it('says so when nothing matches, and refuses when tracking is off', async () => {
    const { tool, disable } = setup();
    const answer = await tool.invoke({ filePath: 'nothing.ts' }, caller);
    assert.deepStrictEqual(answer.data, { status: 'success', filePath: 'nothing.ts', count: 0, edits: [] });
    assert.match(answer.summary, /^No recent edits of nothing\.ts are tracked/);
    disable();
    await assert.rejects(tool.invoke({}, caller), (e: ToolError) => e instanceof ToolError && e.code === 'Disabled' && /agentOverlay\.editHistory\.enabled/.test(e.message));
  });

  it('declares an input schema that rejects what the tool cannot use', () => {
    const schema = GET_RECENT_EDITS_METADATA.inputSchema;
    assert.doesNotThrow(() => validateInput(schema, {}));
    assert.doesNotThrow(() => validateInput(schema, { filePath: 'a.ts', maxEdits: 3 }));
    assert.throws(() => validateInput(schema, { maxEdits: 0 }), /at least 1/);
    assert.throws(() => validateInput(schema, { maxEdits: 2.5 }), /whole number/);
    assert.throws(() => validateInput(schema, { filePath: '' }), /must not be empty/);
    assert.throws(() => validateInput(schema, { path: 'a.ts' }), /not a known field/);
  });
});

describe('edits_getRecent: text format and undo/redo', () => {
  it('returns the RECENT EDITS block with {format: "text"}, sent as written (not as a JSON string)', async () => {
    const { tracker, login } = setup();
    const tool = new GetRecentEditsTool({
      isEnabled: () => true,
      getRecent: q => tracker.getRecent(q),
      fileLabel: uri => uri.replace('file:///ws/', ''),
      symbols: async () => edit => (edit.range.start.line === 0 ? 'login()' : undefined),
    });
    tracker.handleChange(login.change([{ offset: 6, length: 3, text: 'bar' }]), login.getText);
    const answer = await tool.invoke({ format: 'text' }, caller);
    assert.strictEqual(answer.summary, 'Your recent edits, most recent first:');
    assert.strictEqual(typeof answer.data, 'string');
    assert.match(answer.data as string, /^RECENT EDITS:\n {2}\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d\d:\d\d\] replace: Replaced `foo` with `bar` in `login\(\)` at src\/login\.ts:1\n {2}```typescript\n {2}bar\n {2}```$/);
    assert.strictEqual(answerText(answer), `${answer.summary}\n${answer.data as string}`);
    const none = await new GetRecentEditsTool({ isEnabled: () => true, getRecent: () => [], fileLabel: u => u }).invoke({ format: 'text' }, caller);
    assert.deepStrictEqual(none.data, 'RECENT EDITS: none');
  });

  it('includes undo and redo unless includeUndoRedo is false', async () => {
    const { tracker, tool, login } = setup();
    tracker.handleChange(login.change([{ offset: 6, length: 3, text: 'bar' }]), login.getText);
    tracker.handleChange(login.change([{ offset: 6, length: 3, text: 'foo' }], { reason: 'undo' }), login.getText);
    const all = (await tool.invoke({}, caller)).data as { edits: { origin: string }[] };
    assert.deepStrictEqual(all.edits.map(e => e.origin), ['undo', 'user']);
    const mine = (await tool.invoke({ includeUndoRedo: false }, caller)).data as { edits: { origin: string }[] };
    assert.deepStrictEqual(mine.edits.map(e => e.origin), ['user']);
  });

  it('refuses a format it does not know, naming the choices', () => {
    assert.throws(() => validateInput(GET_RECENT_EDITS_METADATA.inputSchema, { format: 'xml' }), /format/);
  });
});
