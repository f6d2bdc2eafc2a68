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
const child_process_1 = require("child_process");
const threeWayMerge_1 = require("../../../src/fs/merge/threeWayMerge");
const mergeCases_1 = require("./mergeCases");
const gitAvailable = (0, child_process_1.spawnSync)('git', ['--version']).status === 0;
function compareWithGit(c, label) {
    const git = (0, mergeCases_1.gitMergeFile)(c);
    const ours = (0, threeWayMerge_1.threeWayMerge)(c.base, c.ours, c.theirs);
    const text = ours.kind === 'clean' ? ours.text : ours.markedUp;
    const count = ours.kind === 'clean' ? 0 : ours.regions.length;
    if (text !== git.text || Math.min(count, 127) !== git.conflicts) {
        assert.fail(`${label}: differs from git merge-file (${count} vs ${git.conflicts} conflicts)\ncase: ${JSON.stringify(c)}\nours: ${JSON.stringify(text)}\ngit:  ${JSON.stringify(git.text)}`);
    }
    return ours.kind;
}
describe('threeWayMerge against git merge-file (seeded differential)', function () {
    before(() => {
        // git is a test requirement (it ships on every machine kind here): a missing git must fail, not skip.
        assert.ok(gitAvailable, 'git is needed for the differential test against git merge-file');
    });
    it('matches git on 400 small generated cases (LF, CRLF, mixed, missing final newlines, empty files)', () => {
        const kinds = { clean: 0, conflict: 0 };
        for (let seed = 0; seed < 400; seed++)
            kinds[compareWithGit((0, mergeCases_1.randomCase)(seed), `randomCase(${seed})`)]++;
        // The generator must exercise both outcomes, or the comparison proves little.
        assert.ok(kinds.clean > 100 && kinds.conflict > 100, JSON.stringify(kinds));
    });
    it('matches git on 12 large heavily edited cases (the diff heuristics decide the alignment there)', () => {
        for (let seed = 0; seed < 12; seed++)
            compareWithGit((0, mergeCases_1.heavyCase)(seed), `heavyCase(${seed})`);
    });
    it('matches git where its long-snake heuristic picks the split (a 46k-line rewrite)', () => {
        // Big enough that xdiff's cost limit exceeds 256, so the "good snake" shortcut fires before the limit.
        compareWithGit((0, mergeCases_1.heavyCase)(1003, 10_000), 'heavyCase(1003, 10000)');
    });
});
//# sourceMappingURL=threeWayMerge.differential.test.js.map