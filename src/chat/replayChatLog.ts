/**
 * Replays VS Code's chat session mutation log (`<sessionId>.jsonl`, VS Code ≥ 1.109; research/formats.md §C3,
 * `objectMutationLog.ts`): one JSON entry per line,
 *   kind 0 `{v}` full state (first line, and again after compaction),
 *   kind 1 `{k, v}` set the value at path k,
 *   kind 2 `{k, v?, i?}` array at k: truncate to length i when given, then push v,
 *   kind 3 `{k}` delete: the value at path k becomes undefined.
 * Same semantics as VS Code's reader, with two deliberate differences: a torn last line (a crash or a read
 * racing an append) is ignored instead of failing the whole session, and a `kind: 1` with an empty path
 * replaces the root instead of being dropped.
 */
export type ChatLogPath = readonly (string | number)[];

export type ChatLogErrorCode =
  /** No entry at all (empty file, or only a torn line). */
  | 'empty'
  /** A line that is not JSON, before the last line. */
  | 'badLine'
  /** A line that is JSON but not an entry of a known kind and shape. */
  | 'badEntry'
  /** A set/push/delete before any full state. */
  | 'noInitial'
  /** A path through something that is not an object or array, or a push onto something that is not an array. */
  | 'badPath';

export class ChatLogError extends Error {
  constructor(readonly code: ChatLogErrorCode, readonly line: number | undefined, detail: string) {
    super(line === undefined ? detail : `line ${line}: ${detail}`);
  }
}

export interface ChatLogReplay {
  readonly state: unknown;
  /** Entries applied. */
  readonly entries: number;
  /** The last line was incomplete and was skipped. */
  readonly tornTail: boolean;
}

type Entry =
  | { kind: 0; v: unknown }
  | { kind: 1; k: ChatLogPath; v: unknown }
  | { kind: 2; k: ChatLogPath; v?: unknown[]; i?: number }
  | { kind: 3; k: ChatLogPath };

type Container = Record<string | number, unknown>;

export function replayChatLog(text: string): ChatLogReplay {
  const lines = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split('\n');
  let last = lines.length - 1;
  while (last >= 0 && lines[last].trim() === '') last--;
  let state: unknown;
  let started = false;
  let entries = 0;
  let tornTail = false;
  for (let n = 0; n <= last; n++) {
    const line = lines[n];
    if (line.trim() === '') continue;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      if (n === last) {
        tornTail = true;
        break;
      }
      throw new ChatLogError('badLine', n + 1, 'not JSON');
    }
    const entry = asEntry(raw, n + 1);
    if (entry.kind === 0) {
      state = entry.v;
      started = true;
    } else if (!started) {
      throw new ChatLogError('noInitial', n + 1, `kind ${entry.kind} before any full state (kind 0)`);
    } else {
      switch (entry.kind) {
        case 1:
          if (entry.k.length === 0) state = entry.v;
          else setAt(state, entry.k, entry.v, n + 1);
          break;
        case 2:
          pushAt(state, entry.k, entry.v, entry.i, n + 1);
          break;
        case 3:
          if (entry.k.length === 0) throw new ChatLogError('badPath', n + 1, 'delete of the root');
          setAt(state, entry.k, undefined, n + 1);
          break;
      }
    }
    entries++;
  }
  if (!started) throw new ChatLogError('empty', undefined, tornTail ? 'the only entry is incomplete' : 'no entries');
  return { state, entries, tornTail };
}

function asEntry(raw: unknown, line: number): Entry {
  if (!isContainer(raw) || Array.isArray(raw)) throw new ChatLogError('badEntry', line, 'not an object');
  const kind = raw.kind;
  if (kind === 0) {
    if (!('v' in raw)) throw new ChatLogError('badEntry', line, 'kind 0 without v');
    return { kind, v: raw.v };
  }
  if (kind !== 1 && kind !== 2 && kind !== 3) throw new ChatLogError('badEntry', line, `unknown kind ${JSON.stringify(kind)}`);
  const k = raw.k;
  if (!Array.isArray(k) || !k.every(p => typeof p === 'string' || (typeof p === 'number' && Number.isInteger(p) && p >= 0))) {
    throw new ChatLogError('badEntry', line, 'k is not a path of strings and indexes');
  }
  if (kind === 1) return { kind, k, v: raw.v };
  if (kind === 3) return { kind, k };
  const v = raw.v;
  const i = raw.i;
  if (v !== undefined && !Array.isArray(v)) throw new ChatLogError('badEntry', line, 'kind 2 with a v that is not an array');
  if (i !== undefined && !(typeof i === 'number' && Number.isInteger(i) && i >= 0)) throw new ChatLogError('badEntry', line, 'kind 2 with a bad i');
  return { kind, k, v, i };
}

function isContainer(v: unknown): v is Container {
  return typeof v === 'object' && v !== null;
}

function parentOf(state: unknown, path: ChatLogPath, line: number): Container {
  let current: unknown = state;
  for (let n = 0; n < path.length - 1; n++) {
    if (!isContainer(current)) throw new ChatLogError('badPath', line, `nothing at ${formatPath(path.slice(0, n))}`);
    current = Object.prototype.hasOwnProperty.call(current, path[n]) ? current[path[n]] : undefined;
  }
  if (!isContainer(current)) throw new ChatLogError('badPath', line, `nothing at ${formatPath(path.slice(0, -1))}`);
  return current;
}

function setAt(state: unknown, path: ChatLogPath, value: unknown, line: number): void {
  const parent = parentOf(state, path, line);
  const key = path[path.length - 1];
  if (Array.isArray(parent) && typeof key !== 'number') throw new ChatLogError('badPath', line, `${formatPath(path)} names a property of an array`);
  assign(parent, key, value);
}

function pushAt(state: unknown, path: ChatLogPath, values: unknown[] | undefined, truncateTo: number | undefined, line: number): void {
  if (path.length === 0) throw new ChatLogError('badPath', line, 'push onto the root');
  const parent = parentOf(state, path, line);
  const key = path[path.length - 1];
  if (Array.isArray(parent) && typeof key !== 'number') throw new ChatLogError('badPath', line, `${formatPath(path)} names a property of an array`);
  const existing = Object.prototype.hasOwnProperty.call(parent, key) ? parent[key] : undefined;
  if (existing !== undefined && existing !== null && !Array.isArray(existing)) {
    throw new ChatLogError('badPath', line, `push onto ${formatPath(path)}, which is not an array`);
  }
  const arr: unknown[] = Array.isArray(existing) ? existing : [];
  if (truncateTo !== undefined) arr.length = truncateTo;
  // A loop, not push(...values): spreading a very long array overflows the call stack.
  for (const v of values ?? []) arr.push(v);
  assign(parent, key, arr);
}

/** Plain assignment, except that a key named `__proto__` from the file becomes an own property, not a prototype. */
function assign(target: Container, key: string | number, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  else target[key] = value;
}

function formatPath(path: ChatLogPath): string {
  return path.map(p => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('') || '<root>';
}
