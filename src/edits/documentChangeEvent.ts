import type { TextRange } from './documentEdit';

/**
 * One entry of VS Code's `TextDocumentChangeEvent.contentChanges`, as plain data. All changes of one event are
 * expressed against the document as it was BEFORE the event; `rangeOffset`/`rangeLength` count UTF-16 code units
 * (a CRLF is two, an astral character is two), exactly like `TextDocument.offsetAt`.
 */
export interface ContentChange {
  readonly rangeOffset: number;
  readonly rangeLength: number;
  readonly range: TextRange;
  readonly text: string;
}

/** `vscode.TextDocumentChangeReason` as strings (Undo = 1, Redo = 2 in the API). */
export type ChangeReason = 'undo' | 'redo';

export interface DocumentChangeEvent {
  /** `document.uri.toString()`. */
  readonly uri: string;
  /** `document.version` after the event; VS Code raises it by one per content change event. */
  readonly version: number;
  readonly changes: readonly ContentChange[];
  readonly reason?: ChangeReason;
  /** True while the overlay's own Apply is writing this document, so the edit is labelled `agent`. */
  readonly isAgentApply?: boolean;
  /** `document.languageId`, used only to label code fences in the prompt. */
  readonly languageId?: string;
}
