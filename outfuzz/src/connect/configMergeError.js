"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ConfigMergeError = void 0;
/** A configuration file we were asked to add our entry to cannot be read safely; nothing was written. */
class ConfigMergeError extends Error {
    code;
    file;
    constructor(code, file, message) {
        super(`${file}: ${message} Nothing was changed; fix or move the file and run the command again.`);
        this.code = code;
        this.file = file;
        this.name = 'ConfigMergeError';
    }
}
exports.ConfigMergeError = ConfigMergeError;
//# sourceMappingURL=configMergeError.js.map