import type { AgentTool, ToolAnswer, ToolCaller } from '../agentTool';
import { ToolError } from '../agentTool';
import type { ToolMetadata } from '../toolManifest';
import { askBeforeTouchingOthers } from './othersChanges';
import { stagedChangeAnswer } from './stagedChangeAnswer';
import { encodeUtf8, MAX_CONTENT_CHARS, resolveToolPath, toolErrorOf, type OverlayToolContext } from './overlayToolContext';
import { readOrUndefined } from './writeFileTool';

export interface ResolveConflictInput {
  path: string;
  content: string;
}

export const RESOLVE_CONFLICT_METADATA: ToolMetadata = {
  toolName: 'overlay_resolveConflict',
  displayName: 'Resolve Conflict (Agent Overlay)',
  userDescription: "Settles a conflict with the agent's merged content (still staged for review).",
  modelDescription:
    'Settles a conflict on a file by giving its merged content, which becomes the staged version (still reviewed by the user before it reaches the disk). ' +
    'A conflict on a change that another session or the user made is settled only if the user confirms. ' +
    'Use this tool after overlay_getConflict, when you have merged your change with the disk version; keep the user\'s disk changes unless they contradict the task. ' +
    'The content must not contain conflict markers. Example: {"path": "src/app.ts", "content": "<the whole merged file>"}.',
  inputSchema: {
    type: 'object',
    properties: {
      path: { type: 'string', description: 'Workspace-relative path of the conflicted file.' },
      content: { type: 'string', maxLength: MAX_CONTENT_CHARS, description: 'The complete merged content.' },
    },
    required: ['path', 'content'],
    additionalProperties: false,
  },
  tags: ['overlay', 'conflicts'],
};

export class ResolveConflictTool implements AgentTool<ResolveConflictInput> {
  readonly metadata = RESOLVE_CONFLICT_METADATA;
  constructor(private readonly ctx: OverlayToolContext) {}

  invocationMessage(input: ResolveConflictInput): string {
    return `Resolving the conflict on ${input.path}`;
  }

  async invoke(input: ResolveConflictInput, caller: ToolCaller): Promise<ToolAnswer> {
    const p = await resolveToolPath(this.ctx, input.path);
    const { overlay } = this.ctx;
    const composite = overlay.model.composite(p.absolute);
    if (!composite?.conflict) throw new ToolError('NoConflict', `${p.display} has no conflict to resolve.`);
    if (/^(<{7}|={7}|>{7}|\|{7})( |$)/m.test(input.content)) {
      throw new ToolError('ConflictMarkers', 'The content still contains conflict markers (<<<<<<<, =======, >>>>>>>). Merge the regions and send the final text.');
    }
    // Settling replaces the staged content of everyone who changed the file: the person decides for others' work.
    await askBeforeTouchingOthers(this.ctx, caller, composite.sessions, 'resolve the conflict on', p.display);
    const encoded = encodeUtf8(input.content, 'content');
    const before = readOrUndefined(this.ctx, p.absolute);
    try {
      overlay.model.resolveManually(p.absolute, encoded);
    } catch (e) {
      toolErrorOf(e, p.display);
    }
    await overlay.flush();
    return stagedChangeAnswer(this.ctx, p, before, input.content);
  }
}
