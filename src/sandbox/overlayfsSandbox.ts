import * as cp from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { isIgnoredPath } from './ignoredFolders';
import { DROP_ALL_CAPABILITIES, namespaceScript, shellQuote } from './namespaceInit';
import { spawnGroup } from './processTree';
import { SandboxUnavailableError, type FolderResult, type RunOutcome, type SandboxMechanism, type SandboxRequest } from './sandboxMechanism';
import { removeTree, resetKeepingIgnored } from './scratchFiles';
import { StagedLayers } from './stagedLayer';
import { StartView, type StagedView } from './stagedView';

/** Characters the overlay's mount options cannot carry in a folder path. */
const UNMOUNTABLE = /[:,\\]/;

/**
 * Linux: a user, mount and PID namespace (no privilege needed on kernels ≥ 5.11) in which each workspace folder
 * is mounted over by an overlay: lower layers [the staged layer : the real folder], upper layer the session's
 * scratch, which catches every write. Paths are unchanged inside. The staged layer holds the staged files and a
 * whiteout per staged delete, so setup costs in proportion to the staged changes. The namespace's processes all
 * die with its first one, so a timeout or a cancel leaves nothing running.
 */
export class OverlayfsSandbox implements SandboxMechanism {
  readonly name = 'overlayfs';
  private probed: Promise<void> | undefined;
  /** The staged layers, kept between a session's commands and brought up to date (not rewritten) for each. */
  private readonly layers = new StagedLayers();

  probe(scratch: string): Promise<void> {
    this.probed ??= this.tryMount(scratch);
    return this.probed;
  }

  private async tryMount(scratch: string): Promise<void> {
    if (process.platform !== 'linux') throw new SandboxUnavailableError(this.name, 'overlay mounts are a Linux feature');
    const dir = path.join(scratch, 'probe');
    removeTree(dir);
    for (const d of ['lower', 'upper', 'work', 'mnt']) fs.mkdirSync(path.join(dir, d), { recursive: true });
    // The mount, then the boundary the commands rely on: once the capabilities are dropped, neither an unmount nor
    // one from a namespace of the command's own may uncover the folder underneath (exit 3 if one does).
    const mnt = shellQuote(`${dir}/mnt`);
    const locked = `if umount -l ${mnt} 2>/dev/null || unshare -Um umount -l ${mnt} 2>/dev/null; then echo 'a command could unmount its overlay' >&2; exit 3; fi`;
    const script = `command -v setpriv >/dev/null || exit 4; mknod ${dir}/lower/w c 0 0 && mount -t overlay agent-overlay -o lowerdir=${dir}/lower,upperdir=${dir}/upper,workdir=${dir}/work,userxattr ${mnt} && exec setpriv ${DROP_ALL_CAPABILITIES.join(' ')} sh -c ${shellQuote(locked)}`;
    const r = cp.spawnSync('unshare', ['-rm', '--pid', '--fork', 'sh', '-c', script], { encoding: 'utf8' });
    removeTree(dir);
    if (r.error) throw new SandboxUnavailableError(this.name, `unshare (util-linux) is not available: ${r.error.message}`);
    if (r.status === 4) throw new SandboxUnavailableError(this.name, 'setpriv (util-linux) is not available: without it a command could unmount its overlay and write the real files');
    if (r.status === 3) throw new SandboxUnavailableError(this.name, `this kernel lets a command without capabilities unmount its overlay: ${r.stderr.trim()}`);
    if (r.status !== 0) throw new SandboxUnavailableError(this.name, `this kernel refuses an overlay mount in a user namespace: ${r.stderr.trim()}`);
  }

  async run(request: SandboxRequest): Promise<RunOutcome> {
    for (const v of request.views) {
      if (UNMOUNTABLE.test(v.root)) throw new SandboxUnavailableError(this.name, `the folder path ${v.root} has a character (: , \\) an overlay mount cannot name`);
    }
    const layout = request.views.map((v, i) => this.layoutOf(request.scratch, i, v));
    const errorFile = path.join(request.scratch, 'setup-error.txt');
    fs.rmSync(errorFile, { force: true });
    const script = namespaceScript(layout, { shell: request.shell, command: request.command, cwd: request.cwd, env: request.env, errorFile, privateDirs: request.privateDirs });
    const group = spawnGroup('unshare', ['-rm', '--pid', '--fork', '--kill-child=SIGKILL', '--mount-proc', 'sh', '-c', script], {
      cwd: request.scratch,
      // The host's environment, not the caller's: `unshare` itself runs outside the namespace, so a PATH or an
      // LD_PRELOAD of the caller's would choose what runs there. The caller's variables reach the command only.
      env: process.env,
      timeoutMs: request.timeoutMs,
      signal: request.signal,
      onOutput: request.onOutput,
      extraPipes: 1,
      stdinPipe: true,
    });
    const report = group.child.stdio[3] as NodeJS.ReadableStream;
    let reported = '';
    const commandEnded = new Promise<boolean>(resolve => {
      report.on('data', (b: Buffer) => {
        reported += b.toString('utf8');
        if (reported.includes('\n')) resolve(true);
      });
      report.on('end', () => resolve(false));
      report.on('error', () => resolve(false));
    });
    const first = await Promise.race([commandEnded, group.ended.then(() => false)]);
    let results: FolderResult[] | undefined;
    if (first && !group.stoppedBy()) {
      try {
        const pid = namespaceInitPid(group.child.pid!);
        results = layout.map((l, i) => this.resultOf(l.upper, `/proc/${pid}/root${l.root}`, new StartView(request.views[i])));
      } catch (e) {
        group.kill();
        await group.ended.catch(() => undefined);
        throw new SandboxUnavailableError(this.name, `the sandbox's view could not be read after the command: ${(e as Error).message}`);
      }
    }
    // Let the namespace's first process end (it waits on stdin); it may be gone already (killed, or setup failed).
    group.child.stdin?.on('error', () => undefined);
    group.child.stdin?.end('\n');
    const end = await group.ended;
    if (end.kind === 'timedOut' || end.kind === 'cancelled') return { end, results: undefined };
    if (!results) {
      const why = fs.existsSync(errorFile) ? fs.readFileSync(errorFile, 'utf8').trim() : `the sandbox ended before the command did (${end.kind === 'exited' ? `exit code ${end.exitCode}` : end.signal})`;
      throw new SandboxUnavailableError(this.name, why);
    }
    return { end, results };
  }

  async settle(scratch: string, views: readonly StagedView[]): Promise<void> {
    for (let i = 0; i < views.length; i++) {
      resetKeepingIgnored(path.join(scratch, 'upper', String(i)));
      this.layers.settled(path.join(scratch, 'layer', String(i)));
    }
  }

  /**
   * The folder's layers: the staged layer is kept from the session's last command and brought up to date (only what
   * changed is written or removed; `stagedLayer.ts`), its whiteouts made by the init.
   */
  private layoutOf(scratch: string, i: number, view: StagedView) {
    const layer = path.join(scratch, 'layer', String(i));
    const upper = path.join(scratch, 'upper', String(i));
    const work = path.join(scratch, 'work', String(i));
    for (const d of [upper, work]) fs.mkdirSync(d, { recursive: true });
    const whiteouts = this.layers.update(layer, view);
    return { root: view.root, layer, upper, work, whiteouts };
  }

  /**
   * What the command did, from the upper layer (its files are the writes) and the merged view as the command left
   * it (a name of the start view missing from a folder the command wrote into was removed: whiteouts and opaque
   * folders alike).
   */
  private resultOf(upper: string, merged: string, start: StartView): FolderResult {
    const written: { path: string; source: string }[] = [];
    const removed: string[] = [];
    const walk = (rel: string) => {
      const here = new Set(fs.readdirSync(path.join(merged, rel)));
      for (const [name, kind] of start.list(rel)) {
        if (here.has(name)) continue;
        const child = rel ? `${rel}/${name}` : name;
        if (kind === 'file') removed.push(child);
        else if (!isIgnoredPath(child, true)) removed.push(...start.filesUnder(child));
      }
      for (const d of fs.readdirSync(path.join(upper, rel), { withFileTypes: true })) {
        const child = rel ? `${rel}/${d.name}` : d.name;
        if (d.isFile()) written.push({ path: child, source: path.join(upper, child) });
        else if (d.isDirectory() && !isIgnoredPath(child, true)) walk(child);
      }
    };
    walk('');
    return { written, removed };
  }
}

/** The namespace's first process: the child `unshare --fork` started. */
function namespaceInitPid(unsharePid: number): number {
  try {
    const children = fs.readFileSync(`/proc/${unsharePid}/task/${unsharePid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    if (children.length > 0) return Number(children[0]);
  } catch {
    // A kernel without CONFIG_PROC_CHILDREN: look for it.
  }
  for (const p of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === unsharePid) return Number(p);
    } catch {
      // Gone meanwhile.
    }
  }
  throw new Error('the namespace\'s first process is gone');
}
