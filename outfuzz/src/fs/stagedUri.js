"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.SchemeMismatchError = exports.FILE_SCHEME = exports.STAGED_SCHEME = void 0;
exports.toStagedParts = toStagedParts;
exports.toFileParts = toFileParts;
/**
 * The `file:` ⇄ `agent-staged:` mapping. An `agent-staged:` URI is the workspace file's URI with the scheme
 * swapped: authority, path, query and fragment are kept verbatim, so every workspace folder of a multi-root
 * workspace (and names with spaces, unicode, `#` or `?`, which live percent-encoded in the path) round-trips.
 */
exports.STAGED_SCHEME = 'agent-staged';
exports.FILE_SCHEME = 'file';
class SchemeMismatchError extends Error {
    expected;
    actual;
    constructor(expected, actual) {
        super(`expected a ${expected}: URI, got ${actual}:`);
        this.expected = expected;
        this.actual = actual;
    }
}
exports.SchemeMismatchError = SchemeMismatchError;
/** The parts of the `agent-staged:` twin of a `file:` URI. */
function toStagedParts(file) {
    if (file.scheme !== exports.FILE_SCHEME)
        throw new SchemeMismatchError(exports.FILE_SCHEME, file.scheme);
    return { ...pick(file), scheme: exports.STAGED_SCHEME };
}
/** The parts of the `file:` URI an `agent-staged:` URI stands for. */
function toFileParts(staged) {
    if (staged.scheme !== exports.STAGED_SCHEME)
        throw new SchemeMismatchError(exports.STAGED_SCHEME, staged.scheme);
    return { ...pick(staged), scheme: exports.FILE_SCHEME };
}
function pick(u) {
    return { scheme: u.scheme, authority: u.authority, path: u.path, query: u.query, fragment: u.fragment };
}
//# sourceMappingURL=stagedUri.js.map