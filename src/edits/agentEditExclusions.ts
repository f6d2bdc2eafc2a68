import { uriPath } from './uriMatchesPath';

/**
 * Which recorded edits agents never get (`edits_getRecent`, the notebook's RECENT EDITS block): what a person
 * types into an untitled editor (a scratch pad: a token pasted to copy it elsewhere, a draft message) and into
 * files that look like they hold secrets. The person's own "Show Recent Edits" view still shows them: the rule
 * is about what leaves for an agent (over MCP, possibly a process outside VS Code), not what is recorded.
 */

/** `agentOverlay.editHistory.excludePatterns`' default: files that commonly hold credentials and keys. */
export const DEFAULT_EDIT_EXCLUDE_PATTERNS: readonly string[] = [
  '.env', '.env.*', '*.env',
  '*.pem', '*.key', '*.p12', '*.pfx', '*.jks', '*.keystore', '*.kdbx', '*.asc', '*.gpg',
  'id_rsa*', 'id_dsa*', 'id_ecdsa*', 'id_ed25519*',
  '.npmrc', '.yarnrc.yml', '.pypirc', '.netrc', '_netrc', '.git-credentials', '.pgpass', '.htpasswd',
  'credentials', 'credentials.*', '*.credentials', 'secret', 'secrets', 'secret.*', 'secrets.*', '*.secret', '*.secrets',
  '.aws/config', '.ssh/*', '.docker/config.json', '.kube/config',
  '*.tfvars', 'terraform.tfstate*',
];

export interface EditExclusionSettings {
  /** Glob patterns (`*`, `?`, `**`): without `/` they match a file's name, with `/` the end of its path. */
  readonly patterns: readonly string[];
  /** Share edits of untitled documents too (default false). */
  readonly shareUntitled: boolean;
}

export const DEFAULT_EDIT_EXCLUSIONS: EditExclusionSettings = { patterns: DEFAULT_EDIT_EXCLUDE_PATTERNS, shareUntitled: false };

/** The settings as read from a configuration (wrong types fall back to the defaults; bad entries are dropped). */
export function editExclusionSettingsFrom(get: (key: 'excludePatterns' | 'shareUntitled') => unknown): EditExclusionSettings {
  const patterns = get('excludePatterns');
  const shareUntitled = get('shareUntitled');
  return {
    patterns: Array.isArray(patterns) ? patterns.filter((p): p is string => typeof p === 'string' && p.trim() !== '') : DEFAULT_EDIT_EXCLUDE_PATTERNS,
    shareUntitled: typeof shareUntitled === 'boolean' ? shareUntitled : false,
  };
}

/** A compiled exclusion rule: `excludes(uri)` is true for an edit no agent may see. */
export class EditExclusions {
  private readonly byName: RegExp[] = [];
  private readonly byPath: RegExp[] = [];

  constructor(readonly settings: EditExclusionSettings = DEFAULT_EDIT_EXCLUSIONS) {
    for (const raw of settings.patterns) {
      const p = raw.trim().replace(/\\/g, '/').replace(/^\.\//, '');
      if (!p) continue;
      if (p.includes('/')) this.byPath.push(new RegExp(`(^|/)${globSource(p.replace(/^\*\*\//, '').replace(/^\//, ''))}$`, 'i'));
      else this.byName.push(new RegExp(`^${globSource(p)}$`, 'i'));
    }
  }

  /** True for an untitled document (unless shared by the setting) and for a file a pattern names. */
  readonly excludes = (uri: string): boolean => {
    if (/^untitled:/i.test(uri)) return !this.settings.shareUntitled;
    const path = uriPath(uri).replace(/\\/g, '/');
    const name = path.slice(path.lastIndexOf('/') + 1);
    return this.byName.some(r => r.test(name)) || this.byPath.some(r => r.test(path));
  };
}

/** A glob as a regular expression's source: `**` any path, `*` any name part, `?` one character. */
function globSource(glob: string): string {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      i++;
      if (glob[i + 1] === '/') {
        out += '(?:.*/)?';
        i++;
      } else out += '.*';
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else out += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return out;
}
