import { v4 as uuidv4 } from 'uuid';
import type { GrantedFile } from './grants';
import type { HistoryVersion } from './historyVersion';

/**
 * What the `history:` provider may serve, besides nothing: each entry is one version of one file behind a
 * random id, put there by an act of the user — "Open historical version" / "Compare with current" (the user's
 * own action is the grant, SPEC §3), or an agent request whose content the user allowed. Everything else is
 * `NoPermissions`. Entries hold no content (it is read from the store when an editor asks) and live in memory
 * only: until their editor closes, their grant ends, or the window closes.
 */

export type HistoryViewOrigin = 'user' | 'agentGrant';

export interface HistoryView {
  readonly id: string;
  readonly file: GrantedFile;
  readonly fileName: string;
  readonly version: HistoryVersion;
  /** `5 minutes ago (File Saved)` when it was opened: for titles and logs. */
  readonly label: string;
  readonly origin: HistoryViewOrigin;
}

export const MAX_HISTORY_VIEWS = 256;

export class HistoryViewRegistry {
  private readonly views = new Map<string, HistoryView>();

  constructor(private readonly newId: () => string = uuidv4, private readonly max = MAX_HISTORY_VIEWS) {}

  /** Registers a view; `id` defaults to a fresh uuid (an agent grant's view reuses the grant id). */
  add(view: Omit<HistoryView, 'id'> & { id?: string }): HistoryView {
    const full: HistoryView = { ...view, id: (view.id ?? this.newId()).toLowerCase() };
    this.views.delete(full.id);
    this.views.set(full.id, full);
    // Bounded: the oldest views go first (their editors, if still open, then show NoPermissions).
    while (this.views.size > this.max) this.views.delete(this.views.keys().next().value as string);
    return full;
  }

  get(id: string): HistoryView | undefined {
    return this.views.get(id.toLowerCase());
  }

  delete(id: string): boolean {
    return this.views.delete(id.toLowerCase());
  }

  /** Drops every view of this origin (e.g. all agent-grant views when the grants are cleared). */
  clear(origin?: HistoryViewOrigin): void {
    if (!origin) return this.views.clear();
    for (const [id, v] of this.views) if (v.origin === origin) this.views.delete(id);
  }

  get size(): number {
    return this.views.size;
  }

  values(): IterableIterator<HistoryView> {
    return this.views.values();
  }
}
