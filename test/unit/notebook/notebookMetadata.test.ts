import * as assert from 'assert';
import { readNotebookMetadata, retractCells } from '../../../src/notebook/notebookMetadata';

describe('notebook metadata: retracting deleted cells', () => {
  const metadata = {
    model: { vendor: 'copilot' },
    macroContext: { API_VERSION: 'v2', TIMEOUT: '30', HAND: 'written' },
    macroOrigins: { API_VERSION: 'c1', TIMEOUT: 'c2' },
    contextItems: [{ kind: 'file', key: 'rules/api-rules.md', cellId: 'c1' }, { kind: 'file', key: 'src/app.ts', cellId: 'c2' }],
  };

  it('forgets the macros a deleted cell defined and the context it brought; keeps the rest and hand-written macros', () => {
    assert.deepStrictEqual(retractCells(metadata, new Set(['c1'])), {
      contextItems: [{ kind: 'file', key: 'src/app.ts', cellId: 'c2' }],
      macroContext: { TIMEOUT: '30', HAND: 'written' },
      macroOrigins: { TIMEOUT: 'c2' },
    });
  });

  it('changes nothing (undefined) when the deleted cells brought nothing', () => {
    assert.strictEqual(retractCells(metadata, new Set(['c9'])), undefined);
    assert.strictEqual(retractCells(undefined, new Set(['c1'])), undefined);
  });

  it('reads macro origins defensively: non-string or empty cell ids are dropped', () => {
    assert.deepStrictEqual(readNotebookMetadata({ macroOrigins: { A: 'c1', B: 3, C: '' } }).macroOrigins, { A: 'c1' });
    assert.deepStrictEqual(readNotebookMetadata({ macroOrigins: ['A'] }).macroOrigins, {});
  });
});
