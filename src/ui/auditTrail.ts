import * as vscode from 'vscode';
import type { OverlayModel } from '../fs/model/overlayModel';
import { auditLineOf, type AuditNaming } from './auditLines';

/** Lines kept for the test seam (the output channel itself cannot be read back through the API). */
const KEPT = 500;

/**
 * The "Agent Overlay" output channel: an audit trail of every staging, conflict, resolution, discard, apply and
 * undo, with paths, session and message — never file contents. Model operations are logged as they happen
 * (whoever caused them: an agent's tool, a person, the disk watcher); commands add what only they know
 * (what Apply refused, what Undo restored).
 */
export class AuditTrail implements vscode.Disposable {
  private readonly channel = vscode.window.createOutputChannel('Agent Overlay', { log: true });
  private readonly kept: string[] = [];
  private readonly sub: { dispose(): void };

  constructor(model: OverlayModel, private readonly naming: AuditNaming) {
    this.sub = model.onDidChange(e => {
      if (e.op) this.note(auditLineOf(e.op, this.naming));
    });
  }

  note(line: string): void {
    this.channel.info(line);
    this.kept.push(line);
    if (this.kept.length > KEPT) this.kept.splice(0, this.kept.length - KEPT);
  }

  /** The latest lines, oldest first. */
  lines(): readonly string[] {
    return this.kept;
  }

  show(): void {
    this.channel.show(true);
  }

  dispose(): void {
    this.sub.dispose();
    this.channel.dispose();
  }
}
