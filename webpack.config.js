// Bundles the extension into dist/extension.js; `vscode` stays external (the host provides it).
'use strict';
const path = require('path');

/** @type {import('webpack').Configuration} */
module.exports = {
  target: 'node',
  entry: './src/extension.ts',
  output: {
    path: path.resolve(__dirname, 'dist'),
    filename: 'extension.js',
    libraryTarget: 'commonjs2',
  },
  devtool: 'source-map',
  externals: { vscode: 'commonjs vscode' },
  resolve: { extensions: ['.ts', '.js'], conditionNames: ['require', 'node', 'default'] },
  // Type errors are the typecheck step's job (npm test runs tsc first); the bundle only transpiles.
  module: {
    rules: [
      { test: /\.ts$/, exclude: /node_modules/, use: [{ loader: 'ts-loader', options: { configFile: 'tsconfig.build.json', transpileOnly: true } }] },
      // The MCP SDK's CommonJS build cannot be tree-shaken and drags in all of zod 3 and 4, ajv and more (1.2 MB
      // bundle); its ESM build, reached from the one module that imports it, keeps the bundle under 1 MB.
      {
        test: /[\\/](src[\\/]mcp[\\/]mcpBridgeServer\.ts|node_modules[\\/](@modelcontextprotocol|zod)[\\/].*)$/,
        resolve: { conditionNames: ['import', 'node', 'default'] },
      },
    ],
  },
  performance: { hints: false },
  infrastructureLogging: { level: 'warn' },
};
