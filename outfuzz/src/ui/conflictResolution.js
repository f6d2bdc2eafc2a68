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
exports.ConflictResolver = exports.CONFLICT_KIND_TEXT = void 0;
const vscode = __importStar(require("vscode"));
const textContent_1 = require("../fs/model/textContent");
const baselineContentProvider_1 = require("./baselineContentProvider");
const conflictMarkers_1 = require("./conflictMarkers");
const mergeResultFileSystem_1 = require("./mergeResultFileSystem");
/** What happened, in the words of the notification and the picker's placeholder. */
exports.CONFLICT_KIND_TEXT = {
    text: 'the file changed on disk where the agent changed it too',
    deletion: 'the file was deleted on disk while the agent changed it',
    creation: 'a file was created on disk where the agent creates one',
    rename: 'the file was renamed or moved on disk',
};
/**
 * SPEC §2's ways out of a conflict. Looking comes first and decides nothing: a click on a conflict opens the
 * three versions (base, disk, agent) in VS Code's merge editor with the conflict still unresolved, and the only
 * ways to settle are explicit — "Complete Merge" on the merge editor, or a choice in the "Resolve…" picker, whose
 * default (first) item again only shows the versions. No default ever discards the person's work on disk.
 */
class ConflictResolver {
    overlay;
    prompts;
    results;
    constructor(overlay, prompts, results) {
        this.overlay = overlay;
        this.prompts = prompts;
        this.results = results;
    }
    /** A click on a conflict: the three versions, unresolved (binary or absent sides: disk ↔ agent side by side). */
    async show(p) {
        const details = this.details(p);
        if (!details)
            return;
        if (details.binary || details.merge?.kind !== 'conflict')
            await this.compare(p, details);
        else
            await this.openMergeEditor(p, details);
    }
    /** "Resolve…": the four ways out, safest first. */
    async pick(p) {
        const details = this.details(p);
        if (!details)
            return;
        const canMerge = !details.binary && details.merge?.kind === 'conflict';
        const items = [
            {
                resolution: 'show',
                label: canMerge ? 'Show the three versions' : 'Compare disk and agent versions',
                description: canMerge ? 'base, disk and agent in the merge editor; Complete Merge settles it' : 'nothing is decided yet',
            },
            { resolution: 'delegate', label: 'Delegate to agent', description: "the agent's next read or list reports the conflict with base, agent and disk versions" },
            { resolution: 'acceptDisk', label: 'Accept disk version', description: "discard the agent's change to this file; the file on disk stays as it is" },
            { resolution: 'acceptAgent', label: 'Accept agent version', description: "Apply will replace the file on disk with the agent's version, including any changes you made to it" },
        ];
        const choice = await this.prompts.pick(items, {
            title: `Resolve conflict: ${rel(p)}`,
            placeHolder: `Conflict: ${exports.CONFLICT_KIND_TEXT[details.kind]}`,
        });
        switch (choice?.resolution) {
            case undefined: return;
            case 'show': return this.show(p);
            case 'acceptAgent':
            case 'acceptDisk':
            case 'delegate': return this.settle(p, { kind: choice.resolution });
        }
    }
    /** The merge editor's title action: takes the Result, never while it still holds conflict markers. */
    async completeMerge(arg) {
        const result = arg instanceof vscode.Uri && arg.scheme === mergeResultFileSystem_1.MERGE_RESULT_SCHEME ? arg : activeMergeResult();
        if (!result)
            return void vscode.window.showInformationMessage('Complete Merge works on a conflict opened from Agent Source Control.');
        const p = result.with({ scheme: 'file' }).fsPath;
        if (activeMergeResult()?.toString() === result.toString() && isMergeEditorActive()) {
            // VS Code's own Complete Merge: it asks before completing with unhandled conflicts, saves the Result, closes.
            const done = await vscode.commands.executeCommand('mergeEditor.acceptMerge');
            if (!done?.successful)
                return;
        }
        else {
            const doc = vscode.workspace.textDocuments.find(d => d.uri.toString() === result.toString());
            if (doc?.isDirty)
                await doc.save();
        }
        const bytes = this.results.saved(result);
        const text = bytes && (0, textContent_1.decodeText)(bytes);
        if (bytes === undefined || text === undefined)
            return;
        if ((0, conflictMarkers_1.hasConflictMarkers)(text)) {
            void vscode.window.showErrorMessage(`${rel(p)} still holds conflict markers (<<<<<<< … >>>>>>>), so the conflict stays unresolved. Edit the Result until none are left, then Complete Merge.`);
            await vscode.window.showTextDocument(result, { preview: false });
            return;
        }
        if (!this.overlay.model.composite(p)?.conflict) {
            void vscode.window.showWarningMessage(`${rel(p)} is no longer in conflict: the merge result was not used.`);
            return;
        }
        this.overlay.model.resolveManually(p, bytes);
        this.results.forget(result);
        await this.overlay.flush();
        void vscode.window.showInformationMessage(`Merged ${rel(p)}: the Result is staged. Apply writes it to disk.`);
    }
    /** "Accept Agent Version" / "Accept Disk Version" as explicit commands (the merge editor's and SCM's menus). */
    async accept(p, side) {
        if (!this.details(p))
            return;
        const answer = side === 'agent'
            ? await this.prompts.confirm(`Take the agent's version of ${rel(p)}?`, 'Apply will then replace the file on disk, including the changes made to it since the agent started.', 'Accept Agent Version')
            : await this.prompts.confirm(`Keep the disk version of ${rel(p)}?`, "The agent's staged change to this file is discarded; the disk is not touched.", 'Accept Disk Version');
        if (!answer)
            return;
        await this.settle(p, { kind: side === 'agent' ? 'acceptAgent' : 'acceptDisk' });
    }
    /** The audit trail logs the resolution from the model's own operation (agents' resolutions too). */
    async settle(p, resolution) {
        this.overlay.model.resolve(p, resolution);
        await this.overlay.flush();
    }
    details(p) {
        if (this.overlay.model.composite(p)?.conflict)
            return this.overlay.model.conflictDetails(p);
        void vscode.window.showInformationMessage(`${rel(p)} has no conflict.`);
        return undefined;
    }
    /**
     * The merge editor's Result is a scratch document that starts as the marked-up three-way merge. Its conflict
     * markers make VS Code reset the Result to the base plus the non-conflicting changes and count the conflicts
     * ("1 Conflict Remaining"); saving it settles nothing.
     */
    async openMergeEditor(p, details) {
        const store = this.overlay.model.store;
        const side = (bytes, label) => baselineContentProvider_1.BaselineContentProvider.uri(p, bytes ? store.put(bytes) : null, label);
        const open = openMergeResult(p);
        const output = open ?? this.results.seed(p, details.merge?.kind === 'conflict' ? details.merge.markedUp : '');
        try {
            await vscode.commands.executeCommand('_open.mergeEditor', {
                base: side(details.base, 'base'),
                input1: { uri: side(details.theirs, 'disk'), title: 'Disk', description: 'the file as it is now' },
                input2: { uri: side(details.ours, 'agent'), title: 'Agent', description: 'staged' },
                output,
            });
        }
        catch {
            // No merge editor: the Result opens as text with its conflict markers; Complete Merge is on its title too.
            await vscode.window.showTextDocument(output, { preview: false });
        }
    }
    async compare(p, details) {
        const store = this.overlay.model.store;
        const left = baselineContentProvider_1.BaselineContentProvider.uri(p, details.theirs ? store.put(details.theirs) : null, 'disk');
        const right = baselineContentProvider_1.BaselineContentProvider.uri(p, details.ours ? store.put(details.ours) : null, 'agent');
        const name = p.split('/').pop() ?? p;
        await vscode.commands.executeCommand('vscode.diff', left, right, `${name} (Disk ↔ Agent) — conflict: ${exports.CONFLICT_KIND_TEXT[details.kind]}`);
    }
}
exports.ConflictResolver = ConflictResolver;
function rel(p) {
    return vscode.workspace.asRelativePath(p);
}
/** The merge editor's tab input (not in the typed API yet): `{ base, input1, input2, result }`. */
function mergeResultOf(tab) {
    const result = tab?.input?.result;
    return result instanceof vscode.Uri && result.scheme === mergeResultFileSystem_1.MERGE_RESULT_SCHEME ? result : undefined;
}
function isMergeEditorActive() {
    return mergeResultOf(vscode.window.tabGroups.activeTabGroup.activeTab) !== undefined;
}
function activeMergeResult() {
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    const merge = mergeResultOf(tab);
    if (merge)
        return merge;
    const uri = tab?.input?.uri;
    return uri instanceof vscode.Uri && uri.scheme === mergeResultFileSystem_1.MERGE_RESULT_SCHEME ? uri : undefined;
}
/** A Result already open for this file (keep the person's edits in it: do not restart it). */
function openMergeResult(p) {
    for (const tab of vscode.window.tabGroups.all.flatMap(g => g.tabs)) {
        const r = mergeResultOf(tab);
        if (r && r.with({ scheme: 'file' }).fsPath === p)
            return r;
    }
    return undefined;
}
//# sourceMappingURL=conflictResolution.js.map