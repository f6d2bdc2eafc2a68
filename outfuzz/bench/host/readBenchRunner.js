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
/**
 * Runs inside the real extension host (loaded as `extensionTestsPath` by bench/hostRead.bench.ts): times reads of
 * an unchanged workspace file through `agent-staged:` against the same read through `file:`, interleaved, and
 * writes the medians to AGENT_OVERLAY_BENCH_OUT, with how long the extension's activation took.
 */
const fs = __importStar(require("fs"));
const vscode = __importStar(require("vscode"));
async function run() {
    const api = await vscode.extensions.getExtension('agent-overlay.agent-overlay').activate();
    const activationMs = api.testing?.activationMs ?? -1;
    const file = vscode.Uri.joinPath(vscode.workspace.workspaceFolders[0].uri, 'bench-read.txt');
    fs.writeFileSync(file.fsPath, 'x'.repeat(64 * 1024));
    const staged = file.with({ scheme: 'agent-staged' });
    const time = async (uri) => {
        const t0 = performance.now();
        await vscode.workspace.fs.readFile(uri);
        return performance.now() - t0;
    };
    for (let i = 0; i < 50; i++) {
        await time(file);
        await time(staged);
    } // warm-up
    const ours = [];
    const ref = [];
    for (let i = 0; i < 400; i++) {
        ref.push(await time(file));
        ours.push(await time(staged));
    }
    const median = (a) => a.sort((x, y) => x - y)[a.length >> 1];
    fs.writeFileSync(process.env.AGENT_OVERLAY_BENCH_OUT, JSON.stringify({ staged: median(ours), file: median(ref), activationMs }));
    fs.writeFileSync(process.env.AGENT_OVERLAY_TEST_RESULTS, JSON.stringify({ passed: 1, failed: 0, pending: 0, failures: [] }));
}
//# sourceMappingURL=readBenchRunner.js.map