/**
 * What a cell's output shows while and after it runs: warnings about the context, the model's answer as it
 * streams, and one line per tool call. Rendered as Markdown; the plain answer is kept in the output's
 * metadata so the next turns send the model exactly what it said (without the tool lines).
 */
import type { ToolCallRecord } from './agentTurn';

/** The output metadata key holding the turn's record. */
export const TURN_METADATA_KEY = 'agentChat';

export interface TurnRecord {
  readonly answer: string;
  readonly model?: string;
  readonly toolCalls: readonly ToolCallRecord[];
  readonly error?: string;
}

type Block = { kind: 'text'; text: string } | { kind: 'tool'; name: string; input: unknown; result?: ToolCallRecord };

export class TurnTranscript {
  private readonly blocks: Block[] = [];
  private answer = '';
  private error: string | undefined;
  private readonly calls: ToolCallRecord[] = [];
  private readonly warnings: string[] = [];
  private model: string | undefined;

  /** Things the user should know about the context (shown above the answer). */
  warn(...warnings: readonly string[]): void {
    this.warnings.push(...warnings);
  }

  setModel(name: string): void {
    this.model = name;
  }

  text(delta: string): void {
    this.answer += delta;
    const last = this.blocks[this.blocks.length - 1];
    if (last?.kind === 'text') last.text += delta;
    else this.blocks.push({ kind: 'text', text: delta });
  }

  toolCall(call: { readonly name: string; readonly input: unknown }): void {
    this.blocks.push({ kind: 'tool', name: call.name, input: call.input });
  }

  toolResult(result: ToolCallRecord): void {
    this.calls.push(result);
    const pending = this.blocks.find((b): b is Extract<Block, { kind: 'tool' }> => b.kind === 'tool' && b.name === result.name && !b.result);
    if (pending) pending.result = result;
    else this.blocks.push({ kind: 'tool', name: result.name, input: result.input, result });
  }

  fail(message: string): void {
    this.error = message;
  }

  record(): TurnRecord {
    return { answer: this.answer, ...(this.model ? { model: this.model } : {}), toolCalls: [...this.calls], ...(this.error ? { error: this.error } : {}) };
  }

  markdown(): string {
    const out: string[] = [];
    for (const w of this.warnings) out.push(`> ⚠️ ${escapeLine(w)}`);
    if (this.warnings.length) out.push('');
    for (const b of this.blocks) {
      if (b.kind === 'text') {
        out.push(b.text);
      } else {
        const mark = !b.result ? '⏳' : b.result.ok ? '🔧' : '❌';
        const detail = b.result ? ` — ${escapeLine(b.result.summary)}` : '';
        out.push(`\n${mark} \`${b.name}\` ${inputPreview(b.input)}${detail}\n`);
      }
    }
    if (this.error) out.push(`\n**Error:** ${escapeLine(this.error)}`);
    if (out.length === 0) out.push('_…_');
    return out.join('\n').replace(/\n{3,}/g, '\n\n').trim();
  }
}

/** The answer a cell's earlier run gave, from its outputs (metadata first, else the Markdown text). */
export function answerOfOutputs(outputs: readonly { readonly metadata?: Readonly<Record<string, unknown>>; readonly items: readonly { readonly mime: string; readonly text?: string }[] }[]): string | undefined {
  for (const o of outputs) {
    const rec = o.metadata?.[TURN_METADATA_KEY] as { answer?: unknown } | undefined;
    if (rec && typeof rec.answer === 'string') return rec.answer;
  }
  for (const o of outputs) {
    const md = o.items.find(i => i.mime === 'text/markdown' || i.mime === 'text/plain');
    if (md?.text !== undefined) return md.text;
  }
  return undefined;
}

function inputPreview(input: unknown): string {
  if (typeof input !== 'object' || input === null) return '';
  const rec = input as Record<string, unknown>;
  const p = rec.path ?? rec.filePath ?? rec.from;
  if (typeof p === 'string') return `\`${p.replace(/`/g, "'")}\``;
  const json = JSON.stringify(input);
  return json === '{}' ? '' : `\`${(json.length > 80 ? `${json.slice(0, 77)}…` : json).replace(/`/g, "'")}\``;
}

function escapeLine(s: string): string {
  return s.replace(/\r?\n/g, ' ');
}
