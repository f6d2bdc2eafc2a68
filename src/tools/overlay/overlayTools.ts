import type { AgentTool } from '../agentTool';
import { DeleteFileTool } from './deleteFileTool';
import { DiscardChangesTool } from './discardChangesTool';
import { EditFileTool } from './editFileTool';
import { GetConflictTool } from './getConflictTool';
import { ListChangesTool } from './listChangesTool';
import { ListDirectoryTool } from './listDirectoryTool';
import { ReadFileTool } from './readFileTool';
import { RenameFileTool } from './renameFileTool';
import { ResolveConflictTool } from './resolveConflictTool';
import { SearchTool } from './searchTool';
import { WriteFileTool } from './writeFileTool';
import type { OverlayToolContext } from './overlayToolContext';
import { plainViewToolServices, type ViewToolServices } from './viewToolServices';

/** The overlay's agent tools, in catalog order. */
export function createOverlayTools(ctx: OverlayToolContext, view: ViewToolServices = plainViewToolServices()): AgentTool<never>[] {
  return [
    new ReadFileTool(ctx), new WriteFileTool(ctx), new EditFileTool(ctx), new DeleteFileTool(ctx), new RenameFileTool(ctx),
    new ListDirectoryTool(ctx, view), new SearchTool(ctx, view),
    new ListChangesTool(ctx), new GetConflictTool(ctx), new ResolveConflictTool(ctx), new DiscardChangesTool(ctx),
  ] as AgentTool<never>[];
}
