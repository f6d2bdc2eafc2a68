// Lint rules. The one that matters most: pure modules (everything that is not an adapter) never import `vscode`,
// so plain mocha can test them in milliseconds (STYLE.md).
import tseslint from 'typescript-eslint';

/** Adapters, the only places allowed to import `vscode`: the composition root, src/ui, and any `vscode/` folder. */
const adapters = ['src/extension.ts', 'src/ui/**', 'src/**/vscode/**'];

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test/fixtures/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Use named exports (STYLE.md).' }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['src/**/*.ts', 'test/unit/**/*.ts', 'bench/*.ts'],
    ignores: adapters,
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'Pure modules must not import vscode: put VS Code calls in an adapter (a vscode/ folder or src/ui).' }] }],
    },
  },
  {
    files: ['scripts/**/*.{js,mjs}', 'webpack.config.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', require: 'readonly', module: 'writable', __dirname: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
