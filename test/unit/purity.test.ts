import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';

/**
 * STYLE.md: rules live in modules plain mocha can load. Only adapters may import `vscode`: the composition root,
 * src/ui/, and files under a `vscode/` folder. (ESLint's no-restricted-imports says the same while editing.)
 */
const SRC = path.join(__dirname, '..', '..', '..', 'src');
const IMPORTS_VSCODE = /(?:from\s+['"]vscode['"]|require\(\s*['"]vscode['"]\s*\)|import\(\s*['"]vscode['"]\s*\))/;

function isAdapter(rel: string): boolean {
  return rel === 'extension.ts' || rel.startsWith('ui/') || rel.split('/').includes('vscode');
}

describe('pure modules', () => {
  it('never import vscode outside adapters', () => {
    const files = (fs.readdirSync(SRC, { recursive: true, encoding: 'utf8' }) as string[])
      .map(f => f.split(path.sep).join('/'))
      .filter(f => f.endsWith('.ts') && !isAdapter(f));
    assert.ok(files.length > 10, 'the scan found the source tree');
    const offenders = files.filter(f => IMPORTS_VSCODE.test(fs.readFileSync(path.join(SRC, f), 'utf8')));
    assert.deepStrictEqual(offenders, []);
  });
});
