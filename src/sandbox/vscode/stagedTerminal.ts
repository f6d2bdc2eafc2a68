import * as vscode from 'vscode';
import type { CommandSandbox } from '../commandSandbox';
// The person's own session: what they change in the staged terminal is staged as theirs ("your edits").
import { USER_SESSION } from '../../fs/vscode/stagedFileSystemProvider';

/**
 * "Agent Overlay: Open Staged Terminal": a terminal whose command lines run in the sandbox over the staged view.
 * Each line is one command, run when Enter is pressed; what it changes is staged when it ends, as the person's
 * change (session "user", one message per command line, described by the command), so it can be reviewed and
 * discarded line by line like an agent's. Ctrl+C kills the running command and everything it started (nothing
 * is staged). There is no TTY: full-screen and interactive programs (an editor, a REPL) do not work here.
 */
export class StagedTerminal implements vscode.Pseudoterminal {
  private readonly writeEmitter = new vscode.EventEmitter<string>();
  readonly onDidWrite = this.writeEmitter.event;
  private readonly closeEmitter = new vscode.EventEmitter<number | void>();
  readonly onDidClose = this.closeEmitter.event;
  private line = '';
  private running: AbortController | undefined;
  private count = 0;
  private opened!: () => void;
  /** Resolves once VS Code has opened the terminal (input sent before is lost). */
  readonly ready = new Promise<void>(resolve => (this.opened = resolve));

  constructor(
    private readonly sandbox: CommandSandbox,
    private readonly roots: () => readonly string[],
    private readonly onCommandDone?: (command: string, staged: number) => void,
  ) {}

  open(): void {
    this.write('Staged terminal: commands run over the staged changes; what they change is staged as yours. The real files never change.\r\n');
    this.prompt();
    this.opened();
  }

  close(): void {
    this.running?.abort();
    this.writeEmitter.dispose();
    this.closeEmitter.dispose();
  }

  handleInput(data: string): void {
    if (this.running) {
      if (data === '\x03') this.running.abort();
      return;
    }
    for (const ch of data) {
      if (ch === '\r') {
        const command = this.line;
        this.line = '';
        this.write('\r\n');
        if (command.trim() === '') this.prompt();
        else void this.run(command);
        return;
      }
      if (ch === '\x7f') {
        if (this.line.length > 0) {
          this.line = this.line.slice(0, -1);
          this.write('\b \b');
        }
      } else if (ch === '\x03') {
        this.line = '';
        this.write('^C\r\n');
        this.prompt();
      } else if (ch >= ' ') {
        this.line += ch;
        this.write(ch);
      }
    }
  }

  private async run(command: string): Promise<void> {
    const roots = this.roots();
    if (roots.length === 0) {
      this.write('No workspace folder is open.\r\n');
      return this.prompt();
    }
    this.running = new AbortController();
    this.count += 1;
    try {
      const r = await this.sandbox.run(
        {
          command,
          cwd: roots[0],
          roots,
          timeoutMs: 24 * 60 * 60_000,
          signal: this.running.signal,
          meta: { sessionId: USER_SESSION, messageId: `terminal-${Date.now()}-${this.count}`, turn: 0, description: `by \`${command.trim().slice(0, 80)}\` (staged terminal)` },
        },
        (_stream, chunk) => this.write(chunk.toString('utf8').replace(/\r?\n/g, '\r\n')),
      );
      const end = r.end.kind === 'exited' ? `exit code ${r.end.exitCode}` : r.end.kind === 'signalled' ? r.end.signal : r.end.kind === 'timedOut' ? 'timed out' : 'cancelled';
      const staged = r.staged.length > 0 ? `${r.staged.length} change(s) staged` : 'nothing staged';
      this.write(`\x1b[2m[${end}; ${staged}]\x1b[0m\r\n`);
      this.onCommandDone?.(command, r.staged.length);
    } catch (e) {
      this.write(`\x1b[31m${(e as Error).message}\x1b[0m\r\n`);
    } finally {
      this.running = undefined;
      this.prompt();
    }
  }

  private prompt(): void {
    this.write('\x1b[36mstaged$\x1b[0m ');
  }

  private write(text: string): void {
    this.writeEmitter.fire(text);
  }
}
