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
const assert = __importStar(require("assert"));
const child_process_1 = require("child_process");
const fs = __importStar(require("fs"));
const os = __importStar(require("os"));
const path = __importStar(require("path"));
const overlayWorkspace_1 = require("../../../src/fs/overlayWorkspace");
/**
 * SPEC §9 invariant 3: a kill -9 at any point of an apply loses no staged change and leaves no half-written
 * file. A real child process applies 120 staged files (writes, creates, deletes, renames) and is killed after a
 * seeded, varying delay; after reopening, every file is fully old or fully new, no temp file is left, the
 * effective view still equals what was staged, and applying again finishes the job.
 */
describe('apply survives kill -9', function () {
    this.timeout(120_000);
    const N = 120;
    const child = path.join(__dirname, 'applyCrashChild.js');
    const oldOf = (i) => `old ${i}\n`.repeat(200);
    const newOf = (i) => `new ${i}\n`.repeat(200);
    const meta = { sessionId: 's', messageId: 'm', turn: 1, description: 'crash test' };
    /** Stages: modify 0..59, create 60..89, delete 90..104, rename 105..119 → r105..r119 (with an edit). */
    async function stage(ws, store) {
        const o = await overlayWorkspace_1.OverlayWorkspace.open(store);
        for (let i = 0; i < N; i++)
            if (i < 60 || i >= 90)
                fs.writeFileSync(path.join(ws, `f${i}.txt`), oldOf(i));
        for (let i = 0; i < N; i++) {
            const p = path.join(ws, `f${i}.txt`);
            if (i < 90)
                o.write(p, Buffer.from(newOf(i)), meta);
            else if (i < 105)
                o.delete(p, meta);
            else {
                o.rename(p, path.join(ws, `r${i}.txt`), meta);
                o.write(path.join(ws, `r${i}.txt`), Buffer.from(newOf(i)), meta);
            }
        }
        await o.close();
    }
    function expectations(ws) {
        const out = [];
        for (let i = 0; i < N; i++) {
            const p = path.join(ws, `f${i}.txt`);
            if (i < 60)
                out.push({ p, old: oldOf(i), new: newOf(i) });
            else if (i < 90)
                out.push({ p, old: undefined, new: newOf(i) });
            else if (i < 105)
                out.push({ p, old: oldOf(i), new: undefined });
            else
                out.push({ p, old: oldOf(i), new: undefined }, { p: path.join(ws, `r${i}.txt`), old: undefined, new: newOf(i) });
        }
        return out;
    }
    async function runAndKill(store, delayMs) {
        const proc = (0, child_process_1.spawn)(process.execPath, [child, store], { stdio: ['ignore', 'pipe', 'inherit'] });
        let out = '';
        let killed = false;
        proc.stdout.on('data', d => {
            out += d;
            if (!killed && out.includes('applying')) {
                killed = true;
                setTimeout(() => proc.kill('SIGKILL'), delayMs);
            }
        });
        await new Promise(r => proc.on('exit', r));
        return !out.includes('applied');
    }
    const delays = [0, 3, 7, 15, 25, 40, 70, 110];
    for (const delay of delays) {
        it(`after a kill ${delay} ms into the apply, every file is old or new and nothing staged is lost`, async () => {
            const root = fs.mkdtempSync(path.join(os.tmpdir(), 'apply-crash-'));
            const ws = path.join(root, 'ws');
            const store = path.join(root, 'store');
            fs.mkdirSync(ws);
            try {
                await stage(ws, store);
                await runAndKill(store, delay);
                const read = (p) => (fs.existsSync(p) ? fs.readFileSync(p, 'utf8') : undefined);
                for (const e of expectations(ws)) {
                    const now = read(e.p);
                    assert.ok(now === e.old || now === e.new, `${path.basename(e.p)} is neither old nor new: ${JSON.stringify(now?.slice(0, 20))}`);
                }
                const o = await overlayWorkspace_1.OverlayWorkspace.open(store);
                try {
                    assert.deepStrictEqual(fs.readdirSync(ws).filter(f => f.endsWith('.tmp')), [], 'no temp file is left');
                    for (const e of expectations(ws)) {
                        const effective = (() => { try {
                            return Buffer.from(o.readFile(e.p)).toString('utf8');
                        }
                        catch {
                            return undefined;
                        } })();
                        assert.strictEqual(effective, e.new, `the effective view of ${path.basename(e.p)} is what was staged`);
                    }
                    const result = await o.apply();
                    assert.deepStrictEqual(result.refused, []);
                    for (const e of expectations(ws))
                        assert.strictEqual(read(e.p), e.new, `${path.basename(e.p)} after the second apply`);
                }
                finally {
                    await o.close();
                }
            }
            finally {
                fs.rmSync(root, { recursive: true, force: true });
            }
        });
    }
});
//# sourceMappingURL=applyCrash.test.js.map