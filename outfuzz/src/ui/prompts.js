"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
exports.PromptsSwitch = exports.ScriptedPrompts = exports.windowPrompts = void 0;
const vscode = __importStar(require("vscode"));
exports.windowPrompts = {
    async confirm(message, detail, ...actions) {
        return vscode.window.showWarningMessage(message, { modal: true, detail }, ...actions);
    },
    async pick(items, options) {
        return vscode.window.showQuickPick(items, options);
    },
};
/** Scripted answers, queued by tests; an unexpected question fails loudly instead of hanging. */
class ScriptedPrompts {
    asked = [];
    /** The labels each pick offered, in order (the first is the one Enter takes). */
    offered = [];
    answers = [];
    answer(...answers) {
        this.answers.push(...answers);
    }
    async confirm(message, detail) {
        this.asked.push(`${message}\n${detail}`);
        return this.next(message);
    }
    async pick(items, options) {
        this.asked.push(options.title ?? options.placeHolder ?? 'pick');
        this.offered.push(items.map(i => i.label));
        const label = this.next(options.title ?? 'pick');
        return label === undefined ? undefined : items.find(i => i.label === label || i.label.includes(label));
    }
    next(question) {
        if (this.answers.length === 0)
            throw new Error(`unexpected question with no scripted answer: ${question}`);
        return this.answers.shift();
    }
}
exports.ScriptedPrompts = ScriptedPrompts;
/** Switchable: the extension starts with the window and a test may swap in scripted answers. */
class PromptsSwitch {
    current;
    constructor(current = exports.windowPrompts) {
        this.current = current;
    }
    confirm(message, detail, ...actions) {
        return this.current.confirm(message, detail, ...actions);
    }
    pick(items, options) {
        return this.current.pick(items, options);
    }
}
exports.PromptsSwitch = PromptsSwitch;
//# sourceMappingURL=prompts.js.map