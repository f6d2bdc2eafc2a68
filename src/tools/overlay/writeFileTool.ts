import type { AgentTool, ToolAnswer, ToolCaller } from '../agentTool';
import type { ToolMetadata } from '../toolManifest';
import { stagedChangeAnswer } from './stagedChangeAnswer';
import { encodeUtf8, HANDED_OVER, MAX_CONTENT_CHARS, metaOf, resolveToolPath, toolErrorOf, type OverlayToolContext } from './overlayToolContext';

export interface WriteFileInput {
  path: string;
  content: string;
  description?: string;
}

export const WRITE_FILE_METADATA: ToolMetadata = {
  toolName: 'overlay_writeFile',
  displayName: 'Write File (Agent Overlay)',
  userDescription: 'Stages a whole-file write for review; nothing reaches the disk until the user applies it.',
  modelDescription:
    'Creates or replaces a text file in the workspace as a STAGED change: the user reviews it in Source Control and applies or discards it; ' +
    'your later reads already see it. Use this tool when you create a new file or rewrite most of one; for small changes prefer overlay_editFile. ' +
    'Give a short description of why; it is shown to the reviewer. ' +
    'Example: {"path": "src/util/slug.ts", "content": "export function slug(s: string) {\\n  return s.toLowerCase();\\n}\\n", "description": "Add slug helper"}.',
  inputSchema: {
    type: 'object',
    properties: {
      path: { type: 'string', description: 'Workspace-relative path, e.g. "src/app.ts".' },
      content: { type: 'string', maxLength: MAX_CONTENT_CHARS, description: 'The complete new content of the file.' },
      description: { type: 'string', maxLength: 500, description: 'Why, in a few words; shown to the reviewer.' },
    },
    required: ['path', 'content'],
    additionalProperties: false,
  },
  tags: ['overlay', 'files', 'edit'],
};

export class WriteFileTool implements AgentTool<WriteFileInput> {
  readonly metadata = WRITE_FILE_METADATA;
  constructor(private readonly ctx: OverlayToolContext) {}

  invocationMessage(input: WriteFileInput): string {
    return `Staging ${input.path}`;
  }

  async invoke(input: WriteFileInput, caller: ToolCaller): Promise<ToolAnswer> {
    const p = await resolveToolPath(this.ctx, input.path);
    const { overlay } = this.ctx;
    const encoded = encodeUtf8(input.content, 'content');
    const before = readOrUndefined(this.ctx, p.absolute);
    try {
      // `encoded` was made for this write and is not used after it: handed over, not copied.
      overlay.write(p.absolute, encoded, metaOf(caller, input.description, `Write ${p.display}`), HANDED_OVER);
    } catch (e) {
      toolErrorOf(e, p.display);
    }
    await overlay.flush();
    return stagedChangeAnswer(this.ctx, p, before, input.content);
  }
}

export function readOrUndefined(ctx: OverlayToolContext, absolute: string): Uint8Array | undefined {
  try {
    return ctx.overlay.readFile(absolute);
  } catch {
    return undefined;
  }
}
