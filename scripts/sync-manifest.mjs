#!/usr/bin/env node
// `npm run sync-manifest`: writes package.json's contributes.languageModelTools (and the onLanguageModelTool
// activation they imply) from src/tools/toolCatalog.ts, so the declaration and the code cannot drift.
// test/unit/tools/toolManifest.test.ts fails when they disagree.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = spawnSync('npx', ['--no-install', 'tsc', '-p', '.', '--outDir', 'out'], { cwd: root, stdio: 'inherit' });
if (tsc.status !== 0) console.warn('tsc reported errors; using what it emitted');
const require = createRequire(import.meta.url);
const { TOOL_CATALOG } = require(path.join(root, 'out/src/tools/toolCatalog.js'));
const { toolContribution } = require(path.join(root, 'out/src/tools/toolManifest.js'));
const file = path.join(root, 'package.json');
const pkg = JSON.parse(fs.readFileSync(file, 'utf8'));
pkg.contributes.languageModelTools = TOOL_CATALOG.map(toolContribution);
fs.writeFileSync(file, JSON.stringify(pkg, null, 2) + '\n');
console.log(`package.json declares ${TOOL_CATALOG.length} tools`);
