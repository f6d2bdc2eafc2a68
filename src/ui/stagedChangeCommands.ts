import { isFolderOperation } from '../fs/model/changeRecord';
import * as path from 'path';
import * as vscode from 'vscode';
import { normalizationTwins, showName } from '../fs/stagedNames';
import { canRunCodeHere } from './runsCodeSetting';
import type { CompositeChange } from '../fs/model/overlayQueries';
import { decodeText } from '../fs/model/textContent';
import type { ApplyResult, OverlayWorkspace } from '../fs/overlayWorkspace';
import { USER_SESSION, diskPathOf, isStagedUri, reviewUriOf } from '../fs/vscode/stagedFileSystemProvider';
import { BaselineContentProvider } from './baselineContentProvider';
import type { AuditTrail } from './auditTrail';
import { REVIEW_ALL_TITLE, reviewAllTabs } from './conflictAnnouncer';
import type { ConflictResolver } from './conflictResolution';
import { MERGE_RESULT_SCHEME } from './mergeResultFileSystem';
import { diffArgs, type StagedResourceState } from './stagedChangesScm';
import type { Prompts } from './prompts';
import { applyConfirmation, discardConfirmation, renderDetail, REVIEW_FIRST, type ConfirmItem } from './confirmationText';
import { DiscardUndo } from './discardUndo';
import { ReplacedEdits } from './replacedEdits';

/**
 * Runs Apply's disk writes, told which files it writes and with what text (for the edit tracker, which labels
 * the reloads of open documents they cause as agent edits).
 */
export type ApplyWrapper = <T>(files: readonly { uri: string; text?: string }[], run: () => Promise<T>) => Promise<T>;

export interface ApplyHooks {
  wrapApply: ApplyWrapper;
}

/** How many folders of listed changes Apply's confirmation looks into for twin names: it must stay quick. */
const TWIN_FOLDERS_LOOKED_AT = 200;

/** What a command was invoked on: a resource state, several (multi-select), a URI, a group, or nothing. */
type Target = StagedResourceState | vscode.Uri | vscode.SourceControlResourceGroup | undefined;

/**
 * The review commands (SPEC §2): apply, discard, review, open, resolve, undo — for everything, a group or the
 * selected resources. Every destructive one confirms with a modal that says how many files it touches and
 * names every file it deletes.
 */
export interface StagedChangeCommandDeps {
  readonly overlay: OverlayWorkspace;
  readonly prompts: Prompts;
  readonly hooks: ApplyHooks;
  /** The workspace folders' paths (Apply removes folders it empties, never these). */
  readonly roots: () => readonly string[];
  readonly conflicts: ConflictResolver;
  readonly audit: AuditTrail;
}

export function registerStagedChangeCommands({ overlay, prompts, hooks, roots, conflicts, audit }: StagedChangeCommandDeps): vscode.Disposable {
  const runsCode = (p: string) => {
    let mode: number | undefined;
    try {
      mode = overlay.disk.modeOf(p);
    } catch {
      mode = undefined; // unreadable: judged by its name alone
    }
    return canRunCodeHere(p, mode);
  };
  const baseline = (p: string, ref: string | null, label: string) => BaselineContentProvider.uri(p, ref, label);
  // Names as the person may read them: bidi controls escaped (`invoice<U+202E>txt.sh`).
  const rel = (p: string) => showName(vscode.workspace.asRelativePath(p));
  const isBinary = (ref: string) => decodeText(overlay.model.store.get(ref)) === undefined;
  const replaced = new ReplacedEdits();
  const watchReplaced = overlay.model.onDidChange(e => { if (e.op) replaced.observe(e.op); });
  const discardUndo = new DiscardUndo(overlay);

  /** Composites a command acts on, from however VS Code passed its arguments. */
  function targets(first: Target, all?: readonly Target[]): CompositeChange[] {
    const given = all && all.length > 0 ? all : first ? [first] : [];
    const out = new Map<string, CompositeChange>();
    for (const t of given) {
      if (!t) continue;
      if (t instanceof vscode.Uri) {
        let p: string;
        try {
          p = diskPathOf(t);
        } catch {
          continue; // a review URI of the wrong shape names no file
        }
        const c = overlay.composite(p);
        if (c) out.set(c.path, c);
      } else if ('resourceStates' in t) {
        // By URI, from the model as it is now: a group's states may be older than the last change.
        for (const c of targets(undefined, t.resourceStates.map(r => r.resourceUri))) out.set(c.path, c);
      } else if ('change' in t) {
        const c = overlay.composite(t.change.path);
        if (c) out.set(c.path, c);
      }
    }
    return [...out.values()];
  }

  /** The changes as a confirmation names them: relative paths, conflicts, edits of the person's they replace. */
  const confirmItems = (changes: readonly CompositeChange[]): ConfirmItem[] => {
    const twins = twinsBeside(changes.map(c => c.path));
    return changes.map(c => ({
      path: rel(c.path),
      ...(c.fromPath ? { fromPath: rel(c.fromPath) } : {}),
      kind: c.kind,
      inConflict: c.conflict !== undefined,
      replacesEdit: replaced.has(c.path),
      ...(twins.has(c.path) ? { twins: twins.get(c.path)!.map(rel) } : {}),
      ...(c.sessions.includes(USER_SESSION) && c.sessions.length > 1 ? { yoursToo: true } : {}),
    }));
  };

  /** NFC/NFD twins of `paths` among themselves and the names beside them on disk (a bounded number of folders). */
  function twinsBeside(paths: readonly string[]): Map<string, string[]> {
    const all = new Set(paths);
    for (const dir of [...new Set(paths.map(p => path.dirname(p)))].slice(0, TWIN_FOLDERS_LOOKED_AT)) {
      try {
        for (const [name] of overlay.disk.readDirectory(dir) ?? []) all.add(path.join(dir, name));
      } catch {
        // An unreadable folder: the listed names are still compared with each other.
      }
    }
    return normalizationTwins(all);
  }

  /** Asks with a confirmation built by confirmationText.ts; "Review First" opens the diffs that replace edits. */
  async function confirmed(verb: 'Apply' | 'Discard', changes: readonly CompositeChange[], lead = ''): Promise<boolean> {
    if (changes.length === 0) {
      void vscode.window.showInformationMessage('There are no staged changes to ' + verb.toLowerCase() + '.');
      return false;
    }
    const items = confirmItems(changes);
    const c = verb === 'Apply' ? applyConfirmation(items) : discardConfirmation(items, true);
    // Targets that can run code (tasks, hooks, settings, executables), listed apart at the top (issue 24).
    const runners = verb === 'Apply' ? changes.filter(ch => ch.after !== null && runsCode(ch.path)) : [];
    const runsCodeSection = runners.length > 0 ? `Can run code: ${runners.map(ch => rel(ch.path)).join(', ')}\n\n` : '';
    const answer = await prompts.confirm(lead + c.message, runsCodeSection + renderDetail(c.sections), ...c.buttons);
    if (answer === REVIEW_FIRST) {
      for (const change of changes.filter(x => replaced.has(x.path) && !x.conflict)) await vscode.commands.executeCommand('agentOverlay.openChange', vscode.Uri.file(change.path));
    }
    return answer === c.action;
  }

  /**
   * While the store cannot be written (a full or read-only disk) Apply and Discard are refused before anything is
   * asked or done, with the reason: an apply the store could not record would leave the disk and the staged
   * changes disagreeing (issue 24).
   */
  function refusedWhileReadOnly(action: 'Apply' | 'Discard'): boolean {
    try {
      overlay.assertWritable(action);
      return false;
    } catch (e) {
      void vscode.window.showErrorMessage(e instanceof Error ? e.message : String(e));
      return true;
    }
  }

  async function apply(selected: readonly CompositeChange[]): Promise<ApplyResult | undefined> {
    if (refusedWhileReadOnly('Apply')) return undefined;
    // The confirmation lists what the apply really writes: the selection and the changes it takes along.
    const now = () => overlay.appliedWith(selected.map(c => c.path));
    let changes = now();
    if (!(await confirmed('Apply', changes))) return undefined;
    // What the person confirmed is what Apply writes: a write staged while the question was open (an agent keeps
    // working) is asked about again, never applied unseen.
    for (let later = now(); !sameChanges(later, changes); later = now()) {
      changes = later;
      if (!(await confirmed('Apply', changes, 'The staged changes changed while you were deciding. '))) return undefined;
    }
    const paths = changes.map(c => c.path);
    const written = changes.filter(c => c.after !== null).map(c => {
      const text = decodeText(overlay.model.store.get(c.after!));
      return { uri: vscode.Uri.file(c.path).toString(), ...(text === undefined ? {} : { text }) };
    });
    const result = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: 'Applying staged changes', cancellable: false },
      progress => hooks.wrapApply(written, async () => {
        // The last look, in the same turn as the plan (no await between them): nothing staged since is written.
        if (!sameChanges(now(), changes)) return undefined;
        return overlay.apply({
          paths,
          // Unsaved edits in the file's editor or in its staged view (the person revising the proposal) hold it back.
          isDirty: p => vscode.workspace.textDocuments.some(d => d.isDirty && (d.uri.scheme === 'file' || isStagedUri(d.uri)) && diskPathOf(d.uri) === p),
          roots: roots(),
          onProgress: (done, total) => progress.report({ message: `${done} of ${total}`, increment: 100 / Math.max(total, 1) }),
        });
      }),
    );
    if (result === undefined) {
      void vscode.window.showWarningMessage('Apply stopped before writing anything: the staged changes changed just then. Apply again to see what would be written now.');
      return undefined;
    }
    const announced = ++applies;
    reportApply(changes, result, rel, audit, () => undoFromNotification(announced));
    return result;
  }

  /**
   * Applies made in this window, counted; the one an Undo undid. A notification's Undo button outlives its
   * apply: it undoes only the apply it announced, and says so when that one is already undone or superseded.
   */
  let applies = 0;
  let undoneApply: number | undefined;

  async function undoFromNotification(announced: number): Promise<unknown> {
    if (undoneApply === announced) {
      return vscode.window.showInformationMessage('That apply is already undone: its changes are staged again in Source Control.');
    }
    if (announced !== applies) {
      return vscode.window.showInformationMessage('A later apply happened since: use "Undo Last Apply" to undo that one.');
    }
    return vscode.commands.executeCommand('agentOverlay.undoLastApply');
  }

  /** The same changes, the same content: what a confirmation showed is still what Apply would write. */
  function sameChanges(a: readonly CompositeChange[], b: readonly CompositeChange[]): boolean {
    const key = (c: CompositeChange) => `${c.path}\0${c.fromPath ?? ''}\0${c.kind}\0${c.after ?? ''}\0${c.conflict ? 1 : 0}`;
    const keys = new Set(b.map(key));
    return a.length === b.length && a.every(c => keys.has(key(c)));
  }

  async function discard(changes: readonly CompositeChange[]): Promise<boolean> {
    if (refusedWhileReadOnly('Discard')) return false;
    if (!(await confirmed('Discard', changes))) return false;
    const record = discardUndo.capture(changes);
    overlay.model.discardPaths(changes.map(c => c.path));
    await overlay.flush();
    discardUndo.remember(record);
    const n = changes.length;
    void vscode.window.showInformationMessage(`Discarded ${n} staged change${n === 1 ? '' : 's'}; the disk is not touched.`, 'Undo Discard')
      .then(a => (a === 'Undo Discard' && discardUndo.canUndo ? vscode.commands.executeCommand('agentOverlay.undoDiscard') : undefined));
    return true;
  }

  const reg = (id: string, f: (...args: never[]) => unknown) => vscode.commands.registerCommand(id, f as (...args: unknown[]) => unknown);
  return vscode.Disposable.from(
    watchReplaced,
    reg('agentOverlay.undoDiscard', async () => {
      if (!discardUndo.canUndo) return void vscode.window.showInformationMessage('There is no discard to undo.');
      const result = await discardUndo.undo();
      audit.note(`undid the last discard: staged again: ${result.restaged.map(rel).join(', ') || 'nothing'}${result.skipped.length ? `; not staged again (something is staged there since): ${result.skipped.map(rel).join(', ')}` : ''}`);
      const n = result.restaged.length;
      const msg = `Undid the discard: ${n} change${n === 1 ? ' is' : 's are'} staged again in Source Control.`;
      if (result.skipped.length) void vscode.window.showWarningMessage(`${msg} Not staged again (something is staged there since): ${result.skipped.map(rel).join(', ')}`);
      else void vscode.window.showInformationMessage(msg);
      return result;
    }),
    reg('agentOverlay.applyAll', () => apply(overlay.composites())),
    reg('agentOverlay.discardAll', () => discard(overlay.composites())),
    // The files these changes were made to are gone from disk (orphans after a restart, or deleted meanwhile).
    reg('agentOverlay.discardOrphaned', () => discard(overlay.composites().filter(c => c.conflict?.kind === 'deletion' && c.conflict.origin === 'disk'))),
    reg('agentOverlay.apply', (t: Target, all?: Target[]) => apply(targets(t, all))),
    reg('agentOverlay.discard', (t: Target, all?: Target[]) => discard(targets(t, all))),
    reg('agentOverlay.applyGroup', (g: vscode.SourceControlResourceGroup) => apply(targets(g))),
    reg('agentOverlay.discardGroup', (g: vscode.SourceControlResourceGroup) => discard(targets(g))),
    reg('agentOverlay.refresh', async () => {
      overlay.model.reconcileAll(overlay.disk);
      await overlay.flush();
    }),
    reg('agentOverlay.reviewAll', async () => {
      const changes = overlay.composites();
      if (changes.length === 0) return void vscode.window.showInformationMessage('There are no staged changes to review.');
      // Folders have no contents to compare (Source Control lists them), and VS Code's "(N files)" would count them.
      const resources = changes.filter(c => !isFolderOperation(c.kind)).map(c => {
        const [left, right] = diffArgs(c, baseline, isBinary);
        // The multi-file diff letters an entry "R" (the name struck through) when its sides' paths differ: a change
        // that is no rename shows its disk side under the staged side's path.
        const original = c.kind === 'modify' && left.path !== right.path ? BaselineContentProvider.uri(right.path, c.before, 'disk') : left;
        return [vscode.Uri.file(c.path), c.kind === 'create' ? undefined : original, c.kind === 'delete' ? undefined : right];
      });
      if (resources.length === 0) return void vscode.window.showInformationMessage('The staged changes are folders only: Source Control lists them.');
      // Run again (a file turned into a conflict meanwhile): the old multi-file diff makes way for the new one.
      const old = reviewAllTabs();
      if (old.length > 0) await vscode.window.tabGroups.close(old, true);
      // VS Code adds the file count to the title itself ("… (3 files)").
      await vscode.commands.executeCommand('vscode.changes', REVIEW_ALL_TITLE, resources);
    }),
    reg('agentOverlay.openChange', async (t: Target) => {
      const [c] = targets(t);
      if (!c) return;
      const [left, right, title] = diffArgs(c, baseline, isBinary);
      await vscode.commands.executeCommand('vscode.diff', left, right, title);
    }),
    reg('agentOverlay.openStaged', async (t: Target, all?: Target[]) => {
      for (const c of targets(t, all)) if (c.kind !== 'delete') await vscode.window.showTextDocument(reviewUriOf(vscode.Uri.file(c.path)), { preview: false });
    }),
    reg('agentOverlay.openDisk', async (t: Target, all?: Target[]) => {
      for (const c of targets(t, all)) {
        const p = c.fromPath ?? c.path;
        if (c.kind === 'create') void vscode.window.showInformationMessage(`${path.basename(p)} does not exist on disk yet.`);
        else await vscode.window.showTextDocument(vscode.Uri.file(p), { preview: false });
      }
    }),
    reg('agentOverlay.resolveConflict', async (t: Target) => {
      const [c] = targets(t);
      if (c) await conflicts.pick(c.path);
    }),
    reg('agentOverlay.openConflict', async (t: Target) => {
      const [c] = targets(t);
      if (c) await conflicts.show(c.path);
    }),
    reg('agentOverlay.completeMerge', (uri?: unknown) => conflicts.completeMerge(uri)),
    reg('agentOverlay.acceptAgentVersion', async (t: Target) => {
      const [c] = targets(mergeTarget(t));
      if (c) await conflicts.accept(c.path, 'agent');
    }),
    reg('agentOverlay.acceptDiskVersion', async (t: Target) => {
      const [c] = targets(mergeTarget(t));
      if (c) await conflicts.accept(c.path, 'disk');
    }),
    reg('agentOverlay.showLog', () => audit.show()),
    reg('agentOverlay.undoLastApply', async () => {
      if (!overlay.canUndo) return void vscode.window.showInformationMessage('There is no apply to undo.');
      const answer = await prompts.confirm('Undo the last apply?', 'The files it changed get back what they had before, and its changes are staged again for review. Files changed since are left alone.', 'Undo');
      if (answer !== 'Undo') return undefined;
      const result = await overlay.undoLastApply();
      undoneApply = applies;
      audit.note(`undid the last apply: restored ${result.restored.map(rel).join(', ') || 'nothing'}; staged again: ${result.restaged.map(rel).join(', ') || 'nothing'}${result.refused.length ? `; left alone (changed since): ${result.refused.map(rel).join(', ')}` : ''}`);
      const n = result.restaged.length;
      // An undo record from before restaging existed restores the disk only.
      const staged = n > 0 ? `${n} change${n === 1 ? ' is' : 's are'} staged again in Source Control` : 'its files have their earlier content again';
      if (result.refused.length) {
        void vscode.window.showWarningMessage(`Undid the last apply; ${staged}. ${result.refused.length} file(s) changed after the apply were left as they are: ${result.refused.map(rel).join(', ')}`);
      } else {
        void vscode.window.showInformationMessage(`Undid the last apply: ${staged}.`);
      }
      return result;
    }),
  );
}

/**
 * Says what Apply did, counting as the confirmation did: one per staged change (a rename writes two paths but
 * is one change), and logs it with what was held back and why.
 */
function reportApply(changes: readonly CompositeChange[], result: ApplyResult, rel: (p: string) => string, audit: AuditTrail, undo: () => Promise<unknown>): void {
  const applied = new Set(result.applied);
  const done = changes.filter(c => applied.has(c.path)).length;
  const plural = (n: number) => `${n} staged change${n === 1 ? '' : 's'}`;
  const why = {
    conflict: 'in conflict',
    diskChanged: 'changed on disk',
    dirtyEditor: 'has unsaved edits in an editor',
    sameName: 'would be written over a file of the same name in other letter case (delete or rename that file first)',
    outsideWorkspace: 'would be written outside the workspace folders',
  } as const;
  const lines = result.refused.map(r => `${rel(r.path)} ${why[r.reason]}${r.detail ? ` (${r.detail})` : ''}`);
  audit.note(`apply: ${plural(done)} applied${lines.length ? `; not applied: ${lines.join('; ')}` : ''}`);
  if (result.refused.length === 0) {
    void vscode.window.showInformationMessage(`Applied ${plural(done)}.`, 'Undo')
      .then(a => (a === 'Undo' ? undo() : undefined));
    return;
  }
  const held = new Set(result.refused.flatMap(r => r.paths));
  const notDone = changes.filter(c => held.has(c.path) || (c.fromPath !== undefined && held.has(c.fromPath))).length || result.refused.length;
  void vscode.window.showWarningMessage(`Applied ${plural(done)}; ${notDone} not applied: ${lines.join('; ')}.`);
}

/** The merge editor's title passes its Result URI: the conflicted file it stands for. */
function mergeTarget(t: Target): Target {
  return t instanceof vscode.Uri && t.scheme === MERGE_RESULT_SCHEME ? t.with({ scheme: 'file' }) : t;
}
