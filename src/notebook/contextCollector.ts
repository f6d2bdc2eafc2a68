/**
 * The context collector of seed 004: a Map of everything the newest user message carries in its ghost block
 * (`<content_reference>`), deduplicated by key — the same file, the same rules file, or the same tool with the
 * same arguments replaces the earlier entry (and moves to the end: the most recent reference is last).
 */

export type ContextItem =
  | { readonly kind: 'rule'; readonly path: string; readonly content: string }
  | { readonly kind: 'file'; readonly path: string; readonly content: string }
  | { readonly kind: 'tool'; readonly name: string; readonly args: unknown; readonly result: string };

/** The JSON inside `<content_reference>`. */
export interface GhostBlock {
  readonly rules: { readonly path: string; readonly content: string }[];
  readonly files: Record<string, string>;
  readonly tools: { readonly name: string; readonly args: unknown; readonly result: string }[];
  /** The user's recent edits as the seed-002 "RECENT EDITS" block, when there are any and the setting is on. */
  readonly recentEdits?: string;
  /** One-line notes for the model about the context itself (files referenced earlier that are gone). */
  readonly notes?: string[];
}

export const GHOST_OPEN = '<content_reference>';
export const GHOST_CLOSE = '</content_reference>';

export class ContextCollector {
  private readonly items = new Map<string, ContextItem>();

  /** Adds an item under `key`, replacing (and moving to the end) an earlier item with the same key. */
  set(key: string, item: ContextItem): void {
    this.items.delete(key);
    this.items.set(key, item);
  }

  has(key: string): boolean {
    return this.items.has(key);
  }

  get size(): number {
    return this.items.size;
  }

  toGhostBlock(): GhostBlock {
    const block: { rules: GhostBlock['rules'][number][]; files: Record<string, string>; tools: GhostBlock['tools'][number][] } = { rules: [], files: {}, tools: [] };
    for (const item of this.items.values()) {
      switch (item.kind) {
        case 'rule':
          block.rules.push({ path: item.path, content: item.content });
          break;
        case 'file':
          delete block.files[item.path];
          block.files[item.path] = item.content;
          break;
        case 'tool':
          block.tools.push({ name: item.name, args: item.args, result: item.result });
          break;
      }
    }
    return block;
  }
}

/** The ghost block as appended to the newest user message. */
export function renderGhostBlock(block: GhostBlock): string {
  return `${GHOST_OPEN}\n${JSON.stringify(block, null, 2)}\n${GHOST_CLOSE}`;
}

/** The ghost block inside a message text, parsed; undefined when there is none (tests and diagnostics). */
export function findGhostBlock(text: string): GhostBlock | undefined {
  const start = text.lastIndexOf(GHOST_OPEN);
  const end = text.lastIndexOf(GHOST_CLOSE);
  if (start < 0 || end < start) return undefined;
  return JSON.parse(text.slice(start + GHOST_OPEN.length, end)) as GhostBlock;
}
