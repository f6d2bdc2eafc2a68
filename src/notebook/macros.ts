/**
 * `#define NAME value` macros (seed 004): defined in prompts, substituted as `{{NAME}}` in rules files and
 * referenced files, persisted in the notebook's metadata across turns (newer definitions override older ones).
 */

/** A macro name: a C-like identifier. */
export const MACRO_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

const DEFINE_LINE = /^[ \t]*#define[ \t]+([A-Za-z_][A-Za-z0-9_]*)(?:[ \t]+(.*?))?[ \t]*$/;
const FENCE = /^[ \t]*(```|~~~)/;
const USE = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/**
 * The `#define NAME value` lines of a prompt, in order; a later definition of the same name wins. The value is
 * the rest of the line (trimmed; empty when absent). Lines inside fenced code blocks are code, not definitions.
 */
export function extractMacroDefinitions(prompt: string): Map<string, string> {
  const out = new Map<string, string>();
  let fence: string | undefined;
  for (const line of prompt.split(/\r?\n/)) {
    const f = FENCE.exec(line);
    if (f) {
      if (fence === undefined) fence = f[1];
      else if (fence === f[1]) fence = undefined;
      continue;
    }
    if (fence !== undefined) continue;
    const m = DEFINE_LINE.exec(line);
    if (m) out.set(m[1], m[2] ?? '');
  }
  return out;
}

/** The macros in force for one turn: persisted ones, overridden by the current prompt's definitions. */
export class MacroContext {
  private readonly macros = new Map<string, string>();

  /** Defines (or redefines) one macro. Throws on a name that is not an identifier. */
  define(name: string, value: string): void {
    if (!MACRO_NAME.test(name)) throw new Error(`"${name}" is not a valid macro name (letters, digits and _, not starting with a digit)`);
    this.macros.set(name, value);
  }

  /**
   * Replaces every macro with the persisted ones (`metadata.macroContext`). Entries that are not
   * `identifier → string` are skipped and returned, so a hand-edited notebook cannot break a turn.
   */
  setMacros(persisted: unknown): string[] {
    this.macros.clear();
    const skipped: string[] = [];
    if (persisted === undefined || persisted === null) return skipped;
    if (typeof persisted !== 'object' || Array.isArray(persisted)) return ['macroContext (not an object)'];
    for (const [name, value] of Object.entries(persisted as Record<string, unknown>)) {
      if (MACRO_NAME.test(name) && typeof value === 'string') this.macros.set(name, value);
      else skipped.push(name);
    }
    return skipped;
  }

  get(name: string): string | undefined {
    return this.macros.get(name);
  }

  get size(): number {
    return this.macros.size;
  }

  /** The macros as a plain object, for the notebook metadata. */
  getMacrosObject(): Record<string, string> {
    return Object.fromEntries(this.macros);
  }

  /**
   * Replaces `{{NAME}}` (spaces inside the braces allowed) with the macro's value. Unknown names stay as
   * written, so a file that uses braces for something else is not damaged. One pass: values are not expanded again.
   */
  substitute(text: string): string {
    if (this.macros.size === 0) return text;
    return text.replace(USE, (whole, name: string) => this.macros.get(name) ?? whole);
  }
}
