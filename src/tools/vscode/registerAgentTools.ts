import * as vscode from 'vscode';
import type { AgentTool } from '../agentTool';
import { LmToolAdapter, type MessageIdResolver } from './lmToolAdapter';

/** Registers every agent tool with `vscode.lm`; each must also be declared in package.json (TOOL_CATALOG). */
export function registerAgentTools(tools: readonly AgentTool<never>[], resolveMessageId?: MessageIdResolver): vscode.Disposable {
  return vscode.Disposable.from(
    ...tools.map(t => vscode.lm.registerTool(t.metadata.toolName, new LmToolAdapter(t as AgentTool<unknown>, resolveMessageId))),
  );
}
