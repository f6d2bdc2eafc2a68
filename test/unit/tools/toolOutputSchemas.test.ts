import * as assert from 'assert';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import { ToolError } from '../../../src/tools/agentTool';
import { TOOL_CATALOG } from '../../../src/tools/toolCatalog';
import { errorAnswer } from '../../../src/tools/toolAnswerText';
import { TOOL_OUTPUT_SCHEMAS, outputSchemaOf } from '../../../src/tools/toolOutputSchemas';

/** The validator MCP clients built on the SDK use on `structuredContent`. */
const ajv = new AjvJsonSchemaValidator();
const valid = (tool: string, data: unknown) => ajv.getValidator(outputSchemaOf(tool)!)(data);

describe('tool output schemas (MCP outputSchema / structuredContent)', () => {
  it('every catalog tool declares one, and only catalog tools do', () => {
    assert.deepStrictEqual(Object.keys(TOOL_OUTPUT_SCHEMAS).sort(), TOOL_CATALOG.map(t => t.toolName).sort());
    for (const [name, schema] of Object.entries(TOOL_OUTPUT_SCHEMAS)) {
      assert.strictEqual(schema.type, 'object', name);
      for (const r of schema.required ?? []) assert.ok(r in schema.properties, `${name}: required ${r} is a property`);
    }
    assert.strictEqual(outputSchemaOf('toString'), undefined);
  });

  it('admits every tool\'s common error answer', () => {
    for (const t of TOOL_CATALOG) {
      const data = t.toolName.startsWith('chat_')
        ? { success: false, error: 'No active dialog found' }
        : errorAnswer(t.toolName, new ToolError('NotFound', 'src/x.ts does not exist.')).data;
      const r = valid(t.toolName, data);
      assert.ok(r.valid, `${t.toolName}: ${r.errorMessage}`);
    }
  });

  it('admits the seed\'s history shapes and refuses answers that break them', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const ok: [string, unknown][] = [
      ['history_requestVersions', { status: 'success', versions: [{ id, timestamp: '2025-05-01T11:55:00Z', label: '5 minutes ago (File Saved)' }] }],
      ['history_requestVersions', { status: 'denied_by_user' }],
      ['history_getVersionContent', { status: 'success', filePath: 'src/a.ts', versionId: id, content: 'x' }],
      ['history_getSharedContent', { status: 'no_matching_content', message: 'Content for a different file (a) was shared.' }],
      ['history_getSharedContent', { status: 'no_content_available' }],
      ['chat_getRequest', { success: true, sessionId: 's', request: 'hi', index: 2, timestamp: null, totalRequests: 3 }],
      ['overlay_readFile', { path: 'a', staged: false, totalLines: 1, startLine: 1, endLine: 1, content: 'x' }],
      ['overlay_writeFile', { status: 'staged', operation: 'modify', path: 'a', description: '', sessions: ['s'], messages: ['m'], linesAdded: 1, linesRemoved: 0 }],
    ];
    for (const [tool, data] of ok) assert.ok(valid(tool, data).valid, `${tool} ${JSON.stringify(data)}: ${valid(tool, data).errorMessage}`);
    const bad: [string, unknown][] = [
      ['history_requestVersions', {}],
      ['history_requestVersions', { status: 'granted' }],
      ['history_requestVersions', { status: 'success', versions: [{ id }] }],
      ['history_getSharedContent', { status: 'success', content: 42 }],
      ['chat_getFirstRequest', { sessionId: 's' }],
      ['overlay_discardChanges', { status: 'discarded', paths: 'a' }],
    ];
    for (const [tool, data] of bad) assert.ok(!valid(tool, data).valid, `${tool} ${JSON.stringify(data)} must be refused`);
  });
});
