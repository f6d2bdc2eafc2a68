"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
//# sourceMappingURL=documentChangeEvent.js.map