"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
/**
 * Seeded random sequences of appends, flushes, compactions and reopens. Invariant: at every point where a flush
 * or compaction has resolved, a copy of the folder (what a crash right then would leave) replays to exactly the
 * acknowledged ops, and a clean reopen replays to everything appended.
 */
const assert = __importStar(require("assert"));
const fc = __importStar(require("fast-check"));
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const durableLog_1 = require("../../../src/fs/store/durableLog");
const tempDirs_1 = require("./tempDirs");
const toyModel_1 = require("./toyModel");
const command = fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 20 }).map((count) => ({ kind: 'append', count })) }, { weight: 3, arbitrary: fc.constant({ kind: 'flush' }) }, { weight: 1, arbitrary: fc.constant({ kind: 'compact' }) }, { weight: 1, arbitrary: fc.constant({ kind: 'reopen' }) }, { weight: 1, arbitrary: fc.constant({ kind: 'crash' }) });
describe('DurableLog (seeded random sequences)', function () {
    this.timeout(120_000);
    const temp = new tempDirs_1.TempDirs();
    after(() => temp.cleanup());
    it('a crash copy holds exactly the acknowledged ops; a reopen holds all of them', async () => {
        await fc.assert(fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 25 }), async (commands) => {
            const dir = temp.make('store-prop-');
            let { log } = await durableLog_1.DurableLog.open(dir);
            const appended = [];
            let acknowledged = 0;
            const expectReplay = async (from, count) => {
                const opened = await durableLog_1.DurableLog.open(from);
                assert.deepStrictEqual((0, toyModel_1.replay)(opened.snapshot, opened.ops), (0, toyModel_1.replay)(undefined, appended.slice(0, count)));
                assert.deepStrictEqual(opened.problems, []);
                return opened.log;
            };
            for (const c of commands) {
                switch (c.kind) {
                    case 'append':
                        for (let i = 0; i < c.count; i++) {
                            appended.push((0, toyModel_1.toyOp)(appended.length));
                            log.append(appended[appended.length - 1]);
                        }
                        break;
                    case 'flush':
                        await log.flush();
                        acknowledged = appended.length;
                        break;
                    case 'compact':
                        await log.compact((0, toyModel_1.replay)(undefined, appended));
                        acknowledged = appended.length;
                        break;
                    case 'reopen':
                        await log.close();
                        acknowledged = appended.length;
                        log = await expectReplay(dir, appended.length);
                        break;
                    case 'crash': {
                        const copy = temp.make('store-prop-crash-');
                        for (const name of fs.readdirSync(dir))
                            fs.copyFileSync(path.join(dir, name), path.join(copy, name));
                        await (await expectReplay(copy, acknowledged)).close();
                        break;
                    }
                }
            }
            await log.close();
            await (await expectReplay(dir, appended.length)).close();
            temp.cleanup();
        }), { numRuns: 40, seed: 20240611 });
    });
});
//# sourceMappingURL=durableLog.property.test.js.map