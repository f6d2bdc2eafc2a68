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
const v8 = __importStar(require("v8"));
const vm = __importStar(require("vm"));
const editHistoryTracker_1 = require("../src/edits/editHistoryTracker");
const formatRecentEdits_1 = require("../src/edits/formatRecentEdits");
const benchRow_1 = require("./benchRow");
/**
 * SPEC §8 "edit tracker": < 5 ms per change event p99 on documents up to 1 MB, < 10 ms lookup, < 5 MB.
 * Events are synthesised with valid offsets against a length the bench keeps; ranges are placeholders because
 * the tracker copies them without computing anything from them.
 */
async function run() {
    return [perEvent(), manyChanges(), lookup(), memory(), openDocumentCopies()];
}
const ONE_MB = 1 << 20;
const RANGE = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
function bigDocument() {
    const line = '  const value = computeSomething(alpha, beta); // ünïcode 😀 comment text\r\n';
    return line.repeat(Math.ceil(ONE_MB / line.length)).slice(0, ONE_MB);
}
/** A deterministic mix of what a session sends: typing, backspace, word deletes, pastes, multi-cursor, formats. */
function* workload(length, seed) {
    let s = seed;
    const rnd = (n) => (s = (s * 1103515245 + 12345) % 2147483648) % n;
    let cursor = rnd(length());
    for (let n = 1;; n++) {
        const len = length();
        cursor = Math.min(cursor, len);
        // Every 50th event (2%, so the p99 cannot leave them out) is a rename symbol / replace all: 33-200 changes
        // spread over the whole document (issue 18, item 8). Counted, not drawn: the generator's low bits repeat.
        if (n % 50 === 0) {
            yield spreadChanges(len, 33 + ((n / 50) * 37) % 168, 'renamed');
            continue;
        }
        const kind = rnd(100);
        const at = (offset, rangeLength, text) => ({ rangeOffset: offset, rangeLength, range: RANGE, text });
        if (kind < 60) {
            yield [at(cursor, 0, 'abcdefghij'[rnd(10)])];
            cursor++;
        }
        else if (kind < 70) {
            if (cursor > 0)
                cursor--;
            yield [at(cursor, Math.min(1, len - cursor), '')];
        }
        else if (kind < 80) {
            yield [at(cursor, Math.min(12, len - cursor), '')];
        }
        else if (kind < 88) {
            const pasted = 'pasted(line, of, code);\n'.repeat(1 + rnd(20));
            yield [at(cursor, Math.min(rnd(60), len - cursor), pasted)];
            cursor += pasted.length;
        }
        else if (kind < 96) {
            // Multi-cursor: 10 cursors spread over the document, one word each.
            const step = Math.floor(len / 11);
            yield Array.from({ length: 10 }, (_, k) => at(step * (k + 1), 0, 'word'));
        }
        else {
            cursor = rnd(len);
            yield [at(cursor, Math.min(200, len - cursor), 'replacement text\r\n')];
        }
    }
}
/** `count` replacements of 5 code units, evenly spread over a document of `len`. */
function spreadChanges(len, count, text) {
    const step = Math.floor(len / (count + 1));
    return Array.from({ length: count }, (_, k) => ({ rangeOffset: step * (k + 1), rangeLength: 5, range: RANGE, text }));
}
function percentile(samples, p) {
    const sorted = [...samples].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}
function perEvent() {
    const clock = { now: Date.now() };
    const tracker = new editHistoryTracker_1.EditHistoryTracker({ clock: () => clock.now });
    const uri = 'file:///bench/big.ts';
    let text = bigDocument();
    let version = 1;
    let docLength = text.length;
    const noResync = () => {
        throw new Error('unexpected resync in the bench');
    };
    const send = (changes, textAfter = noResync) => {
        const event = { uri, version: ++version, changes };
        for (const c of changes)
            docLength += c.text.length - c.rangeLength;
        clock.now += 50;
        const t0 = process.hrtime.bigint();
        tracker.handleChange(event, textAfter);
        return Number(process.hrtime.bigint() - t0) / 1e6;
    };
    // First sight: an insert-only event builds the shadow from the text after it.
    text = text.slice(0, 1000) + 'first' + text.slice(1000);
    const afterFirst = text;
    const firstSight = send([{ rangeOffset: 1000, rangeLength: 0, range: RANGE, text: 'first' }], () => afterFirst);
    text = '';
    const events = workload(() => docLength, 12345);
    for (let i = 0; i < 1000; i++)
        send(events.next().value); // warm-up (JIT)
    const samples = [];
    const bigSamples = [];
    for (let i = 0; i < 10_000; i++) {
        const changes = events.next().value;
        const ms = send(changes);
        samples.push(ms);
        if (changes.length > 32)
            bigSamples.push(ms);
    }
    // Format document: thousands of whitespace changes in one event (the rebuild path).
    const step = Math.floor(docLength / 5001);
    const formatAll = send(Array.from({ length: 5000 }, (_, k) => ({ rangeOffset: step * (k + 1), rangeLength: 0, range: RANGE, text: '  ' })));
    // First sight again, now that the code is warm: what a user's first edit in a second 1 MB file costs.
    const other = bigDocument() + 'x';
    const t0 = process.hrtime.bigint();
    tracker.handleChange({ uri: 'file:///bench/other.ts', version: 2, changes: [{ rangeOffset: other.length - 1, rangeLength: 0, range: RANGE, text: 'x' }] }, () => other);
    const firstSightWarm = Number(process.hrtime.bigint() - t0) / 1e6;
    const p99 = percentile(samples, 0.99);
    return {
        name: 'edit tracker p99 per event, 1 MB doc',
        measured: (0, benchRow_1.formatMs)(p99),
        budget: '< 5 ms',
        ok: p99 < 5,
        note: `10,000 events (typing, deletes, pastes, 10-cursor edits, and ${bigSamples.length} renames of 33-200 changes, median ${(0, benchRow_1.formatMs)((0, benchRow_1.median)(bigSamples))}) after 1,000 warm-up; median ${(0, benchRow_1.formatMs)((0, benchRow_1.median)(samples))}, `
            + `p99.9 ${(0, benchRow_1.formatMs)(percentile(samples, 0.999))}, max ${(0, benchRow_1.formatMs)(Math.max(...samples))} (GC pauses land here); first sight of a document (shadow built) ${(0, benchRow_1.formatMs)(firstSight)} cold, ${(0, benchRow_1.formatMs)(firstSightWarm)} warm; `
            + `one 5,000-change format event ${(0, benchRow_1.formatMs)(formatAll)}`,
    };
}
/** A tracker filled to the default limits: 50 edits over 5 files, 10 each, realistic sizes. */
function filledTracker(textOf, docLength) {
    const clock = { now: Date.now() };
    const tracker = new editHistoryTracker_1.EditHistoryTracker({ clock: () => clock.now });
    const uris = Array.from({ length: 5 }, (_, f) => `file:///bench/src/file${f}.ts`);
    for (const uri of uris) {
        const initial = 'x'.repeat(docLength);
        tracker.track(uri, initial, 1);
        let length = initial.length;
        for (let v = 2; v <= 11; v++) {
            const newText = textOf(v);
            const oldLength = Math.min(length, newText.length);
            tracker.handleChange({ uri, version: v, changes: [{ rangeOffset: 0, rangeLength: oldLength, range: RANGE, text: newText }] }, () => {
                throw new Error('unexpected resync');
            });
            length += newText.length - oldLength;
            clock.now += 1000;
        }
    }
    return { tracker, uris };
}
/**
 * Issue 18, item 8: events of more than 32 changes (rename, replace all) on a 1 MB document. Three rounds of 1,000
 * events; the row is the median of the rounds' p99s (each listed), like the host rows' median of three: on this
 * shared 2-core machine a round's tail is mostly the process waiting for a core.
 */
function manyChanges() {
    const clock = { now: Date.now() };
    const tracker = new editHistoryTracker_1.EditHistoryTracker({ clock: () => clock.now });
    const uri = 'file:///bench/renamed.ts';
    const text = bigDocument();
    tracker.track(uri, text, 1);
    let length = text.length;
    let version = 1;
    const noResync = () => {
        throw new Error('unexpected resync in the bench');
    };
    let i = 0;
    const cpu = [];
    const event = () => {
        const count = 33 + ((i * 37) % 168);
        const changes = spreadChanges(length, count, i++ % 2 ? 'renamedValue' : 'total');
        clock.now += 50;
        const c0 = process.cpuUsage();
        const t0 = process.hrtime.bigint();
        tracker.handleChange({ uri, version: ++version, changes }, noResync);
        const ms = Number(process.hrtime.bigint() - t0) / 1e6;
        const used = process.cpuUsage(c0);
        cpu.push((used.user + used.system) / 1000);
        for (const c of changes)
            length += c.text.length - c.rangeLength;
        return ms;
    };
    for (let w = 0; w < 200; w++)
        event(); // warm up the JIT
    cpu.length = 0;
    const rounds = [0, 1, 2].map(() => Array.from({ length: 1000 }, event));
    const p99s = rounds.map(r => percentile(r, 0.99));
    const p99 = (0, benchRow_1.median)(p99s);
    const all = rounds.flat();
    return {
        name: 'edit tracker p99 per event of 33-200 changes, 1 MB doc',
        measured: (0, benchRow_1.formatMs)(p99),
        budget: '< 5 ms',
        ok: p99 < 5,
        note: `3 rounds of 1,000 rename-like events (33-200 changes spread over the document, each with its exact old text) after 200 warm-up; `
            + `p99 per round ${p99s.map(benchRow_1.formatMs).join(' / ')}; median ${(0, benchRow_1.formatMs)((0, benchRow_1.median)(all))}, max ${(0, benchRow_1.formatMs)(Math.max(...all))}; `
            + `CPU time p99 ${(0, benchRow_1.formatMs)(percentile(cpu, 0.99))} (the rest of a slow event is garbage collection or waiting for a core; ms resolution)`,
    };
}
/**
 * Issue 18, item 6: every open document is copied (not only the visible ones), within the budget: documents up to
 * 5 MB, 64 MB for all copies. Opens 40 documents of 1-5 MB (120 MB of text), measures the heap the copies retain,
 * and checks that the first replace in the last 5 MB document opened is exact.
 */
function openDocumentCopies() {
    const gc = getGc();
    const heap = () => {
        gc?.();
        gc?.();
        return process.memoryUsage().heapUsed;
    };
    const tracker = new editHistoryTracker_1.EditHistoryTracker({ clock: () => Date.now() });
    const line = '  const value = computeSomething(alpha, beta); // plain ASCII comment text\n';
    const before = heap();
    let opened = 0;
    let openTime = 0;
    const sizes = [];
    let last = { uri: '', text: '' };
    for (let k = 0; k < 40; k++) {
        const size = (1 + (k % 5)) * ONE_MB; // 1..5 MB
        const text = line.repeat(Math.ceil(size / line.length)).slice(0, size);
        const uri = `file:///bench/open/doc${k}.ts`;
        const t0 = process.hrtime.bigint();
        tracker.track(uri, text, 1);
        openTime = Math.max(openTime, Number(process.hrtime.bigint() - t0) / 1e6);
        opened += size;
        sizes.push(size);
        last = { uri, text };
    }
    const retained = heap() - before;
    const stats = tracker.stats();
    // The first replace in the most recently opened (5 MB) document: exact, from its copy.
    const out = tracker.handleChange({ uri: last.uri, version: 2, changes: [{ rangeOffset: 4 * ONE_MB, rangeLength: 5, range: RANGE, text: 'total' }] }, () => {
        throw new Error('unexpected resync: the copy should be there');
    });
    const exact = out.recorded[0]?.oldText === last.text.slice(4 * ONE_MB, 4 * ONE_MB + 5);
    const budget = 64 * ONE_MB;
    const measured = gc ? retained : stats.shadowLength * 2;
    const mb = (b) => `${(b / ONE_MB).toFixed(1)} MB`;
    return {
        name: 'edit tracker copies of open documents',
        measured: mb(measured),
        budget: '≤ 64 MB in all; exact old text in any document ≤ 5 MB',
        ok: measured <= budget && exact && tracker.isTracked(last.uri),
        note: `${gc ? 'retained heap (heapUsed after gc)' : 'estimate: code units x 2 (gc unavailable)'} with 40 documents of 1-5 MB open (${mb(opened)} of text): `
            + `${stats.trackedDocuments} copies of ${mb(stats.shadowLength)} kept (least recently used dropped); first replace in the last 5 MB document opened ${exact ? 'exact' : 'NOT exact'}; `
            + `copying a 5 MB document on open ${(0, benchRow_1.formatMs)(openTime)} at worst`,
    };
}
function lookup() {
    const { tracker } = filledTracker(k => `function edit${k}(a, b) {\n  return a + b * ${k};\n}\n`.repeat(3), 20_000);
    const time = (fn) => {
        const t0 = process.hrtime.bigint();
        fn();
        return Number(process.hrtime.bigint() - t0) / 1e6;
    };
    for (let i = 0; i < 200; i++)
        tracker.getRecent({ filePath: 'src/file3.ts', maxEdits: 10 });
    const byFile = [];
    const all = [];
    const prompt = [];
    for (let i = 0; i < 2000; i++) {
        byFile.push(time(() => tracker.getRecent({ filePath: 'src/file3.ts', maxEdits: 10 })));
        all.push(time(() => tracker.getRecent({ maxEdits: 50 })));
        prompt.push(time(() => (0, formatRecentEdits_1.formatRecentEdits)(tracker.getRecent({ maxEdits: 10 }))));
    }
    const worst = Math.max(percentile(byFile, 0.99), percentile(all, 0.99));
    return {
        name: 'edit tracker lookup',
        measured: (0, benchRow_1.formatMs)(worst),
        budget: '< 10 ms',
        ok: worst < 10,
        note: `p99 of 2,000 lookups at the limits (50 edits, 5 files): by file path ${(0, benchRow_1.formatMs)(percentile(byFile, 0.99))}, `
            + `all files ${(0, benchRow_1.formatMs)(percentile(all, 0.99))}; RECENT EDITS prompt for 10 edits ${(0, benchRow_1.formatMs)(percentile(prompt, 0.99))}`,
    };
}
/** `global.gc`, made available without a command-line flag when it was not exposed. */
function getGc() {
    const exposed = globalThis.gc;
    if (exposed)
        return exposed;
    try {
        v8.setFlagsFromString('--expose-gc');
        return vm.runInNewContext('gc');
    }
    catch {
        return undefined;
    }
}
function memory() {
    const gc = getGc();
    const heap = () => {
        gc?.();
        gc?.();
        return process.memoryUsage().heapUsed;
    };
    // Worst case: every edit stores the maximum text on both sides, in two-byte characters (Cyrillic).
    const cap = 16 * 1024;
    const before = heap();
    const { tracker } = filledTracker(k => String.fromCharCode(0x430 + k).repeat(cap + 100), 40_000);
    const filled = heap();
    const stats = tracker.stats();
    tracker.cleanup(Date.now() + 365 * 24 * 3600_000); // drop every edit, keep the shadows
    const shadowsOnly = heap();
    const historyBytes = gc ? filled - shadowsOnly : stats.storedTextLength * 2;
    const shadowBytes = gc ? shadowsOnly - before : stats.shadowLength * 2;
    const mb = (b) => `${(b / ONE_MB).toFixed(2)} MB`;
    return {
        name: 'edit tracker memory at limits',
        measured: mb(historyBytes),
        budget: '< 5 MB',
        ok: historyBytes < 5 * ONE_MB,
        note: (gc ? 'retained heap (heapUsed after gc, filled minus edits dropped)' : 'estimate: stored UTF-16 code units x 2 bytes (gc unavailable)')
            + `; worst case: ${stats.edits} edits with ${cap}-code-unit two-byte texts on both sides (${stats.storedTextLength.toLocaleString('en')} code units). `
            + `Not counted: the copies of open documents (their own row below), ${mb(shadowBytes)} here for 5 documents of ~${mb(stats.shadowLength / 5)} (two-byte), dropped on close`,
    };
}
//# sourceMappingURL=edits.bench.js.map