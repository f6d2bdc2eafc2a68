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
const mcpRequestGuard_1 = require("../../../src/mcp/mcpRequestGuard");
const expect = { port: 4123, token: 'tok-123' };
const ok = { host: '127.0.0.1:4123', origin: undefined, authorization: 'Bearer tok-123' };
describe('MCP request guard', () => {
    it('lets a loopback request with the right token through', () => {
        assert.deepStrictEqual((0, mcpRequestGuard_1.guardRequest)(ok, expect), { ok: true });
        assert.deepStrictEqual((0, mcpRequestGuard_1.guardRequest)({ ...ok, host: 'localhost:4123', origin: 'http://localhost:5173' }, expect), { ok: true });
    });
    it('refuses a missing or wrong token with 401', () => {
        for (const authorization of [undefined, '', 'Bearer', 'Bearer tok-12', 'Bearer tok-1234', 'Basic tok-123', 'tok-123', 'Bearer tok-123 extra']) {
            const v = (0, mcpRequestGuard_1.guardRequest)({ ...ok, authorization }, expect);
            assert.strictEqual(v.ok ? 200 : v.status, 401, String(authorization));
        }
    });
    it('refuses a foreign Host with 403, before looking at the token', () => {
        for (const host of [undefined, '', 'evil.example:4123', '127.0.0.1', '127.0.0.1:80', 'localhost', '0.0.0.0:4123', '[::1]:4123', '127.0.0.1:41230', 'attacker.com']) {
            const v = (0, mcpRequestGuard_1.guardRequest)({ ...ok, host, authorization: undefined }, expect);
            assert.strictEqual(v.ok ? 200 : v.status, 403, String(host));
        }
    });
    it('refuses a foreign Origin with 403', () => {
        for (const origin of ['https://evil.example', 'null', 'file://', 'http://127.0.0.1.evil.example', 'http://localhost.evil.example:4123', 'vscode-webview://abc', 'http://user@localhost', '']) {
            const v = (0, mcpRequestGuard_1.guardRequest)({ ...ok, origin }, expect);
            assert.strictEqual(v.ok ? 200 : v.status, 403, origin);
        }
    });
    it('accepts loopback origins only', () => {
        for (const o of ['http://127.0.0.1:4123', 'http://localhost', 'https://localhost:8443', 'http://[::1]:3000', 'HTTP://LOCALHOST:1'])
            assert.ok((0, mcpRequestGuard_1.isLoopbackOrigin)(o), o);
        assert.ok(!(0, mcpRequestGuard_1.isLoopbackOrigin)('http://192.168.1.2:4123'));
    });
    it('matches Host case-insensitively but exactly', () => {
        assert.ok((0, mcpRequestGuard_1.isOwnHost)('LocalHost:4123', 4123));
        assert.ok(!(0, mcpRequestGuard_1.isOwnHost)('localhost:4123 ', 4124));
    });
    it('parses Bearer case-insensitively', () => {
        assert.strictEqual((0, mcpRequestGuard_1.bearerToken)('bearer abc'), 'abc');
        assert.strictEqual((0, mcpRequestGuard_1.bearerToken)('BEARER\tabc'), 'abc');
        assert.strictEqual((0, mcpRequestGuard_1.bearerToken)('Bearer a b'), undefined);
    });
    it('compares secrets of any length without throwing, and never accepts an empty secret', () => {
        assert.ok((0, mcpRequestGuard_1.sameSecret)('x'.repeat(43), 'x'.repeat(43)));
        assert.ok(!(0, mcpRequestGuard_1.sameSecret)('x', 'x'.repeat(43)));
        assert.ok(!(0, mcpRequestGuard_1.sameSecret)('', ''));
    });
});
//# sourceMappingURL=mcpRequestGuard.test.js.map