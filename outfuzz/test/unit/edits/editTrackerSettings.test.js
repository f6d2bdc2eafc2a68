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
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const cleanupTimer_1 = require("../../../src/edits/cleanupTimer");
const editHistoryTracker_1 = require("../../../src/edits/editHistoryTracker");
const editTrackerSettings_1 = require("../../../src/edits/editTrackerSettings");
const fakeDocument_1 = require("./fakeDocument");
describe('edit tracker settings from the configuration', () => {
    it('reads maxGlobalEdits, maxAgeMinutes and the other user settings by their keys', () => {
        const config = { maxGlobalEdits: 7, maxAgeMinutes: 12, maxUndoRedoEdits: 2, enabled: false, unrelated: 1 };
        const read = [];
        const settings = (0, editTrackerSettings_1.editTrackerSettingsFrom)(key => { read.push(key); return config[key]; });
        assert.deepStrictEqual(settings, { maxGlobalEdits: 7, maxAgeMinutes: 12, maxUndoRedoEdits: 2, enabled: false });
        assert.deepStrictEqual(read, [...editTrackerSettings_1.EDIT_TRACKER_SETTING_KEYS]);
        const tracker = new editHistoryTracker_1.EditHistoryTracker({ settings });
        assert.strictEqual(tracker.currentSettings.maxGlobalEdits, 7);
        assert.strictEqual(tracker.currentSettings.maxAgeMinutes, 12);
    });
    it('leaves out values of the wrong type, so the defaults apply', () => {
        assert.deepStrictEqual((0, editTrackerSettings_1.editTrackerSettingsFrom)(key => ({ maxGlobalEdits: '50', maxAgeMinutes: Number.NaN, enabled: 'yes' }[key])), {});
    });
    it('declares every key in package.json with the tracker\'s default', () => {
        const pkg = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../../package.json'), 'utf8'));
        const props = Object.assign({}, ...pkg.contributes.configuration.map(c => c.properties));
        for (const key of editTrackerSettings_1.EDIT_TRACKER_SETTING_KEYS)
            assert.strictEqual(props[`agentOverlay.editHistory.${key}`]?.default, editTrackerSettings_1.DEFAULT_EDIT_TRACKER_SETTINGS[key], key);
    });
});
describe('the 5-minute cleanup timer', () => {
    class FakeTimers {
        intervals = new Map();
        next = 1;
        setInterval(callback, ms) {
            const id = this.next++;
            this.intervals.set(id, { callback, ms });
            return id;
        }
        clearInterval(handle) {
            if (!this.intervals.delete(handle))
                throw new Error(`clearInterval of an unknown handle ${String(handle)}`);
        }
        fire() {
            for (const { callback } of this.intervals.values())
                callback();
        }
    }
    it('runs every 5 minutes and drops the edits past maxAgeMinutes when it fires', () => {
        const clock = new fakeDocument_1.ManualClock();
        const tracker = new editHistoryTracker_1.EditHistoryTracker({ clock: clock.read, settings: { maxAgeMinutes: 30 } });
        const doc = new fakeDocument_1.FakeDocument('file:///ws/a.ts', '');
        tracker.track(doc.uri, doc.text, doc.version);
        tracker.handleChange(doc.change([{ offset: 0, length: 0, text: 'an old edit' }]), doc.getText);
        const timers = new FakeTimers();
        const timer = (0, cleanupTimer_1.startCleanupTimer)(() => tracker.cleanup(), timers);
        assert.deepStrictEqual([...timers.intervals.values()].map(i => i.ms), [5 * 60_000]);
        assert.strictEqual(cleanupTimer_1.CLEANUP_INTERVAL_MS, 5 * 60_000);
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
//# sourceMappingURL=editTrackerSettings.test.js.map