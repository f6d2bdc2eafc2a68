import type { ContentRef } from './contentStore';

/**
 * The content half of a path's composite change: what the disk had when the first change arrived (the
 * baseline) and what the overlay shows now. The rename half (which disk file moved where) is kept beside it,
 * in `PathEntry.movedFrom` / `movedTo`, because it links two paths.
 */
export type ContentState =
  /** No pending change: the path reads from the disk. */
  | { readonly kind: 'clean' }
  /** Absent on disk, present in the overlay. */
  | { readonly kind: 'created'; readonly after: ContentRef }
  /** Present in both (after may equal base: a change that was undone, which the views hide). */
  | { readonly kind: 'modified'; readonly base: ContentRef; readonly after: ContentRef }
  /** Present on disk, absent in the overlay. */
  | { readonly kind: 'deleted'; readonly base: ContentRef }
  /** Absent in both: created then deleted. Kept (hidden) only so its records can still be pruned. */
  | { readonly kind: 'cancelled' };

export type ContentStateKind = ContentState['kind'];

/**
 * One operation as seen from one path. A rename is two events: `renameOut` at the source, `renameIn` at the
 * destination. `before` is the path's effective content just before, which for a clean path is the disk's.
 */
export type PathEvent =
  | { readonly kind: 'create'; readonly content: ContentRef }
  | { readonly kind: 'modify'; readonly before: ContentRef; readonly content: ContentRef }
  | { readonly kind: 'delete'; readonly before: ContentRef }
  | { readonly kind: 'renameOut'; readonly before: ContentRef }
  | { readonly kind: 'renameIn'; readonly content: ContentRef };

export type PathEventKind = PathEvent['kind'];

export type StepRefusal = 'FileExists' | 'FileNotFound';

export type StepResult =
  | { readonly kind: 'next'; readonly state: ContentState }
  | { readonly kind: 'refused'; readonly code: StepRefusal };

const next = (state: ContentState): StepResult => ({ kind: 'next', state });
const exists: StepResult = { kind: 'refused', code: 'FileExists' };
const notFound: StepResult = { kind: 'refused', code: 'FileNotFound' };
const cancelled: ContentState = { kind: 'cancelled' };

/**
 * The merging rules (SPEC §2, seed 003 §3.2.2) as one table: current state × incoming event → next state. Every
 * cell is tested. The rules fall out of one idea — the baseline is fixed by the first change and only `after`
 * moves — but each cell is written out so the table can be read against the spec:
 *   1. the first change sets the baseline (the `clean` row);
 *   2. later changes update only `after` (modify cells keep `base`);
 *   3. create then delete cancels out (`created` × delete → cancelled);
 *   4. delete then create becomes modify (`deleted` × create → modified);
 *   5. create then modify stays create (`created` × modify → created);
 *   6. rename moves the path key: the source loses its content (renameOut ≈ delete) and the destination gains
 *      it (renameIn ≈ create); chaining and identity are handled by the links in `pathEntry`.
 * A refused cell is an operation on a path whose effective existence contradicts it.
 */
export function step(state: ContentState, event: PathEvent): StepResult {
  switch (state.kind) {
    case 'clean':
      switch (event.kind) {
        case 'create': return next({ kind: 'created', after: event.content }); // rule 1: baseline "absent"
        case 'modify': return next({ kind: 'modified', base: event.before, after: event.content }); // rule 1
        case 'delete': return next({ kind: 'deleted', base: event.before }); // rule 1
        case 'renameOut': return next({ kind: 'deleted', base: event.before }); // rule 1 + 6
        case 'renameIn': return next({ kind: 'created', after: event.content }); // rule 1 + 6
        default: return assertNever(event);
      }
    case 'created':
      switch (event.kind) {
        case 'create': return exists;
        case 'modify': return next({ kind: 'created', after: event.content }); // rule 5
        case 'delete': return next(cancelled); // rule 3
        case 'renameOut': return next(cancelled); // rule 3 + 6: the create moves to the destination
        case 'renameIn': return exists;
        default: return assertNever(event);
      }
    case 'modified':
      switch (event.kind) {
        case 'create': return exists;
        case 'modify': return next({ kind: 'modified', base: state.base, after: event.content }); // rule 2
        case 'delete': return next({ kind: 'deleted', base: state.base }); // rule 2
        case 'renameOut': return next({ kind: 'deleted', base: state.base }); // rule 2 + 6
        case 'renameIn': return exists;
        default: return assertNever(event);
      }
    case 'deleted':
      switch (event.kind) {
        case 'create': return next({ kind: 'modified', base: state.base, after: event.content }); // rule 4
        case 'modify': return notFound;
        case 'delete': return notFound;
        case 'renameOut': return notFound;
        case 'renameIn': return next({ kind: 'modified', base: state.base, after: event.content }); // rule 4 + 6
        default: return assertNever(event);
      }
    case 'cancelled':
      switch (event.kind) {
        case 'create': return next({ kind: 'created', after: event.content }); // still absent on disk
        case 'modify': return notFound;
        case 'delete': return notFound;
        case 'renameOut': return notFound;
        case 'renameIn': return next({ kind: 'created', after: event.content });
        default: return assertNever(event);
      }
    default:
      return assertNever(state);
  }
}

/** Disk content the state was based on (null = absent on disk); undefined for `clean`, which has no baseline. */
export function baseOf(state: ContentState): ContentRef | null | undefined {
  switch (state.kind) {
    case 'clean': return undefined;
    case 'created': return null;
    case 'modified': return state.base;
    case 'deleted': return state.base;
    case 'cancelled': return null;
    default: return assertNever(state);
  }
}

/** Effective content (null = absent); undefined for `clean`, which reads through to the disk. */
export function afterOf(state: ContentState): ContentRef | null | undefined {
  switch (state.kind) {
    case 'clean': return undefined;
    case 'created': return state.after;
    case 'modified': return state.after;
    case 'deleted': return null;
    case 'cancelled': return null;
    default: return assertNever(state);
  }
}

/** The (non-clean) state with the given baseline and effective content: used by rebase, prune and resolve. */
export function stateOf(base: ContentRef | null, after: ContentRef | null): Exclude<ContentState, { kind: 'clean' }> {
  if (base === null) return after === null ? { kind: 'cancelled' } : { kind: 'created', after };
  return after === null ? { kind: 'deleted', base } : { kind: 'modified', base, after };
}

export function assertNever(value: never): never {
  throw new Error(`unexpected value: ${JSON.stringify(value)}`);
}
