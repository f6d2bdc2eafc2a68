import * as assert from 'assert';
import { changeSummary } from '../../../src/ui/changePresentation';

/** Issue 27 item 10: "Delegate to agent" is said where the row's tooltip is read. */
describe('changeSummary', () => {
  const conflict = { kind: 'text' as const, origin: 'disk' as const, base: null, theirs: null, binary: false, delegated: false };

  it('names the kind, the origin of a rename, and a conflict', () => {
    assert.strictEqual(changeSummary({ kind: 'rename' }, 'src/a.ts'), 'Renamed from src/a.ts');
    assert.strictEqual(changeSummary({ kind: 'modify', conflict }), 'Modified — text conflict');
  });

  it('says a delegated conflict is waiting on the agent', () => {
    assert.match(changeSummary({ kind: 'modify', conflict: { ...conflict, delegated: true } }), /^Modified — text conflict, delegated to the agent: its next read or list of this file reports the conflict/);
  });
});
