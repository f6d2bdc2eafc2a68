"use strict";
/**
 * `#define NAME value` / `#undef NAME` macros (seed 004): defined in prompts, substituted as `{{NAME}}` in rules
 * files, referenced files, the prompt text and tool arguments — "all context" — and persisted in the notebook's
 * metadata across turns (newer definitions override older ones; the cell that defined a macro is remembered so
 * that deleting the cell retracts it).
 */
Object.defineProperty(exports, "__esModule", { value: true });
exports.MacroContext = exports.MACRO_NAME = void 0;
exports.extractMacroDefinitions = extractMacroDefinitions;
exports.extractMacroDirectives = extractMacroDirectives;
/** A macro name: a C-like identifier. */
exports.MACRO_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const DEFINE_LINE = /^[ \t]*#define[ \t]+([A-Za-z_][A-Za-z0-9_]*)(?:[ \t]+(.*?))?[ \t]*$/;
const UNDEF_LINE = /^[ \t]*#undef[ \t]+([A-Za-z_][A-Za-z0-9_]*)[ \t]*$/;
const FENCE = /^[ \t]*(```|~~~)/;
const USE = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;
/**
 * The `#define NAME value` lines of a prompt, in order; a later definition of the same name wins. The value is
 * the rest of the line (trimmed; empty when absent). Lines inside fenced code blocks are code, not definitions.
 */
function extractMacroDefinitions(prompt) {
    const out = new Map();
    for (const d of extractMacroDirectives(prompt)) {
        if (d.kind === 'define')
            out.set(d.name, d.value);
        else
            out.delete(d.name);
    }
    return out;
}
/** The `#define NAME value` and `#undef NAME` lines of a prompt, in order (fenced code blocks excluded). */
function extractMacroDirectives(prompt) {
    const out = [];
    let fence;
    for (const line of prompt.split(/\r?\n/)) {
        const f = FENCE.exec(line);
        if (f) {
            if (fence === undefined)
                fence = f[1];
            else if (fence === f[1])
                fence = undefined;
            continue;
        }
        if (fence !== undefined)
            continue;
        const d = DEFINE_LINE.exec(line);
        if (d) {
            out.push({ kind: 'define', name: d[1], value: d[2] ?? '' });
            continue;
        }
        const u = UNDEF_LINE.exec(line);
        if (u)
            out.push({ kind: 'undef', name: u[1] });
    }
    return out;
}
/** The macros in force for one turn: persisted ones, overridden by the current prompt's definitions. */
class MacroContext {
    macros = new Map();
    /** Defines (or redefines) one macro. Throws on a name that is not an identifier. */
    define(name, value) {
        if (!exports.MACRO_NAME.test(name))
            throw new Error(`"${name}" is not a valid macro name (letters, digits and _, not starting with a digit)`);
        this.macros.set(name, value);
    }
    /**
     * Replaces every macro with the persisted ones (`metadata.macroContext`). Entries that are not
     * `identifier → string` are skipped and returned, so a hand-edited notebook cannot break a turn.
     */
    setMacros(persisted) {
        this.macros.clear();
        const skipped = [];
        if (persisted === undefined || persisted === null)
            return skipped;
        if (typeof persisted !== 'object' || Array.isArray(persisted))
            return ['macroContext (not an object)'];
        for (const [name, value] of Object.entries(persisted)) {
            if (exports.MACRO_NAME.test(name) && typeof value === 'string')
                this.macros.set(name, value);
            else
                skipped.push(name);
        }
        return skipped;
    }
    /** Forgets a macro (`#undef NAME`); returns whether it was defined. */
    undefine(name) {
        return this.macros.delete(name);
    }
    has(name) {
        return this.macros.has(name);
    }
    /** Applies a prompt's directives in order. */
    apply(directives) {
        for (const d of directives) {
            if (d.kind === 'define')
                this.define(d.name, d.value);
            else
                this.undefine(d.name);
        }
    }
    /** A copy, so a turn can remember the macros in force at each cell. */
    clone() {
        const copy = new MacroContext();
        for (const [k, v] of this.macros)
            copy.macros.set(k, v);
        return copy;
    }
    get(name) {
        return this.macros.get(name);
    }
    get size() {
        return this.macros.size;
    }
    /** The macros as a plain object, for the notebook metadata. */
    getMacrosObject() {
        return Object.fromEntries(this.macros);
    }
    /**
     * Replaces `{{NAME}}` (spaces inside the braces allowed) with the macro's value. Unknown names stay as
     * written, so a file that uses braces for something else is not damaged. One pass: values are not expanded again.
     */
    substitute(text) {
        if (this.macros.size === 0)
            return text;
        return text.replace(USE, (whole, name) => this.macros.get(name) ?? whole);
    }
    /** `substitute` over every string inside a JSON value (tool arguments), keys left alone. */
    substituteDeep(value) {
        if (this.macros.size === 0)
            return value;
        const walk = (v) => {
            if (typeof v === 'string')
                return this.substitute(v);
            if (Array.isArray(v))
                return v.map(walk);
            if (typeof v === 'object' && v !== null)
                return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
            return v;
        };
        return walk(value);
    }
}
exports.MacroContext = MacroContext;
//# sourceMappingURL=macros.js.map