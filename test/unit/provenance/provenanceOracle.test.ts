import * as assert from 'assert';
import { ProvenanceLedger, checkFinal, checkReopen, checkSide, checkTouch, checkWysiwyg, textOf, type Tree } from './provenanceOracle';

const tree = (entries: Record<string, string[]>): Tree => new Map(Object.entries(entries).map(([p, ts]) => [p, textOf(ts)]));
const props = (vs: readonly { property: string }[]) => vs.map(v => v.property);

/** The oracle can fail: each property, on a made-up step that breaks it, and stays quiet on its lawful twin. */
describe('provenance oracle', () => {
  it('LOSS: an Apply removing a line no live record saw and removed is a loss; the record that removed it excuses it', () => {
    const l = new ProvenanceLedger();
    const [p0, p1] = [l.token('P'), l.token('P')];
    const disk = tree({ '/w/x': [p0, p1] });
    assert.deepStrictEqual(props(l.checkApply(disk, tree({ '/w/x': [p0] }), true)), ['LOSS']);
    l.agentRecord(1, 's1', 'm1', new Set([p0, p1]), new Set([p0]));
    assert.deepStrictEqual(l.checkApply(disk, tree({ '/w/x': [p0] }), true), []);
    // A rename moves lines: nothing is lost.
    assert.deepStrictEqual(l.checkApply(disk, tree({ '/w/y': [p0, p1] }), true), []);
  });

  it('LOSS: a removal excused by a record is not excused once its message, or its session, is taken out', () => {
    const l = new ProvenanceLedger();
    const [p0, p1] = [l.token('P'), l.token('P')];
    const disk = tree({ '/w/x': [p0, p1] });
    l.agentRecord(1, 's1', 'm1', new Set([p0, p1]), new Set());
    l.agentRecord(2, 's2', 'm1', new Set([p1]), new Set());
    l.takeOutMessage('m1', 's1');
    assert.deepStrictEqual(l.checkApply(disk, tree({ '/w/x': [p0] }), true), [], 's2/m1 removed p1');
    assert.deepStrictEqual(props(l.checkApply(disk, tree({}), true)), ['LOSS'], 'nobody live removed p0');
    l.takeOutSession('s2');
    assert.deepStrictEqual(props(l.checkApply(disk, tree({ '/w/x': [p0] }), true)), ['LOSS']);
  });

  it('LOSS: Undo removes only what the apply it undoes put there', () => {
    const l = new ProvenanceLedger();
    const p0 = l.token('P');
    l.agentRecord(1, 's1', 'm1', new Set(), new Set(['R1#9']));
    assert.deepStrictEqual(l.checkApply(tree({ '/w/x': [p0] }), tree({ '/w/x': [p0, 'R1#9'] }), true), []);
    assert.deepStrictEqual(l.checkUndo(tree({ '/w/x': [p0, 'R1#9'] }), tree({ '/w/x': [p0] })), []);
    // The person added a line after the apply: an Undo taking it away loses it.
    assert.deepStrictEqual(l.checkApply(tree({ '/w/x': [p0] }), tree({ '/w/x': [p0, 'R1#9'] }), true), []);
    const p1 = l.token('P');
    assert.deepStrictEqual(props(l.checkUndo(tree({ '/w/x': [p0, 'R1#9', p1] }), tree({ '/w/x': [p0] }))), ['LOSS']);
  });

  it('LOSS: Undo may remove a line its Apply wrote at a path, also one a disk copy elsewhere had, but not one the Apply moved (seeds 33200, 35851)', () => {
    const l = new ProvenanceLedger();
    const p0 = l.token('P');
    const p1 = l.token('P');
    // The person's move copied p0 to /w/a; the Apply writes it at /w/h too; the person then overwrites /w/a.
    assert.deepStrictEqual(l.checkApply(tree({ '/w/a': [p0] }), tree({ '/w/a': [p0], '/w/h': [p0] }), true), []);
    assert.deepStrictEqual(l.checkUndo(tree({ '/w/a': [p1], '/w/h': [p0] }), tree({ '/w/a': [p1] })), [], 'Undo takes back what the Apply wrote at /w/h');
    // An Apply that moved p0 (/w/a → /w/h, a rename that saw it): an Undo that drops it instead of putting it back loses it.
    l.agentRecord(2, 's1', 'm1', new Set([p0]), new Set([p0]));
    assert.deepStrictEqual(l.checkApply(tree({ '/w/a': [p0] }), tree({ '/w/h': [p0] }), true), []);
    assert.deepStrictEqual(props(l.checkUndo(tree({ '/w/h': [p0] }), tree({}))), ['LOSS']);
  });

  it('MOVE: an Apply moving a person\'s file that no live record saw is a move of a file nobody asked to move; a live record that saw a line of it, or the person\'s choice, excuses it', () => {
    const l = new ProvenanceLedger();
    const [p0, p1] = [l.token('P'), l.token('P')];
    const r1 = l.token('R1');
    const disk = tree({ '/w/a': [p0, p1] });
    // Seed 543's outcome: the rename saw only the agent's file at a (r1), and the person's file went to b.
    l.agentRecord(1, 's1', 'm1', new Set([r1]), new Set([r1]));
    assert.deepStrictEqual(props(l.checkApply(disk, tree({ '/w/b': [p0, p1] }), true)), ['MOVE']);
    // Not a move: the file stays (an Apply that writes beside it), or nothing of it is left elsewhere (LOSS's case).
    assert.deepStrictEqual(l.checkApply(disk, tree({ '/w/a': [p0, p1], '/w/b': [r1] }), true), []);
    // A record that saw the file (one line of it: the person's edits since move with it), while it is live.
    const p2 = l.token('P');
    l.agentRecord(2, 's2', 'm1', new Set([p0]), new Set([p0]));
    assert.deepStrictEqual(l.checkApply(tree({ '/w/a': [p0, p2] }), tree({ '/w/b': [p0, p2] }), true), []);
    l.takeOutMessage('m1', 's2');
    assert.deepStrictEqual(props(l.checkApply(tree({ '/w/a': [p0, p2] }), tree({ '/w/b': [p0, p2] }), true)), ['MOVE']);
    // A record that saw an agent's rewrite of the file saw the file (the rewrite taken out or not): memory seed 14698.
    const [q0, q1] = [l.token('P'), l.token('P')];
    const r4 = l.token('R4');
    l.agentRecord(4, 's4', 'm1', new Set([q0, q1]), new Set([r4]));
    l.agentRecord(5, 's4', 'm2', new Set([r4]), new Set([r4]));
    l.takeOutMessage('m1', 's4');
    assert.deepStrictEqual(props(l.checkApply(tree({ '/w/e': [q0, q1] }), tree({ '/w/f': [q0, q1] }), true)), ['MOVE'], 'no write said r4 is of that file');
    l.sameFile(new Set([q0, q1]), new Set([r4]));
    assert.deepStrictEqual(l.checkApply(tree({ '/w/e': [q0, q1] }), tree({ '/w/f': [q0, q1] }), true), []);
    // A live move from a whose file the person has replaced since (the disk there is not what it was): the move
    // carries the person's change, as a rename does. Unchanged since, it is the move of a file it never saw.
    const p3 = l.token('P');
    l.agentRecord(3, 's3', 'm1', new Set([r1]), new Set([r1]), [{ path: '/w/a', disk: textOf([p0, p2]) }]);
    assert.deepStrictEqual(l.checkApply(tree({ '/w/a': [p3] }), tree({ '/w/b': [p3] }), true), []);
    assert.deepStrictEqual(props(l.checkApply(tree({ '/w/a': [p0, p2] }), tree({ '/w/b': [p0, p2] }), true)), ['MOVE']);
  });

  it('LEAK: an Apply writing a line of a taken-out record, a rejected line, or a line nobody wrote', () => {
    const l = new ProvenanceLedger();
    const r1 = l.token('R1');
    const r2 = l.token('R2');
    l.agentRecord(1, 's1', 'm1', new Set(), new Set([r1]));
    l.agentRecord(2, 's1', 'm2', new Set(), new Set([r2]));
    assert.deepStrictEqual(l.checkApply(tree({}), tree({ '/w/x': [r1] }), true), []);
    l.takeOutMessage('m1', 's1');
    assert.deepStrictEqual(props(l.checkApply(tree({}), tree({ '/w/x': [r1] }), true)), ['LEAK']);
    // The person discards the file showing r2 and chooses the disk (empty): r2 is rejected.
    l.personChoice(new Set([r2]), new Set(), new Set(), ['/w/x']);
    assert.deepStrictEqual(props(l.checkApply(tree({}), tree({ '/w/x': [r2] }), true)), ['LEAK']);
    assert.deepStrictEqual(props(l.checkApply(tree({}), tree({ '/w/x': ['<<<<<<< ours'] }), true)), ['LEAK']);
  });

  it('a line the person adopted at one path and rejected at another (a disk move copied it) may be written where it was adopted only', () => {
    const l = new ProvenanceLedger();
    const [p0, r1] = [l.token('P'), l.token('R1')];
    l.agentRecord(1, 's1', 'm1', new Set([p0]), new Set([p0, r1]));
    // The person moved b's file to d/e on disk; a rename carried it on to h. Accept agent at b keeps [p0 r1]…
    l.personChoice(new Set([p0, r1]), new Set([p0, r1]), new Set(), ['/w/b']);
    // …then discards h (renamed from d/e), which showed p0 too: the disk there has neither.
    l.personChoice(new Set([p0]), new Set(), new Set(), ['/w/h', '/w/d/e']);
    assert.deepStrictEqual(l.checkApply(tree({}), tree({ '/w/b': [p0, r1] }), true), []);
    assert.deepStrictEqual(props(l.checkApply(tree({}), tree({ '/w/h': [p0] }), true)), ['LEAK']);
    // A rejection made where the line was adopted takes the adoption back, wherever the line is written.
    l.personChoice(new Set([p0, r1]), new Set([r1]), new Set(), ['/w/b']);
    assert.deepStrictEqual(props(l.checkApply(tree({}), tree({ '/w/z': [p0] }), true)), ['LEAK']);
  });

  it('a line adopted at one path, then at another, and rejected at the second, may still be written at the first (seed 1158760)', () => {
    const l = new ProvenanceLedger();
    const [p5, p6, r8] = [l.token('P'), l.token('P'), l.token('R1')];
    l.agentRecord(1, 's1', 'm1', new Set(), new Set([r8]));
    // The agent moved d/f/g to k/l/g, the person moved it to b on disk. Accept agent at k/l/g keeps [p5 p6]…
    l.personChoice(new Set([p5, p6]), new Set([p5, p6]), new Set([p5, p6]), ['/w/k/l/g']);
    // …a hand merge at b keeps p6 (and r8)…
    l.personChoice(new Set([p5, p6, r8]), new Set([r8, p6]), new Set([p5, p6]), ['/w/b']);
    // …and, b deleted on disk, "Accept disk" at b turns p6 down there.
    l.personChoice(new Set([r8, p6]), new Set(), new Set(), ['/w/b']);
    assert.deepStrictEqual(l.checkApply(tree({}), tree({ '/w/k/l/g': [p5, p6] }), true), []);
    assert.deepStrictEqual(props(l.checkApply(tree({}), tree({ '/w/b': [p6] }), true)), ['LEAK']);
    // Equally strict where the person took every adoption back: rejected where it was adopted, then elsewhere.
    const m = new ProvenanceLedger();
    const q = m.token('P');
    m.personChoice(new Set([q]), new Set([q]), new Set(), ['/w/x']);
    m.personChoice(new Set([q]), new Set(), new Set(), ['/w/x']);
    m.personChoice(new Set([q]), new Set(), new Set(), ['/w/y']);
    assert.deepStrictEqual(props(m.checkApply(tree({}), tree({ '/w/z': [q] }), true)), ['LEAK']);
  });

  it('a line the person\'s hand merge copied to a path from the conflict\'s other side, then rejected there, may still be written where its live record has it (seed 308052)', () => {
    const l = new ProvenanceLedger();
    const [p2, p3, r4] = [l.token('P'), l.token('P'), l.token('R1')];
    l.agentRecord(1, 's2', 'm1', new Set(), new Set([r4]));
    // A conflict at d/c (its own side [p2 p3], the moved d/e) about the overwrite of h showed h's r4 as its other side:
    // the person's hand merge keeps r4 in d/c, a copy of theirs…
    l.personChoice(new Set([p2, p3, r4]), new Set([p3, r4]), new Set([p2, p3]), ['/w/d/c'], new Set([r4]));
    // …then "Accept disk" at d/c (the person's new file there) turns the merge down.
    const p10 = l.token('P');
    l.personChoice(new Set([p3, r4, p10]), new Set([p10]), new Set([p2, p3, p10]), ['/w/d/c']);
    assert.deepStrictEqual(l.checkApply(tree({}), tree({ '/w/h': [r4] }), true), [], 'the agent\'s h, which no choice was about');
    assert.deepStrictEqual(props(l.checkApply(tree({}), tree({ '/w/d/c': [r4] }), true)), ['LEAK'], 'never at d/c, where it was turned down');
    // Equally strict for a line the path showed as its own: kept by the merge, then turned down there, it is rejected everywhere.
    const m = new ProvenanceLedger();
    const [q2, q4] = [m.token('P'), m.token('R1')];
    m.agentRecord(1, 's2', 'm1', new Set(), new Set([q4]));
    m.personChoice(new Set([q2, q4]), new Set([q4]), new Set([q2]), ['/w/d/c'], new Set());
    m.personChoice(new Set([q4]), new Set(), new Set([q2]), ['/w/d/c']);
    assert.deepStrictEqual(props(m.checkApply(tree({}), tree({ '/w/h': [q4] }), true)), ['LEAK']);
    // And for a line never adopted: a rejection of a shown line holds everywhere.
    const n = new ProvenanceLedger();
    const s4 = n.token('R1');
    n.agentRecord(1, 's2', 'm1', new Set(), new Set([s4]));
    n.personChoice(new Set([s4]), new Set(), new Set(), ['/w/d/c']);
    assert.deepStrictEqual(props(n.checkApply(tree({}), tree({ '/w/h': [s4] }), true)), ['LEAK']);
  });

  it('an agent resolving a conflict handed back to it keeps a line it was shown: the line is its own, live while it is', () => {
    const l = new ProvenanceLedger();
    const r1 = l.token('R1');
    l.agentRecord(1, 's1', 'm1', new Set(), new Set([r1]));
    l.takeOutMessage('m1', 's1');
    // Record 2 resolved the delegated conflict whose agent side still showed r1, and kept it.
    l.agentRecord(2, 's1', 'm2', new Set([r1]), new Set([r1]));
    l.agentKeeps(2, new Set([r1]));
    assert.deepStrictEqual(l.checkApply(tree({}), tree({ '/w/x': [r1] }), true), []);
    l.takeOutMessage('m2', 's1');
    assert.deepStrictEqual(props(l.checkApply(tree({}), tree({ '/w/x': [r1] }), true)), ['LEAK']);
  });

  it('a live record\'s move carries a line of a message deleted after its Apply that it saw on disk: writing it where it moved it is no leak (seed 61898)', () => {
    const l = new ProvenanceLedger();
    const [p0, r1] = [l.token('P'), l.token('R1')];
    l.agentRecord(1, 's1', 'm1', new Set([p0]), new Set([p0, r1]));
    // Applied: d/c is [p0 r1] on disk. m1 is deleted; record 2 moves folder d → k/l, d/c's disk lines with it.
    assert.deepStrictEqual(l.checkApply(tree({ '/w/d/c': [p0] }), tree({ '/w/d/c': [p0, r1] }), true), []);
    l.takeOutMessage('m1', 's1');
    l.agentRecord(2, 's2', 'm1', new Set([p0, r1]), new Set([p0, r1]));
    // The person deleted d/c on disk; Accept agent at k/l/c writes what record 2 moved there.
    const written = (): string[] => props(l.checkApply(tree({}), tree({ '/w/k/l/c': [p0, r1] }), true));
    assert.deepStrictEqual(written(), ['LEAK'], 'a move alone does not make the line the mover\'s');
    l.agentCarries(2, new Set([p0, r1]));
    assert.deepStrictEqual(written(), []);
    l.takeOutMessage('m1', 's2');
    assert.deepStrictEqual(written(), ['LEAK'], 'the carried line is live while the record that carried it is');
  });

  it('prov-accept3: a live record\'s write keeps a line of a message deleted after its Apply that it saw on disk: writing it back is no leak, until an Undo takes it off the disk (seeds 121860, 198789)', () => {
    const l = new ProvenanceLedger();
    const [p0, r1] = [l.token('P'), l.token('R1')];
    l.agentRecord(1, 's1', 'm1', new Set([p0]), new Set([p0, r1]));
    // Applied: h is [p0 r1] on disk, then m1 is deleted; record 2 deletes p0 and keeps r1, the disk's line then.
    assert.deepStrictEqual(l.checkApply(tree({ '/w/h': [p0] }), tree({ '/w/h': [p0, r1] }), true), []);
    l.takeOutMessage('m1', 's1');
    l.agentRecord(2, 's2', 'm1', new Set([p0, r1]), new Set([r1]));
    // The person edits r1 out on disk, or deletes h; Accept agent (the conflict showed [r1]) writes it back.
    const written = (): string[] => props(l.checkApply(tree({}), tree({ '/w/h': [r1] }), true));
    assert.deepStrictEqual(written(), ['LEAK'], 'a write that kept the line alone does not excuse it');
    l.agentKeepsFromDisk(2, new Set([r1]));
    assert.deepStrictEqual(written(), [], 'the disk\'s line record 2 kept, written back by the person\'s acceptance');
    // An Undo that takes r1 off the disk takes back what made it the disk's.
    assert.deepStrictEqual(l.checkUndo(tree({ '/w/h': [r1] }), tree({})), []);
    assert.deepStrictEqual(written(), ['LEAK'], 'after the Undo, record 2 keeping it excuses nothing');
    const l2 = new ProvenanceLedger();
    l2.agentRecord(1, 's1', 'm1', new Set(), new Set([r1]));
    l2.takeOutMessage('m1', 's1');
    l2.agentRecord(2, 's2', 'm1', new Set([r1]), new Set([r1]));
    l2.agentKeepsFromDisk(2, new Set([r1]));
    l2.takeOutMessage('m1', 's2');
    assert.deepStrictEqual(props(l2.checkApply(tree({}), tree({ '/w/h': [r1] }), true)), ['LEAK'], 'live while the record that kept it is');
  });

  it('prov-undo: a line an Apply made the disk\'s is the person\'s to keep after its message is deleted, unless an Undo took it back or it never reached the disk (seed 942402)', () => {
    // Record 1 (m0) creates a, applied: [r1 r2] on disk. The person deletes a on disk; m0 is deleted; record 2 (m1)
    // had added r3 to what it saw on disk. "Accept agent" at the deletion conflict keeps [r1 r2 r3]; m1 is then
    // discarded, and Apply writes what the person's acceptance restored, [r1 r2].
    const run = (undone: boolean, applied = true): string[] => {
      const l = new ProvenanceLedger();
      const [r1, r2] = [l.token('R1'), l.token('R1')];
      const r3 = l.token('R2');
      l.agentRecord(1, 's1', 'm0', new Set(), new Set([r1, r2]));
      if (applied) assert.deepStrictEqual(l.checkApply(tree({}), tree({ '/w/a': [r1, r2] }), true), []);
      if (undone) assert.deepStrictEqual(l.checkUndo(tree({ '/w/a': [r1, r2] }), tree({})), []);
      l.takeOutMessage('m0');
      l.agentRecord(2, 's1', 'm1', new Set([r1, r2]), new Set([r1, r2, r3]));
      if (applied && !undone) l.agentKeepsFromDisk(2, new Set([r1, r2]));
      l.personChoice(new Set([r1, r2, r3]), new Set([r1, r2, r3]), new Set(), ['/w/a']);
      l.takeOut([2]);
      return props(l.checkApply(tree({}), tree({ '/w/a': [r1, r2] }), true));
    };
    assert.deepStrictEqual(run(false), [], 'the disk\'s lines, which the person accepted back');
    assert.deepStrictEqual(run(true), ['LEAK', 'LEAK'], 'an Undo took them off the disk before: a taken-out record\'s lines again');
    assert.deepStrictEqual(run(false, false), ['LEAK', 'LEAK'], 'never applied: the view showing them is no reason to keep them');
  });

  it('a person\'s resolution is theirs: a line it kept stays theirs through a prune, a disk line it dropped is theirs to remove', () => {
    const l = new ProvenanceLedger();
    const [p0, u] = [l.token('P'), l.token('P')];
    const r1 = l.token('R1');
    l.agentRecord(1, 's1', 'm1', new Set([p0]), new Set([p0, r1]));
    // A hand merge of ours [p0 r1] and theirs [p0 u] keeping r1 and dropping u (on disk).
    l.personChoice(new Set([p0, r1, u]), new Set([p0, r1]), new Set([p0, u]), ['/w/x']);
    l.takeOutMessage('m1', 's1');
    assert.deepStrictEqual(l.checkApply(tree({ '/w/x': [p0, u] }), tree({ '/w/x': [p0, r1] }), true), []);
    // …but a line the person kept on disk is not removed by an older record's say-so.
    const l2 = new ProvenanceLedger();
    const [q0, q1] = [l2.token('P'), l2.token('P')];
    l2.agentRecord(1, 's1', 'm1', new Set([q0, q1]), new Set([q1]));
    l2.personChoice(new Set([q0, q1]), new Set([q0, q1]), new Set([q0, q1]), ['/w/x']);
    assert.deepStrictEqual(props(l2.checkApply(tree({ '/w/x': [q0, q1] }), tree({ '/w/x': [q1] }), true)), ['LOSS']);
  });

  it('a line the person kept at one path (a disk move copied it elsewhere) may still be removed at the other by an older live record that removed it there (seed 45792)', () => {
    // The person moved d/e's file [p0 p1] to d/c on disk; record 1 then removed p0 at d/c; Accept agent at d/e (its
    // rename conflict) kept [p0 p1] there. That choice is about d/e: it says nothing of the copy at d/c, where
    // record 1, live, saw p0 and removed it. Applying d/c is no loss; an Apply removing p0 at d/e still is.
    const l = new ProvenanceLedger();
    const [p0, p1] = [l.token('P'), l.token('P')];
    l.agentRecord(1, 's1', 'm1', new Set([p0, p1]), new Set([p1]));
    l.personChoice(new Set([p0, p1]), new Set([p0, p1]), new Set([p0, p1]), ['/w/d/e']);
    assert.deepStrictEqual(l.checkApply(tree({ '/w/d/c': [p0, p1] }), tree({ '/w/d/c': [p1] }), true), []);
    assert.deepStrictEqual(props(l.checkApply(tree({ '/w/d/e': [p0, p1] }), tree({ '/w/d/e': [p1] }), true)), ['LOSS']);
  });

  it('TOUCH, WYSIWYG, SIDE, REOPEN and FINAL each fail on their own breach', () => {
    const a = tree({ '/w/x': ['P#0'] });
    const b = tree({ '/w/x': ['P#0', 'R1#1'] });
    const never = () => false;
    assert.deepStrictEqual(props(checkTouch(a, b, 'a prune')), ['TOUCH']);
    assert.deepStrictEqual(checkTouch(a, a, 'a prune'), []);
    assert.deepStrictEqual(props(checkWysiwyg(b, a, a, never, never)), ['WYSIWYG']);
    assert.deepStrictEqual(checkWysiwyg(b, a, a, p => p === '/w/x', never), [], 'refused: the disk keeps its text');
    assert.deepStrictEqual(checkWysiwyg(b, a, b, never, never), []);
    assert.deepStrictEqual(props(checkSide(b, a, a, a, never, never)), ['SIDE']);
    assert.deepStrictEqual(props(checkSide(b, b, a, b, never, never)), ['SIDE'], 'an unselected path was written');
    assert.deepStrictEqual(checkSide(b, b, a, a, never, never), []);
    assert.deepStrictEqual(props(checkReopen(a, b, [], [])), ['REOPEN']);
    assert.deepStrictEqual(props(checkReopen(a, a, ['x modify'], [])), ['REOPEN']);
    assert.deepStrictEqual(props(checkFinal(b, a, [])), ['FINAL']);
    assert.deepStrictEqual(props(checkFinal(a, a, ['x modify'])), ['FINAL']);
    assert.deepStrictEqual(checkFinal(a, a, []), []);
  });
});
