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
exports.TEST_RESULTS_FILE = exports.TEST_SEAM_CONTEXT_KEY = exports.TEST_INVOKE_TOOL_COMMAND = exports.ScriptedHistoryConsentUi = exports.OffsetClock = void 0;
exports.registerTestInvokeToolCommand = registerTestInvokeToolCommand;
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const vscode = __importStar(require("vscode"));
const versionChoices_1 = require("../versionChoices");
/** The system clock plus an offset tests can move. */
class OffsetClock {
    offset = 0;
    now() {
        return Date.now() + this.offset;
    }
    advance(ms) {
        this.offset += ms;
    }
}
exports.OffsetClock = OffsetClock;
/** Answers consent dialogs from a script; with no answer queued it denies (so a forgotten script never hangs). */
class ScriptedHistoryConsentUi {
    clock;
    onAdvance;
    pending;
    answers = [];
    promptLog = [];
    notificationLog = [];
    events = 0;
    constructor(clock, onAdvance, pending) {
        this.clock = clock;
        this.onAdvance = onAdvance;
        this.pending = pending;
    }
    get pendingRequests() {
        return this.pending();
    }
    get prompts() {
        return this.promptLog;
    }
    get notifications() {
        return this.notificationLog;
    }
    scriptConsent(...answers) {
        this.answers.push(...answers);
    }
    advanceClock(ms) {
        this.clock.advance(ms);
        this.onAdvance();
    }
    reset() {
        this.answers = [];
        this.promptLog.length = 0;
        this.notificationLog.length = 0;
    }
    async confirm(prompt) {
        const { answer, record } = await this.answer({ kind: 'confirm', text: prompt.message });
        record.closed = ++this.events;
        return answer === 'allow' ? 'allow' : 'deny';
    }
    async pickVersions(request) {
        const keys = new Set((request.preselected ?? []).map((v) => v.contentPath));
        const checkedAtOpen = request.choices.flatMap((c, i) => (keys.has(c.version.contentPath) ? [i] : []));
        const { answer, record } = await this.answer({
            kind: 'pick', text: request.title, items: request.choices.map((c) => c.label), checked: checkedAtOpen.map((i) => request.choices[i].label),
        });
        record.closed = ++this.events;
        if (answer === 'denyPicker')
            return { kind: 'denied' };
        if (answer === undefined || typeof answer === 'string' || !('pick' in answer)) {
            return { kind: 'hidden', checked: (0, versionChoices_1.checkedVersions)(request.choices, checkedAtOpen) };
        }
        // As a person would: "All recent" checks rows (the same rule as the real picker), the answer is the checked rows.
        const checks = answer.pick === 'allRecent'
            ? (0, versionChoices_1.nextPickerChecks)({ allRecent: false, versions: [] }, { allRecent: true, versions: [] }, request.choices.length, request.allRecentCount ?? 0).versions
            : answer.pick;
        const picked = (0, versionChoices_1.checkedVersions)(request.choices, checks);
        return { kind: 'accepted', versions: request.canPickMany ? picked : picked.slice(0, 1) };
    }
    async chooseRequest(items) {
        const { answer, record } = await this.answer({ kind: 'respond', text: 'AI agent requests for history', items: items.map((i) => i.label) });
        record.closed = ++this.events;
        if (typeof answer !== 'object' || !('respond' in answer))
            return undefined;
        if (answer.respond === 'denyAll')
            return { kind: 'denyAll' };
        const item = items[answer.respond];
        return item ? { kind: 'answer', id: item.id } : undefined;
    }
    /** Records the dialog, takes the next scripted answer, and waits its delay (the dialog is "open" meanwhile). */
    async answer(shown) {
        let answer = this.answers.shift();
        const record = { ...shown, unscripted: answer === undefined, opened: ++this.events, closed: 0 };
        this.promptLog.push(record);
        while (typeof answer === 'object' && 'delayMs' in answer) {
            await new Promise((r) => setTimeout(r, answer && typeof answer === 'object' && 'delayMs' in answer ? answer.delayMs : 0));
            answer = answer.answer;
        }
        return { answer, record };
    }
    notify(message) {
        this.notificationLog.push(message);
    }
    warn(message) {
        this.notificationLog.push(message);
    }
}
exports.ScriptedHistoryConsentUi = ScriptedHistoryConsentUi;
exports.TEST_INVOKE_TOOL_COMMAND = 'agentOverlay.history.testInvokeTool';
exports.TEST_SEAM_CONTEXT_KEY = 'agentOverlay.history.testSeam';
exports.TEST_RESULTS_FILE = 'history-tool-results.jsonl';
/**
 * TEST SEAM for UI tests: "History Helper (test seam): Invoke agent tool" asks for `<tool name> <JSON input>`,
 * calls the tool through `vscode.lm.invokeTool` exactly as an agent would (so the real consent dialogs come
 * up), and appends `{tool, input, text}` to `<run dir>/history-tool-results.jsonl`. Registered only when the
 * harness's run folder is set and the extension is not installed for real; the palette shows it only then.
 */
function registerTestInvokeToolCommand(runDir) {
    void vscode.commands.executeCommand('setContext', exports.TEST_SEAM_CONTEXT_KEY, true);
    return vscode.commands.registerCommand(exports.TEST_INVOKE_TOOL_COMMAND, async (line) => {
        line ??= await vscode.window.showInputBox({ prompt: 'Tool name and JSON input, e.g. history_requestVersions {"filePath":"notes.txt"}' });
        if (!line)
            return;
        const space = line.indexOf(' ');
        const tool = space === -1 ? line : line.substring(0, space);
        const input = space === -1 ? {} : JSON.parse(line.substring(space + 1));
        let text;
        try {
            const result = await vscode.lm.invokeTool(tool, { input, toolInvocationToken: undefined });
            text = result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
        }
        catch (err) {
            text = `invokeTool threw: ${err.message}`;
        }
        fs.appendFileSync(path.join(runDir, exports.TEST_RESULTS_FILE), JSON.stringify({ tool, input, text }) + '\n');
        return text;
    });
}
//# sourceMappingURL=historyTestSeam.js.map