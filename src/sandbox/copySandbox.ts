import * as fs from 'fs';
import * as path from 'path';
import { isIgnoredPath } from './ignoredFolders';
import { runProcessGroup } from './processTree';
import { SandboxUnavailableError, type FolderResult, type RunOutcome, type SandboxMechanism, type SandboxRequest } from './sandboxMechanism';
import { resetKeepingIgnored } from './scratchFiles';
import { StartView, type StagedView } from './stagedView';

interface Copied {
  readonly size: number;
  readonly mtimeMs: number;
  readonly ino: number;
}

/**
 * Anywhere: a copy of the staged view of each folder in the session's scratch (reflinked where the file system
 * can, else copied: never hard-linked, since a command writing in place through a link would change the real
 * file), the command run in it, and the copy compared afterwards (stat first, then content). Costs in proportion
 * to the workspace's size; ignored folders are copied once and kept. Paths differ inside: the command runs in the
 * copy, so an absolute path to the real folder reaches the real folder (documented).
 */
export class CopySandbox implements SandboxMechanism {
  readonly name = 'copy';

  async probe(scratch: string): Promise<void> {
    try {
      fs.mkdirSync(scratch, { recursive: true });
    } catch (e) {
      throw new SandboxUnavailableError(this.name, `cannot make the sandbox's copy in ${scratch}: ${(e as Error).message}`);
    }
  }

  async run(request: SandboxRequest): Promise<RunOutcome> {
    const copies = request.views.map((v, i) => ({ view: v, dir: path.join(request.scratch, 'copy', String(i)) }));
    const stats = copies.map(c => this.fill(c.dir, new StartView(c.view)));
    const host = copies.find(c => request.cwd === c.view.root || request.cwd.startsWith(`${c.view.root}${path.sep}`));
    if (!host) throw new SandboxUnavailableError(this.name, `${request.cwd} is in no workspace folder`);
    const cwd = path.join(host.dir, path.relative(host.view.root, request.cwd));
    const end = await runProcessGroup(request.shell, ['-c', request.command], {
      cwd,
      env: { ...process.env, ...request.env, PWD: cwd },
      timeoutMs: request.timeoutMs,
      signal: request.signal,
      onOutput: request.onOutput,
    });
    if (end.kind === 'timedOut' || end.kind === 'cancelled') return { end, results: undefined };
    return { end, results: copies.map((c, i) => this.compare(c.dir, stats[i])) };
  }

  async settle(scratch: string, views: readonly StagedView[]): Promise<void> {
    for (let i = 0; i < views.length; i++) resetKeepingIgnored(path.join(scratch, 'copy', String(i)));
  }

  /** Makes `dir` the start view (ignored folders already there are kept), and notes each copied file's stat. */
  private fill(dir: string, view: StartView): Map<string, Copied> {
    resetKeepingIgnored(dir);
    fs.mkdirSync(dir, { recursive: true });
    const copied = new Map<string, Copied>();
    const walk = (rel: string, inIgnored: boolean) => {
      for (const [name, kind] of view.list(rel)) {
        const child = rel ? `${rel}/${name}` : name;
        const target = path.join(dir, child);
        if (kind === 'directory') {
          const ignored = inIgnored || isIgnoredPath(child, true);
          // An ignored folder the copy has already is the session's (the command's `npm install`): kept as is.
          if (ignored && !inIgnored && fs.existsSync(target)) continue;
          fs.mkdirSync(target, { recursive: true });
          walk(child, ignored);
          continue;
        }
        const staged = view.staged.files.get(child);
        if (staged) fs.writeFileSync(target, staged);
        else fs.copyFileSync(path.join(view.staged.root, child), target, fs.constants.COPYFILE_FICLONE);
        if (!inIgnored) {
          const s = fs.statSync(target);
          copied.set(child, { size: s.size, mtimeMs: s.mtimeMs, ino: s.ino });
        }
      }
    };
    walk('', false);
    return copied;
  }

  /** Stat first: a file whose size, mtime and inode are as copied is unchanged; the rest are compared by content. */
  private compare(dir: string, copied: Map<string, Copied>): FolderResult {
    const written: { path: string; source: string }[] = [];
    const seen = new Set<string>();
    const walk = (rel: string) => {
      for (const d of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
        const child = rel ? `${rel}/${d.name}` : d.name;
        if (d.isDirectory()) {
          if (!isIgnoredPath(child, true)) walk(child);
          continue;
        }
        if (!d.isFile() || isIgnoredPath(child)) continue;
        seen.add(child);
        const before = copied.get(child);
        const s = fs.statSync(path.join(dir, child));
        if (before && before.size === s.size && before.mtimeMs === s.mtimeMs && before.ino === s.ino) continue;
        written.push({ path: child, source: path.join(dir, child) });
      }
    };
    walk('');
    return { written, removed: [...copied.keys()].filter(p => !seen.has(p)) };
  }
}
