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
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.run = run;
/**
 * The integration runner, loaded by VS Code as `extensionTestsPath`: runs every compiled `*.test.js` beside it with
 * mocha INSIDE the real extension host. Output lines are tagged `[test]` so the harness can pick them out of the
 * forwarded host log; the counts go to the results file the harness names.
 */
const fs = __importStar(require("fs"));
const util = __importStar(require("util"));
const vscode = __importStar(require("vscode"));
const mocha_1 = __importDefault(require("mocha"));
const runMocha_1 = require("../harness/runMocha");
async function run() {
    const log = (...args) => console.log('[test] ' + util.format(...args).replace(/\n/g, '\n[test] '));
    mocha_1.default.reporters.Base.consoleLog = log;
    log(`VS Code ${vscode.version} extension host (${vscode.env.appHost}, remote ${vscode.env.remoteName ?? 'none'}), Node ${process.version}`);
    const mocha = new mocha_1.default({ ui: 'bdd', timeout: 60_000, color: false, reporter: 'spec' });
    // The harness runs `[restart]` tests apart, in two hosts (see test/harness/runIntegration.ts).
    const { AGENT_OVERLAY_GREP: grep, AGENT_OVERLAY_ONLY: only, AGENT_OVERLAY_EXCLUDE: exclude } = process.env;
    const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const tag = only ? `(?=.*${escape(only)})` : exclude ? `(?!.*${escape(exclude)})` : '';
    // A user's narrowing (AGENT_OVERLAY_GREP) applies on top of the harness's split.
    mocha.grep(new RegExp(`^${tag}${grep ? `(?=.*(?:${grep}))` : ''}`));
    for (const f of (0, runMocha_1.findTests)(__dirname))
        mocha.addFile(f);
    const results = await (0, runMocha_1.runAndCount)(mocha);
    const out = process.env.AGENT_OVERLAY_TEST_RESULTS;
    if (out)
        fs.writeFileSync(out, JSON.stringify(results, null, 2));
    if (results.failed > 0)
        throw new Error(`${results.failed} integration test(s) failed`);
}
//# sourceMappingURL=index.js.map