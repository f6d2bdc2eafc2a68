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
exports.prng = prng;
exports.gitMergeFile = gitMergeFile;
exports.randomCase = randomCase;
exports.heavyCase = heavyCase;
const child_process_1 = require("child_process");
const fs = __importStar(require("fs"));
const os = __importStar(require("os"));
const path = __importStar(require("path"));
/** A small deterministic PRNG (mulberry32), so a failing generated case can be reproduced from its seed. */
function prng(seed) {
    let a = seed >>> 0;
    return () => {
        a = (a + 0x6d2b79f5) >>> 0;
        let t = a;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}
/**
 * Runs `git merge-file -p [--diff3 -L agent -L base -L disk] ours base theirs` on temp files, with the user's
 * and system git config switched off so a `merge.conflictStyle` setting cannot change the reference.
 */
function gitMergeFile(c, diff3 = true) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'merge-diff-'));
    try {
        fs.writeFileSync(path.join(dir, 'base'), c.base);
        fs.writeFileSync(path.join(dir, 'ours'), c.ours);
        fs.writeFileSync(path.join(dir, 'theirs'), c.theirs);
        const args = diff3 ? ['merge-file', '-p', '--diff3', '-L', 'agent', '-L', 'base', '-L', 'disk', 'ours', 'base', 'theirs'] : ['merge-file', '-p', 'ours', 'base', 'theirs'];
        const r = (0, child_process_1.spawnSync)('git', args, {
            cwd: dir,
            env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: os.devNull },
            maxBuffer: 1 << 30,
        });
        if (r.error)
            throw r.error;
        if (r.status === null || r.status < 0 || r.status > 127)
            throw new Error(`git merge-file failed: ${r.stderr.toString()}`);
        return { text: r.stdout.toString('utf8'), conflicts: r.status };
    }
    finally {
        fs.rmSync(dir, { recursive: true, force: true });
    }
}
const WORDS = ['a', 'b', 'c', 'd', '}', '', '  x = 1;', 'return;', 'é', '日本', '🙂', 'foo bar', '\t{'];
/**
 * A random (base, ours, theirs): base lines drawn from a small vocabulary (repeats make the diff's choices
 * ambiguous, which is where an inexact diff would show), each side a few random edits, sometimes overlapping;
 * line endings LF, CRLF or mixed; any of the three may lack its final newline or be empty.
 */
function randomCase(seed) {
    const rnd = prng(seed);
    const pick = (xs) => xs[Math.floor(rnd() * xs.length)];
    const vocab = WORDS.slice(0, 2 + Math.floor(rnd() * WORDS.length));
    const eolMode = pick(['lf', 'lf', 'crlf', 'mixed']);
    const eol = () => (eolMode === 'lf' ? '\n' : eolMode === 'crlf' ? '\r\n' : pick(['\n', '\r\n']));
    const line = () => pick(vocab) + (rnd() < 0.3 ? String(Math.floor(rnd() * 5)) : '') + eol();
    const size = rnd() < 0.1 ? 0 : rnd() < 0.8 ? Math.floor(rnd() * 25) : 100 + Math.floor(rnd() * 400);
    const base = [];
    for (let i = 0; i < size; i++)
        base.push(line());
    const edit = (lines) => {
        const out = [...lines];
        const edits = rnd() < 0.1 ? 0 : 1 + Math.floor(rnd() * (lines.length > 50 ? 12 : 4));
        for (let e = 0; e < edits; e++) {
            const at = Math.floor(rnd() * (out.length + 1));
            const del = rnd() < 0.5 ? Math.floor(rnd() * 3) : 0;
            const ins = [];
            const nIns = rnd() < 0.3 && del > 0 ? 0 : Math.floor(rnd() * 3) + (del === 0 ? 1 : 0);
            for (let k = 0; k < nIns; k++)
                ins.push(line());
            out.splice(at, del, ...ins);
        }
        if (rnd() < 0.05)
            return [];
        return out;
    };
    const finish = (lines) => {
        let text = lines.join('');
        if (text.length > 0 && rnd() < 0.2)
            text = text.replace(/\r?\n$/, '');
        return text;
    };
    const baseText = finish(base);
    const baseLines = baseText.length === 0 ? [] : (baseText.match(/[^\n]*\n|[^\n]+$/g) ?? []);
    const ours = rnd() < 0.1 ? baseText : finish(edit(baseLines));
    const theirs = rnd() < 0.15 ? ours : rnd() < 0.1 ? baseText : finish(edit(baseLines));
    return { base: baseText, ours, theirs };
}
/**
 * A large case where each side rewrites hundreds of lines: the edit cost passes xdiff's thresholds, so its
 * "good enough" split heuristics decide the alignment, and lines repeat often enough to be multimatch lines.
 */
function heavyCase(seed, minLines = 1000) {
    const rnd = prng(seed);
    const vocabSize = 3 + Math.floor(rnd() * 60);
    const eol = rnd() < 0.2 ? '\r\n' : '\n';
    const line = () => `l${Math.floor(rnd() * vocabSize)}${eol}`;
    const n = minLines + Math.floor(rnd() * 4 * minLines);
    const base = [];
    for (let i = 0; i < n; i++)
        base.push(rnd() < 0.1 ? eol : line());
    const rewrite = () => {
        const out = [];
        const churn = 0.1 + rnd() * 0.6;
        for (let i = 0; i < base.length;) {
            const keep = rnd() < 1 - churn;
            const run = 1 + Math.floor(rnd() * (keep ? 40 : 8));
            if (keep)
                out.push(...base.slice(i, i + run));
            else
                for (let k = Math.floor(rnd() * (run + 3)); k > 0; k--)
                    out.push(line());
            i += run;
        }
        return out.join('');
    };
    return { base: base.join(''), ours: rewrite(), theirs: rewrite() };
}
//# sourceMappingURL=mergeCases.js.map