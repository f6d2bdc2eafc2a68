import * as assert from 'assert';
import { FakeDisk, applyAsAdapter as applyAll, enc, meta, newModel, readText } from './modelFixtures';

/**
 * Issue 23, class (b): "Discard" on a file row chooses the disk's version of that file. Whatever the agent did to
 * that disk file — moved it, edited or deleted it where it moved — is taken out with it, even where another path
 * still shows one of those records; otherwise Apply moves or deletes the file the person sees on disk.
 */

describe('discard keeps the disk file of the discarded path where it is (issue 23, class b)', () => {
  it('provenance seed 10694: the file moved away then deleted — a delete left staged would follow it home', () => {
    const disk = new FakeDisk({ '/w/a': 'person\n' });
    const model = newModel();
    model.rename('/w/a', '/w/c', meta('m1'), disk);
    model.delete('/w/c', meta('m2'), disk);
    model.discardPaths(['/w/a']);
    assert.strictEqual(readText(model, disk, '/w/a'), 'person\n');
    assert.deepStrictEqual(model.composites(), [], 'nothing the agent did to that file stays staged');
    applyAll(model, disk);
    assert.strictEqual(disk.text('/w/a'), 'person\n', 'Apply leaves the person\'s file');
  });

  it('provenance seed 1742: the file moved on (and deleted there) while a new file took its name — the moves go too', () => {
    const disk = new FakeDisk({ '/w/x': 'person\n' });
    const model = newModel();
    model.rename('/w/x', '/w/y', meta('m1'), disk);
    model.rename('/w/y', '/w/z', meta('m1'), disk);
    model.write('/w/x', enc('agent\n'), meta('m1'), disk);
    model.delete('/w/z', meta('m2'), disk);
    model.write('/w/other', enc('kept\n'), meta('m2'), disk);
    model.discardPaths(['/w/x']);
    assert.strictEqual(readText(model, disk, '/w/x'), 'person\n');
    assert.deepStrictEqual(model.composites().map(c => c.path), ['/w/other'], 'only the unrelated change stays');
    applyAll(model, disk);
    assert.strictEqual(disk.text('/w/x'), 'person\n', 'Apply neither moves nor deletes the person\'s file');
    assert.strictEqual(disk.text('/w/other'), 'kept\n');
  });

  it('a file created at a path and moved on keeps its creation when the path is discarded (no disk file there)', () => {
    const disk = new FakeDisk({ '/w/b': 'b\n' });
    const model = newModel();
    model.write('/w/n', enc('new\n'), meta('m1'), disk);
    model.rename('/w/n', '/w/m', meta('m1'), disk);
    model.write('/w/n', enc('second\n'), meta('m2'), disk);
    model.discardPaths(['/w/n']);
    assert.strictEqual(readText(model, disk, '/w/m'), 'new\n');
    assert.strictEqual(readText(model, disk, '/w/n'), undefined);
  });
});
