import * as path from 'path';
import { isNotFound, nodeHistoryFileSystem, type HistoryFileSystem } from './historyFileSystem';
import {
  compareNewestFirst, HistoryReadError, type HistoryVersion, type HistoryWarning,
} from './historyVersion';
import { LOCAL_HISTORY_FOLDER_PATTERN, localHistoryFolderName } from './localHistoryHash';
import { localHistorySourceLabel } from './localHistorySourceLabel';
import { DEFAULT_MAX_CONTENT_BYTES, readVersionContent } from './readVersionContent';

/**
 * Reader for VS Code's built-in local history (research/formats.md §A):
 * `<User>/History/<hash(resource)>/entries.json` plus one full copy of the file per entry.
 *
 * It opens exactly the folders it is told about — the hashed one for a resource URI, or folders the
 * `EntriesHeaderIndex` fallback found — and never lists `History/` itself (SPEC §3: locate a file's history
 * directly, never by scanning). It only reads: the store belongs to VS Code, which prunes and rewrites it.
 */

export const ENTRIES_JSON = 'entries.json';

/** Entry files are `<4 alphanumerics><extname>`; moved entries keep their old extension, so any ext is accepted. */
const ENTRY_FILE_PATTERN = /^[A-Za-z0-9]{4}(\.[^/\\]+)?$/;

/** A sane `entries.json` is a few KB (50 entries by default); anything far larger is not one we should parse. */
const MAX_ENTRIES_JSON_BYTES = 4 * 1024 * 1024;

export type EntriesJsonState = 'present' | 'missing' | 'corrupt' | 'unreadable';

/** What was found in one history folder. */
export interface LocalHistoryFolderState {
  /** Absolute path of the folder. */
  readonly folder: string;
  /** The resource URI string this folder was expected to hold. */
  readonly resource: string;
  /**
   * `absent`: no such folder (no history). `read`: versions come from it. `resourceMismatch`: its `entries.json`
   * names another file (a 32-bit hash collision) so none of its entries are this file's.
   */
  readonly state: 'absent' | 'read' | 'resourceMismatch';
  readonly entriesJson: EntriesJsonState;
}

export interface LocalHistoryListing {
  /** Newest first. */
  readonly versions: readonly HistoryVersion[];
  readonly warnings: readonly HistoryWarning[];
  readonly folders: readonly LocalHistoryFolderState[];
}

/** A history folder and the resource it should hold (what `EntriesHeaderIndex.lookup` returns). */
export interface LocalHistoryLocation {
  readonly folderName: string;
  readonly resource: string;
}

export interface LocalHistoryReaderOptions {
  readonly fs?: HistoryFileSystem;
}

interface EntriesJsonRow {
  readonly id: string;
  readonly timestamp?: number;
  readonly source?: string;
  readonly sourceDescription?: string;
}

interface ParsedEntriesJson {
  readonly state: EntriesJsonState;
  readonly resource?: string;
  readonly rows: ReadonlyMap<string, EntriesJsonRow>;
}

export class LocalHistoryReader {
  /** `<User>/History`. */
  readonly historyRoot: string;
  private readonly fs: HistoryFileSystem;

  /** @param userDir the folder holding `History/`: `context.globalStorageUri/../..` (formats.md §A1). */
  constructor(userDir: string, options: LocalHistoryReaderOptions = {}) {
    this.historyRoot = path.join(path.resolve(userDir), 'History');
    this.fs = options.fs ?? nodeHistoryFileSystem;
  }

  /** The one folder that holds `resourceUri`'s history, if it has any. */
  folderFor(resourceUri: string): string {
    return path.join(this.historyRoot, localHistoryFolderName(resourceUri));
  }

  /**
   * Versions of one resource, e.g. `file:///ws/a.txt` or `vscode-remote://ssh-remote%2Bhost/ws/a.txt`
   * (the exact `Uri.toString()`; see resourceUri.ts). No history → empty `versions`, not an error.
   * @throws HistoryReadError `unreadable` when the folder exists but cannot be listed.
   */
  listVersions(resourceUri: string): Promise<LocalHistoryListing> {
    return this.listVersionsIn([{ folderName: localHistoryFolderName(resourceUri), resource: resourceUri }]);
  }

  /**
   * Versions from several folders merged (e.g. one file opened in code-server through two Host names has two
   * folders). Each folder is still checked against its expected resource.
   */
  async listVersionsIn(locations: readonly LocalHistoryLocation[]): Promise<LocalHistoryListing> {
    const versions: HistoryVersion[] = [];
    const warnings: HistoryWarning[] = [];
    const folders: LocalHistoryFolderState[] = [];
    const seen = new Set<string>();
    for (const location of locations) {
      if (!LOCAL_HISTORY_FOLDER_PATTERN.test(location.folderName)) {
        // Never let a caller steer the reader outside History/ (`..`, separators).
        throw new HistoryReadError('badLocation', `not a local history folder name: ${JSON.stringify(location.folderName)}`);
      }
      if (seen.has(location.folderName)) continue;
      seen.add(location.folderName);
      const one = await this.readFolder(location);
      versions.push(...one.versions);
      warnings.push(...one.warnings);
      folders.push(one.folder);
    }
    versions.sort(compareNewestFirst);
    return { versions, warnings, folders };
  }

  /**
   * The bytes of a version this reader listed.
   * @throws HistoryReadError `contentMissing` | `contentTooLarge` | `unreadable` | `foreignVersion`.
   */
  readContent(version: HistoryVersion, maxBytes: number = DEFAULT_MAX_CONTENT_BYTES): Promise<Uint8Array> {
    const folder = path.dirname(version.contentPath);
    if (version.store !== 'vscodeLocalHistory'
      || path.dirname(folder) !== this.historyRoot
      || !LOCAL_HISTORY_FOLDER_PATTERN.test(path.basename(folder))
      || path.basename(version.contentPath) !== version.sourceId
      || version.sourceId === ENTRIES_JSON) {
      return Promise.reject(new HistoryReadError('foreignVersion', 'this version does not come from VS Code local history', version.contentPath));
    }
    return readVersionContent(this.fs, version, maxBytes);
  }

  private async readFolder(location: LocalHistoryLocation): Promise<{
    versions: HistoryVersion[]; warnings: HistoryWarning[]; folder: LocalHistoryFolderState;
  }> {
    const folder = path.join(this.historyRoot, location.folderName);
    const warnings: HistoryWarning[] = [];
    let names: string[];
    try {
      names = await this.fs.readdir(folder);
    } catch (err) {
      if (isNotFound(err)) {
        return { versions: [], warnings, folder: { folder, resource: location.resource, state: 'absent', entriesJson: 'missing' } };
      }
      throw new HistoryReadError('unreadable', 'could not list the local history folder', folder, err);
    }

    const entries = names.includes(ENTRIES_JSON)
      ? await this.readEntriesJson(path.join(folder, ENTRIES_JSON), warnings)
      : { state: 'missing' as const, rows: new Map<string, EntriesJsonRow>() };

    if (entries.resource !== undefined && entries.resource !== location.resource) {
      warnings.push({
        code: 'resourceMismatch',
        message: `entries.json belongs to ${entries.resource}, not ${location.resource} (hash collision); ignoring this folder`,
        path: folder,
      });
      return { versions: [], warnings, folder: { folder, resource: location.resource, state: 'resourceMismatch', entriesJson: entries.state } };
    }

    // Entry files are the truth: entries.json can lag by minutes (desktop flushes every 5 min) or list files
    // VS Code has since pruned. Take every entry-shaped file, then overlay the metadata entries.json has.
    const nameSet = new Set(names);
    const candidates = names.filter((n) => n !== ENTRIES_JSON && (ENTRY_FILE_PATTERN.test(n) || entries.rows.has(n)));
    for (const id of entries.rows.keys()) {
      if (!nameSet.has(id)) {
        warnings.push({ code: 'entryListedButMissing', message: `entries.json lists ${id} but its file is gone`, path: folder });
      }
    }
    const stats = await Promise.all(candidates.map(async (name) => {
      const contentPath = path.join(folder, name);
      try {
        return { name, contentPath, stat: await this.fs.lstat(contentPath) };
      } catch (err) {
        if (isNotFound(err)) return undefined; // pruned between readdir and lstat
        throw new HistoryReadError('unreadable', 'could not read a local history entry', contentPath, err);
      }
    }));

    const versions: HistoryVersion[] = [];
    for (const s of stats) {
      if (!s || !s.stat.isFile()) continue;
      const row = entries.rows.get(s.name);
      const source = row?.source;
      versions.push({
        store: 'vscodeLocalHistory',
        sourceId: s.name,
        timestamp: row?.timestamp ?? Math.round(s.stat.mtimeMs),
        label: localHistorySourceLabel(source, row?.sourceDescription),
        source: source === undefined || source === '' || source === 'default.source' ? undefined : source,
        contentPath: s.contentPath,
        size: s.stat.size,
      });
    }
    return { versions, warnings, folder: { folder, resource: location.resource, state: 'read', entriesJson: entries.state } };
  }

  /** Never throws for a bad file: a corrupted entries.json degrades to "entry files only" plus a warning. */
  private async readEntriesJson(file: string, warnings: HistoryWarning[]): Promise<ParsedEntriesJson> {
    const none = new Map<string, EntriesJsonRow>();
    let text: string;
    try {
      const stat = await this.fs.lstat(file);
      if (!stat.isFile() || stat.size > MAX_ENTRIES_JSON_BYTES) {
        warnings.push({ code: 'entriesJsonCorrupt', message: 'entries.json is not a regular file of sane size; using the entry files only', path: file });
        return { state: 'corrupt', rows: none };
      }
      text = new TextDecoder('utf-8', { fatal: true }).decode(await this.fs.readFile(file));
    } catch (err) {
      if (isNotFound(err)) return { state: 'missing', rows: none };
      const corrupt = err instanceof TypeError; // TextDecoder's invalid UTF-8
      warnings.push({
        code: corrupt ? 'entriesJsonCorrupt' : 'entriesJsonUnreadable',
        message: `${corrupt ? 'entries.json is not valid UTF-8' : 'could not read entries.json'}; using the entry files only`,
        path: file,
      });
      return { state: corrupt ? 'corrupt' : 'unreadable', rows: none };
    }
    return parseEntriesJson(text, file, warnings);
  }
}

/** Validates `{version, resource, entries:[{id, timestamp, source?, sourceDescription?}]}` row by row. */
export function parseEntriesJson(text: string, file: string, warnings: HistoryWarning[]): ParsedEntriesJson {
  const rows = new Map<string, EntriesJsonRow>();
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    warnings.push({ code: 'entriesJsonCorrupt', message: 'entries.json is not valid JSON; using the entry files only', path: file });
    return { state: 'corrupt', rows };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    warnings.push({ code: 'entriesJsonCorrupt', message: 'entries.json is not an object; using the entry files only', path: file });
    return { state: 'corrupt', rows };
  }
  const record = data as Record<string, unknown>;
  const resource = typeof record.resource === 'string' ? record.resource : undefined;
  if (!Array.isArray(record.entries)) {
    warnings.push({ code: 'entriesJsonCorrupt', message: 'entries.json has no entries array; using the entry files only', path: file });
    return { state: 'corrupt', resource, rows };
  }
  let badRows = 0;
  for (const raw of record.entries as unknown[]) {
    const row = toRow(raw);
    if (row) rows.set(row.id, row);
    else badRows++;
  }
  if (badRows > 0) {
    warnings.push({ code: 'entriesJsonCorrupt', message: `entries.json has ${badRows} malformed row(s); they were ignored`, path: file });
  }
  return { state: badRows > 0 ? 'corrupt' : 'present', resource, rows };
}

function toRow(raw: unknown): EntriesJsonRow | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const r = raw as Record<string, unknown>;
  // An id is a plain child name; anything with a separator or `..` could point outside the folder.
  if (typeof r.id !== 'string' || !r.id || r.id === '.' || r.id === '..' || /[/\\\0]/.test(r.id) || r.id === ENTRIES_JSON) {
    return undefined;
  }
  const timestamp = typeof r.timestamp === 'number' && Number.isFinite(r.timestamp) && r.timestamp >= 0 ? r.timestamp : undefined;
  return {
    id: r.id,
    timestamp,
    source: typeof r.source === 'string' ? r.source : undefined,
    sourceDescription: typeof r.sourceDescription === 'string' ? r.sourceDescription : undefined,
  };
}
