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
exports.seedDemo = seedDemo;
exports.seedLocalHistory = seedLocalHistory;
/**
 * Prepares `npm start`'s demo before code-server starts: local history for two files, written in VS Code's own
 * format where code-server keeps it (`<user data>/User/History/<hash>`, keyed by the `vscode-remote://` URI the
 * browser's host and port make), and a few staged agent changes in the extension's overlay store, as an agent
 * would have left them. Plain Node: the same pure modules the extension uses.
 */
const crypto_1 = require("crypto");
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const overlayWorkspace_1 = require("../../src/fs/overlayWorkspace");
const localHistoryHash_1 = require("../../src/history/localHistoryHash");
const resourceUri_1 = require("../../src/history/resourceUri");
const EXTENSION_ID = 'agent-overlay.agent-overlay';
/** Earlier versions of demo files, oldest first, as if the user had saved them over the last hours. */
const HISTORY = {
    'src/cart.ts': [
        { minutesAgo: 180, text: 'export function total(prices: number[]): number {\n  return prices.reduce((a, b) => a + b, 0);\n}\n' },
        { minutesAgo: 95, source: 'undoRedo.source', text: 'export interface Item {\n  name: string;\n  price: number;\n}\n\nexport function total(items: Item[]): number {\n  return items.reduce((sum, item) => sum + item.price, 0);\n}\n' },
        { minutesAgo: 20, text: 'export interface Item {\n  name: string;\n  price: number;\n  quantity: number;\n}\n\nexport function total(items: Item[]): number {\n  return items.reduce((sum, item) => sum + item.price * item.quantity, 0);\n}\n' },
    ],
    'README.md': [
        { minutesAgo: 240, text: '# Demo workspace\n' },
    ],
};
async function seedDemo(workspace, userDataDir, authority) {
    // The demo lives inside this repository: keep VS Code's git from offering the parent repository.
    fs.mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
    fs.writeFileSync(path.join(userDataDir, 'User', 'settings.json'), JSON.stringify({ 'git.openRepositoryInParentFolders': 'never', 'workbench.startupEditor': 'none' }, null, 2));
    seedLocalHistory(workspace, userDataDir, authority);
    await seedStagedChanges(workspace, userDataDir);
}
/**
 * The demo files' earlier versions, as VS Code's working copy history writes them for a `vscode-remote://`
 * resource: one copy per entry named with 4 letters or digits plus the file's extension (mtime = the entry's
 * time), and a compact `entries.json` ({version, resource, entries: [{id, source?, timestamp}]}, "File Saved"
 * left out as VS Code does), so the Timeline lists them and VS Code's next save keeps them.
 */
function seedLocalHistory(workspace, userDataDir, authority) {
    const now = Date.now();
    for (const [rel, versions] of Object.entries(HISTORY)) {
        const resource = (0, resourceUri_1.remoteUriString)(authority, path.join(workspace, rel));
        const folder = path.join(userDataDir, 'User', 'History', (0, localHistoryHash_1.localHistoryFolderName)(resource));
        fs.mkdirSync(folder, { recursive: true });
        const entries = versions.map((v, i) => {
            // VS Code names an entry with 4 random characters plus the file's extension (`randomPath(…, 4)` in its
            // working copy history) and keeps only such names when it rewrites the index on the next save.
            const id = `${historyEntryName(rel, i)}${path.extname(rel)}`;
            const timestamp = now - v.minutesAgo * 60_000;
            fs.writeFileSync(path.join(folder, id), v.text);
            fs.utimesSync(path.join(folder, id), timestamp / 1000, timestamp / 1000);
            return { id, ...(v.source ? { source: v.source } : {}), timestamp };
        });
        fs.writeFileSync(path.join(folder, 'entries.json'), JSON.stringify({ version: 1, resource, entries }));
    }
}
/** A 4-character entry name as VS Code makes them (letters and digits), fixed per file and version for the demo. */
function historyEntryName(rel, version) {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    const digest = (0, crypto_1.createHash)('sha256').update(`${rel}#${version}`).digest();
    return [0, 1, 2, 3].map(i => alphabet[digest[i] % alphabet.length]).join('');
}
/** The overlay store the extension opens for this workspace (see overlayStoreDir in src/fs/vscode/stagingOverlay.ts). */
function overlayStoreDir(workspace, userDataDir) {
    const id = (0, crypto_1.createHash)('sha256').update(workspace).digest('hex').slice(0, 32);
    return path.join(userDataDir, 'User', 'globalStorage', EXTENSION_ID, 'overlay', id);
}
async function seedStagedChanges(workspace, userDataDir) {
    const overlay = await overlayWorkspace_1.OverlayWorkspace.open(overlayStoreDir(workspace, userDataDir));
    // As an MCP client would have staged them (the SCM view names the session "Demo agent (MCP)").
    const meta = (messageId, description) => ({ sessionId: 'mcp:Demo agent', messageId: `mcp:5eed0001/${messageId}`, turn: 1, description });
    const file = (rel) => path.join(workspace, rel);
    const cart = fs.readFileSync(file('src/cart.ts'), 'utf8');
    overlay.write(file('src/cart.ts'), Buffer.from(cart.replace('  let sum = 0;\n  for (const item of items) {\n    sum += item.price * item.quantity;\n  }\n  return sum;', '  return items.reduce((sum, item) => sum + item.price * item.quantity, 0);')), meta('1', 'Use reduce in total()'));
    overlay.write(file('src/discount.ts'), Buffer.from("import { total, type Item } from './cart';\n\n/** Total after a percentage discount, rounded to cents. */\nexport function discounted(items: Item[], percent: number): number {\n  return Math.round(total(items) * (100 - percent)) / 100;\n}\n"), meta('2', 'Add discounted() helper'));
    overlay.rename(file('src/format.ts'), file('src/formatPrice.ts'), meta('3', 'Name the module after its export'));
    await overlay.close();
}
//# sourceMappingURL=demoSeed.js.map