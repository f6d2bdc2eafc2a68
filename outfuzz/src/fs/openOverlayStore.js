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
exports.openOverlayStore = openOverlayStore;
const fs = __importStar(require("fs"));
const overlayWorkspace_1 = require("./overlayWorkspace");
/**
 * Opens the overlay's store so that a bad store never takes the extension down (SPEC §9.5): when the store cannot
 * be opened at all (unrecoverable damage, or written by a newer version of the extension), it is renamed aside,
 * untouched, and an empty store starts in its place; the notice says where the old one is. Problems the store
 * worked around (a torn log tail after a crash, a damaged file kept aside) and files a crash recovery left alone
 * become notices too.
 */
async function openOverlayStore(storeDir, now = () => new Date()) {
    let workspace;
    const notices = [];
    try {
        workspace = await overlayWorkspace_1.OverlayWorkspace.open(storeDir);
    }
    catch (e) {
        const keptAt = `${storeDir}.unopened-${now().toISOString().replace(/[:.]/g, '-')}`;
        await fs.promises.rename(storeDir, keptAt);
        workspace = await overlayWorkspace_1.OverlayWorkspace.open(storeDir);
        notices.push({
            severity: 'error',
            message: `Agent Overlay could not open its staged changes (${e instanceof Error ? e.message : String(e)}). They were kept, untouched, in ${keptAt}; staging starts afresh.`,
            keptAt,
        });
    }
    for (const p of workspace.overlay.problems) {
        // A torn tail is the expected trace of a crash mid-write: nothing acknowledged was lost, so no alarm.
        if (p.code === 'LOG_TORN_TAIL')
            continue;
        notices.push({ severity: 'warning', message: `Agent Overlay repaired its store: ${p.detail}${p.copy ? ` (a copy of the damaged file was kept: ${p.copy})` : ''}.`, ...(p.copy ? { keptAt: p.copy } : {}) });
    }
    if (workspace.recovered.diverged.length > 0) {
        notices.push({
            severity: 'warning',
            message: `An apply interrupted by a crash was finished, except for ${workspace.recovered.diverged.length} file(s) changed by someone else meanwhile, left as they are: ${workspace.recovered.diverged.join(', ')}.`,
        });
    }
    return { workspace, notices };
}
//# sourceMappingURL=openOverlayStore.js.map