import * as fs from 'fs';
import * as path from 'path';
import { describeCondition, diskConditionOf, StoreError } from './store/storeError';
import { OverlayWorkspace } from './overlayWorkspace';
import { pathWithinRoots } from './workspaceScope';

/** What opening the store found that the user should hear about. Nothing here loses data. */
export interface StoreNotice {
  readonly severity: 'warning' | 'error';
  readonly message: string;
  /** A folder worth showing: where damaged files or an unreadable store were kept. */
  readonly keptAt?: string;
}

/**
 * Opens the overlay's store so that a bad store never takes the extension down (SPEC §9.5): when the store cannot
 * be opened at all (unrecoverable damage, or written by a newer version of the extension), it is renamed aside,
 * untouched, and an empty store starts in its place; the notice says where the old one is. Problems the store
 * worked around (a torn log tail after a crash, a damaged file kept aside) and files a crash recovery left alone
 * become notices too.
 */
export async function openOverlayStore(storeDir: string, now: () => Date = () => new Date(), options: OpenStoreOptions = {}): Promise<{ workspace: OverlayWorkspace; notices: StoreNotice[] }> {
  let workspace: OverlayWorkspace;
  const notices: StoreNotice[] = [];
  try {
    workspace = await OverlayWorkspace.open(storeDir, options);
  } catch (e) {
    // A full or read-only disk is no damage: setting the store aside would hide intact staged work (issue 24).
    const condition = diskConditionOf(e);
    if (condition !== undefined) {
      throw new StoreError('STORE_READ_ONLY', `Agent Overlay could not open its staged changes because ${describeCondition(condition)} (${e instanceof Error ? e.message : String(e)}). Nothing was moved or lost: free space (or make the disk writable) and reload the window.`, { cause: e });
    }
    const keptAt = `${storeDir}.unopened-${now().toISOString().replace(/[:.]/g, '-')}`;
    await fs.promises.rename(storeDir, keptAt);
    workspace = await OverlayWorkspace.open(storeDir, options);
    notices.push({
      severity: 'error',
      message: `Agent Overlay could not open its staged changes (${e instanceof Error ? e.message : String(e)}). They were kept, untouched, in ${keptAt}; staging starts afresh.`,
      keptAt,
    });
  }
  if (workspace.overlay.readOnly) notices.push({ severity: 'error', message: `${workspace.overlay.readOnly.message}.` });
  // A store set aside earlier still holds someone's staged work: said at every start until it is dealt with.
  for (const kept of await setAsideStores(storeDir)) {
    if (notices.some(n => n.keptAt === kept)) continue;
    notices.push({ severity: 'warning', message: `Staged changes that could not be opened are still kept in ${kept}. Move that folder back to ${storeDir} (with VS Code closed) to retry it, or delete it to stop this notice.`, keptAt: kept });
  }
  for (const p of workspace.overlay.problems) {
    // A torn tail is the expected trace of a crash mid-write: nothing acknowledged was lost, so no alarm.
    if (p.code === 'LOG_TORN_TAIL') continue;
    notices.push({ severity: 'warning', message: `Agent Overlay repaired its store: ${p.detail}${p.copy ? ` (a copy of the damaged file was kept: ${p.copy})` : ''}.`, ...(p.copy ? { keptAt: p.copy } : {}) });
  }
  if (workspace.recovered.diverged.length > 0) {
    notices.push({
      severity: 'warning',
      message: `An apply interrupted by a crash was finished, except for ${workspace.recovered.diverged.length} file(s) changed by someone else meanwhile, left as they are: ${workspace.recovered.diverged.join(', ')}.`,
    });
  }
  for (const e of workspace.recovered.outside) {
    notices.push({ severity: 'error', message: `An apply interrupted by a crash was not finished: ${e.message}. Its staged changes are still staged.` });
  }
  // The store is this workspace's, but its log is a file anyone on the machine may edit: a staged path outside the
  // workspace folders (forged, or a folder removed from the workspace since) stays staged and is never applied.
  const roots = options.roots?.();
  const outside = roots === undefined ? [] : workspace.model.stagedPaths().filter(p => pathWithinRoots(p, roots) === undefined);
  if (outside.length > 0) {
    notices.push({
      severity: 'warning',
      message: `Agent Overlay's store holds ${outside.length} staged change(s) outside the workspace folders; they are kept but never applied there: ${outside.slice(0, 5).join(', ')}${outside.length > 5 ? ', …' : ''}.`,
    });
  }
  return { workspace, notices };
}

/** The folders `openOverlayStore` set aside beside `storeDir` (`<store>.unopened-<time>`), oldest first. */
async function setAsideStores(storeDir: string): Promise<string[]> {
  const prefix = `${path.basename(storeDir)}.unopened-`;
  try {
    return (await fs.promises.readdir(path.dirname(storeDir))).filter(n => n.startsWith(prefix)).sort().map(n => path.join(path.dirname(storeDir), n));
  } catch {
    return [];
  }
}

export interface OpenStoreOptions {
  /** The workspace folders: Apply and recovery write only inside them; staged paths outside them are announced. */
  readonly roots?: () => readonly string[];
}
