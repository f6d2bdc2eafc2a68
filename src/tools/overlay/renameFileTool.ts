import { OverlayError } from '../../fs/model/overlayError';
import type { ChangeRecord } from '../../fs/model/changeRecord';
import type { AgentTool, ToolAnswer, ToolCaller } from '../agentTool';
import type { ToolMetadata } from '../toolManifest';
import { describeChange, displayPath, metaOf, resolveToolPath, toolErrorOf, type OverlayToolContext } from './overlayToolContext';

export interface RenameFileInput {
  from: string;
  to: string;
  description?: string;
}

export const RENAME_FILE_METADATA: ToolMetadata = {
  toolName: 'overlay_renameFile',
  displayName: 'Rename File (Agent Overlay)',
  userDescription: 'Stages a file or folder rename or move for review.',
  modelDescription:
    'Renames or moves a workspace file as a STAGED change, keeping its staged edits. The destination must not exist. ' +
    'Given a directory, moves every file under it (one change per file); nothing is staged if any destination exists. ' +
    'Use this tool when you move a file to another folder or give it a better name; update its importers with overlay_editFile. ' +
    'Example: {"from": "src/utils.ts", "to": "src/util/strings.ts", "description": "Group string helpers"}.',
  inputSchema: {
    type: 'object',
    properties: {
      from: { type: 'string', description: 'Workspace-relative path of the file or directory now.' },
      to: { type: 'string', description: 'Workspace-relative path it should have.' },
      description: { type: 'string', maxLength: 500, description: 'Why, in a few words; shown to the reviewer.' },
    },
    required: ['from', 'to'],
    additionalProperties: false,
  },
  tags: ['overlay', 'files'],
};

export class RenameFileTool implements AgentTool<RenameFileInput> {
  readonly metadata = RENAME_FILE_METADATA;
  constructor(private readonly ctx: OverlayToolContext) {}

  invocationMessage(input: RenameFileInput): string {
    return `Staging rename of ${input.from} to ${input.to}`;
  }

  async invoke(input: RenameFileInput, caller: ToolCaller): Promise<ToolAnswer> {
    const from = await resolveToolPath(this.ctx, input.from, 'from');
    const to = await resolveToolPath(this.ctx, input.to, 'to');
    const { overlay } = this.ctx;
    let records: readonly ChangeRecord[] = [];
    let isDirectory = false;
    try {
      isDirectory = overlay.stat(from.absolute).type === 'directory';
      records = overlay.rename(from.absolute, to.absolute, metaOf(caller, input.description, `Rename ${from.display} to ${to.display}`));
    } catch (e) {
      toolErrorOf(e, e instanceof OverlayError && e.code === 'FileExists' ? displayPath(this.ctx, typeof e.data.path === 'string' ? e.data.path : to.absolute) : from.display);
    }
    await overlay.flush();
    if (isDirectory) {
      const moved = records.filter(r => r.operation === 'rename').map(r => ({ from: displayPath(this.ctx, r.fromPath!), to: displayPath(this.ctx, r.path) }));
      return {
        summary: `Staged the move of ${moved.length} file(s) from ${from.display} to ${to.display}, with the folder itself.`,
        data: { status: records.length ? 'staged' : 'unchanged', operation: 'rename', fromPath: from.display, path: to.display, files: moved },
      };
    }
    const c = overlay.model.composite(to.absolute);
    return {
      summary: `Staged rename of ${from.display} to ${to.display}.`,
      data: c ? { status: 'staged', ...describeChange(this.ctx, c) } : { status: 'unchanged', path: to.display },
    };
  }
}
