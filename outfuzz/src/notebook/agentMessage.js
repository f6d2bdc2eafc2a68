"use strict";
/**
 * The messages the notebook agent sends a chat model, independent of `vscode.lm` (the adapter converts them).
 * A message is a list of parts so a user turn can carry images and a tool round can carry calls and results.
 */
Object.defineProperty(exports, "__esModule", { value: true });
exports.textMessage = textMessage;
exports.messageText = messageText;
function textMessage(role, text) {
    return { role, content: [{ type: 'text', text }] };
}
/** The text parts of a message, concatenated (images, calls and results left out). */
function messageText(message) {
    return message.content.map(p => (p.type === 'text' ? p.text : '')).join('');
}
//# sourceMappingURL=agentMessage.js.map