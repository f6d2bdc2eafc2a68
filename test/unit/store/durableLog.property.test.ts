/**
 * Seeded random sequences of appends, flushes, compactions and reopens. Invariant: at every point where a flush
 * or compaction has resolved, a copy of the folder (what a crash right then would leave) replays to exactly the
 * acknowledged ops, and a clean reopen replays to everything appended.
 */
import * as assert from 'assert';
import * as fc from 'fast-check';
import * as fs from 'fs';
import * as path from 'path';
import { DurableLog } from '../../../src/fs/store/durableLog';
import { TempDirs } from './tempDirs';
import { replay, toyOp, type ToyOp, type ToySnapshot } from './toyModel';

type Command =
  | { readonly kind: 'append'; readonly count: number }
  | { readonly kind: 'flush' }
  | { readonly kind: 'compact' }
  | { readonly kind: 'reopen' }
  | { readonly kind: 'crash' };

const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 20 }).map((count) => ({ kind: 'append' as const, count })) },
  { weight: 3, arbitrary: fc.constant({ kind: 'flush' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'compact' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reopen' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'crash' as const }) },
);

describe('DurableLog (seeded random sequences)', function () {
  this.timeout(120_000);
  const temp = new TempDirs();
  after(() => temp.cleanup());

  it('a crash copy holds exactly the acknowledged ops; a reopen holds all of them', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 25 }), async (commands) => {
        const dir = temp.make('store-prop-');
        let { log } = await DurableLog.open<ToySnapshot, ToyOp>(dir);
        const appended: ToyOp[] = [];
        let acknowledged = 0;
        const expectReplay = async (from: string, count: number) => {
          const opened = await DurableLog.open<ToySnapshot, ToyOp>(from);
          assert.deepStrictEqual(replay(opened.snapshot, opened.ops), replay(undefined, appended.slice(0, count)));
          assert.deepStrictEqual(opened.problems, []);
          return opened.log;
        };
        for (const c of commands) {
          switch (c.kind) {
            case 'append':
              for (let i = 0; i < c.count; i++) {
                appended.push(toyOp(appended.length));
                log.append(appended[appended.length - 1]);
              }
              break;
            case 'flush':
              await log.flush();
              acknowledged = appended.length;
              break;
            case 'compact':
              await log.compact(replay(undefined, appended));
              acknowledged = appended.length;
              break;
            case 'reopen':
              await log.close();
              acknowledged = appended.length;
              log = await expectReplay(dir, appended.length);
              break;
            case 'crash': {
              const copy = temp.make('store-prop-crash-');
              for (const name of fs.readdirSync(dir)) fs.copyFileSync(path.join(dir, name), path.join(copy, name));
              await (await expectReplay(copy, acknowledged)).close();
              break;
            }
          }
        }
        await log.close();
        await (await expectReplay(dir, appended.length)).close();
        temp.cleanup();
      }),
      { numRuns: 40, seed: 20240611 },
    );
  });
});
