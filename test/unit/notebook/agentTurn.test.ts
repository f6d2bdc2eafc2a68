import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { AgentMessage } from '../../../src/notebook/agentMessage';
import { TurnCancelledError, runAgentTurn, type ChatModelPort, type ModelEvent, type ToolCallRecord, type TurnObserver } from '../../../src/notebook/agentTurn';
import { allowedFoldersGuard, runPromptTool, toolsByName } from '../../../src/notebook/notebookTools';
import { OverlayWorkspace } from '../../../src/fs/overlayWorkspace';
import { createOverlayTools } from '../../../src/tools/overlay/overlayTools';
import type { AgentTool, ToolCaller } from '../../../src/tools/agentTool';

/** A model that answers each request with the next scripted list of events, and records what it was sent. */
class ScriptedModel implements ChatModelPort {
  readonly name = 'scripted';
  readonly requests: AgentMessage[][] = [];
  constructor(private readonly script: ModelEvent[][]) {}
  async *send(messages: readonly AgentMessage[]): AsyncIterable<ModelEvent> {
    this.requests.push(messages.map(m => ({ ...m, content: [...m.content] })));
    const next = this.script.shift();
    if (!next) throw new Error('the model was asked more often than scripted');
    for (const e of next) yield e;
  }
}

class RecordingObserver implements TurnObserver {
  readonly events: string[] = [];
  text(d: string) { this.events.push(`text ${d}`); }
  toolCall(c: { name: string }) { this.events.push(`call ${c.name}`); }
  toolResult(r: ToolCallRecord) { this.events.push(`result ${r.name} ${r.ok}`); }
}

const caller: ToolCaller = { sessionId: 'file:///ws/chat.agentchat', messageId: 'cell-1', via: 'notebook' };
const user = (text: string): AgentMessage => ({ role: 'user', content: [{ type: 'text', text }] });

describe('agent turn (tool loop)', () => {
  let tmp: string;
  let root: string;
  let overlay: OverlayWorkspace;
  let tools: AgentTool<never>[];

  beforeEach(async () => {
    tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'nb-turn-')));
    root = path.join(tmp, 'ws');
    fs.mkdirSync(path.join(root, 'src'), { recursive: true });
    fs.mkdirSync(path.join(root, 'docs'), { recursive: true });
    fs.writeFileSync(path.join(root, 'src', 'a.ts'), 'disk\n');
    overlay = await OverlayWorkspace.open(path.join(tmp, 'store'));
    tools = createOverlayTools({ overlay, roots: () => [{ name: 'ws', path: root }], confirm: async () => { throw new Error('unexpected confirmation'); } });
  });

  afterEach(async () => {
    await overlay.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('runs the tools the model calls, as the cell (message id), and sends their results back', async () => {
    const model = new ScriptedModel([
      [{ type: 'text', text: 'Writing it.' }, { type: 'toolCall', callId: 'c1', name: 'overlay_writeFile', input: { path: 'src/a.ts', content: 'staged\n' } }],
      [{ type: 'text', text: 'Done.' }],
    ]);
    const observer = new RecordingObserver();
    const result = await runAgentTurn(model, [user('write it')], observer, { tools, caller });
    assert.strictEqual(result.answer, 'Writing it.\n\nDone.');
    assert.deepStrictEqual(observer.events, ['text Writing it.', 'call overlay_writeFile', 'result overlay_writeFile true', 'text \n\n', 'text Done.']);
    assert.deepStrictEqual(overlay.model.recordsByMessage('cell-1').map(r => r.sessionId), ['file:///ws/chat.agentchat']);
    assert.strictEqual(new TextDecoder().decode(overlay.readFile(path.join(root, 'src', 'a.ts'))), 'staged\n');
    assert.strictEqual(fs.readFileSync(path.join(root, 'src', 'a.ts'), 'utf8'), 'disk\n', 'nothing reached the disk');

    const second = model.requests[1];
    assert.deepStrictEqual(second[1].content.map(p => p.type), ['text', 'toolCall']);
    const resultPart = second[2].content[0];
    assert.ok(resultPart.type === 'toolResult' && resultPart.callId === 'c1');
    assert.match(resultPart.type === 'toolResult' ? resultPart.text : '', /^Staged modify of src\/a.ts/);
  });

  it('answers bad calls with errors the model can act on, and keeps going', async () => {
    const model = new ScriptedModel([
      [
        { type: 'toolCall', callId: 'a', name: 'no_such_tool', input: {} },
        { type: 'toolCall', callId: 'b', name: 'overlay_writeFile', input: { path: 'src/x.ts' } },
        { type: 'toolCall', callId: 'c', name: 'overlay_readFile', input: { path: 'src/missing.ts' } },
      ],
      [{ type: 'text', text: 'ok' }],
    ]);
    const result = await runAgentTurn(model, [user('x')], new RecordingObserver(), { tools, caller });
    assert.deepStrictEqual(result.toolCalls.map(c => c.ok), [false, false, false]);
    const texts = model.requests[1][2].content.map(p => (p.type === 'toolResult' ? JSON.parse(p.text.slice(p.text.indexOf('\n') + 1)).code : ''));
    assert.deepStrictEqual(texts, ['UnknownTool', 'InvalidInput', 'FileNotFound']);
  });

  it('keeps a sub-agent inside its allowed folders', async () => {
    const guard = allowedFoldersGuard([{ name: 'ws', path: root, uri: '' }], [path.join(root, 'docs')]);
    assert.ok(guard);
    const model = new ScriptedModel([
      [{ type: 'toolCall', callId: 'a', name: 'overlay_writeFile', input: { path: 'src/a.ts', content: 'no' } }, { type: 'toolCall', callId: 'b', name: 'overlay_writeFile', input: { path: 'docs/ok.md', content: 'yes' } }],
      [{ type: 'text', text: 'ok' }],
    ]);
    const result = await runAgentTurn(model, [user('x')], new RecordingObserver(), { tools, caller, guard });
    assert.deepStrictEqual(result.toolCalls.map(c => c.ok), [false, true]);
    assert.match(result.toolCalls[0].summary, /outside the folders this agent may work in/);
    assert.deepStrictEqual(overlay.model.stagedPaths(), [path.join(root, 'docs', 'ok.md')]);
  });

  it('keeps a sub-agent\'s listings inside its allowed folders and refuses a workspace-wide search', () => {
    const guard = allowedFoldersGuard([{ name: 'ws', path: root, uri: '' }], [path.join(root, 'docs')]);
    assert.ok(guard);
    assert.match(guard('overlay_search', { query: 'x' }) ?? '', /searches the whole workspace/);
    assert.match(guard('overlay_listDirectory', {}) ?? '', /outside the folders this agent may work in/, 'no path lists the workspace folder');
    assert.strictEqual(guard('overlay_listDirectory', { path: 'docs' }), undefined);
  });

  it('stops after the round limit', async () => {
    const call: ModelEvent = { type: 'toolCall', callId: 'x', name: 'overlay_listChanges', input: {} };
    const model = new ScriptedModel([[call], [call], [call]]);
    const result = await runAgentTurn(model, [user('x')], new RecordingObserver(), { tools, caller, maxRounds: 2 });
    assert.deepStrictEqual([result.stoppedAtRoundLimit, result.toolCalls.length, model.requests.length], [true, 2, 2]);
  });

  it('stops when cancelled', async () => {
    const abort = new AbortController();
    const model: ChatModelPort = {
      name: 'slow',
      async *send() {
        yield { type: 'text', text: 'a' };
        abort.abort();
        yield { type: 'text', text: 'b' };
      },
    };
    await assert.rejects(runAgentTurn(model, [user('x')], new RecordingObserver(), { tools, caller, signal: abort.signal }), TurnCancelledError);
  });

  it('pre-runs only tools that change nothing for @[tool:…] references', async () => {
    const byName = toolsByName(tools);
    assert.match(await runPromptTool(byName, 'overlay_listChanges', {}, caller), /^.*\n\{/);
    const refused = await runPromptTool(byName, 'overlay_writeFile', { path: 'src/a.ts', content: 'x' }, caller);
    assert.match(refused, /NotRunnableFromPrompt/);
    assert.deepStrictEqual(overlay.model.stagedPaths(), []);
    assert.match(await runPromptTool(byName, 'nope', {}, caller), /There is no tool named nope/);
  });
});
