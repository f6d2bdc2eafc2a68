import type { ChangeReason, ContentChange, DocumentChangeEvent } from '../../../src/edits/documentChangeEvent';
import type { TextPosition } from '../../../src/edits/documentEdit';

export interface Replacement {
  readonly offset: number;
  readonly length: number;
  readonly text: string;
}

/**
 * A naive document that produces change events the way VS Code does: every change's offset and range are against
 * the text before the event, and the document's text/version afterwards are what `getText()`/`version` return.
 * The tracker's results are checked against this independent model.
 */
export class FakeDocument {
  constructor(readonly uri: string, public text: string, public version = 1) {}

  /** Applies the replacements (given in any order, non-overlapping) and returns the event VS Code would fire. */
  change(replacements: readonly Replacement[], extra: { reason?: ChangeReason; isAgentApply?: boolean; languageId?: string } = {}): DocumentChangeEvent {
    const before = this.text;
    const changes: ContentChange[] = replacements.map(r => ({
      rangeOffset: r.offset,
      rangeLength: r.length,
      range: { start: positionAt(before, r.offset), end: positionAt(before, r.offset + r.length) },
      text: r.text,
    }));
    const sorted = [...replacements].sort((a, b) => b.offset - a.offset);
    let text = before;
    for (const r of sorted) text = text.slice(0, r.offset) + r.text + text.slice(r.offset + r.length);
    this.text = text;
    this.version++;
    return { uri: this.uri, version: this.version, changes, ...extra };
  }

  /** `textAfter` for the tracker: the text right after the last event. */
  readonly getText = (): string => this.text;
}

/** VS Code's position of an offset; documents in these tests break lines with LF or CRLF. */
export function positionAt(text: string, offset: number): TextPosition {
  let line = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return { line, character: offset === 0 ? 0 : offset - (text.lastIndexOf('\n', offset - 1) + 1) };
}

/** A clock the test moves by hand. */
export class ManualClock {
  constructor(public now = Date.UTC(2025, 0, 15, 10, 0, 0)) {}
  readonly read = (): number => this.now;
  advance(ms: number): void {
    this.now += ms;
  }
}
