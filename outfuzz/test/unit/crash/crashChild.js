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
 * The process the crash sweep kills. `run <root> <killAt> <torn>` writes the initial workspace under `root`
 * (uncounted), then runs the scenario's steps with every disk-changing fs call counted, dying before call
 * `killAt` (0: never). `recover <root> <killAt>` only opens the store (the recovery) under the same rule.
 * Prints, synchronously (stdout is a pipe): `step i` before step i, `acked i` once its promise resolved,
 * `call n api target` for every counted call, and in `run` after each step `record i <last-apply.json or null>`.
 */
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const overlayWorkspace_1 = require("../../../src/fs/overlayWorkspace");
const crashScenario_1 = require("./crashScenario");
const fsFaults_1 = require("./fsFaults");
// Taken before the faults are installed: the child's own reports are not calls of the overlay.
const rawWrite = fs.writeSync;
const say = (line) => void rawWrite(1, `${line}\n`);
async function main() {
    const [mode, root, killAtArg, tornArg] = process.argv.slice(2);
    const killAt = Number(killAtArg);
    const ws = path.join(root, 'ws');
    const store = path.join(root, 'store');
    process.umask(crashScenario_1.UMASK);
    if (mode === 'run') {
        fs.rmSync(root, { recursive: true, force: true });
        fs.mkdirSync(ws, { recursive: true });
        (0, crashScenario_1.writeInitial)(ws);
    }
    await (0, fsFaults_1.installFaults)({ killAt, torn: tornArg === '1', onCall: killAt === 0 ? (n, api, target) => say(`call ${n} ${api} ${target}`) : undefined });
    const overlay = await overlayWorkspace_1.OverlayWorkspace.open(store);
    if (mode === 'run') {
        for (const [i, step] of crashScenario_1.STEPS.entries()) {
            say(`step ${i}`);
            await step.run(overlay, ws);
            say(`acked ${i}`);
            if (killAt === 0) {
                const file = path.join(store, 'last-apply.json');
                say(`record ${i} ${fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : 'null'}`);
            }
        }
    }
    await overlay.close();
    say('done');
}
main().catch(e => {
    say(`error ${e instanceof Error ? e.stack ?? e.message : String(e)}`.replace(/\n/g, ' | '));
    process.exit(3);
});
//# sourceMappingURL=crashChild.js.map