"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
const assert = __importStar(require("assert"));
const mergeRules_1 = require("../../../src/fs/model/mergeRules");
// Refs are opaque to the table, so short names read better than hashes here.
const DISK = 'disk';
const BASE = 'base';
const OLD = 'old';
const NEW = 'new';
const states = {
    clean: { kind: 'clean' },
    created: { kind: 'created', after: OLD },
    modified: { kind: 'modified', base: BASE, after: OLD },
    deleted: { kind: 'deleted', base: BASE },
    cancelled: { kind: 'cancelled' },
};
/** The event as the accumulator builds it: `before` is the path's effective content (the disk's when clean). */
function eventFor(state, kind) {
    const before = state === 'clean' ? DISK : OLD;
    switch (kind) {
        case 'create': return { kind, content: NEW };
        case 'modify': return { kind, before, content: NEW };
        case 'delete': return { kind, before };
        case 'renameOut': return { kind, before };
        case 'renameIn': return { kind, content: NEW };
    }
}
const next = (state) => ({ kind: 'next', state });
const exists = { kind: 'refused', code: 'FileExists' };
const notFound = { kind: 'refused', code: 'FileNotFound' };
/** SPEC §2 rules, cell by cell: [rule, expected]. */
const table = {
    clean: {
        create: ['1: first change sets the baseline (absent)', next({ kind: 'created', after: NEW })],
        modify: ['1: first change sets the baseline (the disk)', next({ kind: 'modified', base: DISK, after: NEW })],
        delete: ['1: first change sets the baseline', next({ kind: 'deleted', base: DISK })],
        renameOut: ['1+6: the source keeps the disk baseline, content leaves', next({ kind: 'deleted', base: DISK })],
        renameIn: ['1+6: the destination had nothing', next({ kind: 'created', after: NEW })],
    },
    created: {
        create: ['refused: it exists', exists],
        modify: ['5: create then modify stays create', next({ kind: 'created', after: NEW })],
        delete: ['3: create then delete cancels out', next({ kind: 'cancelled' })],
        renameOut: ['3+6: a created file moving away leaves nothing', next({ kind: 'cancelled' })],
        renameIn: ['refused: it exists', exists],
    },
    modified: {
        create: ['refused: it exists', exists],
        modify: ['2: later changes update only after', next({ kind: 'modified', base: BASE, after: NEW })],
        delete: ['2: the baseline stays', next({ kind: 'deleted', base: BASE })],
        renameOut: ['2+6: the baseline stays at the source', next({ kind: 'deleted', base: BASE })],
        renameIn: ['refused: it exists', exists],
    },
    deleted: {
        create: ['4: delete then create becomes modify', next({ kind: 'modified', base: BASE, after: NEW })],
        modify: ['refused: not found', notFound],
        delete: ['refused: not found', notFound],
        renameOut: ['refused: not found', notFound],
        renameIn: ['4+6: renaming onto a deleted path is a modify of it', next({ kind: 'modified', base: BASE, after: NEW })],
    },
    cancelled: {
        create: ['3 then create: still absent on disk, so a create', next({ kind: 'created', after: NEW })],
        modify: ['refused: not found', notFound],
        delete: ['refused: not found', notFound],
        renameOut: ['refused: not found', notFound],
        renameIn: ['absent on disk: a create', next({ kind: 'created', after: NEW })],
    },
};
describe('mergeRules (the rule table, cell by cell)', () => {
    for (const [stateKind, row] of Object.entries(table)) {
        for (const [eventKind, [rule, expected]] of Object.entries(row)) {
            it(`${stateKind} × ${eventKind} → ${expected.kind === 'next' ? expected.state.kind : expected.code} (${rule})`, () => {
                assert.deepStrictEqual((0, mergeRules_1.step)(states[stateKind], eventFor(stateKind, eventKind)), expected);
            });
        }
    }
    it('the rule answers every state × event, each as its cell of the table says', () => {
        const kinds = ['create', 'modify', 'delete', 'renameOut', 'renameIn'];
        for (const s of Object.keys(states)) {
            for (const k of kinds) {
                const cell = table[s]?.[k];
                assert.ok(cell, `the table has no cell for ${s} × ${k}`);
                assert.deepStrictEqual((0, mergeRules_1.step)(states[s], eventFor(s, k)), cell[1], `${s} × ${k}`);
            }
        }
    });
    it('stateOf inverts baseOf/afterOf for every non-clean state', () => {
        for (const s of Object.values(states)) {
            if (s.kind === 'clean')
                continue;
            assert.deepStrictEqual((0, mergeRules_1.stateOf)((0, mergeRules_1.baseOf)(s) ?? null, (0, mergeRules_1.afterOf)(s) ?? null), s);
        }
        assert.strictEqual((0, mergeRules_1.baseOf)(states.clean), undefined);
        assert.strictEqual((0, mergeRules_1.afterOf)(states.clean), undefined);
    });
});
//# sourceMappingURL=mergeRules.test.js.map