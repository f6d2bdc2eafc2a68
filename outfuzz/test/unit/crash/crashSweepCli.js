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
 * `npm run crash`: the full crash sweep — every crash point, every torn write, and a second crash at every point
 * of the recovery after a sample of first crashes. Prints each failure as it happens, the totals by kind and
 * phase, and ends with "N passed, N failed" (exit code 1 when anything failed).
 * Options: `--stride N` (every N-th point), `--doubles N` (first crashes sampled for second crashes).
 */
const fs = __importStar(require("fs"));
const os = __importStar(require("os"));
const path = __importStar(require("path"));
const crashSweep_1 = require("./crashSweep");
async function main() {
    const arg = (name, fallback) => {
        const i = process.argv.indexOf(name);
        return i >= 0 ? Number(process.argv[i + 1]) : fallback;
    };
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-overlay-crash-'));
    const t0 = Date.now();
    let n = 0;
    try {
        const outcomes = await (0, crashSweep_1.sweep)(path.join(root, 'run'), {
            stride: arg('--stride', 1),
            doubleSamples: arg('--doubles', 12),
            onOutcome: o => {
                n++;
                if (o.failures.length > 0)
                    console.log(`FAIL ${o.kind} ${o.phase}: ${o.label}\n  ${o.failures.join('\n  ')}`);
                else if (n % 100 === 0)
                    console.log(`… ${n} crashes checked (${Math.round((Date.now() - t0) / 1000)} s)`);
            },
        });
        const lines = (0, crashSweep_1.summary)(outcomes);
        console.log(`\ncrash sweep (${Math.round((Date.now() - t0) / 1000)} s):`);
        for (const line of lines)
            console.log(line);
        process.exitCode = outcomes.some(o => o.failures.length > 0) ? 1 : 0;
    }
    finally {
        fs.rmSync(root, { recursive: true, force: true });
    }
}
void main();
//# sourceMappingURL=crashSweepCli.js.map