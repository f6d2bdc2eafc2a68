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
const requesterName_1 = require("../../../src/tools/requesterName");
describe('requesterName (who a consent dialog says is asking)', () => {
    it('names the MCP client, VS Code chat and the notebook', () => {
        assert.strictEqual((0, requesterName_1.requesterName)({ via: 'mcp', sessionId: 'mcp:claude-code' }), 'claude-code (MCP client)');
        assert.strictEqual((0, requesterName_1.requesterName)({ via: 'vscode-chat', sessionId: '5b0c7a8e' }), 'VS Code chat');
        assert.strictEqual((0, requesterName_1.requesterName)({ via: 'notebook', sessionId: 'file:///ws/My%20chat.agentchat' }), 'The agent chat notebook My chat.agentchat');
    });
    it('falls back to a generic name when nothing better is known', () => {
        assert.strictEqual((0, requesterName_1.requesterName)({ via: 'mcp', sessionId: 'my-own-conversation' }), 'An MCP client');
        assert.strictEqual((0, requesterName_1.requesterName)({ via: 'test', sessionId: 'x' }), 'AI Agent');
        assert.strictEqual((0, requesterName_1.requesterName)({ via: 'vscode-chat', sessionId: 'unknown session' }), 'AI Agent', 'vscode.lm.invokeTool without a chat');
    });
});
//# sourceMappingURL=requesterName.test.js.map