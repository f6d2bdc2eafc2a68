import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { Clock } from '../grants';
import type { HistoryVersion } from '../historyVersion';
import { resolvePickedVersions } from '../versionChoices';
import type {
  ConsentAnswer, ConsentPrompt, HistoryConsentUi, VersionPickRequest,
} from '../../tools/history/historyToolPorts';

/**
 * TEST SEAM — only built when the extension runs under a test (never for an installed extension, whose mode is
 * Production). Integration tests get it from the extension's exports and script the consent dialogs instead
 * of clicking them; UI tests click the real dialogs and use the hidden palette command below to start an agent
 * tool call.
 */

/** One scripted answer: to a modal (`allow`/`deny`), or to a version picker (indexes into its newest-first list). */
export type ScriptedConsentAnswer =
  | 'allow'
  | 'deny'
  | { readonly pick: readonly number[] | 'allRecent' }
  | 'dismiss';

export interface RecordedPrompt {
  readonly kind: 'confirm' | 'pick';
  /** The modal's message, or the picker's title. */
  readonly text: string;
  /** Picker: the item labels shown (without "All recent"). */
  readonly items?: readonly string[];
  /** True when no answer was scripted: the seam then denied / dismissed it (fails closed). */
  readonly unscripted: boolean;
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

  constructor(private readonly clock: OffsetClock, private readonly onAdvance: () => void) {}

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
    const answer = this.answers.shift();
    this.promptLog.push({ kind: 'confirm', text: prompt.message, unscripted: answer === undefined });
    return answer === 'allow' ? 'allow' : 'deny';
  }

  async pickVersions(request: VersionPickRequest): Promise<readonly HistoryVersion[] | undefined> {
    const answer = this.answers.shift();
    this.promptLog.push({ kind: 'pick', text: request.title, items: request.choices.map((c) => c.label), unscripted: answer === undefined });
    if (answer === undefined || typeof answer === 'string') return undefined;
    const picked = answer.pick === 'allRecent'
      ? resolvePickedVersions(request.choices, [], true, request.allRecentCount ?? 0)
      : resolvePickedVersions(request.choices, answer.pick, false, 0);
    return request.canPickMany ? picked : picked.slice(0, 1);
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
