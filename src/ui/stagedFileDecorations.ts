import * as vscode from 'vscode';
import type { CompositeChange } from '../fs/model/overlayQueries';
import type { OverlayWorkspace } from '../fs/overlayWorkspace';
import { diskPathOf, isStagedUri, reviewUriOf, stagedUriOf } from '../fs/vscode/stagedFileSystemProvider';
import { badgeOf } from './changePresentation';
import type { SessionNames } from './sessionNames';
import { ChangedUriBatches } from './changedUriBatches';

/** How long changed paths are gathered before one event (about a frame). */
const BATCH_MS = 16;

/**
 * Marks files with pending agent changes in the Explorer, on editor tabs and in the multi-file diff (SPEC §2
 * Review), with the letters and colours the SCM view shows (changePresentation.ts: one set). A file staged to be
 * renamed away is marked at its old path too, and the marks propagate to the folders above, as git's do.
 * Issue 27 item 5: changes are gathered for about a frame and announced once, only the URIs that changed, in
 * events VS Code does not cap.
 */
export class StagedFileDecorations implements vscode.FileDecorationProvider, vscode.Disposable {
  private readonly _onDidChange = new vscode.EventEmitter<vscode.Uri[]>();
  readonly onDidChangeFileDecorations = this._onDidChange.event;
  private readonly sub: { dispose(): void };
  /** Old paths of staged renames, so their mark goes away when the rename does; and the reverse. */
  private readonly renamedAway = new Map<string, CompositeChange>();
  private readonly renamedFrom = new Map<string, string>();
  private readonly batches = new ChangedUriBatches();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly overlay: OverlayWorkspace, private readonly names?: SessionNames) {
    for (const c of overlay.composites()) if (c.fromPath !== undefined) this.noteRename(c.path, c);
    this.sub = overlay.onDidChange(paths => {
      for (const p of paths) {
        this.batches.add(p);
        // A rename's old path is marked from the rename: it changes with it.
        const old = this.renamedFrom.get(p);
        if (old !== undefined) this.batches.add(old);
        const c = overlay.composite(p);
        this.noteRename(p, c?.fromPath !== undefined ? c : undefined);
        if (c?.fromPath !== undefined) this.batches.add(c.fromPath);
      }
      this.timer ??= setTimeout(() => this.fire(), BATCH_MS);
    });
  }

  private noteRename(p: string, c: CompositeChange | undefined): void {
    const old = this.renamedFrom.get(p);
    if (old !== undefined && this.renamedAway.get(old)?.path === p) this.renamedAway.delete(old);
    this.renamedFrom.delete(p);
    if (c?.fromPath === undefined) return;
    this.renamedAway.set(c.fromPath, c);
    this.renamedFrom.set(p, c.fromPath);
  }

  /** Announces the gathered paths: each in its three forms, in events no larger than VS Code passes on whole. */
  private fire(): void {
    this.timer = undefined;
    for (const batch of this.batches.take(p => {
      const file = vscode.Uri.file(p);
      return [file, stagedUriOf(file), reviewUriOf(file)];
    })) this._onDidChange.fire(batch);
  }

  provideFileDecoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    if (uri.scheme !== 'file' && !isStagedUri(uri)) return undefined;
    let p: string;
    try {
      p = diskPathOf(uri);
    } catch {
      return undefined; // a review URI of the wrong shape names no file
    }
    const c = this.overlay.composite(p);
    const session = (id: string) => this.names?.session(id) ?? id;
    if (!c) {
      const moved = uri.scheme === 'file' ? this.renamedAway.get(p) : undefined;
      if (!moved) return undefined;
      return decoration(badgeOf(moved, session, { renamedTo: vscode.workspace.asRelativePath(moved.path) }));
    }
    return decoration(badgeOf(c, session));
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.sub.dispose();
    this._onDidChange.dispose();
  }
}

function decoration(b: { letter: string; tooltip: string; color: string }): vscode.FileDecoration {
  const d = new vscode.FileDecoration(b.letter, b.tooltip, new vscode.ThemeColor(b.color));
  d.propagate = true;
  return d;
}
