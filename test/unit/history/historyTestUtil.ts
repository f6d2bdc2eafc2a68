import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { nodeHistoryFileSystem, type HistoryFileSystem } from '../../../src/history/historyFileSystem';

/** test/fixtures/history, whether the tests run from out/ or from another --outDir. */
export function fixturesDir(): string {
  const candidates = [
    path.resolve(__dirname, '../../../../test/fixtures/history'),
    path.resolve(process.cwd(), 'test/fixtures/history'),
  ];
  const found = candidates.find((c) => fs.existsSync(path.join(c, 'vscode')));
  if (!found) throw new Error(`test/fixtures/history not found from ${__dirname} or ${process.cwd()}`);
  return found;
}

/** A fresh temp dir, removed by the returned cleanup. */
export function makeTempDir(prefix: string): { dir: string; cleanup(): void } {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), `ao-${prefix}-`)));
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Copy of the fixture VS Code user dir; returns the copy's `User` path. */
export function copyVscodeFixture(into: string): string {
  const user = path.join(into, 'User');
  fs.cpSync(path.join(fixturesDir(), 'vscode', 'User'), user, { recursive: true });
  return user;
}

export interface FsCall {
  readonly op: keyof HistoryFileSystem;
  readonly path: string;
  readonly maxBytes?: number;
}

/** The real fs, recording every call, so tests can prove which paths a reader touched. */
export function recordingFs(): { fs: HistoryFileSystem; calls: FsCall[] } {
  const calls: FsCall[] = [];
  const real = nodeHistoryFileSystem;
  return {
    calls,
    fs: {
      readdir: (p) => { calls.push({ op: 'readdir', path: p }); return real.readdir(p); },
      lstat: (p) => { calls.push({ op: 'lstat', path: p }); return real.lstat(p); },
      readFile: (p) => { calls.push({ op: 'readFile', path: p }); return real.readFile(p); },
      readHead: (p, n) => { calls.push({ op: 'readHead', path: p, maxBytes: n }); return real.readHead(p, n); },
      realpath: (p) => { calls.push({ op: 'realpath', path: p }); return real.realpath(p); },
    },
  };
}

/** Every file and dir under `root` with size and mtime: equal before and after proves nothing was written. */
export function snapshotTree(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of fs.readdirSync(dir).sort()) {
      const p = path.join(dir, name);
      const st = fs.lstatSync(p);
      out.push(`${path.relative(root, p)} ${st.isDirectory() ? 'dir' : st.size} ${st.mtimeMs}`);
      if (st.isDirectory()) walk(p);
    }
  };
  walk(root);
  return out;
}

/** Set a file's mtime (seconds precision is enough for the tests). */
export function setMtime(file: string, ms: number): void {
  const d = new Date(ms);
  fs.utimesSync(file, d, d);
}
