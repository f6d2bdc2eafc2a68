import { ToolError, type ToolCaller } from '../agentTool';
import { requesterName, sessionOwnerText } from '../requesterName';
import type { OverlayToolContext } from './overlayToolContext';

/**
 * The sessions among `sessions` that are not the caller's own. "Own" is the exact session: for an MCP client,
 * `mcp:<client>/<label>` as `mcpCaller` made it from the connection, so no argument can make another's its own.
 */
export function othersSessions(sessions: readonly string[], caller: Pick<ToolCaller, 'sessionId'>): string[] {
  return [...new Set(sessions.filter(s => s !== caller.sessionId))];
}

/**
 * Asks the person (a modal) before an agent discards or settles a change another session or the person made, as
 * the README promises; throws `DeniedByUser` unless they allow. Nothing is asked when every session is the
 * caller's own. Every name in the dialog that a client chose is shown quoted (`clientText.ts`).
 */
export async function askBeforeTouchingOthers(ctx: OverlayToolContext, caller: ToolCaller, sessions: readonly string[], action: 'discard' | 'resolve the conflict on', what: string): Promise<void> {
  const others = othersSessions(sessions, caller);
  if (others.length === 0) return;
  const owners = others.map(sessionOwnerText);
  const ok = await ctx.confirm(
    `${requesterName(caller)} wants to ${action} ${what}, which another session or you made.`,
    `Made by: ${owners.join('; ')}.\nThe disk is not touched either way.`,
  );
  if (!ok) throw new ToolError('DeniedByUser', `The user did not allow you to ${action} ${what}: it was made by another session or by the user. Leave it, or ask the user.`);
}
