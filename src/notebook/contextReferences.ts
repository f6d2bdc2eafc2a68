/**
 * What a prompt points at: `@[path]` file references, bare `@path` references (seed 004's own example:
 * `@rules/api-rules.md`), `@[tool:NAME {json args}]` tool references and Markdown images `![alt](source)`.
 * Pure parsing; resolution happens in the interaction-history builder.
 */

export type ContextReference =
  /** `bare`: written `@path` without brackets; only sent when it names an existing file, else a warning. */
  | { readonly kind: 'file'; readonly path: string; readonly raw: string; readonly bare?: true }
  | { readonly kind: 'tool'; readonly name: string; readonly args: Readonly<Record<string, unknown>>; readonly raw: string }
  | { readonly kind: 'invalid'; readonly raw: string; readonly reason: string };

const FENCE = /^[ \t]*(```|~~~)/;
const TOOL_NAME = /^[A-Za-z0-9_.-]+$/;

/** Text outside fenced code blocks, with the fenced lines blanked (offsets are kept). */
export function outsideCodeFences(text: string): string {
  let fence: string | undefined;
  return text
    .split('\n')
    .map(line => {
      const f = FENCE.exec(line);
      if (f) {
        if (fence === undefined) fence = f[1];
        else if (fence === f[1]) fence = undefined;
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
export function parseContextReferences(prompt: string): ContextReference[] {
  const text = outsideInlineCode(outsideCodeFences(prompt));
  const out: ContextReference[] = [];
  let from = 0;
  for (;;) {
    const start = text.indexOf('@', from);
    if (start < 0) return out;
    if (text[start + 1] !== '[') {
      const bare = bareReferenceAt(text, start);
      if (bare) out.push({ kind: 'file', path: bare, raw: `@${bare}`, bare: true });
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
/** A character of a script written without spaces between words (Han, kana, Hangul). */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
/** Such text right after a file's extension is the sentence going on (`@a.md中`), not the file's name. */
const CJK_AFTER_EXTENSION = /^(.*\.[A-Za-z][A-Za-z0-9]{0,9})[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+$/u;
/** Punctuation that ends a sentence rather than a path: `see @src/app.ts.` means src/app.ts. */
const TRAILING_PUNCTUATION = /[.,;:!?]+$/;

/**
 * The path of a bare `@path` starting at `at` (the `@`), or undefined when the token does not look like a path.
 * A bare reference starts a word (so `user@example.com` is not one) and looks like a path when it has a folder
 * separator or a file extension (`@rules/api-rules.md`, `@README.md`); `@alice` or `@2x` are just words.
 * Paths with spaces need `@[path with spaces]`.
 */
export function bareReferenceAt(text: string, at: number): string | undefined {
  // Chinese, Japanese and Korean run words together without spaces: `检查@rules/api-rules.md中` starts one there.
  if (at > 0 && !/[\s(（,，:：;；]/.test(text[at - 1]) && !CJK.test(text[at - 1])) return undefined;
  let end = at + 1;
  while (end < text.length && !BARE_STOP.test(text[end])) end++;
  const token = text.slice(at + 1, end).replace(TRAILING_PUNCTUATION, '').replace(CJK_AFTER_EXTENSION, '$1');
  if (token === '' || token.startsWith('@')) return undefined;
  return looksLikePath(token) ? token : undefined;
}

/** A folder separator with something on both sides of it, or a name ending in an extension (`.md`, `.ts`). */
export function looksLikePath(token: string): boolean {
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(token)) return false; // a URL, not a workspace path
  if (/[^/\\][/\\]+[^/\\]/.test(token) || /^\.{0,2}[/\\][^/\\]/.test(token)) return true;
  return /[^./\\]\.[A-Za-z][A-Za-z0-9]{0,9}$/.test(token);
}

/** Text with inline code spans (`` `…` ``) blanked, offsets kept: `@x.ts` inside code is an example, not a reference. */
export function outsideInlineCode(text: string): string {
  return text.replace(/(`+)[^`\n]*?\1/g, m => ' '.repeat(m.length));
}

/** The reference a `@[key]` body names (`key` is also how the notebook metadata remembers it). */
export function referenceOf(body: string, raw = `@[${body}]`): ContextReference {
  if (body === '') return { kind: 'invalid', raw, reason: 'empty reference' };
  const tool = /^tool:\s*([^\s{]+)\s*(.*)$/s.exec(body);
  if (!tool) return { kind: 'file', path: body, raw };
  const [, name, argText] = tool;
  if (!TOOL_NAME.test(name)) return { kind: 'invalid', raw, reason: `"${name}" is not a tool name` };
  if (argText.trim() === '') return { kind: 'tool', name, args: {}, raw };
  let args: unknown;
  try {
    args = JSON.parse(argText);
  } catch (e) {
    return { kind: 'invalid', raw, reason: `the arguments of tool ${name} are not valid JSON (${(e as Error).message})` };
  }
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    return { kind: 'invalid', raw, reason: `the arguments of tool ${name} must be a JSON object` };
  }
  return { kind: 'tool', name, args: args as Record<string, unknown>, raw };
}

/** The key a tool reference is deduplicated by: same tool and same arguments (key order ignored). */
export function toolKey(name: string, args: unknown): string {
  return `tool:${name} ${canonicalJson(args)}`;
}

export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.keys(value).sort().map(k => [k, sortKeys((value as Record<string, unknown>)[k])]));
  }
  return value;
}

/** Index of the `]` closing a bracket opened just before `from`, or -1 (end of line or text first). */
function matchingBracket(text: string, from: number): number {
  let depth = 0;
  let inString = false;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') return -1;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"' && depth > 0) inString = true;
    else if (c === '[' || c === '{') depth++;
    else if (c === ']' && depth === 0) return i;
    else if (c === ']' || c === '}') depth = Math.max(0, depth - 1);
  }
  return -1;
}

// ── images ────────────────────────────────────────────────────────────────────────────────────────────────

export type PromptSegment =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'image'; readonly alt: string; readonly source: string; readonly raw: string };

const IMAGE = /!\[([^\]\n]*)\]\(\s*(?:<([^>\n]+)>|([^)\s]+))(?:\s+"[^"\n]*")?\s*\)/g;

/**
 * Splits a prompt at its Markdown images `![alt](source)` (also `![alt](<path with spaces>)` and a title):
 * text and image segments in order. Images inside fenced code blocks stay text.
 */
export function splitPromptImages(prompt: string): PromptSegment[] {
  const scan = outsideCodeFences(prompt);
  const out: PromptSegment[] = [];
  let last = 0;
  for (const m of scan.matchAll(IMAGE)) {
    const at = m.index ?? 0;
    if (at > last) out.push({ kind: 'text', text: prompt.slice(last, at) });
    out.push({ kind: 'image', alt: m[1], source: (m[2] ?? m[3]).trim(), raw: m[0] });
    last = at + m[0].length;
  }
  if (last < prompt.length) out.push({ kind: 'text', text: prompt.slice(last) });
  return out;
}
