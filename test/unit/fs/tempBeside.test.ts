import * as assert from 'assert';
import * as path from 'path';
import { applyTempPath, tempBeside } from '../../../src/fs/store/applyJournal';

/** What the temp beside `target` was always named: `tempBeside` slices instead, and must name the same file. */
function joined(target: string, tag: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.${tag}.agent-overlay.tmp`);
}

describe('tempBeside: the temp named beside its target without path.join', () => {
  const targets = [
    '/ws/a.txt', '/ws/sub/deep/f0.txt', '/ws/.hidden', '/ws/.git/x', '/ws/a b/ü.md', '/f', '/ws/dir/',
    '/ws//double/x', '/ws/./x', '/ws/../x', '/ws/x/.', '/ws/x/..', 'relative/x.txt', 'x.txt', '/ws/a.b.c',
  ];
  for (const t of targets) {
    it(`names the same file as path.join for ${JSON.stringify(t)}`, () => {
      assert.strictEqual(tempBeside(t, 'abcd1234'), joined(t, 'abcd1234'));
    });
  }

  it("applyTempPath takes the apply id's first 8 characters as the tag", () => {
    assert.strictEqual(applyTempPath('/ws/sub/f.txt', '0123456789abcdef'), '/ws/sub/.f.txt.01234567.agent-overlay.tmp');
  });
});
