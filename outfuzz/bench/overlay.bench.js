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
exports.run = run;
const child_process_1 = require("child_process");
const fs = __importStar(require("fs"));
const os = __importStar(require("os"));
const path = __importStar(require("path"));
const overlayWorkspace_1 = require("../src/fs/overlayWorkspace");
const benchRow_1 = require("./benchRow");
/**
 * SPEC §8 for the overlay as a whole (real disk, real fsyncs):
 * - apply 1,000 staged files of 10 KB ≤ 3x copying the same files with `cp` (one `cp -r` process, which does
 *   not fsync; Apply fsyncs every file and its directory, as it must, so the comparison is a strict one);
 * - restart recovery of 10,000 pending changes < 1 s (OverlayWorkspace.open: replay + reconcile with the disk).
 */
const meta = { sessionId: 'bench', messageId: 'm', turn: 1, description: 'bench' };
function tmp(label) {
    return fs.mkdtempSync(path.join(os.tmpdir(), `bench-${label}-`));
}
async function applyRows() {
    const N = 1000;
    const content = (i) => Buffer.from(`line ${i} `.repeat(1024).slice(0, 10 * 1024));
    const ours = [];
    const refs = [];
    const durableRefs = [];
    for (let run = 0; run < 5; run++) {
        const root = tmp('apply');
        const ws = path.join(root, 'ws');
        const src = path.join(root, 'src');
        fs.mkdirSync(ws);
        fs.mkdirSync(src);
        for (let i = 0; i < N; i++)
            fs.writeFileSync(path.join(src, `f${i}.txt`), content(i));
        // Both sides start with no dirty pages pending (creating the sources left plenty): `sync` first.
        (0, child_process_1.spawnSync)('sync');
        // Reference: the same files copied by one cp process (which does not fsync; Apply does, so this is strict).
        const t0 = performance.now();
        (0, child_process_1.spawnSync)('cp', ['-r', src, path.join(root, 'copy')]);
        refs.push(performance.now() - t0);
        // A durable reference: the same copy, then made durable (Apply's files are durable when it returns).
        (0, child_process_1.spawnSync)('sync');
        const t2 = performance.now();
        (0, child_process_1.spawnSync)('cp', ['-r', src, path.join(root, 'copy2')]);
        (0, child_process_1.spawnSync)('sync');
        durableRefs.push(performance.now() - t2);
        const overlay = await overlayWorkspace_1.OverlayWorkspace.open(path.join(root, 'store'));
        for (let i = 0; i < N; i++)
            overlay.write(path.join(ws, `f${i}.txt`), content(i), meta);
        await overlay.flush();
        (0, child_process_1.spawnSync)('sync');
        const t1 = performance.now();
        const result = await overlay.apply();
        ours.push(performance.now() - t1);
        if (result.applied.length !== N)
            throw new Error(`applied ${result.applied.length} of ${N}`);
        await overlay.close();
        fs.rmSync(root, { recursive: true, force: true });
    }
    const m = (0, benchRow_1.median)(ours);
    const r = (0, benchRow_1.median)(refs);
    const d = (0, benchRow_1.median)(durableRefs);
    return [
        {
            name: 'apply 1,000 files of 10 KB', measured: (0, benchRow_1.formatMs)(m), reference: `${(0, benchRow_1.formatMs)(r)} (cp -r)`, ratio: (0, benchRow_1.formatRatio)(m, r),
            budget: '≤ 3x cp', ok: m <= 3 * r, note: 'journaled, every file fsynced and renamed into place',
        },
        {
            name: 'apply 1,000 files of 10 KB, durable reference', measured: (0, benchRow_1.formatMs)(m), reference: `${(0, benchRow_1.formatMs)(d)} (cp -r; sync)`, ratio: (0, benchRow_1.formatRatio)(m, d),
            budget: '(for reading the row above)', ok: true, note: 'the copy made as durable as Apply makes its files',
        },
    ];
}
async function recoveryRow() {
    const N = 10_000;
    const root = tmp('recover');
    const ws = path.join(root, 'ws');
    fs.mkdirSync(ws);
    for (let i = 0; i < N; i++)
        fs.writeFileSync(path.join(ws, `f${i}.txt`), `disk ${i}\n`);
    const store = path.join(root, 'store');
    const overlay = await overlayWorkspace_1.OverlayWorkspace.open(store);
    for (let i = 0; i < N; i++)
        overlay.write(path.join(ws, `f${i}.txt`), Buffer.from(`staged ${i}\n`), meta);
    await overlay.flush();
    await overlay.close();
    const times = [];
    for (let run = 0; run < 3; run++) {
        const t0 = performance.now();
        const reopened = await overlayWorkspace_1.OverlayWorkspace.open(store);
        times.push(performance.now() - t0);
        if (reopened.model.stagedPaths().length !== N)
            throw new Error('recovery lost changes');
        await reopened.close();
    }
    fs.rmSync(root, { recursive: true, force: true });
    const m = (0, benchRow_1.median)(times);
    return { name: 'restart recovery of 10,000 pending changes', measured: (0, benchRow_1.formatMs)(m), budget: '< 1 s', ok: m < 1000, note: 'open: replay snapshot + log, reconcile every change with the disk' };
}
async function run() {
    return [...(await applyRows()), await recoveryRow()];
}
//# sourceMappingURL=overlay.bench.js.map