import * as cp from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { isIgnoredPath } from './ignoredFolders';
import { namespaceScript } from './namespaceInit';
import { spawnGroup } from './processTree';
import { SandboxUnavailableError, type FolderResult, type RunOutcome, type SandboxMechanism, type SandboxRequest } from './sandboxMechanism';
import { discardTree, removeTree, resetKeepingIgnored } from './scratchFiles';
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
 *
 * The overlay is mounted `volatile` (issue 25's workload budget): without it, the namespace's end synced the whole
 * file system under the upper layer (an overlay's unmount syncs its upper file system), 20–50 ms on a busy disk that
 * a run on the disk never pays. Nothing is lost by it: the command's files are read and staged (the store makes
 * them durable) before the answer; what stays in the upper layer is ignored folders, caches a run on the disk
 * does not sync either. A command's own `fsync` in the sandbox does nothing durable; after a crash the upper layer
 * is thrown away (`layoutOf`).
 */
export class OverlayfsSandbox implements SandboxMechanism {
  readonly name = 'overlayfs';
  private probed: Promise<void> | undefined;
  /** The staged layers, kept between a session's commands and brought up to date (not rewritten) for each. */
  private readonly layers = new StagedLayers();
  /** Whether the kernel takes `volatile` (checked by the probe). */
  private volatile = true;

  probe(scratch: string): Promise<void> {
    this.probed ??= this.tryMount(scratch);
    return this.probed;
  }

  private async tryMount(scratch: string): Promise<void> {
    if (process.platform !== 'linux') throw new SandboxUnavailableError(this.name, 'overlay mounts are a Linux feature');
    const first = this.trialMount(scratch, ',volatile');
    if (first.ok) return;
    // A kernel without `volatile` (before 5.10) still gives a correct sandbox, only a slower end.
    const second = this.trialMount(scratch, '');
    if (second.ok) {
      this.volatile = false;
      return;
    }
    throw second.error;
  }

  private trialMount(scratch: string, extraOptions: string): { ok: true } | { ok: false; error: SandboxUnavailableError } {
    const dir = path.join(scratch, 'probe');
    removeTree(dir);
    for (const d of ['lower', 'upper', 'work', 'mnt']) fs.mkdirSync(path.join(dir, d), { recursive: true });
    const script = `mknod ${dir}/lower/w c 0 0 && mount -t overlay agent-overlay -o lowerdir=${dir}/lower,upperdir=${dir}/upper,workdir=${dir}/work,userxattr${extraOptions} ${dir}/mnt`;
    const r = cp.spawnSync('unshare', ['-rm', '--pid', '--fork', 'sh', '-c', script], { encoding: 'utf8' });
    removeTree(dir);
    if (r.error) return { ok: false, error: new SandboxUnavailableError(this.name, `unshare (util-linux) is not available: ${r.error.message}`) };
    if (r.status !== 0) return { ok: false, error: new SandboxUnavailableError(this.name, `this kernel refuses an overlay mount in a user namespace: ${r.stderr.trim()}`) };
    return { ok: true };
  }

  async run(request: SandboxRequest): Promise<RunOutcome> {
    for (const v of request.views) {
      if (UNMOUNTABLE.test(v.root)) throw new SandboxUnavailableError(this.name, `the folder path ${v.root} has a character (: , \\) an overlay mount cannot name`);
    }
    const layout = request.views.map((v, i) => this.layoutOf(request.scratch, i, v));
    const errorFile = path.join(request.scratch, 'setup-error.txt');
    fs.rmSync(errorFile, { force: true });
    const script = namespaceScript(layout, request.shell, request.command, request.cwd, errorFile);
    const group = spawnGroup('unshare', ['-rm', '--pid', '--fork', '--kill-child=SIGKILL', '--mount-proc', 'sh', '-c', script], {
      cwd: request.scratch,
      env: { ...process.env, ...request.env },
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
      // The namespace has ended, so its overlay is unmounted and the machine did not crash meanwhile: the upper
      // layer is whole, and the work folder holding the mark a volatile mount leaves (which refuses the next mount)
      // can go; the next mount gets a fresh, empty one. Renamed aside and deleted in the background: removing its
      // three folders took 5–12 ms here while the disk was busy, a rename 0.03 ms.
      discardTree(path.join(scratch, 'work', String(i)));
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
    if (fs.existsSync(volatileMarkOf(work))) {
      // A volatile mount this process did not see end (the extension stopped during a command, or the machine
      // crashed): what the upper layer holds may not have reached the disk whole, so it is thrown away (its
      // ignored folders, such as node_modules, are made again by the next install).
      discardTree(upper);
      discardTree(work);
    }
    for (const d of [upper, work]) fs.mkdirSync(d, { recursive: true });
    const whiteouts = this.layers.update(layer, view);
    return { root: view.root, layer, upper, work, whiteouts, volatile: this.volatile };
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

/**
 * The folder an overlay mount makes inside its work folder. A `volatile` mount leaves `incompat/volatile` in it, and
 * the kernel refuses the next mount over a work folder holding that (after a crash the upper layer may be torn).
 * It is removed after each command whose namespace was seen to end, so finding it before a mount means one was not.
 * (The folder itself is looked for, not the mark: the kernel makes it with mode 000, so its owner cannot see in.)
 */
function volatileMarkOf(work: string): string {
  return path.join(work, 'work');
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
