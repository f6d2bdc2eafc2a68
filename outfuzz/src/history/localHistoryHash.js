"use strict";
/**
 * VS Code names a file's local-history folder `<User>/History/<hash>` where
 * `hash = hash(resource.toString()).toString(16)` (`workingCopyHistoryService.ts`, research/formats.md §A2).
 * Computing the same name lets us open exactly that one folder instead of scanning the user's whole history
 * store (SPEC §3 data minimisation). Port of `stringHash`/`numberHash` from `vs/base/common/hash.ts`, checked
 * against real folder names in test/unit/history/localHistoryHash.test.ts.
 */
Object.defineProperty(exports, "__esModule", { value: true });
exports.LOCAL_HISTORY_FOLDER_PATTERN = void 0;
exports.stringHash = stringHash;
exports.localHistoryFolderName = localHistoryFolderName;
/** `hashVal * 31 + val` kept as a signed int32, exactly as VS Code's `numberHash`. */
function numberHash(val, initialHashVal) {
    return ((initialHashVal << 5) - initialHashVal + val) | 0;
}
/**
 * VS Code's `stringHash(s, hashVal)`. `hash(obj)` of a string is `stringHash(s, 0)`; the seed 149417 is the
 * constant VS Code's `doHash` mixes in for the `string` type. Iterates UTF-16 code units, like `charCodeAt`.
 */
function stringHash(s, hashVal = 0) {
    let h = numberHash(149417, hashVal);
    for (let i = 0; i < s.length; i++) {
        h = numberHash(s.charCodeAt(i), h);
    }
    return h;
}
/**
 * The `<User>/History/` folder name for a resource URI string as VS Code formats it (`URI.toString()`, encoded,
 * see `formatResourceUri`). Signed and not zero-padded, so `-7eb5368e` and `-730b956` are both valid names.
 */
function localHistoryFolderName(resourceUri) {
    return stringHash(resourceUri, 0).toString(16);
}
/** What a folder name produced by `localHistoryFolderName` looks like; anything else under History/ is not ours. */
exports.LOCAL_HISTORY_FOLDER_PATTERN = /^-?[0-9a-f]{1,8}$/;
//# sourceMappingURL=localHistoryHash.js.map