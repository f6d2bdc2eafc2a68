/**
 * Announcements that coalesce: items added in one burst are shown together, and while a notification is up the
 * items that come meanwhile wait and are shown together once it is closed — one notification at a time, counting
 * what it is about, instead of one toast per item (four conflicts gave four toasts, one of them hidden).
 * The timing is the adapter's (`schedule`: run soon, after the current burst of model events).
 */
export class NoticeQueue<T> {
  private readonly pending = new Set<T>();
  private scheduled: { dispose(): void } | undefined;
  private showing = false;
  private disposed = false;

  constructor(
    private readonly schedule: (run: () => void) => { dispose(): void },
    /** Shows one notification for these items; resolves when it is closed or answered. */
    private readonly show: (items: readonly T[]) => Promise<unknown>,
    /** Drops items no longer worth announcing (a conflict already resolved) just before showing. */
    private readonly stillRelevant: (item: T) => boolean = () => true,
  ) {}

  add(items: Iterable<T>): void {
    for (const i of items) this.pending.add(i);
    this.kick();
  }

  private kick(): void {
    if (this.disposed || this.showing || this.scheduled || this.pending.size === 0) return;
    this.scheduled = this.schedule(() => void this.flush());
  }

  private async flush(): Promise<void> {
    this.scheduled = undefined;
    const items = [...this.pending].filter(this.stillRelevant);
    this.pending.clear();
    if (items.length === 0 || this.disposed) return;
    this.showing = true;
    try {
      await this.show(items);
    } finally {
      this.showing = false;
      this.kick();
    }
  }

  dispose(): void {
    this.disposed = true;
    this.scheduled?.dispose();
    this.pending.clear();
  }
}
