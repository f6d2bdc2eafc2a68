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
exports.FakeDisk = exports.dec = exports.enc = void 0;
exports.meta = meta;
exports.counterIds = counterIds;
exports.newModel = newModel;
exports.readText = readText;
const assert = __importStar(require("assert"));
const contentStore_1 = require("../../../src/fs/model/contentStore");
const contentStore_2 = require("../../../src/fs/model/contentStore");
const overlayModel_1 = require("../../../src/fs/model/overlayModel");
const enc = (s) => new TextEncoder().encode(s);
exports.enc = enc;
const dec = (b) => (b === undefined ? undefined : new TextDecoder().decode(b));
exports.dec = dec;
function meta(messageId = 'm1', sessionId = 's1', turn = 1) {
    return { sessionId, messageId, turn, description: `${messageId} edit`, timestamp: 1_700_000_000_000 };
}
/** Deterministic ids so tests and replays compare exactly. */
function counterIds(prefix = 'r') {
    let n = 0;
    return () => `${prefix}${++n}`;
}
function newModel(store = new contentStore_2.MemoryContentStore()) {
    return new overlayModel_1.OverlayModel(store, { now: () => 1_700_000_000_000, newId: counterIds() });
}
/**
 * An in-memory disk with inode-like identities. The model never gets a handle on it except through readers,
 * so `mutations` counts every change: tests assert the model caused none (invariant 1).
 */
class FakeDisk {
    files = new Map();
    ids = new Map();
    nextIno = 1;
    mutations = 0;
    constructor(initial = {}) {
        for (const [p, c] of Object.entries(initial))
            this.put(p, c);
        this.mutations = 0;
    }
    read = (path) => this.files.get(path);
    identity(path) {
        return this.ids.get(path);
    }
    locate(identity) {
        for (const [p, id] of this.ids)
            if (id.dev === identity.dev && id.ino === identity.ino)
                return p;
        return undefined;
    }
    text(path) {
        return (0, exports.dec)(this.files.get(path));
    }
    paths() {
        return [...this.files.keys()].sort();
    }
    /** Writes in place (keeps the identity of an existing file). */
    put(path, content) {
        this.files.set(path, typeof content === 'string' ? (0, exports.enc)(content) : Uint8Array.from(content));
        if (!this.ids.has(path))
            this.ids.set(path, { dev: 1, ino: this.nextIno++ });
        this.mutations++;
    }
    remove(path) {
        this.files.delete(path);
        this.ids.delete(path);
        this.mutations++;
    }
    move(from, to) {
        const bytes = this.files.get(from);
        const id = this.ids.get(from);
        if (!bytes || !id)
            throw new Error(`no ${from}`);
        this.files.delete(from);
        this.ids.delete(from);
        this.files.set(to, bytes);
        this.ids.set(to, id);
        this.mutations++;
    }
    snapshot() {
        return new Map([...this.files].map(([p, b]) => [p, (0, contentStore_1.contentRefOf)(b)]));
    }
    /** Executes apply actions the way the adapter would, checking each `expected` first. */
    execute(actions, store) {
        const refAt = (p) => {
            const b = this.files.get(p);
            return b ? (0, contentStore_1.contentRefOf)(b) : null;
        };
        for (const a of actions) {
            switch (a.kind) {
                case 'write':
                    assert.strictEqual(refAt(a.path), a.expected, `write ${a.path}: disk differs from expected`);
                    this.put(a.path, store.get(a.content));
                    break;
                case 'delete':
                    assert.strictEqual(refAt(a.path), a.expected, `delete ${a.path}: disk differs from expected`);
                    this.remove(a.path);
                    break;
                case 'rename':
                    assert.strictEqual(refAt(a.from), a.expected, `rename ${a.from}: disk differs from expected`);
                    assert.strictEqual(refAt(a.to), a.overwrites, `rename onto ${a.to}: disk differs from expected`);
                    if (this.files.has(a.to))
                        this.remove(a.to);
                    this.move(a.from, a.to);
                    break;
            }
        }
    }
}
exports.FakeDisk = FakeDisk;
/** The staged text at a path as the agent would read it. */
function readText(model, disk, path) {
    return (0, exports.dec)(model.read(path, disk.read));
}
//# sourceMappingURL=modelFixtures.js.map