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
const assert = __importStar(require("assert"));
const vscode = __importStar(require("vscode"));
const EXTENSION_ID = 'agent-overlay.agent-overlay';
describe('activation', () => {
    const folder = () => vscode.workspace.workspaceFolders[0].uri;
    it('runs inside VS Code 1.139 with the extension active', async () => {
        assert.match(vscode.version, /^1\.139\./);
        const ext = vscode.extensions.getExtension(EXTENSION_ID);
        assert.ok(ext, `${EXTENSION_ID} is loaded`);
        await ext.activate();
        assert.strictEqual(ext.isActive, true);
    });
    it('mounts agent-staged: over the workspace', async () => {
        const file = vscode.Uri.joinPath(folder(), 'notes.txt');
        const staged = file.with({ scheme: 'agent-staged' });
        const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(staged));
        assert.strictEqual(text, 'alpha\nbeta\ngamma\n');
    });
    it('mounts history: and refuses listings without consent', async () => {
        await assert.rejects(Promise.resolve(vscode.workspace.fs.readDirectory(vscode.Uri.from({ scheme: 'history', path: '/' }))), (e) => e.code === 'NoPermissions');
    });
    it('contributes its commands', async () => {
        const commands = await vscode.commands.getCommands(true);
        assert.ok(commands.includes('agentOverlay.refresh'));
    });
});
//# sourceMappingURL=activation.test.js.map