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
 * Empties a layer of everything outside ignored folders, keeping those (dependencies, build output) for the next
 * command. A kept folder is made anew, so a mark an overlay left on it (opaque: "hide what is below") goes.
 */
export function keepIgnoredOnly(dir: string): void {
  if (!fs.existsSync(dir)) return;
  const keepsSomething = (d: string): boolean => {
    let kept = false;
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const child = path.join(d, e.name);
      // A whiteout named like an ignored folder (`rm -rf node_modules`) stays too.
      if (IGNORED_FOLDER_NAMES.has(e.name) && (e.isDirectory() || e.isCharacterDevice())) {
        kept = true;
      } else if (e.isDirectory() && keepsSomething(child)) {
        kept = true;
        renew(child);
      } else {
        removeTree(child);
      }
    }
    return kept;
  };
  keepsSomething(dir);
}

/** Replaces a folder by a fresh one holding the same entries (drops its extended attributes). */
function renew(d: string): void {
  const old = `${d}.agent-overlay-renew`;
  fs.renameSync(d, old);
  fs.mkdirSync(d);
  for (const n of fs.readdirSync(old)) fs.renameSync(path.join(old, n), path.join(d, n));
  fs.rmdirSync(old);
}
