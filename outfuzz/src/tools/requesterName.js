"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.requesterName = requesterName;
const agentTool_1 = require("./agentTool");
/**
 * Who is asking, in a consent dialog's words: the MCP client's name, "VS Code chat", or the agent chat
 * notebook's file name — "AI Agent" only when nothing better is known.
 */
function requesterName(caller) {
    switch (caller.via) {
        case 'mcp': {
            const client = caller.sessionId.startsWith('mcp:') ? caller.sessionId.slice('mcp:'.length).trim() : '';
            return client ? `${client} (MCP client)` : 'An MCP client';
        }
        case 'vscode-chat':
            // Without a chat session the call came through vscode.lm.invokeTool from anywhere (another extension).
            return caller.sessionId === agentTool_1.UNKNOWN_SESSION ? 'AI Agent' : 'VS Code chat';
        case 'notebook': {
            const file = caller.sessionId.replace(/[?#].*$/, '').split('/').pop() ?? '';
            let name = file;
            try {
                name = decodeURIComponent(file);
            }
            catch {
                // keep it as written
            }
            return name ? `The agent chat notebook ${name}` : 'The agent chat notebook';
        }
        case 'test':
            return 'AI Agent';
    }
}
//# sourceMappingURL=requesterName.js.map