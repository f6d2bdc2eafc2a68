import * as vscode from 'vscode';
import { OverlayError } from '../model/overlayError';
import { StagedTooLargeError } from '../stagedSizeCap';
import type { ChangeMeta } from '../model/changeRecord';
import { decodeText, encodeText } from '../model/textContent';
import { hasConflictMarkers } from '../../ui/conflictMarkers';
import type { OverlayWorkspace } from '../overlayWorkspace';
import { REVIEW_SCHEME, STAGED_SCHEME, UriShapeError, toFileParts, toReviewParts, toStagedParts } from '../stagedUri';
import { resolveInWorkspace } from '../workspaceScope';

/** Changes a person makes by editing an `agent-staged:` document (e.g. fixing the agent's proposal). */
export const USER_SESSION = 'user';

function userMeta(): ChangeMeta {
  return { sessionId: USER_SESSION, messageId: `edit-${Date.now()}`, turn: 0, description: 'Edited in the staged view' };
}

/** The `file:` URI an `agent-staged:` or `agent-staged-review:` URI stands for. */
export function diskUriOf(staged: vscode.Uri): vscode.Uri {
  return vscode.Uri.from(toFileParts(staged));
}

/** The agents' form: the `file:` URI with the scheme swapped. */
export function stagedUriOf(file: vscode.Uri): vscode.Uri {
  return vscode.Uri.from(toStagedParts(file));
}

/**
 * The form the review editors use (`agent-staged-review:/src/a.ts?<folder>`), so their breadcrumb is the
 * folder-relative path (after the folder's name in a multi-root workspace); the agents' form for a file in no
 * workspace folder (which the provider refuses anyway).
 */
export function reviewUriOf(file: vscode.Uri): vscode.Uri {
  const folder = vscode.workspace.getWorkspaceFolder(file);
  if (folder?.uri.scheme !== 'file' || file.query !== '') return stagedUriOf(file);
  // Several folders: the path starts with the folder's name, as VS Code's breadcrumb does for a workspace file.
  return vscode.Uri.from(toReviewParts(file, folder.uri, (vscode.workspace.workspaceFolders?.length ?? 0) > 1));
}

/** Whether `uri` names a staged file, in either form. */
export function isStagedUri(uri: vscode.Uri): boolean {
  return uri.scheme === STAGED_SCHEME || uri.scheme === REVIEW_SCHEME;
}

/** The disk path a `file:`, `agent-staged:` or `agent-staged-review:` URI names. */
export function diskPathOf(uri: vscode.Uri): string {
  return (isStagedUri(uri) ? diskUriOf(uri) : uri).fsPath;
}

/**
 * `agent-staged:` — the workspace as the agent sees it: disk plus pending changes (SPEC §2); also mounted as
 * `agent-staged-review:`, the folder-relative form the review editors use (see `stagedUri.ts`). Reads reconcile
 * lazily; writes, deletes and renames become staged changes and never touch the disk. Model errors map once,
 * here, to the matching `FileSystemError`; a failed read throws, never answers with an empty buffer.
 */
export class StagedFileSystemProvider implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly _onDidChangeFile = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this._onDidChangeFile.event;
  private readonly subscription: { dispose(): void };

  /** `roots`: the workspace folders' paths, asked on every call (folders come and go). */
  constructor(private readonly overlay: OverlayWorkspace, private readonly roots: () => readonly string[]) {
    this.subscription = overlay.onDidChange(paths => {
      // Both forms: agents' editors show the one, review editors the other.
      this._onDidChangeFile.fire(paths.flatMap(p => {
        const file = vscode.Uri.file(p);
        const review = reviewUriOf(file);
        const uris = review.scheme === REVIEW_SCHEME ? [stagedUriOf(file), review] : [review];
        return uris.map(uri => ({ type: vscode.FileChangeType.Changed, uri }));
      }));
    });
  }

  watch(): vscode.Disposable {
    // Every change is announced through the overlay's own event (see the constructor), watched or not.
    return new vscode.Disposable(() => undefined);
  }

  stat(uri: vscode.Uri): vscode.FileStat {
    return mapErrors(uri, () => {
      const p = this.pathOf(uri);
      const s = this.overlay.stat(p);
      const size = s.type === 'file' ? (this.markedUp(p)?.length ?? s.size) : s.size;
      return { type: s.type === 'file' ? vscode.FileType.File : vscode.FileType.Directory, size, mtime: s.mtime, ctime: s.ctime };
    });
  }

  readDirectory(uri: vscode.Uri): [string, vscode.FileType][] {
    return mapErrors(uri, () =>
      this.overlay.readDirectory(this.pathOf(uri)).map(([name, type]) => [name, type === 'file' ? vscode.FileType.File : vscode.FileType.Directory]),
    );
  }

  readFile(uri: vscode.Uri): Uint8Array {
    return mapErrors(uri, () => {
      const p = this.pathOf(uri);
      return this.markedUp(p) ?? this.overlay.readFile(p);
    });
  }

  /**
   * A text file in conflict reads as git leaves one in the working tree: both sides between conflict markers
   * (`<<<<<<< agent` … `>>>>>>> disk`). Saved with markers left, it stays in conflict (`writeFile`); saved without,
   * it is the person's hand merge of both sides. Read as the agent's side alone, a person who typed in it and saved
   * settled the conflict with the disk side dropped, unseen. Undefined for anything else: no conflict, binary
   * content, a side that is no file (a deletion conflict reads as before), or a merge with no region left.
   */
  private markedUp(p: string): Uint8Array | undefined {
    const { model } = this.overlay;
    if (!model.hasEntry(p) || model.composite(p)?.conflict === undefined) return undefined;
    const d = model.conflictDetails(p);
    if (d.binary || d.ours === undefined || d.theirs === undefined || d.merge?.kind !== 'conflict') return undefined;
    return encodeText(d.merge.markedUp);
  }

  async writeFile(uri: vscode.Uri, content: Uint8Array, options: { readonly create: boolean; readonly overwrite: boolean }): Promise<void> {
    mapErrors(uri, () => {
      const p = this.pathOf(uri);
      // A person saving a conflicted staged file has merged it by hand (it read with both sides marked up:
      // `markedUp`) — unless conflict markers are still in it: then nothing is settled (the editor stays dirty,
      // nothing is lost) and the conflict stays.
      if (this.overlay.model.composite(p)?.conflict) {
        const text = decodeText(content);
        if (text !== undefined && hasConflictMarkers(text)) {
          throw vscode.FileSystemError.NoPermissions(`${uri.toString()} still holds conflict markers (<<<<<<< … >>>>>>>): the conflict stays unresolved until they are gone`);
        }
        this.overlay.model.resolveManually(p, content);
      }
      else this.overlay.write(p, content, userMeta(), options);
    });
    await this.overlay.flush();
  }

  async delete(uri: vscode.Uri, options: { readonly recursive: boolean }): Promise<void> {
    mapErrors(uri, () => this.overlay.delete(this.pathOf(uri), userMeta(), options));
    await this.overlay.flush();
  }

  async rename(oldUri: vscode.Uri, newUri: vscode.Uri, options: { readonly overwrite: boolean }): Promise<void> {
    mapErrors(oldUri, () => this.overlay.rename(this.pathOf(oldUri), this.pathOf(newUri), userMeta(), options));
    await this.overlay.flush();
  }

  /** An empty folder is a staged change too (an `mkdir` record): it survives a reload and Apply makes it. */
  async createDirectory(uri: vscode.Uri): Promise<void> {
    mapErrors(uri, () => this.overlay.createDirectory(this.pathOf(uri), userMeta()));
    await this.overlay.flush();
  }

  /** The disk path a staged URI (either form) stands for; nothing outside the workspace folders is mirrored. */
  private pathOf(uri: vscode.Uri): string {
    if (!isStagedUri(uri)) throw vscode.FileSystemError.Unavailable(uri);
    let disk: vscode.Uri;
    try {
      disk = diskUriOf(uri);
    } catch (e) {
      if (e instanceof UriShapeError) throw vscode.FileSystemError.FileNotFound(`${e.message} (${uri.toString()})`);
      throw e;
    }
    const p = resolveInWorkspace(disk.fsPath, this.roots());
    if (p === undefined) throw vscode.FileSystemError.NoPermissions(`${uri.toString()} is outside the workspace folders; agent-staged: mirrors only them`);
    return p;
  }

  dispose(): void {
    this.subscription.dispose();
    this._onDidChangeFile.dispose();
  }
}


/** The one place overlay and disk errors become `FileSystemError`s. */
function mapErrors<T>(uri: vscode.Uri, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof vscode.FileSystemError) throw e;
    if (e instanceof StagedTooLargeError) throw vscode.FileSystemError.NoPermissions(`${e.message} (${uri.toString()})`);
    if (e instanceof OverlayError) {
      switch (e.code) {
        case 'FileNotFound': throw vscode.FileSystemError.FileNotFound(uri);
        case 'FileExists': throw vscode.FileSystemError.FileExists(uri);
        case 'InvalidOperation': throw vscode.FileSystemError.NoPermissions(`${e.message} (${uri.toString()})`);
        default: throw vscode.FileSystemError.Unavailable(`${e.message} (${uri.toString()})`);
      }
    }
    const code = (e as NodeJS.ErrnoException)?.code;
    if (code === 'EACCES' || code === 'EPERM') throw vscode.FileSystemError.NoPermissions(uri);
    if (code === 'EISDIR') throw vscode.FileSystemError.FileIsADirectory(uri);
    if (code === 'ENOTDIR') throw vscode.FileSystemError.FileNotADirectory(uri);
    throw vscode.FileSystemError.Unavailable(`${e instanceof Error ? e.message : String(e)} (${uri.toString()})`);
  }
}
