import type { ChangeRecord } from '../../fs/model/changeRecord';
import type { AgentTool, ToolAnswer, ToolCaller } from '../agentTool';
import type { ToolMetadata } from '../toolManifest';
import { describeChange, displayPath, metaOf, resolveToolPath, toolErrorOf, type OverlayToolContext } from './overlayToolContext';

export interface DeleteFileInput {
  path: string;
  description?: string;
}

export const DELETE_FILE_METADATA: ToolMetadata = {
  toolName: 'overlay_deleteFile',
  displayName: 'Delete File (Agent Overlay)',
  userDescription: 'Stages the deletion of a file, or of every file in a folder, for review.',
  modelDescription:
    'Deletes a workspace file as a STAGED change: the file stays on disk until the user applies the deletion, but your reads no longer see it. ' +
    'Given a directory, stages the deletion of every file under it (one change per file) and of the directory itself, and lists them. ' +
    'Use this tool when a file is no longer needed (e.g. after moving its code elsewhere). ' +
    'Example: {"path": "src/legacy/oldHelper.ts", "description": "Replaced by src/util/helper.ts"}.',
  inputSchema: {
    type: 'object',
    properties: {
      path: { type: 'string', description: 'Workspace-relative path of the file or directory, e.g. "src/old.ts".' },
      description: { type: 'string', maxLength: 500, description: 'Why, in a few words; shown to the reviewer.' },
    },
    required: ['path'],
    additionalProperties: false,
  },
  tags: ['overlay', 'files'],
};

export class DeleteFileTool implements AgentTool<DeleteFileInput> {
  readonly metadata = DELETE_FILE_METADATA;
  constructor(private readonly ctx: OverlayToolContext) {}

  invocationMessage(input: DeleteFileInput): string {
    return `Staging deletion of ${input.path}`;
  }

  async invoke(input: DeleteFileInput, caller: ToolCaller): Promise<ToolAnswer> {
    const p = await resolveToolPath(this.ctx, input.path);
    const { overlay } = this.ctx;
    let records: readonly ChangeRecord[] = [];
    let isDirectory = false;
    try {
      isDirectory = overlay.stat(p.absolute).type === 'directory';
      records = overlay.delete(p.absolute, metaOf(caller, input.description, `Delete ${p.display}`), { recursive: true });
    } catch (e) {
      toolErrorOf(e, p.display);
    }
    await overlay.flush();
    if (isDirectory) return directoryAnswer(this.ctx, p.display, records);
    const c = overlay.model.composite(p.absolute);
    return {
      summary: c ? `Staged deletion of ${p.display}; the file stays on disk until the user applies it.` : `${p.display} was only ever staged, so it is simply gone.`,
      data: c ? { status: 'staged', ...describeChange(this.ctx, c) } : { status: 'unstaged', path: p.display },
    };
  }
}

function directoryAnswer(ctx: OverlayToolContext, display: string, records: readonly ChangeRecord[]): ToolAnswer {
  const files = records.filter(r => r.operation === 'delete').map(r => displayPath(ctx, r.path));
  // The folder itself and those inside it are removed too (`rmdir` records): on Apply, once nothing is left in them.
  const folders = records.filter(r => r.operation === 'rmdir').map(r => displayPath(ctx, r.path));
  if (records.length === 0) return { summary: `${display} holds no files; there is nothing to delete.`, data: { status: 'unchanged', path: display, files } };
  return {
    summary: `Staged deletion of ${files.length} file(s) under ${display} and of the folder itself; they stay on disk until the user applies it.`,
    data: { status: 'staged', operation: 'delete', path: display, files, folders },
  };
}
