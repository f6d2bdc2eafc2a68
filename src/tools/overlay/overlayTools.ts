import type { AgentTool } from '../agentTool';
import { DeleteFileTool } from './deleteFileTool';
import { DiscardChangesTool } from './discardChangesTool';
import { EditFileTool } from './editFileTool';
import { GetConflictTool } from './getConflictTool';
import { ListChangesTool } from './listChangesTool';
import { ReadFileTool } from './readFileTool';
import { RenameFileTool } from './renameFileTool';
import { ResolveConflictTool } from './resolveConflictTool';
import { WriteFileTool } from './writeFileTool';
import type { OverlayToolContext } from './overlayToolContext';

/** The overlay's agent tools, in catalog order. */
export function createOverlayTools(ctx: OverlayToolContext): AgentTool<never>[] {
  return [
    new ReadFileTool(ctx), new WriteFileTool(ctx), new EditFileTool(ctx), new DeleteFileTool(ctx), new RenameFileTool(ctx),
    new ListChangesTool(ctx), new GetConflictTool(ctx), new ResolveConflictTool(ctx), new DiscardChangesTool(ctx),
  ] as AgentTool<never>[];
}
