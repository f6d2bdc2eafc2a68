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
 * `node out/test/harness/suiteCli.js <unit|integration|ui> <results.json>`: runs one suite and writes its counts.
 * scripts/test.mjs runs each suite in its own process so a stray handle in one cannot hang or skew another.
 */
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const runIntegration_1 = require("./runIntegration");
const runMocha_1 = require("./runMocha");
const vscodeHost_1 = require("./vscodeHost");
async function main() {
    const [suite, resultsFile] = process.argv.slice(2);
    const grep = process.env.AGENT_OVERLAY_GREP;
    const compiledTests = path.join(vscodeHost_1.REPO_ROOT, 'out', 'test');
    let results;
    switch (suite) {
        case 'unit':
            results = await (0, runMocha_1.runMocha)({ dir: path.join(compiledTests, 'unit'), timeout: 60_000, grep });
            break;
        case 'integration':
            results = await (0, runIntegration_1.runIntegrationSuite)({
                fixture: path.join(vscodeHost_1.REPO_ROOT, 'test', 'fixtures', 'workspace'),
                env: grep ? { AGENT_OVERLAY_GREP: grep } : {},
                verbose: !!process.env.AGENT_OVERLAY_VERBOSE,
            });
            break;
        case 'ui':
            results = await (0, runMocha_1.runMocha)({ dir: path.join(compiledTests, 'ui'), timeout: 180_000, slow: 20_000, grep });
            break;
        default:
            throw new Error(`unknown suite ${suite}: expected unit, integration or ui`);
    }
    if (resultsFile)
        fs.writeFileSync(resultsFile, JSON.stringify(results));
    process.exit(results.failed > 0 ? 1 : 0);
}
main().catch(e => { console.error(e); process.exit(2); });
//# sourceMappingURL=suiteCli.js.map