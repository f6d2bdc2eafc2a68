import { spawn } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import type { CompiledQuery } from './searchQuery';
import type { DiskHit, DiskSearcher, SearchRoot } from './viewSearch';

/** ripgrep could not be found or run, or refused the query. */
export class RipgrepError extends Error {
  constructor(readonly code: 'RipgrepMissing' | 'RipgrepFailed' | 'InvalidRegexp' | 'InvalidGlob', message: string) {
    super(message);
    this.name = 'RipgrepError';
  }
}

/**
 * Where ripgrep may be, best first: the one VS Code ships (its own search uses it), in each layout it has had —
 * `@vscode/ripgrep-universal` with one binary per platform (code-server 4.139, VS Code 1.106+), `@vscode/ripgrep`
 * (earlier), inside `node_modules.asar.unpacked` in desktop builds — then `rg` on the PATH (Debian's `ripgrep`).
 */
export function ripgrepCandidates(appRoot: string | undefined, pathEnv: string | undefined, platform = process.platform, arch = process.arch): string[] {
  const exe = platform === 'win32' ? 'rg.exe' : 'rg';
  const shipped = appRoot === undefined ? [] : ['node_modules', 'node_modules.asar.unpacked'].flatMap(nm => [
    path.join(appRoot, nm, '@vscode', 'ripgrep-universal', 'bin', `${platform}-${arch}`, exe),
    path.join(appRoot, nm, '@vscode', 'ripgrep', 'bin', exe),
  ]);
  const onPath = (pathEnv ?? '').split(path.delimiter).filter(d => d !== '').map(d => path.join(d, exe));
  return [...shipped, ...onPath];
}

/** The first candidate that is an executable file; a `RipgrepError` naming where it looked otherwise. */
export function findRipgrep(candidates: readonly string[]): string {
  for (const c of candidates) {
    try {
      fs.accessSync(c, fs.constants.X_OK);
      if (fs.statSync(c).isFile()) return c;
    } catch {
      // not there: try the next
    }
  }
  throw new RipgrepError('RipgrepMissing', `overlay_search needs ripgrep and found none (looked in VS Code's installation and on the PATH: ${candidates.length} places). Install ripgrep (e.g. \`apt install ripgrep\`) so \`rg\` is on the PATH.`);
}

/** Files bigger than this are not searched on disk (a log or a dump is not what an agent searches for code). */
const MAX_FILE_SIZE = '20M';

/**
 * The disk half of `overlay_search`: one `rg --json` per workspace folder, run in that folder (so its globs are
 * folder-relative), in path order (`--sort path`), `.gitignore` honoured even outside a git repository,
 * hidden files searched, symlinks not followed (a link must not lead the search out of the workspace), binary
 * files skipped. Stops ripgrep as soon as the caller has enough.
 */
export class RipgrepSearcher implements DiskSearcher {
  constructor(private readonly rgPath: () => string) {}

  search(root: SearchRoot, query: CompiledQuery, globs: { readonly includes: readonly string[]; readonly excludes: readonly string[] }, onHit: (hit: DiskHit) => boolean, signal?: AbortSignal): Promise<void> {
    const args = [
      '--json', '--no-config', '--hidden', '--no-require-git', '--sort', 'path', '--max-filesize', MAX_FILE_SIZE,
      ...globs.excludes.flatMap(g => ['--glob', `!${anchored(g)}`]),
      ...globs.includes.flatMap(g => ['--glob', anchored(g), '--glob', `${anchored(g)}/**`]),
      ...query.ripgrepArgs,
      '--', '.',
    ];
    const rg = this.rgPath();
    return new Promise((resolve, reject) => {
      const child = spawn(rg, args, { cwd: root.path, stdio: ['ignore', 'pipe', 'pipe'] });
      let stopped = false;
      let buffered = '';
      let stderr = '';
      const stop = () => {
        stopped = true;
        child.kill();
      };
      const onAbort = () => stop();
      signal?.addEventListener('abort', onAbort, { once: true });
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk: string) => {
        if (stopped) return;
        const lines = (buffered + chunk).split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines) {
          const hit = stopped ? undefined : hitOf(line);
          if (hit && !onHit(hit)) stop();
        }
      });
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (chunk: string) => {
        if (stderr.length < 4096) stderr += chunk;
      });
      child.on('error', e => {
        signal?.removeEventListener('abort', onAbort);
        reject(new RipgrepError('RipgrepFailed', `ripgrep (${rg}) could not start: ${e.message}`));
      });
      child.on('close', code => {
        signal?.removeEventListener('abort', onAbort);
        if (signal?.aborted) return reject(signal.reason instanceof Error ? signal.reason : new Error('The search was cancelled.'));
        // 0: matches; 1: none; 2: an error — a bad pattern, or only some files unreadable (matches still count).
        if (stopped || code === 0 || code === 1) return resolve();
        if (/regex parse error|error parsing regex/i.test(stderr)) return reject(new RipgrepError('InvalidRegexp', `query is not a regular expression ripgrep accepts: ${stderr.replace(/^rg: /, '').trim()}`));
        if (code === 2 && /error parsing glob/i.test(stderr)) return reject(new RipgrepError('InvalidGlob', `ripgrep refused a glob of includes, excludes or the exclude settings: ${stderr.replace(/^rg: /, '').trim()}`));
        // Otherwise 2 means some files could not be read (permissions, vanished meanwhile): the rest was searched.
        if (code === 2) return resolve();
        reject(new RipgrepError('RipgrepFailed', `ripgrep failed (exit code ${code}): ${stderr.trim().slice(0, 1000)}`));
      });
    });
  }
}

/** A VS Code glob as ripgrep's `--glob` needs it: anchored at the folder searched, as VS Code's globs are. */
function anchored(glob: string): string {
  const g = glob.trim().replace(/^\.\//, '').replace(/^\/+/, '').replace(/\/+$/, '');
  return `/${g}`;
}

interface RgText {
  readonly text?: string;
  readonly bytes?: string;
}

/** A `match` message of `rg --json` as a hit; anything else (begin, end, context, summary) as undefined. */
function hitOf(line: string): DiskHit | undefined {
  let msg: { type?: string; data?: { path?: RgText; lines?: RgText; line_number?: number } };
  try {
    msg = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (msg.type !== 'match' || !msg.data?.path || !msg.data.lines || typeof msg.data.line_number !== 'number') return undefined;
  const p = textOfRg(msg.data.path);
  return { rel: p.replace(/^\.[/\\]/, '').split(path.sep).join('/'), line: msg.data.line_number, text: textOfRg(msg.data.lines) };
}

/** ripgrep sends text that is not valid UTF-8 as base64 bytes. */
function textOfRg(t: RgText): string {
  return t.text ?? Buffer.from(t.bytes ?? '', 'base64').toString('utf8');
}
