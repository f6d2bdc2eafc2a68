"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.GrantStoreError = exports.GrantStore = exports.MAX_GRANT_TTL_MINUTES = exports.MIN_GRANT_TTL_MINUTES = exports.DEFAULT_GRANT_TTL_MINUTES = exports.systemClock = void 0;
exports.grantTtlMs = grantTtlMs;
exports.pathHintMatches = pathHintMatches;
const uuid_1 = require("uuid");
exports.systemClock = { now: () => Date.now() };
exports.DEFAULT_GRANT_TTL_MINUTES = 10;
exports.MIN_GRANT_TTL_MINUTES = 1;
exports.MAX_GRANT_TTL_MINUTES = 60;
/** TTL in ms from the raw setting value: a number of minutes clamped to 1–60; anything else is the default. */
function grantTtlMs(settingValue) {
    const minutes = typeof settingValue === 'number' && Number.isFinite(settingValue)
        ? Math.min(exports.MAX_GRANT_TTL_MINUTES, Math.max(exports.MIN_GRANT_TTL_MINUTES, settingValue))
        : exports.DEFAULT_GRANT_TTL_MINUTES;
    return Math.round(minutes * 60_000);
}
const MAX_EXPIRED_IDS = 1024;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
class GrantStore {
    grants = new Map();
    /** Ids that expired (id → file), so a late call hears "expired" rather than "unknown". No content. */
    expiredIds = new Map();
    shared;
    listeners = new Set();
    clock;
    newId;
    caseSensitivePaths;
    ttlMs;
    clearAfterRetrieval;
    disposed = false;
    constructor(options = {}) {
        this.clock = options.clock ?? exports.systemClock;
        this.newId = options.newId ?? uuid_1.v4;
        this.caseSensitivePaths = options.caseSensitivePaths ?? (() => true);
        this.ttlMs = grantTtlMs(options.ttlMinutes);
        this.clearAfterRetrieval = options.clearAfterRetrieval ?? true;
    }
    /** Settings changed: applies to grants made from now on. */
    configure(settings) {
        if ('ttlMinutes' in settings)
            this.ttlMs = grantTtlMs(settings.ttlMinutes);
        if (settings.clearAfterRetrieval !== undefined)
            this.clearAfterRetrieval = settings.clearAfterRetrieval;
    }
    /** Listen for changes (e.g. to update a status bar item); returns a disposable. */
    onDidChange(listener) {
        this.listeners.add(listener);
        return { dispose: () => this.listeners.delete(listener) };
    }
    /** One fresh id per version the user picked for `file`; the ids are what the agent receives. */
    grantVersions(file, picked) {
        this.assertLive();
        const expiresAt = this.clock.now() + this.ttlMs;
        const out = [];
        for (const { version, label } of picked) {
            const grant = {
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
        if (out.length)
            this.fire('granted');
        return out;
    }
    /** Check an id the agent sent, for `filePath` (absolute), without using it up: e.g. before the Allow prompt. */
    lookup(id, filePath) {
        if (this.disposed || typeof id !== 'string' || !UUID_V4.test(id))
            return { kind: 'unknown' };
        const grant = this.grants.get(id.toLowerCase());
        if (!grant)
            return this.expiredIds.get(id.toLowerCase()) === filePath ? { kind: 'expired' } : { kind: 'unknown' };
        if (this.clock.now() >= grant.expiresAt) {
            this.expire(grant);
            this.fire('expired');
            return grant.filePath === filePath ? { kind: 'expired' } : { kind: 'otherFile' };
        }
        if (grant.filePath !== filePath)
            return { kind: 'otherFile' };
        return { kind: 'granted', grant };
    }
    /**
     * The agent is getting this version's content now (the user clicked Allow): re-checks the id — it may have
     * expired while the prompt was open — and, when clearing after retrieval, removes it so it works once.
     */
    consume(id, filePath) {
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
    deny(filePath) {
        let revoked = 0;
        for (const [id, grant] of this.grants) {
            if (grant.filePath !== filePath)
                continue;
            this.grants.delete(id);
            revoked++;
        }
        if (revoked)
            this.fire('denied');
        return revoked;
    }
    /** Whether `id` is a live (unexpired) grant, whatever its file: for views that outlive nothing. */
    isLive(id) {
        const grant = this.grants.get(id.toLowerCase());
        return !!grant && this.clock.now() < grant.expiresAt;
    }
    /**
     * The user shared a version: it becomes the one pending shared content, replacing any earlier one, and all
     * outstanding version grants are cleared (a new share starts a new exchange with the agent).
     */
    share(file, version, content, label = version.label) {
        this.assertLive();
        const now = this.clock.now();
        this.grants.clear();
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
    peekShared() {
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
    takeShared(hint) {
        const shared = this.disposed ? undefined : this.peekShared();
        if (!shared)
            return { kind: 'no_content_available' };
        if (typeof hint === 'string' && hint.trim() !== '' && !pathHintMatches(hint, shared, this.caseSensitivePaths())) {
            return { kind: 'no_matching_content', sharedDisplayPath: shared.displayPath, hint };
        }
        if (this.clearAfterRetrieval) {
            this.shared = undefined;
            this.fire('retrieved');
        }
        return { kind: 'success', shared };
    }
    /** "Agent History: Clear Shared Content". */
    clearShared() {
        if (!this.shared)
            return;
        this.shared = undefined;
        this.fire('sharedCleared');
    }
    /** Drop everything (e.g. the feature was turned off). */
    clearAll() {
        const had = this.grants.size > 0 || this.shared !== undefined;
        this.grants.clear();
        this.expiredIds.clear();
        this.shared = undefined;
        if (had)
            this.fire('cleared');
    }
    /** Remove expired grants and shared content; returns how many went. */
    sweep() {
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
        if (removed)
            this.fire('expired');
        return removed;
    }
    /** The earliest expiry among live grants and the shared slot: when an adapter's single timer should sweep. */
    nextExpiry() {
        let next = this.shared?.expiresAt;
        for (const grant of this.grants.values()) {
            if (next === undefined || grant.expiresAt < next)
                next = grant.expiresAt;
        }
        return next;
    }
    /** Live (possibly expired-but-not-swept) version grants. */
    get grantCount() {
        return this.grants.size;
    }
    /** Window closing: forget everything; idempotent. Later lookups find nothing; later grants throw. */
    dispose() {
        if (this.disposed)
            return;
        this.clearAll();
        this.disposed = true;
        this.listeners.clear();
    }
    expire(grant) {
        this.grants.delete(grant.id);
        this.expiredIds.set(grant.id, grant.filePath);
        // Bounded: the oldest tombstones go first (their ids then read as "unknown", which also says "ask again").
        while (this.expiredIds.size > MAX_EXPIRED_IDS)
            this.expiredIds.delete(this.expiredIds.keys().next().value);
    }
    freshId() {
        for (let attempt = 0; attempt < 8; attempt++) {
            const id = this.newId().toLowerCase();
            if (!this.grants.has(id) && UUID_V4.test(id))
                return id;
        }
        throw new GrantStoreError('badIdSource', 'could not make a fresh uuid v4 version id');
    }
    assertLive() {
        if (this.disposed)
            throw new GrantStoreError('disposed', 'the grant store was disposed');
    }
    fire(change) {
        for (const l of [...this.listeners])
            l(change);
    }
}
exports.GrantStore = GrantStore;
class GrantStoreError extends Error {
    code;
    constructor(code, message) {
        super(message);
        this.code = code;
        this.name = 'GrantStoreError';
    }
}
exports.GrantStoreError = GrantStoreError;
/**
 * Does the agent's `filePathHint` name the shared file? Agents write `src/a.ts`, `./src/a.ts`, `src\a.ts`,
 * just `a.ts`, or the absolute path; any of those matches. It compares whole path segments from the end (`a.ts`
 * and `src/a.ts` name `src/a.ts`; `rc/a.ts` and `other/src/a.ts` do not), and letter case as the file system does:
 * on a case-insensitive one `SRC/A.TS` names `src/a.ts`, as VS Code would open it. The hint only disambiguates,
 * it grants nothing: the content was already shared by the user.
 */
function pathHintMatches(hint, file, caseSensitive = true) {
    const norm = (p) => {
        const slashed = p.trim().replace(/\\/g, '/');
        return caseSensitive ? slashed : slashed.toLowerCase();
    };
    const h = norm(hint);
    if (h === norm(file.filePath))
        return true;
    const hintSegs = h.split('/').filter((s) => s !== '' && s !== '.');
    const fileSegs = norm(file.displayPath).split('/').filter((s) => s !== '' && s !== '.');
    if (hintSegs.length === 0 || hintSegs.length > fileSegs.length || h.startsWith('/'))
        return false;
    const offset = fileSegs.length - hintSegs.length;
    return hintSegs.every((s, i) => s === fileSegs[offset + i]);
}
//# sourceMappingURL=grants.js.map