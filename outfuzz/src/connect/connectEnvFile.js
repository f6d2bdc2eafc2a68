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
exports.connectEnvFilePath = connectEnvFilePath;
exports.renderConnectEnvFile = renderConnectEnvFile;
exports.sourceCommand = sourceCommand;
const path = __importStar(require("path"));
const connectTargets_1 = require("./connectTargets");
/**
 * The user-level file that carries the bridge's URL and this start's token to an agent's shell. It lives in the
 * home directory (never in a project), is readable by the user only, and the extension rewrites it on every bridge
 * start once a Connect command created it, because the token changes on every start (SPEC §7).
 */
function connectEnvFilePath(home) {
    return path.join(home, '.agent-overlay', 'mcp.env');
}
/** POSIX shell lines (`source` them); the values are single-quoted, so nothing in them is expanded. */
function renderConnectEnvFile(endpoint) {
    return [
        '# Agent Overlay MCP bridge: rewritten by the extension on every bridge start (the token changes each time).',
        '# Load it in the shell you start a CLI agent from:  source <this file>',
        `export ${connectTargets_1.CONNECT_ENV.url}=${shellQuote(endpoint.url)}`,
        `export ${connectTargets_1.CONNECT_ENV.token}=${shellQuote(endpoint.token)}`,
        '',
    ].join('\n');
}
/** The line to give the user. */
function sourceCommand(file) {
    return `source ${shellQuote(file)}`;
}
function shellQuote(s) {
    return `'${s.replace(/'/g, `'\\''`)}'`;
}
//# sourceMappingURL=connectEnvFile.js.map