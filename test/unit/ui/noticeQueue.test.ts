import * as assert from 'assert';
import { NoticeQueue } from '../../../src/ui/noticeQueue';

/** Issue 27 item 13: four conflicts, one notification that counts them (not four toasts, one hidden). */
describe('NoticeQueue', () => {
  /** A scheduler the test runs by hand, and notifications the test closes by hand. */
  function harness(relevant: (p: string) => boolean = () => true) {
    const due: (() => void)[] = [];
    const shown: string[][] = [];
    const open: (() => void)[] = [];
    const q = new NoticeQueue<string>(
      run => { due.push(run); return { dispose: () => due.splice(due.indexOf(run), 1) }; },
      items => { shown.push([...items]); return new Promise<void>(r => open.push(r)); },
      relevant,
    );
    const tick = async () => { for (const run of due.splice(0)) run(); await new Promise(r => setImmediate(r)); };
    const close = async () => { open.shift()?.(); await new Promise(r => setImmediate(r)); };
    return { q, due, shown, tick, close };
  }

  it('shows the conflicts of one burst in one notification', async () => {
    const h = harness();
    for (const p of ['a', 'b', 'c', 'd']) h.q.add([p]);
    assert.strictEqual(h.due.length, 1, 'one flush scheduled for the burst');
    await h.tick();
    assert.deepStrictEqual(h.shown, [['a', 'b', 'c', 'd']]);
  });

  it('holds what comes while a notification is up and shows it together once it is closed', async () => {
    const h = harness();
    h.q.add(['a']);
    await h.tick();
    h.q.add(['b']);
    h.q.add(['c']);
    await h.tick();
    assert.deepStrictEqual(h.shown, [['a']], 'no second toast while the first is up');
    await h.close();
    await h.tick();
    assert.deepStrictEqual(h.shown, [['a'], ['b', 'c']]);
  });

  it('leaves out what is no longer relevant when its turn comes, and shows nothing for an empty batch', async () => {
    const resolved = new Set(['b']);
    const h = harness(p => !resolved.has(p));
    h.q.add(['b']);
    await h.tick();
    assert.deepStrictEqual(h.shown, []);
    h.q.add(['a', 'b']);
    await h.tick();
    assert.deepStrictEqual(h.shown, [['a']]);
  });

  it('shows nothing after dispose', async () => {
    const h = harness();
    h.q.add(['a']);
    h.q.dispose();
    await h.tick();
    assert.deepStrictEqual(h.shown, []);
  });
});
