/**
 * The agent chat notebook's own metadata, read defensively (the file is JSON a person may edit by hand):
 * remembered macros and context, the model to use, and a sub-agent's restriction to some folders.
 */

/** A reference remembered across turns (seed 004: "persisted context items are refreshed every turn"). */
export interface PersistedContextItem {
  readonly kind: 'file' | 'tool';
  /** The body of the `@[…]` reference that brings it back: a path, or `tool:NAME {json}`. */
  readonly key: string;
  /** The cell whose prompt referenced it last; the item is forgotten when that cell is deleted. */
  readonly cellId: string;
}

/** Which chat model the notebook uses (all fields optional; the first matching model wins). */
export interface ModelSelector {
  readonly vendor?: string;
  readonly family?: string;
  readonly id?: string;
}

export interface AgentNotebookMetadata {
  readonly macroContext?: unknown;
  /** Which cell defined each persisted macro (deleting that cell retracts it); macros without one always apply. */
  readonly macroOrigins: Readonly<Record<string, string>>;
  readonly contextItems: readonly PersistedContextItem[];
  /** When set, the only folders (file: URIs) this notebook's prompts and tools may reach. */
  readonly allowedUris?: readonly string[];
  readonly isSubAgent: boolean;
  readonly model?: ModelSelector;
}

export function readNotebookMetadata(metadata: Readonly<Record<string, unknown>> | undefined): AgentNotebookMetadata {
  const m = metadata ?? {};
  return {
    macroContext: m.macroContext,
    macroOrigins: readOrigins(m.macroOrigins),
    contextItems: Array.isArray(m.contextItems) ? m.contextItems.filter(isPersistedItem) : [],
    allowedUris: Array.isArray(m.allowedUris) ? m.allowedUris.filter((u): u is string => typeof u === 'string') : undefined,
    isSubAgent: m.isSubAgent === true,
    model: readModel(m.model),
  };
}

function readOrigins(v: unknown): Record<string, string> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return {};
  return Object.fromEntries(Object.entries(v as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));
}

function isPersistedItem(v: unknown): v is PersistedContextItem {
  if (typeof v !== 'object' || v === null) return false;
  const i = v as Record<string, unknown>;
  return (i.kind === 'file' || i.kind === 'tool') && typeof i.key === 'string' && i.key !== '' && typeof i.cellId === 'string';
}

function readModel(v: unknown): ModelSelector | undefined {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
  const s = v as Record<string, unknown>;
  const pick = (k: string) => (typeof s[k] === 'string' && s[k] !== '' ? (s[k] as string) : undefined);
  const selector = { vendor: pick('vendor'), family: pick('family'), id: pick('id') };
  return selector.vendor || selector.family || selector.id ? selector : undefined;
}

/**
 * The metadata update that forgets what deleted cells brought: their remembered context items and the macros
 * they defined (seed 004 keeps both in the notebook metadata; a deleted cell's turn no longer happened).
 * Undefined when the deleted cells brought nothing, so the caller leaves the notebook undirtied.
 */
export function retractCells(metadata: Readonly<Record<string, unknown>> | undefined, deleted: ReadonlySet<string>): Record<string, unknown> | undefined {
  const meta = readNotebookMetadata(metadata);
  const items = meta.contextItems.filter(i => !deleted.has(i.cellId));
  const gone = Object.entries(meta.macroOrigins).filter(([, cellId]) => deleted.has(cellId)).map(([name]) => name);
  if (items.length === meta.contextItems.length && gone.length === 0) return undefined;
  const update: Record<string, unknown> = { contextItems: items };
  if (gone.length) {
    const macros = typeof meta.macroContext === 'object' && meta.macroContext !== null && !Array.isArray(meta.macroContext) ? { ...(meta.macroContext as Record<string, unknown>) } : {};
    const origins = { ...meta.macroOrigins };
    for (const name of gone) {
      delete macros[name];
      delete origins[name];
    }
    update.macroContext = macros;
    update.macroOrigins = origins;
  }
  return update;
}
