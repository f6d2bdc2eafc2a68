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
exports.ConflictAnnouncer = exports.REVIEW_ALL_TITLE = void 0;
exports.reviewAllTabs = reviewAllTabs;
const vscode = __importStar(require("vscode"));
const conflictResolution_1 = require("./conflictResolution");
/** The multi-file diff "Review All" opens: its tab's label starts with this title. */
exports.REVIEW_ALL_TITLE = 'Agent Staged Changes';
/**
 * Says so when a staged change turns into a conflict (SPEC §2: never silently): a notification with "Resolve…",
 * which shows the conflict's three versions; and an open "Review All" diff is reopened so it shows the files as
 * they are now. Conflicts present when the extension starts are announced by the store's own notices instead.
 */
class ConflictAnnouncer {
    overlay;
    known;
    sub;
    constructor(overlay) {
        this.overlay = overlay;
        this.known = this.conflicted();
        this.sub = overlay.onDidChange(() => this.check());
    }
    conflicted() {
        return new Set(this.overlay.composites().filter(c => c.conflict).map(c => c.path));
    }
    check() {
        const now = this.conflicted();
        const fresh = [...now].filter(p => !this.known.has(p));
        this.known = now;
        if (fresh.length === 0)
            return;
        void this.announce(fresh);
        if (reviewAllTabs().length > 0)
            void vscode.commands.executeCommand('agentOverlay.reviewAll');
    }
    async announce(paths) {
        const rel = (p) => vscode.workspace.asRelativePath(p);
        const first = this.overlay.model.composite(paths[0]);
        const why = first?.conflict ? conflictResolution_1.CONFLICT_KIND_TEXT[first.conflict.kind] : 'it changed on disk';
        const message = paths.length === 1
            ? `Conflict in ${rel(paths[0])}: ${why}. Nothing is applied to it until you resolve it.`
            : `${paths.length} staged agent changes are now in conflict (${paths.map(rel).join(', ')}). Nothing is applied to them until you resolve them.`;
        const resolve = 'Resolve…';
        if ((await vscode.window.showWarningMessage(message, resolve)) !== resolve)
            return;
        const open = paths.find(p => this.overlay.model.composite(p)?.conflict);
        if (paths.length > 1)
            await vscode.commands.executeCommand('workbench.view.scm');
        if (open)
            await vscode.commands.executeCommand('agentOverlay.openConflict', vscode.Uri.file(open));
    }
    dispose() {
        this.sub.dispose();
    }
}
exports.ConflictAnnouncer = ConflictAnnouncer;
/** Open tabs of the "Review All" multi-file diff (its tab input is not in the typed API: matched by label). */
function reviewAllTabs() {
    return vscode.window.tabGroups.all.flatMap(g => g.tabs).filter(t => t.label === exports.REVIEW_ALL_TITLE || t.label.startsWith(`${exports.REVIEW_ALL_TITLE} (`));
}
//# sourceMappingURL=conflictAnnouncer.js.map