import * as path from 'path';
import * as vscode from 'vscode';
import type { CompositeChange } from '../fs/model/overlayQueries';
import { decodeText, encodeText } from '../fs/model/textContent';
import type { OverlayWorkspace } from '../fs/overlayWorkspace';
import { showName } from '../fs/stagedNames';
import { diskPathOf, isStagedUri, USER_SESSION } from '../fs/vscode/stagedFileSystemProvider';
import type { AuditTrail } from './auditTrail';
import type { ApplyWrapper } from './stagedChangeCommands';
import { findHunk, hunkAtLine, keepHunk, nextHunkPlace, stagedHunks, StaleHunkError, undoHunk, type HunkRef, type HunkSide, type StagedHunk } from './stagedHunks';

/** True while the active editor shows a file with staged changes to keep or undo (keybindings use it). */
const HAS_HUNKS_KEY = 'agentOverlay.editorHasStagedHunks';
/** True while anything is staged (Next / Previous Staged Change have somewhere to go). */
const HAS_STAGED_KEY = 'agentOverlay.hasStagedChanges';
/** A busy agent stages many files a second: the editor's marks follow once per burst. */
const REDRAW_MS = 50;

/** What a CodeLens's Keep / Undo carries: the file and the hunk as it was shown. */
interface HunkArgs {
  readonly path: string;
  readonly ref: HunkRef;
}

/** A refusal the person reads as it is (no stack, no "Error:"). */
class HunkActionError extends Error {}

export interface HunkReviewDeps {
  readonly overlay: OverlayWorkspace;
  readonly audit: AuditTrail;
  /** The workspace folders: Keep writes only inside them, as Apply does. */
  readonly roots: () => readonly string[];
  /** Wraps the disk write as Apply's are (the edit tracker labels the reload as the agent's edit). */
  readonly wrapWrite: () => ApplyWrapper;
}

/**
 * Per-change review in the normal editor (issue 27 item 6): a file with a staged change shows each of the agent's
 * changes where it goes — the disk lines it replaces or removes marked as a diff marks them, the lines it adds
 * after them, its text in the hover — with **Keep** and **Undo** above it. Keep writes just that change to the disk
 * (the rest of the disk as it is, the person's edits included) and lets the overlay's own reconciliation rebase
 * the staged change onto it, so the change drops out of it by the same merge every disk edit goes through; Undo
 * stages the file again without that change. The same actions work on the change under the cursor in the staged
 * diff editor, and Next / Previous Staged Change walk the changes across files.
 */
export class HunkReview implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly _onDidChangeCodeLenses = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this._onDidChangeCodeLenses.event;
  private readonly replaced = vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    backgroundColor: new vscode.ThemeColor('diffEditor.removedLineBackground'),
    overviewRulerColor: new vscode.ThemeColor('editorOverviewRuler.deletedForeground'),
    overviewRulerLane: vscode.OverviewRulerLane.Left,
  });
  private readonly inserted = vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    overviewRulerColor: new vscode.ThemeColor('editorOverviewRuler.addedForeground'),
    overviewRulerLane: vscode.OverviewRulerLane.Left,
    after: { color: new vscode.ThemeColor('gitDecoration.addedResourceForeground'), margin: '0 0 0 2em', fontStyle: 'italic' },
  });
  private readonly disposables: vscode.Disposable[] = [];
  private timer: NodeJS.Timeout | undefined;
  private hadStaged: boolean | undefined;

  constructor(private readonly deps: HunkReviewDeps) {
    const redraw = () => {
      this.timer ??= setTimeout(() => {
        this.timer = undefined;
        this.redraw();
      }, REDRAW_MS);
    };
    this.disposables.push(
      this._onDidChangeCodeLenses,
      this.replaced,
      this.inserted,
      vscode.languages.registerCodeLensProvider({ scheme: 'file' }, this),
      deps.overlay.onDidChange(redraw),
      vscode.window.onDidChangeVisibleTextEditors(redraw),
      vscode.window.onDidChangeActiveTextEditor(() => this.updateContext()),
      vscode.workspace.onDidSaveTextDocument(redraw),
      vscode.workspace.onDidChangeTextDocument(e => {
        // Typing changes which lines the hunks sit on; a dirty file shows none until it is saved (its text is not the disk's).
        if (e.document.uri.scheme === 'file' && this.changeOf(e.document.uri.fsPath)) redraw();
      }),
      vscode.commands.registerCommand('agentOverlay.keepHunk', (a?: unknown) => this.run('keep', a)),
      vscode.commands.registerCommand('agentOverlay.undoHunk', (a?: unknown) => this.run('undo', a)),
      vscode.commands.registerCommand('agentOverlay.nextStagedHunk', () => this.go('next')),
      vscode.commands.registerCommand('agentOverlay.previousStagedHunk', () => this.go('previous')),
    );
    this.redraw();
  }

  /** The staged change of `p` that has hunks to offer: a text modification not in conflict. */
  private changeOf(p: string): CompositeChange | undefined {
    const c = this.deps.overlay.composite(p);
    return c && c.kind === 'modify' && !c.conflict && c.after !== null ? c : undefined;
  }

  /** The disk's and the staged text of `p`, and the hunks between them; undefined when either is not text. */
  private hunksOf(p: string): { disk: string; staged: string; hunks: StagedHunk[] } | undefined {
    const c = this.changeOf(p);
    if (!c || c.after === null) return undefined;
    const diskBytes = this.deps.overlay.disk.read(p);
    if (!diskBytes) return undefined;
    const disk = decodeText(diskBytes);
    const staged = decodeText(this.deps.overlay.model.store.get(c.after));
    if (disk === undefined || staged === undefined) return undefined;
    return { disk, staged, hunks: stagedHunks(disk, staged) };
  }

  /** The hunks to show in `doc`: none while it holds unsaved edits (its lines are not the disk's then). */
  private shownHunks(doc: vscode.TextDocument): StagedHunk[] {
    if (doc.uri.scheme !== 'file' || doc.isDirty) return [];
    return this.hunksOf(doc.uri.fsPath)?.hunks ?? [];
  }

  provideCodeLenses(doc: vscode.TextDocument): vscode.CodeLens[] {
    return this.shownHunks(doc).flatMap(h => {
      const line = Math.min(h.diskStart, Math.max(doc.lineCount - 1, 0));
      const range = new vscode.Range(line, 0, line, 0);
      const args: HunkArgs = { path: doc.uri.fsPath, ref: { diskStart: h.diskStart, removed: h.removed, added: h.added } };
      return [
        new vscode.CodeLens(range, { title: '$(check) Keep', tooltip: 'Write just this change of the agent\'s to the file on disk', command: 'agentOverlay.keepHunk', arguments: [args] }),
        new vscode.CodeLens(range, { title: '$(discard) Undo', tooltip: 'Drop just this change from the staged change (the disk is not touched)', command: 'agentOverlay.undoHunk', arguments: [args] }),
        new vscode.CodeLens(range, { title: `Agent: ${describe(h)}`, tooltip: 'Open the staged diff', command: 'agentOverlay.openChange', arguments: [vscode.Uri.file(doc.uri.fsPath)] }),
      ];
    });
  }

  private redraw(): void {
    this._onDidChangeCodeLenses.fire();
    for (const editor of vscode.window.visibleTextEditors) this.decorate(editor);
    this.updateContext();
  }

  private decorate(editor: vscode.TextEditor): void {
    const doc = editor.document;
    if (doc.uri.scheme !== 'file') return;
    const hunks = this.shownHunks(doc);
    const replaced: vscode.DecorationOptions[] = [];
    const inserted: vscode.DecorationOptions[] = [];
    for (const h of hunks) {
      const hover = hoverOf(h);
      if (h.diskCount > 0) replaced.push({ range: new vscode.Range(h.diskStart, 0, h.diskStart + h.diskCount - 1, 0), hoverMessage: hover });
      if (h.stagedCount > 0) {
        // The agent's lines go after the disk lines they replace (or after the line before an insertion).
        const after = Math.max(Math.min(h.diskStart + h.diskCount - 1, doc.lineCount - 1), 0);
        const first = h.added.split(/\r?\n/)[0];
        const more = h.stagedCount > 1 ? ` (+${h.stagedCount - 1} more line${h.stagedCount > 2 ? 's' : ''})` : '';
        inserted.push({ range: new vscode.Range(after, 0, after, 0), hoverMessage: hover, renderOptions: { after: { contentText: `⊕ agent: ${first}${more}` } } });
      }
    }
    editor.setDecorations(this.replaced, replaced);
    editor.setDecorations(this.inserted, inserted);
  }

  private updateContext(): void {
    const doc = vscode.window.activeTextEditor?.document;
    const has = doc !== undefined && (doc.uri.scheme === 'file' ? this.shownHunks(doc).length > 0 : isStagedUri(doc.uri) && (this.hunksOf(diskPathOf(doc.uri))?.hunks.length ?? 0) > 0);
    void vscode.commands.executeCommand('setContext', HAS_HUNKS_KEY, has);
    const staged = this.deps.overlay.model.stagedPaths().length > 0;
    if (staged !== this.hadStaged) void vscode.commands.executeCommand('setContext', HAS_STAGED_KEY, (this.hadStaged = staged));
  }

  /** Keep or Undo, on the hunk a CodeLens names or else the one under the cursor (also in the staged diff). */
  private async run(action: 'keep' | 'undo', arg: unknown): Promise<void> {
    try {
      const target = isHunkArgs(arg) ? arg : this.atCursor();
      if (action === 'keep') await this.keep(target);
      else await this.undo(target);
    } catch (e) {
      if (e instanceof HunkActionError || e instanceof StaleHunkError) void vscode.window.showWarningMessage(e.message);
      else void vscode.window.showErrorMessage(`Agent Overlay: ${action === 'keep' ? 'Keep' : 'Undo'} failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  /** The hunk under the active editor's cursor, on the disk file or the staged file (either side of the diff). */
  private atCursor(): HunkArgs {
    const editor = vscode.window.activeTextEditor;
    if (!editor || (editor.document.uri.scheme !== 'file' && !isStagedUri(editor.document.uri))) throw new HunkActionError('Put the cursor on a staged change of the agent\'s first (in the file or its staged diff).');
    const side: HunkSide = editor.document.uri.scheme === 'file' ? 'disk' : 'staged';
    const p = diskPathOf(editor.document.uri);
    const found = this.hunksOf(p);
    const h = found && hunkAtLine(found.hunks, editor.selection.active.line, side);
    if (!h) throw new HunkActionError(`There is no staged change of the agent's at line ${editor.selection.active.line + 1} of ${this.name(p)}.`);
    return { path: p, ref: { diskStart: h.diskStart, removed: h.removed, added: h.added } };
  }

  private name(p: string): string {
    return showName(vscode.workspace.asRelativePath(p));
  }

  /** The hunk `target` names, as the staged change and the disk are now (reconciled first). */
  private current(target: HunkArgs): { disk: string; staged: string; hunk: StagedHunk; change: CompositeChange } {
    this.deps.overlay.reconcilePaths([target.path]);
    const change = this.changeOf(target.path);
    if (!change) throw new HunkActionError(`${this.name(target.path)} has no staged change to keep or undo a part of now (applied, discarded, or in conflict).`);
    const found = this.hunksOf(target.path);
    if (!found) throw new HunkActionError(`${this.name(target.path)} is not text: apply or discard its change as a whole.`);
    const hunk = findHunk(found.hunks, target.ref);
    if (!hunk) throw new StaleHunkError('the staged change');
    return { ...found, hunk, change };
  }

  private async keep(target: HunkArgs): Promise<void> {
    const { overlay, audit, roots } = this.deps;
    const p = target.path;
    if (vscode.workspace.textDocuments.some(d => d.isDirty && d.uri.scheme === 'file' && d.uri.fsPath === p)) {
      throw new HunkActionError(`${this.name(p)} has unsaved edits: save or revert them first (Keep writes the file on disk, and never over an edit of yours).`);
    }
    overlay.assertWritable();
    const { disk, hunk } = this.current(target);
    const text = keepHunk(disk, hunk);
    const bytes = encodeText(text);
    await this.deps.wrapWrite()([{ uri: vscode.Uri.file(p).toString(), text }], async () => {
      // Written as Apply writes a file (beside it, fsynced, renamed over it, its permission bits kept), and only if
      // the disk still holds what the hunk was computed on: an edit saved meanwhile is never overwritten.
      const target = overlay.disk.containedTarget(p, roots(), true);
      const temp = overlay.disk.tempPathFor(target, 'keep');
      await overlay.disk.writeTemp(temp, bytes, overlay.disk.modeOf(target));
      const now = overlay.disk.read(p);
      if (now === undefined || decodeText(now) !== disk) {
        await overlay.disk.discardTemp(temp);
        throw new StaleHunkError('the file on disk');
      }
      await overlay.disk.commitTemp(temp, target);
      await overlay.disk.syncFolder(path.dirname(target));
    });
    // The disk moved by exactly the agent's own change: the rebase onto it (the merge every disk edit goes through)
    // takes the change out of the staged one; nothing else of it changes.
    overlay.reconcilePaths([p]);
    await overlay.flush();
    audit.note(`kept one change to ${this.name(p)} (${lines(hunk.diskStart, hunk.diskCount)} on disk): written to disk, the rest stays staged`);
  }

  private async undo(target: HunkArgs): Promise<void> {
    const { overlay, audit } = this.deps;
    const p = target.path;
    const { staged, hunk } = this.current(target);
    // The person's own change ("your edits"), not the last record's message: that message may not be the one that
    // made this hunk, and a prune of it would bring back what the person undid, with no conflict (session 26). As
    // the person's record, a prune of any agent message rebases the undo and keeps it; a prune of the message that
    // made the hunk agrees with it.
    // The encoded text is made for this write alone, so it is handed over to the store rather than copied.
    overlay.write(p, encodeText(undoHunk(staged, hunk)), {
      sessionId: USER_SESSION,
      messageId: `undo-${Date.now()}`,
      turn: 0,
      description: `one change undone by you (${lines(hunk.stagedStart, hunk.stagedCount)})`,
    }, { create: true, overwrite: true, handOver: true });
    await overlay.flush();
    audit.note(`undid one staged change to ${this.name(p)} (${lines(hunk.stagedStart, hunk.stagedCount)} staged): the disk is not touched`);
  }

  /** Next / previous change across the staged files, opened in the normal editor. */
  private async go(direction: 'next' | 'previous'): Promise<void> {
    const editor = vscode.window.activeTextEditor;
    const here = editor && (editor.document.uri.scheme === 'file' || isStagedUri(editor.document.uri))
      ? { path: diskPathOf(editor.document.uri), line: editor.selection.active.line }
      : undefined;
    const paths = this.deps.overlay.composites().filter(c => this.changeOf(c.path)).map(c => c.path).sort();
    // Only the files on the way are diffed: the current one and the nearest one with changes in that direction.
    const starts = (p: string) => (this.hunksOf(p)?.hunks ?? []).map(h => h.diskStart);
    const files = new Map<string, number[]>();
    if (here && paths.includes(here.path)) files.set(here.path, starts(here.path));
    const from = here ? paths.findIndex(p => (direction === 'next' ? p > here.path : p >= here.path)) : -1;
    const order = direction === 'next'
      ? [...paths.slice(from < 0 ? paths.length : from), ...paths.slice(0, from < 0 ? paths.length : from)]
      : [...paths.slice(0, from < 0 ? paths.length : from).reverse(), ...paths.slice(from < 0 ? paths.length : from).reverse()];
    for (const p of order) {
      if (p === here?.path) continue;
      const s = starts(p);
      if (s.length === 0) continue;
      files.set(p, s);
      break;
    }
    const place = nextHunkPlace(files, here, direction);
    if (!place) return void vscode.window.showInformationMessage('There are no staged changes to go to.');
    const shown = await vscode.window.showTextDocument(vscode.Uri.file(place.path), { preview: false });
    const at = new vscode.Position(Math.min(place.line, Math.max(shown.document.lineCount - 1, 0)), 0);
    shown.selection = new vscode.Selection(at, at);
    shown.revealRange(new vscode.Range(at, at), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    for (const d of this.disposables.reverse()) d.dispose();
    void vscode.commands.executeCommand('setContext', HAS_HUNKS_KEY, false);
  }
}

function isHunkArgs(a: unknown): a is HunkArgs {
  const x = a as HunkArgs | undefined;
  return typeof x?.path === 'string' && typeof x.ref?.removed === 'string' && typeof x.ref.added === 'string' && typeof x.ref.diskStart === 'number';
}

function lines(start: number, count: number): string {
  return count <= 1 ? `line ${start + 1}` : `lines ${start + 1}–${start + count}`;
}

function describe(h: StagedHunk): string {
  const n = (k: number) => `${k} line${k === 1 ? '' : 's'}`;
  if (h.diskCount === 0) return `adds ${n(h.stagedCount)}`;
  if (h.stagedCount === 0) return `removes ${n(h.diskCount)}`;
  return `replaces ${n(h.diskCount)} with ${n(h.stagedCount)}`;
}

function hoverOf(h: StagedHunk): vscode.MarkdownString {
  const body = [...h.removed.split(/(?<=\n)/).filter(l => l !== '').map(l => `-${l}`), ...h.added.split(/(?<=\n)/).filter(l => l !== '').map(l => `+${l}`)]
    .map(l => (l.endsWith('\n') ? l : `${l}\n`)).join('').replace(/\r/g, '');
  const md = new vscode.MarkdownString(`**Agent's staged change** (${describe(h)}): Keep or Undo above it\n\n`);
  md.appendCodeblock(body, 'diff');
  return md;
}
