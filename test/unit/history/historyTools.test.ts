import * as assert from 'assert';
import { v4 as uuidv4 } from 'uuid';
import { GrantStore, type Grant } from '../../../src/history/grants';
import type { HistoryLog } from '../../../src/history/historyLog';
import { HistoryRequestQueue } from '../../../src/history/historyRequestQueue';
import { HistoryReadError, type HistoryVersion } from '../../../src/history/historyVersion';
import { VersionTextError } from '../../../src/history/versionText';
import { parseWorkspaceRelativePath, type ResolvedWorkspacePath } from '../../../src/history/workspacePath';
import type { ToolCaller } from '../../../src/tools/agentTool';
import { validateInput, ToolInputError } from '../../../src/tools/jsonSchema';
import { GetSharedContentTool } from '../../../src/tools/history/getSharedContentTool';
import { GetVersionContentTool } from '../../../src/tools/history/getVersionContentTool';
import type {
  ConsentAnswer, ConsentPrompt, HistoryConsentUi, HistoryFileAccess, HistoryToolDeps, PendingRequestItem, RespondChoice, VersionPick,
  VersionPickRequest,
} from '../../../src/tools/history/historyToolPorts';
import { RequestVersionsTool } from '../../../src/tools/history/requestVersionsTool';

const MIN = 60_000;
const caller: ToolCaller = { sessionId: 's', messageId: 'm', via: 'test' };

class FakeClock {
  constructor(public t = Date.UTC(2025, 4, 1, 12, 0, 0)) {}
  now(): number { return this.t; }
}

const version = (sourceId: string, timestamp: number, label = 'File Saved'): HistoryVersion => ({
  store: 'vscodeLocalHistory', sourceId, timestamp, label, source: undefined, contentPath: `/u/History/abc/${sourceId}`, size: 1,
});

/** Files under `/ws` with the real lexical path policy; unknown files have no history. */
class FakeFiles implements HistoryFileAccess {
  readonly history = new Map<string, HistoryVersion[]>();
  readonly texts = new Map<string, string | Error>();
  /** Paths (relative) that name no file on disk. */
  readonly missing = new Set<string>();
  listError: Error | undefined;
  listCalls = 0;

  async resolve(filePath: unknown): Promise<ResolvedWorkspacePath> {
    const segments = parseWorkspaceRelativePath(filePath, 'linux');
    const relativePath = segments.join('/');
    return { absolutePath: `/ws/${relativePath}`, realPath: `/ws/${relativePath}`, root: { name: 'ws', path: '/ws' }, relativePath, displayPath: relativePath, exists: !this.missing.has(relativePath) };
  }
  async listVersions(file: ResolvedWorkspacePath): Promise<readonly HistoryVersion[]> {
    this.listCalls++;
    if (this.listError) throw this.listError;
    return this.history.get(file.relativePath) ?? [];
  }
  async readText(v: HistoryVersion, _filePath: string): Promise<string> {
    const t = this.texts.get(v.contentPath);
    if (t === undefined) throw new Error(`unexpected read of ${v.contentPath}`);
    if (t instanceof Error) throw t;
    return t;
  }
}

type Answer = ConsentAnswer | { pick: number[] } | 'dismiss' | 'denyPicker' | ((kind: 'confirm' | 'pick') => void);

/** Scripted consent that fails loudly on a dialog nobody scripted. */
class FakeConsent implements HistoryConsentUi {
  readonly answers: Answer[] = [];
  readonly asked: string[] = [];
  readonly picks: VersionPickRequest[] = [];
  readonly notes: string[] = [];
  readonly warnings: string[] = [];
  private next(what: string): Answer {
    const a = this.answers.shift();
    if (a === undefined) throw new Error(`unexpected dialog: ${what}`);
    return a;
  }
  async confirm(prompt: ConsentPrompt): Promise<ConsentAnswer> {
    this.asked.push(prompt.message);
    let a = this.next(prompt.message);
    if (typeof a === 'function') { a('confirm'); a = this.next(prompt.message); }
    if (a !== 'allow' && a !== 'deny') throw new Error(`scripted ${JSON.stringify(a)} for a confirm`);
    return a;
  }
  async pickVersions(request: VersionPickRequest): Promise<VersionPick> {
    this.picks.push(request);
    const a = this.next(request.title);
    if (a === 'dismiss') return { kind: 'hidden', checked: request.preselected ?? [] };
    if (a === 'denyPicker') return { kind: 'denied' };
    if (typeof a !== 'object') throw new Error(`scripted ${String(a)} for a pick`);
    return { kind: 'accepted', versions: a.pick.map((i) => request.choices[i].version) };
  }
  async chooseRequest(items: readonly PendingRequestItem[]): Promise<RespondChoice | undefined> {
    throw new Error(`unexpected Respond list: ${items.map((i) => i.label).join(', ')}`);
  }
  notify(message: string): void { this.notes.push(message); }
  warn(message: string): void { this.warnings.push(message); }
}

function setup() {
  const clock = new FakeClock();
  const files = new FakeFiles();
  const consent = new FakeConsent();
  const grants = new GrantStore({ clock });
  const requests = new HistoryRequestQueue(() => clock.now());
  const logLines: string[] = [];
  const log: HistoryLog = { info: (m) => logLines.push(m), warn: (m) => logLines.push(m), error: (m) => logLines.push(m) };
  const allowed: Grant[] = [];
  const deps: HistoryToolDeps = {
    files, consent, grants, requests, log, clock, settings: () => ({ maxVersionsInPicker: 50, allRecentCount: 10 }),
    onContentAllowed: (g) => allowed.push(g),
  };
  const now = clock.now();
  const versions = [version('New1.ts', now - 5 * MIN), version('Mid2.ts', now - 30 * MIN), version('Old3.ts', now - 2 * 60 * MIN, 'Undo / Redo')];
  files.history.set('src/a.ts', versions);
  versions.forEach((v, i) => files.texts.set(v.contentPath, `text ${i}`));
  return {
    clock, files, consent, grants, requests, logLines, allowed, versions,
    request: new RequestVersionsTool(deps), content: new GetVersionContentTool(deps), shared: new GetSharedContentTool(deps),
  };
}

type Ids = { id: string; timestamp: string; label: string }[];

describe('history tools (pure, fake ports)', () => {
  describe('history_requestVersions', () => {
    it('Allow + pick → exactly the picked versions as fresh ids, newest first; the seed\'s notices', async () => {
      const t = setup();
      t.consent.answers.push('allow', { pick: [2, 0] });
      const { data } = await t.request.invoke({ filePath: 'src/a.ts' }, caller);
      const r = data as { status: string; versions: Ids };
      assert.strictEqual(r.status, 'success');
      assert.deepStrictEqual(r.versions.map((v) => [v.timestamp, v.label]), [
        ['2025-05-01T11:55:00Z', '5 minutes ago (File Saved)'],
        ['2025-05-01T10:00:00Z', '2 hours ago (Undo / Redo)'],
      ]);
      assert.notStrictEqual(r.versions[0].id, r.versions[1].id);
      assert.deepStrictEqual(t.consent.asked, ["AI Agent is requesting access to historical versions for 'src/a.ts'."]);
      assert.deepStrictEqual(t.consent.picks[0].choices.map((c) => c.label), ['a.ts (5 minutes ago)', 'a.ts (30 minutes ago)', 'a.ts (2 hours ago)']);
      assert.strictEqual(t.consent.picks[0].canPickMany, true);
      assert.strictEqual(t.consent.picks[0].allRecentCount, 10);
      assert.deepStrictEqual(t.consent.notes, ['2 historical versions of src/a.ts are now available for the AI agent to list.']);
      assert.strictEqual(t.grants.grantCount, 2);
      assert.ok(t.logLines.some((l) => l.includes('asks for the versions of src/a.ts')));
    });

    it('the agent learns nothing of the listing before Allow; it is listed again after', async () => {
      const t = setup();
      t.consent.answers.push(() => assert.strictEqual(t.files.listCalls, 1, 'only the no-history check before the answer'), 'allow', { pick: [0] });
      await t.request.invoke({ filePath: 'src/a.ts' }, caller);
      assert.strictEqual(t.files.listCalls, 2);
      assert.deepStrictEqual(t.consent.notes, ['1 historical version of src/a.ts is now available for the AI agent to list.']);
    });

    it('Deny → denied_by_user, the seed\'s notice, and this file\'s ids revoked (issue 16 item 4: not other files\')', async () => {
      const t = setup();
      const [other] = t.grants.grantVersions({ filePath: '/ws/b.ts', displayPath: 'b.ts' }, [{ version: version('Bbbb.ts', 1) }]);
      const [mine] = t.grants.grantVersions({ filePath: '/ws/src/a.ts', displayPath: 'src/a.ts' }, [{ version: t.versions[0] }]);
      t.consent.answers.push('deny');
      assert.deepStrictEqual((await t.request.invoke({ filePath: 'src/a.ts' }, caller)).data, { status: 'denied_by_user' });
      assert.deepStrictEqual(t.consent.notes, ['Access to historical versions for src/a.ts was denied.']);
      assert.strictEqual(t.grants.lookup(mine.id, '/ws/src/a.ts').kind, 'unknown');
      assert.strictEqual(t.grants.lookup(other.id, '/ws/b.ts').kind, 'granted');
    });

    it('an empty pick or the picker\'s Deny button shares nothing', async () => {
      const t = setup();
      t.consent.answers.push('allow', { pick: [] }, 'allow', 'denyPicker');
      assert.deepStrictEqual((await t.request.invoke({ filePath: 'src/a.ts' }, caller)).data, { status: 'denied_by_user' });
      assert.deepStrictEqual((await t.request.invoke({ filePath: 'src/a.ts' }, caller)).data, { status: 'denied_by_user' });
      assert.strictEqual(t.grants.grantCount, 0);
    });

    it('a picker closed unanswered is not a denial: the request is parked, and reopened with what was checked', async () => {
      const t = setup();
      t.consent.answers.push('allow', 'dismiss');
      let settled = false;
      const pending = t.request.invoke({ filePath: 'src/a.ts' }, caller).then((r) => { settled = true; return r; });
      const tick = () => new Promise((r) => setImmediate(r));
      for (let i = 0; i < 10 && !t.requests.current?.parked; i++) await tick();
      assert.strictEqual(t.requests.current?.parked, true);
      assert.strictEqual(settled, false, 'the agent still waits');
      assert.strictEqual(t.grants.grantCount, 0);
      assert.match(t.consent.notes[0], /request for the history of src\/a\.ts is still waiting/);
      t.consent.answers.push({ pick: [1] });
      assert.strictEqual(t.requests.answerNow(t.requests.current!.id), true);
      const r = (await pending).data as { status: string; versions: Ids };
      assert.strictEqual(r.status, 'success');
      assert.deepStrictEqual(r.versions.map((v) => v.timestamp), ['2025-05-01T11:30:00Z']);
      assert.strictEqual(t.consent.picks.length, 2);
      assert.strictEqual(t.consent.asked.length, 1, 'Allow is not asked again');
    });

    it('a parked request the user denies from the Respond command is denied', async () => {
      const t = setup();
      t.consent.answers.push('allow', 'dismiss');
      const pending = t.request.invoke({ filePath: 'src/a.ts' }, caller);
      for (let i = 0; i < 10 && !t.requests.current?.parked; i++) await new Promise((r) => setImmediate(r));
      assert.strictEqual(t.requests.denyAllPending(), 1);
      assert.deepStrictEqual((await pending).data, { status: 'denied_by_user' });
    });

    it('no history at all is answered only after Allow (seed 000): "no such file" for a typo, "no local history" for a file', async () => {
      const t = setup();
      t.files.missing.add('src/typo.ts');
      t.consent.answers.push('allow', 'allow');
      const typo = (await t.request.invoke({ filePath: 'src/typo.ts' }, caller)).data as { status: string; message: string };
      assert.strictEqual(typo.status, 'error');
      assert.match(typo.message, /There is no file at src\/typo\.ts and no local history/);
      const none = (await t.request.invoke({ filePath: 'src/none.ts' }, caller)).data as { status: string; message: string };
      assert.strictEqual(none.status, 'error');
      assert.match(none.message, /No local history is available for src\/none\.ts/);
      assert.strictEqual(t.consent.asked.length, 2, 'one dialog each, before the answer');
      assert.strictEqual(t.consent.picks.length, 0);
    });

    it('a denied request for a path with no history learns nothing but the denial (seed 000)', async () => {
      const t = setup();
      t.consent.answers.push('deny');
      const r = (await t.request.invoke({ filePath: 'src/none.ts' }, caller)).data as { status: string };
      assert.deepStrictEqual(r, { status: 'denied_by_user' });
    });

    it('a deleted file that has history gets the normal flow', async () => {
      const t = setup();
      t.files.missing.add('src/a.ts');
      t.consent.answers.push('allow', { pick: [0] });
      const r = (await t.request.invoke({ filePath: 'src/a.ts' }, caller)).data as { status: string };
      assert.strictEqual(r.status, 'success');
      assert.strictEqual(t.consent.asked.length, 1);
    });

    it('a failing store → an error the model can act on, a warning for the user, details in the log', async () => {
      const t = setup();
      t.files.listError = new HistoryReadError('unreadable', 'EACCES', '/u/History/abc');
      const r = (await t.request.invoke({ filePath: 'src/a.ts' }, caller)).data as { status: string; message: string };
      assert.strictEqual(r.status, 'error');
      assert.match(r.message, /Failed to read the local history of src\/a\.ts/);
      assert.deepStrictEqual(t.consent.warnings, ['History Helper could not access history for src/a.ts.']);
    });

    it('bad paths are refused before any dialog', async () => {
      const t = setup();
      for (const filePath of ['../x.ts', '/etc/passwd', 'C:\\x', 'a/../../b', '', 'x\0y', '~/x', 'file:///etc/passwd']) {
        const r = (await t.request.invoke({ filePath }, caller)).data as { status: string };
        assert.strictEqual(r.status, 'error', filePath);
      }
      assert.deepStrictEqual(t.consent.asked, []);
    });

    it('a request the user denies from the Respond command, while it waits, is denied', async () => {
      const t = setup();
      let release!: () => void;
      const blocker = t.requests.submit({ kind: 'listVersions', displayPath: 'x', via: 'test' }, () => new Promise<void>((r) => (release = r)));
      const pending = t.request.invoke({ filePath: 'src/a.ts' }, caller);
      await new Promise((r) => setImmediate(r));
      assert.strictEqual(t.requests.denyAllPending(), 1);
      assert.deepStrictEqual((await pending).data, { status: 'denied_by_user' });
      release();
      await blocker;
      assert.deepStrictEqual(t.consent.asked, []);
    });

    it('an agent that cancels while waiting gets an error and no dialog comes up', async () => {
      const t = setup();
      let release!: () => void;
      const blocker = t.requests.submit({ kind: 'listVersions', displayPath: 'x', via: 'test' }, () => new Promise<void>((r) => (release = r)));
      const ac = new AbortController();
      const pending = t.request.invoke({ filePath: 'src/a.ts' }, caller, ac.signal);
      await new Promise((r) => setImmediate(r));
      ac.abort();
      const r = (await pending).data as { status: string; message: string };
      assert.strictEqual(r.status, 'error');
      assert.match(r.message, /cancelled/);
      release();
      await blocker;
      assert.deepStrictEqual(t.consent.asked, []);
    });
  });

  describe('history_getVersionContent', () => {
    async function granted(t: ReturnType<typeof setup>, pick: number[]): Promise<Ids> {
      t.consent.answers.push('allow', { pick });
      const r = (await t.request.invoke({ filePath: 'src/a.ts' }, caller)).data as { versions: Ids };
      t.consent.asked.length = 0;
      t.consent.notes.length = 0;
      return r.versions;
    }

    it('Allow → that version\'s text, once; the seed\'s prompt and notice', async () => {
      const t = setup();
      const [v] = await granted(t, [1]);
      t.consent.answers.push('allow');
      const r = await t.content.invoke({ filePath: 'src/a.ts', versionId: v.id }, caller);
      assert.deepStrictEqual(r.data, { status: 'success', filePath: 'src/a.ts', versionId: v.id, content: 'text 1' });
      assert.deepStrictEqual(t.consent.asked, ["AI Agent is requesting to view the content of a historical version of 'src/a.ts' (Timestamp: 30 minutes ago, File Saved)."]);
      assert.deepStrictEqual(t.consent.notes, ['Historical content of src/a.ts (30 minutes ago, File Saved) has been made available to the AI Agent.']);
      assert.deepStrictEqual(t.allowed.map((g) => g.id), [v.id]);
      const again = (await t.content.invoke({ filePath: 'src/a.ts', versionId: v.id }, caller)).data as { status: string };
      assert.strictEqual(again.status, 'error');
      assert.strictEqual(t.consent.asked.length, 1, 'no second dialog for a used id');
    });

    it('Deny → denied_by_user and this file\'s ids revoked, not other files\'', async () => {
      const t = setup();
      const [other] = t.grants.grantVersions({ filePath: '/ws/b.ts', displayPath: 'b.ts' }, [{ version: version('Bbbb.ts', 1) }]);
      const [v, w] = await granted(t, [0, 1]);
      t.consent.answers.push('deny');
      assert.deepStrictEqual((await t.content.invoke({ filePath: 'src/a.ts', versionId: v.id }, caller)).data, { status: 'denied_by_user' });
      assert.deepStrictEqual(t.consent.notes, ['Access to historical versions for src/a.ts was denied.']);
      assert.strictEqual((await t.content.invoke({ filePath: 'src/a.ts', versionId: w.id }, caller) as { data: { status: string } }).data.status, 'error');
      assert.strictEqual(t.allowed.length, 0);
      assert.strictEqual(t.grants.lookup(other.id, '/ws/b.ts').kind, 'granted');
    });

    it('expired, foreign, guessed and malformed ids get an error and no dialog', async () => {
      const t = setup();
      const [v] = await granted(t, [0]);
      t.files.history.set('src/b.ts', []);
      const cases: [string, string, RegExp][] = [
        ['src/b.ts', v.id, /not issued for src\/b\.ts/],
        ['src/a.ts', uuidv4(), /Unknown version id/],
        ['src/a.ts', 'New1.ts', /Unknown version id/],
        // Ids compare case-insensitively, so the guess must differ in its first digit, not only in case.
        ['src/a.ts', v.id.toUpperCase().replace(/^./, v.id.startsWith('f') ? '0' : 'f'), /Unknown version id/],
      ];
      for (const [filePath, versionId, message] of cases) {
        const r = (await t.content.invoke({ filePath, versionId }, caller)).data as { status: string; message: string };
        assert.strictEqual(r.status, 'error');
        assert.match(r.message, message);
      }
      t.clock.t += 10 * MIN;
      const expired = (await t.content.invoke({ filePath: 'src/a.ts', versionId: v.id }, caller)).data as { message: string };
      assert.match(expired.message, /expired/);
      assert.deepStrictEqual(t.consent.asked, []);
    });

    it('an id that expires while the dialog is open gets nothing', async () => {
      const t = setup();
      const [v] = await granted(t, [0]);
      t.consent.answers.push(() => { t.clock.t += 11 * MIN; }, 'allow');
      const r = (await t.content.invoke({ filePath: 'src/a.ts', versionId: v.id }, caller)).data as { status: string; message: string };
      assert.strictEqual(r.status, 'error');
      assert.match(r.message, /expired/);
      assert.strictEqual(t.allowed.length, 0);
    });

    it('a binary version is an error, with a warning for the user', async () => {
      const t = setup();
      const [v] = await granted(t, [2]);
      t.files.texts.set(t.versions[2].contentPath, new VersionTextError('binary', 'this historical version is binary'));
      t.consent.answers.push('allow');
      const r = (await t.content.invoke({ filePath: 'src/a.ts', versionId: v.id }, caller)).data as { status: string; message: string };
      assert.deepStrictEqual(r, { status: 'error', message: 'this historical version is binary' });
      assert.deepStrictEqual(t.consent.warnings, ['History Helper could not access history for src/a.ts.']);
    });
  });

  describe('history_getSharedContent', () => {
    it('no_content_available, no_matching_content, then success once — never a dialog', async () => {
      const t = setup();
      assert.deepStrictEqual((await t.shared.invoke({}, caller)).data, { status: 'no_content_available' });
      t.grants.share({ filePath: '/ws/src/a.ts', displayPath: 'src/a.ts' }, t.versions[1], 'old text');
      assert.deepStrictEqual((await t.shared.invoke({ filePathHint: 'src/b.ts' }, caller)).data, {
        status: 'no_matching_content',
        message: 'Content for a different file (src/a.ts) was shared by the user, not for the hinted src/b.ts.',
      });
      assert.deepStrictEqual((await t.shared.invoke({ filePathHint: './src/a.ts' }, caller)).data, { status: 'success', filePath: 'src/a.ts', content: 'old text' });
      assert.deepStrictEqual(t.consent.notes, ['The AI agent retrieved the historical content of src/a.ts (30 minutes ago, File Saved) that you shared.']);
      assert.deepStrictEqual((await t.shared.invoke({}, caller)).data, { status: 'no_content_available' });
      assert.deepStrictEqual(t.consent.asked, []);
    });

    it('expires with the TTL', async () => {
      const t = setup();
      t.grants.share({ filePath: '/ws/src/a.ts', displayPath: 'src/a.ts' }, t.versions[0], 'x');
      t.clock.t += 10 * MIN;
      assert.deepStrictEqual((await t.shared.invoke({}, caller)).data, { status: 'no_content_available' });
    });
  });

  describe('declarations', () => {
    it('each schema refuses what the model must not send', () => {
      const t = setup();
      const cases: [object, unknown][] = [
        [t.request.metadata.inputSchema, {}],
        [t.request.metadata.inputSchema, { filePath: 3 }],
        [t.request.metadata.inputSchema, { filePath: 'a', extra: 1 }],
        [t.content.metadata.inputSchema, { filePath: 'a' }],
        [t.content.metadata.inputSchema, { filePath: 'a', versionId: 'x'.repeat(101) }],
        [t.shared.metadata.inputSchema, { filePathHint: 1 }],
      ];
      for (const [schema, input] of cases) {
        assert.throws(() => validateInput(schema as never, input), ToolInputError, JSON.stringify(input));
      }
      validateInput(t.shared.metadata.inputSchema, {});
      validateInput(t.content.metadata.inputSchema, { filePath: 'a', versionId: uuidv4() });
    });

    it('names and invocation messages', () => {
      const t = setup();
      assert.deepStrictEqual([RequestVersionsTool.toolName, GetVersionContentTool.toolName, GetSharedContentTool.toolName],
        ['history_requestVersions', 'history_getVersionContent', 'history_getSharedContent']);
      assert.match(t.request.invocationMessage({ filePath: 'a.ts' }), /a\.ts/);
      assert.match(t.content.invocationMessage({ filePath: 'a.ts', versionId: 'x' }), /a\.ts/);
      assert.match(t.shared.invocationMessage({}), /shared/);
    });
  });
});
