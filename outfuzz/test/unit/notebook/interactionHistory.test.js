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
const agentMessage_1 = require("../../../src/notebook/agentMessage");
const contextCollector_1 = require("../../../src/notebook/contextCollector");
const interactionHistory_1 = require("../../../src/notebook/interactionHistory");
const overlayWorkspace_1 = require("../../../src/fs/overlayWorkspace");
const notebookTestUtil_1 = require("./notebookTestUtil");
const last = (messages) => messages[messages.length - 1];
const ghostOf = (messages) => {
    const block = (0, contextCollector_1.findGhostBlock)((0, agentMessage_1.messageText)(last(messages)));
    assert.ok(block, 'the newest user message carries a ghost block');
    return block;
};
const build = (view, index, ws) => (0, interactionHistory_1.buildInteractionHistory)(view, index, view.cells[index].text, ws.ports());
describe('buildInteractionHistory', () => {
    describe('messages', () => {
        it('sends a minimal system prompt, earlier prompts and answers WITHOUT ghost blocks, notes not at all', async () => {
            const view = (0, notebookTestUtil_1.loadConversation)('dedupe.agentchat');
            const h = await build(view, 3, new notebookTestUtil_1.FakeWorkspace());
            assert.deepStrictEqual(h.messages.map(m => m.role), ['system', 'user', 'assistant', 'user', 'assistant', 'user']);
            assert.match((0, agentMessage_1.messageText)(h.messages[0]), /AI coding agent/);
            assert.strictEqual((0, agentMessage_1.messageText)(h.messages[1]), view.cells[0].text, 'earlier prompt verbatim');
            assert.strictEqual((0, agentMessage_1.messageText)(h.messages[2]), 'I looked at both files.', 'the answer from the output metadata, without the tool lines');
            assert.strictEqual((0, agentMessage_1.messageText)(h.messages[4]), 'Plain answer without metadata.');
            const withGhost = h.messages.filter(m => (0, agentMessage_1.messageText)(m).includes(`${contextCollector_1.GHOST_OPEN}\n{`));
            assert.deepStrictEqual(withGhost, [last(h.messages)], 'exactly one ghost block, on the newest user message');
            assert.ok(!h.messages.some(m => (0, agentMessage_1.messageText)(m).includes('A note to myself')));
            assert.ok((0, agentMessage_1.messageText)(last(h.messages)).startsWith(view.cells[3].text));
        });
        it('always appends the ghost block, even when nothing was collected', async () => {
            const ws = new notebookTestUtil_1.FakeWorkspace();
            ws.rules = [];
            const view = { uri: 'untitled:chat', metadata: {}, cells: [{ id: 'x', role: 'user', text: 'hello' }] };
            const h = await build(view, 0, ws);
            assert.deepStrictEqual(ghostOf(h.messages), { rules: [], files: {}, tools: [] });
            assert.match((0, agentMessage_1.messageText)(last(h.messages)), /^hello\n\n<content_reference>\n\{/);
        });
    });
    describe('collector dedupe', () => {
        it('keeps one entry per file and per tool + arguments, most recent reference last', async () => {
            const ws = new notebookTestUtil_1.FakeWorkspace();
            const h = await build((0, notebookTestUtil_1.loadConversation)('dedupe.agentchat'), 3, ws);
            const block = ghostOf(h.messages);
            assert.deepStrictEqual(Object.keys(block.files), ['src/util.ts', 'src/app.ts']);
            assert.deepStrictEqual(block.tools.map(t => t.name), ['overlay_listChanges', 'overlay_readFile']);
            assert.deepStrictEqual(block.tools[1].args, { startLine: 1, path: 'src/app.ts' });
            assert.deepStrictEqual(ws.toolRuns.sort(), ['overlay_listChanges {}', 'overlay_readFile {"startLine":1,"path":"src/app.ts"}'], 'each tool + arguments runs once');
            assert.strictEqual(ws.reads.filter(p => p === '/ws/src/app.ts').length, 1, 'each file is read once per turn');
            assert.deepStrictEqual(block.rules.map(r => r.path), ['.agent/rules/api.md', '.agent/rules/style.md']);
        });
        it('returns the collected references for the notebook metadata, with the cell that named them last', async () => {
            const h = await build((0, notebookTestUtil_1.loadConversation)('dedupe.agentchat'), 3, new notebookTestUtil_1.FakeWorkspace());
            assert.deepStrictEqual(h.metadata.contextItems, [
                { kind: 'tool', key: 'tool:overlay_listChanges {}', cellId: 'c2' },
                { kind: 'file', key: 'src/util.ts', cellId: 'c3' },
                { kind: 'file', key: 'src/app.ts', cellId: 'c3' },
                { kind: 'tool', key: 'tool:overlay_readFile {"path":"src/app.ts","startLine":1}', cellId: 'c3' },
            ]);
        });
    });
    describe('remembered context', () => {
        const withMemory = (contextItems) => ({
            uri: 'file:///ws/chats/m.agentchat',
            metadata: { contextItems },
            cells: [{ id: 'old', role: 'user', text: 'earlier turn, its text no longer names a file' }, { id: 'now', role: 'user', text: 'continue' }],
        });
        it('refreshes remembered files of live cells (read again, current content)', async () => {
            const ws = new notebookTestUtil_1.FakeWorkspace();
            ws.stage('/ws/src/util.ts', 'export const x = 2;\n');
            const h = await build(withMemory([{ kind: 'file', key: 'src/util.ts', cellId: 'old' }]), 1, ws);
            assert.deepStrictEqual(ghostOf(h.messages).files, { 'src/util.ts': 'export const x = 2;\n' });
            assert.deepStrictEqual(h.metadata.contextItems, [{ kind: 'file', key: 'src/util.ts', cellId: 'old' }]);
        });
        it('forgets what a deleted cell, or an earlier run of the current cell, brought', async () => {
            const h = await build(withMemory([{ kind: 'file', key: 'src/util.ts', cellId: 'deleted' }, { kind: 'file', key: 'src/app.ts', cellId: 'now' }, { bogus: true }]), 1, new notebookTestUtil_1.FakeWorkspace());
            assert.deepStrictEqual(ghostOf(h.messages).files, {});
            assert.deepStrictEqual(h.metadata.contextItems, []);
        });
    });
    describe('macros', () => {
        it('loads persisted macros, lets the current prompt override them, and substitutes in rules and files', async () => {
            const h = await build((0, notebookTestUtil_1.loadConversation)('macros.agentchat'), 1, new notebookTestUtil_1.FakeWorkspace());
            const block = ghostOf(h.messages);
            const api = block.rules.find(r => r.path === '.agent/rules/api.md');
            assert.strictEqual(api.content, '# API rules\n- Use API version v2.\n- Time out after 30 seconds.\n- Unknown stays: {{NOT_DEFINED}}\n');
            assert.strictEqual(block.rules[1].content, '# Style\nWrite for experts.\n', 'the cell above redefines AUDIENCE over a persisted macro no cell defined');
            assert.strictEqual(block.files['src/app.ts'], "export const endpoint = 'v2/users';\n");
            assert.deepStrictEqual(h.metadata.macroContext, { API_VERSION: 'v2', TIMEOUT: '30', AUDIENCE: 'experts' }, '#define in a code fence is not a macro');
            assert.deepStrictEqual(h.metadata.macroOrigins, { API_VERSION: 'm2', TIMEOUT: 'm2', AUDIENCE: 'm1' });
        });
        it('persists across turns: a later turn without definitions still applies them; a redefinition overrides', async () => {
            const ws = new notebookTestUtil_1.FakeWorkspace();
            const view = (0, notebookTestUtil_1.loadConversation)('macros.agentchat');
            const turn1 = await build({ ...view, metadata: {} }, 0, ws);
            assert.deepStrictEqual(turn1.metadata.macroContext, { AUDIENCE: 'experts' });
            assert.strictEqual(ghostOf(turn1.messages).rules[1].content, '# Style\nWrite for experts.\n');
            const turn2 = await build({ ...view, metadata: { ...turn1.metadata } }, 1, ws);
            assert.deepStrictEqual(turn2.metadata.macroContext, { AUDIENCE: 'experts', API_VERSION: 'v2', TIMEOUT: '30' });
            assert.strictEqual(ghostOf(turn2.messages).rules[1].content, '# Style\nWrite for experts.\n');
            const third = { ...view, metadata: { ...turn2.metadata }, cells: [...view.cells, { id: 'm3', role: 'user', text: '#define AUDIENCE children\nagain' }] };
            const turn3 = await (0, interactionHistory_1.buildInteractionHistory)(third, 2, third.cells[2].text, ws.ports());
            assert.deepStrictEqual(turn3.metadata.macroContext, { AUDIENCE: 'children', API_VERSION: 'v2', TIMEOUT: '30' });
            assert.strictEqual(ghostOf(turn3.messages).rules[0].content.split('\n')[1], '- Use API version v2.');
        });
        it('warns about persisted macros it cannot use instead of failing', async () => {
            const view = (0, notebookTestUtil_1.loadConversation)('macros.agentchat');
            const h = await build({ ...view, metadata: { macroContext: { OK: 'x', 'no good': 1 } } }, 0, new notebookTestUtil_1.FakeWorkspace());
            assert.deepStrictEqual(h.metadata.macroContext, { OK: 'x', AUDIENCE: 'experts' });
            assert.ok(h.warnings.some(w => w.includes('no good')));
        });
    });
    describe('reading through the overlay', () => {
        it('sends the staged content of a referenced file, not the disk', async () => {
            const ws = new notebookTestUtil_1.FakeWorkspace();
            ws.stage('/ws/src/app.ts', 'export const endpoint = "staged";\n');
            const h = await build((0, notebookTestUtil_1.loadConversation)('dedupe.agentchat'), 3, ws);
            assert.strictEqual(ghostOf(h.messages).files['src/app.ts'], 'export const endpoint = "staged";\n');
        });
        it('sees staged creates, staged rules, and not staged deletes', async () => {
            const ws = new notebookTestUtil_1.FakeWorkspace();
            ws.stage('/ws/src/new.ts', 'new\n');
            ws.stage('/ws/src/util.ts', null);
            ws.stage('/ws/.agent/rules/style.md', 'staged rule for {{AUDIENCE}}\n');
            const view = { uri: 'u', metadata: {}, cells: [{ id: 'x', role: 'user', text: '#define AUDIENCE me\n@[src/new.ts] @[src/util.ts]' }] };
            const h = await build(view, 0, ws);
            const block = ghostOf(h.messages);
            assert.deepStrictEqual(block.files, { 'src/new.ts': 'new\n' });
            assert.strictEqual(block.rules[1].content, 'staged rule for me\n');
            assert.ok(h.warnings.some(w => w.startsWith('@[src/util.ts] was not found')), h.warnings.join('\n'));
        });
        it('uses the real overlay: staged content wins over disk', async () => {
            const tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'nb-overlay-')));
            const root = path.join(tmp, 'ws');
            fs.mkdirSync(path.join(root, 'src'), { recursive: true });
            fs.writeFileSync(path.join(root, 'src', 'a.ts'), 'disk\n');
            const overlay = await overlayWorkspace_1.OverlayWorkspace.open(path.join(tmp, 'store'));
            try {
                overlay.write(path.join(root, 'src', 'a.ts'), new TextEncoder().encode('staged\n'), { sessionId: 's', messageId: 'm', turn: 0, description: 'test' });
                const view = { uri: 'u', metadata: {}, cells: [{ id: 'x', role: 'user', text: 'look at @[src/a.ts]' }] };
                const h = await (0, interactionHistory_1.buildInteractionHistory)(view, 0, view.cells[0].text, {
                    roots: [{ name: 'ws', path: root, uri: `file://${root}` }],
                    readFile: p => overlay.readFile(p),
                    readImage: p => overlay.readFile(p),
                    listRules: () => [],
                });
                assert.deepStrictEqual(ghostOf(h.messages).files, { 'src/a.ts': 'staged\n' });
                assert.strictEqual(fs.readFileSync(path.join(root, 'src', 'a.ts'), 'utf8'), 'disk\n');
            }
            finally {
                await overlay.close();
                fs.rmSync(tmp, { recursive: true, force: true });
            }
        });
        it('leaves binary files out with a warning', async () => {
            const view = { uri: 'u', metadata: {}, cells: [{ id: 'x', role: 'user', text: '@[bin/blob.dat]' }] };
            const h = await build(view, 0, new notebookTestUtil_1.FakeWorkspace());
            assert.deepStrictEqual(ghostOf(h.messages).files, {});
            assert.match(h.warnings.join('\n'), /binary/);
        });
    });
    describe('allowed folders', () => {
        it('returns the workspace folders as allowedUris by default', async () => {
            const h = await build((0, notebookTestUtil_1.loadConversation)('dedupe.agentchat'), 0, new notebookTestUtil_1.FakeWorkspace());
            assert.deepStrictEqual([h.allowedUris, h.isSubAgent], [[notebookTestUtil_1.ROOT.uri], false]);
        });
        it('restricts references, rules and images to metadata.allowedUris (a sub-agent)', async () => {
            const ws = new notebookTestUtil_1.FakeWorkspace();
            const h = await build((0, notebookTestUtil_1.loadConversation)('allowed.agentchat'), 0, ws);
            assert.deepStrictEqual([h.allowedUris, h.isSubAgent], [['file:///ws/src'], true]);
            assert.match((0, agentMessage_1.messageText)(h.messages[0]), /sub-agent/);
            const block = ghostOf(h.messages);
            assert.deepStrictEqual(Object.keys(block.files), ['src/app.ts', 'src/util.ts']);
            assert.deepStrictEqual(block.rules, []);
            const w = h.warnings.join('\n');
            assert.match(w, /https:\/\/example.com\/not-a-folder" is not a file: URI/);
            assert.match(w, /@\[secret\/keys.txt\] is outside the folders/);
            assert.match(w, /@\[\/outside\/notes.md\] is outside the folders/);
            assert.match(w, /Rules file .agent\/rules\/api.md is outside/);
            assert.match(w, /@\[https:\/\/example.com\/x\]: only workspace files/);
            assert.ok(!ws.reads.some(p => p.startsWith('/ws/secret') || p.startsWith('/outside')), 'nothing outside was read');
        });
        it('refuses a path that leads out through a symbolic link', async () => {
            const ws = new notebookTestUtil_1.FakeWorkspace();
            ws.symlinks.set('/ws/src/link', '/outside');
            ws.disk.set('/ws/src/link/notes.md', new TextEncoder().encode('via link'));
            const view = { uri: 'u', metadata: {}, cells: [{ id: 'x', role: 'user', text: '@[src/link/notes.md]' }] };
            const h = await build(view, 0, ws);
            assert.deepStrictEqual(ghostOf(h.messages).files, {});
            assert.match(h.warnings.join('\n'), /symbolic link/);
        });
    });
    describe('images', () => {
        it('sends the current prompt\'s images as base64 image parts; earlier prompts stay text', async () => {
            const ws = new notebookTestUtil_1.FakeWorkspace();
            const h = await build((0, notebookTestUtil_1.loadConversation)('images.agentchat'), 1, ws);
            assert.ok(h.messages.slice(0, -1).every(m => m.content.every(p => p.type === 'text')));
            const parts = last(h.messages).content;
            const images = parts.filter(p => p.type === 'image');
            assert.deepStrictEqual(images.map(p => p.type === 'image' && [p.alt, p.mimeType, p.source]), [
                ['the diagram', 'image/png', 'docs/diagram.png'],
                ['inline', 'image/png', images[1].type === 'image' ? images[1].source : ''],
            ]);
            const png = ws.disk.get('/ws/docs/diagram.png');
            assert.strictEqual(images[0].type === 'image' && images[0].data, Buffer.from(png).toString('base64'));
            assert.deepStrictEqual(parts.map(p => p.type), ['text', 'image', 'text', 'image', 'text']);
            const w = h.warnings.join('\n');
            assert.match(w, /images on the web are not fetched/);
            assert.match(w, /!\[missing\]\(docs\/none.png\): image not found/);
            assert.match(w, /!\[secret\]\(\/outside\/pic.png\) is outside the folders/);
            assert.ok(!ws.reads.includes('/outside/pic.png'));
            assert.ok((0, agentMessage_1.messageText)(last(h.messages)).includes(contextCollector_1.GHOST_OPEN), 'the ghost block is the last text part');
            assert.strictEqual(parts[parts.length - 1].type, 'text');
        });
        it('resolves a relative image next to the notebook first', async () => {
            const ws = new notebookTestUtil_1.FakeWorkspace();
            ws.disk.set('/ws/chats/shot.png', ws.disk.get('/ws/docs/diagram.png'));
            const view = { uri: 'file:///ws/chats/c.agentchat', dir: '/ws/chats', metadata: {}, cells: [{ id: 'x', role: 'user', text: '![s](shot.png)' }] };
            const h = await build(view, 0, ws);
            assert.strictEqual(last(h.messages).content.filter(p => p.type === 'image').length, 1, h.warnings.join('\n'));
        });
    });
    it('turns port failures into warnings, never a failed turn', async () => {
        const ws = new notebookTestUtil_1.FakeWorkspace();
        const view = { uri: 'u', metadata: {}, cells: [{ id: 'x', role: 'user', text: '@[src/app.ts] @[tool:overlay_listChanges]' }] };
        const h = await (0, interactionHistory_1.buildInteractionHistory)(view, 0, view.cells[0].text, ws.ports({
            listRules: () => { throw new Error('bad glob'); },
            readFile: () => { throw new Error('disk on fire'); },
            runTool: () => Promise.reject(new Error('tool broke')),
        }));
        assert.match(h.warnings.join('\n'), /Rules files could not be listed: bad glob/);
        assert.match(h.warnings.join('\n'), /@\[src\/app.ts\] was not read: disk on fire/);
        assert.deepStrictEqual(ghostOf(h.messages).tools, [{ name: 'overlay_listChanges', args: {}, result: 'Error: tool broke' }]);
    });
    it('refuses a cell index the notebook does not have', async () => {
        await assert.rejects((0, interactionHistory_1.buildInteractionHistory)((0, notebookTestUtil_1.loadConversation)('dedupe.agentchat'), 9, 'x', new notebookTestUtil_1.FakeWorkspace().ports()), RangeError);
    });
});
describe('buildInteractionHistory: context the agent can rely on (issue 18)', () => {
    const view = (cells, metadata = {}) => ({ uri: 'file:///ws/chats/c.agentchat', dir: '/ws/chats', metadata, cells: cells.map(c => ({ ...c, role: 'user' })) });
    const run = (v, index, ws = new notebookTestUtil_1.FakeWorkspace(), overrides = {}) => (0, interactionHistory_1.buildInteractionHistory)(v, index, v.cells[index].text, ws.ports(overrides));
    it('sends the seed\'s example @rules/api-rules.md as a file with its macros substituted, and warns about nothing', async () => {
        const h = await run(view([{ id: 'c1', text: '#define API_VERSION v2\n#define TIMEOUT 30\n\n请帮我检查 @rules/api-rules.md 中的配置是否正确。' }]), 0);
        assert.deepStrictEqual(ghostOf(h.messages).files, { 'rules/api-rules.md': '# API 调用规则\n\n- 所有 API 调用必须使用版本 v2\n- 请求超时设置为 30 秒\n' });
        assert.deepStrictEqual(h.warnings, []);
        assert.deepStrictEqual(h.metadata.contextItems, [{ kind: 'file', key: 'rules/api-rules.md', cellId: 'c1' }]);
    });
    it('warns above the answer about a bare @path that resolves to nothing, naming it and the @[…] form', async () => {
        const h = await run(view([{ id: 'c1', text: 'check @rules/missing.md and @alice please' }]), 0);
        assert.deepStrictEqual(ghostOf(h.messages).files, {});
        assert.strictEqual(h.warnings.length, 1);
        assert.match(h.warnings[0], /^@rules\/missing\.md looks like a file reference but names no file in the workspace .*@\[path\] for a path with spaces/);
    });
    it('re-running an earlier cell sees only its own context and that of the cells above', async () => {
        const cells = [
            { id: 'c1', text: 'look at @[src/util.ts]' },
            { id: 'c2', text: '#define API_VERSION v9\nnow @[src/app.ts] and @[tool:overlay_listChanges]' },
        ];
        // The notebook remembers what cell 2's earlier run brought (a file and a tool result, and its macro).
        const metadata = {
            contextItems: [{ kind: 'file', key: 'src/app.ts', cellId: 'c2' }, { kind: 'tool', key: 'tool:overlay_listChanges {}', cellId: 'c2' }],
            macroContext: { API_VERSION: 'v9' },
            macroOrigins: { API_VERSION: 'c2' },
        };
        const ws = new notebookTestUtil_1.FakeWorkspace();
        const h = await run(view(cells, metadata), 0, ws);
        const block = ghostOf(h.messages);
        assert.deepStrictEqual(Object.keys(block.files), ['src/util.ts']);
        assert.deepStrictEqual(block.tools, []);
        assert.deepStrictEqual(ws.toolRuns, [], 'cell 2\'s tool is not run for cell 1');
        assert.strictEqual(block.rules[0].content.includes('v9'), false, 'cell 2\'s macro is not in force in cell 1');
        assert.strictEqual(h.messages.length, 2, 'system + cell 1: nothing of cell 2');
        // What cell 2 brought stays remembered for its own runs.
        assert.deepStrictEqual(h.metadata.contextItems, [{ kind: 'file', key: 'src/util.ts', cellId: 'c1' }, ...metadata.contextItems]);
        assert.deepStrictEqual(h.metadata.macroContext, { API_VERSION: 'v9' });
        assert.deepStrictEqual(h.metadata.macroOrigins, { API_VERSION: 'c2' });
    });
    it('retracts the macros of a deleted cell, keeps those of the cells above, and honours #undef', async () => {
        const metadata = { macroContext: { API_VERSION: 'v2', TIMEOUT: '30', AUDIENCE: 'experts' }, macroOrigins: { API_VERSION: 'gone', TIMEOUT: 'c1', AUDIENCE: 'c1' } };
        const h = await run(view([{ id: 'c1', text: 'first' }, { id: 'c2', text: '#undef AUDIENCE\nsecond' }], metadata), 1);
        const [api, style] = ghostOf(h.messages).rules;
        assert.match(api.content, /version \{\{API_VERSION\}\}\.\n- Time out after 30 seconds/);
        assert.strictEqual(style.content, '# Style\nWrite for {{AUDIENCE}}.\n');
        assert.deepStrictEqual(h.metadata.macroContext, { TIMEOUT: '30' });
        assert.deepStrictEqual(h.metadata.macroOrigins, { TIMEOUT: 'c1' });
    });
    it('substitutes macros in the prompt text, in earlier prompts as they were, and in reference paths and tool arguments', async () => {
        const ws = new notebookTestUtil_1.FakeWorkspace();
        const cells = [
            { id: 'c1', text: '#define DIR src\nWork in {{DIR}}.' },
            { id: 'c2', text: '#define DIR docs\nRead @[{{DIR}}/util.ts] and @[tool:overlay_readFile {"path": "{{DIR}}/app.ts"}] for {{DIR}}' },
        ];
        const h = await run(view([cells[0], { ...cells[1], text: cells[1].text.replace('#define DIR docs\n', '') }]), 1, ws);
        assert.strictEqual((0, agentMessage_1.messageText)(h.messages[1]), '#define DIR src\nWork in src.');
        assert.ok((0, agentMessage_1.messageText)(last(h.messages)).startsWith('Read @[src/util.ts] and @[tool:overlay_readFile {"path": "src/app.ts"}] for src\n'));
        assert.deepStrictEqual(Object.keys(ghostOf(h.messages).files), ['src/util.ts']);
        assert.deepStrictEqual(ws.toolRuns, ['overlay_readFile {"path":"src/app.ts"}']);
        const redefined = await run(view(cells), 1, new notebookTestUtil_1.FakeWorkspace());
        assert.strictEqual((0, agentMessage_1.messageText)(redefined.messages[1]), '#define DIR src\nWork in src.', 'an earlier prompt keeps the macros of its time');
    });
    it('tells the model (one note) and the user when files referenced earlier have disappeared', async () => {
        const ws = new notebookTestUtil_1.FakeWorkspace();
        ws.stage('/ws/src/util.ts', null); // deleted (staged)
        const metadata = { contextItems: [{ kind: 'file', key: 'src/util.ts', cellId: 'c1' }, { kind: 'file', key: 'docs/old.md', cellId: 'c1' }] };
        const h = await run(view([{ id: 'c1', text: 'read @[src/util.ts] and @docs/old.md' }, { id: 'c2', text: 'go on' }], metadata), 1, ws);
        const block = ghostOf(h.messages);
        assert.deepStrictEqual(block.files, {});
        assert.deepStrictEqual(block.notes, ['Referenced in earlier prompts but no longer in the workspace (staged changes included), so not sent: src/util.ts, docs/old.md.']);
        assert.deepStrictEqual(h.warnings, block.notes);
    });
    it('does not announce a bare @word of an earlier prompt that never was a file', async () => {
        const h = await run(view([{ id: 'c1', text: 'thanks @v1.x' }, { id: 'c2', text: 'go on' }]), 1);
        assert.strictEqual(ghostOf(h.messages).notes, undefined);
        assert.deepStrictEqual(h.warnings, []);
    });
    it('puts the RECENT EDITS block in the ghost block when the port gives one, and leaves it out when empty', async () => {
        const block = 'RECENT EDITS:\n  [2025-01-15 11:30:42 +01:00] insert: Added 7 lines in `login()` at src/login.ts:12';
        const h = await run(view([{ id: 'c1', text: 'hi' }]), 0, new notebookTestUtil_1.FakeWorkspace(), { recentEdits: () => block });
        assert.strictEqual(ghostOf(h.messages).recentEdits, block);
        const none = await run(view([{ id: 'c1', text: 'hi' }]), 0, new notebookTestUtil_1.FakeWorkspace(), { recentEdits: async () => '' });
        assert.ok(!('recentEdits' in ghostOf(none.messages)));
        const failing = await run(view([{ id: 'c1', text: 'hi' }]), 0, new notebookTestUtil_1.FakeWorkspace(), { recentEdits: () => { throw new Error('tracker gone'); } });
        assert.deepStrictEqual(failing.warnings, ['Your recent edits could not be read: tracker gone']);
    });
});
//# sourceMappingURL=interactionHistory.test.js.map