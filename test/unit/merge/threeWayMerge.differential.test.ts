import * as assert from 'assert';
import { spawnSync } from 'child_process';
import { threeWayMerge } from '../../../src/fs/merge/threeWayMerge';
import type { MergeCase } from './mergeCases';
import { gitMergeFile, heavyCase, randomCase } from './mergeCases';

const gitAvailable = spawnSync('git', ['--version']).status === 0;

function compareWithGit(c: MergeCase, label: string): 'clean' | 'conflict' {
  const git = gitMergeFile(c);
  const ours = threeWayMerge(c.base, c.ours, c.theirs);
  const text = ours.kind === 'clean' ? ours.text : ours.markedUp;
  const count = ours.kind === 'clean' ? 0 : ours.regions.length;
  if (text !== git.text || Math.min(count, 127) !== git.conflicts) {
    assert.fail(`${label}: differs from git merge-file (${count} vs ${git.conflicts} conflicts)\ncase: ${JSON.stringify(c)}\nours: ${JSON.stringify(text)}\ngit:  ${JSON.stringify(git.text)}`);
  }
  return ours.kind;
}

describe('threeWayMerge against git merge-file (seeded differential)', function () {
  before(() => {
    // git is a test requirement (it ships on every machine kind here): a missing git must fail, not skip.
    assert.ok(gitAvailable, 'git is needed for the differential test against git merge-file');
  });

  it('matches git on 400 small generated cases (LF, CRLF, mixed, missing final newlines, empty files)', () => {
    const kinds = { clean: 0, conflict: 0 };
    for (let seed = 0; seed < 400; seed++) kinds[compareWithGit(randomCase(seed), `randomCase(${seed})`)]++;
    // The generator must exercise both outcomes, or the comparison proves little.
    assert.ok(kinds.clean > 100 && kinds.conflict > 100, JSON.stringify(kinds));
  });

  it('matches git on 12 large heavily edited cases (the diff heuristics decide the alignment there)', () => {
    for (let seed = 0; seed < 12; seed++) compareWithGit(heavyCase(seed), `heavyCase(${seed})`);
  });

  it('matches git where its long-snake heuristic picks the split (a 46k-line rewrite)', () => {
    // Big enough that xdiff's cost limit exceeds 256, so the "good snake" shortcut fires before the limit.
    compareWithGit(heavyCase(1003, 10_000), 'heavyCase(1003, 10000)');
  });
});
