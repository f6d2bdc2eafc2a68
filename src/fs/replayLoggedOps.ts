/**
 * Replaying the durable log's ops onto the model at open, when some of them are refused (a damaged, foreign or
 * schema-mismatched op: `parseOverlayOp` or `model.apply` throws).
 *
 * Skip or stop? Skipping an op and applying the ones after it is right only if the state it gives is one the
 * model could have reached by valid ops: that of the log without the refused op. The model's ops are local
 * (`applyOp`: each reads and writes only the entries at the paths it names, the records it names and the folder
 * records under those paths), so an op that names no path and no record the refused op named — nor any a refused
 * op named, transitively — sees exactly the state it was recorded against, and applying it gives the state of
 * the valid ops in order without the refused ones. An op that does name one (a second write to the file, a
 * revert taking out its record, a rename from it, a folder above it) was computed from a state that held the
 * refused op: applying it without that op could give a state no sequence of valid ops gives (a record whose
 * `before` is content nothing staged, an entry pointing at a record that is not there), so it is refused too.
 * When what an op named cannot be told (it is not an object with a type), no later op can be shown independent
 * of it: the replay stops there. Whatever is refused is kept aside by the caller, never dropped silently.
 *
 * A unit of ops appended together (`appendAll`: a folder deleted with its files) is kept or refused whole, as a
 * crash would have it.
 */
import type { OverlayModel } from './model/overlayModel';
import { parseOverlayOp } from './model/overlaySchema';

export interface RefusedOp {
  /** Position in the replayed ops (0-based). */
  readonly index: number;
  /** The op's `type`, or `?` when it has none. */
  readonly kind: string;
  /** The paths it names (the first few). */
  readonly paths: readonly string[];
  /**
   * Why: `invalid` the model refused it (`reason` says why), `depends` it names something a refused op named,
   * `unit` it was appended together with a refused op, `unknown` an earlier op's reach could not be told.
   */
  readonly why: 'invalid' | 'depends' | 'unit' | 'unknown';
  readonly reason?: string;
}

export interface Replay {
  readonly model: OverlayModel;
  /** In log order; empty when every op applied. */
  readonly refused: readonly RefusedOp[];
}

/** What an op names, read from its raw JSON: a refused op may not parse. */
interface Reach {
  readonly kind: string;
  readonly paths: string[];
  readonly ids: string[];
  /** Nothing can be told about what it touched. */
  readonly unknown: boolean;
}

/** Keys whose string value names a path, wherever they occur in an op (records, entries, selectors). */
const PATH_KEYS = new Set(['path', 'fromPath', 'diskPath', 'movedFrom', 'movedTo']);
/** Keys whose value is a list of paths. */
const PATH_LIST_KEYS = new Set(['paths', 'removedPaths']);
/** Keys whose string value names a record. (`before`, `after`, `replaces` of a record are content: two files may share it.) */
const ID_KEYS = new Set(['id']);
/** Keys whose value is a list of record ids. */
const ID_LIST_KEYS = new Set(['recordIds']);
/** Keys naming a record in the items of a list: `placed: [{ id, before }]` (`before`: the record it is placed before). */
const ITEM_ID_KEYS: Readonly<Record<string, ReadonlySet<string>>> = { placed: new Set(['id', 'before']) };

function reachOf(raw: unknown): Reach {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return { kind: '?', paths: [], ids: [], unknown: true };
  const kind = typeof (raw as { type?: unknown }).type === 'string' ? (raw as { type: string }).type : '?';
  const paths: string[] = [];
  const ids: string[] = [];
  const walk = (value: unknown, key: string | undefined, list: string | undefined): void => {
    if (typeof value === 'string') {
      if (key === undefined) return;
      if (PATH_KEYS.has(key) || PATH_LIST_KEYS.has(key)) paths.push(value);
      if (ID_KEYS.has(key) || ID_LIST_KEYS.has(key) || (list !== undefined && ITEM_ID_KEYS[list]?.has(key))) ids.push(value);
    } else if (Array.isArray(value)) {
      // A list's strings inherit its key (`paths: [...]`, `recordIds: [...]`); its objects know the list they are in.
      for (const v of value) {
        if (typeof v === 'string') walk(v, key, undefined);
        else walk(v, undefined, key);
      }
    } else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(v, k, list);
    }
  };
  walk(raw, undefined, undefined);
  // `discardAll` names nothing and needs nothing; any other op naming nothing is not one this version knows.
  return { kind, paths, ids, unknown: kind === '?' || (paths.length === 0 && ids.length === 0 && kind !== 'discardAll') };
}

/** Paths compared as a case-insensitive disk would (refusing one op too many costs nothing: it is kept aside). */
function key(p: string): string {
  return p.toLowerCase().replace(/[\\/]+$/, '');
}

/** What the refused ops named: an op naming any of it, or a path above or below one of its paths, depends on them. */
class Taint {
  private readonly paths = new Set<string>();
  private readonly ids = new Set<string>();
  all = false;

  get empty(): boolean {
    return !this.all && this.paths.size === 0 && this.ids.size === 0;
  }

  add(reach: Reach): void {
    if (reach.unknown) this.all = true;
    for (const p of reach.paths) this.paths.add(key(p));
    for (const id of reach.ids) this.ids.add(id);
  }

  clear(): void {
    this.paths.clear();
    this.ids.clear();
    this.all = false;
  }

  touches(reach: Reach): boolean {
    if (this.all || reach.unknown) return true;
    if (reach.ids.some((id) => this.ids.has(id))) return true;
    for (const p of reach.paths.map(key)) {
      if (this.paths.has(p)) return true;
      // Above it: a folder op over a refused file; below it: a file in a folder a refused op named.
      for (let i = p.search(/[\\/][^\\/]*$/); i > 0; i = p.slice(0, i).search(/[\\/][^\\/]*$/)) {
        if (this.paths.has(p.slice(0, i))) return true;
      }
      for (const t of this.paths) if (t.startsWith(p) && (t[p.length] === '/' || t[p.length] === '\\')) return true;
    }
    return false;
  }
}

/**
 * Replays `ops` (appended in units of `units` sizes) onto `fresh()` (a model holding the snapshot they follow).
 * Never throws for a refused op: it is listed in `refused`. A unit refused after some of its ops applied is
 * replayed again from `fresh()` without it (rare: only when an op of a unit is refused).
 */
export function replayLoggedOps(ops: readonly unknown[], units: readonly number[], fresh: () => OverlayModel): Replay {
  const unitOf = unitStarts(ops.length, units);
  /** Units known to be refused whole, by start index → why. */
  const refusedUnits = new Map<number, RefusedOp>();
  for (;;) {
    const model = fresh();
    const refused: RefusedOp[] = [];
    const taint = new Taint();
    let restart = false;
    for (let i = 0; i < ops.length && !restart; i++) {
      const raw = ops[i];
      const start = unitOf[i];
      const forced = refusedUnits.get(start);
      const reach = taint.empty && forced === undefined ? undefined : reachOf(raw);
      // `discardAll` needs nothing that came before it: it is never refused as depending on a refused op.
      if (forced !== undefined || (reach && reach.kind !== 'discardAll' && taint.touches(reach))) {
        const r = reach ?? reachOf(raw);
        refused.push(forced?.index === i ? forced : { index: i, kind: r.kind, paths: r.paths.slice(0, 3), why: forced ? 'unit' : taint.all ? 'unknown' : 'depends' });
        taint.add(r);
        continue;
      }
      try {
        model.apply(parseOverlayOp(raw));
        // Everything is gone after it, the refused ops' effects with it: later ops depend on nothing refused.
        if ((raw as { type?: unknown }).type === 'discardAll') taint.clear();
      } catch (e) {
        const r = reachOf(raw);
        const own: RefusedOp = { index: i, kind: r.kind, paths: r.paths.slice(0, 3), why: 'invalid', reason: e instanceof Error ? e.message : String(e) };
        if (start < i || (i + 1 < ops.length && unitOf[i + 1] === start)) {
          // Part of a unit: the whole unit goes. Ops of it applied already are undone by replaying again.
          refusedUnits.set(start, own);
          if (start < i) {
            restart = true;
            model.dispose();
            continue;
          }
        }
        refused.push(own);
        taint.add(r);
      }
    }
    if (!restart) return { model, refused };
  }
}

/** For each op, the index of the first op of its unit. */
function unitStarts(count: number, units: readonly number[]): number[] {
  const starts: number[] = [];
  for (const size of units) {
    const start = starts.length;
    for (let k = 0; k < size && starts.length < count; k++) starts.push(start);
  }
  // Ops the unit sizes do not cover (a caller without them) are units of one.
  while (starts.length < count) starts.push(starts.length);
  return starts;
}

/** "stage /a/b.txt, replace /a/c.txt, … (7 in all)": what a person reads about refused ops. */
export function describeOps(refused: readonly RefusedOp[], first = 3): string {
  const shown = refused.slice(0, first).map((r) => `${r.kind}${r.paths.length > 0 ? ` ${r.paths[0]}` : ''}`);
  return `${shown.join(', ')}${refused.length > first ? `, … (${refused.length} in all)` : ''}`;
}
