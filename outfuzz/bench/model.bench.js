"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.run = run;
const perf_hooks_1 = require("perf_hooks");
const contentStore_1 = require("../src/fs/model/contentStore");
const overlayModel_1 = require("../src/fs/model/overlayModel");
const benchRow_1 = require("./benchRow");
/**
 * SPEC §8: stage 10,000 changes, then prune one message's 1,000, under 200 ms in total, measured on the model
 * with an in-memory content store. The shape is the demanding one for pruning: 1,000 files each edited by all
 * 10 messages (message k rewrites line 3k), so pruning a middle message rebases later edits of every one of
 * its files with a three-way merge rather than just dropping records.
 */
const MESSAGES = 10;
const LINES = 32;
const PRUNED = 'm4';
const BUDGET_MS = 200;
/** Issue 13: ten times the size, where a prune must cost in proportion to the paths it touches. */
const LARGE_BUDGET_MS = 2_000;
function makeInput(FILES) {
    const enc = new TextEncoder();
    const disk = new Map();
    const texts = [];
    for (let f = 0; f < FILES; f++) {
        const lines = Array.from({ length: LINES }, (_, i) => `  const v${i} = compute(${f}, ${i});\n`);
        texts.push(lines);
        disk.set(path(f), enc.encode(lines.join('')));
    }
    const writes = [];
    for (let m = 0; m < MESSAGES; m++) {
        for (let f = 0; f < FILES; f++) {
            texts[f][3 * m] = `  const v${3 * m} = edited(${m}, ${f});\n`;
            writes.push([path(f), enc.encode(texts[f].join('')), `m${m}`]);
        }
    }
    return { disk, writes };
}
function path(f) {
    return `/workspace/src/dir${f % 37}/file${f}.ts`;
}
function once(input, FILES) {
    const model = new overlayModel_1.OverlayModel(new contentStore_1.MemoryContentStore());
    const probe = { read: (p) => input.disk.get(p) };
    const t0 = perf_hooks_1.performance.now();
    for (const [p, bytes, messageId] of input.writes) {
        model.write(p, bytes, { sessionId: 's1', messageId, turn: 1, description: 'edit' }, probe);
    }
    const t1 = perf_hooks_1.performance.now();
    const plan = model.prune(PRUNED);
    const t2 = perf_hooks_1.performance.now();
    if (plan.conflicts.length !== 0 || plan.op.recordIds.length !== FILES)
        throw new Error('bench prune did not take out the message cleanly');
    return { stageMs: t1 - t0, pruneMs: t2 - t1 };
}
async function run() {
    return [row(1_000, 7, BUDGET_MS), row(10_000, 3, LARGE_BUDGET_MS)];
}
function row(files, runs, budget) {
    const input = makeInput(files);
    once(input, files); // warm-up: JIT, hash and merge code paths
    const samples = Array.from({ length: runs }, () => once(input, files));
    const total = (0, benchRow_1.median)(samples.map((s) => s.stageMs + s.pruneMs));
    const stage = (0, benchRow_1.median)(samples.map((s) => s.stageMs));
    const prune = (0, benchRow_1.median)(samples.map((s) => s.pruneMs));
    const n = (x) => x.toLocaleString('en-US');
    return {
        name: `stage ${n(files * MESSAGES)} + prune ${n(files)}`,
        measured: (0, benchRow_1.formatMs)(total),
        budget: `< ${n(budget)} ms`,
        ok: total < budget,
        note: `stage ${(0, benchRow_1.formatMs)(stage)}, prune ${(0, benchRow_1.formatMs)(prune)} (${n(files)} files × ${MESSAGES} messages, the prune rebases 5 later records of every file; median of ${runs})`,
    };
}
//# sourceMappingURL=model.bench.js.map