import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { TOOL_CATALOG } from '../../../src/tools/toolCatalog';
import { TOOL_NAME, toolContribution } from '../../../src/tools/toolManifest';

const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', '..', 'package.json'), 'utf8'));

describe('tool manifest', () => {
  it('package.json declares exactly the catalog (run `npm run sync-manifest` after changing a tool)', () => {
    assert.deepStrictEqual(pkg.contributes.languageModelTools ?? [], TOOL_CATALOG.map(toolContribution));
  });

  it('names every tool the way VS Code accepts, once', () => {
    const names = TOOL_CATALOG.map(t => t.toolName);
    for (const n of names) assert.match(n, TOOL_NAME);
    assert.strictEqual(new Set(names).size, names.length);
  });

  it('describes when to use each tool, with an example', () => {
    for (const t of TOOL_CATALOG) {
      assert.match(t.modelDescription, /use (this|it) (tool )?(when|to)/i, `${t.toolName} says when to use it`);
      assert.match(t.modelDescription, /example/i, `${t.toolName} gives an example`);
    }
  });
});
