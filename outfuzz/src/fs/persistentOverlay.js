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
exports.PersistentOverlay = void 0;
const path = __importStar(require("path"));
const contentStore_1 = require("./model/contentStore");
const overlayModel_1 = require("./model/overlayModel");
const overlaySchema_1 = require("./model/overlaySchema");
const blobStore_1 = require("./store/blobStore");
const durableLog_1 = require("./store/durableLog");
/**
 * The overlay model made durable (SPEC §2 Persistence): contents in the content-addressed blob store, every op
 * appended to the checksummed log as it happens, group-committed by `flush` (a write's promise resolves only once
 * its op is on disk), and a snapshot when the log grows. Opening replays snapshot + ops, so a reload or a
 * kill -9 loses nothing that was acknowledged.
 */
class PersistentOverlay {
    model;
    blobs;
    log;
    problems;
    unsubscribe;
    keepAlso;
    fallback;
    /** Ops of the `unitOfOps` running now, logged together when it ends. */
    unit;
    constructor(model, blobs, log, 
    /** What open found and worked around (a torn tail after a crash, damaged files kept aside). */
    problems, unsubscribe, keepAlso, fallback) {
        this.model = model;
        this.blobs = blobs;
        this.log = log;
        this.problems = problems;
        this.unsubscribe = unsubscribe;
        this.keepAlso = keepAlso;
        this.fallback = fallback;
    }
    /**
     * `keepAlso`: content refs needed besides the model's (the undo record of the last apply), asked at every
     * collection, the one on open included.
     */
    static async open(storeDir, options = {}, keepAlso = () => []) {
        const blobs = blobStore_1.BlobStore.open(path.join(storeDir, 'blobs'));
        const opened = await durableLog_1.DurableLog.open(path.join(storeDir, 'state'), { beforeCommit: () => blobs.sync() });
        const model = new overlayModel_1.OverlayModel(blobs, options);
        const problems = [...opened.problems];
        if (opened.snapshot)
            model.restore(opened.snapshot);
        for (const [i, op] of opened.ops.entries()) {
            // Validated like any input: a damaged or foreign op stops the replay there, with a clear problem report,
            // and everything before it is kept. Compaction below then rewrites the state without the bad tail.
            try {
                model.apply((0, overlaySchema_1.parseOverlayOp)(op));
            }
            catch (e) {
                problems.push({ code: 'LOG_CORRUPT', file: path.join(storeDir, 'state'), detail: `op ${i + 1} of ${opened.ops.length} does not apply (${e instanceof Error ? e.message : String(e)}); the ${opened.ops.length - i} ops from there on were dropped` });
                break;
            }
        }
        // What the newest snapshot and the ops after it refer to: the fallback generation once the next snapshot is
        // written, which a damaged newest snapshot would be read from.
        const fallback = { snapshot: opened.snapshot ? (0, contentStore_1.contentRefsIn)(opened.snapshot) : new Set(), ops: (0, contentStore_1.contentRefsIn)(opened.ops) };
        const box = {};
        const sub = model.onDidChange(e => {
            // `restore` has no op: it is only ever called above, before this subscription.
            if (!e.op)
                return;
            const unit = box.overlay?.unit;
            if (unit)
                unit.push(e.op);
            else
                opened.log.append(e.op);
            for (const r of (0, contentStore_1.contentRefsIn)(e.op))
                fallback.ops.add(r);
        });
        const overlay = new PersistentOverlay(model, blobs, opened.log, problems, () => sub.dispose(), keepAlso, fallback);
        box.overlay = overlay;
        if (opened.migrated || opened.ops.length > 0)
            await overlay.compact();
        return overlay;
    }
    /**
     * Runs `f` (which changes the model, e.g. one op per file of a folder) and logs every op it makes as one unit:
     * after a crash either all of them are there or none. Nested calls join the outer unit.
     */
    unitOfOps(f) {
        if (this.unit)
            return f();
        const ops = [];
        this.unit = ops;
        try {
            return f();
        }
        finally {
            this.unit = undefined;
            // Also when `f` threw part-way: the model has those ops, so the log must too.
            this.log.appendAll(ops);
        }
    }
    /** Resolves once every op applied so far is durable. */
    flush() {
        const done = this.log.flush();
        if (this.log.needsCompaction)
            return done.then(() => this.compact());
        return done;
    }
    /** Writes a snapshot of the model now (the log restarts) and collects blobs nothing refers to any more. */
    async compact() {
        const snapshot = this.model.snapshot();
        // After this snapshot the previous one and the ops since become the fallback generation: keep what they name.
        const previous = this.fallback;
        this.fallback = { snapshot: (0, contentStore_1.contentRefsIn)(snapshot), ops: new Set() };
        try {
            await this.log.compact(snapshot);
        }
        catch (e) {
            // The old generation is still the newest: keep tracking everything it and the new ops name.
            this.fallback = { snapshot: new Set([...previous.snapshot, ...this.fallback.snapshot]), ops: new Set([...previous.ops, ...this.fallback.ops]) };
            throw e;
        }
        const live = [...this.model.liveRefs(), ...this.keepAlso(), ...previous.snapshot, ...previous.ops, ...this.fallback.ops];
        await this.blobs.gc(new Set(live), { minAgeMs: 60_000 });
    }
    async close() {
        this.unsubscribe();
        await this.log.flush().catch(() => undefined);
        await this.log.close();
        this.blobs.dispose();
        this.model.dispose();
    }
}
exports.PersistentOverlay = PersistentOverlay;
//# sourceMappingURL=persistentOverlay.js.map