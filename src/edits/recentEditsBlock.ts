import type { DocumentEdit } from './documentEdit';
import type { RecentEditsQuery } from './editHistoryTracker';
import { formatRecentEdits } from './formatRecentEdits';

/** What the RECENT EDITS block is made from; the VS Code adapter passes the live tracker. */
export interface RecentEditsSource {
  /** False when the user turned tracking off (`agentOverlay.editHistory.enabled`). */
  isEnabled(): boolean;
  getRecent(query: RecentEditsQuery): readonly DocumentEdit[];
  /** How a document is named to the agent: workspace-relative for workspace files, `Untitled-1` for untitled. */
  fileLabel(uri: string): string;
  /**
   * Names the code symbol each edit falls in (`login()`), from the documents' outlines when they are cheap to
   * get; resolves to a lookup so the formatting itself stays synchronous. Optional: descriptions then use lines.
   */
  symbols?(edits: readonly DocumentEdit[]): Promise<(edit: DocumentEdit) => string | undefined>;
}

/**
 * The seed-002 "RECENT EDITS" block for `query`, the same one the "Show Recent Edits" document shows, the
 * notebook's ghost block carries and `edits_getRecent {format: "text"}` returns; '' when tracking is off or there
 * is nothing to say.
 */
export async function recentEditsBlock(source: RecentEditsSource, query: RecentEditsQuery = {}): Promise<string> {
  if (!source.isEnabled()) return '';
  const edits = source.getRecent(query);
  if (edits.length === 0) return '';
  const symbolOf = source.symbols ? await source.symbols(edits).catch(() => undefined) : undefined;
  return formatRecentEdits(edits, { fileLabel: uri => source.fileLabel(uri), ...(symbolOf ? { symbolOf } : {}) });
}
