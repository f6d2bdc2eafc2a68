import * as path from 'path';
import { OverlayWorkspace } from '../../../src/fs/overlayWorkspace';
import { OverlayError } from '../../../src/fs/model/overlayError';
import { PERSON_SESSION_ID, type ChangeMeta } from '../../../src/fs/model/changeRecord';
import { prng } from '../merge/mergeCases';
import { handsFor, type DiskKind, type PersonHands } from './personHands';
import { ProvenanceLedger, authorOf, checkFinal, checkReopen, checkSide, checkTouch, checkWysiwyg, linesOf, textOf, tokensIn, type MovedFrom, type Token, type Tree, type Violation } from './provenanceOracle';

/**
 * The generator of the provenance fuzz (issue 23): one seed makes one sequence of what people do with the
 * overlay, driven at workspace level (`OverlayWorkspace`, as the extension drives it) on a disk of `DiskKind`,
 * and judged after every step by the provenance oracle (provenanceOracle.ts), which knows nothing of the model.
 *
 * Two chat sessions, each going from message to message (`m0`, `m1`, …, so the sessions reuse each other's
 * message ids), stage writes that create files, insert, delete and replace lines or rewrite them whole, deletes,
 * renames (onto free paths and, with overwrite, onto taken ones), rename chains, folders made, removed and moved;
 * the agent also just reads. The person, at any moment — also while a conflict is pending and between a review
 * and its Apply — edits, creates, deletes and renames files on disk and makes and removes folders, after which
 * the watcher reacts (reconciles those paths) or not. The person resolves conflicts all four ways (the manual way
 * with a hand-merged text of their own), deletes messages (with and without their session), discards a message,
 * a session
 * or a file, reviews and applies everything or a part, undoes the last apply, and closes and reopens VS Code.
 * At the end every message is deleted and the person discards their own resolutions.
 *
 * Every line the agent or the person writes is a fresh token naming its author, so the oracle can tell whose
 * line an Apply removed or wrote. Every step can come at any point of a sequence. The restrictions, and why:
 * - a hand merge never keeps a line of a message deleted already: the oracle takes what a resolution keeps as the
 *   person's own, so keeping such a line (which the view should not show) would hide the very leak it looks for;
 * - the person renames files on disk, not whole folders (folders are made and removed empty): the watcher's
 *   folder-move handling has its own tests (overlayWorkspace.test.ts), and this generator does not model it yet;
 * - the agent moves folders without overwrite (a folder move onto taken names is refused whole, tested apart).
 */

const SESSIONS = ['s1', 's2'];
/** Files relative to the root, in nested folders; on a case-insensitive disk two names have a second spelling. */
const FILES = ['a', 'b', 'd/c', 'd/e', 'd/f/g', 'h'];
const FOLDED_FILES = ['a', 'A', 'b', 'd/c', 'd/e', 'd/E', 'h'];
const FOLDERS = ['d', 'd/f', 'k', 'k/l'];

export interface ProvenanceOptions {
  readonly disk: DiskKind;
  /** Called with each step's description as it starts (a debugging aid). */
  readonly trace?: (line: string) => void;
}

/** A failing sequence: its seed, its steps, and what the oracle found. */
export class ProvenanceFailure extends Error {
  constructor(readonly seed: number, readonly disk: DiskKind, readonly steps: readonly string[], readonly violations: readonly Violation[]) {
    super(`provenance seed ${seed} (${disk}): ${violations.map(v => `${v.property}: ${v.detail}`).join('\n  ')}\nsteps:\n  ${steps.join('\n  ')}`);
  }
}

interface World {
  readonly hands: PersonHands;
  ws: OverlayWorkspace;
  readonly ledger: ProvenanceLedger;
  readonly rand: () => number;
  readonly files: readonly string[];
  readonly folders: readonly string[];
  readonly folds: boolean;
  /** Each session's current message number. */
  readonly turn: Map<string, number>;
  /** The disk as the last Apply, Undo or person left it. */
  expected: Map<string, string>;
  nextRecord: number;
  /** The model's record ids of each agent record (what a discard's "still staged" is told by). */
  readonly ids: Map<number, string[]>;
  readonly log: string[];
  readonly violations: Violation[];
  /**
   * The lines each path last showed when it showed any (MOVE's reading of an empty file: a record that acts on a file
   * the agent emptied saw that file, whose lines it cannot name — memory seeds 6967, 7561).
   */
  readonly lastLines: Map<string, ReadonlySet<Token>>;
}

/** Runs one seeded sequence; throws `ProvenanceFailure` on the first step the oracle finds fault with. */
export async function runProvenanceSequence(seed: number, options: ProvenanceOptions): Promise<number> {
  const rand = prng(seed);
  const hands = handsFor(options.disk);
  const folds = options.disk === 'folding';
  const abs = (rel: string) => path.join(hands.root, rel);
  const ledger = new ProvenanceLedger(folds ? p => p.toLowerCase() : undefined);
  const files = (folds ? FOLDED_FILES : FILES).map(abs);
  const folders = FOLDERS.map(abs);
  // The person's files before the agent starts (two spellings of one name never both).
  for (const p of files) {
    if (rand() < 0.6 && !(folds && [...hands.snapshot().keys()].some(q => q.toLowerCase() === p.toLowerCase()))) {
      hands.write(p, textOf(Array.from({ length: 1 + Math.floor(rand() * 4) }, () => ledger.token('P'))));
    }
  }
  for (const d of folders) if (rand() < 0.2) hands.mkdir(d);
  // The disk the sequence starts from, as the first line of its steps (a replay needs it).
  const start = [...hands.snapshot()].map(([p, t]) => `${path.relative(hands.root, p)} [${linesOf(t).join(' ')}]`);
  const log: string[] = [`the disk holds ${start.length ? start.join(', ') : 'no file'}`];
  options.trace?.(log[0]);
  let w: World | undefined;
  const steps = 4 + Math.floor(rand() * 25);
  try {
    const ws = await OverlayWorkspace.open(hands.storeDir, { disk: hands.disk });
    w = { hands, ws, ledger, rand, files, folders, folds, turn: new Map(SESSIONS.map(s => [s, 0])), expected: hands.snapshot(), nextRecord: 1, ids: new Map(), log, violations: [], lastLines: new Map() };
    for (let i = 0; i < steps && w.violations.length === 0; i++) {
      await step(w, options);
      // A replay shows what is staged after each step too (without looking at the disk: that would change the run).
      const world = w;
      options.trace?.(`    staged: ${listing(world).join(', ') || 'nothing'}`);
      if (options.trace && process.env.FUZZ_DUMP) dumpModel(world, options.trace);
    }
    if (w.violations.length === 0) await final(w);
  } catch (e) {
    if (e instanceof ProvenanceFailure) throw e;
    const v: Violation = { property: 'THROW', detail: `${e instanceof Error ? e.stack ?? e.message : String(e)}` };
    throw new ProvenanceFailure(seed, options.disk, log, [...(w?.violations ?? []), v]);
  } finally {
    await w?.ws.close().catch(() => undefined);
    hands.dispose();
  }
  if (w.violations.length) throw new ProvenanceFailure(seed, options.disk, log, w.violations);
  return steps;
}

// ── the steps ─────────────────────────────────────────────────────────────────────────────────────────────

async function step(w: World, options: ProvenanceOptions): Promise<void> {
  const say = (line: string) => {
    w.log.push(line);
    options.trace?.(line);
  };
  // A pending conflict is what the person turns to, often: resolutions would be rare otherwise.
  const roll = w.ws.model.conflicts().length > 0 && w.rand() < 0.3 ? 0.75 : w.rand();
  if (roll < 0.2) agentWrite(w, say);
  else if (roll < 0.26) agentDelete(w, say);
  else if (roll < 0.34) agentRename(w, say);
  else if (roll < 0.38) agentFolder(w, say);
  else if (roll < 0.41) {
    const p = pick(w, w.files);
    say(`agent reads ${rel(w, p)}`);
    readView(w, p);
  } else if (roll < 0.58) {
    personActs(w, say);
    return;
  } else if (roll < 0.65) await prune(w, say);
  else if (roll < 0.67) {
    const s = pick(w, SESSIONS);
    say(`discard session ${s}`);
    const staged = stillStaged(w, w.ledger.recordsOf(s));
    await w.ws.discardSession(s);
    w.ledger.takeOut(staged);
  } else if (roll < 0.7) discardFile(w, say);
  else if (roll < 0.78) resolve(w, say);
  else if (roll < 0.9) {
    await apply(w, say);
    return;
  } else if (roll < 0.95) {
    await undo(w, say);
    return;
  } else {
    await reopen(w, say);
  }
  touch(w, w.log[w.log.length - 1] ?? 'a step');
}

/** The agent reads a file through the overlay (as every write does first): its text, or undefined. */
function readView(w: World, p: string): string | undefined {
  let text: string;
  try {
    text = Buffer.from(w.ws.readFile(p)).toString('utf8');
  } catch (e) {
    if (e instanceof OverlayError) return undefined;
    throw e;
  }
  if (linesOf(text).length > 0) w.lastLines.set(p, tokensIn([text]));
  return text;
}

/** The lines of the file a view shows at `p`: its own, or for a file shown empty the lines it last had (`lastLines`). */
function fileLines(w: World, p: string, view: string): Set<Token> {
  const own = tokensIn([view]);
  return own.size > 0 ? own : new Set(w.lastLines.get(p) ?? []);
}

function meta(w: World, s: string): ChangeMeta {
  // Now and then the agent's turn ends and the next message begins.
  if (w.rand() < 0.3) nextTurn(w, s);
  const n = w.turn.get(s) ?? 0;
  return { sessionId: s, messageId: `m${n}`, turn: n, description: `m${n}` };
}

function nextTurn(w: World, s: string): void {
  w.turn.set(s, (w.turn.get(s) ?? 0) + 1);
}

/**
 * What the agent was told of a conflict handed back to it at `p`: the disk's version (the tools report base,
 * ours and theirs), which its next change there settles. Empty when there is no such conflict.
 */
function toldOf(w: World, p: string): string {
  const c = w.ws.model.composite(p);
  if (!c?.conflict?.delegated) return '';
  const theirs = w.ws.model.conflictDetails(p).theirs;
  return theirs === undefined ? '' : Buffer.from(theirs).toString('utf8');
}

/** Runs an agent operation; an `OverlayError` (a taken name, a missing file) means it did not happen. */
function attempt<T>(f: () => T): T | undefined {
  try {
    return f();
  } catch (e) {
    if (e instanceof OverlayError) return undefined;
    throw e;
  }
}

function agentWrite(w: World, say: (l: string) => void): void {
  const s = pick(w, SESSIONS);
  const m = meta(w, s);
  const p = pick(w, w.files);
  const view = readView(w, p);
  const told = toldOf(w, p);
  const delegated = w.ws.model.composite(p)?.conflict?.delegated === true;
  const k = w.nextRecord++;
  const fresh = () => w.ledger.token(`R${k}`);
  let lines: Token[];
  let what: string;
  if (view === undefined) {
    lines = Array.from({ length: 1 + Math.floor(w.rand() * 3) }, fresh);
    what = 'creates';
  } else {
    lines = linesOf(view);
    const at = Math.floor(w.rand() * (lines.length + 1));
    const how = w.rand();
    if (how < 0.35 || lines.length === 0) {
      lines.splice(at, 0, fresh());
      what = 'inserts into';
    } else if (how < 0.6) {
      lines.splice(Math.min(at, lines.length - 1), 1);
      what = 'deletes a line of';
    } else if (how < 0.9) {
      lines.splice(Math.min(at, lines.length - 1), 1, fresh());
      what = 'replaces a line of';
    } else {
      lines = [fresh(), fresh()];
      what = 'rewrites';
    }
  }
  say(`${s}/${m.messageId} R${k} ${what} ${rel(w, p)}: [${lines.join(' ')}]`);
  const record = attempt(() => w.ws.write(p, Buffer.from(textOf(lines)), m));
  if (record === undefined) return say('  (nothing staged)');
  w.ids.set(k, [record.id]);
  const saw = tokensIn([view ?? '', told]);
  w.ledger.agentRecord(k, s, m.messageId, saw, new Set(lines));
  if (view !== undefined) w.ledger.sameFile(fileLines(w, p, view), new Set(lines));
  if (lines.length > 0) w.lastLines.set(p, new Set(lines));
  // What it kept of the disk's lines where it saw them is the disk's content it keeps (`agentKeepsFromDisk`).
  if (view !== undefined) w.ledger.agentKeepsFromDisk(k, new Set([...onDiskWhereSeen(w, [[p, view]])].filter(t => lines.includes(t))));
  // Over a conflict handed back to it, the agent's write is its resolution: what it kept of what it was shown is its.
  if (delegated) w.ledger.agentKeeps(k, new Set(lines.filter(t => saw.has(t))));
}

function agentDelete(w: World, say: (l: string) => void): void {
  const s = pick(w, SESSIONS);
  const m = meta(w, s);
  const p = pick(w, w.files);
  const view = readView(w, p);
  if (view === undefined) return;
  const told = toldOf(w, p);
  const k = w.nextRecord++;
  say(`${s}/${m.messageId} R${k} deletes ${rel(w, p)}`);
  const records = attempt(() => w.ws.delete(p, m));
  if (records === undefined) return say('  (refused)');
  w.ids.set(k, records.map(r => r.id));
  w.ledger.agentRecord(k, s, m.messageId, tokensIn([view, told]), new Set());
}

function agentRename(w: World, say: (l: string) => void): void {
  const s = pick(w, SESSIONS);
  const m = meta(w, s);
  // A chain: the same message moves the file on again (a → b → c), one time in four.
  const hops = w.rand() < 0.25 ? 2 : 1;
  let from = pick(w, w.files);
  for (let i = 0; i < hops; i++) {
    const view = readView(w, from);
    if (view === undefined) return;
    // On a case-insensitive disk a third of the renames change only letter case.
    const twin = w.folds && w.rand() < 0.3 ? w.files.find(q => q !== from && q.toLowerCase() === from.toLowerCase()) : undefined;
    const to = twin ?? pick(w, w.files);
    const overwrite = w.rand() < 0.5;
    // What an overwrite replaces: the file at `to`, or on a case-insensitive disk the file another spelling names.
    const twinOfTo = w.folds ? w.files.find(q => q !== from && q !== to && q.toLowerCase() === to.toLowerCase()) : undefined;
    const replaced = overwrite ? readView(w, to) ?? (twinOfTo === undefined ? undefined : readView(w, twinOfTo)) : undefined;
    // What the agent was told of a conflict handed back to it at either end, overwrite or not: a rename without
    // overwrite lands where its view shows no file (the agent's side of a creation conflict there), but the tools
    // told it of the person's file, and its change there settles the conflict as a write's does (provenance seed
    // 224554: a plain rename chain landing on a handed-back d/c). On a case-insensitive disk, also at the other
    // spelling that names the same file (folding seed 16770: `d/c` → `a` over the handed-back `A`).
    const told = [toldOf(w, from), toldOf(w, to), twinOfTo === undefined ? '' : toldOf(w, twinOfTo)];
    const k = w.nextRecord++;
    say(`${s}/${m.messageId} R${k} renames ${rel(w, from)} → ${rel(w, to)}${overwrite ? ' (overwrite)' : ''}`);
    const records = attempt(() => w.ws.rename(from, to, m, { overwrite }));
    if (records === undefined) return say('  (refused)');
    w.ids.set(k, records.map(r => r.id));
    const moved = tokensIn([view]);
    w.ledger.agentRecord(k, s, m.messageId, tokensIn([view, replaced ?? '', ...told]), moved, movedFrom(w, [[from, view]]));
    const last = w.lastLines.get(from);
    if (last !== undefined) w.lastLines.set(to, last);
    w.ledger.agentCarries(k, onDiskWhereSeen(w, [[from, view]]));
    from = to;
  }
}

function agentFolder(w: World, say: (l: string) => void): void {
  const s = pick(w, SESSIONS);
  const m = meta(w, s);
  const d = pick(w, w.folders);
  const roll = w.rand();
  const k = w.nextRecord++;
  if (roll < 0.35) {
    say(`${s}/${m.messageId} R${k} makes folder ${rel(w, d)}`);
    if (attempt(() => w.ws.createDirectory(d, m)) === undefined) say('  (refused)');
  } else if (roll < 0.7) {
    const under = viewUnder(w, d);
    if (under === undefined) return;
    const told = toldUnder(w, under);
    say(`${s}/${m.messageId} R${k} deletes folder ${rel(w, d)} (recursive)`);
    const records = attempt(() => w.ws.delete(d, m, { recursive: true }));
    if (records === undefined) return say('  (refused)');
    w.ids.set(k, records.map(r => r.id));
    w.ledger.agentRecord(k, s, m.messageId, tokensIn([...under.values(), ...told]), new Set());
  } else {
    const under = viewUnder(w, d);
    if (under === undefined) return;
    const told = toldUnder(w, under);
    const to = pick(w, w.folders.filter(q => q !== d && !q.startsWith(`${d}/`)));
    say(`${s}/${m.messageId} R${k} moves folder ${rel(w, d)} → ${rel(w, to)}`);
    const records = attempt(() => w.ws.rename(d, to, m));
    if (records === undefined) return say('  (refused)');
    w.ids.set(k, records.map(r => r.id));
    const moved = tokensIn(under.values());
    w.ledger.agentRecord(k, s, m.messageId, tokensIn([...under.values(), ...told]), moved, movedFrom(w, [...under]));
    w.ledger.agentCarries(k, onDiskWhereSeen(w, [...under]));
  }
}

/**
 * What the disk has at each of a move's sources as it is staged, and the lines of the file the view showed there
 * (the oracle's MOVE).
 */
function movedFrom(w: World, sources: readonly (readonly [string, string])[]): MovedFrom[] {
  const disk = w.hands.snapshot();
  const out: MovedFrom[] = [];
  for (const [from, view] of sources) {
    const saw = fileLines(w, from, view);
    out.push({ path: from, disk: disk.get(from), saw });
    // The file it moved is also the disk's file whose person's lines it saw, wherever the disk holds them: a move
    // staged over an earlier move's destination moves that file from its home once the earlier move is taken out
    // (memory seed 207966: d/e → d/c, then d/c → b; the first taken out, b's move is of d/e's file, and a file the
    // person then put at d/e goes with it, as it would with a move staged from d/e itself).
    for (const [home, text] of disk) {
      if (home !== from && linesOf(text).some(t => authorOf(t) === 'P' && saw.has(t))) out.push({ path: home, disk: text, saw });
    }
  }
  return out;
}

/** The lines a view showed at each path that the disk has there too (`agentCarries`). */
function onDiskWhereSeen(w: World, seen: readonly (readonly [string, string])[]): Set<Token> {
  const disk = w.hands.snapshot();
  const out = new Set<Token>();
  for (const [p, text] of seen) {
    const there = new Set(linesOf(disk.get(p) ?? ''));
    for (const t of linesOf(text)) if (there.has(t)) out.add(t);
  }
  return out;
}

/**
 * What the agent was told of the conflicts handed back to it under a folder it deletes or moves: it read every file
 * there, and its delete or move is its next change at each (the model settles those conflicts by it, as for a
 * file's delete or rename, which count what they were told; provenance seeds 28531, 34850).
 */
function toldUnder(w: World, under: ReadonlyMap<string, string>): string[] {
  return [...under.keys()].map(p => toldOf(w, p));
}

/** The view's files under a folder, or undefined when the view has no such folder. */
function viewUnder(w: World, dir: string): Map<string, string> | undefined {
  try {
    if (w.ws.stat(dir).type !== 'directory') return undefined;
  } catch (e) {
    if (e instanceof OverlayError) return undefined;
    throw e;
  }
  return viewTree(w, dir);
}

/**
 * The effective view: every file the overlay shows under `dir`. Reading a staged file reconciles it first, so a
 * listing taken before the disk was looked at may name a file gone since: the walk is read again once; a file
 * the settled view lists and cannot read is a fault of its own (VIEW).
 */
function viewTree(w: World, dir = w.hands.root): Map<string, string> {
  let unreadable: string[] = [];
  const walk = (d: string, out: Map<string, string>) => {
    for (const [name, type] of w.ws.readDirectory(d)) {
      const p = path.join(d, name);
      if (type === 'directory') walk(p, out);
      else {
        const text = readView(w, p);
        if (text === undefined) unreadable.push(p);
        else out.set(p, text);
      }
    }
  };
  walk(dir, new Map());
  unreadable = [];
  const out = new Map<string, string>();
  walk(dir, out);
  if (unreadable.length) w.violations.push({ property: 'VIEW', detail: `the view lists ${unreadable.map(p => rel(w, p)).join(', ')} and cannot read it` });
  return out;
}

/** The person changes the disk (one or two acts), and the watcher reacts or not. */
function personActs(w: World, say: (l: string) => void): string[] {
  const changed: string[] = [];
  const acts = w.rand() < 0.25 ? 2 : 1;
  for (let i = 0; i < acts; i++) changed.push(...personAct(w, say));
  w.expected = w.hands.snapshot();
  if (changed.length && w.rand() < 0.5) {
    say(`  watcher reacts: ${changed.map(p => rel(w, p)).join(', ')}`);
    w.ws.reconcilePaths(changed);
  }
  touch(w, 'the watcher');
  return changed;
}

function personAct(w: World, say: (l: string) => void): string[] {
  const roll = w.rand();
  const disk = w.hands.snapshot();
  const onDisk = (p: string) => [...disk.keys()].find(q => (w.folds ? q.toLowerCase() === p.toLowerCase() : q === p));
  const p = pick(w, w.files);
  const there = onDisk(p);
  if (roll < 0.5 && there !== undefined) {
    const lines = linesOf(disk.get(there) ?? '');
    const at = Math.floor(w.rand() * (lines.length + 1));
    const how = w.rand();
    if (how < 0.45 || lines.length === 0) lines.splice(at, 0, w.ledger.token('P'));
    else if (how < 0.7) lines.splice(Math.min(at, lines.length - 1), 1);
    else lines.splice(Math.min(at, lines.length - 1), 1, w.ledger.token('P'));
    say(`person edits ${rel(w, p)} on disk: [${lines.join(' ')}]`);
    w.hands.write(p, textOf(lines));
    return [there];
  }
  if (roll < 0.65 && there === undefined) {
    const lines = Array.from({ length: 1 + Math.floor(w.rand() * 3) }, () => w.ledger.token('P'));
    say(`person creates ${rel(w, p)} on disk: [${lines.join(' ')}]`);
    if (!w.hands.write(p, textOf(lines))) say('  (a folder is in the way)');
    return [p];
  }
  if (roll < 0.75 && there !== undefined) {
    say(`person deletes ${rel(w, p)} on disk`);
    w.hands.remove(p);
    return [there];
  }
  if (roll < 0.9 && there !== undefined) {
    const to = pick(w, w.files);
    say(`person renames ${rel(w, p)} → ${rel(w, to)} on disk`);
    if (!w.hands.move(p, to)) say('  (not possible)');
    return [there, to];
  }
  const d = pick(w, w.folders);
  if (w.rand() < 0.5) {
    say(`person makes folder ${rel(w, d)} on disk`);
    if (!w.hands.mkdir(d)) say('  (not possible)');
  } else {
    say(`person removes folder ${rel(w, d)} on disk`);
    if (!w.hands.rmdir(d)) say('  (not empty, or none)');
  }
  return [d];
}

/**
 * A message deleted in the chat (`forgetMessage`, as the chat and notebook adapters call it: with its session, or
 * without, a notebook cell's id in every session), or a message's staged changes discarded (the discard tool's
 * `discardMessage`), which leaves what was applied on disk and, when a change of it was still staged, takes it out
 * whole: Undo does not stage it again.
 */
async function prune(w: World, say: (l: string) => void): Promise<void> {
  const s = pick(w, SESSIONS);
  const n = Math.floor(w.rand() * ((w.turn.get(s) ?? 0) + 1));
  const m = `m${n}`;
  const roll = w.rand();
  if (roll < 0.2) {
    say(`message ${m} deleted (every session)`);
    await w.ws.forgetMessage(m);
    w.ledger.takeOutMessage(m);
    for (const x of SESSIONS) if (w.turn.get(x) === n) nextTurn(w, x);
  } else if (roll < 0.75) {
    say(`message ${s}/${m} deleted`);
    await w.ws.forgetMessage(m, s);
    w.ledger.takeOutMessage(m, s);
    if (w.turn.get(s) === n) nextTurn(w, s);
  } else {
    say(`the staged changes of ${s}/${m} discarded`);
    const staged = stillStaged(w, w.ledger.recordsOf(s, m));
    await w.ws.discardMessage(m, s);
    w.ledger.takeOut(staged);
  }
}

/** The agent records with a change still staged (an applied one is not; one Undo staged again has a new id). */
function stillStaged(w: World, ks: readonly number[]): number[] {
  return ks.filter(k => (w.ids.get(k) ?? []).some(id => w.ws.model.record(id) !== undefined));
}

/** The person discards one listed file: they chose the disk's version there (and at a rename's origin). */
function discardFile(w: World, say: (l: string) => void): void {
  const listed = w.ws.model.composites();
  if (listed.length === 0) return;
  const c = pick(w, listed);
  const disk = w.hands.snapshot();
  const paths = [c.path, ...(c.fromPath !== undefined ? [c.fromPath] : [])];
  // At the rename's origin the person turns down only the move: a change listed there of its own (a file the agent
  // wrote at the origin after moving the old one away) is not what they discarded, and its lines, which the view
  // keeps showing there, are not rejected (provenance seed 183123: the origin's create came back as the agent's
  // side of a conflict with the file sent home, the agent settled it, and Apply's write read as a leak).
  const listedOfItsOwn = (p: string) => p !== c.path && listed.some(x => x.path === p);
  const shownView = paths.map(p => (listedOfItsOwn(p) ? '' : readView(w, p) ?? ''));
  const shownDisk = paths.map(p => disk.get(p) ?? '');
  say(`person discards ${rel(w, c.path)}${c.fromPath ? ` (renamed from ${rel(w, c.fromPath)})` : ''}`);
  w.ws.model.discardPaths([c.path]);
  w.ledger.personChoice(tokensIn([...shownView, ...shownDisk]), tokensIn(shownDisk), tokensIn(disk), paths);
}

/** The person settles a conflict: accept the agent's version, the disk's, merge by hand, or hand it back. */
function resolve(w: World, say: (l: string) => void): void {
  const conflicts = w.ws.model.conflicts();
  if (conflicts.length === 0) return;
  const p = pick(w, conflicts).path;
  const details = w.ws.model.conflictDetails(p);
  const text = (b: Uint8Array | undefined) => (b === undefined ? '' : Buffer.from(b).toString('utf8'));
  const ours = linesOf(text(details.ours));
  const theirs = linesOf(text(details.theirs));
  const disk = w.hands.snapshot();
  const shown = tokensIn([text(details.ours), text(details.theirs), disk.get(p) ?? '']);
  const onDisk = tokensIn(disk);
  const how = w.rand();
  if (how < 0.15) {
    say(`person hands the conflict at ${rel(w, p)} back to the agent`);
    w.ws.model.resolve(p, { kind: 'delegate' });
  } else if (how < 0.45) {
    say(`person accepts the agent's version at ${rel(w, p)}: [${ours.join(' ')}]`);
    w.ws.model.resolve(p, { kind: 'acceptAgent' });
    w.ledger.personChoice(shown, new Set(ours), onDisk, [p]);
  } else if (how < 0.7) {
    say(`person accepts the disk's version at ${rel(w, p)}: [${theirs.join(' ')}]`);
    w.ws.model.resolve(p, { kind: 'acceptDisk' });
    // Over a disk conflict their side is the disk's file. Over a conflict a prune left, their side is what the
    // path shows without the change that no longer applies (the surviving records' result, which may already
    // remove a disk line a live record saw): the person chose between the two sides shown, and a disk line on
    // neither is not theirs to keep or remove by this choice (provenance seeds 13459, 11434).
    if (details.origin === 'disk') w.ledger.personChoice(shown, tokensIn([text(details.theirs), disk.get(p) ?? '']), onDisk, [p]);
    else w.ledger.personChoice(tokensIn([text(details.ours), text(details.theirs)]), tokensIn([text(details.theirs)]), onDisk, [p]);
  } else {
    // A hand-merged text: some lines of both sides, in order, maybe a line of the person's own; now and then
    // "no file". The person does not keep a line of a message deleted already (the view should not show one).
    const union = [...ours, ...theirs.filter(t => !ours.includes(t))];
    const keep = union.filter(t => w.rand() < 0.7 && keepable(w, t));
    if (w.rand() < 0.5) keep.splice(Math.floor(w.rand() * (keep.length + 1)), 0, w.ledger.token('P'));
    const none = w.rand() < 0.1;
    say(`person merges ${rel(w, p)} by hand: ${none ? 'no file' : `[${keep.join(' ')}]`}`);
    // Refused means it threw (`resolveManually` returns nothing): a merge that took effect is the person's choice
    // even if the model still lists a conflict there (provenance seeds 192404, 333555).
    const done = attempt(() => { w.ws.model.resolveManually(p, none ? undefined : Buffer.from(textOf(keep))); return true; });
    if (done === undefined) return say('  (refused)');
    // Lines kept from the other side only, which the path showed neither as its own nor on disk: the merge copied them here.
    const own = tokensIn([text(details.ours), disk.get(p) ?? '']);
    const brought = new Set(keep.filter(t => theirs.includes(t) && !own.has(t)));
    w.ledger.personChoice(shown, none ? new Set() : new Set(keep), onDisk, [p], none ? new Set() : brought);
  }
}

function keepable(w: World, t: Token): boolean {
  const m = /^R(\d+)#/.exec(t);
  return m === null || w.ledger.isLive(Number(m[1]));
}

/**
 * The person applies: after a review (the view read whole, as the Source Control diffs show it) or straight
 * away, everything or a part, sometimes changing the disk between the review and the Apply.
 */
async function apply(w: World, say: (l: string) => void): Promise<void> {
  const partial = w.rand() < 0.35;
  const review = partial || w.rand() < 0.7 ? viewTree(w) : undefined;
  if (review) say('person reviews the view');
  touch(w, 'the review');
  const changedSince = new Set<string>();
  if (review && w.rand() < 0.25) {
    const before = w.hands.snapshot();
    for (const p of personActs(w, say)) changedSince.add(fold(w, p));
    // What the person's act touched, token by token (a rename's group shares them with its other path).
    const after = w.hands.snapshot();
    for (const [p, t] of [...before, ...after]) if (before.get(p) !== after.get(p)) for (const x of linesOf(t)) changedSince.add(x);
  }
  const listed = w.ws.composites().map(c => c.path);
  const selection = partial ? listed.filter(() => w.rand() < 0.5) : undefined;
  if (partial && selection?.length === 0) return;
  say(`person applies ${selection ? selection.map(p => rel(w, p)).join(', ') : 'everything'}`);
  const before = w.hands.snapshot();
  const result = await w.ws.apply({ ...(selection ? { paths: selection } : {}), roots: [w.hands.root] });
  const after = w.hands.snapshot();
  const refused = new Set(result.refused.flatMap(r => [...r.paths, r.path]).map(p => fold(w, p)));
  const applied = new Set(result.applied.map(p => fold(w, p)));
  // On a case-insensitive disk two spellings are one file: one applied, the other's group refused, the file was
  // changed by the Apply, and it must show what the review showed (WYSIWYG still catches a wrong change there).
  // When the Apply left that file as it was, the applied spelling is a name that a rename chain only passed through
  // (moved on or deleted again: nothing staged there to write), and the file is the refused spelling's: it keeps the
  // disk's text (provenance folding seeds 8632, 9359).
  const [foldedBefore, foldedAfter] = [before, after].map(t => foldTree(w, t));
  for (const p of [...applied]) {
    if (!refused.has(p)) continue;
    if (foldedBefore.get(p) !== foldedAfter.get(p)) refused.delete(p);
    else applied.delete(p);
  }
  say(`  applied [${result.applied.map(p => rel(w, p)).join(', ')}], refused [${result.refused.map(r => `${rel(w, r.path)} ${r.reason}`).join(', ')}]`);
  w.violations.push(...w.ledger.checkApply(before, after, result.applied.length > 0));
  if (review) {
    const [r, b, a] = [review, before, after].map(t => foldTree(w, t));
    const viewAfter = selection === undefined ? new Map<string, string>() : foldTree(w, viewTree(w));
    // What the person changed since the review shows wherever the view takes it (a rename's destination too).
    const touched = (p: string) => changedSince.has(p) || [r.get(p), b.get(p), a.get(p), viewAfter.get(p)].some(t => t !== undefined && linesOf(t).some(x => changedSince.has(x)));
    if (selection === undefined) w.violations.push(...checkWysiwyg(r, b, a, p => refused.has(p), touched));
    else w.violations.push(...checkSide(r, viewAfter, b, a, p => applied.has(p), touched));
  }
  w.expected = after;
}

async function undo(w: World, say: (l: string) => void): Promise<void> {
  say('person undoes the last apply');
  const before = w.hands.snapshot();
  const result = await w.ws.undoLastApply();
  const after = w.hands.snapshot();
  say(`  restored [${result.restored.map(p => rel(w, p)).join(', ')}], refused [${result.refused.map(p => rel(w, p)).join(', ')}], restaged [${result.restaged.map(p => rel(w, p)).join(', ')}]`);
  w.violations.push(...w.ledger.checkUndo(before, after));
  w.expected = after;
}

function listing(w: World): string[] {
  return w.ws.composites().map(c => `${rel(w, c.path)} ${c.kind}${c.fromPath ? ` from ${rel(w, c.fromPath)}` : ''}${c.conflict ? ' (conflict)' : ''}`).sort();
}

async function reopen(w: World, say: (l: string) => void): Promise<void> {
  say('VS Code closes and reopens');
  // What the overlay shows once it has looked at the disk (as the watcher would have): opening looks at all of it.
  w.ws.model.reconcileAll(w.ws.disk);
  const view = viewTree(w);
  const listed = listing(w);
  await w.ws.close();
  w.ws = await OverlayWorkspace.open(w.hands.storeDir, { disk: w.hands.disk });
  w.violations.push(...checkReopen(view, viewTree(w), listed, listing(w)));
}

/** Every message of every session deleted, and the person's own resolutions discarded: the view is the disk, nothing staged. */
async function final(w: World): Promise<void> {
  w.log.push('every message deleted');
  for (const s of SESSIONS) {
    for (let n = 0; n <= (w.turn.get(s) ?? 0); n++) {
      await w.ws.forgetMessage(`m${n}`, s);
      w.ledger.takeOutMessage(`m${n}`, s);
    }
  }
  // A person's resolution is theirs and no chat prune takes it out (issue 23 case 5): the person discards it too.
  w.ws.model.discardSession(PERSON_SESSION_ID);
  touch(w, 'pruning everything');
  w.violations.push(...checkFinal(viewTree(w), w.hands.snapshot(), listing(w)));
}

function touch(w: World, what: string): void {
  w.violations.push(...checkTouch(w.expected, w.hands.snapshot(), what));
}

// ── helpers ───────────────────────────────────────────────────────────────────────────────────────────────

function pick<T>(w: World, xs: readonly T[]): T {
  return xs[Math.floor(w.rand() * xs.length)];
}

function rel(w: World, p: string): string {
  return path.relative(w.hands.root, p) || '.';
}

/** On a case-insensitive disk, one key per file whatever its spelling. */
function fold(w: World, p: string): string {
  return w.folds ? p.toLowerCase() : p;
}

function foldTree(w: World, t: Tree): Tree {
  return w.folds ? new Map([...t].map(([p, x]) => [p.toLowerCase(), x])) : t;
}

/** FUZZ_DUMP=1 with a replay: the model's records and entries after each step (a debugging aid). */
function dumpModel(w: World, trace: (line: string) => void): void {
  const snap = w.ws.model.snapshot();
  const text = (ref: string | null | undefined) => (ref === undefined ? '-' : ref === null ? 'none' : `[${linesOf(Buffer.from(w.ws.model.store.get(ref)).toString('utf8')).join(' ')}]`);
  const short = (id: string) => id.slice(0, 4);
  for (const r of snap.records) {
    trace(`      rec ${short(r.id)} ${r.sessionId}/${r.messageId} ${r.operation} ${r.fromPath !== undefined ? `${rel(w, r.fromPath)}→` : ''}${rel(w, r.path)} ${text(r.before)} → ${text(r.after)}${r.replaces !== undefined ? ` replaces ${text(r.replaces)}` : ''}${r.settled ? ` settled ${r.settled.length}` : ''}${r.vacated === true ? ' vacated' : ''}`);
  }
  for (const e of snap.entries) {
    const st = e.state as unknown as Record<string, string | null | undefined>;
    trace(`      ent ${rel(w, e.path)} ${e.state.kind} base ${text(st.base)} after ${text(st.after)}${e.movedFrom !== undefined ? ` from ${rel(w, e.movedFrom)}` : ''}${e.movedTo !== undefined ? ` to ${rel(w, e.movedTo)}` : ''}${e.fresh ? ' fresh' : ''} recs ${e.recordIds.map(short).join(',')}${e.conflict ? ` CONFLICT ${e.conflict.origin}/${e.conflict.kind} theirs ${text(e.conflict.theirs)} base ${text(e.conflict.base)}${e.conflict.diskPath !== undefined ? ` diskPath ${rel(w, e.conflict.diskPath)}` : ''}` : ''}`);
  }
}
