"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ListChangesTool = exports.LIST_CHANGES_METADATA = void 0;
const overlayToolContext_1 = require("./overlayToolContext");
exports.LIST_CHANGES_METADATA = {
    toolName: 'overlay_listChanges',
    displayName: 'List Staged Changes (Agent Overlay)',
    userDescription: 'Lists the staged changes waiting for review.',
    modelDescription: 'Lists every staged change waiting for the user\'s review: operation, path, description, the chat session and message that made it, and any conflict. ' +
        'Use this tool when you resume work, before summarising what you changed, or to find conflicts to settle with overlay_getConflict. ' +
        'Set sessionOnly to see only this chat session\'s changes. Example: {"sessionOnly": true}.',
    inputSchema: {
        type: 'object',
        properties: {
            sessionOnly: { type: 'boolean', description: 'Only changes made in this chat session. Default false.' },
        },
        additionalProperties: false,
    },
    tags: ['overlay'],
};
class ListChangesTool {
    ctx;
    metadata = exports.LIST_CHANGES_METADATA;
    constructor(ctx) {
        this.ctx = ctx;
    }
    invocationMessage() {
        return 'Listing staged changes';
    }
    async invoke(input, caller) {
        const all = this.ctx.overlay.composites();
        const changes = input.sessionOnly ? all.filter(c => c.sessions.includes(caller.sessionId)) : all;
        const conflicts = changes.filter(c => c.conflict).length;
        return {
            summary: `${changes.length} staged change${changes.length === 1 ? '' : 's'}${conflicts ? `, ${conflicts} in conflict (see overlay_getConflict)` : ''}.`,
            data: { changes: changes.map(c => (0, overlayToolContext_1.describeChange)(this.ctx, c)), session: caller.sessionId },
        };
    }
}
exports.ListChangesTool = ListChangesTool;
//# sourceMappingURL=listChangesTool.js.map