"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.DiscardChangesTool = exports.DISCARD_CHANGES_METADATA = void 0;
const agentTool_1 = require("../agentTool");
const overlayToolContext_1 = require("./overlayToolContext");
exports.DISCARD_CHANGES_METADATA = {
    toolName: 'overlay_discardChanges',
    displayName: 'Discard Staged Changes (Agent Overlay)',
    userDescription: "Discards the agent's own staged changes (others' only with your confirmation).",
    modelDescription: 'Discards staged changes, which never reached the disk: the disk stays as it is. With path: that file\'s staged change. ' +
        'With messageId: the changes one message made (later changes to the same files are kept and rebased). With neither: everything this chat session staged. ' +
        'Use this tool to take back a wrong attempt before trying again. Changes made by other sessions or by the user are discarded only if the user confirms. ' +
        'Example: {"path": "src/app.ts"}.',
    inputSchema: {
        type: 'object',
        properties: {
            path: { type: 'string', description: 'Workspace-relative path whose staged change to discard.' },
            messageId: { type: 'string', description: 'Discard the changes made by this message.' },
        },
        additionalProperties: false,
    },
    tags: ['overlay'],
};
class DiscardChangesTool {
    ctx;
    metadata = exports.DISCARD_CHANGES_METADATA;
    constructor(ctx) {
        this.ctx = ctx;
    }
    invocationMessage(input) {
        return input.path ? `Discarding the staged change to ${input.path}` : input.messageId ? `Discarding message ${input.messageId}'s changes` : "Discarding this session's staged changes";
    }
    async invoke(input, caller) {
        const { overlay } = this.ctx;
        const { model } = overlay;
        if (input.path !== undefined && input.messageId !== undefined)
            throw new agentTool_1.ToolError('InvalidInput', 'Give path or messageId, not both.');
        let discarded;
        if (input.path !== undefined) {
            const p = await (0, overlayToolContext_1.resolveToolPath)(this.ctx, input.path);
            const c = model.composite(p.absolute);
            if (!c)
                throw new agentTool_1.ToolError('NoChange', `${p.display} has no staged change.`);
            await this.allowForeign(c.sessions, caller, `the staged change to ${p.display}`);
            model.discardPaths([p.absolute]);
            discarded = [p.display];
        }
        else if (input.messageId !== undefined) {
            // Message ids are the caller's own: another client's "msg-1" is another message.
            const records = model.recordsByMessage(input.messageId, caller.sessionId);
            if (records.length === 0)
                throw new agentTool_1.ToolError('NoChange', `No staged change was made by message ${input.messageId} of this session. overlay_listChanges shows the messages.`);
            model.prune(input.messageId, caller.sessionId);
            discarded = [...new Set(records.map(r => (0, overlayToolContext_1.displayPath)(this.ctx, r.path)))];
        }
        else {
            discarded = [...new Set(model.recordsBySession(caller.sessionId).map(r => (0, overlayToolContext_1.displayPath)(this.ctx, r.path)))];
            model.discardSession(caller.sessionId);
        }
        await overlay.flush();
        return {
            summary: discarded.length ? `Discarded staged changes to ${discarded.length} file(s); the disk was not touched.` : 'There was nothing staged by this session to discard.',
            data: { status: 'discarded', paths: discarded },
        };
    }
    async allowForeign(sessions, caller, what) {
        const foreign = sessions.filter(s => s !== caller.sessionId);
        if (foreign.length === 0)
            return;
        const ok = await this.ctx.confirm(`An agent wants to discard ${what}, which another session or you made.`, `Made by: ${foreign.join(', ')}.\nThe disk is not touched either way.`);
        if (!ok)
            throw new agentTool_1.ToolError('DeniedByUser', `The user did not allow discarding ${what}: it was made by another session. Leave it, or ask the user.`);
    }
}
exports.DiscardChangesTool = DiscardChangesTool;
//# sourceMappingURL=discardChangesTool.js.map