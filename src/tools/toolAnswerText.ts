import { ToolInputError } from './jsonSchema';
import { ToolError, type ToolAnswer } from './agentTool';

/**
 * The text every front end returns for an answer: one sentence, then the JSON. Errors become an answer too
 * (`{"status":"error","code",...,"message"}`) so the model reads why and what to do instead of a stack trace.
 */
export function answerText(answer: ToolAnswer): string {
  // A tool whose answer is prose (edits_getRecent {format: "text"}) is read as written, not as a JSON string.
  if (typeof answer.data === 'string') return `${answer.summary}\n${answer.data}`;
  return `${answer.summary}\n${JSON.stringify(answer.data, null, 2)}`;
}

export function errorAnswer(toolName: string, error: unknown): ToolAnswer {
  if (error instanceof ToolError || error instanceof ToolInputError) {
    const data = error instanceof ToolError && error.data !== undefined ? { data: error.data } : {};
    return { summary: `${toolName} failed: ${error.message}`, data: { status: 'error', code: error.code, message: error.message, ...data } };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { summary: `${toolName} failed unexpectedly: ${message}`, data: { status: 'error', code: 'Internal', message } };
}
