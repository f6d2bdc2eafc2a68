import * as assert from 'assert';
import { TwinIndex } from '../../../src/ui/twinIndex';

const NFC = '/w/caf\u00e9.txt';
const NFD = '/w/cafe\u0301.txt';

describe('TwinIndex (twins kept path by path)', () => {
  it('finds a staged twin, and names the earlier twin among the paths to show again', () => {
    const twins = new TwinIndex();
    const staged = new Set([NFC]);
    assert.deepStrictEqual(twins.update([NFC], p => staged.has(p), () => []), []);
    assert.strictEqual(twins.twinsOf(NFC), undefined);
    staged.add(NFD);
    assert.deepStrictEqual(twins.update([NFD], p => staged.has(p), () => []), [NFC], 'the first twin must be shown again');
    assert.deepStrictEqual(twins.twinsOf(NFC), [NFD]);
    assert.deepStrictEqual(twins.twinsOf(NFD), [NFC]);
    staged.delete(NFD);
    assert.deepStrictEqual(twins.update([NFD], p => staged.has(p), () => []), [NFC]);
    assert.strictEqual(twins.twinsOf(NFC), undefined);
  });

  it('finds a twin on disk beside a staged name, reading each folder once per update', () => {
    const twins = new TwinIndex();
    let reads = 0;
    const list = (dir: string) => {
      reads++;
      assert.strictEqual(dir, '/w');
      return ['cafe\u0301.txt', 'other.txt'];
    };
    twins.update([NFC, '/w/new.txt'], () => true, list);
    assert.strictEqual(reads, 1);
    assert.deepStrictEqual(twins.twinsOf(NFC), [NFD]);
    assert.strictEqual(twins.twinsOf('/w/new.txt'), undefined);
  });
});
