"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
//# sourceMappingURL=documentEdit.js.map