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
const child_process_1 = require("child_process");
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
/**
 * The guard-rail hook shipped in plugin/agent-overlay: its rule (tool name → deny naming the overlay tool), and the
 * script itself run as Claude Code and VS Code run it (stdin JSON in, decision JSON out).
 */
const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const PLUGIN = path.join(ROOT, 'plugin', 'agent-overlay');
const SCRIPT = path.join(PLUGIN, 'hooks', 'guardRail.js');
// The script is plain JS shipped as is (no bundle); load it the way node does.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const rule = require(SCRIPT);
const readJson = (...p) => JSON.parse(fs.readFileSync(path.join(...p), 'utf8'));
/** Claude Code's PreToolUse input (https://code.claude.com/docs/en/hooks#pretooluse-input). */
const claudeInput = (tool, toolInput) => ({
    session_id: 'abc123', transcript_path: '/tmp/t.jsonl', cwd: '/work/p', permission_mode: 'default',
    hook_event_name: 'PreToolUse', tool_name: tool, tool_input: toolInput, tool_use_id: 'toolu_01',
});
/** VS Code's (Copilot Chat 0.67 ChatHookService: common fields + tool_name, tool_input, tool_use_id). */
const vscodeInput = (tool, toolInput) => ({
    timestamp: '2026-11-24T08:00:00.000Z', hook_event_name: 'PreToolUse', session_id: 'vscode-chat-session',
    cwd: '/work/p', tool_name: tool, tool_input: toolInput, tool_use_id: 'call_1__vscode-1',
});
function run(command, args, stdin, env = process.env) {
    const r = (0, child_process_1.spawnSync)(command, args, { input: stdin, encoding: 'utf8', env });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
describe('guard-rail hook rule', () => {
    it("denies Claude Code's Write and names overlay_writeFile", () => {
        const d = rule.decide(claudeInput('Write', { file_path: '/work/p/a.ts', content: 'x' }));
        assert.strictEqual(d?.hookSpecificOutput.permissionDecision, 'deny');
        assert.strictEqual(d.hookSpecificOutput.hookEventName, 'PreToolUse');
        assert.match(d.hookSpecificOutput.permissionDecisionReason, /Write writes straight to disk.*Use overlay_writeFile instead/);
    });
    it("denies Claude Code's Edit, MultiEdit and NotebookEdit", () => {
        assert.match(rule.decide(claudeInput('Edit', {})).hookSpecificOutput.permissionDecisionReason, /Use overlay_editFile/);
        assert.match(rule.decide(claudeInput('MultiEdit', {})).hookSpecificOutput.permissionDecisionReason, /Use overlay_editFile/);
        assert.match(rule.decide(claudeInput('NotebookEdit', {})).hookSpecificOutput.permissionDecisionReason, /Use overlay_writeFile/);
    });
    it("denies VS Code's built-in edit tools under each of their names", () => {
        for (const name of ['replace_string_in_file', 'copilot_replaceString', 'replaceString', 'apply_patch', 'copilot_editFiles', 'insert_edit_into_file', 'multi_replace_string_in_file']) {
            assert.match(rule.decide(vscodeInput(name, { filePath: '/work/p/a.ts' })).hookSpecificOutput.permissionDecisionReason, /Use overlay_editFile/, name);
        }
        for (const name of ['create_file', 'copilot_createFile', 'createFile', 'edit_notebook_file']) {
            assert.match(rule.decide(vscodeInput(name, {})).hookSpecificOutput.permissionDecisionReason, /Use overlay_writeFile/, name);
        }
    });
    it('lets readers, other tools and the overlay tools themselves through', () => {
        for (const name of ['Read', 'Bash', 'read_file', 'copilot_readFile', 'overlay_writeFile', 'mcp__agent-overlay__overlay_writeFile', 'toString', '__proto__']) {
            assert.strictEqual(rule.decide(claudeInput(name, {})), undefined, name);
        }
        assert.strictEqual(rule.decide({}), undefined);
        assert.strictEqual(rule.decide(null), undefined);
        assert.strictEqual(rule.decide({ tool_name: 42 }), undefined);
    });
    it('names only overlay tools the extension contributes', () => {
        const pkg = readJson(ROOT, 'package.json');
        const contributed = new Set(pkg.contributes.languageModelTools.map(t => t.name));
        for (const [builtIn, overlay] of Object.entries(rule.REPLACEMENTS))
            assert.ok(contributed.has(overlay), `${builtIn} → ${overlay}`);
    });
    it("covers every file-writing tool Copilot Chat 0.67 contributes (names checked in this project's host)", () => {
        for (const id of ['copilot_applyPatch', 'copilot_insertEdit', 'copilot_createFile', 'copilot_replaceString', 'copilot_multiReplaceString', 'copilot_editNotebook', 'copilot_editFiles']) {
            assert.ok(rule.decide(vscodeInput(id, {})), id);
        }
    });
});
describe('guard-rail plugin folder', () => {
    const hooks = readJson(PLUGIN, 'hooks', 'hooks.json');
    const entry = hooks.hooks.PreToolUse[0];
    it("Claude Code's matcher selects every tool the rule denies", () => {
        const matcher = new RegExp(`^(?:${entry.matcher})$`);
        for (const name of Object.keys(rule.REPLACEMENTS))
            assert.ok(matcher.test(name), name);
        assert.ok(!matcher.test('Read') && !matcher.test('Bash'));
    });
    it('has a manifest for Claude Code and one for VS Code, and only Claude Code gets the MCP entry', () => {
        assert.strictEqual(readJson(PLUGIN, '.claude-plugin', 'plugin.json').name, 'agent-overlay');
        // VS Code reads .plugin/plugin.json first; an inline empty mcpServers keeps its server list free of a second,
        // env-dependent copy of the bridge (VS Code already lists the bridge through the extension's provider).
        assert.deepStrictEqual(readJson(PLUGIN, '.plugin', 'plugin.json').mcpServers, {});
        const mcp = readJson(PLUGIN, '.mcp.json');
        assert.deepStrictEqual(mcp.mcpServers['agent-overlay'], {
            type: 'http', url: '${AGENT_OVERLAY_MCP_URL}', headers: { Authorization: 'Bearer ${AGENT_OVERLAY_MCP_TOKEN}' },
        });
    });
    it('the script denies a Write given as Claude Code gives it (stdin JSON, decision JSON on stdout, exit 0)', () => {
        const r = run(process.execPath, [SCRIPT], JSON.stringify(claudeInput('Write', { file_path: '/p/a', content: 'x' })));
        assert.strictEqual(r.status, 0, r.stderr);
        const out = JSON.parse(r.stdout);
        assert.strictEqual(out.hookSpecificOutput.permissionDecision, 'deny');
        assert.match(out.hookSpecificOutput.permissionDecisionReason, /overlay_writeFile/);
    });
    it('the script denies a VS Code replace_string_in_file and passes read_file silently', () => {
        const denied = run(process.execPath, [SCRIPT], JSON.stringify(vscodeInput('replace_string_in_file', { filePath: '/p/a', oldString: 'a', newString: 'b' })));
        assert.strictEqual(denied.status, 0, denied.stderr);
        assert.strictEqual(JSON.parse(denied.stdout).hookSpecificOutput.permissionDecision, 'deny');
        const passed = run(process.execPath, [SCRIPT], JSON.stringify(vscodeInput('read_file', { filePath: '/p/a' })));
        assert.deepStrictEqual([passed.status, passed.stdout], [0, '']);
    });
    it('the script reports a malformed input as a hook error instead of passing it silently', () => {
        const r = run(process.execPath, [SCRIPT], '{not json');
        assert.strictEqual(r.status, 1);
        assert.match(r.stderr, /not JSON/);
    });
    it("the hook's command finds the script with Claude Code's CLAUDE_PLUGIN_ROOT and with VS Code's PLUGIN_ROOT", () => {
        if (process.platform === 'win32')
            return; // the command is a POSIX shell line; Windows is covered by neither host here
        const input = JSON.stringify(claudeInput('Edit', {}));
        const env = { PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? ''}` };
        const claude = run('/bin/sh', ['-c', entry.hooks[0].command], input, { ...env, CLAUDE_PLUGIN_ROOT: PLUGIN });
        assert.strictEqual(claude.status, 0, claude.stderr);
        assert.match(claude.stdout, /"permissionDecision":"deny"/);
        const vscode = run('/bin/sh', ['-c', entry.hooks[0].command], input, { ...env, PLUGIN_ROOT: PLUGIN });
        assert.strictEqual(vscode.status, 0, vscode.stderr);
        assert.match(vscode.stdout, /"permissionDecision":"deny"/);
    });
});
//# sourceMappingURL=guardRail.test.js.map