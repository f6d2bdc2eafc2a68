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
exports.findTests = findTests;
exports.runMocha = runMocha;
exports.runAndCount = runAndCount;
/** Runs a mocha suite in this process (unit and UI suites) and returns its counts. */
const mocha_1 = __importDefault(require("mocha"));
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
function findTests(dir) {
    if (!fs.existsSync(dir))
        return [];
    return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter(f => f.endsWith('.test.js'))
        .map(f => path.join(dir, f))
        .sort();
}
async function runMocha(opts) {
    const mocha = new mocha_1.default({ ui: 'bdd', timeout: opts.timeout, reporter: 'spec', slow: opts.slow, grep: opts.grep });
    for (const f of findTests(opts.dir))
        mocha.addFile(f);
    return runAndCount(mocha);
}
/** Runs a configured mocha and counts what passed, failed and was pending. */
function runAndCount(mocha) {
    const results = { passed: 0, failed: 0, pending: 0, failures: [] };
    return new Promise(resolve => {
        const runner = mocha.run(() => resolve(results));
        runner.on('pass', () => results.passed++);
        runner.on('pending', () => results.pending++);
        runner.on('fail', (t, err) => { results.failed++; results.failures.push(`${t.fullTitle()}: ${err?.message ?? err}`); });
    });
}
//# sourceMappingURL=runMocha.js.map