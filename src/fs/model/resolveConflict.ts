import { OverlayError } from './overlayError';
import { assertNever } from './mergeRules';
import { discardPaths, setBase, setContent, withEntry } from './accumulator';
import type { ContentRef } from './contentStore';
import type { OverlayDraft } from './overlayDraft';

/** SPEC §2 / seed 003 §3.5.2: the four ways out of a conflict. */
export type ConflictResolution =
  /** Keep the staged version; it will overwrite what the disk has now (the disk becomes the new baseline). */
  | { readonly kind: 'acceptAgent' }
  /** Keep the disk: the composite (and its rename partners) is discarded. */
  | { readonly kind: 'acceptDisk' }
  /** The person merged by hand; null = the file should not exist. The disk becomes the new baseline. */
  | { readonly kind: 'manual'; readonly content: ContentRef | null }
  /** Hand it back to the agent: the conflict stays and is reported with base, ours and theirs. */
  | { readonly kind: 'delegate' };

export type ConflictResolutionKind = ConflictResolution['kind'];

export function resolveConflict(draft: OverlayDraft, path: string, resolution: ConflictResolution): void {
  const e = draft.entry(path);
  if (!e?.conflict) throw new OverlayError('NoConflict', `${path} has no conflict to resolve`, { path });
  switch (resolution.kind) {
    case 'acceptAgent':
      acceptAgent(draft, path);
      return;
    case 'acceptDisk':
      discardPaths(draft, [path]);
      return;
    case 'manual':
      acceptAgent(draft, path);
      setContent(draft, path, resolution.content);
      return;
    case 'delegate':
      draft.setEntry(withEntry(e, { conflict: { ...e.conflict, delegated: true } }));
      return;
    default:
      assertNever(resolution);
  }
}

/**
 * Keeps the staged content and clears the conflict. For a disk conflict the disk's current state becomes the
 * baseline, so Apply's safety check passes and writes the agent's version over it — the person chose that.
 */
export function acceptAgent(draft: OverlayDraft, path: string): void {
  const e = draft.entry(path);
  const c = e?.conflict;
  if (!e || !c) return;
  if (c.origin === 'disk' && c.diskPath !== undefined && draft.entry(c.diskPath)) {
    setBase(draft, c.diskPath, c.theirs, c.theirsIdentity);
  }
  const fresh = draft.entry(path);
  if (fresh) draft.setEntry(withEntry(fresh, { conflict: undefined }));
}
