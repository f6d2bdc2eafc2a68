import * as fs from 'fs';
import * as path from 'path';
import { parseChatNotebook } from '../../../src/notebook/chatNotebookFormat';
import type { ChatNotebookView, ContextPorts } from '../../../src/notebook/interactionHistory';
import type { NotebookRoot } from '../../../src/notebook/referencePaths';
import { answerOfOutputs } from '../../../src/notebook/turnTranscript';

/** test/fixtures/notebook, whether the tests run from out/ or from another --outDir. */
export function fixturesDir(): string {
  const found = [path.resolve(__dirname, '../../../../test/fixtures/notebook'), path.resolve(process.cwd(), 'test/fixtures/notebook')].find(d => fs.existsSync(d));
  if (!found) throw new Error(`test/fixtures/notebook not found from ${__dirname} or ${process.cwd()}`);
  return found;
}

export const ROOT: NotebookRoot = { name: 'ws', path: '/ws', uri: 'file:///ws' };

/** A conversation fixture as the builder sees it (the notebook file lives at /ws/chats/<name>). */
export function loadConversation(name: string): ChatNotebookView {
  let n = 0;
  const file = parseChatNotebook(fs.readFileSync(path.join(fixturesDir(), 'conversations', name), 'utf8'), () => `generated-${++n}`);
  return {
    uri: `file:///ws/chats/${name}`,
    dir: '/ws/chats',
    metadata: file.metadata,
    cells: file.cells.map(c => ({
      id: c.id,
      role: c.kind === 'prompt' ? 'user' : 'note',
      text: c.source,
      answer: answerOfOutputs((c.outputs ?? []).map(o => ({ metadata: o.metadata, items: o.items.map(i => ({ mime: i.mime, text: i.data })) }))),
    })),
  };
}

export class NotFound extends Error {
  readonly code = 'FileNotFound';
}

/**
 * The fake workspace behind the builder's ports: the disk of workspace.json plus staged content that wins over
 * it (what the overlay does). Records every read; tool runs are answered from `toolAnswers` or fail loudly.
 */
export class FakeWorkspace {
  readonly disk = new Map<string, Uint8Array>();
  readonly staged = new Map<string, Uint8Array | null>();
  readonly reads: string[] = [];
  readonly toolRuns: string[] = [];
  rules = ['/ws/.agent/rules/api.md', '/ws/.agent/rules/style.md'];
  symlinks = new Map<string, string>();

  constructor(readonly roots: readonly NotebookRoot[] = [ROOT]) {
    const json = JSON.parse(fs.readFileSync(path.join(fixturesDir(), 'conversations', 'workspace.json'), 'utf8')) as Record<string, string>;
    for (const [p, v] of Object.entries(json)) {
      if (p === '//') continue;
      this.disk.set(p, v.startsWith('base64:') ? Uint8Array.from(Buffer.from(v.slice(7), 'base64')) : new TextEncoder().encode(v));
    }
  }

  stage(p: string, text: string | null): void {
    this.staged.set(p, text === null ? null : new TextEncoder().encode(text));
  }

  read(p: string): Uint8Array {
    this.reads.push(p);
    if (this.staged.has(p)) {
      const s = this.staged.get(p);
      if (s === null || s === undefined) throw new NotFound(`${p} is deleted in the overlay`);
      return s;
    }
    const d = this.disk.get(p);
    if (!d) throw new NotFound(`${p} does not exist`);
    return d;
  }

  ports(overrides: Partial<ContextPorts> = {}): ContextPorts {
    return {
      roots: this.roots,
      readFile: p => this.read(p),
      readImage: p => this.read(p),
      listRules: () => this.rules,
      runTool: async (name, args) => {
        this.toolRuns.push(`${name} ${JSON.stringify(args)}`);
        return `result of ${name}`;
      },
      realPath: async p => {
        for (const [link, target] of this.symlinks) if (p === link || p.startsWith(`${link}/`)) return target + p.slice(link.length);
        return p;
      },
      ...overrides,
    };
  }
}
