import * as assert from 'assert';
import { auditLineOf } from '../../../src/ui/auditLines';
import type { ChangeRecord } from '../../../src/fs/model/changeRecord';

describe('auditLineOf (the "Agent Overlay" audit trail)', () => {
  const naming = { path: (p: string) => p.replace('/ws/', ''), session: (id: string) => `Claude Code (MCP) [${id}]` };
  const record: ChangeRecord = {
    id: 'r1', operation: 'rename', path: '/ws/src/b.ts', fromPath: '/ws/src/a.ts', before: 'ref-before', after: 'ref-after',
    sessionId: 'mcp:Claude Code', messageId: 'mcp:3e77b138/1', turn: 0, timestamp: 1, description: 'renamed: const secret = 1;',
  };

  it('names the paths, session and message of a staged change, and neither contents nor the description', () => {
    const line = auditLineOf({ type: 'stage', record }, naming);
    assert.strictEqual(line, 'staged rename src/a.ts → src/b.ts (session Claude Code (MCP) [mcp:Claude Code], message mcp:3e77b138/1)');
    assert.doesNotMatch(line, /secret|ref-/);
  });

  it('says how a conflict came and how it was resolved', () => {
    assert.strictEqual(
      auditLineOf({ type: 'conflict', path: '/ws/notes.txt', conflict: { kind: 'text', origin: 'disk', base: null, theirs: null, binary: false, delegated: false } }, naming),
      'conflict (text, from the disk) on notes.txt',
    );
    assert.strictEqual(auditLineOf({ type: 'resolve', path: '/ws/notes.txt', resolution: { kind: 'manual', content: 'x' } }, naming), 'resolved conflict on notes.txt: merged by hand');
    assert.strictEqual(auditLineOf({ type: 'resolve', path: '/ws/notes.txt', resolution: { kind: 'acceptAgent' } }, naming), 'resolved conflict on notes.txt: accepted the agent version');
  });

  it('lists what a discard, an apply and a prune touched', () => {
    assert.strictEqual(auditLineOf({ type: 'discard', paths: ['/ws/a', '/ws/b'] }, naming), 'discarded staged changes to 2 paths: a, b');
    assert.strictEqual(auditLineOf({ type: 'applied', paths: ['/ws/a'] }, naming), 'applied to disk: a');
    assert.strictEqual(
      auditLineOf({ type: 'revert', selector: { kind: 'message', messageId: 'req-7' }, recordIds: ['r1'], entries: [], removedPaths: ['/ws/a'] }, naming),
      'took out the changes of message req-7 (1 record): a',
    );
  });
});

describe('auditLineOf: replays that are not resolutions (issue 27 item 11)', () => {
  const naming = { path: (p: string) => p.replace('/ws/', ''), session: (id: string) => id };
  const replace = (reason: string) => ({ type: 'replace' as const, reason, recordIds: [], rewritten: [], entries: [{ path: '/ws/a.txt' } as never], removedPaths: [] });

  it('logs Undo\'s restaging as staged again, never as a resolved conflict', () => {
    assert.strictEqual(auditLineOf(replace('restage'), naming), 'staged again (undo): a.txt');
    assert.doesNotMatch(auditLineOf(replace('stage'), naming), /resolved conflict/);
  });

  it('keeps the resolution words for resolutions', () => {
    assert.strictEqual(auditLineOf(replace('acceptAgent'), naming), 'resolved conflict on a.txt: accepted the agent version');
    assert.strictEqual(auditLineOf(replace('manual'), naming), 'resolved conflict on a.txt: merged by hand');
  });
});
