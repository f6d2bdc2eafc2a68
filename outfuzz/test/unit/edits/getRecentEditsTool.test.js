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
const editHistoryTracker_1 = require("../../../src/edits/editHistoryTracker");
const agentTool_1 = require("../../../src/tools/agentTool");
const getRecentEditsTool_1 = require("../../../src/tools/edits/getRecentEditsTool");
const jsonSchema_1 = require("../../../src/tools/jsonSchema");
const toolAnswerText_1 = require("../../../src/tools/toolAnswerText");
const fakeDocument_1 = require("./fakeDocument");
const caller = { sessionId: agentTool_1.UNKNOWN_SESSION, messageId: agentTool_1.UNKNOWN_MESSAGE, via: 'test' };
function setup() {
    const clock = new fakeDocument_1.ManualClock();
    const tracker = new editHistoryTracker_1.EditHistoryTracker({ clock: clock.read });
    let enabled = true;
    const tool = new getRecentEditsTool_1.GetRecentEditsTool({
        isEnabled: () => enabled,
        getRecent: q => tracker.getRecent(q),
        fileLabel: uri => uri.replace('file:///ws/', ''),
    });
    const login = new fakeDocument_1.FakeDocument('file:///ws/src/login.ts', 'const foo = 1;\n');
    const util = new fakeDocument_1.FakeDocument('file:///ws/src/util.ts', '');
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
    it('filters by file and limits the count', async () => {
        const { tracker, tool, login, util } = setup();
        for (const w of ['one', 'two', 'three'])
            tracker.handleChange(login.change([{ offset: 0, length: 0, text: w }]), login.getText);
        tracker.handleChange(util.change([{ offset: 0, length: 0, text: 'other' }]), util.getText);
        const answer = await tool.invoke({ filePath: 'src/login.ts', maxEdits: 2 }, caller);
        const data = answer.data;
        assert.strictEqual(data.filePath, 'src/login.ts');
        assert.deepStrictEqual(data.edits.map(e => e.newText), ['three', 'two']);
        assert.strictEqual(answer.summary, '2 recent edits of src/login.ts, most recent first.');
    });
    it('reports replaced text it never saw as null, not as empty', async () => {
        const { tracker, tool } = setup();
        const fresh = new fakeDocument_1.FakeDocument('file:///ws/fresh.ts', 'abcdef');
        tracker.handleChange(fresh.change([{ offset: 0, length: 3, text: 'XYZW' }]), fresh.getText);
        const data = (await tool.invoke({}, caller)).data;
        assert.strictEqual(data.edits[0].oldText, null);
    });
    it('says so when nothing matches, and refuses when tracking is off', async () => {
        const { tool, disable } = setup();
        const answer = await tool.invoke({ filePath: 'nothing.ts' }, caller);
        assert.deepStrictEqual(answer.data, { status: 'success', filePath: 'nothing.ts', count: 0, edits: [] });
        assert.match(answer.summary, /^No recent edits of nothing\.ts are tracked/);
        disable();
        await assert.rejects(tool.invoke({}, caller), (e) => e instanceof agentTool_1.ToolError && e.code === 'Disabled' && /agentOverlay\.editHistory\.enabled/.test(e.message));
    });
    it('declares an input schema that rejects what the tool cannot use', () => {
        const schema = getRecentEditsTool_1.GET_RECENT_EDITS_METADATA.inputSchema;
        assert.doesNotThrow(() => (0, jsonSchema_1.validateInput)(schema, {}));
        assert.doesNotThrow(() => (0, jsonSchema_1.validateInput)(schema, { filePath: 'a.ts', maxEdits: 3 }));
        assert.throws(() => (0, jsonSchema_1.validateInput)(schema, { maxEdits: 0 }), /at least 1/);
        assert.throws(() => (0, jsonSchema_1.validateInput)(schema, { maxEdits: 2.5 }), /whole number/);
        assert.throws(() => (0, jsonSchema_1.validateInput)(schema, { filePath: '' }), /must not be empty/);
        assert.throws(() => (0, jsonSchema_1.validateInput)(schema, { path: 'a.ts' }), /not a known field/);
    });
});
describe('edits_getRecent: text format and undo/redo', () => {
    it('returns the RECENT EDITS block with {format: "text"}, sent as written (not as a JSON string)', async () => {
        const { tracker, login } = setup();
        const tool = new getRecentEditsTool_1.GetRecentEditsTool({
            isEnabled: () => true,
            getRecent: q => tracker.getRecent(q),
            fileLabel: uri => uri.replace('file:///ws/', ''),
            symbols: async () => edit => (edit.range.start.line === 0 ? 'login()' : undefined),
        });
        tracker.handleChange(login.change([{ offset: 6, length: 3, text: 'bar' }]), login.getText);
        const answer = await tool.invoke({ format: 'text' }, caller);
        assert.strictEqual(answer.summary, 'Your recent edits, most recent first:');
        assert.strictEqual(typeof answer.data, 'string');
        assert.match(answer.data, /^RECENT EDITS:\n {2}\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d\d:\d\d\] replace: Replaced `foo` with `bar` in `login\(\)` at src\/login\.ts:1\n {2}```typescript\n {2}bar\n {2}```$/);
        assert.strictEqual((0, toolAnswerText_1.answerText)(answer), `${answer.summary}\n${answer.data}`);
        const none = await new getRecentEditsTool_1.GetRecentEditsTool({ isEnabled: () => true, getRecent: () => [], fileLabel: u => u }).invoke({ format: 'text' }, caller);
        assert.deepStrictEqual(none.data, 'RECENT EDITS: none');
    });
    it('includes undo and redo unless includeUndoRedo is false', async () => {
        const { tracker, tool, login } = setup();
        tracker.handleChange(login.change([{ offset: 6, length: 3, text: 'bar' }]), login.getText);
        tracker.handleChange(login.change([{ offset: 6, length: 3, text: 'foo' }], { reason: 'undo' }), login.getText);
        const all = (await tool.invoke({}, caller)).data;
        assert.deepStrictEqual(all.edits.map(e => e.origin), ['undo', 'user']);
        const mine = (await tool.invoke({ includeUndoRedo: false }, caller)).data;
        assert.deepStrictEqual(mine.edits.map(e => e.origin), ['user']);
    });
    it('refuses a format it does not know, naming the choices', () => {
        assert.throws(() => (0, jsonSchema_1.validateInput)(getRecentEditsTool_1.GET_RECENT_EDITS_METADATA.inputSchema, { format: 'xml' }), /format/);
    });
});
//# sourceMappingURL=getRecentEditsTool.test.js.map