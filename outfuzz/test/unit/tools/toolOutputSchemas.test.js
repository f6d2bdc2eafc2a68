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
const ajv_provider_js_1 = require("@modelcontextprotocol/sdk/validation/ajv-provider.js");
const agentTool_1 = require("../../../src/tools/agentTool");
const toolCatalog_1 = require("../../../src/tools/toolCatalog");
const toolAnswerText_1 = require("../../../src/tools/toolAnswerText");
const toolOutputSchemas_1 = require("../../../src/tools/toolOutputSchemas");
/** The validator MCP clients built on the SDK use on `structuredContent`. */
const ajv = new ajv_provider_js_1.AjvJsonSchemaValidator();
const valid = (tool, data) => ajv.getValidator((0, toolOutputSchemas_1.outputSchemaOf)(tool))(data);
describe('tool output schemas (MCP outputSchema / structuredContent)', () => {
    it('every catalog tool declares one, and only catalog tools do', () => {
        assert.deepStrictEqual(Object.keys(toolOutputSchemas_1.TOOL_OUTPUT_SCHEMAS).sort(), toolCatalog_1.TOOL_CATALOG.map(t => t.toolName).sort());
        for (const [name, schema] of Object.entries(toolOutputSchemas_1.TOOL_OUTPUT_SCHEMAS)) {
            assert.strictEqual(schema.type, 'object', name);
            for (const r of schema.required ?? [])
                assert.ok(r in schema.properties, `${name}: required ${r} is a property`);
        }
        assert.strictEqual((0, toolOutputSchemas_1.outputSchemaOf)('toString'), undefined);
    });
    it('admits every tool\'s common error answer', () => {
        for (const t of toolCatalog_1.TOOL_CATALOG) {
            const data = t.toolName.startsWith('chat_')
                ? { success: false, error: 'No active dialog found' }
                : (0, toolAnswerText_1.errorAnswer)(t.toolName, new agentTool_1.ToolError('NotFound', 'src/x.ts does not exist.')).data;
            const r = valid(t.toolName, data);
            assert.ok(r.valid, `${t.toolName}: ${r.errorMessage}`);
        }
    });
    it('admits the seed\'s history shapes and refuses answers that break them', () => {
        const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
        const ok = [
            ['history_requestVersions', { status: 'success', versions: [{ id, timestamp: '2025-05-01T11:55:00Z', label: '5 minutes ago (File Saved)' }] }],
            ['history_requestVersions', { status: 'denied_by_user' }],
            ['history_getVersionContent', { status: 'success', filePath: 'src/a.ts', versionId: id, content: 'x' }],
            ['history_getSharedContent', { status: 'no_matching_content', message: 'Content for a different file (a) was shared.' }],
            ['history_getSharedContent', { status: 'no_content_available' }],
            ['chat_getRequest', { success: true, sessionId: 's', request: 'hi', index: 2, timestamp: null, totalRequests: 3 }],
            ['overlay_readFile', { path: 'a', staged: false, totalLines: 1, startLine: 1, endLine: 1, content: 'x' }],
            ['overlay_writeFile', { status: 'staged', operation: 'modify', path: 'a', description: '', sessions: ['s'], messages: ['m'], linesAdded: 1, linesRemoved: 0 }],
        ];
        for (const [tool, data] of ok)
            assert.ok(valid(tool, data).valid, `${tool} ${JSON.stringify(data)}: ${valid(tool, data).errorMessage}`);
        const bad = [
            ['history_requestVersions', {}],
            ['history_requestVersions', { status: 'granted' }],
            ['history_requestVersions', { status: 'success', versions: [{ id }] }],
            ['history_getSharedContent', { status: 'success', content: 42 }],
            ['chat_getFirstRequest', { sessionId: 's' }],
            ['overlay_discardChanges', { status: 'discarded', paths: 'a' }],
        ];
        for (const [tool, data] of bad)
            assert.ok(!valid(tool, data).valid, `${tool} ${JSON.stringify(data)} must be refused`);
    });
});
//# sourceMappingURL=toolOutputSchemas.test.js.map