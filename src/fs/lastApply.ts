import * as fs from 'fs';
import * as path from 'path';
import type { UndoRecord } from './model/applyPlan';
import { writeDurable } from './store/writeDurable';

/** "Undo last apply" survives a reload: the undo record of the last apply, next to the store's other files. */
const FILE = 'last-apply.json';

export async function writeLastApply(storeDir: string, undo: UndoRecord | undefined): Promise<void> {
  const file = path.join(storeDir, FILE);
  if (!undo) return fs.promises.rm(file, { force: true });
  await writeDurable(file, Buffer.from(JSON.stringify({ version: 1, undo })));
}

/** The saved undo record; undefined when there is none or it is unreadable (undo is then unavailable, nothing else). */
export async function readLastApply(storeDir: string): Promise<UndoRecord | undefined> {
  try {
    const parsed = JSON.parse(await fs.promises.readFile(path.join(storeDir, FILE), 'utf8')) as { version?: number; undo?: UndoRecord };
    return parsed.version === 1 && Array.isArray(parsed.undo?.entries) ? parsed.undo : undefined;
  } catch {
    return undefined;
  }
}
