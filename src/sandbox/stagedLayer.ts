import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { discardTree } from './scratchFiles';
import { parentOf, type StagedView } from './stagedView';

/**
 * The overlay sandbox's staged layer, kept between commands (issue 25's setup budget): a session's layer is
 * brought up to date with the staged view — only files whose staged content changed are written, only what is no
 * longer staged is removed — instead of being made anew for every command. Whiteouts (staged deletes) are made by
 * the namespace (`mknod` needs its root); the layer remembers which it asked for.
 *
 * What the layer holds is trusted only while nothing else touched it: after each command every file and folder of
 * the layer is remembered with its `lstat` (inode, ctime); before the next one they are looked at again, and any
 * difference (a file changed, a name added or removed in a folder) rebuilds the layer from nothing, as does any
 * error while updating it. A process's first command always builds it anew.
 */
export interface LayerState {
  /** Staged files by relative path: the sha-256 of what was written. */
  readonly files: ReadonlyMap<string, string>;
  /** Staged empty folders made. */
  readonly folders: ReadonlySet<string>;
  /** Paths the view hid (a whiteout each, made by the namespace). */
  readonly hidden: ReadonlySet<string>;
  /** Every name in the layer ('' for the layer itself) with its identity after the last command. */
  readonly seen?: ReadonlyMap<string, string>;
}

/**
 * What bringing a layer from `before` to `view` takes: files and whiteouts to remove, staged empty folders to remove
 * if nothing else keeps them (deepest first), files to write, folders to make.
 */
export interface LayerUpdate {
  readonly remove: readonly string[];
  readonly dropFolders: readonly string[];
  readonly write: readonly string[];
  readonly mkdirs: readonly string[];
  readonly next: LayerState;
}

/** The update that turns the layer `before` (undefined: none yet, or not trusted) into the view `view`. Pure. */
export function planLayerUpdate(before: LayerState | undefined, view: StagedView, hashes: ReadonlyMap<string, string>): LayerUpdate {
  const next: LayerState = { files: hashes, folders: new Set(view.folders), hidden: new Set(view.hidden) };
  if (before === undefined) return { remove: [], dropFolders: [], write: [...view.files.keys()], mkdirs: [...view.folders], next };
  const remove: string[] = [];
  for (const [rel, hash] of before.files) if (hashes.get(rel) !== hash) remove.push(rel);
  for (const rel of before.hidden) if (!view.hidden.has(rel) || view.files.has(rel)) remove.push(rel);
  const dropFolders = [...before.folders].filter(rel => !view.folders.has(rel)).sort((a, b) => b.split('/').length - a.split('/').length);
  const write = [...view.files.keys()].filter(rel => before.files.get(rel) !== hashes.get(rel));
  const mkdirs = [...view.folders].filter(rel => !before.folders.has(rel));
  return { remove, dropFolders, write, mkdirs, next };
}

/**
 * Keeps each layer folder's state between commands (in memory: a new process builds the layer anew). One instance
 * per sandbox; a session's commands run one at a time, so a layer is never updated while mounted.
 */
export class StagedLayers {
  private readonly states = new Map<string, LayerState>();

  /**
   * Brings `layer` up to date with `view`; returns the whiteouts the namespace is to make (each hidden path, its
   * folder made here). Falls back to a fresh layer when the kept one was touched or an update step fails.
   */
  update(layer: string, view: StagedView): string[] {
    const hashes = new Map([...view.files].map(([rel, bytes]) => [rel, createHash('sha256').update(bytes).digest('hex')] as const));
    const kept = this.states.get(layer);
    this.states.delete(layer);
    if (kept?.seen !== undefined && sameNames(layer, kept.seen)) {
      try {
        return this.apply(layer, view, planLayerUpdate(kept, view, hashes));
      } catch {
        // Built anew below.
      }
    }
    discardTree(layer);
    fs.mkdirSync(layer, { recursive: true });
    return this.apply(layer, view, planLayerUpdate(undefined, view, hashes));
  }

  /** After a command (the layer unmounted): remember every name in it, to tell next time whether it was touched. */
  settled(layer: string): void {
    const state = this.states.get(layer);
    if (state === undefined) return;
    try {
      this.states.set(layer, { ...state, seen: namesOf(layer) });
    } catch {
      this.states.delete(layer);
    }
  }

  /** Forgets a layer (its folder is being removed). */
  forget(layer: string): void {
    this.states.delete(layer);
  }

  private apply(layer: string, view: StagedView, update: LayerUpdate): string[] {
    // Folders made only to hold what is removed go too (an empty folder in the layer would show in the view); a
    // folder still holding something stays.
    const dropUpFrom = (rel: string) => {
      for (let p = rel; p !== '' && !view.folders.has(p); p = parentOf(p)) {
        if (!removeIfEmpty(path.join(layer, p))) break;
      }
    };
    for (const rel of update.remove) {
      fs.rmSync(path.join(layer, rel), { force: true });
      dropUpFrom(parentOf(rel));
    }
    for (const rel of update.dropFolders) dropUpFrom(rel);
    for (const rel of update.write) {
      const target = path.join(layer, rel);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, view.files.get(rel)!);
    }
    for (const rel of update.mkdirs) fs.mkdirSync(path.join(layer, rel), { recursive: true });
    const whiteouts: string[] = [];
    for (const rel of view.hidden) {
      const target = path.join(layer, rel);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      whiteouts.push(target);
    }
    this.states.set(layer, update.next);
    return whiteouts;
  }
}

function removeIfEmpty(dir: string): boolean {
  try {
    fs.rmdirSync(dir);
    return true;
  } catch {
    return false;
  }
}

/** Every name under `layer` ('' for itself) with its inode and ctime: a change to any of them, or to a listing, shows. */
function namesOf(layer: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (rel: string) => {
    const s = fs.lstatSync(path.join(layer, rel), { bigint: true });
    out.set(rel, `${s.ino}:${s.ctimeNs}:${s.size}`);
    if (!s.isDirectory()) return;
    for (const name of fs.readdirSync(path.join(layer, rel))) walk(rel ? `${rel}/${name}` : name);
  };
  walk('');
  return out;
}

function sameNames(layer: string, seen: ReadonlyMap<string, string>): boolean {
  try {
    const now = namesOf(layer);
    if (now.size !== seen.size) return false;
    for (const [rel, id] of now) if (seen.get(rel) !== id) return false;
    return true;
  } catch {
    return false;
  }
}
