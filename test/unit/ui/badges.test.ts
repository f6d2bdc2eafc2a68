import * as assert from 'assert';
import type { ChangeRecord } from '../../../src/fs/model/changeRecord';
import { BADGE, badgeOf, sessionStory } from '../../../src/ui/changePresentation';
import { offersQuickDiff } from '../../../src/ui/quickDiffRule';

const record = (sessionId: string, operation: ChangeRecord['operation']) => ({ sessionId, operation }) as ChangeRecord;
const names = (id: string) => ({ s1: 'Chat A', s2: 'Chat B' })[id] ?? id;

/** Issue 27 item 12: one set of letters and icons, and a change two sessions wrote keeps its kind. */
describe('badgeOf: the Explorer\'s letter and the SCM row\'s icon say the same', () => {
  it('gives every kind one letter and one icon, the same for files and folders of that meaning', () => {
    assert.deepStrictEqual(Object.fromEntries(Object.entries(BADGE).map(([k, b]) => [k, b.letter])), { create: 'A', modify: 'M', delete: 'D', rename: 'R', mkdir: 'A', rmdir: 'D' });
    assert.strictEqual(BADGE.mkdir.icon, BADGE.create.icon);
    assert.strictEqual(BADGE.rmdir.icon, BADGE.delete.icon);
  });

  it('a file added by one session and edited by another shows the kind (A) and both sessions, in order', () => {
    const c = { kind: 'create' as const, sessions: ['s1', 's2'], records: [record('s1', 'create'), record('s2', 'modify'), record('s1', 'modify')] };
    const b = badgeOf(c, names);
    assert.strictEqual(b.letter, 'A');
    assert.strictEqual(b.icon, 'diff-added');
    assert.match(b.tooltip, /Added by Chat A, then edited by Chat B/);
    assert.strictEqual(sessionStory(c, names), 'Added by Chat A, then edited by Chat B');
  });

  it('one session: the kind and who; a conflict: "!" and the conflict\'s icon; a rename\'s old path: R', () => {
    assert.strictEqual(sessionStory({ kind: 'modify', sessions: ['s1'], records: [record('s1', 'modify')] }, names), 'Modified by Chat A');
    const conflict = { kind: 'text' as const, origin: 'disk' as const, base: null, theirs: null, binary: false, delegated: true };
    const b = badgeOf({ kind: 'modify', conflict, sessions: ['s1'], records: [record('s1', 'modify')] }, names);
    assert.deepStrictEqual([b.letter, b.icon], ['!', 'robot']);
    const away = badgeOf({ kind: 'rename', sessions: ['s1'], records: [record('s1', 'rename')] }, names, { renamedTo: 'src/new.ts' });
    assert.deepStrictEqual([away.letter, away.tooltip], ['R', 'Agent staged: renamed to src/new.ts']);
  });
});

/** Issue 27 item 4: the staged diff's right side (the review form) gets no second, unbounded quick diff. */
describe('offersQuickDiff', () => {
  it('gives a gutter diff to the agent\'s agent-staged: editors only', () => {
    assert.strictEqual(offersQuickDiff('agent-staged'), true);
    assert.strictEqual(offersQuickDiff('agent-staged-review'), false);
    assert.strictEqual(offersQuickDiff('file'), false);
  });
});
