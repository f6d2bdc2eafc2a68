import type { OverlayOp } from '../fs/model/overlayOp';

/**
 * The staged files whose Apply writes over a person's edit on disk: the conflicts settled with "Accept agent
 * version" or merged by hand (the model replays them onto the disk as it is now, the person's edit included, so
 * nothing in the staged change itself tells them apart). Followed from the model's operations; a file leaves the
 * set once applied, discarded, taken out, or in conflict again. Kept for the window's life: after a reload such a
 * file is listed like any other change.
 */
export class ReplacedEdits {
  private readonly paths = new Set<string>();

  /** Feed every model operation, in order. */
  observe(op: OverlayOp): void {
    switch (op.type) {
      case 'replace':
        if (op.reason === 'acceptAgent' || op.reason === 'manual') for (const e of op.entries) this.paths.add(e.path);
        return;
      case 'applied': case 'discard':
        for (const p of op.paths) this.paths.delete(p);
        return;
      case 'discardAll':
        this.paths.clear();
        return;
      case 'revert':
        for (const p of op.removedPaths) this.paths.delete(p);
        return;
      case 'conflict':
        this.paths.delete(op.path);
        return;
      default:
        return;
    }
  }

  has(p: string): boolean {
    return this.paths.has(p);
  }
}
