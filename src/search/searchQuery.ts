/**
 * What `overlay_search` looks for, checked once and compiled for both engines that run it: ripgrep on the disk
 * and JavaScript on the staged contents. The regex dialect it promises is what the two share — character classes,
 * quantifiers (greedy and lazy), alternation, groups (capturing, `(?:…)`), anchors `^` `$` (line start and end),
 * `\b`, `\d`, `\w`, `\s` — matched one line at a time. Look-around and backreferences (JavaScript only) and inline
 * flags such as `(?i)` (ripgrep only) are refused up front, with what to use instead.
 */

export interface SearchQuery {
  readonly query: string;
  readonly isRegexp: boolean;
  readonly caseSensitive: boolean;
}

export class QueryError extends Error {
  constructor(readonly code: 'EmptyQuery' | 'QueryTooLong' | 'InvalidRegexp' | 'UnsupportedRegexp', message: string) {
    super(message);
    this.name = 'QueryError';
  }
}

export const MAX_QUERY_CHARS = 1_000;

/** Syntax one engine has and the other lacks: row = what it is, what to do instead. */
const UNSHARED: readonly (readonly [RegExp, string])[] = [
  [/\(\?<?[=!]/, 'look-ahead and look-behind ((?=…), (?!…), (?<=…), (?<!…)) are not supported: search for the text itself and read the lines around it'],
  [/\\[1-9]|\\k</, 'backreferences (\\1, \\k<name>) are not supported'],
  [/\(\?[a-zA-Z-]+[):]/, 'inline flags such as (?i) are not supported: set caseSensitive instead'],
  [/\\[pP]\{/, 'Unicode property classes (\\p{…}) are not supported'],
];

/** A compiled query: `test` for one line of text, and ripgrep's arguments for the same search. */
export interface CompiledQuery {
  test(line: string): boolean;
  /** Where the first match starts in `line` (-1: none), to show the part of a long line that matched. */
  indexIn(line: string): number;
  readonly ripgrepArgs: readonly string[];
}

export function compileQuery(q: SearchQuery): CompiledQuery {
  if (q.query === '') throw new QueryError('EmptyQuery', 'query is empty: give the text (or regular expression) to search for.');
  if (q.query.length > MAX_QUERY_CHARS) throw new QueryError('QueryTooLong', `query is ${q.query.length} characters; at most ${MAX_QUERY_CHARS}.`);
  if (/[\r\n]/.test(q.query)) throw new QueryError('InvalidRegexp', 'query spans lines: the search matches one line at a time. Search for one line of it.');
  let source = q.query.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
  if (q.isRegexp) {
    // Escapes first, so that `\(?=` (a literal parenthesis) is not mistaken for look-ahead.
    const bare = q.query.replace(/\\\\/g, '').replace(/\\[()]/g, '');
    for (const [syntax, why] of UNSHARED) {
      if (syntax.test(bare)) throw new QueryError('UnsupportedRegexp', `query: ${why}.`);
    }
    source = q.query;
  }
  let re: RegExp;
  try {
    re = new RegExp(source, q.caseSensitive ? '' : 'i');
  } catch (e) {
    throw new QueryError('InvalidRegexp', `query is not a valid regular expression: ${(e as Error).message.replace(/^Invalid regular expression: /, '')}. Fix it, or set isRegexp to false to search for the text literally.`);
  }
  return {
    test: line => re.test(line),
    indexIn: line => line.search(re),
    ripgrepArgs: [q.caseSensitive ? '--case-sensitive' : '--ignore-case', ...(q.isRegexp ? [] : ['--fixed-strings']), '-e', q.query],
  };
}
