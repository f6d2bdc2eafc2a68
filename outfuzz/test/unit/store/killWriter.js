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
exports.COMPACT_EVERY = void 0;
exports.blobText = blobText;
/**
 * Child process for killRecovery.test.ts: appends ops (each referencing a fresh blob) from 16 concurrent
 * writers, compacting now and then, and prints `ack <i>` once the flush covering op i resolved. The test
 * kills it with SIGKILL at a random moment. Usage: node killWriter.js <dir>
 */
const path = __importStar(require("path"));
const blobStore_1 = require("../../../src/fs/store/blobStore");
const durableLog_1 = require("../../../src/fs/store/durableLog");
/** The blob content op i references. */
function blobText(i) {
    return `blob ${i} `.repeat(1 + (i % 50));
}
exports.COMPACT_EVERY = 400;
async function main(dir) {
    const blobs = blobStore_1.BlobStore.open(dir);
    const { log, snapshot, ops } = await durableLog_1.DurableLog.open(path.join(dir, 'log'), {
        beforeCommit: () => blobs.sync(),
    });
    let next = (snapshot?.next ?? 0) + ops.length;
    process.stdout.write(`ready ${next}\n`);
    const writer = async () => {
        for (;;) {
            // Number, blob and append in one synchronous step, so the log order is the numbering order.
            const i = next++;
            log.append({ i, ref: blobs.put(Buffer.from(blobText(i))) });
            if (i % exports.COMPACT_EVERY === exports.COMPACT_EVERY - 1)
                await log.compact({ next: i + 1 });
            await log.flush();
            process.stdout.write(`ack ${i}\n`);
        }
    };
    await Promise.all(Array.from({ length: 16 }, writer));
}
if (require.main === module) {
    main(process.argv[2]).catch((e) => {
        process.stderr.write(`killWriter failed: ${String(e)}\n`);
        process.exit(2);
    });
}
//# sourceMappingURL=killWriter.js.map