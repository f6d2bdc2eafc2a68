import * as fs from 'fs';
import * as path from 'path';
import { IGNORED_FOLDER_NAMES } from './ignoredFolders';

/** Removes a tree the sandbox made, even folders the kernel left without permissions (an overlay's work folder). */
export function removeTree(p: string): void {
  try {
    fs.rmSync(p, { recursive: true, force: true });
  } catch {
    chmodTree(p);
    fs.rmSync(p, { recursive: true, force: true });
  }
}

function chmodTree(p: string): void {
  const s = fs.lstatSync(p, { throwIfNoEntry: false });
  if (!s?.isDirectory()) return;
  fs.chmodSync(p, 0o700);
  for (const n of fs.readdirSync(p)) chmodTree(path.join(p, n));
}

/**
 * Empties a layer of everything outside ignored folders, fast: the layer is renamed aside, a fresh one takes its
 * place, the ignored folders are moved back (a rename each), and the rest is deleted in the background (a command
 * that wrote thousands of files would otherwise wait for thousands of unlinks).
 */
export function resetKeepingIgnored(dir: string): void {
  if (!fs.existsSync(dir)) return;
  const trash = asideName(dir);
  fs.renameSync(dir, trash);
  fs.mkdirSync(dir);
  const moveBack = (from: string, to: string): void => {
    for (const e of fs.readdirSync(from, { withFileTypes: true })) {
      if (IGNORED_FOLDER_NAMES.has(e.name) && (e.isDirectory() || e.isCharacterDevice())) {
        fs.renameSync(path.join(from, e.name), path.join(to, e.name));
      } else if (e.isDirectory() && holdsIgnored(path.join(from, e.name))) {
        // A fresh folder (no opaque mark) holding only what is kept.
        fs.mkdirSync(path.join(to, e.name));
        moveBack(path.join(from, e.name), path.join(to, e.name));
      }
    }
  };
  moveBack(trash, dir);
  void fs.promises.rm(trash, { recursive: true, force: true }).catch(() => removeTree(trash));
}

/** True when a folder has an ignored folder somewhere below it (stops at the first). */
function holdsIgnored(d: string): boolean {
  for (const e of fs.readdirSync(d, { withFileTypes: true })) {
    if (IGNORED_FOLDER_NAMES.has(e.name) && (e.isDirectory() || e.isCharacterDevice())) return true;
    if (e.isDirectory() && !IGNORED_FOLDER_NAMES.has(e.name) && holdsIgnored(path.join(d, e.name))) return true;
  }
  return false;
}

/** Removes a folder without waiting: renamed aside at once, deleted in the background. */
export function discardTree(dir: string): void {
  if (!fs.existsSync(dir)) return;
  const trash = asideName(dir);
  fs.renameSync(dir, trash);
  void fs.promises.rm(trash, { recursive: true, force: true }).catch(() => removeTree(trash));
}

/**
 * A fresh name beside a folder to rename it to. The time alone is not enough: two resets of the same layer within a
 * millisecond met the first one's trash, still being deleted in the background, and the rename failed (ENOTEMPTY).
 */
function asideName(dir: string): string {
  return `${dir}.trash-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
