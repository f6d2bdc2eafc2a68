"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
//# sourceMappingURL=historyToolPorts.js.map