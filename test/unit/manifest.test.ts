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

/** Every tool the manifest declares, by name, and the names chat prompts and agent files use for them. */
const declaredTools: { name: string; toolReferenceName?: string }[] = manifest.contributes.languageModelTools;
const EXTENSION_ID = `${manifest.publisher}.${manifest.name}`;

describe('the overlay tool set (contributes.languageModelToolSets)', () => {
  const sets: { name: string; description: string; tools: string[] }[] = manifest.contributes.languageModelToolSets;

  it('names only tools the manifest declares in languageModelTools', () => {
    const names = new Set(declaredTools.map(t => t.name));
    for (const set of sets) for (const tool of set.tools) assert.ok(names.has(tool), `tool set ${set.name}: ${tool} is not in languageModelTools`);
  });

  it('holds every overlay tool and nothing else', () => {
    const overlay = sets.find(s => s.name === 'overlay');
    assert.ok(overlay, 'a tool set named overlay');
    assert.deepStrictEqual([...overlay.tools].sort(), declaredTools.map(t => t.name).filter(n => n.startsWith('overlay_')).sort());
  });

  it('has the shape VS Code 1.139 accepts: a reference-safe name, a description, at least one tool', () => {
    // The workbench's schema for languageModelToolSets: name matches ^[\w-]+$; name, description, tools required.
    for (const set of sets) {
      assert.match(set.name, /^[\w-]+$/);
      assert.ok(set.description.trim().length > 20, `${set.name}: a description a person can read`);
      assert.ok(set.tools.length > 0);
    }
  });
});

describe('the Staged agent (contributes.chatAgents)', () => {
  const repo = path.join(__dirname, '..', '..', '..');
  const agents: { path: string }[] = manifest.contributes.chatAgents;
  const file = path.join(repo, agents[0]?.path ?? 'missing');
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const frontmatter = /^---\n([\s\S]*?)\n---\n/.exec(text)?.[1] ?? '';
  const field = (key: string) => new RegExp(`^${key}:\\s*(.*)$`, 'm').exec(frontmatter)?.[1];
  const tools: string[] = JSON.parse((field('tools') ?? '[]').replace(/'/g, '"'));

  it('is one .agent.md file inside the extension, shipped in the package', () => {
    assert.strictEqual(agents.length, 1);
    assert.ok(agents[0].path.startsWith('./') && agents[0].path.endsWith('.agent.md'), agents[0].path);
    assert.ok(fs.existsSync(file), `${file} exists`);
    const ignore = fs.readFileSync(path.join(repo, '.vscodeignore'), 'utf8').split('\n');
    assert.ok(ignore.includes(`!${path.posix.dirname(agents[0].path.slice(2))}/**`), '.vscodeignore keeps the agents folder in the .vsix');
  });

  it('is named Staged and says its writes wait for review', () => {
    assert.strictEqual(field('name'), 'Staged');
    assert.match(field('description') ?? '', /review/);
    assert.match(text.slice(frontmatter.length), /Source Control/);
  });

  it('names this extension\'s tools by reference names the manifest declares', () => {
    const refs = new Set(declaredTools.map(t => t.toolReferenceName ?? t.name));
    const ours = tools.filter(t => t.startsWith(`${EXTENSION_ID}/`));
    assert.ok(ours.length >= 9, 'every overlay tool, by its full reference name');
    for (const t of ours) assert.ok(refs.has(t.slice(EXTENSION_ID.length + 1)), `${t} is declared`);
    for (const t of declaredTools.filter(d => d.name.startsWith('overlay_'))) {
      assert.ok(tools.includes(`${EXTENSION_ID}/${t.toolReferenceName ?? t.name}`), `${t.name} is listed by its full reference name`);
    }
  });

  it('gets no built-in tool that writes to the disk', () => {
    // Copilot Chat 0.67's tool sets and tools that change files (its package.json: languageModelToolSets "edit",
    // tools createFile, editFiles, createDirectory, ...) and the terminal, which can write anything.
    const writers = ['edit', 'execute', 'vscode', 'createFile', 'createDirectory', 'editFiles', 'editNotebook', 'rename', 'applyPatch', 'replaceString', 'runInTerminal', 'terminal'];
    for (const t of tools) {
      const bare = t.includes('/') && !t.startsWith(`${EXTENSION_ID}/`) ? t.split('/')[0] : t;
      assert.ok(!writers.includes(bare), `${t} can write to the disk`);
    }
  });

  it('lists, searches and runs commands through the overlay, and gets no built-in tool that sees only the disk', () => {
    // Copilot Chat's tool sets "read" (readFile, listDirectory, ...) and "search" (fileSearch, textSearch, codebase, ...)
    // read the disk, not the staged view: an agent using them would not see its own changes (issue 25).
    const diskReaders = ['read', 'search', 'readFile', 'listDirectory', 'fileSearch', 'textSearch', 'codebase', 'findTestFiles', 'searchResults', 'usages'];
    for (const t of tools) {
      const bare = t.includes('/') && !t.startsWith(`${EXTENSION_ID}/`) ? t.split('/')[0] : t;
      assert.ok(!diskReaders.includes(bare), `${t} sees only the disk`);
    }
    for (const t of ['overlay_listDirectory', 'overlay_search', 'overlay_runCommand']) assert.ok(tools.includes(`${EXTENSION_ID}/${t}`), `${t} is listed`);
  });
});
