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
exports.FoldingDisk = void 0;
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const nodeDisk_1 = require("../../../src/fs/nodeDisk");
/**
 * A case-insensitive, case-preserving disk (as macOS and Windows have) on top of this machine's case-sensitive
 * one: every name the OS is asked for reaches an existing name spelled differently, as APFS and NTFS resolve it.
 * Only the name lookup is emulated; reads, writes, renames and fsyncs are the real system calls. A rename onto a
 * name whose other spelling exists replaces that file and keeps its old spelling (the worst case).
 */
class FoldingDisk extends nodeDisk_1.NodeDisk {
    osPath(p) {
        const parts = path.resolve(p).split(path.sep).filter(Boolean);
        let resolved = path.sep;
        for (const name of parts) {
            let names = [];
            try {
                names = fs.readdirSync(resolved);
            }
            catch {
                // not a folder (or gone): the name stays as asked
            }
            const spelled = names.includes(name) ? name : names.find(n => n.toLowerCase() === name.toLowerCase()) ?? name;
            resolved = path.join(resolved, spelled);
        }
        return resolved;
    }
}
exports.FoldingDisk = FoldingDisk;
//# sourceMappingURL=foldingDisk.js.map