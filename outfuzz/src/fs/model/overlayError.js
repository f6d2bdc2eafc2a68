"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.OverlayError = void 0;
class OverlayError extends Error {
    code;
    data;
    name = 'OverlayError';
    constructor(code, message, data = {}) {
        super(message);
        this.code = code;
        this.data = data;
    }
}
exports.OverlayError = OverlayError;
//# sourceMappingURL=overlayError.js.map