import * as vscode from 'vscode';
import { decodeText } from '../fs/model/textContent';
import type { ContentStore } from '../fs/model/contentStore';

export const BASELINE_SCHEME = 'agent-overlay-baseline';

/**
 * Read-only documents for a diff's other side when it is not a file: stored content by ref (a conflict's base,
 * the disk version a change started from) or nothing at all (the left side of a create, the right of a delete).
 * Binary content shows a notice with its size instead of bytes.
 */
export class BaselineContentProvider implements vscode.TextDocumentContentProvider {
  constructor(private readonly store: ContentStore) {}

  /** A URI for stored content (undefined/null ref: an empty document) that keeps the file's name for the title. */
  static uri(filePath: string, ref: string | null | undefined, label: string): vscode.Uri {
    return vscode.Uri.from({ scheme: BASELINE_SCHEME, path: filePath, query: new URLSearchParams({ ref: ref ?? '', label }).toString() });
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    const ref = new URLSearchParams(uri.query).get('ref');
    if (!ref) return '';
    const bytes = this.store.get(ref);
    return decodeText(bytes) ?? `Binary content, ${bytes.byteLength.toLocaleString()} bytes: no text diff is shown.`;
  }
}
