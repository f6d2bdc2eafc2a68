import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { OverlayWorkspace } from '../../../src/fs/overlayWorkspace';
import { openOverlayStore } from '../../../src/fs/openOverlayStore';
import { ApplyJournal } from '../../../src/fs/store/applyJournal';
import { contentRefOf } from '../../../src/fs/model/contentStore';

const meta = { sessionId: 's1', messageId: 'm1', turn: 1, description: 'containment test' };
const bytes = (s: string) => Buffer.from(s, 'utf8');

/**
 * SPEC §9 invariant 9: Apply, recovery and store replay write only inside the workspace folders, checked at the
 * moment of writing. Links that appear after staging (a checkout, a build, a person) and lead out are refusals,
 * reported per path; nothing is written, deleted or made outside, and the staged change stays staged.
 */
describe('Apply writes only inside the workspace folders, checked at the moment of writing', () => {
  let root: string;
  let ws: string;
  let outside: string;
  let store: string;
  let overlay: OverlayWorkspace;
  const file = (rel: string) => path.join(ws, rel);
  const roots = () => [ws];
  const listing = (dir: string) => fs.readdirSync(dir).sort();

  beforeEach(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'containment-'));
    ws = path.join(root, 'ws');
    outside = path.join(root, 'outside');
    store = path.join(root, 'store');
    fs.mkdirSync(path.join(ws, 'sec'), { recursive: true });
    fs.mkdirSync(outside);
    fs.writeFileSync(path.join(outside, 'secret.txt'), 'outside\n');
    overlay = await OverlayWorkspace.open(store, { roots });
  });
  afterEach(async () => {
    await overlay.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('a missing folder that becomes a link leading out after staging: refused with the link named, nothing written there', async () => {
    overlay.write(file('sec/later/dropped.txt'), bytes('dropped\n'), meta);
    fs.symlinkSync(outside, file('sec/later'));

    const result = await overlay.apply();

    assert.deepStrictEqual(result.applied, []);
    assert.deepStrictEqual(result.refused.map(r => [r.path, r.reason]), [[file('sec/later/dropped.txt'), 'outsideWorkspace']]);
    assert.match(result.refused[0].detail ?? '', /sec\/later is a symbolic link to .*outside.*, outside the workspace folders/);
    assert.deepStrictEqual(listing(outside), ['secret.txt'], 'no file and no temp was written outside');
    assert.deepStrictEqual(overlay.model.stagedPaths(), [file('sec/later/dropped.txt')], 'the change is still staged');
  });

  it('apply({ roots }) checks too, for an overlay opened without roots', async () => {
    await overlay.close();
    overlay = await OverlayWorkspace.open(store);
    overlay.write(file('sec/later/deeper/dropped.txt'), bytes('dropped\n'), meta);
    fs.symlinkSync(outside, file('sec/later'));

    const result = await overlay.apply({ roots: [ws] });

    assert.deepStrictEqual(result.refused.map(r => r.reason), ['outsideWorkspace']);
    assert.deepStrictEqual(listing(outside), ['secret.txt'], 'no folder was made through the link');
  });

  it('a staged file later replaced by a link to an outside file (same bytes): refused, the outside file untouched', async () => {
    fs.writeFileSync(file('sec/a.txt'), 'outside\n');
    overlay.write(file('sec/a.txt'), bytes('agent\n'), meta);
    fs.rmSync(file('sec/a.txt'));
    fs.symlinkSync(path.join(outside, 'secret.txt'), file('sec/a.txt'));

    const result = await overlay.apply();

    assert.deepStrictEqual(result.refused.map(r => [r.path, r.reason]), [[file('sec/a.txt'), 'outsideWorkspace']]);
    assert.strictEqual(fs.readFileSync(path.join(outside, 'secret.txt'), 'utf8'), 'outside\n');
    assert.ok(fs.lstatSync(file('sec/a.txt')).isSymbolicLink());
  });

  it('a staged delete below a folder that became a link leading out: refused, the outside file is not deleted', async () => {
    fs.mkdirSync(file('sec/gone'));
    fs.writeFileSync(file('sec/gone/secret.txt'), 'outside\n');
    overlay.delete(file('sec/gone/secret.txt'), meta);
    fs.rmSync(file('sec/gone'), { recursive: true });
    fs.symlinkSync(outside, file('sec/gone'));

    const result = await overlay.apply({ roots: [ws] });

    assert.deepStrictEqual(result.refused.map(r => r.reason), ['outsideWorkspace']);
    assert.deepStrictEqual(listing(outside), ['secret.txt']);
  });

  it('a link that stays inside the workspace is written through (the link stays a link)', async () => {
    fs.mkdirSync(file('real'));
    fs.writeFileSync(file('real/target.txt'), 'old\n');
    fs.symlinkSync(file('real/target.txt'), file('sec/link.txt'));
    fs.symlinkSync(file('real'), file('sec/dirlink'));
    overlay.write(file('sec/link.txt'), bytes('through the file link\n'), meta);
    overlay.write(file('sec/dirlink/new.txt'), bytes('through the folder link\n'), meta);

    const result = await overlay.apply();

    assert.deepStrictEqual(result.refused, []);
    assert.strictEqual(fs.readFileSync(file('real/target.txt'), 'utf8'), 'through the file link\n');
    assert.strictEqual(fs.readFileSync(file('real/new.txt'), 'utf8'), 'through the folder link\n');
    assert.ok(fs.lstatSync(file('sec/link.txt')).isSymbolicLink());
  });

  it('a folder swapped for a link leading out while the temps are written: nothing is renamed or removed out there', async () => {
    overlay.write(file('sec/race/x.txt'), bytes('x\n'), meta);
    let swapped = false;

    const result = await overlay.apply({
      onProgress: () => {
        // The temp is in sec/race now (made for it); a checkout replaces the folder by a link leading out.
        if (swapped) return;
        swapped = true;
        fs.renameSync(file('sec/race'), file('sec/race-old'));
        fs.symlinkSync(outside, file('sec/race'));
      },
    });

    assert.ok(swapped);
    assert.deepStrictEqual(result.refused.map(r => [r.path, r.reason]), [[file('sec/race/x.txt'), 'outsideWorkspace']]);
    assert.deepStrictEqual(listing(outside), ['secret.txt']);
    // The temp went along with the folder that was moved away; no removal was made through the link either.
    assert.match(listing(file('sec/race-old')).join(), /^\.x\.txt\.[0-9a-f]{8}\.agent-overlay\.tmp$/);
    assert.deepStrictEqual(overlay.model.stagedPaths(), [file('sec/race/x.txt')]);
  });

  it('a forged journal entry naming a place outside: recovery leaves it untouched and says why', async () => {
    await overlay.close();
    const { journal } = await ApplyJournal.open(store);
    const target = path.join(outside, 'secret.txt');
    const temp = path.join(outside, '.secret.txt.forged.agent-overlay.tmp');
    fs.writeFileSync(temp, 'forged\n');
    await journal.begin({ id: 'forged', files: [{ path: target, tempPath: temp, undoRef: contentRefOf(bytes('outside\n')), afterRef: contentRefOf(bytes('forged\n')) }] });
    journal.dispose();

    const opened = await openOverlayStore(store, undefined, { roots });
    overlay = opened.workspace;

    assert.strictEqual(fs.readFileSync(target, 'utf8'), 'outside\n');
    assert.ok(fs.existsSync(temp), 'nothing outside was removed either');
    assert.deepStrictEqual(overlay.recovered.completed, []);
    assert.strictEqual(opened.notices.length, 1);
    assert.match(opened.notices[0].message, /was not finished: .*secret\.txt is outside the workspace folders/);
  });

  it('a forged store op for a path outside the workspace: announced at open, kept, and never applied', async () => {
    const target = path.join(outside, 'planted.txt');
    overlay.write(target, bytes('planted\n'), meta);
    await overlay.close();

    const opened = await openOverlayStore(store, undefined, { roots });
    overlay = opened.workspace;
    assert.deepStrictEqual(opened.notices.map(n => n.severity), ['warning']);
    assert.match(opened.notices[0].message, /1 staged change\(s\) outside the workspace folders; they are kept but never applied there: .*planted\.txt/);

    const result = await overlay.apply();
    assert.deepStrictEqual(result.refused.map(r => [r.path, r.reason]), [[target, 'outsideWorkspace']]);
    assert.ok(!fs.existsSync(target));
    assert.deepStrictEqual(overlay.model.stagedPaths(), [target], 'nothing lost');
  });
});
