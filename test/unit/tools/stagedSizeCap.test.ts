import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { OverlayWorkspace } from '../../../src/fs/overlayWorkspace';
import { MAX_STAGED_BYTES, MAX_STAGED_CHARS, StagedTooLargeError, occurrences } from '../../../src/fs/stagedSizeCap';
import { EditFileTool } from '../../../src/tools/overlay/editFileTool';
import { ToolError, type ToolCaller } from '../../../src/tools/agentTool';

const caller: ToolCaller = { sessionId: 's1', messageId: 'm1', via: 'test' };
const meta = { sessionId: 's1', messageId: 'm1', turn: 1, description: 'size cap test' };

/** Issue 24, breach 4: one small edit staged 477 MB. One cap on every staged result, checked before it is built. */
describe('one size cap on every staged result', () => {
  let root: string;
  let ws: string;
  let overlay: OverlayWorkspace;
  let tool: EditFileTool;

  beforeEach(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'size-cap-'));
    ws = path.join(root, 'ws');
    fs.mkdirSync(ws);
    overlay = await OverlayWorkspace.open(path.join(root, 'store'));
    tool = new EditFileTool({ overlay, roots: () => [{ name: 'ws', path: ws }], confirm: () => Promise.resolve(false) });
  });
  afterEach(async () => {
    await overlay.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('overlay_editFile replaceAll of "x" by 1,000 characters over a 1 MB file of x lines: refused with the size, nothing staged', async () => {
    fs.writeFileSync(path.join(ws, 'big.txt'), 'x\n'.repeat(500_000));
    const newString = 'y'.repeat(1_000);

    const error = await tool.invoke({ path: 'big.txt', oldString: 'x', newString, replaceAll: true }, caller).then(() => undefined, (e: unknown) => e);

    assert.ok(error instanceof ToolError, String(error));
    assert.strictEqual(error.code, 'TooLarge');
    // 1,000,000 + 500,000 × 999 characters: said before the text is built.
    assert.match(error.message, /big\.txt: The edited text would be 500,500,000 characters, more than the 5,000,000 characters a staged file may hold\. Nothing was staged/);
    assert.deepStrictEqual(overlay.model.stagedPaths(), []);
  });

  it('the same edit with 9 characters (1 MB + 4 MB = 5 MB) is within the cap and is staged', async () => {
    fs.writeFileSync(path.join(ws, 'big.txt'), 'x\n'.repeat(500_000));
    await tool.invoke({ path: 'big.txt', oldString: 'x', newString: 'y'.repeat(9), replaceAll: true }, caller);
    assert.strictEqual(overlay.model.stagedPaths().length, 1);
  });

  it('every staged write passes the one cap, whatever path produced it (agent-staged:, copies)', () => {
    const p = path.join(ws, 'huge.bin');
    assert.throws(() => overlay.write(p, new Uint8Array(MAX_STAGED_BYTES + 1), meta), (e: unknown) => e instanceof StagedTooLargeError && /more than the 15,000,000 bytes/.test(e.message));
    assert.deepStrictEqual(overlay.model.stagedPaths(), []);
    overlay.write(p, new Uint8Array(MAX_STAGED_BYTES), meta);
    assert.deepStrictEqual(overlay.model.stagedPaths(), [p]);
  });

  it('the byte cap admits every text the character cap admits (3 UTF-8 bytes at most per UTF-16 character)', () => {
    assert.strictEqual(Buffer.byteLength('\uffff'.repeat(1000)), 3000);
    assert.strictEqual(Buffer.byteLength('\u{1F600}'), 4);
    assert.strictEqual('\u{1F600}'.length, 2);
    assert.ok(MAX_STAGED_BYTES >= 3 * MAX_STAGED_CHARS);
  });

  it('occurrences counts as split does, without overlaps', () => {
    for (const [text, needle] of [['aaaa', 'aa'], ['abcabc', 'c'], ['', 'x'], ['x\nx\n', 'x']]) {
      assert.strictEqual(occurrences(text, needle), text.split(needle).length - 1, `${text} / ${needle}`);
    }
  });
});
