"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.EDIT_TRACKER_SETTING_KEYS = exports.DEFAULT_EDIT_TRACKER_SETTINGS = void 0;
exports.normalizeEditTrackerSettings = normalizeEditTrackerSettings;
exports.editTrackerSettingsFrom = editTrackerSettingsFrom;
exports.DEFAULT_EDIT_TRACKER_SETTINGS = {
    enabled: true,
    maxEdits: 10,
    maxGlobalEdits: 50,
    maxUndoRedoEdits: 5,
    maxGlobalUndoRedoEdits: 20,
    maxAgeMinutes: 30,
    ignoreWhitespace: true,
    ignoreSingleChar: true,
    minEditLength: 3,
    maxStoredTextLength: 16 * 1024,
};
/**
 * Defaults for what is missing, and out-of-range numbers pulled into range rather than rejected: a user's
 * `maxEdits: 0` or `-5` in settings.json should not stop the extension from activating.
 */
function normalizeEditTrackerSettings(input = {}) {
    const d = exports.DEFAULT_EDIT_TRACKER_SETTINGS;
    return {
        enabled: typeof input.enabled === 'boolean' ? input.enabled : d.enabled,
        maxEdits: intIn(input.maxEdits, d.maxEdits, 1, 1000),
        maxGlobalEdits: intIn(input.maxGlobalEdits, d.maxGlobalEdits, 1, 10000),
        maxUndoRedoEdits: intIn(input.maxUndoRedoEdits, d.maxUndoRedoEdits, 0, 1000),
        maxGlobalUndoRedoEdits: intIn(input.maxGlobalUndoRedoEdits, d.maxGlobalUndoRedoEdits, 0, 10000),
        maxAgeMinutes: numIn(input.maxAgeMinutes, d.maxAgeMinutes, 0.001, 7 * 24 * 60),
        ignoreWhitespace: typeof input.ignoreWhitespace === 'boolean' ? input.ignoreWhitespace : d.ignoreWhitespace,
        ignoreSingleChar: typeof input.ignoreSingleChar === 'boolean' ? input.ignoreSingleChar : d.ignoreSingleChar,
        minEditLength: intIn(input.minEditLength, d.minEditLength, 0, 1000),
        maxStoredTextLength: intIn(input.maxStoredTextLength, d.maxStoredTextLength, 16, 16 * 1024 * 1024),
    };
}
function numIn(v, fallback, min, max) {
    return typeof v === 'number' && Number.isFinite(v) ? Math.min(max, Math.max(min, v)) : fallback;
}
function intIn(v, fallback, min, max) {
    return Math.round(numIn(v, fallback, min, max));
}
/** The user settings under `agentOverlay.editHistory.*` (SPEC §4), as `package.json` declares them. */
exports.EDIT_TRACKER_SETTING_KEYS = [
    'enabled', 'maxEdits', 'maxGlobalEdits', 'maxUndoRedoEdits', 'maxGlobalUndoRedoEdits', 'maxAgeMinutes', 'ignoreWhitespace', 'ignoreSingleChar',
];
/**
 * The tracker's settings from a configuration reader (`vscode.WorkspaceConfiguration.get` in the adapter): only
 * the user settings are read; values of the wrong type are left out, so the defaults (or, on a change, the
 * current values) apply instead.
 */
function editTrackerSettingsFrom(get) {
    const out = {};
    for (const key of exports.EDIT_TRACKER_SETTING_KEYS) {
        const v = get(key);
        const wanted = typeof exports.DEFAULT_EDIT_TRACKER_SETTINGS[key];
        if (typeof v === wanted && (typeof v !== 'number' || Number.isFinite(v)))
            out[key] = v;
    }
    return out;
}
//# sourceMappingURL=editTrackerSettings.js.map