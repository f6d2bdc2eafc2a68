import * as fs from 'fs';
import * as path from 'path';
import type { UndoRecord } from './model/undoRecord';
import { parseRestageFolderRecord, parseRestageGroup } from './model/overlaySchema';
import { refsOfRestage, type ForgottenMessage, type RestageGroup, type RestageItem, type RestageRecord } from './model/restage';
import { writeDurable } from './store/writeDurable';

/** "Undo last apply" survives a reload: the undo record of the last apply, next to the store's other files. */
const FILE = 'last-apply.json';

/** The version `writeLastApply` writes. */
export const LAST_APPLY_VERSION = 5;

/** What Undo Last Apply needs: the model's undo record, plus what the disk had besides contents. */
export interface LastApply {
  readonly undo: UndoRecord;
  /** Permission bits of the files the apply replaced or moved away, by path: Undo restores them with the content. */
  readonly modes: Readonly<Record<string, number>>;
  /** Folders the apply created (deepest first): Undo removes them again when it leaves them empty. */
  readonly createdDirs: readonly string[];
  /** Folders the apply removed (staged `rmdir`s): Undo makes them again (version 4 on; absent: none). */
  readonly removedDirs?: readonly string[];
  /** The applied records, component by component, as Undo stages them again (version 4 on). */
  readonly restageGroups?: readonly RestageGroup[];
  /** The applied folder records (mkdir, rmdir), in staging order, as Undo stages them again (version 4 on). */
  readonly restageFolders?: readonly RestageRecord[];
  /**
   * Messages deleted in the chat after the apply (version 5 on; absent: none known — an older record cannot know
   * which were, so its Undo stages every applied record again, as before). Undo never stages their records again.
   */
  readonly forgotten?: readonly ForgottenMessage[];
  /** Version 3: the applied composites, each under its last change's message only. Read, never written. */
  readonly restage?: readonly RestageItem[];
}

/**
 * Written as part of the apply's journaled unit (before its journal entry is forgotten, and again by recovery
 * when the apply rolls forward), so the record always describes the last apply that really happened.
 */
export async function writeLastApply(storeDir: string, last: LastApply | undefined): Promise<void> {
  const file = lastApplyFile(storeDir);
  if (!last) return fs.promises.rm(file, { force: true });
  await writeDurable(file, encodeLastApply(last));
}

/** Where the record lives: an apply's journal entry moves its record here (`ApplyJournal.adoptRecord`). */
export function lastApplyFile(storeDir: string): string {
  return path.join(storeDir, FILE);
}

/** The record's bytes as `writeLastApply` writes them (and the apply's journal, once, beside its entry). */
export function encodeLastApply(last: LastApply): Buffer {
  const { undo, modes, createdDirs, removedDirs, restageGroups, restageFolders, forgotten } = last;
  const record = { version: LAST_APPLY_VERSION, undo, modes, createdDirs, removedDirs: removedDirs ?? [], restageGroups: restageGroups ?? [], restageFolders: restageFolders ?? [], forgotten: forgotten ?? [] };
  return Buffer.from(JSON.stringify(record));
}

/** The saved record; undefined when there is none or it is unreadable (undo is then unavailable, nothing else). */
export async function readLastApply(storeDir: string): Promise<LastApply | undefined> {
  try {
    return parseLastApply(JSON.parse(await fs.promises.readFile(path.join(storeDir, FILE), 'utf8')));
  } catch {
    return undefined;
  }
}

/** Any version of the record, validated: undefined, or a thrown error, when it is not one. */
export function parseLastApply(value: unknown): LastApply | undefined {
  const parsed = value as Partial<LastApply> & { version?: number };
  if (!Array.isArray(parsed?.undo?.entries)) return undefined;
  // Version 1 kept only the undo record; version 2 had no proposal to stage again (Undo restores the disk only);
  // version 3 staged each composite again under its last message only (best effort: Undo still does that).
  if (parsed.version === 1) return { undo: parsed.undo, modes: {}, createdDirs: [] };
  if (parsed.version === undefined || parsed.version < 2 || parsed.version > LAST_APPLY_VERSION) return undefined;
  if (typeof parsed.modes !== 'object' || parsed.modes === null || !Array.isArray(parsed.createdDirs)) return undefined;
  const base = { undo: parsed.undo, modes: parsed.modes, createdDirs: parsed.createdDirs };
  switch (parsed.version) {
    case 2:
      return base;
    case 3:
      return Array.isArray(parsed.restage) ? { ...base, restage: parsed.restage } : undefined;
    default: {
      const groups: unknown = parsed.restageGroups;
      if (!Array.isArray(groups)) return undefined;
      const removed: unknown = parsed.removedDirs ?? [];
      const folders: unknown = parsed.restageFolders ?? [];
      if (!Array.isArray(removed) || !removed.every(d => typeof d === 'string') || !Array.isArray(folders)) return undefined;
      const forgotten: unknown = parsed.forgotten ?? [];
      if (!Array.isArray(forgotten) || !forgotten.every(isForgottenMessage)) return undefined;
      return {
        forgotten,
        ...base,
        removedDirs: removed,
        restageGroups: groups.map((g, i) => parseRestageGroup(g, `restageGroups[${i}]`)),
        restageFolders: folders.map((r, i) => parseRestageFolderRecord(r, `restageFolders[${i}]`)),
      };
    }
  }
}

/** Content refs the record needs kept in the blob store. */
export function refsOfLastApply(last: LastApply | undefined): string[] {
  const refs = (last?.undo.entries ?? []).flatMap(e => [e.previous, e.written]).filter((r): r is string => r !== null);
  return [...refs, ...refsOfRestage(last)];
}

function isForgottenMessage(value: unknown): value is ForgottenMessage {
  const m = value as Partial<ForgottenMessage> | null;
  return typeof m === 'object' && m !== null && typeof m.messageId === 'string' && (m.sessionId === undefined || typeof m.sessionId === 'string');
}
