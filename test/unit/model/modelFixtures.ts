import * as assert from 'assert';
import { contentRefOf } from '../../../src/fs/model/contentStore';
import { MemoryContentStore } from '../../../src/fs/model/contentStore';
import { OverlayModel } from '../../../src/fs/model/overlayModel';
import type { ApplyAction } from '../../../src/fs/model/applyPlan';
import type { ChangeMeta } from '../../../src/fs/model/changeRecord';
import type { ContentStore } from '../../../src/fs/model/contentStore';
import type { DiskProbe } from '../../../src/fs/model/diskProbe';
import type { FileIdentity } from '../../../src/fs/model/pathEntry';

export const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
export const dec = (b: Uint8Array | undefined): string | undefined => (b === undefined ? undefined : new TextDecoder().decode(b));

export function meta(messageId = 'm1', sessionId = 's1', turn = 1): ChangeMeta {
  return { sessionId, messageId, turn, description: `${messageId} edit`, timestamp: 1_700_000_000_000 };
}

/** Deterministic ids so tests and replays compare exactly. */
export function counterIds(prefix = 'r'): () => string {
  let n = 0;
  return () => `${prefix}${++n}`;
}

export function newModel(store: ContentStore = new MemoryContentStore()): OverlayModel {
  return new OverlayModel(store, { now: () => 1_700_000_000_000, newId: counterIds() });
}

/**
 * An in-memory disk with inode-like identities. The model never gets a handle on it except through readers,
 * so `mutations` counts every change: tests assert the model caused none (invariant 1).
 */
export class FakeDisk implements DiskProbe {
  private readonly files = new Map<string, Uint8Array>();
  private readonly ids = new Map<string, FileIdentity>();
  private nextIno = 1;
  mutations = 0;

  constructor(initial: Record<string, string | Uint8Array> = {}) {
    for (const [p, c] of Object.entries(initial)) this.put(p, c);
    this.mutations = 0;
  }

  readonly read = (path: string): Uint8Array | undefined => this.files.get(path);

  /** Folders made on their own (a file's folders exist through it): the disk as `FolderDisk` sees it. */
  readonly dirs = new Set<string>();

  kind(path: string): 'file' | 'directory' | undefined {
    if (this.files.has(path)) return 'file';
    const prefix = `${path}/`;
    if (this.dirs.has(path) || [...this.files.keys(), ...this.dirs].some((p) => p.startsWith(prefix))) return 'directory';
    return undefined;
  }

  list(dir: string): [string, 'file' | 'directory'][] | undefined {
    if (this.kind(dir) !== 'directory') return undefined;
    const out = new Map<string, 'file' | 'directory'>();
    for (const p of [...this.files.keys(), ...this.dirs]) {
      if (!p.startsWith(`${dir}/`)) continue;
      const rest = p.slice(dir.length + 1);
      const name = rest.split('/')[0];
      out.set(name, rest.includes('/') || this.dirs.has(p) ? 'directory' : 'file');
    }
    return [...out];
  }

  identity(path: string): FileIdentity | undefined {
    return this.ids.get(path);
  }

  locate(identity: FileIdentity): string | undefined {
    for (const [p, id] of this.ids) if (id.dev === identity.dev && id.ino === identity.ino) return p;
    return undefined;
  }

  text(path: string): string | undefined {
    return dec(this.files.get(path));
  }

  paths(): string[] {
    return [...this.files.keys()].sort();
  }

  /** Writes in place (keeps the identity of an existing file). */
  put(path: string, content: string | Uint8Array): void {
    this.files.set(path, typeof content === 'string' ? enc(content) : Uint8Array.from(content));
    if (!this.ids.has(path)) this.ids.set(path, { dev: 1, ino: this.nextIno++ });
    this.mutations++;
  }

  remove(path: string): void {
    this.files.delete(path);
    this.ids.delete(path);
    this.mutations++;
  }

  move(from: string, to: string): void {
    const bytes = this.files.get(from);
    const id = this.ids.get(from);
    if (!bytes || !id) throw new Error(`no ${from}`);
    this.files.delete(from);
    this.ids.delete(from);
    this.files.set(to, bytes);
    this.ids.set(to, id);
    this.mutations++;
  }

  snapshot(): Map<string, string> {
    return new Map([...this.files].map(([p, b]) => [p, contentRefOf(b)]));
  }

  /** Executes apply actions the way the adapter would, checking each `expected` first. */
  execute(actions: readonly ApplyAction[], store: ContentStore): void {
    const refAt = (p: string): string | null => {
      const b = this.files.get(p);
      return b ? contentRefOf(b) : null;
    };
    for (const a of actions) {
      switch (a.kind) {
        case 'write':
          assert.strictEqual(refAt(a.path), a.expected, `write ${a.path}: disk differs from expected`);
          this.put(a.path, store.get(a.content));
          break;
        case 'delete':
          assert.strictEqual(refAt(a.path), a.expected, `delete ${a.path}: disk differs from expected`);
          this.remove(a.path);
          break;
        case 'rename':
          assert.strictEqual(refAt(a.from), a.expected, `rename ${a.from}: disk differs from expected`);
          assert.strictEqual(refAt(a.to), a.overwrites, `rename onto ${a.to}: disk differs from expected`);
          if (this.files.has(a.to)) this.remove(a.to);
          this.move(a.from, a.to);
          break;
      }
    }
  }
}

/** The staged text at a path as the agent would read it. */
export function readText(model: OverlayModel, disk: FakeDisk, path: string): string | undefined {
  return dec(model.read(path, disk.read));
}

/** Applies everything that can be applied, as the adapter would (reconciling every path first, as it does). */
export function applyAsAdapter(model: OverlayModel, disk: FakeDisk): void {
  model.reconcileAll(disk);
  const plan = model.planApply(undefined, disk);
  for (const g of plan.groups) {
    disk.execute(g.actions, model.store);
    model.markApplied(g.paths);
  }
}
