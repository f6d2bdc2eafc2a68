/**
 * VS Code's glob dialect (`files.exclude`, `search.exclude`, a search's include and exclude fields) over
 * folder-relative POSIX paths: `*` and `?` stay within one segment, `**` spans any number of segments (none
 * included), `{a,b}` alternates, `[abc]`, `[a-z]` and `[!a]` match one character. A leading `./` or `/` means the
 * folder itself. Matching is case-sensitive, as on Linux.
 */

/** The regular expression a glob stands for, anchored at both ends. */
export function globToRegExp(glob: string): RegExp {
  const g = glob.trim().replace(/^\.\//, '').replace(/^\/+/, '').replace(/\/+$/, '');
  const segments = splitOutsideBraces(g, '/');
  let re = '';
  segments.forEach((s, i) => {
    const last = i === segments.length - 1;
    if (s === '**') re += last ? '.*' : '(?:[^/]+/)*';
    else re += segmentSource(s) + (last ? '' : '/');
  });
  return new RegExp(`^${re}$`);
}

/** A list of globs: whether a path, or one of the folders it lies in, matches any of them. */
export class GlobSet {
  private readonly patterns: readonly RegExp[];

  constructor(globs: readonly string[]) {
    this.patterns = globs.filter(g => g.trim() !== '').map(globToRegExp);
  }

  get isEmpty(): boolean {
    return this.patterns.length === 0;
  }

  matches(relPath: string): boolean {
    return this.patterns.some(p => p.test(relPath));
  }

  /** The path or a folder above it matches: an excluded folder takes its contents with it. */
  matchesSelfOrAncestor(relPath: string): boolean {
    for (let p = relPath; p !== ''; p = p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '') {
      if (this.matches(p)) return true;
    }
    return false;
  }
}

/**
 * The patterns a VS Code `files.exclude`-style setting turns on. An entry whose value is `{when: …}` (exclude
 * when a sibling exists, e.g. `$(basename).ts`) needs the sibling's name and is left out: such files are kept.
 */
export function enabledGlobs(setting: unknown): string[] {
  if (!setting || typeof setting !== 'object') return [];
  return Object.entries(setting as Record<string, unknown>).filter(([, v]) => v === true).map(([k]) => k);
}

function segmentSource(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '*') {
      while (s[i + 1] === '*') i++;
      out += '[^/]*';
    } else if (c === '?') {
      out += '[^/]';
    } else if (c === '[') {
      const close = s.indexOf(']', i + 2);
      if (close === -1) {
        out += '\\[';
        continue;
      }
      let body = s.slice(i + 1, close);
      const negated = body.startsWith('!') || body.startsWith('^');
      if (negated) body = body.slice(1);
      out += `[${negated ? '^' : ''}${body.replace(/[\\\]]/g, '\\$&')}]`;
      i = close;
    } else if (c === '{') {
      const close = matchingBrace(s, i);
      if (close === -1) {
        out += '\\{';
        continue;
      }
      out += `(?:${splitOutsideBraces(s.slice(i + 1, close), ',').map(segmentSource).join('|')})`;
      i = close;
    } else {
      out += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    }
  }
  return out;
}

function matchingBrace(s: string, open: number): number {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    if (s[i] === '{') depth++;
    else if (s[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

function splitOutsideBraces(s: string, sep: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '{') depth++;
    else if (s[i] === '}') depth = Math.max(0, depth - 1);
    else if (s[i] === sep && depth === 0) {
      out.push(s.slice(start, i));
      start = i + 1;
    }
  }
  out.push(s.slice(start));
  return out;
}
