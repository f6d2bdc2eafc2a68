/**
 * The settings under `agentOverlay.editHistory.*` (SPEC §4), with the seed's defaults. `minEditLength` and
 * `maxStoredTextLength` are not user settings in the seed; they are here so tests and the adapter can tune them.
 */
export interface EditTrackerSettings {
  readonly enabled: boolean;
  /** Edits kept per file. */
  readonly maxEdits: number;
  /** Edits kept across all files. */
  readonly maxGlobalEdits: number;
  /** Undo and redo edits kept per file, apart from the other edits (seed 002: "tracked separately"). */
  readonly maxUndoRedoEdits: number;
  /** Undo and redo edits kept across all files. */
  readonly maxGlobalUndoRedoEdits: number;
  /** Edits older than this are dropped. */
  readonly maxAgeMinutes: number;
  /** Drop edits that change only whitespace. */
  readonly ignoreWhitespace: boolean;
  /** Drop typing-sized edits (one character; or, with `minEditLength`, both sides shorter than it). */
  readonly ignoreSingleChar: boolean;
  /** The seed's "< 3 characters" rule (only with `ignoreSingleChar`); 0 turns it off. */
  readonly minEditLength: number;
  /**
   * Longest `oldText`/`newText` kept per edit, in UTF-16 code units; longer texts keep their head and the edit is
   * marked `truncated`. 16 Ki × 2 sides × 50 edits stays inside the 5 MB budget even for two-byte text.
   */
  readonly maxStoredTextLength: number;
}

export const DEFAULT_EDIT_TRACKER_SETTINGS: EditTrackerSettings = {
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
export function normalizeEditTrackerSettings(input: Partial<EditTrackerSettings> = {}): EditTrackerSettings {
  const d = DEFAULT_EDIT_TRACKER_SETTINGS;
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

function numIn(v: unknown, fallback: number, min: number, max: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? Math.min(max, Math.max(min, v)) : fallback;
}

function intIn(v: unknown, fallback: number, min: number, max: number): number {
  return Math.round(numIn(v, fallback, min, max));
}

/** The user settings under `agentOverlay.editHistory.*` (SPEC §4), as `package.json` declares them. */
export const EDIT_TRACKER_SETTING_KEYS = [
  'enabled', 'maxEdits', 'maxGlobalEdits', 'maxUndoRedoEdits', 'maxGlobalUndoRedoEdits', 'maxAgeMinutes', 'ignoreWhitespace', 'ignoreSingleChar',
] as const satisfies readonly (keyof EditTrackerSettings)[];

/**
 * The tracker's settings from a configuration reader (`vscode.WorkspaceConfiguration.get` in the adapter): only
 * the user settings are read; values of the wrong type are left out, so the defaults (or, on a change, the
 * current values) apply instead.
 */
export function editTrackerSettingsFrom(get: (key: string) => unknown): Partial<EditTrackerSettings> {
  const out: Record<string, unknown> = {};
  for (const key of EDIT_TRACKER_SETTING_KEYS) {
    const v = get(key);
    const wanted = typeof DEFAULT_EDIT_TRACKER_SETTINGS[key];
    if (typeof v === wanted && (typeof v !== 'number' || Number.isFinite(v))) out[key] = v;
  }
  return out as Partial<EditTrackerSettings>;
}
