// Optional, for contributors with a desktop VS Code and internet access: `npx vscode-test` downloads VS Code with
// @vscode/test-electron and runs the integration suite there. `npm test` does not use this: it runs the same suite
// offline inside code-server's VS Code 1.139.1 (test/harness/runIntegration.ts).
import { defineConfig } from '@vscode/test-cli';

export default defineConfig({
  files: 'out/test/integration/**/*.test.js',
  version: '1.139.1',
  workspaceFolder: './test/fixtures/workspace',
  mocha: { ui: 'bdd', timeout: 60000 },
});
