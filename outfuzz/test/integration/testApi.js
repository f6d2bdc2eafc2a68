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
exports.text = exports.utf8 = exports.EXTENSION_ID = void 0;
exports.testing = testing;
exports.workspaceFolder = workspaceFolder;
exports.eventually = eventually;
/** Access to the extension under test: its exported test seam and helpers shared by the integration suites. */
const vscode = __importStar(require("vscode"));
exports.EXTENSION_ID = 'agent-overlay.agent-overlay';
async function testing() {
    const ext = vscode.extensions.getExtension(exports.EXTENSION_ID);
    if (!ext)
        throw new Error(`${exports.EXTENSION_ID} is not loaded`);
    const api = await ext.activate();
    if (!api.testing)
        throw new Error('the extension was not started under the test harness (AGENT_OVERLAY_TEST_RUN_DIR unset)');
    return api.testing;
}
function workspaceFolder() {
    const f = vscode.workspace.workspaceFolders?.[0];
    if (!f)
        throw new Error('the integration suite needs a workspace folder');
    return f.uri;
}
const utf8 = (s) => new TextEncoder().encode(s);
exports.utf8 = utf8;
const text = (b) => new TextDecoder().decode(b);
exports.text = text;
/** Polls `check` until it returns true (for effects VS Code delivers asynchronously, like watcher events). */
async function eventually(check, what, ms = 10_000) {
    const end = Date.now() + ms;
    while (Date.now() < end) {
        if (await check())
            return;
        await new Promise(r => setTimeout(r, 50));
    }
    throw new Error(`timed out waiting for ${what}`);
}
//# sourceMappingURL=testApi.js.map