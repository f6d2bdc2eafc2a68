/**
 * The provenance oracle (issue 23): who wrote every line, and who was entitled to remove it. It imports nothing
 * from the overlay (`src/fs/model` least of all) and states no replay or merge rule: it knows only facts the
 * generator records as they happen — each line is a unique token tagged with its author; each agent record saw
 * the tokens of the view it acted on and removed some of them; a person's resolution or discard chose some tokens
 * over others; messages and sessions were taken out. From these it judges what an Apply or Undo did to the disk:
 *
 * - LOSS: an Apply or Undo removes a token from the disk only when a live record (an agent record not taken out,
 *   or a person's resolution) saw it and removed it — or, for Undo, when the apply being undone put it there.
 * - LEAK: an Apply never writes a token of a taken-out record (nor one the person rejected), nor a line nobody
 *   wrote (a conflict marker, a half-merged line).
 * - MOVE: an Apply takes a person's line away from the path it was at, to another, only when a live record saw the
 *   file there (one of the lines it had), or a live record moved a file from there and the person has changed the
 *   disk there since (a rename carries the person's change to the file it moved, as git does: the person's act).
 *   SPEC invariant 8's "a record replays only over what it saw", for moves. LOSS does not see a move (the line is
 *   still on the disk), and a move of a file no live record saw went unseen (takeOutOrders.ts, seed 543: a rename
 *   that saw only the agent's file at `a` carried the person's `a`, untouched on disk all along, to `b`).
 * - TOUCH: the disk changes only through Apply, Undo and the person.
 * - WYSIWYG: a full Apply writes exactly the reviewed view (paths it refused, and paths the person changed since
 *   the review, keep what the disk had).
 * - SIDE: a partial Apply leaves the rest of the view as it was.
 * - REOPEN: closing and reopening shows the same view.
 * - FINAL: with every message pruned, the view is the disk and nothing is staged.
 * - VIEW (a by-product): the view never lists a file it cannot read.
 * - THROW: no step fails with anything but the overlay's own refusal (an `OverlayError` an agent is told of).
 */

export type Token = string;

/** Files by path → text; folders are left out (Apply removes the folders it empties, as `git rm` does). */
export type Tree = ReadonlyMap<string, string>;

/** The author of a token: `P` (the person, the disk's original content included) or `R<k>` (agent record k). */
export function authorOf(token: Token): string | undefined {
  const m = /^(P|R\d+)#\d+$/.exec(token);
  return m ? m[1] : undefined;
}

export function linesOf(text: string): string[] {
  return text.split('\n').filter(l => l !== '');
}

export function textOf(tokens: readonly Token[]): string {
  return tokens.map(t => `${t}\n`).join('');
}

export function tokensIn(tree: Tree | Iterable<string>): Set<Token> {
  const texts = isTree(tree) ? tree.values() : tree;
  const out = new Set<Token>();
  for (const t of texts) for (const l of linesOf(t)) out.add(l);
  return out;
}

function isTree(x: Tree | Iterable<string>): x is Tree {
  return x instanceof Map;
}

/** A violation of one of the properties, with what it is about. */
export interface Violation {
  readonly property: 'LOSS' | 'MOVE' | 'LEAK' | 'TOUCH' | 'WYSIWYG' | 'SIDE' | 'REOPEN' | 'FINAL' | 'VIEW' | 'THROW';
  readonly detail: string;
}

interface AgentRecord {
  readonly k: number;
  readonly seq: number;
  readonly session: string;
  readonly message: string;
  readonly removed: ReadonlySet<Token>;
  /** A move's sources (by `key`), each with what the disk had there when it was staged (MOVE). */
  readonly movedFrom: ReadonlyMap<string, string>;
  takenOut: boolean;
}

/** A move's source and what the disk had there when the move was staged (undefined: no file). */
export interface MovedFrom {
  readonly path: string;
  readonly disk: string | undefined;
  /** The lines of the file it moved, as its view showed it (for a file shown empty, the lines it last had). */
  readonly saw?: ReadonlySet<Token>;
}

/** A person's resolution or discard: what was removed on the person's say-so (always live). */
interface PersonChoice {
  readonly seq: number;
  readonly removed: ReadonlySet<Token>;
}

/** The facts of one sequence, and the checks over them. */
export class ProvenanceLedger {
  private seq = 0;
  private nextToken = 0;
  private readonly records = new Map<number, AgentRecord>();
  private readonly choices: PersonChoice[] = [];
  /** Every token an agent record saw, with the records that saw it (MOVE's excuses). */
  private readonly seenBy = new Map<Token, AgentRecord[]>();
  /**
   * Lines of one file (`sameFile`: a write's lines and the lines it saw there), as a forest: a token's parent, up to
   * its file's first token. A record that saw a write's lines saw the file the write was made of.
   */
  private readonly fileOf = new Map<Token, Token>();
  /** Removal excuses: token → the records (and person choices) that saw it and removed it, by sequence number. */
  private readonly removers = new Map<Token, { seq: number; live: () => boolean }[]>();
  /** When and where the person last chose to keep a token on disk (older removals no longer excuse removing it there). */
  private readonly keptAt = new Map<Token, { readonly seq: number; readonly paths: ReadonlySet<string> }>();
  /**
   * When and where (the paths the person chose at) the person last rejected a staged token (an Apply must not write it).
   * `copy`: it was at those paths only as the person's own copy (`brought`), so the rejection is of that copy there.
   */
  private readonly rejectedAt = new Map<Token, { readonly seq: number; readonly paths: ReadonlySet<string>; readonly copy: boolean }>();
  /**
   * When and where the person took a token as theirs (a resolution that kept it): no prune takes it away. Every
   * choice that kept it, not only the last: a person's disk move copies a line, so it can be adopted at two paths
   * one after the other, and a later rejection at the second takes back no adoption at the first (issue 23,
   * provenance seed 1158760). A rejection drops the adoptions it takes back (made at one of its paths).
   */
  private readonly adoptedAt = new Map<Token, { readonly seq: number; readonly paths: ReadonlySet<string>; readonly brought: boolean }[]>();
  /** Agent records that resolved a conflict handed back to them and kept a token they were shown there. */
  private readonly keptBy = new Map<Token, number[]>();
  /** Live-while-kept excuses for writing a taken-out record's line that was the disk's when k saw it (`agentKeepsFromDisk`). */
  private readonly keptFromDisk = new Map<Token, number[]>();
  /**
   * Agent lines an Apply wrote to the disk while their record was live, and no Undo has taken off it since: the disk's
   * content from then on, whoever first wrote it (deleting the message afterwards takes the record out, not the line
   * off the disk), so a person's choice keeping one adopts it as it would the person's own line (`personChoice`).
   */
  private readonly madeDisks = new Set<Token>();
  /** The tokens the last Apply that applied anything put on the disk: what an Undo may remove. */
  private lastApplyAdded = new Set<Token>();

  /** `key`: a path as the disk tells paths apart (lower case on a case-insensitive disk). */
  constructor(private readonly key: (path: string) => string = p => p) {}

  /** A new token by `author` (`P` or `R<k>`). */
  token(author: string): Token {
    return `${author}#${this.nextToken++}`;
  }

  /**
   * Agent record k (session, message) acted on a view showing `saw` and left `after` (tokens it kept or wrote); a move
   * names its sources (`moved`: each file's, for a folder's).
   */
  agentRecord(k: number, session: string, message: string, saw: ReadonlySet<Token>, after: ReadonlySet<Token>, moved: readonly MovedFrom[] = []): void {
    const removed = new Set([...saw].filter(t => !after.has(t)));
    const movedFrom = new Map(moved.map(m => [this.key(m.path), m.disk ?? ''] as const));
    const r: AgentRecord = { k, seq: ++this.seq, session, message, removed, movedFrom, takenOut: false };
    this.records.set(k, r);
    for (const t of removed) this.addRemover(t, r.seq, () => !r.takenOut);
    for (const t of new Set([...saw, ...moved.flatMap(m => [...(m.saw ?? [])])])) this.seenBy.set(t, [...(this.seenBy.get(t) ?? []), r]);
  }

  /**
   * A write at a path saw `saw` there and left `after`: the lines of one file, whoever wrote them (MOVE reads a record
   * that saw an agent's rewrite of the person's file as having seen that file: a rename after a rewrite since taken
   * out moves the person's file, by design — memory seed 14698). Taken out or not: it says which file it was.
   */
  sameFile(saw: ReadonlySet<Token>, after: ReadonlySet<Token>): void {
    const all = [...saw, ...after];
    if (saw.size === 0 || after.size === 0) return;
    const root = this.fileRoot(all[0]);
    for (const t of all) {
      const r = this.fileRoot(t);
      if (r !== root) this.fileOf.set(r, root);
    }
  }

  private fileRoot(t: Token): Token {
    let r = t;
    for (let up = this.fileOf.get(r); up !== undefined && up !== r; up = this.fileOf.get(r)) r = up;
    return r;
  }

  /**
   * Agent record k resolved a conflict handed back to it (the person delegated it) and kept these tokens, which
   * the conflict showed it: its resolution is a new write of its own, as a person's hand merge is theirs, so a
   * kept line of a record taken out before is record k's now, live while k is (issue 23, provenance seed 1712).
   */
  agentKeeps(k: number, kept: ReadonlySet<Token>): void {
    for (const t of kept) this.keptBy.set(t, [...(this.keptBy.get(t) ?? []), k]);
  }

  /**
   * Agent record k moved a file (or a folder of them) and these of its lines were on the disk where it saw them:
   * the disk's content, whoever first wrote it — an agent's line there got there by an Apply, and deleting its
   * message afterwards takes the record out, not the line off the disk. What k carries of the disk is k's, as a
   * move of the person's lines carries them: writing it where k moved it (Accept agent over the move, once the
   * person removed the original) is k's doing, live while k is (issue 23, provenance seed 61898).
   */
  agentCarries(k: number, fromDisk: ReadonlySet<Token>): void {
    for (const t of fromDisk) if (authorOf(t) !== 'P') this.keptBy.set(t, [...(this.keptBy.get(t) ?? []), k]);
  }

  /**
   * Agent record k wrote a file and kept these of its lines, which were on the disk where it saw them. As with a move
   * (`agentCarries`), a line of an agent's there got there by an Apply, and deleting its message afterwards takes the
   * record out, not the line off the disk: it is the disk's content, as the person's own lines are, and k kept it.
   * Written again after the person removed it on disk (Accept agent over the conflict that showed it), it is k's
   * doing, live while k is — a person's line kept by k and written back so is no leak either (issue 23, provenance
   * seeds 121860, 198789, 211016, 280144, 355217, 386510, folding 6265). An Undo that takes the line off the disk
   * takes back the Apply that made it the disk's: from then on k's keeping it excuses nothing.
   */
  agentKeepsFromDisk(k: number, kept: ReadonlySet<Token>): void {
    for (const t of kept) if (authorOf(t) !== 'P') this.keptFromDisk.set(t, [...(this.keptFromDisk.get(t) ?? []), k]);
  }

  /**
   * A message was deleted in the chat: its records are taken out, applied ones included (without a session: that
   * id in every session).
   */
  takeOutMessage(message: string, session?: string): void {
    for (const r of this.records.values()) if (r.message === message && (session === undefined || r.session === session)) r.takenOut = true;
  }

  takeOutSession(session: string): void {
    for (const r of this.records.values()) if (r.session === session) r.takenOut = true;
  }

  /** The records of a session (and message): what a discard may take out. */
  recordsOf(session: string | undefined, message?: string): number[] {
    return [...this.records.values()].filter(r => (session === undefined || r.session === session) && (message === undefined || r.message === message)).map(r => r.k);
  }

  /** Records a discard took out (only what was staged: an applied record is the disk's already). */
  takeOut(ks: Iterable<number>): void {
    for (const k of ks) {
      const r = this.records.get(k);
      if (r) r.takenOut = true;
    }
  }

  isLive(k: number): boolean {
    return this.records.get(k)?.takenOut === false;
  }

  /**
   * The person chose `result` out of what they were shown (a resolution, or a discard, which chooses the disk).
   * Shown tokens on disk left out are removed on the person's say-so; shown tokens not on disk left out are
   * rejected; tokens kept are the person's now (no prune takes them away), and those on disk are kept there.
   * Only tokens whose author is live are adopted: a taken-out record's line the view still shows is not the
   * person's to keep by accident — unless an Apply made it the disk's while its record was live and no Undo took it
   * back (`madeDisks`): then it is the disk's line, as the person's own are, and keeping it is the person's choice,
   * not an accident, even after the person removed it on disk (issue 23, provenance seed 942402: "Accept agent" over
   * the person's delete of a file an applied create made, whose message was deleted after that Apply). `paths`: where the person chose (the conflict's path; a discarded file and its
   * rename's origin). `brought`: kept lines the path itself did not show (neither its own side nor its disk file), only
   * the conflict's other side: the person's hand merge copied them there (see `rejects`).
   */
  personChoice(shown: ReadonlySet<Token>, result: ReadonlySet<Token>, onDisk: ReadonlySet<Token>, paths: readonly string[], brought: ReadonlySet<Token> = new Set()): void {
    const seq = ++this.seq;
    const removed = new Set<Token>();
    const where = new Set(paths.map(this.key));
    for (const t of shown) {
      if (result.has(t)) continue;
      if (onDisk.has(t)) removed.add(t);
      else {
        const adoptions = this.adoptedAt.get(t) ?? [];
        const takenBack = adoptions.filter(a => [...a.paths].some(p => where.has(p)));
        this.rejectedAt.set(t, { seq, paths: where, copy: takenBack.length > 0 && takenBack.every(a => a.brought) });
        this.adoptedAt.set(t, adoptions.filter(a => !takenBack.includes(a)));
      }
    }
    for (const t of result) {
      if (onDisk.has(t)) this.keptAt.set(t, { seq, paths: where });
      const author = authorOf(t);
      if (author === 'P' || this.madeDisks.has(t) || (author !== undefined && this.isLive(Number(author.slice(1))))) this.adoptedAt.set(t, [...(this.adoptedAt.get(t) ?? []), { seq, paths: where, brought: brought.has(t) }]);
    }
    const choice = { seq, removed };
    this.choices.push(choice);
    for (const t of removed) this.addRemover(t, seq, () => true);
  }

  private addRemover(t: Token, seq: number, live: () => boolean): void {
    const list = this.removers.get(t) ?? [];
    list.push({ seq, live });
    this.removers.set(t, list);
  }

  /** LOSS and LEAK of an Apply that took the disk from `before` to `after`; remembers what it added, for Undo. */
  checkApply(before: Tree, after: Tree, appliedSomething: boolean): Violation[] {
    const out = [...this.losses(before, after, new Set()), ...this.moves(before, after)];
    const was = tokensIn(before);
    const now = tokensIn(after);
    const added = new Set([...now].filter(t => !was.has(t)));
    for (const t of added) {
      const author = authorOf(t);
      if (author === undefined) {
        out.push({ property: 'LEAK', detail: `wrote a line nobody wrote: ${JSON.stringify(t)} (in ${where(after, t)})` });
        continue;
      }
      const adopted = Math.max(-1, ...(this.adoptedAt.get(t) ?? []).map(a => a.seq));
      if (this.rejects(t, after)) out.push({ property: 'LEAK', detail: `wrote ${t} (in ${where(after, t)}), which the person rejected` });
      else if (author !== 'P' && !this.isLive(Number(author.slice(1))) && adopted < 0 && ![...(this.keptBy.get(t) ?? []), ...(this.keptFromDisk.get(t) ?? [])].some(k => this.isLive(k))) {
        out.push({ property: 'LEAK', detail: `wrote ${t} (in ${where(after, t)}) of taken-out record ${author}` });
      } else if (author !== 'P' && this.isLive(Number(author.slice(1)))) this.madeDisks.add(t);
    }
    if (appliedSomething) this.lastApplyAdded = this.putThere(before, after);
    return out;
  }

  /**
   * Whether writing `t` (as it is in `after`) writes a line the person rejected: rejected after the person last
   * adopted it. A line is at one path, but a person's disk move copies it (the model still stages it where it was):
   * the same token can be shown at two paths, adopted at one (Accept agent at `b`) and rejected at the other (a
   * discard of `h`, which showed the moved file). The person chose at `h` only: rejecting there takes back no
   * adoption at `b`, so it stands unless the rejection was made at `b` too, and the line may be written at `b` but
   * at none of the rejection's paths (issue 23, provenance seed 14327). The same when the line was adopted at `b`,
   * then at `h` too, and rejected at `h`: the adoption at `b` stands (seed 1158760: "Accept agent" at `k/l/g` kept
   * the person's lines the agent moved there, a hand merge at `b`, where the person had moved the same file on
   * disk, kept one of them, and "Accept disk" at `b` then turned it down at `b` alone). One adoption reads as before.
   * The same when the line was at the rejection's paths only as the person's own copy: their hand merge there kept it
   * from the conflict's other side, where the path itself showed it nowhere (`brought`), and the rejection took that
   * merge back. The person turned down their copy there, not the agent's line where its live record has it (issue
   * 23, provenance seed 308052: a conflict at `d/c` about the overwrite of `h` by the move `d/e` → `h` → `d/c` showed
   * `h`'s line R1#4 as its other side; the person's merge kept it in `d/c`, and "Accept disk" at `d/c` turned down
   * the move with its overwrite, so `h` is the agent's create again, R1#4 in it, a file no choice was about).
   */
  private rejects(t: Token, after: Tree): boolean {
    const rejection = this.rejectedAt.get(t);
    if (rejection === undefined) return false;
    const adoptions = this.adoptedAt.get(t) ?? [];
    if (adoptions.some(a => a.seq > rejection.seq)) return false;
    const standing = adoptions.filter(a => ![...a.paths].some(p => rejection.paths.has(p)));
    if (standing.length === 0 && !rejection.copy) return true;
    return [...after].some(([p, text]) => rejection.paths.has(this.key(p)) && linesOf(text).includes(t));
  }

  /** A tree's lines by path, paths as the disk tells them apart (`key`). */
  private tokensByPath(tree: Tree): Map<string, Set<Token>> {
    const out = new Map<string, Set<Token>>();
    for (const [p, text] of tree) {
      const at = out.get(this.key(p)) ?? new Set<Token>();
      for (const t of linesOf(text)) at.add(t);
      out.set(this.key(p), at);
    }
    return out;
  }

  /**
   * The lines an Apply put at a path that did not have them: what an Undo of it may remove. A line the person's disk
   * move or copy also had at another path is one of them — the Undo takes back what the Apply wrote there, and the
   * other copy is the person's to keep or remove (issue 23, provenance seeds 33200 and 35851: the person then
   * overwrote or deleted it). A line the Apply took away from another path (a move) is not: Undo puts it back there.
   */
  private putThere(before: Tree, after: Tree): Set<Token> {
    const missing = (from: Map<string, Set<Token>>, to: Map<string, Set<Token>>) => new Set([...from].flatMap(([p, ts]) => [...ts].filter(t => !to.get(p)?.has(t))));
    const was = this.tokensByPath(before);
    const now = this.tokensByPath(after);
    const taken = missing(was, now);
    return new Set([...missing(now, was)].filter(t => !taken.has(t)));
  }

  /** LOSS of an Undo: it may remove only what the apply it undoes put on the disk. */
  checkUndo(before: Tree, after: Tree): Violation[] {
    const out = this.losses(before, after, this.lastApplyAdded);
    this.lastApplyAdded = new Set();
    const now = tokensIn(after);
    for (const t of tokensIn(before)) {
      if (now.has(t)) continue;
      this.keptFromDisk.delete(t);
      this.madeDisks.delete(t);
    }
    return out;
  }

  /**
   * Since when removing `t` (as it is in `before`) needs a removal newer than the person's choice to keep it: the
   * choice counts where it was made. A person's disk move copies a line (the model still stages it where it was):
   * keeping it at one path (Accept agent at `d/e`, whose file the person moved to `d/c` on disk) is no choice about
   * the copy at the other, where an older live record that saw it removed it still may (issue 23, provenance seed
   * 45792; the same reading as a rejection's, `rejects`). -1: no choice holds.
   */
  private keptSince(t: Token, before: Tree): number {
    const kept = this.keptAt.get(t);
    if (kept === undefined) return -1;
    const at = [...before].filter(([, text]) => linesOf(text).includes(t)).map(([p]) => this.key(p));
    return at.length === 0 || at.some(p => kept.paths.has(p)) ? kept.seq : -1;
  }

  /**
   * MOVE: the person's lines an Apply took from a path and left at another. Excused when a live agent record saw the
   * file at that path (any line it had before the Apply, or of a write made of it: `sameFile`); when a live record
   * moved a file from that path and the disk there is not what it was then (the person changed it since: the move
   * carries their change, whole files replaced included); or when the person chose about one of those lines (a
   * resolution keeping or adopting it, or taking it from that path: "Accept agent" of a move away, memory seed
   * 125907), or a live record that saw it removed it.
   */
  private moves(before: Tree, after: Tree): Violation[] {
    const [was, now] = [this.tokensByPath(before), this.tokensByPath(after)];
    const elsewhere = (t: Token, p: string) => [...now].some(([q, ts]) => q !== p && ts.has(t));
    const out: Violation[] = [];
    for (const [p, file] of was) {
      const left = [...file].filter(t => authorOf(t) === 'P' && !now.get(p)?.has(t) && elsewhere(t, p));
      if (left.length === 0) continue;
      const roots = new Set([...file].map(t => this.fileRoot(t)));
      const seen = [...this.seenBy].some(([t, rs]) => roots.has(this.fileRoot(t)) && rs.some(r => !r.takenOut));
      const disk = [...before].find(([q]) => this.key(q) === p)?.[1] ?? '';
      const changedSince = [...this.records.values()].some(r => !r.takenOut && r.movedFrom.has(p) && r.movedFrom.get(p) !== disk);
      const chosen = left.some(t => this.keptAt.has(t) || this.adoptedAt.has(t) || this.removalExcused(t, before));
      if (!seen && !changedSince && !chosen) out.push({ property: 'MOVE', detail: `moved ${left.join(' ')} from ${p} to ${where(after, left[0])}: no live record saw the file there` });
    }
    return out;
  }

  /**
   * Whether a live record that saw `t` removed it, or the person's choice did, since the person last chose to keep it
   * where it is in `before` (LOSS's excuse; for MOVE, the person's "Accept agent" of a move away from its path).
   */
  private removalExcused(t: Token, before: Tree): boolean {
    const kept = this.keptSince(t, before);
    return (this.removers.get(t) ?? []).some(r => r.seq > kept && r.live());
  }

  private losses(before: Tree, after: Tree, mayRemove: ReadonlySet<Token>): Violation[] {
    const now = tokensIn(after);
    const out: Violation[] = [];
    for (const t of tokensIn(before)) {
      if (now.has(t) || mayRemove.has(t) || authorOf(t) === undefined) continue;
      if (!this.removalExcused(t, before)) out.push({ property: 'LOSS', detail: `removed ${t} from ${where(before, t)}, which no live record that saw it removed` });
    }
    return out;
  }
}

/** Where a token is in a tree (for messages). */
function where(tree: Tree, t: Token): string {
  for (const [p, text] of tree) if (linesOf(text).includes(t)) return p;
  return '?';
}

/** TOUCH: the disk is as the last Apply, Undo or person left it. */
export function checkTouch(expected: Tree, actual: Tree, step: string): Violation[] {
  const d = differences(expected, actual);
  return d.length ? [{ property: 'TOUCH', detail: `${step} changed the disk: ${d.join('; ')}` }] : [];
}

/**
 * WYSIWYG: after a full Apply every path shows on disk what the review showed, except the paths it refused, which
 * keep what the disk had. Paths the person changed between the review and the Apply (`changedSince`) are left to
 * LOSS and LEAK: there the review is out of date.
 */
export function checkWysiwyg(review: Tree, before: Tree, after: Tree, refused: (p: string) => boolean, changedSince: (p: string) => boolean): Violation[] {
  const out: Violation[] = [];
  for (const p of new Set([...review.keys(), ...before.keys(), ...after.keys()])) {
    if (changedSince(p)) continue;
    const want = refused(p) ? before.get(p) : review.get(p);
    if (after.get(p) !== want) out.push({ property: 'WYSIWYG', detail: `${p} is ${show(after.get(p))} on disk, the review showed ${show(review.get(p))}${refused(p) ? ` and it was refused (the disk had ${show(before.get(p))})` : ''}` });
  }
  return out;
}

/**
 * SIDE: after a partial Apply, the applied paths hold on disk what the review showed, the others what they held,
 * and the view is the review (`skip`: paths the person changed since the review).
 */
export function checkSide(review: Tree, viewAfter: Tree, before: Tree, after: Tree, applied: (p: string) => boolean, skip: (p: string) => boolean): Violation[] {
  const out: Violation[] = [];
  for (const p of new Set([...review.keys(), ...viewAfter.keys()])) {
    if (!skip(p) && review.get(p) !== viewAfter.get(p)) out.push({ property: 'SIDE', detail: `the view of ${p} went from ${show(review.get(p))} to ${show(viewAfter.get(p))}` });
  }
  for (const p of new Set([...review.keys(), ...before.keys(), ...after.keys()])) {
    if (skip(p)) continue;
    const want = applied(p) ? review.get(p) : before.get(p);
    if (after.get(p) !== want) out.push({ property: 'SIDE', detail: `${p} is ${show(after.get(p))} on disk, expected ${show(want)} (${applied(p) ? 'applied' : 'not selected'})` });
  }
  return out;
}

/** REOPEN: the view (and what is listed) after closing and reopening is the one before. */
export function checkReopen(before: Tree, after: Tree, listedBefore: readonly string[], listedAfter: readonly string[]): Violation[] {
  const d = differences(before, after);
  const out: Violation[] = d.length ? [{ property: 'REOPEN', detail: `the view changed: ${d.join('; ')}` }] : [];
  if (listedBefore.join('|') !== listedAfter.join('|')) out.push({ property: 'REOPEN', detail: `the listing went from [${listedBefore.join(', ')}] to [${listedAfter.join(', ')}]` });
  return out;
}

/** FINAL: with every message pruned the view is the disk, and nothing is staged. */
export function checkFinal(view: Tree, disk: Tree, listed: readonly string[]): Violation[] {
  const d = differences(disk, view);
  const out: Violation[] = d.length ? [{ property: 'FINAL', detail: `the view is not the disk: ${d.join('; ')}` }] : [];
  if (listed.length) out.push({ property: 'FINAL', detail: `still listed: ${listed.join(', ')}` });
  return out;
}

function differences(a: Tree, b: Tree): string[] {
  // Most trees compared are equal (TOUCH after every step): say so without sorting their union.
  if (a.size === b.size && [...a].every(([p, t]) => b.get(p) === t)) return [];
  const out: string[] = [];
  for (const p of [...new Set([...a.keys(), ...b.keys()])].sort()) {
    if (a.get(p) !== b.get(p)) out.push(`${p}: ${show(a.get(p))} → ${show(b.get(p))}`);
  }
  return out;
}

function show(text: string | undefined): string {
  return text === undefined ? 'absent' : `[${linesOf(text).join(' ')}]`;
}
