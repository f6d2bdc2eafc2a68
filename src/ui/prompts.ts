import * as vscode from 'vscode';

/**
 * The questions the extension asks a person. One interface so integration tests can answer them through the
 * extension's test seam (a modal would otherwise block the host); the real one is `windowPrompts`.
 */
export interface Prompts {
  /** A modal confirmation; resolves to the chosen action or undefined (Cancel). */
  confirm(message: string, detail: string, ...actions: string[]): Promise<string | undefined>;
  pick<T extends vscode.QuickPickItem>(items: readonly T[], options: vscode.QuickPickOptions): Promise<T | undefined>;
}

export const windowPrompts: Prompts = {
  async confirm(message, detail, ...actions) {
    return vscode.window.showWarningMessage(message, { modal: true, detail }, ...actions);
  },
  async pick(items, options) {
    return vscode.window.showQuickPick(items, options);
  },
};

/** A scripted answer given after something happens while the question is open (an agent keeps writing). */
export type ScriptedAnswer = (question: string) => Promise<string | undefined>;

/** Scripted answers, queued by tests; an unexpected question fails loudly instead of hanging. */
export class ScriptedPrompts implements Prompts {
  readonly asked: string[] = [];
  /** The labels each pick offered, in order (the first is the one Enter takes). */
  readonly offered: string[][] = [];
  private readonly answers: (string | undefined | ScriptedAnswer)[] = [];

  /** Answers in order; a function answers after doing what a test needs done while the question is open. */
  answer(...answers: (string | undefined | ScriptedAnswer)[]): void {
    this.answers.push(...answers);
  }

  async confirm(message: string, detail: string): Promise<string | undefined> {
    this.asked.push(`${message}\n${detail}`);
    const a = this.next(message);
    return typeof a === 'function' ? a(message) : a;
  }

  async pick<T extends vscode.QuickPickItem>(items: readonly T[], options: vscode.QuickPickOptions): Promise<T | undefined> {
    this.asked.push(options.title ?? options.placeHolder ?? 'pick');
    this.offered.push(items.map(i => i.label));
    const a = this.next(options.title ?? 'pick');
    const label = typeof a === 'function' ? await a(options.title ?? 'pick') : a;
    return label === undefined ? undefined : items.find(i => i.label === label || i.label.includes(label));
  }

  private next(question: string): string | undefined | ScriptedAnswer {
    if (this.answers.length === 0) throw new Error(`unexpected question with no scripted answer: ${question}`);
    return this.answers.shift();
  }
}

/** Switchable: the extension starts with the window and a test may swap in scripted answers. */
export class PromptsSwitch implements Prompts {
  constructor(public current: Prompts = windowPrompts) {}
  confirm(message: string, detail: string, ...actions: string[]): Promise<string | undefined> {
    return this.current.confirm(message, detail, ...actions);
  }
  pick<T extends vscode.QuickPickItem>(items: readonly T[], options: vscode.QuickPickOptions): Promise<T | undefined> {
    return this.current.pick(items, options);
  }
}
