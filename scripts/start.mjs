#!/usr/bin/env node
// `npm start`: builds and packages the extension, installs the VS Code host if missing, and serves a real VS Code
// (code-server 4.139.1) with the .vsix installed on a fresh copy of demo/workspace — with local history for two
// files and three staged agent changes to review — on 127.0.0.1 only, behind a random password. Runs until Ctrl+C.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { packageExtension } from './package.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const step = (argv) => { const r = spawnSync(argv[0], argv.slice(1), { cwd: root, stdio: 'inherit' }); if (r.status !== 0) process.exit(r.status ?? 1); };

step(['npx', '--no-install', 'tsc', '-p', 'tsconfig.harness.json']); // only the harness: start needs nothing else compiled
const vsix = packageExtension();
step(['bash', 'scripts/install-host.sh']);

const require = createRequire(import.meta.url);
const { startCodeServer } = require(path.join(root, 'out/test/harness/vscodeHost.js'));
const { seedDemo } = require(path.join(root, 'out/test/harness/demoSeed.js'));
const runDir = path.join(root, '.demo');
fs.rmSync(runDir, { recursive: true, force: true });
fs.mkdirSync(runDir, { recursive: true });
const workspace = path.join(runDir, 'workspace');
fs.cpSync(path.join(root, 'demo', 'workspace'), workspace, { recursive: true });

const password = randomBytes(12).toString('base64url');
const port = Number(process.env.PORT ?? 8080);
// Local history is keyed by the address the browser uses: open the printed URL (127.0.0.1, this port).
await seedDemo(workspace, path.join(runDir, 'user-data'), `127.0.0.1:${port}`);
const server = await startCodeServer({ folder: workspace, runDir, auth: { kind: 'password', password }, port, installExtensions: [vsix] });
console.log(`
  Agent Overlay demo is running in VS Code (code-server 4.139.1):

    URL:       ${server.url}/?folder=${encodeURIComponent(workspace)}
    Password:  ${password}

  Workspace ${path.relative(root, workspace)}; logs in ${path.relative(root, server.logFile)}. Ctrl+C stops it.
`);
const stop = async () => { await server.stop(); process.exit(0); };
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
await new Promise(() => undefined);
