import * as fs from 'fs';
import * as path from 'path';
import type { UndoRecord } from './model/applyPlan';
import { refsOfRestage, type RestageItem } from './model/restage';
import { writeDurable } from './store/writeDurable';

/** "Undo last apply" survives a reload: the undo record of the last apply, next to the store's other files. */
const FILE = 'last-apply.json';

/** What Undo Last Apply needs: the model's undo record, plus what the disk had besides contents. */
export interface LastApply {
  readonly undo: UndoRecord;
  /** Permission bits of the files the apply replaced or moved away, by path: Undo restores them with the content. */
  readonly modes: Readonly<Record<string, number>>;
  /** Folders the apply created (deepest first): Undo removes them again when it leaves them empty. */
  readonly createdDirs: readonly string[];
  /** Folders the apply removed (staged `rmdir`s): Undo makes them again. Absent when none. */
  readonly removedDirs?: readonly string[];
  /** The applied changes as Undo stages them again (the proposal comes back). Absent in records before version 3. */
  readonly restage?: readonly RestageItem[];
}

/**
 * Written as part of the apply's journaled unit (before its journal entry is forgotten, and again by recovery
 * when the apply rolls forward), so the record always describes the last apply that really happened.
 */
export async function writeLastApply(storeDir: string, last: LastApply | undefined): Promise<void> {
  const file = path.join(storeDir, FILE);
  if (!last) return fs.promises.rm(file, { force: true });
  await writeDurable(file, Buffer.from(JSON.stringify({ version: 3, ...last })));
}

/** The saved record; undefined when there is none or it is unreadable (undo is then unavailable, nothing else). */
export async function readLastApply(storeDir: string): Promise<LastApply | undefined> {
  try {
    const parsed = JSON.parse(await fs.promises.readFile(path.join(storeDir, FILE), 'utf8')) as Partial<LastApply> & { version?: number };
    if (!Array.isArray(parsed.undo?.entries)) return undefined;
    // Version 1 kept only the undo record; version 2 had no proposal to stage again (Undo restores the disk only).
    if (parsed.version === 1) return { undo: parsed.undo, modes: {}, createdDirs: [] };
    if ((parsed.version !== 2 && parsed.version !== 3) || typeof parsed.modes !== 'object' || !Array.isArray(parsed.createdDirs)) return undefined;
    if (parsed.version === 3 && !Array.isArray(parsed.restage)) return undefined;
    return {
      undo: parsed.undo,
      modes: parsed.modes ?? {},
      createdDirs: parsed.createdDirs,
      ...(Array.isArray(parsed.removedDirs) ? { removedDirs: parsed.removedDirs } : {}),
      ...(parsed.restage ? { restage: parsed.restage } : {}),
    };
  } catch {
    return undefined;
  }
}

/** Content refs the record needs kept in the blob store. */
export function refsOfLastApply(last: LastApply | undefined): string[] {
  const refs = (last?.undo.entries ?? []).flatMap(e => [e.previous, e.written]).filter((r): r is string => r !== null);
  return [...refs, ...refsOfRestage(last?.restage)];
}
