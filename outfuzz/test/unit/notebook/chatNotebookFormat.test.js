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
const chatNotebookFormat_1 = require("../../../src/notebook/chatNotebookFormat");
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
                { id: 'c1', kind: 'prompt', source: 'hi @[a.ts]', metadata: { tag: 1 }, outputs: [{ items: [{ mime: 'text/markdown', data: 'answer' }, { mime: 'image/png', data: 'AAEC', encoding: 'base64' }], metadata: { agentChat: { answer: 'answer' } } }], execution: { order: 3, success: true, startTime: 1, endTime: 2 } },
                { id: 'n1', kind: 'markdown', source: '# note' },
            ],
        };
        const text = (0, chatNotebookFormat_1.serializeChatNotebook)(file);
        assert.ok(text.endsWith('}\n'));
        assert.deepStrictEqual((0, chatNotebookFormat_1.parseChatNotebook)(text, ids()), { ...file, cells: [file.cells[0], { ...file.cells[1], outputs: [] }] });
    });
    it('opens an empty file as an empty notebook', () => {
        assert.deepStrictEqual((0, chatNotebookFormat_1.parseChatNotebook)('  \n', ids()), { version: 1, metadata: {}, cells: [] });
    });
    it('gives cells without an id, or with a duplicate id, a fresh one', () => {
        const nb = (0, chatNotebookFormat_1.parseChatNotebook)('{"cells":[{"source":"a"},{"id":"x","source":"b"},{"id":"x","source":"c"}]}', ids());
        assert.deepStrictEqual(nb.cells.map(c => c.id), ['new-1', 'x', 'new-2']);
        assert.deepStrictEqual(nb.cells.map(c => c.kind), ['prompt', 'prompt', 'prompt']);
    });
    it('accepts a source split into lines (as .ipynb writes it)', () => {
        assert.strictEqual((0, chatNotebookFormat_1.parseChatNotebook)('{"cells":[{"source":["a\\n","b"]}]}', ids()).cells[0].source, 'a\nb');
    });
    it('says where the JSON is broken', () => {
        assert.throws(() => (0, chatNotebookFormat_1.parseChatNotebook)('{\n  "cells": [\n    {"source": "x",}\n  ]\n}', ids()), (e) => {
            assert.ok(e instanceof chatNotebookFormat_1.ChatNotebookFormatError);
            assert.match(e.message, /not valid JSON \(.*line 3/);
            return true;
        });
    });
    const bad = [
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
            assert.throws(() => (0, chatNotebookFormat_1.parseChatNotebook)(text, ids()), (e) => e instanceof chatNotebookFormat_1.ChatNotebookFormatError && message.test(e.message));
        });
    }
});
//# sourceMappingURL=chatNotebookFormat.test.js.map