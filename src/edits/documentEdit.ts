/**
 * The shapes the session edit tracker records and returns. They mirror VS Code's `Position`/`Range` as plain data
 * (zero-based line and UTF-16 character), so the tracker stays free of `vscode` and its results serialise as-is.
 */
export interface TextPosition {
  readonly line: number;
  readonly character: number;
}

export interface TextRange {
  readonly start: TextPosition;
  readonly end: TextPosition;
}

/** The seed's four kinds; `format` = old and new text differ only in whitespace. */
export type EditType = 'insert' | 'delete' | 'replace' | 'format';

/**
 * Who made the edit. Undo and redo are the user's too, but they revert or replay earlier edits, so a consumer
 * that wants "what did the user write" can leave them out; `agent` marks edits written by the overlay's apply.
 */
export type EditOrigin = 'user' | 'undo' | 'redo' | 'agent';

export interface DocumentEdit {
  /** The document's URI string, exactly as the adapter passed it. */
  readonly uri: string;
  /** Milliseconds since the epoch, from the tracker's clock, when the change event was handled. */
  readonly timestamp: number;
  /** The replaced range in the document as it was before the edit (VS Code's `contentChanges[i].range`). */
  readonly range: TextRange;
  /**
   * The replaced text, read from the tracker's shadow copy. `undefined` only when the tracker first met the
   * document on an event that replaced text it never saw (see `EditHistoryTracker.track`): unknown, not empty.
   */
  readonly oldText: string | undefined;
  readonly newText: string;
  readonly editType: EditType;
  readonly origin: EditOrigin;
  /** The editor's primary selection shortly (< 1 s) after the edit, when the adapter reported one. */
  readonly selectionAfter?: TextRange;
  /** The document's language id when the adapter gave it; the prompt formatter uses it for code fences. */
  readonly languageId?: string;
  /** Set when `oldText` or `newText` was cut to the tracker's per-edit text cap (memory budget). */
  readonly truncated?: true;
  /**
   * How many changes this edit stands for: the changes of one multi-change event (a reformat spanning many
   * places), or the keystrokes of a typing run (see `EditHistoryTracker`). Absent for a single change.
   */
  readonly changeCount?: number;
}
