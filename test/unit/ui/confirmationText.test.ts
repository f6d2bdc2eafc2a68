import * as assert from 'assert';
import { applyConfirmation, discardConfirmation, KEEP_STAGED, renderDetail, REVIEW_FIRST } from '../../../src/ui/confirmationText';
import { ReplacedEdits } from '../../../src/ui/replacedEdits';

/** Issue 27 items 2–3: the Apply and Discard confirmations say what they do to the person's work. */
describe('applyConfirmation', () => {
  it('says "replaces your edit to …" for a settled file, and then Apply is not the default (Enter)', () => {
    const c = applyConfirmation([
      { path: 'notes.txt', kind: 'modify', replacesEdit: true },
      { path: 'src/added.ts', kind: 'create' },
    ]);
    assert.strictEqual(c.message, 'Apply staged changes to 2 files on disk? It replaces your edit to notes.txt.');
    assert.match(renderDetail(c.sections), /^Replaces your edits[^\n]*\nreplaces your edit to notes\.txt\n/);
    assert.match(renderDetail(c.sections), /notes\.txt — replaces your edit to notes\.txt/);
    assert.deepStrictEqual(c.buttons, [REVIEW_FIRST, 'Apply']);
    assert.strictEqual(c.action, 'Apply');
  });

  it('marks a file in conflict "not applied: in conflict" and does not count it as applied', () => {
    const c = applyConfirmation([
      { path: 'notes.txt', kind: 'modify', inConflict: true },
      { path: 'src/added.ts', kind: 'create' },
      { path: 'README.md', kind: 'delete' },
    ]);
    assert.strictEqual(c.message, 'Apply staged changes to 2 files on disk? 1 file in conflict is not applied.');
    const detail = renderDetail(c.sections);
    assert.match(detail, /notes\.txt — not applied: in conflict/);
    assert.match(detail, /This deletes 1 file:\nREADME\.md/);
    assert.deepStrictEqual(c.buttons, ['Apply'], 'nothing replaces an edit: Apply is the default');
  });

  it('counts several replaced edits in its first line, and folders apart', () => {
    const c = applyConfirmation([
      { path: 'a', kind: 'modify', replacesEdit: true },
      { path: 'b', kind: 'rename', fromPath: 'old-b', replacesEdit: true },
      { path: 'docs', kind: 'mkdir' },
    ]);
    assert.strictEqual(c.message, 'Apply staged changes to 2 files and 1 folder on disk? It replaces your edits to 2 files.');
    assert.match(renderDetail(c.sections), /replaces your edit to old-b/);
  });
});

describe('discardConfirmation', () => {
  const items = [
    { path: 'docs/guide.md', kind: 'delete' as const },
    { path: 'src/a.ts', kind: 'modify' as const },
    { path: 'docs/old', kind: 'rmdir' as const },
  ];

  it('says in its first line that the disk is not touched and how many staged changes are dropped', () => {
    const c = discardConfirmation(items, true);
    assert.strictEqual(c.message, 'Discard staged changes to 2 files and 1 folder? The disk is not touched: 3 staged changes are dropped. "Undo Discard" brings them back.');
  });

  it('never lists a staged deletion in words that read as deleting the file', () => {
    const detail = renderDetail(discardConfirmation(items, true).sections);
    assert.doesNotMatch(detail, /DELETE|REMOVE FOLDER/);
    assert.match(detail, /docs\/guide\.md \(staged deletion; the file stays on disk\)/);
    assert.match(detail, /docs\/old \(staged folder removal; the folder stays on disk\)/);
  });

  it('makes Discard the default only when it can be undone', () => {
    assert.deepStrictEqual(discardConfirmation(items, true).buttons, ['Discard']);
    const c = discardConfirmation(items, false);
    assert.deepStrictEqual(c.buttons, [KEEP_STAGED, 'Discard']);
    assert.match(c.message, /cannot be undone/);
  });

  it('says when an agent\'s change holds the person\'s own edits, and then Discard is never the default', () => {
    const one = discardConfirmation([items[0], { ...items[1], yoursToo: true }], true);
    assert.strictEqual(one.message, 'Discard staged changes to 2 files? The disk is not touched: 2 staged changes are dropped. src/a.ts holds your own edits too: they are dropped with it. "Undo Discard" brings them back.');
    assert.deepStrictEqual(one.buttons, [KEEP_STAGED, 'Discard']);
    assert.match(renderDetail(one.sections), /src\/a\.ts \(staged edit, with your own edits\)/);
    const two = discardConfirmation(items.map(i => ({ ...i, yoursToo: true })), true);
    assert.match(two.message, / 3 of them hold your own edits too: they are dropped with them\./);
    assert.deepStrictEqual(two.buttons, [KEEP_STAGED, 'Discard']);
  });
});

describe('ReplacedEdits', () => {
  const replace = (reason: string, path: string) => ({ type: 'replace' as const, reason, recordIds: [], rewritten: [], entries: [{ path } as never], removedPaths: [] });

  it('follows the files settled with the agent version or by hand until applied, discarded or in conflict again', () => {
    const r = new ReplacedEdits();
    r.observe(replace('acceptAgent', '/ws/a'));
    r.observe(replace('manual', '/ws/b'));
    r.observe(replace('rebase', '/ws/c'));
    r.observe(replace('restage', '/ws/d'));
    assert.deepStrictEqual(['/ws/a', '/ws/b', '/ws/c', '/ws/d'].map(p => r.has(p)), [true, true, false, false]);
    r.observe({ type: 'applied', paths: ['/ws/a'] });
    r.observe({ type: 'conflict', path: '/ws/b', conflict: { kind: 'text', origin: 'disk', base: null, theirs: null, binary: false, delegated: false } });
    assert.deepStrictEqual([r.has('/ws/a'), r.has('/ws/b')], [false, false]);
  });
});

/** Issue 24: NFC/NFD twins look identical in every list; Apply's confirmation names them with their spellings. */
describe('applyConfirmation: names that read the same', () => {
  const nfc = 'caf\u00e9.txt';
  const nfd = 'cafe\u0301.txt';

  it('lists two staged names equal after normalization, each with its spelling, and says so in the first line', () => {
    const c = applyConfirmation([
      { path: nfc, kind: 'create' },
      { path: nfd, kind: 'create' },
      { path: 'plain.txt', kind: 'modify' },
    ]);
    assert.match(c.message, /2 names read the same as another file's\./);
    const detail = renderDetail(c.sections);
    assert.match(detail, /^Names that read the same but are different files \(another Unicode spelling, NFC\/NFD\):\n/);
    assert.ok(detail.includes(`${nfc} (composed, NFC) reads the same as ${nfd} (decomposed, NFD)`), detail);
    assert.ok(detail.includes(`${nfd} (decomposed, NFD) reads the same as ${nfc} (composed, NFC)`), detail);
    assert.ok(!/plain\.txt \(/.test(detail), 'a name without a twin is not flagged');
  });

  it('lists a twin found beside the staged file on disk', () => {
    const c = applyConfirmation([{ path: nfd, kind: 'create', twins: [nfc] }]);
    assert.match(c.message, /1 name reads the same as another file's\./);
    assert.ok(renderDetail(c.sections).includes(`${nfd} (decomposed, NFD) reads the same as ${nfc} (composed, NFC)`));
  });

  it('says nothing of twins when there are none', () => {
    const c = applyConfirmation([{ path: nfc, kind: 'create' }, { path: 'b.txt', kind: 'create' }]);
    assert.doesNotMatch(c.message + renderDetail(c.sections), /read the same/);
  });
});
