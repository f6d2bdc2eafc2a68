import * as path from 'path';
import { overlayGitignore, stagedFilesOf } from '../../search/overlayView';
import { RipgrepError } from '../../search/ripgrep';
import { QueryError, compileQuery } from '../../search/searchQuery';
import { searchView, type SearchView } from '../../search/viewSearch';
import type { AgentTool, ToolAnswer } from '../agentTool';
import { ToolError } from '../agentTool';
import type { ToolMetadata } from '../toolManifest';
import { PRIVATE_GLOBS, type OverlayToolContext } from './overlayToolContext';
import type { ViewToolServices } from './viewToolServices';

export interface SearchInput {
  query: string;
  isRegexp?: boolean;
  caseSensitive?: boolean;
  includes?: string[];
  excludes?: string[];
  maxResults?: number;
}

export const DEFAULT_MAX_RESULTS = 100;
export const MAX_RESULTS = 2_000;
const MAX_GLOBS = 50;

const globs = (what: string) => ({
  type: 'array' as const,
  maxItems: MAX_GLOBS,
  items: { type: 'string' as const, minLength: 1, maxLength: 500 },
  description: what,
});

export const SEARCH_METADATA: ToolMetadata = {
  toolName: 'overlay_search',
  displayName: 'Search (Agent Overlay)',
  userDescription: "Searches the workspace's text as the agent sees it: the disk plus the agent's staged changes.",
  modelDescription:
    'Searches the text of the workspace as you (the agent) see it: your staged changes are searched instead of the disk\'s old text, ' +
    'files you created are found, files you deleted are not — none of which is on disk yet, so a disk search (grep, rg, grep_search) would mislead you. ' +
    'Use this tool to find where something is defined or used, before and after you change it. ' +
    'Returns matching lines: path, 1-based line number, the line (trimmed; long lines cut around the match) and staged: true when the line is from your staged content. ' +
    'Results are in path order and capped at maxResults ("truncated": true says there were more: narrow the query or the includes). ' +
    'Files ignored by .gitignore, hidden by the files.exclude or search.exclude settings, and binary files are not searched. ' +
    'The query is literal text unless isRegexp is true; it matches within one line; case-insensitive unless caseSensitive is true. ' +
    'Regular expressions: the syntax JavaScript and ripgrep share (classes, quantifiers, alternation, groups, ^ $ \\b \\d \\w \\s); no look-around, no backreferences, no inline flags. ' +
    'includes and excludes are VS Code globs relative to the workspace folder ("src/**/*.ts", "**/test/**"); a folder name covers what is inside it. ' +
    'Examples: {"query": "createServer"}; {"query": "port\\\\s*=\\\\s*\\\\d+", "isRegexp": true, "includes": ["src/**/*.ts"]}; {"query": "TODO", "excludes": ["docs"], "maxResults": 20}.',
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', minLength: 1, maxLength: 1000, description: 'The text to find (or a regular expression, with isRegexp).' },
      isRegexp: { type: 'boolean', description: 'Treat query as a regular expression. Default false (literal text).' },
      caseSensitive: { type: 'boolean', description: 'Match case exactly. Default false.' },
      includes: globs('Only files matching one of these globs (relative to the workspace folder), e.g. ["src/**/*.ts"].'),
      excludes: globs('Leave out files matching any of these globs, on top of .gitignore and the exclude settings, e.g. ["**/*.test.ts"].'),
      maxResults: { type: 'integer', minimum: 1, maximum: MAX_RESULTS, description: `At most this many matching lines. Default ${DEFAULT_MAX_RESULTS}.` },
    },
    required: ['query'],
    additionalProperties: false,
  },
  tags: ['overlay', 'search'],
};

export class SearchTool implements AgentTool<SearchInput> {
  readonly metadata = SEARCH_METADATA;
  constructor(private readonly ctx: OverlayToolContext, private readonly services: ViewToolServices) {}

  invocationMessage(input: SearchInput): string {
    return `Searching for ${JSON.stringify(input.query)}`;
  }

  async invoke(input: SearchInput, _caller: unknown, signal?: AbortSignal): Promise<ToolAnswer> {
    const roots = this.ctx.roots();
    if (roots.length === 0) throw new ToolError('NoWorkspace', 'No workspace folder is open, so there is nothing to search. Ask the user to open a folder.');
    const includes = checkGlobs(input.includes ?? [], 'includes');
    const excludes = checkGlobs(input.excludes ?? [], 'excludes');
    const maxResults = input.maxResults ?? DEFAULT_MAX_RESULTS;
    let query;
    try {
      query = compileQuery({ query: input.query, isRegexp: input.isRegexp ?? false, caseSensitive: input.caseSensitive ?? false });
    } catch (e) {
      if (e instanceof QueryError) throw new ToolError(e.code, e.message);
      throw e;
    }
    const { overlay } = this.ctx;
    const view: SearchView = {
      roots,
      stagedFiles: () => stagedFilesOf(overlay, roots),
      read: (root, rel) => overlay.readFile(path.join(roots[root].path, ...rel.split('/'))),
      settingsExcludes: root => [...PRIVATE_GLOBS, ...this.services.filesExclude(roots[root].path), ...this.services.searchExclude(roots[root].path)],
      gitignore: root => overlayGitignore(overlay, roots[root].path),
    };
    let outcome;
    try {
      outcome = await searchView(view, this.services.disk, query, { includes, excludes, maxResults }, signal);
    } catch (e) {
      if (e instanceof RipgrepError) throw new ToolError(e.code, e.message);
      throw e;
    }
    const results = outcome.hits.map(h => ({
      path: roots.length > 1 ? `${roots[h.root].name}/${h.rel}` : h.rel,
      line: h.line,
      text: h.text,
      ...(h.staged ? { staged: true } : {}),
    }));
    const files = new Set(results.map(r => r.path)).size;
    const fromStaged = results.filter(r => r.staged).length;
    return {
      summary: `${results.length} matching line${results.length === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}` +
        `${fromStaged ? ` (${fromStaged} from your staged changes)` : ''}` +
        `${outcome.truncated ? `; TRUNCATED at ${maxResults}: narrow the query or the includes, or raise maxResults` : ''}.`,
      data: { query: input.query, results, count: results.length, truncated: outcome.truncated, stagedFilesSearched: outcome.stagedFilesSearched },
    };
  }
}

/** Globs are folder-relative: a leading `..` or an absolute path could only point outside the workspace. */
function checkGlobs(list: readonly string[], field: string): string[] {
  for (const g of list) {
    if (/^(?:[/\\]|[A-Za-z]:|~)/.test(g.trim()) || g.split(/[/\\]/).includes('..')) {
      throw new ToolError('InvalidGlob', `${field} has ${JSON.stringify(g)}: globs are relative to the workspace folder, without "..", a leading "/" or a drive. E.g. "src/**/*.ts".`);
    }
  }
  return list.map(g => g.trim()).filter(g => g !== '');
}
