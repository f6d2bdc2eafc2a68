import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { Clock } from '../grants';
import { checkedVersions, nextPickerChecks } from '../versionChoices';
import type {
  ConsentAnswer, ConsentPrompt, HistoryConsentUi, PendingRequestItem, RespondChoice, VersionPick, VersionPickRequest,
} from '../../tools/history/historyToolPorts';

/**
 * TEST SEAM — only built when the extension runs under a test (never for an installed extension, whose mode is
 * Production). Integration tests get it from the extension's exports and script the consent dialogs instead
 * of clicking them; UI tests click the real dialogs and use the hidden palette command below to start an agent
 * tool call.
 */

/**
 * One scripted answer: to a modal (`allow`/`deny`); to a version picker (indexes into its newest-first list, or
 * `allRecent` = checking "All recent"; `dismiss` = hidden unanswered; `denyPicker` = its Deny button); to the
 * Respond list (`{respond: index}` into the items it shows, or `denyAll`; `dismiss` = Escape). Wrapped in
 * `{delayMs, answer}`, the dialog stays open that long first, as a person takes time to answer.
 */
export type ScriptedConsentAnswer =
  | 'allow'
  | 'deny'
  | { readonly pick: readonly number[] | 'allRecent' }
  | 'dismiss'
  | 'denyPicker'
  | { readonly respond: number | 'denyAll' }
  | { readonly delayMs: number; readonly answer: ScriptedConsentAnswer };

export interface RecordedPrompt {
  readonly kind: 'confirm' | 'pick' | 'respond';
  /** The modal's message, the picker's title, or the Respond list's title. */
  readonly text: string;
  /** Picker: the item labels shown (without "All recent"); Respond list: the requests' labels. */
  readonly items?: readonly string[];
  /** Picker: the labels of the rows checked when it opened. */
  readonly checked?: readonly string[];
  /** True when no answer was scripted: the seam then denied / dismissed it (fails closed). */
  readonly unscripted: boolean;
  /** Position in the seam's event order when the dialog opened and when it was answered (overlap and order). */
  readonly opened: number;
  closed: number;
}

export interface HistoryTestSeam {
  /** Queue answers for the next consent dialogs, in order. */
  scriptConsent(...answers: ScriptedConsentAnswer[]): void;
  /** Every dialog shown since the last `reset()`. */
  readonly prompts: readonly RecordedPrompt[];
  /** Every notification and warning since the last `reset()`. */
  readonly notifications: readonly string[];
  /** Moves the bridge's clock forward (grant expiry without waiting). */
  advanceClock(ms: number): void;
  /** Agent requests waiting for the user (queued, or parked with their picker closed): what the status bar counts. */
  readonly pendingRequests: number;
  /** Forgets scripted answers and records; the clock keeps its offset. */
  reset(): void;
}

/** The system clock plus an offset tests can move. */
export class OffsetClock implements Clock {
  private offset = 0;
  now(): number {
    return Date.now() + this.offset;
  }
  advance(ms: number): void {
    this.offset += ms;
  }
}

/** Answers consent dialogs from a script; with no answer queued it denies (so a forgotten script never hangs). */
export class ScriptedHistoryConsentUi implements HistoryConsentUi, HistoryTestSeam {
  private answers: ScriptedConsentAnswer[] = [];
  private readonly promptLog: RecordedPrompt[] = [];
  private readonly notificationLog: string[] = [];
  private events = 0;

  constructor(private readonly clock: OffsetClock, private readonly onAdvance: () => void, private readonly pending: () => number) {}

  get pendingRequests(): number {
    return this.pending();
  }

  get prompts(): readonly RecordedPrompt[] {
    return this.promptLog;
  }
  get notifications(): readonly string[] {
    return this.notificationLog;
  }

  scriptConsent(...answers: ScriptedConsentAnswer[]): void {
    this.answers.push(...answers);
  }

  advanceClock(ms: number): void {
    this.clock.advance(ms);
    this.onAdvance();
  }

  reset(): void {
    this.answers = [];
    this.promptLog.length = 0;
    this.notificationLog.length = 0;
  }

  async confirm(prompt: ConsentPrompt): Promise<ConsentAnswer> {
    const { answer, record } = await this.answer({ kind: 'confirm', text: prompt.message });
    record.closed = ++this.events;
    return answer === 'allow' ? 'allow' : 'deny';
  }

  async pickVersions(request: VersionPickRequest): Promise<VersionPick> {
    const keys = new Set((request.preselected ?? []).map((v) => v.contentPath));
    const checkedAtOpen = request.choices.flatMap((c, i) => (keys.has(c.version.contentPath) ? [i] : []));
    const { answer, record } = await this.answer({
      kind: 'pick', text: request.title, items: request.choices.map((c) => c.label), checked: checkedAtOpen.map((i) => request.choices[i].label),
    });
    record.closed = ++this.events;
    if (answer === 'denyPicker') return { kind: 'denied' };
    if (answer === undefined || typeof answer === 'string' || !('pick' in answer)) {
      return { kind: 'hidden', checked: checkedVersions(request.choices, checkedAtOpen) };
    }
    // As a person would: "All recent" checks rows (the same rule as the real picker), the answer is the checked rows.
    const checks = answer.pick === 'allRecent'
      ? nextPickerChecks({ allRecent: false, versions: [] }, { allRecent: true, versions: [] }, request.choices.length, request.allRecentCount ?? 0).versions
      : answer.pick;
    const picked = checkedVersions(request.choices, checks);
    return { kind: 'accepted', versions: request.canPickMany ? picked : picked.slice(0, 1) };
  }

  async chooseRequest(items: readonly PendingRequestItem[]): Promise<RespondChoice | undefined> {
    const { answer, record } = await this.answer({ kind: 'respond', text: 'AI agent requests for history', items: items.map((i) => i.label) });
    record.closed = ++this.events;
    if (typeof answer !== 'object' || !('respond' in answer)) return undefined;
    if (answer.respond === 'denyAll') return { kind: 'denyAll' };
    const item = items[answer.respond];
    return item ? { kind: 'answer', id: item.id } : undefined;
  }

  /** Records the dialog, takes the next scripted answer, and waits its delay (the dialog is "open" meanwhile). */
  private async answer(shown: Omit<RecordedPrompt, 'unscripted' | 'opened' | 'closed'>): Promise<{ answer: ScriptedConsentAnswer | undefined; record: RecordedPrompt }> {
    let answer = this.answers.shift();
    const record: RecordedPrompt = { ...shown, unscripted: answer === undefined, opened: ++this.events, closed: 0 };
    this.promptLog.push(record);
    while (typeof answer === 'object' && 'delayMs' in answer) {
      await new Promise((r) => setTimeout(r, answer && typeof answer === 'object' && 'delayMs' in answer ? answer.delayMs : 0));
      answer = answer.answer;
    }
    return { answer, record };
  }

  notify(message: string): void {
    this.notificationLog.push(message);
  }

  warn(message: string): void {
    this.notificationLog.push(message);
  }
}

export const TEST_INVOKE_TOOL_COMMAND = 'agentOverlay.history.testInvokeTool';
export const TEST_SEAM_CONTEXT_KEY = 'agentOverlay.history.testSeam';
export const TEST_RESULTS_FILE = 'history-tool-results.jsonl';

/**
 * TEST SEAM for UI tests: "History Helper (test seam): Invoke agent tool" asks for `<tool name> <JSON input>`,
 * calls the tool through `vscode.lm.invokeTool` exactly as an agent would (so the real consent dialogs come
 * up), and appends `{tool, input, text}` to `<run dir>/history-tool-results.jsonl`. Registered only when the
 * harness's run folder is set and the extension is not installed for real; the palette shows it only then.
 */
export function registerTestInvokeToolCommand(runDir: string): vscode.Disposable {
  void vscode.commands.executeCommand('setContext', TEST_SEAM_CONTEXT_KEY, true);
  return vscode.commands.registerCommand(TEST_INVOKE_TOOL_COMMAND, async (line?: string) => {
    line ??= await vscode.window.showInputBox({ prompt: 'Tool name and JSON input, e.g. history_requestVersions {"filePath":"notes.txt"}' });
    if (!line) return;
    const space = line.indexOf(' ');
    const tool = space === -1 ? line : line.substring(0, space);
    const input: object = space === -1 ? {} : JSON.parse(line.substring(space + 1));
    let text: string;
    try {
      const result = await vscode.lm.invokeTool(tool, { input, toolInvocationToken: undefined });
      text = result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
    } catch (err) {
      text = `invokeTool threw: ${(err as Error).message}`;
    }
    fs.appendFileSync(path.join(runDir, TEST_RESULTS_FILE), JSON.stringify({ tool, input, text }) + '\n');
    return text;
  });
}
