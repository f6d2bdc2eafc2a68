import * as assert from 'assert';
import { ChatNotebookFormatError, parseChatNotebook, serializeChatNotebook } from '../../../src/notebook/chatNotebookFormat';

const ids = () => {
  let n = 0;
  return () => `new-${++n}`;
};

describe('.agentchat format', () => {
  it('round-trips cells, ids, metadata, outputs and the last run', () => {
    const file = {
      version: 1,
      metadata: { macroContext: { A: '1' }, model: { vendor: 'copilot' } },
      cells: [
        { id: 'c1', kind: 'prompt' as const, source: 'hi @[a.ts]', metadata: { tag: 1 }, outputs: [{ items: [{ mime: 'text/markdown', data: 'answer' }, { mime: 'image/png', data: 'AAEC', encoding: 'base64' as const }], metadata: { agentChat: { answer: 'answer' } } }], execution: { order: 3, success: true, startTime: 1, endTime: 2 } },
        { id: 'n1', kind: 'markdown' as const, source: '# note' },
      ],
    };
    const text = serializeChatNotebook(file);
    assert.ok(text.endsWith('}\n'));
    assert.deepStrictEqual(parseChatNotebook(text, ids()), { ...file, cells: [file.cells[0], { ...file.cells[1], outputs: [] }] });
  });

  it('opens an empty file as an empty notebook', () => {
    assert.deepStrictEqual(parseChatNotebook('  \n', ids()), { version: 1, metadata: {}, cells: [] });
  });

  it('gives cells without an id, or with a duplicate id, a fresh one', () => {
    const nb = parseChatNotebook('{"cells":[{"source":"a"},{"id":"x","source":"b"},{"id":"x","source":"c"}]}', ids());
    assert.deepStrictEqual(nb.cells.map(c => c.id), ['new-1', 'x', 'new-2']);
    assert.deepStrictEqual(nb.cells.map(c => c.kind), ['prompt', 'prompt', 'prompt']);
  });

  it('accepts a source split into lines (as .ipynb writes it)', () => {
    assert.strictEqual(parseChatNotebook('{"cells":[{"source":["a\\n","b"]}]}', ids()).cells[0].source, 'a\nb');
  });

  it('says where the JSON is broken', () => {
    assert.throws(() => parseChatNotebook('{\n  "cells": [\n    {"source": "x",}\n  ]\n}', ids()), (e: Error) => {
      assert.ok(e instanceof ChatNotebookFormatError);
      assert.match(e.message, /not valid JSON \(.*line 3/);
      return true;
    });
  });

  const bad: [string, string, RegExp][] = [
    ['an array', '[]', /must hold a JSON object/],
    ['cells not an array', '{"cells": {}}', /"cells" must be an array, not an object/],
    ['a cell not an object', '{"cells": [1]}', /cells\[0\] must be an object, not a number/],
    ['an unknown kind', '{"cells": [{"kind": "code"}]}', /cells\[0\]\.kind must be "prompt" or "markdown"/],
    ['a numeric source', '{"cells": [{"source": 5}]}', /cells\[0\]\.source must be a string/],
    ['a broken output', '{"cells": [{"source": "", "outputs": [{"items": [{"mime": 1}]}]}]}', /cells\[0\]\.outputs\[0\]\.items\[0\] must be/],
    ['metadata not an object', '{"metadata": "x", "cells": []}', /"metadata" must be an object/],
    ['a newer version', '{"version": 2, "cells": []}', /newer version of Agent Overlay/],
  ];
  for (const [what, text, message] of bad) {
    it(`refuses ${what} with a clear error`, () => {
      assert.throws(() => parseChatNotebook(text, ids()), (e: Error) => e instanceof ChatNotebookFormatError && message.test(e.message));
    });
  }
});
