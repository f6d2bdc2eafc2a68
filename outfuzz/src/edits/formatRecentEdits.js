"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.formatRecentEdits = formatRecentEdits;
exports.localTimestamp = localTimestamp;
const uriMatchesPath_1 = require("./uriMatchesPath");
const DEFAULT_MAX_CODE = 4000;
/**
 * The seed's "RECENT EDITS" prompt block (seed 002, "Example Output"):
 *
 * ```
 * RECENT EDITS:
 *   [2025-01-15 11:30:42 +01:00] insert: Added 7 lines at src/login.ts:12
 *   ```typescript
 *   try {
 *   ...
 *   ```
 *
 * USER INSTRUCTION: …
 * ```
 * Times are the person's local wall-clock time with its UTC offset (the seed shows UTC): the person reading the
 * Recent Edits document thinks in local time, and an agent reading the same text (the `format: "text"` answer,
 * the notebook's ghost block) can relate "what I changed at ten" to an entry and still convert exactly; the
 * JSON answer keeps ISO UTC for programs. Edits in the order given (`getRecent` gives most recent first). The code is the new text, or the removed text
 * for a deletion. Returns '' when there is nothing to say.
 */
function formatRecentEdits(edits, options = {}) {
    const label = options.fileLabel ?? uriMatchesPath_1.uriPath;
    const maxCode = Math.max(1, options.maxCodeLength ?? DEFAULT_MAX_CODE);
    const sections = [];
    const offset = options.utcOffsetMinutes ?? ((ms) => -new Date(ms).getTimezoneOffset());
    const time = (ms) => localTimestamp(ms, offset(ms));
    if (edits.length)
        sections.push('RECENT EDITS:\n' + edits.map(e => formatOne(e, label(e.uri), maxCode, options.symbolOf?.(e), time)).join('\n\n'));
    if (options.userInstruction !== undefined)
        sections.push(`USER INSTRUCTION: ${options.userInstruction}`);
    return sections.join('\n\n');
}
function formatOne(edit, file, maxCode, symbol, time) {
    const isDelete = edit.editType === 'delete';
    // A leading or trailing line break (typing Enter first, a whole-line paste) would only add an empty line
    // inside the fence.
    let code = (isDelete ? edit.oldText ?? '' : edit.newText).replace(/\r\n?/g, '\n').replace(/\n$/, '').replace(/^\n(?=.)/, '');
    let description = describe(edit, file, symbol);
    if (isDelete && edit.oldText === undefined)
        description += ' (removed text unknown)';
    if (code.length > maxCode) {
        description += ` (first ${maxCode} of ${code.length} characters shown)`;
        code = code.slice(0, maxCode);
    }
    else if (edit.truncated) {
        description += ' (truncated)';
    }
    const fence = fenceFor(code);
    const indented = code.split('\n').map(line => (line ? '  ' + line : '')).join('\n');
    return `  [${time(edit.timestamp)}] ${edit.editType}: ${description}\n  ${fence}${edit.languageId ?? languageFromPath(file)}\n${indented}\n  ${fence}`;
}
const ORIGIN_PREFIX = { user: '', undo: 'Undo: ', redo: 'Redo: ', agent: 'Agent applied: ' };
/** A short single-line text is named as itself: "Replaced `total` with `grandTotal`". */
const QUOTABLE = 40;
function describe(edit, file, symbol) {
    const where = `${file}:${edit.range.start.line + 1}`;
    const prefix = ORIGIN_PREFIX[edit.origin];
    const inSymbol = symbol ? ` in ${quote(symbol)}` : '';
    switch (edit.editType) {
        case 'insert':
            return `${prefix}Added ${amount(edit.newText)}${inSymbol} at ${where}`;
        case 'delete':
            return `${prefix}Removed ${amount(edit.oldText)}${inSymbol ? inSymbol.replace(/^ in/, ' from') : ''} at ${where}`;
        case 'replace':
            return isQuotable(edit.oldText) && isQuotable(edit.newText)
                ? `${prefix}Replaced ${quote(edit.oldText ?? '')} with ${quote(edit.newText)}${inSymbol} at ${where}`
                : `${prefix}Replaced ${amount(edit.oldText)} with ${amount(edit.newText)}${inSymbol} at ${where}`;
        case 'format': {
            const lines = edit.range.end.line > edit.range.start.line ? `lines ${edit.range.start.line + 1}-${edit.range.end.line + 1}` : `line ${edit.range.start.line + 1}`;
            return `${prefix}Reformatted ${lines} of ${file}`;
        }
    }
}
/** "3 lines" for multi-line text, "12 characters" within a line. */
function amount(text) {
    if (text === undefined)
        return 'unknown text';
    const breaks = (text.match(/\r\n|\r|\n/g) ?? []).length;
    const lines = breaks + (/(\r\n|\r|\n)$/.test(text) || text === '' ? 0 : 1);
    if (breaks === 0)
        return plural(text.length, 'character');
    return plural(lines, 'line');
}
function isQuotable(text) {
    return text !== undefined && text.trim() !== '' && text.length <= QUOTABLE && !/[\r\n]/.test(text);
}
/** Inline code that survives backticks in the text. */
function quote(text) {
    const fence = text.includes('`') ? '``' : '`';
    return fence === '``' ? `\`\` ${text} \`\`` : `\`${text}\``;
}
function plural(n, word) {
    return `${n} ${word}${n === 1 ? '' : 's'}`;
}
/** A fence longer than any backtick run in the code, so code containing ``` cannot close it early. */
function fenceFor(code) {
    let longest = 0;
    for (const run of code.match(/`+/g) ?? [])
        longest = Math.max(longest, run.length);
    return '`'.repeat(Math.max(3, longest + 1));
}
/** "2025-01-15 11:30:42 +01:00": the wall-clock time `offsetMinutes` ahead of UTC, to the second, with the offset. */
function localTimestamp(ms, offsetMinutes) {
    const wall = new Date(Math.floor(ms / 1000) * 1000 + offsetMinutes * 60_000).toISOString();
    const sign = offsetMinutes < 0 ? '-' : '+';
    const abs = Math.abs(offsetMinutes);
    const two = (n) => String(n).padStart(2, '0');
    return `${wall.slice(0, 10)} ${wall.slice(11, 19)} ${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}
const EXTENSION_LANGUAGE = {
    ts: 'typescript', tsx: 'typescriptreact', js: 'javascript', jsx: 'javascriptreact', mjs: 'javascript', cjs: 'javascript',
    py: 'python', rs: 'rust', go: 'go', java: 'java', kt: 'kotlin', cs: 'csharp', c: 'c', h: 'c', cpp: 'cpp', hpp: 'cpp',
    rb: 'ruby', php: 'php', swift: 'swift', json: 'json', md: 'markdown', yml: 'yaml', yaml: 'yaml', sh: 'shellscript',
    css: 'css', scss: 'scss', html: 'html', sql: 'sql', xml: 'xml', toml: 'toml',
};
function languageFromPath(file) {
    const m = /\.([A-Za-z0-9]+)$/.exec(file);
    return (m && EXTENSION_LANGUAGE[m[1].toLowerCase()]) || '';
}
//# sourceMappingURL=formatRecentEdits.js.map