import { assertNever } from './mergeRules';
import { isFolderOperation } from './changeRecord';
import type { ChangeMeta } from './changeRecord';
import type { DiskProbe } from './diskProbe';
import type { OverlayModel } from './overlayModel';
import type { LaterChanges, RestageItem, RestageOutcome, RestageRecord, RestageSource } from './restage';

/**
 * Undo Last Apply (and Undo of a discard) staging the proposal again through the model, once the disk is restored:
 * the v4 groups by the model's `restage` (planned purely in restage.ts), the folder records and the items of an
 * older undo record through the model's ordinary staging ops. Apart from restage.ts so that the pure planning,
 * which the model and the undo record's schema use, imports no model.
 */

/** Undo's restaging, whichever version of the undo record it has (`later`: see `LaterChanges`). */
export function restageAll(model: OverlayModel, source: RestageSource, disk: DiskProbe, leftAlone: ReadonlySet<string>, later: LaterChanges = 'onTop'): RestageOutcome {
  const groups = source.restageGroups ? model.restage(source.restageGroups, disk, leftAlone, later) : { restaged: [], skipped: [] };
  const folders = source.restageFolders ? restageFolderRecords(model, source.restageFolders, leftAlone) : { restaged: [], skipped: [] };
  const items = source.restage ? restageItems(model, source.restage, disk, leftAlone) : { restaged: [], skipped: [] };
  return { restaged: [...groups.restaged, ...folders.restaged, ...items.restaged], skipped: [...groups.skipped, ...folders.skipped, ...items.skipped] };
}

/**
 * Stages the folder records again, in their order. A folder with records staged before this began (a later
 * change, or this very record restaged before a crash) or one Undo left alone is skipped, all its records with it.
 */
function restageFolderRecords(model: OverlayModel, records: readonly RestageRecord[], leftAlone: ReadonlySet<string>): RestageOutcome {
  const taken = new Set(records.map(r => r.path).filter(p => leftAlone.has(p) || model.folderIntent(p) !== undefined));
  const restaged = new Set<string>();
  for (const r of records) {
    if (taken.has(r.path)) continue;
    const meta = { sessionId: r.sessionId, messageId: r.messageId, turn: r.turn, description: r.description };
    if (r.operation === 'mkdir') model.mkdir(r.path, meta);
    else model.rmdir(r.path, meta);
    restaged.add(r.path);
  }
  return { restaged: [...restaged], skipped: [...taken] };
}

/**
 * Stages the items again through the model's ordinary staging ops, after Undo restored the disk: a write, a
 * delete, or a rename (onto what the disk has at the destination, as the original did) followed by the agent's
 * edit of the moved file. Each item's before is what the disk holds now, so the result lists the same
 * composites, kinds and contents as before the apply.
 *
 * Order matters where renames chain (a→b, then c→a): a file moves out of a path before anything moves in, so
 * an item that lands on another's origin waits for it. A cycle (a swap) cannot be staged as renames from the
 * disk: its items are staged as writes of what the agent left there (same contents; the kind reads "modified").
 * An item is skipped, with those that land on its origin, when Undo left one of its files alone or something
 * was staged at one of its paths before this began.
 */
export function restageItems(model: OverlayModel, items: readonly RestageItem[], disk: DiskProbe, leftAlone: ReadonlySet<string>): RestageOutcome {
  const pathsOf = (i: RestageItem) => (i.fromPath !== undefined ? [i.fromPath, i.path] : [i.path]);
  // A folder item is skipped where folder records are staged already (a file entry at its path is another matter).
  const taken = (i: RestageItem, p: string) => (isFolderOperation(i.kind) ? model.folderIntent(p) !== undefined : model.hasEntry(p));
  const skipped = new Set(items.filter(i => pathsOf(i).some(p => leftAlone.has(p) || taken(i, p))));
  // Whatever lands on a skipped item's origin would take the place of a file that is not moving away.
  for (let grew = true; grew;) {
    grew = false;
    for (const i of items) {
      if (!skipped.has(i) && items.some(x => skipped.has(x) && x.fromPath === i.path)) {
        skipped.add(i);
        grew = true;
      }
    }
  }
  let pending = items.filter(i => !skipped.has(i));
  const restaged: string[] = [];
  // Undo has restored the disk by now and recovery runs this again after a crash: a refusal of the model (say, a
  // destination taken meanwhile) skips that item and never stops the rest, nor the opening of the store.
  const attempt = (i: RestageItem, f: () => void) => {
    try {
      f();
      restaged.push(i.path);
    } catch {
      skipped.add(i);
    }
  };
  for (;;) {
    const ready = pending.filter(i => !pending.some(x => x !== i && x.fromPath === i.path));
    if (ready.length === 0) break;
    for (const i of ready) attempt(i, () => stageOne(model, i, disk));
    pending = pending.filter(i => !ready.includes(i));
  }
  // A file that moved into the cycle from outside it: its origin is gone after the apply, so it goes again.
  const destinations = new Set(items.map(i => i.path));
  for (const i of pending) {
    attempt(i, () => {
      stageContent(model, i, disk);
      if (i.fromPath !== undefined && !destinations.has(i.fromPath) && model.read(i.fromPath, disk.read) !== undefined) model.delete(i.fromPath, i.origin, disk);
    });
  }
  return { restaged, skipped: items.filter(i => skipped.has(i)).map(i => i.path) };
}

function stageOne(model: OverlayModel, item: RestageItem, disk: DiskProbe): void {
  const meta: ChangeMeta = item.origin;
  switch (item.kind) {
    case 'create':
    case 'modify':
    case 'delete':
      stageContent(model, item, disk);
      return;
    case 'rename': {
      const [moved] = model.rename(item.fromPath as string, item.path, meta, disk, { overwrite: true }).slice(-1);
      if (item.after === null) model.delete(item.path, meta, disk);
      else if (item.after !== moved.after) model.write(item.path, model.store.get(item.after), meta, disk);
      return;
    }
    case 'mkdir':
      model.mkdir(item.path, meta);
      return;
    case 'rmdir':
      model.rmdir(item.path, meta);
      return;
    default:
      assertNever(item.kind);
  }
}

/** The agent's content at the item's path, whatever the kind (a rename's origin is another item's business). */
function stageContent(model: OverlayModel, item: RestageItem, disk: DiskProbe): void {
  if (item.after !== null) model.write(item.path, model.store.get(item.after), item.origin, disk);
  else if (model.read(item.path, disk.read) !== undefined) model.delete(item.path, item.origin, disk);
}
