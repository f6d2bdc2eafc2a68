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
const formatRecentEdits_1 = require("../../../src/edits/formatRecentEdits");
const at = (line, endLine = line) => ({ start: { line, character: 0 }, end: { line: endLine, character: 0 } });
const base = { uri: 'file:///ws/src/login.ts', origin: 'user', languageId: 'typescript' };
const insert = {
    ...base,
    timestamp: Date.UTC(2025, 0, 15, 10, 30, 42, 123),
    range: at(11),
    oldText: '',
    newText: 'try {\n    const result = await loginUser(credentials);\n    return result;\n} catch (error) {\n    console.error(\'Login failed:\', error);\n    throw error;\n}\n',
    editType: 'insert',
};
const replace = {
    ...base,
    timestamp: Date.UTC(2025, 0, 15, 10, 29, 15),
    range: at(2),
    oldText: 'async function loginUser(credentials: Credentials)',
    newText: 'async function loginUser(credentials: Credentials): Promise<User>',
    editType: 'replace',
};
describe('formatRecentEdits', () => {
    it('says when in the person\'s local time, with the offset that makes it exact', () => {
        const ms = Date.UTC(2025, 0, 15, 23, 30, 42, 999);
        assert.strictEqual((0, formatRecentEdits_1.localTimestamp)(ms, 0), '2025-01-15 23:30:42 +00:00');
        assert.strictEqual((0, formatRecentEdits_1.localTimestamp)(ms, 60), '2025-01-16 00:30:42 +01:00');
        assert.strictEqual((0, formatRecentEdits_1.localTimestamp)(ms, -(9 * 60 + 30)), '2025-01-15 14:00:42 -09:30');
        assert.strictEqual((0, formatRecentEdits_1.localTimestamp)(ms, 13 * 60 + 45), '2025-01-16 13:15:42 +13:45');
        // By default, this machine's zone: the same wall clock Date shows locally.
        const d = new Date(ms);
        const local = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')} ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}:42`;
        assert.ok((0, formatRecentEdits_1.formatRecentEdits)([{ ...insert, timestamp: ms }]).includes(`[${local} `), local);
    });
    it('produces the seed\'s RECENT EDITS block', () => {
        const text = (0, formatRecentEdits_1.formatRecentEdits)([insert, replace], { userInstruction: 'Add error handling like the login function', fileLabel: () => 'src/login.ts', utcOffsetMinutes: () => 60 });
        assert.strictEqual(text, [
            'RECENT EDITS:',
            '  [2025-01-15 11:30:42 +01:00] insert: Added 7 lines at src/login.ts:12',
            '  ```typescript',
            '  try {',
            '      const result = await loginUser(credentials);',
            '      return result;',
            '  } catch (error) {',
            '      console.error(\'Login failed:\', error);',
            '      throw error;',
            '  }',
            '  ```',
            '',
            '  [2025-01-15 11:29:15 +01:00] replace: Replaced 50 characters with 65 characters at src/login.ts:3',
            '  ```typescript',
            '  async function loginUser(credentials: Credentials): Promise<User>',
            '  ```',
            '',
            'USER INSTRUCTION: Add error handling like the login function',
        ].join('\n'));
    });
    it('shows the removed text of a deletion and labels who made the edit', () => {
        const del = { ...replace, origin: 'undo', editType: 'delete', oldText: 'line one\r\nline two\r\n', newText: '' };
        const agent = { ...replace, origin: 'agent' };
        const text = (0, formatRecentEdits_1.formatRecentEdits)([del, agent]);
        assert.ok(text.includes('delete: Undo: Removed 2 lines at /ws/src/login.ts:3\n  ```typescript\n  line one\n  line two\n'), text);
        assert.ok(text.includes('replace: Agent applied: Replaced'), text);
    });
    it('uses a longer fence when the code contains one, and guesses the language from the file name', () => {
        const md = { ...insert, uri: 'file:///ws/README.md', languageId: undefined, newText: '```js\nx\n```' };
        const text = (0, formatRecentEdits_1.formatRecentEdits)([md]);
        assert.ok(text.includes('  ````markdown\n  ```js\n  x\n  ```\n  ````'), text);
    });
    it('says when text was cut, by the tracker or for the prompt', () => {
        assert.ok((0, formatRecentEdits_1.formatRecentEdits)([{ ...insert, truncated: true }]).includes('(truncated)'));
        const long = (0, formatRecentEdits_1.formatRecentEdits)([{ ...insert, newText: 'x'.repeat(50) }], { maxCodeLength: 10 });
        assert.ok(long.includes('(first 10 of 50 characters shown)') && long.includes('  xxxxxxxxxx\n  ```'), long);
    });
    it('describes a reformat by its lines, and an unknown removed text as unknown', () => {
        assert.ok((0, formatRecentEdits_1.formatRecentEdits)([{ ...insert, editType: 'format', range: at(3, 9) }]).includes('format: Reformatted lines 4-10 of /ws/src/login.ts'));
        assert.ok((0, formatRecentEdits_1.formatRecentEdits)([{ ...replace, editType: 'delete', oldText: undefined, newText: '' }]).includes('Removed unknown text at /ws/src/login.ts:3 (removed text unknown)'));
    });
    it('is empty without edits, or only the instruction', () => {
        assert.strictEqual((0, formatRecentEdits_1.formatRecentEdits)([]), '');
        assert.strictEqual((0, formatRecentEdits_1.formatRecentEdits)([], { userInstruction: 'go' }), 'USER INSTRUCTION: go');
    });
});
//# sourceMappingURL=formatRecentEdits.test.js.map