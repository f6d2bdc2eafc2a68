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
exports.MemoryContentStore = void 0;
exports.contentRefOf = contentRefOf;
exports.isContentRef = isContentRef;
exports.contentRefsIn = contentRefsIn;
const crypto = __importStar(require("crypto"));
const overlayError_1 = require("./overlayError");
/** The ref `put` would return, without storing anything (used to compare disk bytes with a base). */
function contentRefOf(bytes) {
    return crypto.createHash('sha256').update(bytes).digest('hex');
}
const REF = /^[0-9a-f]{64}$/;
function isContentRef(value) {
    return typeof value === 'string' && REF.test(value);
}
/** Every content ref a JSON value (an op, a snapshot) names, wherever it sits in it. */
function contentRefsIn(value, into = new Set()) {
    if (isContentRef(value))
        into.add(value);
    else if (Array.isArray(value))
        for (const v of value)
            contentRefsIn(v, into);
    else if (value !== null && typeof value === 'object')
        for (const v of Object.values(value))
            contentRefsIn(v, into);
    return into;
}
/** In-memory store for tests and benches. Copies on the way in and out so callers cannot mutate stored bytes. */
class MemoryContentStore {
    blobs = new Map();
    put(bytes) {
        const ref = contentRefOf(bytes);
        if (!this.blobs.has(ref))
            this.blobs.set(ref, Uint8Array.from(bytes));
        return ref;
    }
    get(ref) {
        const bytes = this.blobs.get(ref);
        if (!bytes)
            throw new overlayError_1.OverlayError('ContentMissing', `no content stored for ${ref}`, { ref });
        return Uint8Array.from(bytes);
    }
    has(ref) {
        return this.blobs.has(ref);
    }
    get size() {
        return this.blobs.size;
    }
}
exports.MemoryContentStore = MemoryContentStore;
//# sourceMappingURL=contentStore.js.map