import type { AgentTool, ToolAnswer, ToolCaller } from '../agentTool';
import { ToolError } from '../agentTool';
import type { ToolMetadata } from '../toolManifest';
import { stagedChangeAnswer } from './stagedChangeAnswer';
import { checkReplacedLength, occurrences } from '../../fs/stagedSizeCap';
import { encodeUtf8, HANDED_OVER, MAX_CONTENT_CHARS, metaOf, readTextWithBytes, resolveToolPath, toolErrorOf, type OverlayToolContext } from './overlayToolContext';

export interface EditFileInput {
  path: string;
  oldString: string;
  newString: string;
  replaceAll?: boolean;
  description?: string;
}

export const EDIT_FILE_METADATA: ToolMetadata = {
  toolName: 'overlay_editFile',
  displayName: 'Edit File (Agent Overlay)',
  userDescription: 'Stages a find-and-replace edit of a file for review.',
  modelDescription:
    'Replaces an exact piece of text in a workspace file, as a STAGED change the user reviews before it reaches the disk. ' +
    'Use this tool when you change part of a file: oldString must appear exactly once (include a few surrounding lines to make it unique), ' +
    'or set replaceAll to change every occurrence. Whitespace and line endings must match exactly; read the file with overlay_readFile first. ' +
    'Example: {"path": "src/app.ts", "oldString": "const port = 3000;", "newString": "const port = Number(process.env.PORT ?? 3000);", "description": "Port from env"}.',
  inputSchema: {
    type: 'object',
    properties: {
      path: { type: 'string', description: 'Workspace-relative path, e.g. "src/app.ts".' },
      oldString: { type: 'string', minLength: 1, maxLength: MAX_CONTENT_CHARS, description: 'The exact text to replace.' },
      newString: { type: 'string', maxLength: MAX_CONTENT_CHARS, description: 'The text to put in its place.' },
      replaceAll: { type: 'boolean', description: 'Replace every occurrence instead of exactly one. Default false.' },
      description: { type: 'string', maxLength: 500, description: 'Why, in a few words; shown to the reviewer.' },
    },
    required: ['path', 'oldString', 'newString'],
    additionalProperties: false,
  },
  tags: ['overlay', 'files', 'edit'],
};

export class EditFileTool implements AgentTool<EditFileInput> {
  readonly metadata = EDIT_FILE_METADATA;
  constructor(private readonly ctx: OverlayToolContext) {}

  invocationMessage(input: EditFileInput): string {
    return `Editing ${input.path}`;
  }

  async invoke(input: EditFileInput, caller: ToolCaller): Promise<ToolAnswer> {
    const p = await resolveToolPath(this.ctx, input.path);
    const { overlay } = this.ctx;
    encodeUtf8(input.newString, 'newString');
    const { bytes, text } = readTextWithBytes(this.ctx, p);
    const count = occurrences(text, input.oldString);
    if (count === 0) {
      throw new ToolError('OldStringNotFound', `oldString was not found in ${p.display}. Read the file with overlay_readFile and copy the text exactly, including whitespace and line endings.`);
    }
    if (count > 1 && !input.replaceAll) {
      throw new ToolError('OldStringAmbiguous', `oldString appears ${count} times in ${p.display}. Include more surrounding lines so it appears once, or set replaceAll to true.`, { occurrences: count });
    }
    // The result's size is known before it is built: a huge one fails fast instead of filling the memory.
    try {
      checkReplacedLength('The edited text', text.length, input.replaceAll ? count : 1, input.oldString.length, input.newString.length);
    } catch (e) {
      toolErrorOf(e, p.display);
    }
    const next = input.replaceAll ? text.split(input.oldString).join(input.newString) : text.replace(input.oldString, () => input.newString);
    const encoded = encodeUtf8(next, 'The edited text');
    try {
      // `encoded` was made for this write and is not used after it: handed over, not copied.
      overlay.write(p.absolute, encoded, metaOf(caller, input.description, `Edit ${p.display}`), HANDED_OVER);
    } catch (e) {
      toolErrorOf(e, p.display);
    }
    await overlay.flush();
    return stagedChangeAnswer(this.ctx, p, bytes, next);
  }
}
