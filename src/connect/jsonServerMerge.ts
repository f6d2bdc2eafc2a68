import { ConfigMergeError } from './configMergeError';

/**
 * Adds (or replaces) one MCP server entry in a JSON configuration file's text, keeping every other key as it was.
 * `rootKey` is the object that holds the servers (`mcpServers` for Claude Code, Gemini CLI and Copilot CLI).
 * The file is parsed strictly: a file that is not a JSON object (or whose `rootKey` is not one) is refused with a
 * `ConfigMergeError` rather than rewritten, so a typo in the user's file never costs them their other entries.
 * Formatting is normalised to two-space JSON; comments (which these files do not allow) would be refused as malformed.
 */
export function mergeJsonServer(text: string | undefined, file: string, rootKey: string, name: string, entry: object): string {
  const config = parseJsonConfig(text, file);
  const servers = config[rootKey] ?? {};
  if (!isObject(servers)) throw new ConfigMergeError('Unexpected', file, `has a "${rootKey}" that is not an object.`);
  // Spread keeps the user's key order; our entry lands last when new, in place when replaced.
  return renderJsonConfig({ ...config, [rootKey]: { ...servers, [name]: entry } });
}

/**
 * The text without our server entry (and without `rootKey` when that leaves it empty), unchanged when the entry is
 * not there, or undefined when nothing else is left in the file (it held our entry alone: delete it). A file in
 * two-space JSON (as `mergeJsonServer` writes it) comes back byte-identical to what it was before Connect.
 */
export function removeJsonServer(text: string | undefined, file: string, rootKey: string, name: string): string | undefined {
  if (text === undefined) return undefined;
  const config = parseJsonConfig(text, file);
  const servers = config[rootKey];
  if (!isObject(servers) || !Object.prototype.hasOwnProperty.call(servers, name)) return text;
  const { [name]: _ours, ...others } = servers;
  const { [rootKey]: _servers, ...rest } = config;
  const next = Object.keys(others).length > 0 ? { ...config, [rootKey]: others } : rest;
  return Object.keys(next).length > 0 ? renderJsonConfig(next) : undefined;
}

/** A configuration file's object (`{}` when missing or blank); anything else is a `ConfigMergeError`. */
export function parseJsonConfig(text: string | undefined, file: string): Record<string, unknown> {
  if (text === undefined || text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new ConfigMergeError('Malformed', file, `is not valid JSON (${e instanceof Error ? e.message : String(e)}).`);
  }
  if (!isObject(parsed)) throw new ConfigMergeError('Unexpected', file, 'does not hold a JSON object.');
  return parsed;
}

export function renderJsonConfig(config: object): string {
  return JSON.stringify(config, null, 2) + '\n';
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
