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
exports.ApplyJournal = exports.JOURNAL_FORMAT_VERSION = void 0;
exports.inspectJournalFile = inspectJournalFile;
/**
 * Write-ahead intent records for Apply, so a crash mid-apply is recoverable (SPEC §2 "Apply is journaled",
 * §9 invariant 3). The apply command:
 *   1. puts the undo content (what each file holds now) and the new content into the blob store;
 *   2. `await journal.begin(intent)`: durable before any file is touched (blobs are synced first), so even a
 *      temp file or folder left by a crash is found again;
 *   3. writes each new content to its temp file next to the target, with its mode, fsynced;
 *   4. renames each temp file over its target (or deletes the target), fsyncs the directories;
 *   5. records the apply's effect elsewhere (the overlay marks it applied, the undo record), durably;
 *   6. `await journal.complete(id)`: only now, so a crash anywhere before leaves the journal to finish the job.
 * After a crash, `open` returns the entries that were begun and not completed; `inspect` tells, per file,
 * whether the new content is already in place, so the caller can roll forward (rename the remaining temps)
 * or back (restore the undo blobs). Entries live in `<dir>/journal/apply-<id>`, framed like every store file.
 */
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const blobStore_1 = require("./blobStore");
const frameCodec_1 = require("./frameCodec");
const storeError_1 = require("./storeError");
const writeDurable_1 = require("./writeDurable");
exports.JOURNAL_FORMAT_VERSION = 1;
const STORE_ID = 'agent-overlay-store';
const ENTRY_NAME = /^apply-([A-Za-z0-9_-]{1,128})$/;
class ApplyJournal {
    dir;
    options;
    disposed = false;
    constructor(dir, options) {
        this.dir = dir;
        this.options = options;
    }
    static async open(storeDir, options = {}) {
        const dir = path.join(storeDir, 'journal');
        await fs.promises.mkdir(dir, { recursive: true });
        const unfinished = [];
        const corrupt = [];
        for (const name of (await fs.promises.readdir(dir)).sort()) {
            const file = path.join(dir, name);
            // An intent that never finished its rename was never begun: the apply did not touch any target.
            if (name.endsWith(writeDurable_1.TEMP_SUFFIX)) {
                await fs.promises.rm(file, { force: true });
                continue;
            }
            const m = ENTRY_NAME.exec(name);
            if (!m)
                continue;
            const read = readEntry(await fs.promises.readFile(file), file, m[1]);
            if (typeof read === 'string') {
                corrupt.push(new storeError_1.StateCorruptError('JOURNAL_CORRUPT', file, read, await (0, writeDurable_1.keepAside)(file)));
                await fs.promises.rm(file, { force: true });
            }
            else {
                unfinished.push(read);
            }
        }
        unfinished.sort((a, b) => a.startedAt - b.startedAt);
        return { journal: new ApplyJournal(dir, options), unfinished, corrupt };
    }
    /** Records the intent durably. Resolves only when it would survive a power loss; only then touch targets. */
    async begin(intent, now = Date.now()) {
        this.assertOpen();
        if (!ENTRY_NAME.test(`apply-${intent.id}`)) {
            throw new storeError_1.StoreError('JOURNAL_ID_INVALID', `apply id ${JSON.stringify(intent.id)} is not usable in a file name`);
        }
        const entry = { ...intent, startedAt: now };
        await this.options.beforeCommit?.();
        await (0, writeDurable_1.writeDurable)(this.fileOf(intent.id), [
            (0, frameCodec_1.encodeJsonFrame)({ store: STORE_ID, kind: 'apply-journal', formatVersion: exports.JOURNAL_FORMAT_VERSION }),
            (0, frameCodec_1.encodeJsonFrame)(entry),
        ]);
    }
    /** Marks the apply finished (its entry is removed, durably). */
    async complete(id) {
        this.assertOpen();
        await fs.promises.rm(this.fileOf(id), { force: true });
        await (0, writeDurable_1.syncDir)(this.dir);
    }
    dispose() {
        this.disposed = true;
    }
    fileOf(id) {
        return path.join(this.dir, `apply-${id}`);
    }
    assertOpen() {
        if (this.disposed)
            throw new storeError_1.StoreError('STORE_CLOSED', 'the apply journal was disposed');
    }
}
exports.ApplyJournal = ApplyJournal;
/** Where `file` of an interrupted apply stands, judged by hashing what is at its path now. */
function inspectJournalFile(file, read = readIfPresent) {
    const bytes = read(file.path);
    const current = bytes === undefined ? null : (0, blobStore_1.hashBytes)(bytes);
    if (current === file.afterRef)
        return 'applied';
    if (current === file.undoRef)
        return 'notApplied';
    return 'diverged';
}
function readIfPresent(p) {
    try {
        return fs.readFileSync(p);
    }
    catch (e) {
        if (e.code !== 'ENOENT')
            throw e;
        return undefined;
    }
}
function readEntry(buf, file, id) {
    const decoded = (0, frameCodec_1.decodeFrames)(buf);
    if (decoded.damage)
        return `checksum or length mismatch at offset ${decoded.damage.offset}`;
    if (decoded.frames.length !== 2)
        return `expected 2 frames, found ${decoded.frames.length}`;
    let header;
    let entry;
    try {
        header = JSON.parse(decoded.frames[0].payload.toString('utf8'));
        entry = JSON.parse(decoded.frames[1].payload.toString('utf8'));
    }
    catch {
        return 'entry is not JSON';
    }
    if (header?.store !== STORE_ID || header.kind !== 'apply-journal' || typeof header.formatVersion !== 'number') {
        return 'not an apply-journal entry';
    }
    if (header.formatVersion > exports.JOURNAL_FORMAT_VERSION) {
        throw new storeError_1.FormatTooNewError(file, header.formatVersion, exports.JOURNAL_FORMAT_VERSION, 'journal format');
    }
    if (entry?.id !== id || !Array.isArray(entry.files) || typeof entry.startedAt !== 'number')
        return 'entry is malformed';
    return entry;
}
//# sourceMappingURL=applyJournal.js.map