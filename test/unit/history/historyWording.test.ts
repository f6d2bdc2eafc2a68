import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { contentAvailable, flatWhen, versionContentPrompt } from '../../../src/history/historyMessages';

/** Issue 27 item 17: seed 000's own words. */
describe('History Helper wording (seed 000)', () => {
  it('the history commands are in the "Agent History Helper" category, so typing "History Helper" (or "Agent") in the palette finds them', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', '..', 'package.json'), 'utf8')) as { contributes: { commands: { command: string; category?: string }[] } };
    const history = pkg.contributes.commands.filter(c => c.command.startsWith('agentOverlay.history.') && c.category !== undefined);
    assert.ok(history.length >= 5, 'the history commands are found');
    assert.deepStrictEqual([...new Set(history.map(c => c.category))], ['Agent History Helper']);
  });

  it('no consent text nests parentheses', () => {
    assert.strictEqual(flatWhen('5 minutes ago (File Saved)'), '5 minutes ago, File Saved');
    assert.strictEqual(flatWhen('just now'), 'just now');
    assert.strictEqual(versionContentPrompt('a.ts', '5 minutes ago (File Saved)'), "AI Agent is requesting to view the content of a historical version of 'a.ts' (Timestamp: 5 minutes ago, File Saved).");
    assert.doesNotMatch(contentAvailable('a.ts', '5 minutes ago (File Saved)'), /\([^)]*\(/);
  });
});
