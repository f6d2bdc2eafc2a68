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
    rules: [{ test: /\.ts$/, exclude: /node_modules/, use: [{ loader: 'ts-loader', options: { configFile: 'tsconfig.build.json', transpileOnly: true } }] }],
  },
  performance: { hints: false },
  infrastructureLogging: { level: 'warn' },
};
