import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { DEFAULT_EDIT_EXCLUDE_PATTERNS, EditExclusions, editExclusionSettingsFrom } from '../../../src/edits/agentEditExclusions';
import { EditHistoryTracker } from '../../../src/edits/editHistoryTracker';
import { UNKNOWN_MESSAGE, type ToolCaller } from '../../../src/tools/agentTool';
import { GetRecentEditsTool } from '../../../src/tools/edits/getRecentEditsTool';
import { FakeDocument } from './fakeDocument';

const caller: ToolCaller = { sessionId: 'mcp:some-cli', messageId: UNKNOWN_MESSAGE, via: 'mcp' };

describe('agent edit exclusions (issue 24: edits_getRecent leaks scratch pads and secrets)', () => {
  const rule = new EditExclusions();

  it('excludes untitled documents by default, and shares them only when the setting says so', () => {
    assert.strictEqual(rule.excludes('untitled:Untitled-1'), true);
    assert.strictEqual(new EditExclusions({ patterns: [], shareUntitled: true }).excludes('untitled:Untitled-1'), false);
  });

  it('excludes secret-looking files by name, in any folder, whatever their case', () => {
    for (const f of ['.env', '.env.local', 'prod.env', 'server.pem', 'tls.KEY', 'id_rsa', 'id_ed25519.pub', 'cert.p12', '.npmrc', '.netrc', '.git-credentials', 'credentials.json', 'secrets.yaml', 'prod.tfvars']) {
      assert.strictEqual(rule.excludes(`file:///ws/deep/dir/${f}`), true, f);
    }
    assert.strictEqual(rule.excludes('file:///home/me/.ssh/config'), true, '.ssh/* by path');
    assert.strictEqual(rule.excludes('file:///ws/.aws/config'), true);
    assert.strictEqual(rule.excludes('file:///ws/my%20secrets.txt'), false, 'only the listed shapes');
  });

  it('keeps ordinary source files, including ones whose names merely mention keys or secrets', () => {
    for (const f of ['src/login.ts', 'src/secretStorage.ts', 'src/keyboard.ts', 'docs/env.md', 'config/environment.ts', 'src/credentialsForm.tsx']) {
      assert.strictEqual(rule.excludes(`file:///ws/${f}`), false, f);
    }
  });

  it('takes the patterns from the setting (globs with ** and ?), falling back to the defaults for a wrong type', () => {
    const custom = new EditExclusions(editExclusionSettingsFrom(k => (k === 'excludePatterns' ? ['config/**/*.json', 'notes?.md', 42] : undefined)));
    assert.strictEqual(custom.excludes('file:///ws/config/a/b/c.json'), true);
    assert.strictEqual(custom.excludes('file:///ws/config/c.json'), true);
    assert.strictEqual(custom.excludes('file:///ws/notes1.md'), true);
    assert.strictEqual(custom.excludes('file:///ws/.env'), false, 'the setting replaces the list');
    assert.deepStrictEqual(editExclusionSettingsFrom(() => 'nonsense').patterns, DEFAULT_EDIT_EXCLUDE_PATTERNS);
  });

  it('package.json declares the settings with the same defaults', () => {
    const pkg = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../../package.json'), 'utf8')) as { contributes: { configuration: { properties: Record<string, { default: unknown }> }[] } };
    const props = Object.assign({}, ...pkg.contributes.configuration.map(c => c.properties)) as Record<string, { default: unknown }>;
    assert.deepStrictEqual(props['agentOverlay.editHistory.excludePatterns']?.default, DEFAULT_EDIT_EXCLUDE_PATTERNS);
    assert.strictEqual(props['agentOverlay.editHistory.shareUntitled']?.default, false);
  });

  describe('edits_getRecent', () => {
    function setup() {
      const tracker = new EditHistoryTracker();
      const tool = new GetRecentEditsTool({ isEnabled: () => true, getRecent: q => tracker.getRecent(q), fileLabel: uri => uri.replace('file:///ws/', '') });
      const type = (uri: string, text: string) => {
        const doc = new FakeDocument(uri, '');
        tracker.track(doc.uri, doc.text, doc.version);
        tracker.handleChange(doc.change([{ offset: 0, length: 0, text }]), doc.getText);
      };
      return { tracker, tool, type };
    }

    it('never returns what was typed in an untitled editor or a .env file; returns the rest, counting only what it returns', async () => {
      const { tool, type } = setup();
      type('file:///ws/src/app.ts', 'export const port = 8080;');
      type('untitled:Untitled-1', 'ghp_pastedTokenFromClipboard');
      type('file:///ws/.env', 'API_KEY=sk-live-123456');
      const answer = await tool.invoke({ maxEdits: 1 }, caller);
      const data = answer.data as { count: number; edits: { filePath: string; newText: string }[] };
      assert.deepStrictEqual(data.edits.map(e => e.filePath), ['src/app.ts'], 'maxEdits: 1 still finds the shared edit');
      const text = await tool.invoke({ format: 'text' }, caller);
      assert.doesNotMatch(String(text.data), /ghp_|sk-live/);
    });

    it('says why when asked for an excluded file by name', async () => {
      const { tool, type } = setup();
      type('file:///ws/.env', 'API_KEY=sk-live-123456');
      const answer = await tool.invoke({ filePath: '.env' }, caller);
      assert.strictEqual((answer.data as { count: number }).count, 0);
      assert.match(answer.summary, /^Edits of \.env are never shared with agents .*agentOverlay\.editHistory\.excludePatterns/);
    });

    it('says so in its description', () => {
      assert.match(tool().metadata.modelDescription, /Never returned: edits of untitled .* \.env.*excludePatterns/);
      function tool() { return setup().tool; }
    });
  });
});
