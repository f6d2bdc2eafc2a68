import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { MemoryContentStore, contentRefOf, isContentRef } from '../../../src/fs/model/contentStore';
import { decodeText, encodeText, isBinary } from '../../../src/fs/model/textContent';

describe('model basics', () => {
  it('no model module loads vscode (plain mocha must be able to test them)', () => {
    // Checks the compiled modules next to this test's compiled source tree.
    const dir = path.resolve(__dirname, '../../../src/fs/model');
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.js'));
    assert.ok(files.length > 10);
    for (const f of files) assert.doesNotMatch(fs.readFileSync(path.join(dir, f), 'utf8'), /require\("vscode"\)/, f);
  });

  it('content refs are sha-256 hex; the memory store copies bytes in and out', () => {
    const store = new MemoryContentStore();
    const bytes = Uint8Array.from([1, 2, 3]);
    const ref = store.put(bytes);
    assert.strictEqual(ref, '039058c6f2c0cb492c533b0a4d14ef77cc0f78abccced5287d84a1a2011cfb81');
    assert.strictEqual(contentRefOf(bytes), ref);
    assert.ok(isContentRef(ref));
    bytes[0] = 9;
    const out = store.get(ref);
    assert.deepStrictEqual(Array.from(out), [1, 2, 3]);
    out[0] = 9;
    assert.deepStrictEqual(Array.from(store.get(ref)), [1, 2, 3]);
    assert.throws(() => store.get('0'.repeat(64)), (e: unknown) => (e as { code?: string }).code === 'ContentMissing');
  });

  it('text decoding is strict and round-trips byte for byte', () => {
    for (const t of ['', 'a', 'no newline', 'crlf\r\nlines\r\n', '\uFEFFbom kept', 'ünï cödé 🎉\n']) {
      assert.strictEqual(decodeText(encodeText(t)), t);
      assert.deepStrictEqual(encodeText(decodeText(encodeText(t)) as string), encodeText(t));
    }
    assert.strictEqual(isBinary(Uint8Array.from([0x61, 0])), true);
    assert.strictEqual(isBinary(Uint8Array.from([0xc3])), true); // truncated sequence
    assert.strictEqual(isBinary(Uint8Array.from([0xed, 0xa0, 0x80])), true); // encoded surrogate
    assert.strictEqual(isBinary(encodeText('text')), false);
  });
});
