"use strict";
/**
 * What a prompt points at: `@[path]` file references, bare `@path` references (seed 004's own example:
 * `@rules/api-rules.md`), `@[tool:NAME {json args}]` tool references and Markdown images `![alt](source)`.
 * Pure parsing; resolution happens in the interaction-history builder.
 */
Object.defineProperty(exports, "__esModule", { value: true });
exports.outsideCodeFences = outsideCodeFences;
exports.parseContextReferences = parseContextReferences;
exports.bareReferenceAt = bareReferenceAt;
exports.looksLikePath = looksLikePath;
exports.outsideInlineCode = outsideInlineCode;
exports.referenceOf = referenceOf;
exports.toolKey = toolKey;
exports.canonicalJson = canonicalJson;
exports.splitPromptImages = splitPromptImages;
const FENCE = /^[ \t]*(```|~~~)/;
const TOOL_NAME = /^[A-Za-z0-9_.-]+$/;
/** Text outside fenced code blocks, with the fenced lines blanked (offsets are kept). */
function outsideCodeFences(text) {
    let fence;
    return text
        .split('\n')
        .map(line => {
        const f = FENCE.exec(line);
        if (f) {
            if (fence === undefined)
                fence = f[1];
            else if (fence === f[1])
                fence = undefined;
            return ' '.repeat(line.length);
        }
        return fence === undefined ? line : ' '.repeat(line.length);
    })
        .join('\n');
}
/**
 * Every reference of a prompt, in order (fenced code blocks excluded): `@[…]`, and bare `@path` tokens that look
 * like a path (see `bareReferenceAt`). The bracket is matched with JSON in mind, so `@[tool:x {"a": "[1]"}]` is
 * one reference; a reference never spans lines.
 */
function parseContextReferences(prompt) {
    const text = outsideInlineCode(outsideCodeFences(prompt));
    const out = [];
    let from = 0;
    for (;;) {
        const start = text.indexOf('@', from);
        if (start < 0)
            return out;
        if (text[start + 1] !== '[') {
            const bare = bareReferenceAt(text, start);
            if (bare)
                out.push({ kind: 'file', path: bare, raw: `@${bare}`, bare: true });
            from = start + 1 + (bare?.length ?? 0);
            continue;
        }
        const end = matchingBracket(text, start + 2);
        if (end < 0) {
            from = start + 2;
            continue;
        }
        const raw = text.slice(start, end + 1);
        out.push(referenceOf(text.slice(start + 2, end).trim(), raw));
        from = end + 1;
    }
}
/** Characters that end a bare `@path`: whitespace, quotes, brackets, and CJK punctuation (`检查 @a.md，谢谢`). */
const BARE_STOP = /[\s"'`<>()[\]{}，。；：！？、（）「」『』《》]/;
/** Punctuation that ends a sentence rather than a path: `see @src/app.ts.` means src/app.ts. */
const TRAILING_PUNCTUATION = /[.,;:!?]+$/;
/**
 * The path of a bare `@path` starting at `at` (the `@`), or undefined when the token does not look like a path.
 * A bare reference starts a word (so `user@example.com` is not one) and looks like a path when it has a folder
 * separator or a file extension (`@rules/api-rules.md`, `@README.md`); `@alice` or `@2x` are just words.
 * Paths with spaces need `@[path with spaces]`.
 */
function bareReferenceAt(text, at) {
    if (at > 0 && !/[\s(（,，:：;；]/.test(text[at - 1]))
        return undefined;
    let end = at + 1;
    while (end < text.length && !BARE_STOP.test(text[end]))
        end++;
    const token = text.slice(at + 1, end).replace(TRAILING_PUNCTUATION, '');
    if (token === '' || token.startsWith('@'))
        return undefined;
    return looksLikePath(token) ? token : undefined;
}
/** A folder separator with something on both sides of it, or a name ending in an extension (`.md`, `.ts`). */
function looksLikePath(token) {
    if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(token))
        return false; // a URL, not a workspace path
    if (/[^/\\][/\\]+[^/\\]/.test(token) || /^\.{0,2}[/\\][^/\\]/.test(token))
        return true;
    return /[^./\\]\.[A-Za-z][A-Za-z0-9]{0,9}$/.test(token);
}
/** Text with inline code spans (`` `…` ``) blanked, offsets kept: `@x.ts` inside code is an example, not a reference. */
function outsideInlineCode(text) {
    return text.replace(/(`+)[^`\n]*?\1/g, m => ' '.repeat(m.length));
}
/** The reference a `@[key]` body names (`key` is also how the notebook metadata remembers it). */
function referenceOf(body, raw = `@[${body}]`) {
    if (body === '')
        return { kind: 'invalid', raw, reason: 'empty reference' };
    const tool = /^tool:\s*([^\s{]+)\s*(.*)$/s.exec(body);
    if (!tool)
        return { kind: 'file', path: body, raw };
    const [, name, argText] = tool;
    if (!TOOL_NAME.test(name))
        return { kind: 'invalid', raw, reason: `"${name}" is not a tool name` };
    if (argText.trim() === '')
        return { kind: 'tool', name, args: {}, raw };
    let args;
    try {
        args = JSON.parse(argText);
    }
    catch (e) {
        return { kind: 'invalid', raw, reason: `the arguments of tool ${name} are not valid JSON (${e.message})` };
    }
    if (typeof args !== 'object' || args === null || Array.isArray(args)) {
        return { kind: 'invalid', raw, reason: `the arguments of tool ${name} must be a JSON object` };
    }
    return { kind: 'tool', name, args: args, raw };
}
/** The key a tool reference is deduplicated by: same tool and same arguments (key order ignored). */
function toolKey(name, args) {
    return `tool:${name} ${canonicalJson(args)}`;
}
function canonicalJson(value) {
    return JSON.stringify(sortKeys(value));
}
function sortKeys(value) {
    if (Array.isArray(value))
        return value.map(sortKeys);
    if (typeof value === 'object' && value !== null) {
        return Object.fromEntries(Object.keys(value).sort().map(k => [k, sortKeys(value[k])]));
    }
    return value;
}
/** Index of the `]` closing a bracket opened just before `from`, or -1 (end of line or text first). */
function matchingBracket(text, from) {
    let depth = 0;
    let inString = false;
    for (let i = from; i < text.length; i++) {
        const c = text[i];
        if (c === '\n')
            return -1;
        if (inString) {
            if (c === '\\')
                i++;
            else if (c === '"')
                inString = false;
            continue;
        }
        if (c === '"' && depth > 0)
            inString = true;
        else if (c === '[' || c === '{')
            depth++;
        else if (c === ']' && depth === 0)
            return i;
        else if (c === ']' || c === '}')
            depth = Math.max(0, depth - 1);
    }
    return -1;
}
const IMAGE = /!\[([^\]\n]*)\]\(\s*(?:<([^>\n]+)>|([^)\s]+))(?:\s+"[^"\n]*")?\s*\)/g;
/**
 * Splits a prompt at its Markdown images `![alt](source)` (also `![alt](<path with spaces>)` and a title):
 * text and image segments in order. Images inside fenced code blocks stay text.
 */
function splitPromptImages(prompt) {
    const scan = outsideCodeFences(prompt);
    const out = [];
    let last = 0;
    for (const m of scan.matchAll(IMAGE)) {
        const at = m.index ?? 0;
        if (at > last)
            out.push({ kind: 'text', text: prompt.slice(last, at) });
        out.push({ kind: 'image', alt: m[1], source: (m[2] ?? m[3]).trim(), raw: m[0] });
        last = at + m[0].length;
    }
    if (last < prompt.length)
        out.push({ kind: 'text', text: prompt.slice(last) });
    return out;
}
//# sourceMappingURL=contextReferences.js.map