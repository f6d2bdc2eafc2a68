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
const threeWayMerge_1 = require("../src/fs/merge/threeWayMerge");
const benchRow_1 = require("./benchRow");
// Deterministic input, so every run of the bench measures the same files.
const mergeCases_1 = require("../test/unit/merge/mergeCases");
/** SPEC §8: per side, 40 scattered edits; the two sides never touch the same lines, so the merge is clean. */
const EDITS_PER_SIDE = 40;
const OURS_RUNS = 15;
const GIT_RUNS = 15;
/** Code-like lines, with the blank lines and closing braces real files repeat thousands of times. */
function sourceLine(i, rnd) {
    const r = rnd();
    if (r < 0.08)
        return '\n';
    if (r < 0.16)
        return '  }\n';
    if (r < 0.2)
        return '}\n';
    return `  const value${i} = compute(${Math.floor(rnd() * 1000)}, "item ${i}");\n`;
}
function makeFiles(lines) {
    const rnd = (0, mergeCases_1.prng)(lines);
    const base = [];
    for (let i = 0; i < lines; i++)
        base.push(sourceLine(i, rnd));
    // 80 edit sites spread evenly (with jitter) and dealt alternately to the sides, far enough apart not to touch.
    const sites = 2 * EDITS_PER_SIDE;
    const stride = Math.floor(lines / sites);
    const ours = [...base];
    const theirs = [...base];
    // Apply from the end so earlier indices stay valid.
    for (let s = sites - 1; s >= 0; s--) {
        const at = s * stride + 1 + Math.floor(rnd() * Math.max(1, stride - 4));
        const side = s % 2 === 0 ? ours : theirs;
        const kind = s % 3;
        const fresh = `  const edited${s} = patch(${s}); // side ${s % 2}\n`;
        if (kind === 0)
            side.splice(at, 1, fresh);
        else if (kind === 1)
            side.splice(at, 0, fresh);
        else
            side.splice(at, 1);
    }
    return { base: base.join(''), ours: ours.join(''), theirs: theirs.join('') };
}
function timeMs(fn) {
    const t0 = process.hrtime.bigint();
    fn();
    return Number(process.hrtime.bigint() - t0) / 1e6;
}
async function benchSize(lines, name) {
    const files = makeFiles(lines);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'merge-bench-'));
    try {
        for (const [file, text] of Object.entries(files))
            fs.writeFileSync(path.join(dir, file), text);
        const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: os.devNull };
        let gitOut = '';
        let gitStatus = null;
        const gitSamples = [];
        for (let r = 0; r < GIT_RUNS; r++) {
            gitSamples.push(timeMs(() => {
                const p = (0, child_process_1.spawnSync)('git', ['merge-file', '-p', 'ours', 'base', 'theirs'], { cwd: dir, env, maxBuffer: 1 << 30 });
                gitOut = p.stdout.toString('utf8');
                gitStatus = p.status;
            }));
        }
        let ourOut = '';
        let clean = false;
        const ourSamples = [];
        // The first run warms the JIT, as any long-lived extension host would be; it is not counted.
        for (let r = 0; r <= OURS_RUNS; r++) {
            const ms = timeMs(() => {
                const result = (0, threeWayMerge_1.threeWayMerge)(files.base, files.ours, files.theirs);
                clean = result.kind === 'clean';
                ourOut = result.kind === 'clean' ? result.text : result.markedUp;
            });
            if (r > 0)
                ourSamples.push(ms);
        }
        const ours = (0, benchRow_1.median)(ourSamples);
        const git = (0, benchRow_1.median)(gitSamples);
        const identical = clean && gitStatus === 0 && ourOut === gitOut;
        const withinRatio = ours <= 2 * git;
        const absolute = lines === 10_000 ? ours <= 20 : true;
        return {
            name,
            measured: (0, benchRow_1.formatMs)(ours),
            reference: `${(0, benchRow_1.formatMs)(git)} (git merge-file)`,
            ratio: (0, benchRow_1.formatRatio)(ours, git),
            budget: lines === 10_000 ? '≤ 2x git merge-file and ≤ 20 ms' : '≤ 2x git merge-file',
            ok: identical && withinRatio && absolute,
            note: identical ? `${EDITS_PER_SIDE} edits per side, clean, output identical to git` : 'OUTPUT DIFFERS from git merge-file',
        };
    }
    finally {
        fs.rmSync(dir, { recursive: true, force: true });
    }
}
async function run() {
    return [
        await benchSize(1_000, 'merge 1k lines'),
        await benchSize(10_000, 'merge 10k lines'),
        await benchSize(100_000, 'merge 100k lines'),
    ];
}
//# sourceMappingURL=merge.bench.js.map