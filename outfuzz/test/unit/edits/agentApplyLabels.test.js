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
const agentApplyLabels_1 = require("../../../src/edits/agentApplyLabels");
const fakeDocument_1 = require("./fakeDocument");
const A = 'file:///ws/a.ts';
const B = 'file:///ws/b.ts';
const never = () => assert.fail('the text is read only when an expectation carries text');
describe('AgentApplyLabels', () => {
    it('labels nothing when no apply is running', () => {
        const labels = new agentApplyLabels_1.AgentApplyLabels();
        assert.strictEqual(labels.isEmpty, true);
        assert.strictEqual(labels.isAgentChange(A, never), false);
    });
    it('labels the change that produces the written text, once, even after the writes ended', () => {
        const clock = new fakeDocument_1.ManualClock();
        const labels = new agentApplyLabels_1.AgentApplyLabels(clock.read);
        const end = labels.begin([{ uri: A, text: 'agent text\n' }]);
        end();
        clock.advance(agentApplyLabels_1.AGENT_APPLY_GRACE_MS - 1);
        assert.strictEqual(labels.isAgentChange(A, () => 'user typing\n'), false, 'another text is the user\'s');
        assert.strictEqual(labels.isAgentChange(A, () => 'agent text\n'), true);
        assert.strictEqual(labels.isAgentChange(A, () => 'agent text\n'), false, 'consumed: the next identical text is not the agent\'s');
        assert.strictEqual(labels.isEmpty, true);
    });
    it('compares line breaks loosely (a reload may normalise them) and only for the named document', () => {
        const labels = new agentApplyLabels_1.AgentApplyLabels();
        labels.begin([{ uri: A, text: 'one\r\ntwo\r\n' }]);
        assert.strictEqual(labels.isAgentChange(B, never), false);
        assert.strictEqual(labels.isAgentChange(A, () => 'one\ntwo\n'), true);
    });
    it('without text, labels every change of the document until the grace period after the writes ends', () => {
        const clock = new fakeDocument_1.ManualClock();
        const labels = new agentApplyLabels_1.AgentApplyLabels(clock.read);
        const end = labels.begin([{ uri: A }]);
        clock.advance(60_000); // a long apply: still running
        assert.strictEqual(labels.isAgentChange(A, never), true);
        assert.strictEqual(labels.isAgentChange(A, never), true, 'not consumed');
        end();
        end(); // idempotent
        clock.advance(agentApplyLabels_1.AGENT_APPLY_GRACE_MS - 1);
        assert.strictEqual(labels.isAgentChange(A, never), true);
        clock.advance(1);
        assert.strictEqual(labels.isAgentChange(A, never), false);
        assert.strictEqual(labels.isEmpty, true);
    });
    it('expires unmatched expectations and prunes them', () => {
        const clock = new fakeDocument_1.ManualClock();
        const labels = new agentApplyLabels_1.AgentApplyLabels(clock.read, 100);
        labels.begin([{ uri: A, text: 'x' }, { uri: B, text: 'y' }])();
        assert.strictEqual(labels.prune(), 2);
        clock.advance(100);
        assert.strictEqual(labels.prune(), 0);
        assert.strictEqual(labels.isEmpty, true);
    });
    it('keeps overlapping applies of one file apart', () => {
        const labels = new agentApplyLabels_1.AgentApplyLabels();
        labels.begin([{ uri: A, text: 'first' }]);
        labels.begin([{ uri: A, text: 'second' }]);
        assert.strictEqual(labels.isAgentChange(A, () => 'second'), true);
        assert.strictEqual(labels.isAgentChange(A, () => 'first'), true);
        assert.strictEqual(labels.isAgentChange(A, () => 'first'), false);
    });
});
//# sourceMappingURL=agentApplyLabels.test.js.map