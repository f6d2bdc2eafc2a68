import type { ObjectSchema } from './jsonSchema';

/** The static face of a tool: what `package.json` declares and what MCP's `tools/list` shows. */
export interface ToolMetadata {
  readonly toolName: string;
  readonly displayName: string;
  readonly modelDescription: string;
  readonly userDescription: string;
  readonly inputSchema: ObjectSchema;
  readonly tags: readonly string[];
  /** `#name` in a chat prompt; defaults to the tool name. */
  readonly toolReferenceName?: string;
  readonly icon?: string;
}

/** One `contributes.languageModelTools` entry, as VS Code reads it. */
export interface LanguageModelToolContribution {
  readonly name: string;
  readonly displayName: string;
  readonly modelDescription: string;
  readonly userDescription: string;
  readonly toolReferenceName: string;
  readonly canBeReferencedInPrompt: true;
  readonly icon?: string;
  readonly tags: readonly string[];
  readonly inputSchema: ObjectSchema;
}

/** VS Code's rule for tool names (it rejects `.`, and `copilot_`/`vscode_` are reserved). */
export const TOOL_NAME = /^(?!copilot_|vscode_)[\w-]+$/;

export function toolContribution(t: ToolMetadata): LanguageModelToolContribution {
  return {
    name: t.toolName,
    displayName: t.displayName,
    modelDescription: t.modelDescription,
    userDescription: t.userDescription,
    toolReferenceName: t.toolReferenceName ?? t.toolName,
    canBeReferencedInPrompt: true,
    ...(t.icon ? { icon: t.icon } : {}),
    tags: t.tags,
    inputSchema: t.inputSchema,
  };
}
