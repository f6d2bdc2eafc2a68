import type { ChangeRecord } from './changeRecord';
import type { ContentRef } from './contentStore';
import type { ConflictState, FileIdentity, PathEntry } from './pathEntry';

/** What a replay of components is asked to do (replay.ts), and what it gives back for the caller to install. */
export interface ReplayOptions {
  /** Records taken out first. */
  readonly removed?: ReadonlySet<string>;
  /** Disk baselines that moved (a rebase onto the disk, or adopting the disk's version). */
  readonly baselines?: ReadonlyMap<string, { readonly base: ContentRef | null; readonly identity?: FileIdentity }>;
  /**
   * Records that, when they no longer apply, are rewritten to apply as they stand — the person chose the agent's
   * version. Every other record is rebased by a three-way merge, or becomes a conflict.
   */
  readonly force?: (record: ChangeRecord) => boolean;
  /** Paths whose earlier conflicts this replay settles (others keep a disk conflict while its baseline stays). */
  readonly settled?: ReadonlySet<string>;
  /** What the conflicts this replay finds are called (a prune's or the disk's). */
  readonly origin: ConflictState['origin'];
  /** Records to rewrite before replaying (a manual resolution's content). */
  readonly rewrites?: ReadonlyMap<string, ChangeRecord>;
  /**
   * With `force`: what each rename moved in the view the person accepted (`ReplayResult.movedBy`), created at its
   * destination when the file it moved is gone.
   */
  readonly moved?: ReadonlyMap<string, ContentRef>;
  /**
   * With `force`: the agent's side the view showed at a conflict's path (agentSide.ts), where it is not the last
   * record's own outcome — that kept lines of a record since taken out. The last record there is rewritten to
   * leave what the person accepted.
   */
  readonly shown?: ReadonlyMap<string, ContentRef>;
  /**
   * With `force`: the person accepted the agent's version (or the agent settled a conflict handed back to it), so
   * a rename forced over a file keeps what it replaced (`ChangeRecord.replaces`). The agent's settlement is taken
   * back with its message all the same: the settling record keeps the records as they were (`ChangeRecord.settled`,
   * provenance seed 15398).
   */
  readonly keepReplaced?: boolean;
  /**
   * With `force`: the forced renames the person was shown landing on a file at their destination (the conflict's
   * own path, or the record the conflict names). Another forced rename that lands on a file there is still a
   * rename conflict: the person accepted a conflict about something else, and never saw that file replaced
   * (issue 23, provenance seed 49982: one conflict a path, a rename onto the person's file carried onto a disk
   * conflict's path hid under it, and Accept agent then removed that file). Absent: every forced one.
   */
  readonly landsOver?: (record: ChangeRecord) => boolean;
  /**
   * A rebase onto the disk (reconcile.ts): a rename whose source's new baseline is no file moved nothing from then
   * on, and is marked `vacated` — a file the person puts at that source later is one it never saw.
   */
  readonly rebase?: boolean;
}

export interface ReplayResult {
  /** Entries of the component after the replay (paths that still have records). */
  readonly entries: readonly PathEntry[];
  /** Paths of the component left with no record: clean again. */
  readonly removedPaths: readonly string[];
  /** Surviving records rewritten: following a rename taken out home, or settled by a person (same id and origin). */
  readonly rewritten: readonly ChangeRecord[];
  readonly removedRecordIds: readonly string[];
  /** Paths where this replay left a conflict (found, or a disk conflict that stays). */
  readonly conflicts: readonly string[];
  /** Paths where replaying the records found a conflict (a disk conflict held there may hide it). */
  readonly found: readonly string[];
  /** For each path: the records whose content it shows now (writes to it, renames into it, and their sources'). */
  readonly provenance: ReadonlyMap<string, ReadonlySet<string>>;
  /** The component's records (survivors and removed), in staging order. */
  readonly records: readonly ChangeRecord[];
  /** For each rename replayed: the content it moved. */
  readonly movedBy: ReadonlyMap<string, ContentRef>;
  /**
   * The records whose replay met a conflict, whether the path shows it or not, each with the record that conflict
   * names (a stack meets it under its first record's name): one conflict a path, so a mismatch met behind the first
   * one, or under a disk conflict held there, is hidden. Empty from a plain file's fast path, which meets none.
   * "Accept agent" forces none of the hidden ones (hiddenMismatches.ts).
   */
  readonly met?: ReadonlyMap<string, string>;
}
