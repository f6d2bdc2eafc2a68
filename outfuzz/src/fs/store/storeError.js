"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.FormatTooNewError = exports.StateCorruptError = exports.BlobMissingError = exports.BlobCorruptError = exports.StoreError = void 0;
class StoreError extends Error {
    code;
    constructor(code, message, options) {
        super(message, options);
        this.code = code;
        this.name = new.target.name;
    }
}
exports.StoreError = StoreError;
/** A blob whose content does not match its hash. Never returned as bytes: wrong bytes could be applied to disk. */
class BlobCorruptError extends StoreError {
    ref;
    actualHash;
    movedTo;
    constructor(ref, actualHash, movedTo) {
        super('BLOB_CORRUPT', `blob ${ref} is corrupted (content hashes to ${actualHash})` +
            (movedTo ? `; the bad file was moved to ${movedTo}` : ''));
        this.ref = ref;
        this.actualHash = actualHash;
        this.movedTo = movedTo;
    }
}
exports.BlobCorruptError = BlobCorruptError;
class BlobMissingError extends StoreError {
    ref;
    constructor(ref) {
        super('BLOB_MISSING', `blob ${ref} does not exist in the store`);
        this.ref = ref;
    }
}
exports.BlobMissingError = BlobMissingError;
/**
 * A state file (snapshot, log, journal entry) that cannot be trusted. `copy` is where the bad bytes were kept
 * so nothing is lost to a later overwrite; `offset` is where a log stopped being valid.
 */
class StateCorruptError extends StoreError {
    file;
    reason;
    copy;
    offset;
    constructor(code, file, reason, copy, offset) {
        super(code, `${file}: ${reason}` + (copy ? ` (a copy of the bad file was kept at ${copy})` : ''));
        this.file = file;
        this.reason = reason;
        this.copy = copy;
        this.offset = offset;
    }
}
exports.StateCorruptError = StateCorruptError;
/** A file written by a newer extension: refusing is the only safe answer, a fallback would drop its data. */
class FormatTooNewError extends StoreError {
    file;
    found;
    supported;
    constructor(file, found, supported, what) {
        super('FORMAT_TOO_NEW', `${file} has ${what} version ${found}; this version of the extension reads up to ${supported}`);
        this.file = file;
        this.found = found;
        this.supported = supported;
    }
}
exports.FormatTooNewError = FormatTooNewError;
//# sourceMappingURL=storeError.js.map