import type { AgentTool, ToolAnswer, ToolCaller } from '../agentTool';
import { ToolError } from '../agentTool';
import type { ToolMetadata } from '../toolManifest';
import { askBeforeTouchingOthers } from './othersChanges';
import { displayPath, resolveToolPath, type OverlayToolContext } from './overlayToolContext';

export interface DiscardChangesInput {
  path?: string;
  messageId?: string;
}

export const DISCARD_CHANGES_METADATA: ToolMetadata = {
  toolName: 'overlay_discardChanges',
  displayName: 'Discard Staged Changes (Agent Overlay)',
  userDescription: "Discards the agent's own staged changes (others' only with your confirmation).",
  modelDescription:
    'Discards staged changes, which never reached the disk: the disk stays as it is. With path: that file\'s staged change. ' +
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

export class DiscardChangesTool implements AgentTool<DiscardChangesInput> {
  readonly metadata = DISCARD_CHANGES_METADATA;
  constructor(private readonly ctx: OverlayToolContext) {}

  invocationMessage(input: DiscardChangesInput): string {
    return input.path ? `Discarding the staged change to ${input.path}` : input.messageId ? `Discarding message ${input.messageId}'s changes` : "Discarding this session's staged changes";
  }

  async invoke(input: DiscardChangesInput, caller: ToolCaller): Promise<ToolAnswer> {
    const { overlay } = this.ctx;
    const { model } = overlay;
    if (input.path !== undefined && input.messageId !== undefined) throw new ToolError('InvalidInput', 'Give path or messageId, not both.');
    // A full or read-only disk: a discard the store cannot record would come back at the next start.
    overlay.assertWritable('Discard');
    let discarded: string[];
    if (input.path !== undefined) {
      const p = await resolveToolPath(this.ctx, input.path);
      const c = model.composite(p.absolute);
      if (!c) throw new ToolError('NoChange', `${p.display} has no staged change.`);
      await askBeforeTouchingOthers(this.ctx, caller, c.sessions, 'discard', `the staged change to ${p.display}`);
      model.discardPaths([p.absolute]);
      discarded = [p.display];
    } else if (input.messageId !== undefined) {
      // Message ids are the caller's own: another client's "msg-1" is another message.
      const records = model.recordsByMessage(input.messageId, caller.sessionId);
      if (records.length === 0) throw new ToolError('NoChange', `No staged change was made by message ${input.messageId} of this session. overlay_listChanges shows the messages.`);
      await overlay.discardMessage(input.messageId, caller.sessionId);
      discarded = [...new Set(records.map(r => displayPath(this.ctx, r.path)))];
    } else {
      discarded = [...new Set(model.recordsBySession(caller.sessionId).map(r => displayPath(this.ctx, r.path)))];
      await overlay.discardSession(caller.sessionId);
    }
    await overlay.flush();
    return {
      summary: discarded.length ? `Discarded staged changes to ${discarded.length} file(s); the disk was not touched.` : 'There was nothing staged by this session to discard.',
      data: { status: 'discarded', paths: discarded },
    };
  }

}
