import { ConfigMergeError } from './configMergeError';

/**
 * Writes one TOML table (Codex's `[mcp_servers.<name>]`) into a configuration file's text and leaves every other
 * line (comments, formatting, other servers) exactly as it was. A careful minimal writer rather than a TOML library:
 * we own one table of string values, so re-serialising the user's whole file (and losing their comments) would cost
 * more than it saves.
 *
 * It replaces the table (and its sub-tables such as `[mcp_servers.<name>.env]`) where it stands, or appends it. It
 * refuses, with a `ConfigMergeError` and nothing written, what it cannot edit safely: the table defined twice, the
 * server defined another way (an inline table, dotted keys), a line starting with `[` that is not a table header,
 * or a multi-line string left open.
 */
export function mergeTomlTable(text: string | undefined, file: string, table: readonly string[], values: ReadonlyArray<readonly [string, string]>): string {
  const rendered = [`[${table.map(tomlKey).join('.')}]`, ...values.map(([k, v]) => `${tomlKey(k)} = ${tomlString(v)}`)];
  const source = text ?? '';
  const eol = source.includes('\r\n') ? '\r\n' : '\n';
  const lines = source === '' ? [] : source.split(/\r?\n/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();

  const { headers, inStrings } = scanHeaders(lines, file);
  const [parent, name] = [table.slice(0, -1), table[table.length - 1]];
  const ours = headers.filter(h => samePath(h.path, table));
  if (ours.length > 1) throw new ConfigMergeError('Malformed', file, `defines [${table.join('.')}] more than once.`);
  checkNoOtherDefinition(lines, inStrings, headers, parent, name, file);

  if (ours.length === 0) {
    const out = [...lines];
    if (out.length > 0 && out[out.length - 1].trim() !== '') out.push('');
    return [...out, ...rendered].join(eol) + eol;
  }
  const start = ours[0].line;
  // The table runs to the next header that is not one of its own sub-tables.
  const next = headers.find(h => h.line > start && !startsWith(h.path, table));
  let end = next ? next.line : lines.length;
  // Blank lines and comments just before the next table belong to that table's visual block; keep them.
  while (end > start + 1 && /^\s*(#.*)?$/.test(lines[end - 1])) end--;
  return [...lines.slice(0, start), ...rendered, ...lines.slice(end)].join(eol) + eol;
}

/**
 * The text without the table (and its sub-tables) `mergeTomlTable` wrote, unchanged when it is not there, or
 * undefined when nothing else is left. The blank line `mergeTomlTable` put before an appended table goes with it, so
 * Connect then Disconnect gives back the user's file byte for byte. Refuses what `mergeTomlTable` refuses.
 */
export function removeTomlTable(text: string | undefined, file: string, table: readonly string[]): string | undefined {
  if (text === undefined) return undefined;
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = text === '' ? [] : text.split(/\r?\n/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const { headers } = scanHeaders(lines, file);
  const ours = headers.filter(h => samePath(h.path, table));
  if (ours.length === 0) return text;
  if (ours.length > 1) throw new ConfigMergeError('Malformed', file, `defines [${table.join('.')}] more than once.`);
  let start = ours[0].line;
  const next = headers.find(h => h.line > start && !startsWith(h.path, table));
  let end = next ? next.line : lines.length;
  while (end > start + 1 && /^\s*(#.*)?$/.test(lines[end - 1])) end--;
  if (!next && start > 0 && lines[start - 1].trim() === '') start--; // the separator an append added
  const out = [...lines.slice(0, start), ...lines.slice(end)];
  if (out.every(l => l.trim() === '')) return undefined;
  return out.join(eol) + eol;
}

interface Header { readonly line: number; readonly path: readonly string[]; readonly array: boolean }

/** Table headers, and the lines inside multi-line strings (neither headers nor keys). */
function scanHeaders(lines: readonly string[], file: string): { headers: Header[]; inStrings: Set<number> } {
  const headers: Header[] = [];
  const inStrings = new Set<number>();
  let open: '"""' | "'''" | undefined;
  lines.forEach((line, i) => {
    if (open) {
      inStrings.add(i);
      if (count(line, open) % 2 === 1) open = undefined;
      return;
    }
    for (const q of ['"""', "'''"] as const) if (count(line, q) % 2 === 1) open = q;
    if (open || !/^\s*\[/.test(line)) return;
    const m = /^\s*(\[\[?)\s*([^\]#]+?)\s*(\]\]?)\s*(#.*)?$/.exec(line);
    if (!m || m[1].length !== m[3].length) throw new ConfigMergeError('Malformed', file, `line ${i + 1} starts with "[" but is not a table header: ${line.trim()}`);
    headers.push({ line: i, path: splitKey(m[2], file, i), array: m[1] === '[[' });
  });
  if (open) throw new ConfigMergeError('Malformed', file, `has a multi-line string (${open}) that is never closed.`);
  return { headers, inStrings };
}

/** The server defined in a form this writer does not edit: `[mcp_servers]` + `name = {…}`/`name.url = …`, or dotted/inline keys at the top. */
function checkNoOtherDefinition(lines: readonly string[], inStrings: ReadonlySet<number>, headers: readonly Header[], parent: readonly string[], name: string, file: string): void {
  const refuse = (line: number) => {
    throw new ConfigMergeError('Unexpected', file, `line ${line + 1} defines "${[...parent, name].join('.')}" in a form this command does not edit (an inline table or dotted keys); remove it or turn it into a [${[...parent, name].join('.')}] table.`);
  };
  // Key lines belong to the table whose header precedes them (the root before the first header).
  const regions: { path: readonly string[]; from: number; to: number }[] = [];
  const first = headers[0]?.line ?? lines.length;
  regions.push({ path: [], from: 0, to: first });
  headers.forEach((h, k) => regions.push({ path: h.path, from: h.line + 1, to: headers[k + 1]?.line ?? lines.length }));
  const target = [...parent, name];
  for (const r of regions) {
    if (startsWith(r.path, target)) continue; // our own table and its sub-tables: replaced whole
    // A key path, relative to the region's table, that reaches our table: e.g. at the root `mcp_servers.name.url`
    // or `mcp_servers = {…}`; under [mcp_servers] `name = {…}` or `name.url = …`.
    for (let i = r.from; i < r.to; i++) {
      if (inStrings.has(i)) continue;
      const m = /^\s*([A-Za-z0-9_\-."' ]+?)\s*=/.exec(lines[i]);
      if (!m) continue;
      let key: string[];
      try {
        key = splitKey(m[1], file, i);
      } catch {
        continue; // not a key line we understand (a value continuation); the header scan already vetted structure
      }
      const full = [...r.path, ...key];
      if (startsWith(full, target)) refuse(i);
      // `mcp_servers = { … }` (an inline table for the parent) cannot be extended by a [parent.name] header.
      if (samePath(full, parent) && /=\s*\{/.test(lines[i])) refuse(i);
    }
  }
}

/** `a."b.c".'d'` → ['a', 'b.c', 'd']. */
function splitKey(key: string, file: string, line: number): string[] {
  const parts: string[] = [];
  const re = /\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*(\.|$)/y;
  let pos = 0;
  while (pos < key.length) {
    re.lastIndex = pos;
    const m = re.exec(key);
    if (!m) throw new ConfigMergeError('Malformed', file, `line ${line + 1} has a key that is not valid TOML: ${key}`);
    parts.push(m[1] !== undefined ? basicString(m[1], file, line) : (m[2] ?? m[3]));
    pos = re.lastIndex;
    if (m[4] === '') break;
  }
  return parts;
}

function basicString(body: string, file: string, line: number): string {
  try {
    return JSON.parse(`"${body}"`) as string;
  } catch {
    throw new ConfigMergeError('Malformed', file, `line ${line + 1} has a quoted key this command cannot read: "${body}"`);
  }
}

function samePath(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && startsWith(a, b);
}

function startsWith(a: readonly string[], prefix: readonly string[]): boolean {
  return a.length >= prefix.length && prefix.every((p, i) => a[i] === p);
}

function count(s: string, needle: string): number {
  return s.split(needle).length - 1;
}

/** A bare key when TOML allows one, else a basic string. */
function tomlKey(k: string): string {
  return /^[A-Za-z0-9_-]+$/.test(k) ? k : tomlString(k);
}

/** A TOML basic string: JSON's escapes are TOML's, except that TOML has no `\/` (JSON.stringify never writes it). */
function tomlString(s: string): string {
  return JSON.stringify(s).replace(/[\u007f]/g, c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
