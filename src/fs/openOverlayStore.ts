import * as fs from 'fs';
import * as path from 'path';
import { describeCondition, diskConditionOf, StoreError } from './store/storeError';
import { syncDir, writeSyncedAndRename } from './store/writeDurable';
import { OverlayWorkspace } from './overlayWorkspace';
import { pathWithinRoots } from './workspaceScope';

/** What opening the store found that the user should hear about. Nothing here loses data. */
export interface StoreNotice {
  readonly severity: 'warning' | 'error';
  readonly message: string;
  /** A folder worth showing: where damaged files or an unreadable store were kept. */
  readonly keptAt?: string;
  /** `keptAt` is a whole store set aside: "Restore Set-Aside Staged Changes…" can bring it back. */
  readonly restorable?: boolean;
}

/** A store set aside beside the current one (`<store>.unopened-<time>`). */
export interface SetAsideStore {
  readonly path: string;
  /** When it was set aside, read back from its name (undefined if the name was changed by hand). */
  readonly setAsideAt: Date | undefined;
}

const SET_ASIDE = '.unopened-';
/** The request "Restore Set-Aside Staged Changes…" leaves for the next open: the name of the folder to restore. */
const RESTORE_REQUEST = '.restore-request';

function setAsideName(storeDir: string, now: Date): string {
  return `${storeDir}${SET_ASIDE}${now.toISOString().replace(/[:.]/g, '-')}`;
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
  // A restore asked for in the last session is done first, while nothing has the store open.
  const restored = await restoreIfRequested(storeDir, now);
  if (restored) notices.push(restored);
  try {
    workspace = await OverlayWorkspace.open(storeDir, options);
  } catch (e) {
    // A full or read-only disk is no damage: setting the store aside would hide intact staged work (issue 24).
    const condition = diskConditionOf(e);
    if (condition !== undefined) {
      throw new StoreError('STORE_READ_ONLY', `Agent Overlay could not open its staged changes because ${describeCondition(condition)} (${e instanceof Error ? e.message : String(e)}). Nothing was moved or lost: free space (or make the disk writable) and reload the window.`, { cause: e });
    }
    const keptAt = setAsideName(storeDir, now());
    await fs.promises.rename(storeDir, keptAt);
    workspace = await OverlayWorkspace.open(storeDir, options);
    notices.push({
      severity: 'error',
      message: `Agent Overlay could not open its staged changes (${e instanceof Error ? e.message : String(e)}). They were kept, untouched, in ${keptAt}; staging starts afresh.`,
      keptAt,
      restorable: true,
    });
  }
  if (workspace.overlay.readOnly) notices.push({ severity: 'error', message: `${workspace.overlay.readOnly.message}.` });
  // A store set aside earlier still holds someone's staged work: said at every start until it is dealt with.
  for (const { path: kept } of await listSetAsideStores(storeDir)) {
    if (notices.some(n => n.keptAt === kept)) continue;
    notices.push({ severity: 'warning', message: `Staged changes set aside are still kept in ${kept}. "Restore Set-Aside Staged Changes…" brings them back (the current ones are set aside in turn), or delete it to stop this notice.`, keptAt: kept, restorable: true });
  }
  for (const p of workspace.overlay.problems) {
    // A torn tail is the expected trace of a crash mid-write: nothing acknowledged was lost, so no alarm.
    if (p.code === 'LOG_TORN_TAIL') continue;
    // Refused ops name their copy in the detail already (with what was kept and what was not).
    const copyNote = p.copy && !p.detail.includes(p.copy) ? ` (a copy of the damaged file was kept: ${p.copy})` : '';
    notices.push({ severity: 'warning', message: `Agent Overlay repaired its store: ${p.detail}${copyNote}.`, ...(p.copy ? { keptAt: p.copy } : {}) });
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

/** The folders set aside beside `storeDir` (`<store>.unopened-<time>`), oldest first. */
export async function listSetAsideStores(storeDir: string): Promise<SetAsideStore[]> {
  const prefix = `${path.basename(storeDir)}${SET_ASIDE}`;
  let names: string[];
  try {
    names = (await fs.promises.readdir(path.dirname(storeDir), { withFileTypes: true })).filter(d => d.isDirectory() && d.name.startsWith(prefix)).map(d => d.name).sort();
  } catch {
    return [];
  }
  return names.map(n => ({ path: path.join(path.dirname(storeDir), n), setAsideAt: timeOfName(n.slice(prefix.length)) }));
}

/** `2026-01-02T03-04-05-678Z` (an ISO time with `:` and `.` made file-name safe) back to a date. */
function timeOfName(stamp: string): Date | undefined {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z/.exec(stamp);
  if (!m) return undefined;
  const d = new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/**
 * Asks the next open of `storeDir` to restore `setAside` (one of `listSetAsideStores`). The store is open while
 * the extension runs, so the swap waits for the next start (a window reload). Durable: a crash in between keeps it.
 */
export async function requestRestore(storeDir: string, setAside: string): Promise<void> {
  if (!(await listSetAsideStores(storeDir)).some(s => s.path === setAside)) {
    throw new StoreError('STATE_UNRECOVERABLE', `${setAside} is not a store set aside beside ${storeDir}`);
  }
  await writeSyncedAndRename(`${storeDir}${RESTORE_REQUEST}`, Buffer.from(path.basename(setAside)));
}

/**
 * Does the restore asked for: the current store is set aside in its turn (never deleted: it is someone's staged
 * work too), then the chosen one takes its place. Only a folder set aside beside the store is accepted, whatever
 * the request file says. A crash between the two renames leaves both set aside and announced: nothing is lost.
 */
async function restoreIfRequested(storeDir: string, now: () => Date): Promise<StoreNotice | undefined> {
  const requestFile = `${storeDir}${RESTORE_REQUEST}`;
  let wanted: string;
  try {
    wanted = (await fs.promises.readFile(requestFile, 'utf8')).trim();
  } catch {
    return undefined;
  }
  const chosen = (await listSetAsideStores(storeDir)).find(s => path.basename(s.path) === wanted);
  try {
    if (!chosen) {
      await fs.promises.rm(requestFile, { force: true });
      return { severity: 'warning', message: `The staged changes asked to be restored (${JSON.stringify(wanted)}) are not among those set aside beside ${storeDir}; nothing was moved.` };
    }
    let keptAt: string | undefined;
    if (fs.existsSync(storeDir)) {
      keptAt = setAsideName(storeDir, now());
      await fs.promises.rename(storeDir, keptAt);
    }
    await fs.promises.rename(chosen.path, storeDir);
    await syncDir(path.dirname(storeDir));
    await fs.promises.rm(requestFile, { force: true });
    return {
      severity: 'warning',
      message: `Agent Overlay restored the staged changes set aside in ${chosen.path}.${keptAt ? ` The ones staged before are kept in ${keptAt} and can be restored the same way.` : ''}`,
      ...(keptAt ? { keptAt, restorable: true } : {}),
    };
  } catch (e) {
    return { severity: 'error', message: `Agent Overlay could not restore the staged changes set aside in ${chosen?.path ?? wanted} (${e instanceof Error ? e.message : String(e)}); nothing was deleted: every store is where it was or set aside beside it.` };
  }
}

export interface OpenStoreOptions {
  /** The workspace folders: Apply and recovery write only inside them; staged paths outside them are announced. */
  readonly roots?: () => readonly string[];
}
