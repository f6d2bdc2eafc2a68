"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.TurnTranscript = exports.TURN_METADATA_KEY = void 0;
exports.answerOfOutputs = answerOfOutputs;
/** The output metadata key holding the turn's record. */
exports.TURN_METADATA_KEY = 'agentChat';
class TurnTranscript {
    blocks = [];
    answer = '';
    error;
    calls = [];
    warnings = [];
    model;
    /** Things the user should know about the context (shown above the answer). */
    warn(...warnings) {
        this.warnings.push(...warnings);
    }
    setModel(name) {
        this.model = name;
    }
    text(delta) {
        this.answer += delta;
        const last = this.blocks[this.blocks.length - 1];
        if (last?.kind === 'text')
            last.text += delta;
        else
            this.blocks.push({ kind: 'text', text: delta });
    }
    toolCall(call) {
        this.blocks.push({ kind: 'tool', name: call.name, input: call.input });
    }
    toolResult(result) {
        this.calls.push(result);
        const pending = this.blocks.find((b) => b.kind === 'tool' && b.name === result.name && !b.result);
        if (pending)
            pending.result = result;
        else
            this.blocks.push({ kind: 'tool', name: result.name, input: result.input, result });
    }
    fail(message) {
        this.error = message;
    }
    record() {
        return { answer: this.answer, ...(this.model ? { model: this.model } : {}), toolCalls: [...this.calls], ...(this.error ? { error: this.error } : {}) };
    }
    markdown() {
        const out = [];
        for (const w of this.warnings)
            out.push(`> ⚠️ ${escapeLine(w)}`);
        if (this.warnings.length)
            out.push('');
        for (const b of this.blocks) {
            if (b.kind === 'text') {
                out.push(b.text);
            }
            else {
                const mark = !b.result ? '⏳' : b.result.ok ? '🔧' : '❌';
                const detail = b.result ? ` — ${escapeLine(b.result.summary)}` : '';
                out.push(`\n${mark} \`${b.name}\` ${inputPreview(b.input)}${detail}\n`);
            }
        }
        if (this.error)
            out.push(`\n**Error:** ${escapeLine(this.error)}`);
        if (out.length === 0)
            out.push('_…_');
        return out.join('\n').replace(/\n{3,}/g, '\n\n').trim();
    }
}
exports.TurnTranscript = TurnTranscript;
/** The answer a cell's earlier run gave, from its outputs (metadata first, else the Markdown text). */
function answerOfOutputs(outputs) {
    for (const o of outputs) {
        const rec = o.metadata?.[exports.TURN_METADATA_KEY];
        if (rec && typeof rec.answer === 'string')
            return rec.answer;
    }
    for (const o of outputs) {
        const md = o.items.find(i => i.mime === 'text/markdown' || i.mime === 'text/plain');
        if (md?.text !== undefined)
            return md.text;
    }
    return undefined;
}
function inputPreview(input) {
    if (typeof input !== 'object' || input === null)
        return '';
    const rec = input;
    const p = rec.path ?? rec.filePath ?? rec.from;
    if (typeof p === 'string')
        return `\`${p.replace(/`/g, "'")}\``;
    const json = JSON.stringify(input);
    return json === '{}' ? '' : `\`${(json.length > 80 ? `${json.slice(0, 77)}…` : json).replace(/`/g, "'")}\``;
}
function escapeLine(s) {
    return s.replace(/\r?\n/g, ' ');
}
//# sourceMappingURL=turnTranscript.js.map