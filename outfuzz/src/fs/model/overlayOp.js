"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
//# sourceMappingURL=overlayOp.js.map