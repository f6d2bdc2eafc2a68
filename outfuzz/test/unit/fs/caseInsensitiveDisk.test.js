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
const nodeDisk_1 = require("../../../src/fs/nodeDisk");
const overlayWorkspace_1 = require("../../../src/fs/overlayWorkspace");
const foldingDisk_1 = require("./foldingDisk");
const meta = (messageId = 'm1', sessionId = 's1') => ({ sessionId, messageId, turn: 1, description: `change from ${messageId}` });
const bytes = (s) => Buffer.from(s, 'utf8');
const text = (b) => Buffer.from(b).toString('utf8');
/** Issue 13 item 7: case-only renames on a case-insensitive disk are staged, shown and applied as renames. */
describe('a case-insensitive disk', () => {
    let root;
    let ws;
    let store;
    let overlay;
    const file = (rel) => path.join(ws, rel);
    /** What the folder really holds: names as spelled on disk, with content. */
    const listing = (rel = '.') => fs.readdirSync(path.join(ws, rel)).sort().map(n => [n, fs.statSync(path.join(ws, rel, n)).isFile() ? fs.readFileSync(path.join(ws, rel, n), 'utf8') : 'dir']);
    beforeEach(async () => {
        root = fs.mkdtempSync(path.join(os.tmpdir(), 'overlay-fold-'));
        ws = path.join(root, 'ws');
        store = path.join(root, 'store');
        fs.mkdirSync(path.join(ws, 'docs'), { recursive: true });
        fs.writeFileSync(file('readme.md'), 'the only copy\n', { mode: 0o755 });
        fs.chmodSync(file('readme.md'), 0o755);
        fs.writeFileSync(file('docs/guide.md'), 'guide\n');
        overlay = await overlayWorkspace_1.OverlayWorkspace.open(store, { disk: new foldingDisk_1.FoldingDisk() });
    });
    afterEach(async () => {
        await overlay.close();
        fs.rmSync(root, { recursive: true, force: true });
    });
    it('is detected per volume; this machine\'s own disk is case-sensitive', () => {
        assert.strictEqual(overlay.disk.foldsCase(file('readme.md')), true);
        assert.strictEqual(overlay.disk.caseTwin(file('README.md')), file('readme.md'));
        assert.strictEqual(overlay.disk.caseTwin(file('readme.md')), undefined);
        // Names are exact: the other spelling reads as absent (the OS would find the file).
        assert.strictEqual(overlay.disk.read(file('README.md')), undefined);
        assert.strictEqual(overlay.disk.stat(file('DOCS')), undefined);
        const real = new nodeDisk_1.NodeDisk();
        assert.strictEqual(real.foldsCase(file('readme.md')), false);
        assert.strictEqual(real.caseTwin(file('README.md')), undefined);
    });
    it('a case-only rename is staged and listed as a rename, then applied: one file, new name, same content and mode', async () => {
        overlay.rename(file('readme.md'), file('README.md'), meta());
        assert.deepStrictEqual(overlay.composites().map(c => [c.kind, c.path, c.fromPath]), [['rename', file('README.md'), file('readme.md')]]);
        assert.strictEqual(text(overlay.readFile(file('README.md'))), 'the only copy\n');
        assert.throws(() => overlay.readFile(file('readme.md')), { code: 'FileNotFound' });
        assert.deepStrictEqual(listing(), [['docs', 'dir'], ['readme.md', 'the only copy\n']], 'the disk is untouched before Apply');
        const result = await overlay.apply();
        assert.deepStrictEqual(result.refused, []);
        assert.deepStrictEqual(listing(), [['README.md', 'the only copy\n'], ['docs', 'dir']]);
        assert.strictEqual(fs.statSync(file('README.md')).mode & 0o777, 0o755);
        assert.deepStrictEqual(overlay.composites(), []);
        // Undo gives the old spelling back, and the proposal back in review.
        const undo = await overlay.undoLastApply();
        assert.deepStrictEqual(undo.refused, []);
        assert.deepStrictEqual(listing(), [['docs', 'dir'], ['readme.md', 'the only copy\n']]);
        assert.deepStrictEqual(overlay.composites().map(c => [c.kind, c.path, c.fromPath]), [['rename', file('README.md'), file('readme.md')]]);
    });
    it('a crash between the delete of the old spelling and the new name\'s write is finished on the next open', async () => {
        overlay.rename(file('readme.md'), file('README.md'), meta());
        await overlay.flush();
        await overlay.close();
        // The disk fails the first commit of a temp file over its target, after the old spelling was removed.
        class CrashingDisk extends foldingDisk_1.FoldingDisk {
            async commitTemp() {
                throw new Error('crash');
            }
        }
        const crashing = await overlayWorkspace_1.OverlayWorkspace.open(store, { disk: new CrashingDisk() });
        await assert.rejects(crashing.apply(), /crash/);
        assert.deepStrictEqual(listing().map(([n]) => n).filter(n => !n.endsWith('.tmp')), ['docs'], 'the old spelling is gone, the new one not yet there');
        await crashing.close();
        overlay = await overlayWorkspace_1.OverlayWorkspace.open(store, { disk: new foldingDisk_1.FoldingDisk() });
        assert.deepStrictEqual(listing(), [['README.md', 'the only copy\n'], ['docs', 'dir']]);
        assert.deepStrictEqual(overlay.composites(), []);
    });
    it('a new name that is another spelling of a file is refused, unless that file is staged away', () => {
        assert.throws(() => overlay.write(file('README.MD'), bytes('second\n'), meta()), /README\.MD already exists as .*readme\.md/);
        assert.throws(() => overlay.write(file('DOCS/new.md'), bytes('x\n'), meta()), /already exists as .*docs/);
        overlay.write(file('Notes.md'), bytes('notes\n'), meta());
        assert.throws(() => overlay.write(file('notes.md'), bytes('other\n'), meta()), /notes\.md already exists as .*Notes\.md/);
        assert.throws(() => overlay.rename(file('docs/guide.md'), file('NOTES.md'), meta()), /already exists as .*Notes\.md/);
        overlay.delete(file('readme.md'), meta());
        overlay.write(file('README.MD'), bytes('second\n'), meta());
        assert.deepStrictEqual(listing(), [['docs', 'dir'], ['readme.md', 'the only copy\n']]);
    });
    it('renaming onto another spelling of a third file with overwrite replaces that file, and nothing else', async () => {
        fs.writeFileSync(file('b.md'), 'old b\n');
        assert.throws(() => overlay.rename(file('docs/guide.md'), file('B.md'), meta()), /B\.md already exists as .*b\.md/);
        overlay.rename(file('docs/guide.md'), file('B.md'), meta(), { overwrite: true });
        const result = await overlay.apply({ roots: [ws] });
        assert.deepStrictEqual(result.refused, []);
        assert.deepStrictEqual(listing(), [['B.md', 'guide\n'], ['readme.md', 'the only copy\n']]);
    });
    it('a person\'s file that appears under another spelling before Apply is never written over', async () => {
        overlay.write(file('Notes.md'), bytes('agent notes\n'), meta());
        fs.writeFileSync(file('notes.md'), 'my notes\n');
        const result = await overlay.apply();
        assert.deepStrictEqual(result.refused.map(r => [r.path, r.reason]), [[file('Notes.md'), 'diskChanged']]);
        assert.deepStrictEqual(listing(), [['docs', 'dir'], ['notes.md', 'my notes\n'], ['readme.md', 'the only copy\n']]);
    });
    it('a folder rename that changes only letter case is refused with a way round it, staging nothing', () => {
        assert.throws(() => overlay.rename(file('docs'), file('Docs'), meta()), /one folder on this case-insensitive disk: rename it to another name/);
        assert.deepStrictEqual(overlay.composites(), []);
    });
});
//# sourceMappingURL=caseInsensitiveDisk.test.js.map