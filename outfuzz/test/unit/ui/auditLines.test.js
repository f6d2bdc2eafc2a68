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
const auditLines_1 = require("../../../src/ui/auditLines");
describe('auditLineOf (the "Agent Overlay" audit trail)', () => {
    const naming = { path: (p) => p.replace('/ws/', ''), session: (id) => `Claude Code (MCP) [${id}]` };
    const record = {
        id: 'r1', operation: 'rename', path: '/ws/src/b.ts', fromPath: '/ws/src/a.ts', before: 'ref-before', after: 'ref-after',
        sessionId: 'mcp:Claude Code', messageId: 'mcp:3e77b138/1', turn: 0, timestamp: 1, description: 'renamed: const secret = 1;',
    };
    it('names the paths, session and message of a staged change, and neither contents nor the description', () => {
        const line = (0, auditLines_1.auditLineOf)({ type: 'stage', record }, naming);
        assert.strictEqual(line, 'staged rename src/a.ts → src/b.ts (session Claude Code (MCP) [mcp:Claude Code], message mcp:3e77b138/1)');
        assert.doesNotMatch(line, /secret|ref-/);
    });
    it('says how a conflict came and how it was resolved', () => {
        assert.strictEqual((0, auditLines_1.auditLineOf)({ type: 'conflict', path: '/ws/notes.txt', conflict: { kind: 'text', origin: 'disk', base: null, theirs: null, binary: false, delegated: false } }, naming), 'conflict (text, from the disk) on notes.txt');
        assert.strictEqual((0, auditLines_1.auditLineOf)({ type: 'resolve', path: '/ws/notes.txt', resolution: { kind: 'manual', content: 'x' } }, naming), 'resolved conflict on notes.txt: merged by hand');
        assert.strictEqual((0, auditLines_1.auditLineOf)({ type: 'resolve', path: '/ws/notes.txt', resolution: { kind: 'acceptAgent' } }, naming), 'resolved conflict on notes.txt: accepted the agent version');
    });
    it('lists what a discard, an apply and a prune touched', () => {
        assert.strictEqual((0, auditLines_1.auditLineOf)({ type: 'discard', paths: ['/ws/a', '/ws/b'] }, naming), 'discarded staged changes to 2 paths: a, b');
        assert.strictEqual((0, auditLines_1.auditLineOf)({ type: 'applied', paths: ['/ws/a'] }, naming), 'applied to disk: a');
        assert.strictEqual((0, auditLines_1.auditLineOf)({ type: 'revert', selector: { kind: 'message', messageId: 'req-7' }, recordIds: ['r1'], entries: [], removedPaths: ['/ws/a'] }, naming), 'took out the changes of message req-7 (1 record): a');
    });
});
//# sourceMappingURL=auditLines.test.js.map