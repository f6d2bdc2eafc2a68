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
exports.mergeFixturesDir = mergeFixturesDir;
exports.readMergeFixtures = readMergeFixtures;
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
/** test/fixtures/merge, whether the tests run from out/ or from another --outDir. */
function mergeFixturesDir() {
    const candidates = [path.resolve(__dirname, '../../../../test/fixtures/merge'), path.resolve(process.cwd(), 'test/fixtures/merge')];
    const found = candidates.find((c) => fs.existsSync(c));
    if (!found)
        throw new Error(`test/fixtures/merge not found from ${__dirname} or ${process.cwd()}`);
    return found;
}
/** Every `<case>/{base,ours,theirs,expected,kind}` folder, read byte for byte as UTF-8. */
function readMergeFixtures() {
    const dir = mergeFixturesDir();
    return fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => {
        const read = (file) => fs.readFileSync(path.join(dir, e.name, file), 'utf8');
        const kind = read('kind').trim();
        const m = /^(clean|conflict (\d+))$/.exec(kind);
        if (!m)
            throw new Error(`${e.name}/kind must be "clean" or "conflict N", got "${kind}"`);
        return { name: e.name, base: read('base'), ours: read('ours'), theirs: read('theirs'), expected: read('expected'), conflicts: m[2] ? Number(m[2]) : 0 };
    });
}
//# sourceMappingURL=mergeFixtures.js.map