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
const chatSessionResource_1 = require("../../../src/chat/chatSessionResource");
describe('chatSessionResource', () => {
    const encode = (id) => chatSessionResource_1.LOCAL_CHAT_SESSION_PREFIX + Buffer.from(id, 'utf8').toString('base64url');
    it('decodes the session id of a local chat session resource', () => {
        for (const id of ['chat-123456789', 'a1b2c3d4-e5f6-7890-abcd-ef0123456789', 'ünï'])
            assert.strictEqual((0, chatSessionResource_1.sessionIdFromResource)(encode(id)), id);
    });
    it('refuses other URIs and malformed encodings', () => {
        assert.strictEqual((0, chatSessionResource_1.sessionIdFromResource)('vscode-chat-session://remote/abc'), undefined);
        assert.strictEqual((0, chatSessionResource_1.sessionIdFromResource)(chatSessionResource_1.LOCAL_CHAT_SESSION_PREFIX + 'not base64!'), undefined);
        assert.strictEqual((0, chatSessionResource_1.sessionIdFromResource)(chatSessionResource_1.LOCAL_CHAT_SESSION_PREFIX), undefined);
    });
    it('normalizes either form to the plain id', () => {
        assert.strictEqual((0, chatSessionResource_1.normalizeSessionId)(' chat-1 '), 'chat-1');
        assert.strictEqual((0, chatSessionResource_1.normalizeSessionId)(encode('chat-1')), 'chat-1');
    });
});
//# sourceMappingURL=chatSessionResource.test.js.map