import { v4 as uuidv4 } from 'uuid';
import type { HistoryVersion } from './historyVersion';

/**
 * The consent state of the history bridge (SPEC §3 "Consent and state", §9 invariant 4), in memory only:
 *
 * - version grants: an unguessable id (uuid v4) per version the user picked in a Quick Pick, bound to ONE file.
 *   An id for another file, an expired id, a used id (when clearing after retrieval) or a made-up id gets
 *   nothing. Cleared: after retrieval (configurable), after the TTL, on a deny of that file, on clear, on dispose
 *   (never by a share: the user's share takes back nothing they allowed).
 * - the shared-content slot: the one version the user shared with "Share historical version with AI Agent";
 *   a new share replaces it; cleared after retrieval (configurable), after the TTL, on clear, on dispose.
 *
 * Nothing here is persisted and nothing is read from disk; time comes from an injectable clock so expiry is
 * tested without sleeping. Expiry is checked on every lookup; `nextExpiry()` lets an adapter schedule one
 * timer to `sweep()` so expired content does not linger in memory either.
 */

export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export const DEFAULT_GRANT_TTL_MINUTES = 10;
export const MIN_GRANT_TTL_MINUTES = 1;
export const MAX_GRANT_TTL_MINUTES = 60;

/** TTL in ms from the raw setting value: a number of minutes clamped to 1–60; anything else is the default. */
export function grantTtlMs(settingValue: unknown): number {
  const minutes = typeof settingValue === 'number' && Number.isFinite(settingValue)
    ? Math.min(MAX_GRANT_TTL_MINUTES, Math.max(MIN_GRANT_TTL_MINUTES, settingValue))
    : DEFAULT_GRANT_TTL_MINUTES;
  return Math.round(minutes * 60_000);
}

/** A file as the grants know it. */
export interface GrantedFile {
  /** Absolute path (from `resolveWorkspacePath`): the identity a grant is bound to. */
  readonly filePath: string;
  /** The workspace-relative path shown to the agent and the user. */
  readonly displayPath: string;
}

export interface Grant extends GrantedFile {
  readonly id: string;
  /** The history entry this id stands for. */
  readonly version: HistoryVersion;
  readonly label: string;
  /** The version's own time (ms epoch), not the grant's. */
  readonly timestamp: number;
  readonly expiresAt: number;
}

export type GrantLookup =
  | { readonly kind: 'granted'; readonly grant: Grant }
  | { readonly kind: 'expired' }
  /** Issued for another file: the id is not shown to be valid, and the grant is left alone. */
  | { readonly kind: 'otherFile' }
  /** Never issued, already retrieved, cleared, or guessed. */
  | { readonly kind: 'unknown' };

export interface SharedContent extends GrantedFile {
  readonly version: HistoryVersion;
  readonly label: string;
  readonly timestamp: number;
  readonly content: string;
  readonly sharedAt: number;
  readonly expiresAt: number;
}

export type SharedLookup =
  | { readonly kind: 'success'; readonly shared: SharedContent }
  | { readonly kind: 'no_content_available' }
  /** The hint names another file; `sharedDisplayPath` is the file that was shared (the seed's message says so). */
  | { readonly kind: 'no_matching_content'; readonly sharedDisplayPath: string; readonly hint: string };

export type GrantChange = 'granted' | 'retrieved' | 'expired' | 'denied' | 'shared' | 'sharedCleared' | 'cleared';

export interface GrantStoreOptions {
  readonly clock?: Clock;
  /** Raw `agentOverlay.history.grantTtlMinutes` value; see `grantTtlMs`. */
  readonly ttlMinutes?: unknown;
  /** Drop a grant / the shared content once the agent has retrieved it (default true). */
  readonly clearAfterRetrieval?: boolean;
  /** Id source; uuid v4 unless a test injects one. */
  readonly newId?: () => string;
  /**
   * Whether the workspace's file system tells paths apart by case (asked at each `takeShared`): `filePathHint`
   * follows that rule. Default: case-sensitive.
   */
  readonly caseSensitivePaths?: () => boolean;
}

const MAX_EXPIRED_IDS = 1024;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export class GrantStore {
  private readonly grants = new Map<string, Grant>();
  /** Ids that expired (id → file), so a late call hears "expired" rather than "unknown". No content. */
  private readonly expiredIds = new Map<string, string>();
  private shared: SharedContent | undefined;
  private readonly listeners = new Set<(change: GrantChange) => void>();
  private readonly clock: Clock;
  private readonly newId: () => string;
  private readonly caseSensitivePaths: () => boolean;
  private ttlMs: number;
  private clearAfterRetrieval: boolean;
  private disposed = false;

  constructor(options: GrantStoreOptions = {}) {
    this.clock = options.clock ?? systemClock;
    this.newId = options.newId ?? uuidv4;
    this.caseSensitivePaths = options.caseSensitivePaths ?? (() => true);
    this.ttlMs = grantTtlMs(options.ttlMinutes);
    this.clearAfterRetrieval = options.clearAfterRetrieval ?? true;
  }

  /** Settings changed: applies to grants made from now on. */
  configure(settings: { ttlMinutes?: unknown; clearAfterRetrieval?: boolean }): void {
    if ('ttlMinutes' in settings) this.ttlMs = grantTtlMs(settings.ttlMinutes);
    if (settings.clearAfterRetrieval !== undefined) this.clearAfterRetrieval = settings.clearAfterRetrieval;
  }

  /** Listen for changes (e.g. to update a status bar item); returns a disposable. */
  onDidChange(listener: (change: GrantChange) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** One fresh id per version the user picked for `file`; the ids are what the agent receives. */
  grantVersions(file: GrantedFile, picked: readonly { version: HistoryVersion; label?: string }[]): Grant[] {
    this.assertLive();
    const expiresAt = this.clock.now() + this.ttlMs;
    const out: Grant[] = [];
    for (const { version, label } of picked) {
      const grant: Grant = {
        id: this.freshId(),
        filePath: file.filePath,
        displayPath: file.displayPath,
        version,
        label: label ?? version.label,
        timestamp: version.timestamp,
        expiresAt,
      };
      this.grants.set(grant.id, grant);
      out.push(grant);
    }
    if (out.length) this.fire('granted');
    return out;
  }

  /** Check an id the agent sent, for `filePath` (absolute), without using it up: e.g. before the Allow prompt. */
  lookup(id: unknown, filePath: string): GrantLookup {
    if (this.disposed || typeof id !== 'string' || !UUID_V4.test(id)) return { kind: 'unknown' };
    const grant = this.grants.get(id.toLowerCase());
    if (!grant) return this.expiredIds.get(id.toLowerCase()) === filePath ? { kind: 'expired' } : { kind: 'unknown' };
    if (this.clock.now() >= grant.expiresAt) {
      this.expire(grant);
      this.fire('expired');
      return grant.filePath === filePath ? { kind: 'expired' } : { kind: 'otherFile' };
    }
    if (grant.filePath !== filePath) return { kind: 'otherFile' };
    return { kind: 'granted', grant };
  }

  /**
   * The agent is getting this version's content now (the user clicked Allow): re-checks the id — it may have
   * expired while the prompt was open — and, when clearing after retrieval, removes it so it works once.
   */
  consume(id: unknown, filePath: string): GrantLookup {
    const result = this.lookup(id, filePath);
    if (result.kind === 'granted' && this.clearAfterRetrieval) {
      this.grants.delete(result.grant.id);
      this.fire('retrieved');
    }
    return result;
  }

  /**
   * The user denied an agent request for `filePath` (absolute): that file's outstanding version grants go; other
   * files' ids stay (what the user allowed for them still holds), and so does the shared slot (the user's own act).
   * Returns how many ids were revoked.
   */
  deny(filePath: string): number {
    let revoked = 0;
    for (const [id, grant] of this.grants) {
      if (grant.filePath !== filePath) continue;
      this.grants.delete(id);
      revoked++;
    }
    if (revoked) this.fire('denied');
    return revoked;
  }

  /** Whether `id` is a live (unexpired) grant, whatever its file: for views that outlive nothing. */
  isLive(id: string): boolean {
    const grant = this.grants.get(id.toLowerCase());
    return !!grant && this.clock.now() < grant.expiresAt;
  }

  /**
   * The user shared a version: it becomes the one pending shared content, replacing any earlier one. The version ids
   * the agent already holds stay (seed 000): each was the user's own Allow and pick, and a share is another act of
   * giving, not a taking back; a deny of that file, "Clear Shared Content" and the time limit revoke them.
   */
  share(file: GrantedFile, version: HistoryVersion, content: string, label: string = version.label): SharedContent {
    this.assertLive();
    const now = this.clock.now();
    this.shared = {
      filePath: file.filePath,
      displayPath: file.displayPath,
      version,
      label,
      timestamp: version.timestamp,
      content,
      sharedAt: now,
      expiresAt: now + this.ttlMs,
    };
    this.fire('shared');
    return this.shared;
  }

  /** The pending shared content, if any and not expired, without taking it. */
  peekShared(): SharedContent | undefined {
    if (this.shared && this.clock.now() >= this.shared.expiresAt) {
      this.shared = undefined;
      this.fire('expired');
    }
    return this.shared;
  }

  /**
   * `history_getSharedContent`: the pending content if `hint` (optional, as the agent wrote it) names the
   * shared file; taken out of the slot when clearing after retrieval. A mismatching hint leaves it in place.
   */
  takeShared(hint?: unknown): SharedLookup {
    const shared = this.disposed ? undefined : this.peekShared();
    if (!shared) return { kind: 'no_content_available' };
    if (typeof hint === 'string' && hint.trim() !== '' && !pathHintMatches(hint, shared, this.caseSensitivePaths())) {
      return { kind: 'no_matching_content', sharedDisplayPath: shared.displayPath, hint };
    }
    if (this.clearAfterRetrieval) {
      this.shared = undefined;
      this.fire('retrieved');
    }
    return { kind: 'success', shared };
  }

  /** "Agent History Helper: Clear Shared Content". */
  clearShared(): void {
    if (!this.shared) return;
    this.shared = undefined;
    this.fire('sharedCleared');
  }

  /** Drop everything (e.g. the feature was turned off). */
  clearAll(): void {
    const had = this.grants.size > 0 || this.shared !== undefined;
    this.grants.clear();
    this.expiredIds.clear();
    this.shared = undefined;
    if (had) this.fire('cleared');
  }

  /** Remove expired grants and shared content; returns how many went. */
  sweep(): number {
    const now = this.clock.now();
    let removed = 0;
    for (const grant of [...this.grants.values()]) {
      if (now >= grant.expiresAt) {
        this.expire(grant);
        removed++;
      }
    }
    if (this.shared && now >= this.shared.expiresAt) {
      this.shared = undefined;
      removed++;
    }
    if (removed) this.fire('expired');
    return removed;
  }

  /** The earliest expiry among live grants and the shared slot: when an adapter's single timer should sweep. */
  nextExpiry(): number | undefined {
    let next = this.shared?.expiresAt;
    for (const grant of this.grants.values()) {
      if (next === undefined || grant.expiresAt < next) next = grant.expiresAt;
    }
    return next;
  }

  /** Live (possibly expired-but-not-swept) version grants. */
  get grantCount(): number {
    return this.grants.size;
  }

  /** Window closing: forget everything; idempotent. Later lookups find nothing; later grants throw. */
  dispose(): void {
    if (this.disposed) return;
    this.clearAll();
    this.disposed = true;
    this.listeners.clear();
  }

  private expire(grant: Grant): void {
    this.grants.delete(grant.id);
    this.expiredIds.set(grant.id, grant.filePath);
    // Bounded: the oldest tombstones go first (their ids then read as "unknown", which also says "ask again").
    while (this.expiredIds.size > MAX_EXPIRED_IDS) this.expiredIds.delete(this.expiredIds.keys().next().value as string);
  }

  private freshId(): string {
    for (let attempt = 0; attempt < 8; attempt++) {
      const id = this.newId().toLowerCase();
      if (!this.grants.has(id) && UUID_V4.test(id)) return id;
    }
    throw new GrantStoreError('badIdSource', 'could not make a fresh uuid v4 version id');
  }

  private assertLive(): void {
    if (this.disposed) throw new GrantStoreError('disposed', 'the grant store was disposed');
  }

  private fire(change: GrantChange): void {
    for (const l of [...this.listeners]) l(change);
  }
}

export type GrantStoreErrorCode = 'disposed' | 'badIdSource';

export class GrantStoreError extends Error {
  constructor(readonly code: GrantStoreErrorCode, message: string) {
    super(message);
    this.name = 'GrantStoreError';
  }
}

/**
 * Does the agent's `filePathHint` name the shared file? Agents write `src/a.ts`, `./src/a.ts`, `src\a.ts`,
 * just `a.ts`, or the absolute path; any of those matches. It compares whole path segments from the end (`a.ts`
 * and `src/a.ts` name `src/a.ts`; `rc/a.ts` and `other/src/a.ts` do not), and letter case as the file system does:
 * on a case-insensitive one `SRC/A.TS` names `src/a.ts`, as VS Code would open it. The hint only disambiguates,
 * it grants nothing: the content was already shared by the user.
 */
export function pathHintMatches(hint: string, file: GrantedFile, caseSensitive = true): boolean {
  const norm = (p: string) => {
    const slashed = p.trim().replace(/\\/g, '/');
    return caseSensitive ? slashed : slashed.toLowerCase();
  };
  const h = norm(hint);
  if (h === norm(file.filePath)) return true;
  const hintSegs = h.split('/').filter((s) => s !== '' && s !== '.');
  const fileSegs = norm(file.displayPath).split('/').filter((s) => s !== '' && s !== '.');
  if (hintSegs.length === 0 || hintSegs.length > fileSegs.length || h.startsWith('/')) return false;
  const offset = fileSegs.length - hintSegs.length;
  return hintSegs.every((s, i) => s === fileSegs[offset + i]);
}
