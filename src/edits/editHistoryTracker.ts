import { LRUCache } from 'lru-cache';
import { classifyEdit, ignoreReason } from './classifyEdit';
import type { DocumentChangeEvent } from './documentChangeEvent';
import type { DocumentEdit, EditOrigin, EditType, TextRange } from './documentEdit';
import { normalizeEditTrackerSettings, type EditTrackerSettings } from './editTrackerSettings';
import { ShadowRangeError, ShadowText, detachString, type ShadowTextOptions } from './shadowText';
import { uriMatchesPath } from './uriMatchesPath';

export type Clock = () => number;

export interface EditHistoryTrackerOptions {
  readonly settings?: Partial<EditTrackerSettings>;
  /** Injectable so tests and the bench control time; defaults to `Date.now`. */
  readonly clock?: Clock;
  readonly shadow?: ShadowTextOptions;
  /** How much the document copies may hold; defaults to `DEFAULT_SHADOW_BUDGET`. */
  readonly shadowBudget?: Partial<ShadowBudget>;
}

/**
 * The budget of the document copies ("shadows") that make `oldText` exact. Every open document up to
 * `maxDocumentLength` is copied; when the copies together would exceed `maxTotalBytes`, the least recently
 * opened or edited one is dropped (its next replace records `oldText: undefined`, later edits are exact again).
 * Bytes are counted as two per UTF-16 code unit, the most V8 spends, so the budget holds for any text.
 */
export interface ShadowBudget {
  /** Largest document copied, in UTF-16 code units (5 Mi: a 5 MB ASCII file). */
  readonly maxDocumentLength: number;
  /** All copies together, in bytes. */
  readonly maxTotalBytes: number;
}

export const DEFAULT_SHADOW_BUDGET: ShadowBudget = { maxDocumentLength: 5 * 1024 * 1024, maxTotalBytes: 64 * 1024 * 1024 };

export interface RecentEditsQuery {
  /** A tracked URI string, or a path naming the file (see `uriMatchesPath`); all files when absent. */
  readonly filePath?: string;
  /** Defaults to 5 for one file and 10 across files (the seed's defaults). */
  readonly maxEdits?: number;
  /** Only edits of these origins; all when absent. */
  readonly origins?: readonly EditOrigin[];
  /** False leaves out undo and redo (kept apart from the other edits, with their own limits). Default true. */
  readonly includeUndoRedo?: boolean;
  /** Edits of documents it returns true for are left out (before the count: `maxEdits` counts what is returned). */
  readonly exclude?: (uri: string) => boolean;
}

/**
 * What happened to one change event:
 * - `exact`: applied to the shadow; every recorded `oldText` is exact;
 * - `resynced`: the shadow was (re)built from the text after the event because the tracker had not seen the
 *   document, missed an event (version gap) or the event did not fit the shadow; replaced text of this event
 *   is unknown (`oldText: undefined`), later events are exact again;
 * - `stale`: the event has the shadow's version (a duplicate); nothing was applied;
 * - `disabled`: tracking is off.
 */
export type ChangeStatus = 'exact' | 'resynced' | 'stale' | 'disabled';

export interface ChangeOutcome {
  readonly status: ChangeStatus;
  /** The edits recorded for this event, in the order `getRecent` lists them (most recent first). */
  readonly recorded: readonly DocumentEdit[];
  /** Changes dropped by the ignore rules (no-op changes are not counted). */
  readonly ignored: number;
}

export interface EditTrackerStats {
  readonly trackedDocuments: number;
  /** Code units held by shadow copies: one per edited, still open document. */
  readonly shadowLength: number;
  readonly edits: number;
  /** Code units held by the recorded edits' `oldText` + `newText`. */
  readonly storedTextLength: number;
}

/** The adapter passes the selection this long after an edit at most (seed FR-4). */
export const SELECTION_WINDOW_MS = 1000;

/**
 * Keystrokes further apart than this start a new typing run (see `EditHistoryTracker.typing`). Generous on
 * purpose: a run already ends when the cursor leaves it or anything else edits the document, and a pause to
 * think in the middle of writing a function does not make it two edits.
 */
export const TYPING_PAUSE_MS = 10_000;

interface Shadow {
  readonly text: ShadowText;
  version: number;
}

type StoredEdit = { -readonly [K in keyof DocumentEdit]: DocumentEdit[K] } & { seq: number };

/**
 * Keystrokes being gathered into one edit. `start`/`end` bound the run's new text in the document as it is
 * now; `edit.range` and `edit.oldText` describe what the run replaced, in the document before the run.
 */
interface TypingRun {
  readonly edit: StoredEdit;
  start: number;
  end: number;
  lastTime: number;
  changes: number;
}

/**
 * The session edit tracker (SPEC §4, seed 002): turns document change events into `DocumentEdit`s with the
 * exact replaced text, classified and filtered by the seed's rules, kept within per-file, global and age limits.
 * Pure: the VS Code adapter feeds it `onDidChangeTextDocument`, `onDidChangeTextEditorSelection` and
 * `onDidCloseTextDocument`, runs `cleanup` on a timer it disposes, and passes settings changes in.
 *
 * Why every open document is copied: VS Code reports an edit's new text but not the text it replaced, and gives
 * no "before change" hook, so the replaced text can only come from a copy the tracker keeps. The adapter calls
 * `track` for each open workspace document (background tabs and files a refactor opens included); the copies live
 * in an LRU cache bounded in total bytes (`ShadowBudget`), so memory stays bounded however many files are open,
 * and a document first met on an insert-only event needs no earlier copy at all. A replace in a document whose
 * copy was dropped (over the budget) records `oldText: undefined` and re-copies it; later edits are exact.
 */
export class EditHistoryTracker {
  private settings: EditTrackerSettings;
  private readonly clock: Clock;
  private readonly shadowOptions: ShadowTextOptions;
  private readonly shadows: LRUCache<string, Shadow>;
  private readonly budget: ShadowBudget;
  /** Oldest first; a few dozen entries, so linear scans cost less than any index would. */
  private edits: StoredEdit[] = [];
  /** At most one typing run per document; its edit is in `edits` only while it passes the ignore rules. */
  private readonly runs = new Map<string, TypingRun>();
  private seq = 0;

  constructor(options: EditHistoryTrackerOptions = {}) {
    this.settings = normalizeEditTrackerSettings(options.settings);
    this.clock = options.clock ?? Date.now;
    this.shadowOptions = options.shadow ?? {};
    this.budget = { ...DEFAULT_SHADOW_BUDGET, ...options.shadowBudget };
    this.shadows = new LRUCache<string, Shadow>({
      maxSize: this.budget.maxTotalBytes,
      maxEntrySize: Math.min(this.budget.maxTotalBytes, this.budget.maxDocumentLength * 2 + SHADOW_OVERHEAD),
      sizeCalculation: shadow => shadow.text.length * 2 + SHADOW_OVERHEAD,
      // An evicted copy takes its typing run along: the run's offsets cannot be checked without it.
      dispose: (_shadow, uri, reason) => {
        if (reason === 'evict') this.runs.delete(uri);
      },
    });
  }

  get currentSettings(): EditTrackerSettings {
    return this.settings;
  }

  /** Applies new settings (missing keys keep their current value); lower limits take effect at once. */
  updateSettings(settings: Partial<EditTrackerSettings>): void {
    this.settings = normalizeEditTrackerSettings({ ...this.settings, ...settings });
    if (!this.settings.ignoreSingleChar) this.runs.clear();
    if (!this.settings.enabled) {
      // Off means off: forget edits and drop the document copies rather than keep text nobody asked for.
      this.clear();
      return;
    }
    this.trimAll();
  }

  /**
   * Seeds (or re-seeds) the shadow of a document with its current text and version, so that the next event's
   * replaced text is exact even if it is the first edit the tracker sees. Optional; cheap when already current.
   */
  track(uri: string, text: string, version: number): void {
    if (!this.settings.enabled) return;
    const shadow = this.shadows.get(uri);
    if (shadow && shadow.version === version && shadow.text.length === text.length) return;
    this.keepShadow(uri, text, version);
    this.runs.delete(uri);
  }

  /** Copies `text` as the shadow of `uri`, unless it is over the budget's document size (then drops any copy). */
  private keepShadow(uri: string, text: string, version: number): void {
    if (text.length > this.budget.maxDocumentLength) {
      this.shadows.delete(uri);
      return;
    }
    this.shadows.set(uri, { text: new ShadowText(text, this.shadowOptions), version });
  }

  isTracked(uri: string): boolean {
    return this.shadows.has(uri);
  }

  /** The version of the document's copy, undefined when there is none (the adapter skips `track` when current). */
  trackedVersion(uri: string): number | undefined {
    return this.shadows.peek(uri)?.version;
  }

  get shadowBudget(): ShadowBudget {
    return this.budget;
  }

  /**
   * Handles one `onDidChangeTextDocument` event. Call it synchronously from the listener: `textAfter` must
   * return the document's text right after THIS event (`document.getText()`); it is called only when the
   * shadow has to be (re)built, never on the hot path.
   */
  handleChange(event: DocumentChangeEvent, textAfter: () => string): ChangeOutcome {
    if (!this.settings.enabled) return { status: 'disabled', recorded: [], ignored: 0 };
    let shadow = this.shadows.get(event.uri);
    if (shadow && event.version === shadow.version) return { status: 'stale', recorded: [], ignored: 0 };
    // A lower version is a new model under the same URI (closed and reopened without `close` reaching us):
    // the old shadow says nothing about it.
    if (shadow && event.version < shadow.version) {
      this.shadows.delete(event.uri);
      shadow = undefined;
    }
    if (event.changes.length === 0) {
      // A version bump without content changes is an end-of-line change (CRLF ⇄ LF): every line break moved.
      this.runs.delete(event.uri);
      if (shadow) this.keepShadow(event.uri, textAfter(), event.version);
      return { status: shadow ? 'resynced' : 'exact', recorded: [], ignored: 0 };
    }

    let olds: (string | undefined)[] | undefined;
    if (shadow && event.version === shadow.version + 1) {
      try {
        olds = shadow.text.applyAll(event.changes.map(c => ({ offset: c.rangeOffset, length: c.rangeLength, text: c.text })));
        shadow.version = event.version;
        // Set again (a new entry object, so the cache measures it anew): the copy's size changed, and an edited
        // document is the most recently used.
        if (shadow.text.length > this.budget.maxDocumentLength) this.shadows.delete(event.uri);
        else this.shadows.set(event.uri, { text: shadow.text, version: event.version });
      } catch (e) {
        if (!(e instanceof ShadowRangeError)) throw e;
        // applyAll validates before it mutates, so the shadow is intact but stale; fall through to a resync.
      }
    } else if (!shadow && event.changes.every(c => c.rangeLength === 0)) {
      olds = event.changes.map(() => '');
      this.keepShadow(event.uri, textAfter(), event.version);
    }
    let status: ChangeStatus = 'exact';
    if (!olds) {
      status = 'resynced';
      olds = event.changes.map(c => (c.rangeLength === 0 ? '' : undefined));
      this.keepShadow(event.uri, textAfter(), event.version);
      this.runs.delete(event.uri);
    }
    const time = this.clock();
    return { status, ...(this.typing(event, olds, time) ?? this.record(event, olds, time)) };
  }

  /**
   * Attaches the editor's selection to the document's most recent edit when it comes within
   * `SELECTION_WINDOW_MS` of it (seed FR-4); later selections in the window replace earlier ones.
   * Returns whether it was attached.
   */
  onSelection(uri: string, selection: TextRange, time: number = this.clock()): boolean {
    for (let k = this.edits.length - 1; k >= 0; k--) {
      const edit = this.edits[k];
      if (edit.uri !== uri) continue;
      const elapsed = time - edit.timestamp;
      if (elapsed < 0 || elapsed >= SELECTION_WINDOW_MS) return false;
      edit.selectionAfter = copyRange(selection);
      return true;
    }
    return false;
  }

  /** Recent edits, most recent first, within the age limit. */
  getRecent(query: RecentEditsQuery = {}): DocumentEdit[] {
    const limit = Math.max(1, Math.floor(query.maxEdits ?? (query.filePath !== undefined ? 5 : 10)));
    const cutoff = this.clock() - this.settings.maxAgeMinutes * 60_000;
    const out: DocumentEdit[] = [];
    for (let k = this.edits.length - 1; k >= 0 && out.length < limit; k--) {
      const e = this.edits[k];
      if (e.timestamp <= cutoff) continue;
      if (query.origins && !query.origins.includes(e.origin)) continue;
      if (query.includeUndoRedo === false && isUndoRedo(e)) continue;
      if (query.filePath !== undefined && !uriMatchesPath(e.uri, query.filePath)) continue;
      if (query.exclude?.(e.uri)) continue;
      out.push(publicEdit(e));
    }
    return out;
  }

  /** Drops edits older than the age limit; the adapter calls it on a timer. Returns how many were dropped. */
  cleanup(now: number = this.clock()): number {
    const cutoff = now - this.settings.maxAgeMinutes * 60_000;
    const before = this.edits.length;
    this.edits = this.edits.filter(e => e.timestamp > cutoff);
    return before - this.edits.length;
  }

  /** The document was closed: forget its shadow and its edits (SPEC §4 "clear on document close"). */
  close(uri: string): void {
    this.shadows.delete(uri);
    this.runs.delete(uri);
    this.edits = this.edits.filter(e => e.uri !== uri);
  }

  clear(): void {
    this.shadows.clear();
    this.runs.clear();
    this.edits = [];
  }

  stats(): EditTrackerStats {
    let shadowLength = 0;
    for (const s of this.shadows.values()) shadowLength += s.text.length;
    let storedTextLength = 0;
    for (const e of this.edits) storedTextLength += (e.oldText?.length ?? 0) + e.newText.length;
    return { trackedDocuments: this.shadows.size, shadowLength, edits: this.edits.length, storedTextLength };
  }

  /**
   * Typing runs. The seed drops typing-sized changes (one character, or fewer than `minEditLength` on both
   * sides), so a function typed by hand would leave no trace at all: every keystroke is "trivial". Instead,
   * with `ignoreSingleChar` on, consecutive typing-sized changes of one document are gathered into ONE edit
   * while each lands inside (or, for a backspace, just before) the text typed so far and comes within
   * `TYPING_PAUSE_MS` of the previous one. Landing anywhere inside the run covers auto-closed brackets and
   * quotes (typing `(` inserts `()` and puts the cursor between them). The run's edit is recorded, as the
   * most recent edit, once the run as a whole passes the ignore rules, and leaves the history again if
   * backspacing makes it trivial. Anything else on the document (a paste, an undo, a multi-cursor edit, an
   * agent apply) ends the run and goes through `record`. Returns undefined when the event is not typing.
   */
  private typing(event: DocumentChangeEvent, olds: readonly (string | undefined)[], time: number): { recorded: DocumentEdit[]; ignored: number } | undefined {
    const uri = event.uri;
    const c = event.changes[0];
    const old = olds[0];
    if (!this.settings.ignoreSingleChar || event.changes.length !== 1 || event.isAgentApply || event.reason || old === undefined
      || !ignoreReason(c.rangeLength, c.text, 'replace', this.settings)) {
      this.runs.delete(uri);
      return undefined;
    }
    if (old === c.text) return undefined;
    let run = this.runs.get(uri);
    const fresh = run !== undefined && time - run.lastTime < TYPING_PAUSE_MS && time >= run.lastTime;
    const cap = this.settings.maxStoredTextLength;
    if (run && fresh && c.rangeOffset >= run.start && c.rangeOffset + c.rangeLength <= run.end) {
      const at = c.rangeOffset - run.start;
      const newText = run.edit.newText.slice(0, at) + c.text + run.edit.newText.slice(at + c.rangeLength);
      if (newText.length > cap) return this.endRun(uri);
      run.edit.newText = detachString(newText);
      run.end += c.text.length - c.rangeLength;
    } else if (run && fresh && c.text === '' && c.rangeOffset + c.rangeLength === run.start && (run.edit.oldText ?? '').length + old.length <= cap) {
      // Backspace past the start of the run: the removed text joins what the run replaced. Nothing before the
      // run has moved since it started, so the change's start is also the start in the pre-run document.
      run.edit.oldText = detachString(old + (run.edit.oldText ?? ''));
      run.edit.range = { start: { ...c.range.start }, end: run.edit.range.end };
      run.start = c.rangeOffset;
      run.end -= c.rangeLength;
    } else {
      this.runs.delete(uri);
      run = { edit: this.makeEdit(event, c.range, old, c.text, classifyEdit(old, c.text), 'user', time), start: c.rangeOffset, end: c.rangeOffset + c.text.length, lastTime: time, changes: 0 };
      this.runs.set(uri, run);
    }
    run.lastTime = time;
    run.changes++;
    const edit = run.edit;
    edit.timestamp = time;
    edit.changeCount = run.changes;
    const oldText = edit.oldText ?? '';
    const listed = this.edits.indexOf(edit);
    if (listed >= 0) this.edits.splice(listed, 1);
    if (oldText === edit.newText) return { recorded: [], ignored: 1 };
    edit.editType = classifyEdit(oldText, edit.newText);
    if (ignoreReason(oldText.length, edit.newText, edit.editType, this.settings)) return { recorded: [], ignored: 1 };
    delete edit.selectionAfter;
    edit.seq = ++this.seq;
    this.edits.push(edit);
    this.trim(uri);
    return { recorded: [publicEdit(edit)], ignored: 0 };
  }

  private endRun(uri: string): undefined {
    this.runs.delete(uri);
    return undefined;
  }

  private record(event: DocumentChangeEvent, olds: readonly (string | undefined)[], time: number): { recorded: DocumentEdit[]; ignored: number } {
    const origin: EditOrigin = event.isAgentApply ? 'agent' : event.reason ?? 'user';
    const changes = event.changes;
    // Ascending by offset; ties keep the event's order (as applyAll does).
    const order = changes.map((_, k) => k).sort((x, y) => changes[x].rangeOffset - changes[y].rangeOffset || x - y);
    const candidates: StoredEdit[] = [];
    let ignored = 0;

    const group = changes.length > 1 ? this.formatGroup(event, order, olds, time, origin) : undefined;
    if (group) {
      // Ignored when format edits are, or when every change alone is typing-sized (a space typed at 3 cursors).
      const typingSized = order.every(k => ignoreReason(changes[k].rangeLength, changes[k].text, 'replace', this.settings) !== undefined);
      if (this.settings.ignoreWhitespace || typingSized) ignored++;
      else candidates.push(group.edit);
    } else {
      // Only the topmost changes can survive the per-file limit, so only they are copied: a 200-change event
      // costs 10 edits, not 200. Recorded from the end of the document up, so the most-recent-first listing
      // reads top to bottom.
      const room = origin === 'undo' || origin === 'redo' ? this.settings.maxUndoRedoEdits : this.settings.maxEdits;
      const top: StoredEdit[] = [];
      for (const k of order) {
        const c = changes[k];
        const old = olds[k];
        if (old !== undefined && old === c.text) continue;
        const editType: EditType = old !== undefined ? classifyEdit(old, c.text) : c.text === '' ? 'delete' : 'replace';
        if (ignoreReason(c.rangeLength, c.text, editType, this.settings)) {
          ignored++;
          continue;
        }
        if (top.length < room) top.push(this.makeEdit(event, c.range, old, c.text, editType, origin, time));
      }
      for (let n = top.length - 1; n >= 0; n--) {
        top[n].seq = ++this.seq;
        candidates.push(top[n]);
      }
    }
    for (const e of candidates) this.edits.push(e);
    if (candidates.length) this.trim(event.uri);
    // Limits may already have evicted some of this event's edits; report only what was kept.
    const kept = candidates.filter(e => this.edits.includes(e)).reverse().map(publicEdit);
    return { recorded: kept, ignored };
  }

  /**
   * A multi-change event whose every change only moves whitespace (format document, re-indent a selection)
   * becomes ONE `format` edit spanning the changes, instead of dozens that would push real edits out of the
   * per-file limit. Its texts are the before/after of the spanned region, cut at the stored-text cap.
   */
  private formatGroup(event: DocumentChangeEvent, order: readonly number[], olds: readonly (string | undefined)[], time: number, origin: EditOrigin):
    { edit: StoredEdit } | undefined {
    let formats = 0;
    for (const k of order) {
      const old = olds[k];
      if (old === undefined) return undefined;
      if (old === event.changes[k].text) continue;
      if (classifyEdit(old, event.changes[k].text) !== 'format') return undefined;
      formats++;
    }
    if (formats === 0) return undefined;
    const shadow = this.shadows.get(event.uri);
    if (!shadow) return undefined;
    const cap = this.settings.maxStoredTextLength;
    const first = event.changes[order[0]];
    const lastChange = event.changes[order[order.length - 1]];
    let oldText = '';
    let newText = '';
    let delta = 0;
    let cursor = first.rangeOffset; // in post-event coordinates; equal to pre-event ones before the first change
    for (const k of order) {
      const c = event.changes[k];
      const postStart = c.rangeOffset + delta;
      const gap = shadow.text.read(cursor, postStart - cursor);
      oldText += gap + olds[k];
      newText += gap + c.text;
      delta += c.text.length - c.rangeLength;
      cursor = postStart + c.text.length;
      if (oldText.length > cap && newText.length > cap) break;
    }
    const range: TextRange = { start: first.range.start, end: lastChange.range.end };
    const edit = this.makeEdit(event, range, oldText, newText, 'format', origin, time);
    edit.changeCount = formats;
    return { edit };
  }

  private makeEdit(event: DocumentChangeEvent, range: TextRange, oldText: string | undefined, newText: string, editType: EditType, origin: EditOrigin, time: number): StoredEdit {
    const cap = this.settings.maxStoredTextLength;
    const truncated = (oldText !== undefined && oldText.length > cap) || newText.length > cap;
    const edit: StoredEdit = {
      uri: event.uri,
      timestamp: time,
      range: copyRange(range),
      oldText: oldText === undefined ? undefined : detachString(oldText.slice(0, cap)),
      newText: detachString(newText.slice(0, cap)),
      editType,
      origin,
      seq: ++this.seq,
    };
    if (event.languageId !== undefined) edit.languageId = event.languageId;
    if (truncated) edit.truncated = true;
    return edit;
  }

  /** Enforces the per-file limit for `uri` and the global limit. */
  private trim(uri: string): void {
    // Undo and redo are kept apart (seed 002: "tracked separately"), each kind within its own limits, so five
    // undo/redo cycles cannot push the user's own edit out.
    for (const undoRedo of [false, true]) {
      const perFile = undoRedo ? this.settings.maxUndoRedoEdits : this.settings.maxEdits;
      const global = undoRedo ? this.settings.maxGlobalUndoRedoEdits : this.settings.maxGlobalEdits;
      let inFile = 0;
      let all = 0;
      for (const e of this.edits) {
        if (isUndoRedo(e) !== undoRedo) continue;
        all++;
        if (e.uri === uri) inFile++;
      }
      let dropInFile = Math.max(0, inFile - perFile);
      let dropGlobal = Math.max(0, all - dropInFile - global);
      if (dropInFile === 0 && dropGlobal === 0) continue;
      this.edits = this.edits.filter(e => {
        if (isUndoRedo(e) !== undoRedo) return true;
        if (e.uri === uri && dropInFile > 0) {
          dropInFile--;
          return false;
        }
        if (dropGlobal > 0) {
          dropGlobal--;
          return false;
        }
        return true;
      });
    }
  }

  private trimAll(): void {
    for (const uri of new Set(this.edits.map(e => e.uri))) this.trim(uri);
    this.cleanup();
  }
}

/** Bytes charged per document copy besides its text (the chunk list and entry objects). */
const SHADOW_OVERHEAD = 1024;

function isUndoRedo(e: { readonly origin: EditOrigin }): boolean {
  return e.origin === 'undo' || e.origin === 'redo';
}

function copyRange(r: TextRange): TextRange {
  return { start: { line: r.start.line, character: r.start.character }, end: { line: r.end.line, character: r.end.character } };
}

function publicEdit(e: StoredEdit): DocumentEdit {
  const { seq: _seq, ...rest } = e;
  return { ...rest, range: copyRange(e.range), ...(e.selectionAfter ? { selectionAfter: copyRange(e.selectionAfter) } : {}) };
}
