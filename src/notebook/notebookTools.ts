/**
 * Calling the extension's agent tools from the notebook: the model's tool calls in a turn, and the tools a
 * prompt pre-runs with `@[tool:NAME {args}]`. The same validation and error answers as every other front end.
 */
import { ToolError, type AgentTool, type ToolAnswer, type ToolCaller } from '../tools/agentTool';
import { invokeAgentTool as runAgentTool } from '../tools/invokeAgentTool';
import { answerText, errorAnswer } from '../tools/toolAnswerText';
import { candidatePaths, isInsideAny, type NotebookRoot } from './referencePaths';

/**
 * Tools a prompt may pre-run: only those that change nothing and ask nobody, because the references of every
 * earlier prompt are resolved again on each turn.
 */
export const PROMPT_RUNNABLE_TOOLS: ReadonlySet<string> = new Set([
  'overlay_readFile', 'overlay_listChanges', 'overlay_getConflict', 'edits_getRecent', 'chat_getFirstRequest', 'chat_getRequest',
]);

/** Returns why a call must not run (a path outside the allowed folders), or undefined. */
export type ToolGuard = (toolName: string, input: Readonly<Record<string, unknown>>) => string | undefined;

/** The input fields that name files, across the tool catalog. */
const PATH_FIELDS = ['path', 'from', 'to', 'filePath'] as const;

/**
 * A guard keeping tool calls inside `allowed` (a sub-agent notebook's `allowedUris`). When the allowed folders
 * cover every workspace folder it lets everything through: the tools' own path policy applies as usual.
 */
export function allowedFoldersGuard(roots: readonly NotebookRoot[], allowed: readonly string[]): ToolGuard | undefined {
  if (roots.every(r => isInsideAny(allowed, r.path))) return undefined;
  return (toolName, input) => {
    // A search covers every workspace folder; a listing without a path lists the workspace folder.
    if (toolName === 'overlay_search') return `${toolName} searches the whole workspace, and this agent may work only in ${allowed.join(', ')}. List and read files there with overlay_listDirectory and overlay_readFile.`;
    for (const field of PATH_FIELDS) {
      const value = input[field] ?? (toolName === 'overlay_listDirectory' && field === 'path' ? '.' : undefined);
      if (typeof value !== 'string') continue;
      const candidates = candidatePaths(value, roots) ?? [];
      if (!candidates.some(c => isInsideAny(allowed, c))) {
        return `${toolName}: ${field} "${value}" is outside the folders this agent may work in (${allowed.join(', ')}). Work only inside those folders.`;
      }
    }
    return undefined;
  };
}

export interface ToolOutcome {
  readonly text: string;
  readonly answer: ToolAnswer;
  readonly ok: boolean;
}

/** Validates and runs one tool call; every failure becomes an answer the model can read (never a throw). */
export async function invokeAgentTool(
  tools: ReadonlyMap<string, AgentTool<never>>,
  name: string,
  input: unknown,
  caller: ToolCaller,
  options: { readonly guard?: ToolGuard; readonly signal?: AbortSignal } = {},
): Promise<ToolOutcome> {
  const tool = tools.get(name);
  if (!tool) {
    const answer = errorAnswer(name, new ToolError('UnknownTool', `There is no tool named ${name}. Call one of: ${[...tools.keys()].join(', ')}.`));
    return { text: answerText(answer), answer, ok: false };
  }
  const outcome = await runAgentTool(tool as AgentTool<unknown>, input, caller, {
    signal: options.signal,
    guard: valid => options.guard?.(name, valid as Record<string, unknown>),
  });
  return { text: outcome.text, answer: outcome.answer, ok: !outcome.isError };
}

/** Pre-runs a tool a prompt references; only `PROMPT_RUNNABLE_TOOLS`. Resolves to the answer text. */
export async function runPromptTool(
  tools: ReadonlyMap<string, AgentTool<never>>,
  name: string,
  args: Readonly<Record<string, unknown>>,
  caller: ToolCaller,
  guard?: ToolGuard,
): Promise<string> {
  if (!PROMPT_RUNNABLE_TOOLS.has(name)) {
    const why = tools.has(name)
      ? `${name} cannot be run from a prompt reference: only tools that change nothing can (${[...PROMPT_RUNNABLE_TOOLS].join(', ')}). Ask the agent to call it instead.`
      : `There is no tool named ${name} that a prompt can run (${[...PROMPT_RUNNABLE_TOOLS].join(', ')}).`;
    return answerText(errorAnswer(name, new ToolError('NotRunnableFromPrompt', why)));
  }
  return (await invokeAgentTool(tools, name, args, caller, { guard })).text;
}

export function toolsByName(tools: readonly AgentTool<never>[]): Map<string, AgentTool<never>> {
  return new Map(tools.map(t => [t.metadata.toolName, t]));
}
