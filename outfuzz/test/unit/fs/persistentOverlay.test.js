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
const assert = __importStar(require("assert"));
const fs = __importStar(require("fs"));
const os = __importStar(require("os"));
const path = __importStar(require("path"));
const contentStore_1 = require("../../../src/fs/model/contentStore");
const persistentOverlay_1 = require("../../../src/fs/persistentOverlay");
const meta = { sessionId: 's', messageId: 'm', turn: 1, description: 'test' };
const noDisk = { read: () => undefined };
describe('PersistentOverlay: blob collection never strands the fallback generation', () => {
    let root;
    beforeEach(() => { root = fs.mkdtempSync(path.join(os.tmpdir(), 'persistent-')); });
    afterEach(() => fs.rmSync(root, { recursive: true, force: true }));
    it('content only the previous snapshot names survives collection, so a double fault still reads it', async () => {
        const store = path.join(root, 'store');
        const a = path.join(root, 'ws', 'a.txt');
        const content = Buffer.from('only the older snapshot names this\n');
        const p = await persistentOverlay_1.PersistentOverlay.open(store);
        p.model.write(a, content, meta, noDisk);
        await p.flush();
        await p.compact();
        p.model.discardPaths([a]);
        await p.flush();
        // Older than the collector's grace period, so only the fallback bookkeeping can keep it.
        const blobs = path.join(store, 'blobs');
        const old = new Date(Date.now() - 3_600_000);
        for (const f of fs.readdirSync(blobs, { recursive: true, encoding: 'utf8' }))
            fs.utimesSync(path.join(blobs, f), old, old);
        await p.compact();
        await p.close();
        // Double fault: the newest snapshot is damaged and the log after the older one lost its ops.
        const state = path.join(store, 'state');
        const gens = (kind) => fs.readdirSync(state).filter(n => n.startsWith(`${kind}-`)).map(n => Number(n.slice(kind.length + 1))).sort((x, y) => x - y);
        const snaps = gens('snapshot');
        const newest = path.join(state, `snapshot-${snaps[snaps.length - 1]}`);
        const bytes = fs.readFileSync(newest);
        bytes[bytes.length - 3] ^= 0x40;
        fs.writeFileSync(newest, bytes);
        const olderLog = path.join(state, `log-${snaps[snaps.length - 2]}`);
        fs.truncateSync(olderLog, fs.statSync(olderLog).size - 5);
        const reopened = await persistentOverlay_1.PersistentOverlay.open(store);
        assert.deepStrictEqual(reopened.model.stagedPaths(), [a], 'the state of the older snapshot');
        assert.strictEqual(reopened.model.stagedRef(a), (0, contentStore_1.contentRefOf)(content));
        assert.deepStrictEqual(Buffer.from(reopened.model.read(a, () => undefined)), content);
        await reopened.close();
    });
});
//# sourceMappingURL=persistentOverlay.test.js.map