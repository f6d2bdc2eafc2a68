/** The read-only scheme under which local-history versions are served, only under a grant (SPEC §3). */
export const HISTORY_SCHEME = 'history';

/**
 * A `history:` URI names one served version: `history:/<id>/<file name>`, where `<id>` is the random token of a
 * view the user opened (or a grant whose content the user allowed) and `<file name>` is the file's base name,
 * so editor titles and language detection see `notes.txt`. The id alone decides what is served; the name
 * must match too, so a URI cannot be re-labelled.
 */
export interface HistoryUriParts {
  readonly id: string;
  readonly fileName: string;
}

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The `path` of a `history:` URI (the adapter builds it with `Uri.from({ scheme, path })`). */
export function historyUriPath(parts: HistoryUriParts): string {
  if (!ID.test(parts.id)) throw new Error(`not a history id: ${JSON.stringify(parts.id)}`);
  const name = parts.fileName.replace(/[/\\]/g, '_') || 'file';
  return `/${parts.id}/${name}`;
}

/** The id and name of a `history:` URI path, or undefined when it does not name a version (a folder, junk). */
export function parseHistoryUriPath(path: string): HistoryUriParts | undefined {
  const m = /^\/([^/]+)\/([^/]+)$/.exec(path);
  if (!m || !ID.test(m[1])) return undefined;
  return { id: m[1], fileName: m[2] };
}
