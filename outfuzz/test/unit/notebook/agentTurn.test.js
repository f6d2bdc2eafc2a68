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
const os = __importStar(require("os"));
const path = __importStar(require("path"));
const agentTurn_1 = require("../../../src/notebook/agentTurn");
const notebookTools_1 = require("../../../src/notebook/notebookTools");
const overlayWorkspace_1 = require("../../../src/fs/overlayWorkspace");
const overlayTools_1 = require("../../../src/tools/overlay/overlayTools");
/** A model that answers each request with the next scripted list of events, and records what it was sent. */
class ScriptedModel {
    script;
    name = 'scripted';
    requests = [];
    constructor(script) {
        this.script = script;
    }
    async *send(messages) {
        this.requests.push(messages.map(m => ({ ...m, content: [...m.content] })));
        const next = this.script.shift();
        if (!next)
            throw new Error('the model was asked more often than scripted');
        for (const e of next)
            yield e;
    }
}
class RecordingObserver {
    events = [];
    text(d) { this.events.push(`text ${d}`); }
    toolCall(c) { this.events.push(`call ${c.name}`); }
    toolResult(r) { this.events.push(`result ${r.name} ${r.ok}`); }
}
const caller = { sessionId: 'file:///ws/chat.agentchat', messageId: 'cell-1', via: 'notebook' };
const user = (text) => ({ role: 'user', content: [{ type: 'text', text }] });
describe('agent turn (tool loop)', () => {
    let tmp;
    let root;
    let overlay;
    let tools;
    beforeEach(async () => {
        tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'nb-turn-')));
        root = path.join(tmp, 'ws');
        fs.mkdirSync(path.join(root, 'src'), { recursive: true });
        fs.mkdirSync(path.join(root, 'docs'), { recursive: true });
        fs.writeFileSync(path.join(root, 'src', 'a.ts'), 'disk\n');
        overlay = await overlayWorkspace_1.OverlayWorkspace.open(path.join(tmp, 'store'));
        tools = (0, overlayTools_1.createOverlayTools)({ overlay, roots: () => [{ name: 'ws', path: root }], confirm: async () => { throw new Error('unexpected confirmation'); } });
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
        const result = await (0, agentTurn_1.runAgentTurn)(model, [user('write it')], observer, { tools, caller });
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
        const result = await (0, agentTurn_1.runAgentTurn)(model, [user('x')], new RecordingObserver(), { tools, caller });
        assert.deepStrictEqual(result.toolCalls.map(c => c.ok), [false, false, false]);
        const texts = model.requests[1][2].content.map(p => (p.type === 'toolResult' ? JSON.parse(p.text.slice(p.text.indexOf('\n') + 1)).code : ''));
        assert.deepStrictEqual(texts, ['UnknownTool', 'InvalidInput', 'FileNotFound']);
    });
    it('keeps a sub-agent inside its allowed folders', async () => {
        const guard = (0, notebookTools_1.allowedFoldersGuard)([{ name: 'ws', path: root, uri: '' }], [path.join(root, 'docs')]);
        assert.ok(guard);
        const model = new ScriptedModel([
            [{ type: 'toolCall', callId: 'a', name: 'overlay_writeFile', input: { path: 'src/a.ts', content: 'no' } }, { type: 'toolCall', callId: 'b', name: 'overlay_writeFile', input: { path: 'docs/ok.md', content: 'yes' } }],
            [{ type: 'text', text: 'ok' }],
        ]);
        const result = await (0, agentTurn_1.runAgentTurn)(model, [user('x')], new RecordingObserver(), { tools, caller, guard });
        assert.deepStrictEqual(result.toolCalls.map(c => c.ok), [false, true]);
        assert.match(result.toolCalls[0].summary, /outside the folders this agent may work in/);
        assert.deepStrictEqual(overlay.model.stagedPaths(), [path.join(root, 'docs', 'ok.md')]);
    });
    it('stops after the round limit', async () => {
        const call = { type: 'toolCall', callId: 'x', name: 'overlay_listChanges', input: {} };
        const model = new ScriptedModel([[call], [call], [call]]);
        const result = await (0, agentTurn_1.runAgentTurn)(model, [user('x')], new RecordingObserver(), { tools, caller, maxRounds: 2 });
        assert.deepStrictEqual([result.stoppedAtRoundLimit, result.toolCalls.length, model.requests.length], [true, 2, 2]);
    });
    it('stops when cancelled', async () => {
        const abort = new AbortController();
        const model = {
            name: 'slow',
            async *send() {
                yield { type: 'text', text: 'a' };
                abort.abort();
                yield { type: 'text', text: 'b' };
            },
        };
        await assert.rejects((0, agentTurn_1.runAgentTurn)(model, [user('x')], new RecordingObserver(), { tools, caller, signal: abort.signal }), agentTurn_1.TurnCancelledError);
    });
    it('pre-runs only tools that change nothing for @[tool:…] references', async () => {
        const byName = (0, notebookTools_1.toolsByName)(tools);
        assert.match(await (0, notebookTools_1.runPromptTool)(byName, 'overlay_listChanges', {}, caller), /^.*\n\{/);
        const refused = await (0, notebookTools_1.runPromptTool)(byName, 'overlay_writeFile', { path: 'src/a.ts', content: 'x' }, caller);
        assert.match(refused, /NotRunnableFromPrompt/);
        assert.deepStrictEqual(overlay.model.stagedPaths(), []);
        assert.match(await (0, notebookTools_1.runPromptTool)(byName, 'nope', {}, caller), /There is no tool named nope/);
    });
});
//# sourceMappingURL=agentTurn.test.js.map