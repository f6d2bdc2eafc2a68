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
exports.STEPS = exports.INITIAL = exports.UMASK = exports.NEW_FILE_MODE = void 0;
exports.worlds = worlds;
exports.lastApplyStep = lastApplyStep;
exports.writeInitial = writeInitial;
/**
 * The crash sweep's scenario: stage, apply part, stage more, apply all, undo, driven through OverlayWorkspace's
 * public API only, as a list of steps. Each step also says, as a pure transformation of expected trees, what the
 * disk and the overlay's effective view are once it is done, so a checker can tell every acceptable state after a
 * crash at any point. Covers text, binary, empty, executable and large (≥ 300 KB) files, nested folders, folders
 * emptied by an apply, renames (of a file, of a folder, of an executable into a new folder) and a rename chain.
 */
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
/** Mode of a file the overlay creates: the child runs with umask 022. */
exports.NEW_FILE_MODE = 0o644;
exports.UMASK = 0o022;
const meta = { sessionId: 'crash', messageId: 'm', turn: 1, description: 'crash sweep' };
function pseudoRandom(seed, length) {
    const out = Buffer.alloc(length);
    let x = seed >>> 0;
    for (let i = 0; i < length; i++) {
        x = (Math.imul(x, 1103515245) + 12345) >>> 0;
        out[i] = x >>> 24;
    }
    return out;
}
const text = (s) => ({ data: Buffer.from(s), mode: 0o644 });
const script = (s) => ({ data: Buffer.from(s), mode: 0o755 });
/** Plain text files edited one by one in the first staging, and as many created in the second. */
const SOURCES = 14;
/** What the workspace folder holds before the scenario. */
exports.INITIAL = new Map([
    ['text.txt', text('hello\nworld\n')],
    ['data.bin', { data: Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 7) & 0xff)), mode: 0o644 }],
    ['run.sh', script('#!/bin/sh\necho old\n')],
    ['big.bin', { data: pseudoRandom(1, 320 * 1024), mode: 0o644 }],
    ['gone/top.txt', text('top\n')],
    ['gone/x/one.txt', text('one\n')],
    ['gone/x/two.txt', text('two\n')],
    ['c1.txt', text('C1\n')],
    ['c2.txt', text('C2\n')],
    ['tool.sh', script('#!/bin/sh\necho tool\n')],
    ['move/m1.txt', text('m1\n')],
    ['move/sub/m2.txt', text('m2\n')],
    ['keep.txt', text('untouched\n')],
    ...Array.from({ length: SOURCES }, (_, i) => [`src/m${i}.txt`, text(`module ${i}\n`.repeat(i + 1))]),
]);
// ── pure tree transformations ──────────────────────────────────────────────────────────────────────────────
function written(t, rel, data) {
    const out = new Map(t);
    out.set(rel, { data, mode: t.get(rel)?.mode ?? exports.NEW_FILE_MODE });
    return out;
}
function removed(t, rel) {
    const out = new Map(t);
    for (const k of t.keys())
        if (k === rel || k.startsWith(`${rel}/`))
            out.delete(k);
    return out;
}
function moved(t, from, to) {
    const out = new Map(t);
    for (const [k, f] of t) {
        if (k !== from && !k.startsWith(`${from}/`))
            continue;
        out.delete(k);
        out.set(to + k.slice(from.length), f);
    }
    return out;
}
/** `disk` with the view's state of `paths` (a path absent from the view is absent from the result). */
function appliedTo(disk, view, paths) {
    const out = new Map(disk);
    for (const p of paths) {
        const f = view.get(p);
        if (f)
            out.set(p, f);
        else
            out.delete(p);
    }
    return out;
}
// ── the steps ──────────────────────────────────────────────────────────────────────────────────────────────
const abs = (root, rel) => path.join(root, ...rel.split('/'));
function stageWrite(phase, rel, data) {
    return {
        name: `write ${rel}`, phase,
        run: async (ws, root) => {
            ws.write(abs(root, rel), data, meta);
            await ws.flush();
        },
        after: w => ({ disk: w.disk, view: written(w.view, rel, data) }),
    };
}
function stageDelete(phase, rel) {
    return {
        name: `delete ${rel}`, phase,
        run: async (ws, root) => {
            ws.delete(abs(root, rel), meta, { recursive: true });
            await ws.flush();
        },
        after: w => ({ disk: w.disk, view: removed(w.view, rel) }),
    };
}
function stageRename(phase, from, to) {
    return {
        name: `rename ${from} → ${to}`, phase,
        run: async (ws, root) => {
            ws.rename(abs(root, from), abs(root, to), meta);
            await ws.flush();
        },
        after: w => ({ disk: w.disk, view: moved(w.view, from, to) }),
    };
}
/** Paths applied by the partial apply (a deletion of a whole folder among them: the apply empties it). */
const PART = ['text.txt', 'run.sh', 'nested/a/b/deep.txt', 'gone/top.txt', 'gone/x/one.txt', 'gone/x/two.txt'];
exports.STEPS = [
    stageWrite('stage1', 'text.txt', Buffer.from('hello\nthere\n')),
    stageWrite('stage1', 'data.bin', Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 13 + 5) & 0xff))),
    stageWrite('stage1', 'run.sh', Buffer.from('#!/bin/sh\necho new\n')),
    stageWrite('stage1', 'big.bin', pseudoRandom(2, 330 * 1024)),
    stageWrite('stage1', 'empty.txt', Buffer.alloc(0)),
    stageWrite('stage1', 'nested/a/b/deep.txt', Buffer.from('deep\n')),
    stageDelete('stage1', 'gone'),
    ...Array.from({ length: SOURCES }, (_, i) => stageWrite('stage1', `src/m${i}.txt`, Buffer.from(`module ${i} edited\n`.repeat(i + 2)))),
    {
        name: 'apply part', phase: 'applyPart',
        run: async (ws, root) => {
            await ws.apply({ paths: PART.map(p => abs(root, p)), roots: [root] });
        },
        after: w => ({ disk: appliedTo(w.disk, w.view, PART), view: w.view }),
    },
    stageRename('stage2', 'c1.txt', 'c1b.txt'),
    stageRename('stage2', 'c2.txt', 'c1.txt'),
    stageRename('stage2', 'tool.sh', 'bin/tool.sh'),
    stageRename('stage2', 'move', 'moved'),
    stageWrite('stage2', 'text.txt', Buffer.from('hello\nagain\n')),
    stageDelete('stage2', 'nested/a/b/deep.txt'),
    ...Array.from({ length: SOURCES }, (_, i) => stageWrite('stage2', `docs/d${i}.md`, Buffer.from(`# page ${i}\n`))),
    {
        name: 'apply all', phase: 'applyAll',
        run: async (ws, root) => {
            await ws.apply({ roots: [root] });
        },
        after: w => ({ disk: w.view, view: w.view }),
    },
    {
        name: 'undo', phase: 'undo',
        run: async (ws) => {
            await ws.undoLastApply();
        },
        // Undo restores what the last apply replaced and stages the applied changes again: the view is unchanged.
        after: (w, history) => {
            const disk = history[lastApplyStep(history.length - 1)].disk;
            return { disk, view: w.view };
        },
    },
];
/** The world after each step: index 0 is before the first step, index i + 1 after step i. */
function worlds() {
    const out = [{ disk: exports.INITIAL, view: exports.INITIAL }];
    for (const s of exports.STEPS)
        out.push(s.after(out[out.length - 1], out));
    return out;
}
/** Which apply (step index) a world's undo record describes: the last apply or undo step up to `upto` steps. */
function lastApplyStep(upto) {
    let last;
    for (let i = 0; i < upto; i++) {
        const p = exports.STEPS[i].phase;
        if (p === 'applyPart' || p === 'applyAll')
            last = i;
        if (p === 'undo')
            last = undefined;
    }
    return last;
}
/** Writes the initial workspace folder (without the overlay; not part of the sweep). */
function writeInitial(root) {
    for (const [rel, f] of exports.INITIAL) {
        const file = abs(root, rel);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, f.data);
        fs.chmodSync(file, f.mode);
    }
}
//# sourceMappingURL=crashScenario.js.map