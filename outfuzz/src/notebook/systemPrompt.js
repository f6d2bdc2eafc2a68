"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.getSystemPrompt = getSystemPrompt;
/**
 * The minimal system prompt of seed 004: identity and the few facts the model cannot infer. Everything else
 * (rules, referenced files, pre-run tool results) travels in the ghost block of the newest user message.
 */
function getSystemPrompt(options) {
    const lines = [
        'You are an AI coding agent working in the user\'s VS Code workspace through Agent Overlay.',
        'Your file changes are STAGED, not written to disk: use the overlay_* tools to read and change files; the user reviews your changes in Source Control and applies them.',
        'The newest user message ends with a <content_reference> JSON block {rules, files, tools, recentEdits?, notes?}: the workspace rules, the current content of the files the user referenced (staged changes included), results of tools the user ran, the edits the user just made in the editor (RECENT EDITS, most recent first) and notes about context that could not be sent. Follow the rules; do not read those files again unless you changed them.',
    ];
    if (options.isSubAgent) {
        lines.push(`You are a sub-agent: work only inside ${options.allowedFolders.join(', ') || 'the folders you were given'}, and end with a short report of what you did for the agent that delegated to you.`);
    }
    return lines.join('\n');
}
//# sourceMappingURL=systemPrompt.js.map