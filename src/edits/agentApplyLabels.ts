/**
 * Which document changes the overlay's own Apply caused, so the edit tracker labels them `agent` instead of
 * presenting an agent's code as something the user typed (SPEC §4).
 *
 * Apply writes files on disk; VS Code notices and reloads any open, clean document from disk a moment LATER,
 * firing an ordinary change event with no reason. So a flag that is true only while the writes run would miss
 * most reloads. Instead Apply announces each file it writes, optionally with the text the file will hold:
 * - with `text`: the first change that leaves the document reading exactly that text (line breaks compared
 *   loosely, a reload may normalise them) is the agent's; it is consumed, so the user's typing right after is not;
 * - without `text`: every change of that document from the start of the writes until `graceMs` after they end
 *   is the agent's (coarser: use it only when the text is not at hand, e.g. binary or streamed writes).
 * Expectations that never match expire `graceMs` after the writes end.
 */
export interface AgentWrite {
  /** The document's URI string as VS Code prints it (`uri.toString()`). */
  readonly uri: string;
  /** The text the document will hold after the write (decoded, without a BOM), when known. */
  readonly text?: string;
}

export type Clock = () => number;

/** How long after the writes end a reload of a written file is still expected (file watchers can lag). */
export const AGENT_APPLY_GRACE_MS = 10_000;

interface Expectation {
  readonly text: string | undefined;
  /** While undefined, the writes are still running. */
  until: number | undefined;
}

export class AgentApplyLabels {
  private readonly pending = new Map<string, Expectation[]>();

  constructor(private readonly clock: Clock = Date.now, private readonly graceMs = AGENT_APPLY_GRACE_MS) {}

  /**
   * Starts expecting changes to these documents; returns the function that marks the writes as finished
   * (call it in a `finally`; calling it twice is harmless).
   */
  begin(writes: readonly AgentWrite[]): () => void {
    const started: [string, Expectation][] = [];
    for (const w of writes) {
      const e: Expectation = { text: w.text, until: undefined };
      const list = this.pending.get(w.uri) ?? [];
      list.push(e);
      this.pending.set(w.uri, list);
      started.push([w.uri, e]);
    }
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const until = this.clock() + this.graceMs;
      for (const [, e] of started) e.until = until;
    };
  }

  /** Whether any expectation is open; the adapter skips the lookup on the hot path otherwise. */
  get isEmpty(): boolean {
    return this.pending.size === 0;
  }

  /**
   * Whether this change of `uri` is the agent's. Call once per change event, after the event (the adapter does
   * it synchronously in `onDidChangeTextDocument`); `textAfter` is read only when an expectation carries text.
   */
  isAgentChange(uri: string, textAfter: () => string): boolean {
    const list = this.live(uri);
    if (!list) return false;
    let text: string | undefined;
    for (let k = 0; k < list.length; k++) {
      const expected = list[k].text;
      if (expected === undefined) continue;
      text ??= textAfter();
      if (sameText(text, expected)) {
        list.splice(k, 1);
        if (list.length === 0) this.pending.delete(uri);
        return true;
      }
    }
    return list.some(e => e.text === undefined);
  }

  /** Drops expired expectations everywhere; returns how many are left. */
  prune(): number {
    let left = 0;
    for (const uri of [...this.pending.keys()]) left += this.live(uri)?.length ?? 0;
    return left;
  }

  private live(uri: string): Expectation[] | undefined {
    const list = this.pending.get(uri);
    if (!list) return undefined;
    const now = this.clock();
    const kept = list.filter(e => e.until === undefined || now < e.until);
    if (kept.length === 0) {
      this.pending.delete(uri);
      return undefined;
    }
    if (kept.length === list.length) return list;
    this.pending.set(uri, kept);
    return kept;
  }
}

function sameText(actual: string, expected: string): boolean {
  if (actual === expected) return true;
  if (!actual.includes('\r') && !expected.includes('\r')) return false;
  return actual.replace(/\r\n?/g, '\n') === expected.replace(/\r\n?/g, '\n');
}
