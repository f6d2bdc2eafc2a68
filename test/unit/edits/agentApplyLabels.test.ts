import * as assert from 'assert';
import { AGENT_APPLY_GRACE_MS, AgentApplyLabels } from '../../../src/edits/agentApplyLabels';
import { ManualClock } from './fakeDocument';

const A = 'file:///ws/a.ts';
const B = 'file:///ws/b.ts';
const never = (): string => assert.fail('the text is read only when an expectation carries text');

describe('AgentApplyLabels', () => {
  it('labels nothing when no apply is running', () => {
    const labels = new AgentApplyLabels();
    assert.strictEqual(labels.isEmpty, true);
    assert.strictEqual(labels.isAgentChange(A, never), false);
  });

  it('labels the change that produces the written text, once, even after the writes ended', () => {
    const clock = new ManualClock();
    const labels = new AgentApplyLabels(clock.read);
    const end = labels.begin([{ uri: A, text: 'agent text\n' }]);
    end();
    clock.advance(AGENT_APPLY_GRACE_MS - 1);
    assert.strictEqual(labels.isAgentChange(A, () => 'user typing\n'), false, 'another text is the user\'s');
    assert.strictEqual(labels.isAgentChange(A, () => 'agent text\n'), true);
    assert.strictEqual(labels.isAgentChange(A, () => 'agent text\n'), false, 'consumed: the next identical text is not the agent\'s');
    assert.strictEqual(labels.isEmpty, true);
  });

  it('compares line breaks loosely (a reload may normalise them) and only for the named document', () => {
    const labels = new AgentApplyLabels();
    labels.begin([{ uri: A, text: 'one\r\ntwo\r\n' }]);
    assert.strictEqual(labels.isAgentChange(B, never), false);
    assert.strictEqual(labels.isAgentChange(A, () => 'one\ntwo\n'), true);
  });

  it('without text, labels every change of the document until the grace period after the writes ends', () => {
    const clock = new ManualClock();
    const labels = new AgentApplyLabels(clock.read);
    const end = labels.begin([{ uri: A }]);
    clock.advance(60_000); // a long apply: still running
    assert.strictEqual(labels.isAgentChange(A, never), true);
    assert.strictEqual(labels.isAgentChange(A, never), true, 'not consumed');
    end();
    end(); // idempotent
    clock.advance(AGENT_APPLY_GRACE_MS - 1);
    assert.strictEqual(labels.isAgentChange(A, never), true);
    clock.advance(1);
    assert.strictEqual(labels.isAgentChange(A, never), false);
    assert.strictEqual(labels.isEmpty, true);
  });

  it('expires unmatched expectations and prunes them', () => {
    const clock = new ManualClock();
    const labels = new AgentApplyLabels(clock.read, 100);
    labels.begin([{ uri: A, text: 'x' }, { uri: B, text: 'y' }])();
    assert.strictEqual(labels.prune(), 2);
    clock.advance(100);
    assert.strictEqual(labels.prune(), 0);
    assert.strictEqual(labels.isEmpty, true);
  });

  it('keeps overlapping applies of one file apart', () => {
    const labels = new AgentApplyLabels();
    labels.begin([{ uri: A, text: 'first' }]);
    labels.begin([{ uri: A, text: 'second' }]);
    assert.strictEqual(labels.isAgentChange(A, () => 'second'), true);
    assert.strictEqual(labels.isAgentChange(A, () => 'first'), true);
    assert.strictEqual(labels.isAgentChange(A, () => 'first'), false);
  });
});
