import { lineStats } from '../../fs/lineStats';
import type { ToolAnswer } from '../agentTool';
import { describeChange, type OverlayToolContext, type ToolPath } from './overlayToolContext';

/** The answer of a tool that staged content at a path: the composite change and the lines this call moved. */
export function stagedChangeAnswer(ctx: OverlayToolContext, p: ToolPath, before: Uint8Array | undefined, after: string): ToolAnswer {
  const c = ctx.overlay.model.composite(p.absolute);
  const stats = lineStats(before ? new TextDecoder().decode(before) : '', after);
  if (!c) {
    return { summary: `${p.display} now equals the disk again: nothing is staged for it.`, data: { status: 'unchanged', path: p.display } };
  }
  return {
    summary: `Staged ${c.kind} of ${p.display} (+${stats.added} −${stats.removed} lines); the user reviews it before it reaches the disk.`,
    data: { status: 'staged', ...describeChange(ctx, c), linesAdded: stats.added, linesRemoved: stats.removed },
  };
}
