import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';

/** The product's package.json, as the .vsix ships it. */
const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'package.json'), 'utf8'));

describe('the product manifest', () => {
  it('declares no chat-model vendor: the tests\' scripted model is added by the test harness only', () => {
    // A declared vendor that nobody registers makes VS Code log "No provider registered for vendor …".
    assert.deepStrictEqual(manifest.contributes.languageModelChatProviders, undefined);
  });
});

/** Words Title Case leaves in lower case (Microsoft's and VS Code's own command titles do). */
const MINOR = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'from', 'in', 'into', 'of', 'on', 'or', 'the', 'to', 'vs', 'with']);

/** The words of a title that break Title Case ("Open historical version" → historical, version). */
function lowerCaseWords(title: string): string[] {
  const words = title.replace(/[()…,]/g, ' ').split(/\s+/).filter(w => /^[A-Za-z]/.test(w));
  return words.filter((w, i) => /^[a-z]/.test(w) && (i === 0 || !MINOR.has(w)));
}

describe('the Command Palette (issue 15, item 11)', () => {
  const commands = manifest.contributes.commands as { command: string; title: string; category?: string }[];
  const paletteWhen = new Map((manifest.contributes.menus.commandPalette as { command: string; when?: string }[]).map(m => [m.command, m.when]));

  it('every command title is in Title Case', () => {
    assert.ok(lowerCaseWords('Open historical version').length === 2, 'the check itself catches sentence case');
    assert.deepStrictEqual(commands.filter(c => lowerCaseWords(c.title).length > 0).map(c => `${c.command}: ${c.title}`), []);
  });

  it('every command a person can run from the palette has a category, found by typing "Agent"', () => {
    const shown = commands.filter(c => paletteWhen.get(c.command) !== 'false');
    assert.deepStrictEqual(shown.filter(c => !c.category?.startsWith('Agent')).map(c => `${c.command} (${c.category ?? 'no category'})`), []);
  });

  it('Start MCP Server is offered only while stopped, Stop only while running', () => {
    assert.strictEqual(paletteWhen.get('agentOverlay.mcp.start'), '!agentOverlay.mcp.running');
    assert.strictEqual(paletteWhen.get('agentOverlay.mcp.stop'), 'agentOverlay.mcp.running');
  });

  it('Refresh says what it refreshes', () => {
    assert.match(commands.find(c => c.command === 'agentOverlay.refresh')!.title, /^Refresh Staged Changes/);
  });
});
