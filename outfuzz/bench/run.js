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
const edits = __importStar(require("./edits.bench"));
const history = __importStar(require("./history.bench"));
const hostRead = __importStar(require("./hostRead.bench"));
const merge = __importStar(require("./merge.bench"));
const model = __importStar(require("./model.bench"));
const overlay = __importStar(require("./overlay.bench"));
const store = __importStar(require("./store.bench"));
/** The bench modules, listed explicitly (no discovery by side effect). */
const MODULES = [
    ['merge', merge],
    ['model', model],
    ['store', store],
    ['overlay', overlay],
    ['history', history],
    ['edits', edits],
    ['host', hostRead],
];
async function main() {
    const only = process.argv[2];
    const rows = [];
    for (const [name, bench] of MODULES) {
        if (only && only !== name)
            continue;
        process.stderr.write(`bench ${name}…\n`);
        rows.push(...(await bench.run()));
    }
    printTable(rows);
    process.exitCode = rows.every(r => r.ok) ? 0 : 1;
}
function printTable(rows) {
    const header = ['what', 'measured', 'reference', 'ratio', 'budget', 'ok', 'note'];
    const cells = rows.map(r => [r.name, r.measured, r.reference ?? '', r.ratio ?? '', r.budget, r.ok ? 'yes' : 'NO', r.note ?? '']);
    const widths = header.map((h, i) => Math.max(h.length, ...cells.map(c => c[i].length)));
    const line = (c) => `| ${c.map((x, i) => x.padEnd(widths[i])).join(' | ')} |`;
    console.log(line(header));
    console.log(`|${widths.map(w => '-'.repeat(w + 2)).join('|')}|`);
    for (const c of cells)
        console.log(line(c));
}
main().catch(e => { console.error(e); process.exit(2); });
//# sourceMappingURL=run.js.map