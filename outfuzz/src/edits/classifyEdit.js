"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.classifyEdit = classifyEdit;
exports.isWhitespaceOnlyChange = isWhitespaceOnlyChange;
exports.equalIgnoringWhitespace = equalIgnoringWhitespace;
exports.isWhitespace = isWhitespace;
exports.ignoreReason = ignoreReason;
/**
 * The seed's classification, with one deliberate change of order: whitespace is checked first, so inserting a
 * blank line or re-indenting is `format` (the spec: "format = whitespace-only difference"), not `insert`.
 * Callers skip no-op changes (old === new) before asking.
 */
function classifyEdit(oldText, newText) {
    if (isWhitespaceOnlyChange(oldText, newText))
        return 'format';
    if (oldText === '')
        return 'insert';
    if (newText === '')
        return 'delete';
    return 'replace';
}
/** True when the two texts differ and are equal once every whitespace character is removed. */
function isWhitespaceOnlyChange(oldText, newText) {
    return oldText !== newText && equalIgnoringWhitespace(oldText, newText);
}
/**
 * Compares without building stripped copies: a 1 MB paste over 1 MB of code would otherwise allocate two 1 MB
 * strings per event, and real replacements differ within the first few characters, so this usually exits early.
 * Whitespace is what `\s` matches in JavaScript.
 */
function equalIgnoringWhitespace(a, b) {
    let i = 0;
    let j = 0;
    for (;;) {
        while (i < a.length && isWhitespace(a.charCodeAt(i)))
            i++;
        while (j < b.length && isWhitespace(b.charCodeAt(j)))
            j++;
        if (i === a.length || j === b.length)
            return i === a.length && j === b.length;
        if (a.charCodeAt(i) !== b.charCodeAt(j))
            return false;
        i++;
        j++;
    }
}
function isWhitespace(code) {
    if (code <= 32)
        return code === 32 || (code >= 9 && code <= 13);
    if (code < 160)
        return false;
    return code === 160 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029
        || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}
/** Why the seed's rules drop this edit, or `undefined` to keep it. `oldLength` is VS Code's `rangeLength`. */
function ignoreReason(oldLength, newText, editType, rules) {
    if (rules.ignoreSingleChar) {
        if (newText.length === 1 && oldLength <= 1)
            return 'singleChar';
        if (newText.length < rules.minEditLength && oldLength < rules.minEditLength)
            return 'small';
    }
    if (rules.ignoreWhitespace && editType === 'format')
        return 'whitespace';
    return undefined;
}
//# sourceMappingURL=classifyEdit.js.map