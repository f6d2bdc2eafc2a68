import * as path from 'path';
import { DotHistoryReader } from './dotHistoryReader';
import { EntriesHeaderIndex, type EntriesHeaderIndexOptions } from './entriesHeaderIndex';
import { nodeHistoryFileSystem, type HistoryFileSystem } from './historyFileSystem';
import { silentHistoryLog, type HistoryLog } from './historyLog';
import { compareNewestFirst, HistoryReadError, type HistoryVersion } from './historyVersion';
import { localHistoryFolderName } from './localHistoryHash';
import { LocalHistoryReader, type LocalHistoryListing, type LocalHistoryLocation } from './localHistoryReader';
import { DEFAULT_MAX_CONTENT_BYTES } from './readVersionContent';
import { fileUriParts, historyResourceCandidates } from './resourceUri';

/**
 * Both history stores behind one call, for one file at a time:
 *
 * 1. VS Code's local history, found by hashing the resource URI VS Code used (`historyResourceCandidates`):
 *    `vscode-remote://<authority><path>` for each known remote authority (in code-server the window's
 *    `env.remoteName` is that authority), then `file://<path>`. Only when none of those folders exists, and only
 *    if the user turned `searchWholeStore` on, does it build an `EntriesHeaderIndex` (bounded, headers only:
 *    other files' paths, never their contents) to find the folder by path, and it remembers the remote authority
 *    it learnt there so the next lookup is direct again. Off, nothing outside this file's folders is read.
 * 2. The Local History extension's `<workspace>/.history/<rel dir>/` folder of this one file.
 *
 * Read only, and never a listing of other files' history (SPEC §3).
 */

export interface HistoryFileRef {
  /** Absolute path as VS Code names the file (not symlink-resolved): what the history stores are keyed on. */
  readonly absolutePath: string;
  /** The workspace folder holding the file, for the `.history` tree. */
  readonly root: { readonly path: string };
  /** `/`-separated, relative to `root`. */
  readonly relativePath: string;
}

export interface HistorySourcesOptions {
  /** The folder holding `History/`: `context.globalStorageUri/../..`. */
  readonly userDir: string;
  /** Remote authorities to hash with first (e.g. `vscode.env.remoteName` in code-server). */
  readonly remoteAuthorities?: readonly string[];
  readonly fs?: HistoryFileSystem;
  readonly log?: HistoryLog;
  readonly platform?: NodeJS.Platform;
  /** Limits for the fallback index. */
  readonly index?: EntriesHeaderIndexOptions;
  /** Whether the fallback index may be built (asked at each lookup: a setting; default: never). */
  readonly searchWholeStore?: () => boolean;
  /** Also read `<workspace>/.history` (default true). */
  readonly dotHistory?: boolean;
  /** How long a built header index is reused (default 30 s; 0 rebuilds it every time). */
  readonly indexTtlMs?: number;
  readonly now?: () => number;
}

export interface HistorySourcesListing {
  /** Newest first, both stores merged. */
  readonly versions: readonly HistoryVersion[];
  /** True when the hashed lookup found nothing and the header index was consulted. */
  readonly usedIndex: boolean;
  /** The VS Code history folders versions came from (absolute paths). */
  readonly folders: readonly string[];
}

export class HistorySources {
  readonly local: LocalHistoryReader;
  private readonly dot: DotHistoryReader;
  private readonly log: HistoryLog;
  private readonly platform: NodeJS.Platform;
  private readonly indexOptions: EntriesHeaderIndexOptions;
  private readonly readDotHistory: boolean;
  private readonly searchWholeStore: () => boolean;
  private readonly configuredAuthorities: readonly string[];
  private readonly learntAuthorities: string[] = [];
  private readonly indexTtlMs: number;
  private readonly now: () => number;
  private cachedIndex: { readonly builtAt: number; readonly index: EntriesHeaderIndex } | undefined;

  constructor(options: HistorySourcesOptions) {
    const fs = options.fs ?? nodeHistoryFileSystem;
    this.local = new LocalHistoryReader(options.userDir, { fs });
    this.dot = new DotHistoryReader({ fs });
    this.log = options.log ?? silentHistoryLog;
    this.platform = options.platform ?? process.platform;
    this.indexOptions = { fs, ...options.index };
    this.readDotHistory = options.dotHistory ?? true;
    this.searchWholeStore = options.searchWholeStore ?? (() => false);
    this.configuredAuthorities = (options.remoteAuthorities ?? []).filter((a) => a !== '');
    this.indexTtlMs = Math.max(0, options.indexTtlMs ?? 30_000);
    this.now = options.now ?? Date.now;
  }

  /** Authorities tried, in order: configured ones, then ones learnt from the index. */
  get authorities(): readonly string[] {
    return [...new Set([...this.configuredAuthorities, ...this.learntAuthorities])];
  }

  /** The history folders a direct lookup opens for `absolutePath`, most likely first. */
  candidateLocations(absolutePath: string): LocalHistoryLocation[] {
    return historyResourceCandidates(absolutePath, this.authorities, this.platform)
      .map((resource) => ({ folderName: localHistoryFolderName(resource), resource }));
  }

  /**
   * Every version of one file from both stores, newest first. No history is an empty list.
   * @throws HistoryReadError when a store exists but cannot be read.
   */
  async listVersions(file: HistoryFileRef): Promise<HistorySourcesListing> {
    const local = await this.listLocal(file.absolutePath);
    const versions = [...local.listing.versions];
    if (this.readDotHistory) {
      try {
        const dot = await this.dot.listVersions(file.root.path, file.relativePath);
        versions.push(...dot.versions);
      } catch (err) {
        if (!(err instanceof HistoryReadError) || err.code !== 'badLocation') throw err;
      }
    }
    versions.sort(compareNewestFirst);
    const folders = local.listing.folders.filter((f) => f.state === 'read').map((f) => f.folder);
    return { versions, usedIndex: local.usedIndex, folders };
  }

  /** The bytes of a version one of the stores listed; refuses versions from anywhere else. */
  readContent(version: HistoryVersion, maxBytes: number = DEFAULT_MAX_CONTENT_BYTES): Promise<Uint8Array> {
    switch (version.store) {
      case 'vscodeLocalHistory':
        return this.local.readContent(version, maxBytes);
      case 'dotHistory':
        return this.dot.readContent(version, maxBytes);
      default:
        return Promise.reject(new HistoryReadError('foreignVersion', 'unknown history store', (version as HistoryVersion).contentPath));
    }
  }

  private async listLocal(absolutePath: string): Promise<{ listing: LocalHistoryListing; usedIndex: boolean }> {
    const direct = await this.local.listVersionsIn(this.candidateLocations(absolutePath));
    this.logWarnings(direct);
    if (direct.folders.some((f) => f.state === 'read')) return { listing: direct, usedIndex: false };
    if (!this.searchWholeStore()) return { listing: direct, usedIndex: false };

    // No folder under any URI we can derive: find it by path in the entries.json headers (bounded).
    const index = await this.headerIndex();
    const hits = index.lookup(fileUriParts(absolutePath, this.platform).path);
    this.log.info(`history index: ${index.stats.headersRead} entries.json headers read${index.stats.truncated ? ' (truncated)' : ''}, ${hits.length} folder(s) for ${path.basename(absolutePath)}`);
    for (const hit of hits) {
      if (hit.scheme === 'vscode-remote' && !this.authorities.includes(hit.authority)) {
        this.learntAuthorities.push(hit.authority);
        this.log.info(`history: learnt the remote authority ${hit.authority} from the local history store`);
      }
    }
    if (hits.length === 0) return { listing: direct, usedIndex: true };
    const found = await this.local.listVersionsIn(hits);
    this.logWarnings(found);
    return { listing: found, usedIndex: true };
  }

  /** The header index, reused briefly so a burst of lookups for files without history reads the store once. */
  private async headerIndex(): Promise<EntriesHeaderIndex> {
    const now = this.now();
    if (this.cachedIndex && now - this.cachedIndex.builtAt < this.indexTtlMs) return this.cachedIndex.index;
    const index = await EntriesHeaderIndex.build(this.local.historyRoot, this.indexOptions);
    this.cachedIndex = { builtAt: now, index };
    return index;
  }

  private logWarnings(listing: LocalHistoryListing): void {
    for (const w of listing.warnings) this.log.warn(`history: ${w.message} (${w.path})`);
  }
}
