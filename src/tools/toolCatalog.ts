import type { ToolMetadata } from './toolManifest';

/**
 * Every agent tool this extension declares, in the order `package.json` lists them. One list, read by
 * `npm run sync-manifest` (which writes `contributes.languageModelTools`), by the VS Code and MCP front ends,
 * and by the unit test that checks `package.json` agrees.
 */
export const TOOL_CATALOG: readonly ToolMetadata[] = [];
