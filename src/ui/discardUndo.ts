import { isFolderOperation } from '../fs/model/changeRecord';
import type { ContentRef } from '../fs/model/contentStore';
import type { CompositeChange } from '../fs/model/overlayQueries';
import { refsOfRestage, restageFolderRecordsOf, type RestageGroup, type RestageOutcome, type RestageRecord } from '../fs/model/restage';
import { restageAll } from '../fs/model/stageAgain';
import type { OverlayWorkspace } from '../fs/overlayWorkspace';

/** What a discard took out, as Undo Discard stages it again (the same shape Undo Last Apply uses). */
export interface DiscardRecord {
  readonly paths: readonly string[];
  readonly restageGroups: readonly RestageGroup[];
  readonly restageFolders: readonly RestageRecord[];
  /**
   * The contents the records name. Once discarded nothing in the model refers to them, so the blob store may
   * collect them; they are put back before restaging.
   */
  readonly contents: ReadonlyMap<ContentRef, Uint8Array>;
}

/**
 * "Undo Discard", like "Undo Last Apply": the last discard's records are staged again with their sessions and
 * messages, replayed from their disk baselines, then reconciled with the disk as it is now (a file changed since
 * comes back as a conflict, never silently over the change). Kept in memory for the window's life; a component
 * of which something is staged again meanwhile is not staged twice (reported as skipped).
 */
export class DiscardUndo {
  private last: DiscardRecord | undefined;

  constructor(private readonly overlay: OverlayWorkspace) {}

  /** Call before discarding `changes`: what Undo would need. */
  capture(changes: readonly CompositeChange[]): DiscardRecord {
    const files = changes.filter(c => !isFolderOperation(c.kind)).map(c => c.path);
    const restageGroups = this.overlay.model.restageGroupsOf(files);
    const restageFolders = restageFolderRecordsOf(changes.filter(c => isFolderOperation(c.kind)).flatMap(c => c.records));
    const store = this.overlay.model.store;
    const contents = new Map(refsOfRestage({ restageGroups }).map(r => [r, store.get(r)] as const));
    return { paths: changes.map(c => c.path), restageGroups, restageFolders, contents };
  }

  /** The discard went through: this is the one Undo Discard undoes. */
  remember(record: DiscardRecord): void {
    this.last = record;
  }

  get canUndo(): boolean {
    return this.last !== undefined;
  }

  async undo(): Promise<RestageOutcome> {
    const last = this.last;
    if (!last) return { restaged: [], skipped: [] };
    this.last = undefined;
    const store = this.overlay.model.store;
    for (const bytes of last.contents.values()) store.put(bytes);
    // A change staged since saw the disk, not the discarded proposal: the component is left to it.
    const outcome = restageAll(this.overlay.model, { restageGroups: last.restageGroups, restageFolders: last.restageFolders }, this.overlay.disk, new Set(), 'leave');
    this.overlay.reconcilePaths([...outcome.restaged, ...last.restageGroups.flatMap(g => g.baselines.map(b => b.path))]);
    await this.overlay.flush();
    return outcome;
  }
}
