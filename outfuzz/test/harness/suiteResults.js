"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
//# sourceMappingURL=suiteResults.js.map