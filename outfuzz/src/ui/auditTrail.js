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
exports.AuditTrail = void 0;
const vscode = __importStar(require("vscode"));
const auditLines_1 = require("./auditLines");
/** Lines kept for the test seam (the output channel itself cannot be read back through the API). */
const KEPT = 500;
/**
 * The "Agent Overlay" output channel: an audit trail of every staging, conflict, resolution, discard, apply and
 * undo, with paths, session and message — never file contents. Model operations are logged as they happen
 * (whoever caused them: an agent's tool, a person, the disk watcher); commands add what only they know
 * (what Apply refused, what Undo restored).
 */
class AuditTrail {
    naming;
    channel = vscode.window.createOutputChannel('Agent Overlay', { log: true });
    kept = [];
    sub;
    constructor(model, naming) {
        this.naming = naming;
        this.sub = model.onDidChange(e => {
            if (e.op)
                this.note((0, auditLines_1.auditLineOf)(e.op, this.naming));
        });
    }
    note(line) {
        this.channel.info(line);
        this.kept.push(line);
        if (this.kept.length > KEPT)
            this.kept.splice(0, this.kept.length - KEPT);
    }
    /** The latest lines, oldest first. */
    lines() {
        return this.kept;
    }
    show() {
        this.channel.show(true);
    }
    dispose() {
        this.sub.dispose();
        this.channel.dispose();
    }
}
exports.AuditTrail = AuditTrail;
//# sourceMappingURL=auditTrail.js.map