import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { OverlayWorkspace } from '../../../src/fs/overlayWorkspace';
import { controlCharacterProblem, normalizationTwins, showName } from '../../../src/fs/stagedNames';

describe('names that mislead the reviewer', () => {
  it('refuses control characters: C0, newlines, DEL, C1, line separators', () => {
    for (const name of ['a\nb.txt', 'a\rb', 'tab\there', 'esc\u001b[31m', 'del\u007f', 'c1\u0085', 'ls\u2028x', 'nul\u0000']) {
      assert.match(controlCharacterProblem(name) ?? '', /holds a control character \(U\+[0-9A-F]{4}\).*cannot be staged/, JSON.stringify(name));
    }
    assert.strictEqual(controlCharacterProblem('src/ünïcödé naïve file.ts'), undefined);
  });

  it('shows bidi controls escaped: invoice‮txt.sh does not read as invoicehs.txt', () => {
    assert.strictEqual(showName('invoice\u202Etxt.sh'), 'invoice<U+202E>txt.sh');
    for (const c of ['\u202A', '\u202B', '\u202C', '\u202D', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C']) {
      assert.ok(!showName(`a${c}b`).includes(c), `U+${c.charCodeAt(0).toString(16)}`);
    }
    assert.strictEqual(showName('plain/name.ts'), 'plain/name.ts');
  });

  it('flags NFC/NFD twins: two names that normalize equal', () => {
    const nfc = '/w/caf\u00e9.txt';
    const nfd = '/w/cafe\u0301.txt';
    assert.notStrictEqual(nfc, nfd);
    const twins = normalizationTwins([nfc, nfd, '/w/other.txt']);
    assert.deepStrictEqual([...twins.entries()], [[nfc, [nfd]], [nfd, [nfc]]]);
    assert.strictEqual(normalizationTwins([nfc, '/w/other.txt']).size, 0);
  });
});

describe('the overlay refuses staged names with control characters, with a clear error, staging nothing', () => {
  let root: string;
  let overlay: OverlayWorkspace;
  const meta = { sessionId: 's', messageId: 'm', turn: 1, description: 'names test' };
  beforeEach(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'names-'));
    fs.mkdirSync(path.join(root, 'ws'));
    fs.writeFileSync(path.join(root, 'ws', 'a.txt'), 'a\n');
    overlay = await OverlayWorkspace.open(path.join(root, 'store'));
  });
  afterEach(async () => {
    await overlay.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('a write, a rename and a new folder whose name holds a newline or an escape', () => {
    const ws = path.join(root, 'ws');
    assert.throws(() => overlay.write(path.join(ws, 'six files\nseven.txt'), Buffer.from('x'), meta), /holds a control character \(U\+000A\)/);
    assert.throws(() => overlay.rename(path.join(ws, 'a.txt'), path.join(ws, 'b\u001b[2K.txt'), meta), /holds a control character \(U\+001B\)/);
    assert.throws(() => overlay.createDirectory(path.join(ws, 'dir\u0085'), meta), /holds a control character \(U\+0085\)/);
    assert.deepStrictEqual(overlay.model.stagedPaths(), []);
  });
});
