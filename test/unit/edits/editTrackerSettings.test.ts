import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { CLEANUP_INTERVAL_MS, startCleanupTimer, type IntervalTimers } from '../../../src/edits/cleanupTimer';
import { EditHistoryTracker } from '../../../src/edits/editHistoryTracker';
import { DEFAULT_EDIT_TRACKER_SETTINGS, EDIT_TRACKER_SETTING_KEYS, editTrackerSettingsFrom } from '../../../src/edits/editTrackerSettings';
import { FakeDocument, ManualClock } from './fakeDocument';

describe('edit tracker settings from the configuration', () => {
  it('reads maxGlobalEdits, maxAgeMinutes and the other user settings by their keys', () => {
    const config: Record<string, unknown> = { maxGlobalEdits: 7, maxAgeMinutes: 12, maxUndoRedoEdits: 2, enabled: false, unrelated: 1 };
    const read: string[] = [];
    const settings = editTrackerSettingsFrom(key => { read.push(key); return config[key]; });
    assert.deepStrictEqual(settings, { maxGlobalEdits: 7, maxAgeMinutes: 12, maxUndoRedoEdits: 2, enabled: false });
    assert.deepStrictEqual(read, [...EDIT_TRACKER_SETTING_KEYS]);
    const tracker = new EditHistoryTracker({ settings });
    assert.strictEqual(tracker.currentSettings.maxGlobalEdits, 7);
    assert.strictEqual(tracker.currentSettings.maxAgeMinutes, 12);
  });

  it('leaves out values of the wrong type, so the defaults apply', () => {
    assert.deepStrictEqual(editTrackerSettingsFrom(key => ({ maxGlobalEdits: '50', maxAgeMinutes: Number.NaN, enabled: 'yes' } as Record<string, unknown>)[key]), {});
  });

  it('declares every key in package.json with the tracker\'s default', () => {
    const pkg = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../../package.json'), 'utf8')) as { contributes: { configuration: { properties: Record<string, { default: unknown }> }[] } };
    const props = Object.assign({}, ...pkg.contributes.configuration.map(c => c.properties)) as Record<string, { default: unknown }>;
    for (const key of EDIT_TRACKER_SETTING_KEYS) assert.strictEqual(props[`agentOverlay.editHistory.${key}`]?.default, DEFAULT_EDIT_TRACKER_SETTINGS[key], key);
  });
});

describe('the 5-minute cleanup timer', () => {
  class FakeTimers implements IntervalTimers {
    readonly intervals = new Map<number, { callback: () => void; ms: number }>();
    private next = 1;
    setInterval(callback: () => void, ms: number): unknown {
      const id = this.next++;
      this.intervals.set(id, { callback, ms });
      return id;
    }
    clearInterval(handle: unknown): void {
      if (!this.intervals.delete(handle as number)) throw new Error(`clearInterval of an unknown handle ${String(handle)}`);
    }
    fire(): void {
      for (const { callback } of this.intervals.values()) callback();
    }
  }

  it('runs every 5 minutes and drops the edits past maxAgeMinutes when it fires', () => {
    const clock = new ManualClock();
    const tracker = new EditHistoryTracker({ clock: clock.read, settings: { maxAgeMinutes: 30 } });
    const doc = new FakeDocument('file:///ws/a.ts', '');
    tracker.track(doc.uri, doc.text, doc.version);
    tracker.handleChange(doc.change([{ offset: 0, length: 0, text: 'an old edit' }]), doc.getText);
    const timers = new FakeTimers();
    const timer = startCleanupTimer(() => tracker.cleanup(), timers);
    assert.deepStrictEqual([...timers.intervals.values()].map(i => i.ms), [5 * 60_000]);
    assert.strictEqual(CLEANUP_INTERVAL_MS, 5 * 60_000);
    clock.advance(29 * 60_000);
    timers.fire();
    assert.strictEqual(tracker.stats().edits, 1, 'younger than 30 minutes: kept');
    clock.advance(2 * 60_000);
    timers.fire();
    assert.strictEqual(tracker.stats().edits, 0, 'older than 30 minutes: dropped by the timer, with no lookup');
    timer.dispose();
    timer.dispose();
    assert.strictEqual(timers.intervals.size, 0, 'disposed once, idempotently');
  });
});
