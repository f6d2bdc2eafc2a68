#!/usr/bin/env node
// `npm run package`: bundles the extension and packs it as agent-overlay-<version>.vsix for a user's own VS Code.
// Dependencies are bundled by webpack, so the .vsix holds dist/extension.js and the manifest only (.vscodeignore).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { version, name } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
export const vsixPath = path.join(root, `${name}-${version}.vsix`);

function run(...argv) {
  const r = spawnSync('npx', ['--no-install', ...argv], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

export function packageExtension() {
  run('webpack', '--mode', 'production');
  run('vsce', 'package', '--no-dependencies', '--skip-license', '-o', vsixPath);
  return vsixPath;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  packageExtension();
  console.log(`packaged ${path.relative(process.cwd(), vsixPath)} — install with: code --install-extension ${path.basename(vsixPath)}`);
}
