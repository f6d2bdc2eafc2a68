import { OverlayError } from './overlayError';
import { isContentRef } from './contentStore';
import { SNAPSHOT_VERSION } from './overlayState';
import { isWholeGroup } from './restage';
import { isFolderOperation } from './changeRecord';
import type { ChangeRecord } from './changeRecord';
import type { ContentRef } from './contentStore';
import type { OverlayOp, RecordSelector } from './overlayOp';
import type { OverlaySnapshot } from './overlayState';
import type { ConflictState, FileIdentity, PathEntry } from './pathEntry';
import type { ConflictResolution } from './resolveConflict';
import type { RestageGroup, RestageRecord } from './restage';

/**
 * Validation of persisted values (SPEC §9.5: corrupted state gets a clear error, never a crash later). The
 * store hands back `unknown` JSON; these turn it into typed values or throw `OverlayError('CorruptState')`
 * naming the first bad field.
 */
export function parseOverlaySnapshot(value: unknown): OverlaySnapshot {
  const o = obj(value, 'snapshot');
  if (o.version !== SNAPSHOT_VERSION) fail('snapshot.version', `expected ${SNAPSHOT_VERSION}, got ${JSON.stringify(o.version)}`);
  const snapshot: OverlaySnapshot = {
    version: SNAPSHOT_VERSION,
    records: arr(o.records, 'snapshot.records').map((r, i) => parseRecord(r, `snapshot.records[${i}]`)),
    entries: arr(o.entries, 'snapshot.entries').map((e, i) => parseEntry(e, `snapshot.entries[${i}]`)),
  };
  checkReferences(snapshot);
  return snapshot;
}

/** Shapes can be right and the whole still wrong: dangling record ids, duplicate paths, one-sided rename links. */
function checkReferences(s: OverlaySnapshot): void {
  const ids = new Set<string>();
  s.records.forEach((r, i) => {
    if (ids.has(r.id)) fail(`snapshot.records[${i}].id`, `duplicate record id ${r.id}`);
    ids.add(r.id);
  });
  const folderIds = new Set(s.records.filter((r) => isFolderOperation(r.operation)).map((r) => r.id));
  const byPath = new Map<string, PathEntry>();
  s.entries.forEach((e, i) => {
    if (byPath.has(e.path)) fail(`snapshot.entries[${i}].path`, `duplicate entry for ${e.path}`);
    byPath.set(e.path, e);
    e.recordIds.forEach((id, k) => ids.has(id) || fail(`snapshot.entries[${i}].recordIds[${k}]`, `unknown record ${id}`));
    // A folder record belongs to no file entry: it is the folder's whole state.
    e.recordIds.forEach((id, k) => folderIds.has(id) && fail(`snapshot.entries[${i}].recordIds[${k}]`, `folder record ${id} in a file entry`));
  });
  s.entries.forEach((e, i) => {
    if (e.movedFrom !== undefined && byPath.get(e.movedFrom)?.movedTo !== e.path) fail(`snapshot.entries[${i}].movedFrom`, 'rename link is one-sided');
    if (e.movedTo !== undefined && byPath.get(e.movedTo)?.movedFrom !== e.path) fail(`snapshot.entries[${i}].movedTo`, 'rename link is one-sided');
  });
}

export function parseOverlayOp(value: unknown): OverlayOp {
  const o = obj(value, 'op');
  switch (o.type) {
    case 'stage':
      return { type: 'stage', record: parseRecord(o.record, 'op.record'), ...optIdentity(o.identity, 'op.identity') };
    case 'rebase':
      return {
        type: 'rebase',
        path: str(o.path, 'op.path'),
        diskPath: str(o.diskPath, 'op.diskPath'),
        base: refOrNull(o.base, 'op.base'),
        after: refOrNull(o.after, 'op.after'),
        ...optIdentity(o.identity, 'op.identity'),
      };
    case 'conflict':
      return { type: 'conflict', path: str(o.path, 'op.path'), conflict: parseConflict(o.conflict, 'op.conflict') };
    case 'resolve':
      return { type: 'resolve', path: str(o.path, 'op.path'), resolution: parseResolution(o.resolution, 'op.resolution') };
    case 'discard':
    case 'applied':
      return { type: o.type, paths: arr(o.paths, 'op.paths').map((p, i) => str(p, `op.paths[${i}]`)) };
    case 'discardAll':
      return { type: 'discardAll' };
    case 'revert':
      return {
        type: 'revert',
        selector: parseSelector(o.selector, 'op.selector'),
        recordIds: arr(o.recordIds, 'op.recordIds').map((p, i) => str(p, `op.recordIds[${i}]`)),
        entries: arr(o.entries, 'op.entries').map((e, i) => parseEntry(e, `op.entries[${i}]`)),
        removedPaths: arr(o.removedPaths, 'op.removedPaths').map((p, i) => str(p, `op.removedPaths[${i}]`)),
        ...(o.rewritten !== undefined ? { rewritten: arr(o.rewritten, 'op.rewritten').map((r, i) => parseRecord(r, `op.rewritten[${i}]`)) } : {}),
      };
    case 'replace':
      return {
        type: 'replace',
        reason: str(o.reason, 'op.reason'),
        ...(o.added !== undefined ? { added: arr(o.added, 'op.added').map((r, i) => parseRecord(r, `op.added[${i}]`)) } : {}),
        ...(o.placed !== undefined ? { placed: arr(o.placed, 'op.placed').map((x, i) => parsePlaced(x, `op.placed[${i}]`)) } : {}),
        recordIds: arr(o.recordIds, 'op.recordIds').map((p, i) => str(p, `op.recordIds[${i}]`)),
        rewritten: arr(o.rewritten, 'op.rewritten').map((r, i) => parseRecord(r, `op.rewritten[${i}]`)),
        entries: arr(o.entries, 'op.entries').map((e, i) => parseEntry(e, `op.entries[${i}]`)),
        removedPaths: arr(o.removedPaths, 'op.removedPaths').map((p, i) => str(p, `op.removedPaths[${i}]`)),
      };
    default:
      return fail('op.type', `unknown op type ${JSON.stringify(o.type)}`);
  }
}

function parsePlaced(value: unknown, at: string): { id: string; before: string } {
  const o = obj(value, at);
  return { id: str(o.id, `${at}.id`), before: str(o.before, `${at}.before`) };
}

function parseRecord(value: unknown, at: string): ChangeRecord {
  const o = obj(value, at);
  const { operation, path, fromPath, before, after, replaces, vacated, sessionId, messageId, turn, description } = parseRecordFields(o, at);
  return {
    id: str(o.id, `${at}.id`),
    operation,
    path,
    ...(fromPath !== undefined ? { fromPath } : {}),
    before,
    after,
    ...(replaces !== undefined ? { replaces } : {}),
    ...(vacated !== undefined ? { vacated } : {}),
    ...(o.settled !== undefined ? { settled: arr(o.settled, `${at}.settled`).map((r, i) => parseRecord(r, `${at}.settled[${i}]`)) } : {}),
    sessionId,
    messageId,
    turn,
    timestamp: num(o.timestamp, `${at}.timestamp`),
    description,
  };
}

/** A record's fields but its id and time. */
function parseRecordFields(o: Record<string, unknown>, at: string): RestageRecord {
  const operation = o.operation;
  if (operation !== 'create' && operation !== 'modify' && operation !== 'delete' && operation !== 'rename' && operation !== 'mkdir' && operation !== 'rmdir') fail(`${at}.operation`, 'not an operation');
  const before = refOrNull(o.before, `${at}.before`);
  const after = refOrNull(o.after, `${at}.after`);
  const folder = isFolderOperation(operation);
  const needsBefore = operation !== 'create' && !folder;
  const needsAfter = operation !== 'delete' && !folder;
  if (needsBefore !== (before !== null)) fail(`${at}.before`, `${operation} ${needsBefore ? 'needs' : 'has no'} before`);
  if (needsAfter !== (after !== null)) fail(`${at}.after`, `${operation} ${needsAfter ? 'needs' : 'has no'} after`);
  if (operation === 'rename' && typeof o.fromPath !== 'string') fail(`${at}.fromPath`, 'a rename needs fromPath');
  if (folder && o.fromPath !== undefined) fail(`${at}.fromPath`, `${operation} has no fromPath`);
  if (operation !== 'rename' && o.replaces !== undefined) fail(`${at}.replaces`, `${operation} replaces nothing`);
  if (o.vacated !== undefined && ((operation !== 'rename' && operation !== 'modify') || o.vacated !== true)) fail(`${at}.vacated`, `${operation} cannot be vacated`);
  return {
    operation,
    path: str(o.path, `${at}.path`),
    ...(o.fromPath !== undefined ? { fromPath: str(o.fromPath, `${at}.fromPath`) } : {}),
    before,
    after,
    ...(o.replaces !== undefined ? { replaces: ref(o.replaces, `${at}.replaces`) } : {}),
    ...(o.vacated === true ? { vacated: true as const } : {}),
    sessionId: str(o.sessionId, `${at}.sessionId`),
    messageId: str(o.messageId, `${at}.messageId`),
    turn: num(o.turn, `${at}.turn`),
    description: str(o.description, `${at}.description`),
  };
}

/** One applied component of an undo record (version 4): its baselines and its records, every path they name covered. */
/** A folder record as the undo record keeps it (no id, no time). */
export function parseRestageFolderRecord(value: unknown, at: string): RestageRecord {
  const r = parseRecordFields(obj(value, at), at);
  if (!isFolderOperation(r.operation)) fail(`${at}.operation`, 'not a folder operation');
  return r;
}

export function parseRestageGroup(value: unknown, at: string): RestageGroup {
  const o = obj(value, at);
  const group: RestageGroup = {
    baselines: arr(o.baselines, `${at}.baselines`).map((b, i) => {
      const e = obj(b, `${at}.baselines[${i}]`);
      return { path: str(e.path, `${at}.baselines[${i}].path`), base: refOrNull(e.base, `${at}.baselines[${i}].base`) };
    }),
    records: arr(o.records, `${at}.records`).map((r, i) => parseRecordFields(obj(r, `${at}.records[${i}]`), `${at}.records[${i}]`)),
  };
  if (!isWholeGroup(group)) fail(at, 'no records, or a record names a path without a baseline');
  return group;
}

function parseEntry(value: unknown, at: string): PathEntry {
  const o = obj(value, at);
  const s = obj(o.state, `${at}.state`);
  let state: PathEntry['state'];
  switch (s.kind) {
    case 'created': state = { kind: 'created', after: ref(s.after, `${at}.state.after`) }; break;
    case 'modified': state = { kind: 'modified', base: ref(s.base, `${at}.state.base`), after: ref(s.after, `${at}.state.after`) }; break;
    case 'deleted': state = { kind: 'deleted', base: ref(s.base, `${at}.state.base`) }; break;
    case 'cancelled': state = { kind: 'cancelled' }; break;
    default: return fail(`${at}.state.kind`, `unknown state ${JSON.stringify(s.kind)}`);
  }
  return {
    path: str(o.path, `${at}.path`),
    state,
    ...(o.movedFrom !== undefined ? { movedFrom: str(o.movedFrom, `${at}.movedFrom`) } : {}),
    ...(o.movedTo !== undefined ? { movedTo: str(o.movedTo, `${at}.movedTo`) } : {}),
    ...(o.fresh !== undefined ? { fresh: bool(o.fresh, `${at}.fresh`) } : {}),
    ...optIdentity(o.identity, `${at}.identity`),
    recordIds: arr(o.recordIds, `${at}.recordIds`).map((id, i) => str(id, `${at}.recordIds[${i}]`)),
    ...(o.conflict !== undefined ? { conflict: parseConflict(o.conflict, `${at}.conflict`) } : {}),
  };
}

function parseConflict(value: unknown, at: string): ConflictState {
  const o = obj(value, at);
  if (o.kind !== 'text' && o.kind !== 'deletion' && o.kind !== 'creation' && o.kind !== 'rename') fail(`${at}.kind`, 'not a conflict kind');
  if (o.origin !== 'disk' && o.origin !== 'prune') fail(`${at}.origin`, 'not disk or prune');
  return {
    kind: o.kind,
    origin: o.origin,
    ...(o.diskPath !== undefined ? { diskPath: str(o.diskPath, `${at}.diskPath`) } : {}),
    base: refOrNull(o.base, `${at}.base`),
    theirs: refOrNull(o.theirs, `${at}.theirs`),
    ...(o.theirsPath !== undefined ? { theirsPath: str(o.theirsPath, `${at}.theirsPath`) } : {}),
    ...(o.theirsIdentity !== undefined ? { theirsIdentity: parseIdentity(o.theirsIdentity, `${at}.theirsIdentity`) } : {}),
    binary: bool(o.binary, `${at}.binary`),
    delegated: bool(o.delegated, `${at}.delegated`),
    ...(o.recordId !== undefined ? { recordId: str(o.recordId, `${at}.recordId`) } : {}),
  };
}

function parseResolution(value: unknown, at: string): ConflictResolution {
  const o = obj(value, at);
  switch (o.kind) {
    case 'acceptAgent': return { kind: 'acceptAgent' };
    case 'acceptDisk': return { kind: 'acceptDisk' };
    case 'delegate': return { kind: 'delegate' };
    case 'manual': return { kind: 'manual', content: refOrNull(o.content, `${at}.content`) };
    default: return fail(`${at}.kind`, 'not a resolution');
  }
}

function parseSelector(value: unknown, at: string): RecordSelector {
  const o = obj(value, at);
  switch (o.kind) {
    case 'change': return { kind: 'change', id: str(o.id, `${at}.id`) };
    case 'message': return { kind: 'message', messageId: str(o.messageId, `${at}.messageId`), ...(o.sessionId !== undefined ? { sessionId: str(o.sessionId, `${at}.sessionId`) } : {}) };
    case 'paths': return { kind: 'paths', paths: arr(o.paths, `${at}.paths`).map((p, i) => str(p, `${at}.paths[${i}]`)) };
    case 'session': return { kind: 'session', sessionId: str(o.sessionId, `${at}.sessionId`) };
    default: return fail(`${at}.kind`, 'not a selector');
  }
}

function optIdentity(value: unknown, at: string): { identity?: FileIdentity } {
  return value === undefined ? {} : { identity: parseIdentity(value, at) };
}

function parseIdentity(value: unknown, at: string): FileIdentity {
  const o = obj(value, at);
  return { dev: num(o.dev, `${at}.dev`), ino: num(o.ino, `${at}.ino`) };
}

function obj(value: unknown, at: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(at, 'not an object');
  return value as Record<string, unknown>;
}
function arr(value: unknown, at: string): unknown[] {
  if (!Array.isArray(value)) fail(at, 'not an array');
  return value as unknown[];
}
function str(value: unknown, at: string): string {
  if (typeof value !== 'string') fail(at, 'not a string');
  return value as string;
}
function num(value: unknown, at: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(at, 'not a finite number');
  return value as number;
}
function bool(value: unknown, at: string): boolean {
  if (typeof value !== 'boolean') fail(at, 'not a boolean');
  return value as boolean;
}
function ref(value: unknown, at: string): ContentRef {
  if (!isContentRef(value)) fail(at, 'not a content ref');
  return value as ContentRef;
}
function refOrNull(value: unknown, at: string): ContentRef | null {
  return value === null ? null : ref(value, at);
}
function fail(at: string, why: string): never {
  throw new OverlayError('CorruptState', `corrupt overlay state at ${at}: ${why}`, { at });
}
