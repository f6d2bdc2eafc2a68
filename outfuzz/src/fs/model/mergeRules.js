"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.step = step;
exports.baseOf = baseOf;
exports.afterOf = afterOf;
exports.stateOf = stateOf;
exports.assertNever = assertNever;
const next = (state) => ({ kind: 'next', state });
const exists = { kind: 'refused', code: 'FileExists' };
const notFound = { kind: 'refused', code: 'FileNotFound' };
const cancelled = { kind: 'cancelled' };
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
function step(state, event) {
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
function baseOf(state) {
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
function afterOf(state) {
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
function stateOf(base, after) {
    if (base === null)
        return after === null ? { kind: 'cancelled' } : { kind: 'created', after };
    return after === null ? { kind: 'deleted', base } : { kind: 'modified', base, after };
}
function assertNever(value) {
    throw new Error(`unexpected value: ${JSON.stringify(value)}`);
}
//# sourceMappingURL=mergeRules.js.map