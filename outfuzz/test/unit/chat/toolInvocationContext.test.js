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
const toolInvocationContext_1 = require("../../../src/chat/toolInvocationContext");
describe('toolInvocationContext (which chat session and request a tool call belongs to)', () => {
    const session = '29b1bc62-3b9c-466b-9239-689a22c0d882';
    const resource = { scheme: 'vscode-chat-session', authority: 'local', path: `/${Buffer.from(session).toString('base64url')}` };
    it('reads the session from the token\'s sessionResource (VS Code 1.139) or sessionId (older)', () => {
        assert.strictEqual((0, toolInvocationContext_1.chatSessionIdOf)({ sessionResource: resource }), session);
        assert.strictEqual((0, toolInvocationContext_1.chatSessionIdOf)({ sessionId: session }), session);
    });
    it('knows no session for a missing or foreign token', () => {
        for (const token of [undefined, null, 'x', 42, {}, { sessionId: '' }, { sessionResource: { scheme: 'x' } }])
            assert.strictEqual((0, toolInvocationContext_1.chatSessionIdOf)(token), undefined, JSON.stringify(token));
    });
    it('reads the request from chatRequestId when VS Code hands it over', () => {
        assert.strictEqual((0, toolInvocationContext_1.chatRequestIdOf)({ input: {}, chatRequestId: 'fffd24d7-d422-447c-b3b8-4885820d5b67' }), 'fffd24d7-d422-447c-b3b8-4885820d5b67');
    });
    it('knows no request when it is absent or not a string (VS Code desktop without the proposal)', () => {
        for (const options of [undefined, null, {}, { input: {} }, { chatRequestId: '' }, { chatRequestId: 7 }])
            assert.strictEqual((0, toolInvocationContext_1.chatRequestIdOf)(options), undefined, JSON.stringify(options));
    });
});
//# sourceMappingURL=toolInvocationContext.test.js.map