import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

/**
 * `test/fixtures/chat`, found from the compiled test's folder upwards (out/test/unit/chat → repo) and, when the
 * tests were compiled outside the repo, from the working directory.
 */
export function chatFixturesDir(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'test', 'fixtures', 'chat');
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) break;
  }
  const fromCwd = path.resolve('test', 'fixtures', 'chat');
  if (fs.existsSync(fromCwd)) return fromCwd;
  throw new Error('test/fixtures/chat not found: run the tests from the repository root');
}

export function fixtureSession(name: string): string {
  return path.join(chatFixturesDir(), 'sessions', name);
}

/**
 * A fresh `chatSessions` folder holding copies of the named fixtures, each with the modification time given
 * (seconds since the epoch), so "most recently modified" is under the test's control.
 */
export function makeChatSessionsFolder(files: Record<string, number>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-sessions-'));
  for (const [name, mtime] of Object.entries(files)) {
    const target = path.join(dir, name);
    fs.copyFileSync(fixtureSession(name), target);
    fs.utimesSync(target, mtime, mtime);
  }
  return dir;
}

export function removeFolder(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}
