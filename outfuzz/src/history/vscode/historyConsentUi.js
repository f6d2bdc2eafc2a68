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
exports.VscodeHistoryConsentUi = void 0;
const vscode = __importStar(require("vscode"));
const versionChoices_1 = require("../versionChoices");
/**
 * The consent dialogs as a person sees them: a modal warning whose default button is "Deny" (closing it is Deny
 * too), and Quick Picks of versions that stay open when focus moves (an agent's request should not be lost to a
 * stray click), close when the agent cancels, and have a Deny button for an agent's request: hiding a picker is
 * not a denial, since another quick input hides it too (the request queue parks it).
 */
class VscodeHistoryConsentUi {
    async confirm(prompt) {
        // Deny comes first, so it is the dialog's default button: Enter never grants. Allow takes a deliberate click.
        // (VS Code adds Cancel to a modal without a close affordance; anything but Allow is a denial.)
        const deny = { title: 'Deny' };
        const allow = { title: 'Allow' };
        const answer = await vscode.window.showWarningMessage(prompt.message, { modal: true, detail: prompt.detail }, deny, allow);
        return answer === allow ? 'allow' : 'deny';
    }
    pickVersions(request, signal) {
        return request.canPickMany ? this.pickMany(request, signal) : this.pickOne(request, signal);
    }
    async chooseRequest(items) {
        const picked = await vscode.window.showQuickPick([
            ...items.map((r) => ({ id: r.id, label: `$(history) ${r.label}`, description: r.description, detail: r.detail })),
            { label: '', kind: vscode.QuickPickItemKind.Separator },
            { label: '$(close) Deny all waiting requests' },
        ], { title: 'AI agent requests for history', placeHolder: 'Answer one now, or deny them all' });
        if (!picked)
            return undefined;
        return picked.id === undefined ? { kind: 'denyAll' } : { kind: 'answer', id: picked.id };
    }
    notify(message) {
        void vscode.window.showInformationMessage(message);
    }
    warn(message) {
        void vscode.window.showWarningMessage(message);
    }
    async pickOne(request, signal) {
        const qp = vscode.window.createQuickPick();
        qp.title = request.title;
        qp.placeholder = request.placeholder;
        qp.matchOnDescription = true;
        qp.matchOnDetail = true;
        qp.items = request.choices.map(toItem);
        const end = await run(qp, signal);
        const picked = qp.selectedItems[0] ?? qp.activeItems[0];
        qp.dispose();
        if (end.kind === 'denied')
            return end;
        return end.kind === 'accepted' && picked?.choice ? { kind: 'accepted', versions: [picked.choice.version] } : { kind: 'hidden', checked: [] };
    }
    async pickMany(request, signal) {
        const qp = vscode.window.createQuickPick();
        qp.title = request.title;
        qp.placeholder = request.placeholder;
        qp.canSelectMany = true;
        qp.matchOnDescription = true;
        qp.matchOnDetail = true;
        qp.ignoreFocusOut = true;
        if (request.deniable)
            qp.buttons = [DENY_BUTTON];
        const count = request.allRecentCount ?? 0;
        const all = count > 0 && request.choices.length > 0
            ? { label: `$(history) ${(0, versionChoices_1.allRecentLabel)(count)}`, description: 'checks the newest versions', alwaysShow: true }
            : undefined;
        const versions = request.choices.map(toItem);
        qp.items = [
            ...(all ? [all, { label: 'Versions', kind: vscode.QuickPickItemKind.Separator }] : []),
            ...versions,
        ];
        // What the list shows checked is what will be shared: "All recent" only checks and unchecks rows
        // (nextPickerChecks), and the answer is the checked rows, nothing added.
        const checksOf = (selected) => ({
            allRecent: !!all && selected.includes(all),
            versions: selected.filter((s) => s.choice).map((s) => versions.indexOf(s)).sort((a, b) => a - b),
        });
        const show = (checks) => [...(checks.allRecent && all ? [all] : []), ...checks.versions.map((i) => versions[i])];
        const keys = new Set((request.preselected ?? []).map(versionKey));
        let shown = (0, versionChoices_1.nextPickerChecks)({ allRecent: false, versions: [] }, { allRecent: false, versions: versions.flatMap((item, i) => (keys.has(versionKey(item.choice.version)) ? [i] : [])) }, versions.length, count);
        qp.selectedItems = show(shown);
        const sub = qp.onDidChangeSelection((selected) => {
            const now = checksOf(selected);
            const next = (0, versionChoices_1.nextPickerChecks)(shown, now, versions.length, count);
            shown = next;
            if (next.allRecent !== now.allRecent || next.versions.join() !== now.versions.join())
                qp.selectedItems = show(next);
        });
        const end = await run(qp, signal);
        sub.dispose();
        const checked = (0, versionChoices_1.checkedVersions)(request.choices, checksOf(qp.selectedItems).versions);
        qp.dispose();
        switch (end.kind) {
            case 'accepted': return { kind: 'accepted', versions: checked };
            case 'hidden': return { kind: 'hidden', checked };
            case 'denied': return end;
        }
    }
}
exports.VscodeHistoryConsentUi = VscodeHistoryConsentUi;
const DENY_BUTTON = { iconPath: new vscode.ThemeIcon('close'), tooltip: 'Deny the AI agent\'s request' };
/** A version's identity across two listings (a reopened picker lists the versions again). */
function versionKey(v) {
    return `${v.store}\u0000${v.contentPath}`;
}
function toItem(choice) {
    return { label: choice.label, description: choice.description, detail: choice.detail, choice };
}
/** Shows `qp` until accepted, denied with its button, hidden (Escape, another quick input) or aborted (hidden). */
function run(qp, signal) {
    return new Promise((resolve) => {
        let end = { kind: 'hidden' };
        const subs = [
            qp.onDidAccept(() => {
                end = { kind: 'accepted' };
                qp.hide();
            }),
            qp.onDidTriggerButton((button) => {
                if (button !== DENY_BUTTON)
                    return;
                end = { kind: 'denied' };
                qp.hide();
            }),
            qp.onDidHide(() => {
                for (const s of subs)
                    s.dispose();
                signal?.removeEventListener('abort', onAbort);
                resolve(end);
            }),
        ];
        const onAbort = () => qp.hide();
        if (signal?.aborted) {
            for (const s of subs)
                s.dispose();
            return resolve({ kind: 'hidden' });
        }
        signal?.addEventListener('abort', onAbort, { once: true });
        qp.show();
    });
}
//# sourceMappingURL=historyConsentUi.js.map