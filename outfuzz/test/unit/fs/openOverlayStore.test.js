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
const openOverlayStore_1 = require("../../../src/fs/openOverlayStore");
const durableLog_1 = require("../../../src/fs/store/durableLog");
const meta = { sessionId: 's', messageId: 'm', turn: 1, description: 'test' };
describe('openOverlayStore: a bad store never takes the extension down and loses nothing', () => {
    let root;
    let store;
    beforeEach(() => {
        root = fs.mkdtempSync(path.join(os.tmpdir(), 'open-store-'));
        store = path.join(root, 'store');
        fs.mkdirSync(path.join(root, 'ws'));
    });
    afterEach(() => fs.rmSync(root, { recursive: true, force: true }));
    it('a store written by a newer version is set aside untouched, and staging starts afresh', async () => {
        const newer = await durableLog_1.DurableLog.open(path.join(store, 'state'), { schemaVersion: 99 });
        newer.log.append({ type: 'discardAll' });
        await newer.log.flush();
        await newer.log.close();
        const before = fs.readdirSync(path.join(store, 'state')).sort();
        const { workspace, notices } = await (0, openOverlayStore_1.openOverlayStore)(store, () => new Date('2026-01-02T03:04:05.678Z'));
        const keptAt = `${store}.unopened-2026-01-02T03-04-05-678Z`;
        assert.deepStrictEqual(notices.map(n => [n.severity, n.keptAt]), [['error', keptAt]]);
        assert.match(notices[0].message, /version 99[\s\S]*kept, untouched, in .*unopened-/);
        assert.deepStrictEqual(fs.readdirSync(path.join(keptAt, 'state')).sort(), before);
        workspace.write(path.join(root, 'ws', 'a.txt'), Buffer.from('a\n'), meta);
        await workspace.close();
        const again = await (0, openOverlayStore_1.openOverlayStore)(store);
        assert.deepStrictEqual(again.notices, []);
        assert.deepStrictEqual(again.workspace.model.stagedPaths(), [path.join(root, 'ws', 'a.txt')]);
        await again.workspace.close();
    });
    it('a damaged newest snapshot: the state comes back from the older generation, with a warning naming the copy', async () => {
        const first = await (0, openOverlayStore_1.openOverlayStore)(store);
        const ws = first.workspace;
        ws.write(path.join(root, 'ws', 'a.txt'), Buffer.from('a\n'), meta);
        await ws.flush();
        await ws.overlay.compact();
        ws.write(path.join(root, 'ws', 'b.txt'), Buffer.from('b\n'), meta);
        await ws.flush();
        await ws.overlay.compact();
        await ws.close();
        const snapshots = fs.readdirSync(path.join(store, 'state')).filter(n => n.startsWith('snapshot-')).sort();
        const newest = path.join(store, 'state', snapshots[snapshots.length - 1]);
        const bytes = fs.readFileSync(newest);
        bytes[bytes.length - 3] ^= 0x40;
        fs.writeFileSync(newest, bytes);
        const { workspace, notices } = await (0, openOverlayStore_1.openOverlayStore)(store);
        assert.deepStrictEqual(workspace.model.stagedPaths().sort(), [path.join(root, 'ws', 'a.txt'), path.join(root, 'ws', 'b.txt')]);
        assert.strictEqual(notices.length, 1);
        assert.strictEqual(notices[0].severity, 'warning');
        assert.ok(notices[0].keptAt && fs.readFileSync(notices[0].keptAt).equals(bytes), 'the damaged bytes were kept');
        await workspace.close();
    });
});
//# sourceMappingURL=openOverlayStore.test.js.map