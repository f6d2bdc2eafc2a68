import { sharedContentResult, versionLabel, type GetSharedContentResult } from '../../history/historyToolResults';
import * as messages from '../../history/historyMessages';
import type { AgentTool, ToolAnswer, ToolCaller } from '../agentTool';
import type { ToolMetadata } from '../toolManifest';
import type { HistoryToolDeps } from './historyToolPorts';
import { MAX_PATH_LENGTH } from './historyToolSupport';

export interface GetSharedContentInput {
  readonly filePathHint?: string;
}

export const GET_SHARED_CONTENT_METADATA: ToolMetadata = {
  toolName: 'history_getSharedContent',
  displayName: 'Get shared local history content',
  toolReferenceName: 'historySharedContent',
  icon: '$(history)',
  userDescription: 'Gives the agent the historical version you shared with "Agent History Helper: Share Historical Version with AI Agent".',
  modelDescription: [
    'Returns the historical version of a file that the user shared with you through the "Agent History Helper: Share Historical Version with AI Agent" command.',
    'Use this tool when the user says they shared a previous version, a history entry or an older copy of a file with you.',
    'It shows no prompt: the user already chose what to share. The content is usually available once and only for a few minutes.',
    'Returns {"status":"success","filePath","content"}, {"status":"no_content_available"} (nothing is shared: ask the user to run the command),',
    'or {"status":"no_matching_content","message"} when the user shared a different file than filePathHint.',
    'Example: {"filePathHint": "src/script.py"} or, when you do not know the file, {}',
  ].join(' '),
  inputSchema: {
    type: 'object',
    properties: {
      filePathHint: {
        type: 'string',
        maxLength: MAX_PATH_LENGTH,
        description: 'Optional: the workspace-relative path you expect the shared content to be for, e.g. "src/script.py".',
      },
    },
    additionalProperties: false,
  },
  tags: ['history', 'local-history'],
};

/** `history_getSharedContent {filePathHint?}` (SPEC §3): what the user shared, without a prompt. */
export class GetSharedContentTool implements AgentTool<GetSharedContentInput> {
  static readonly toolName = GET_SHARED_CONTENT_METADATA.toolName;
  readonly metadata = GET_SHARED_CONTENT_METADATA;

  constructor(private readonly deps: Pick<HistoryToolDeps, 'grants' | 'consent' | 'log' | 'clock'>) {}

  invocationMessage(input: GetSharedContentInput): string {
    return input.filePathHint ? `Getting the history you shared for ${input.filePathHint}` : 'Getting the history you shared';
  }

  async invoke(input: GetSharedContentInput, caller: ToolCaller): Promise<ToolAnswer> {
    const { grants, consent, log, clock } = this.deps;
    const lookup = grants.takeShared(input.filePathHint);
    const result: GetSharedContentResult = sharedContentResult(lookup);
    switch (lookup.kind) {
      case 'success': {
        const when = versionLabel(lookup.shared, clock.now());
        log.info(`history_getSharedContent: an agent (${caller.via}) retrieved the shared version of ${lookup.shared.displayPath} from ${when}`);
        consent.notify(messages.sharedRetrieved(lookup.shared.displayPath, when));
        break;
      }
      case 'no_content_available':
        log.info(`history_getSharedContent: an agent (${caller.via}) asked for shared content; none is shared`);
        break;
      case 'no_matching_content':
        log.info(`history_getSharedContent: an agent (${caller.via}) hinted ${JSON.stringify(lookup.hint)} but ${lookup.sharedDisplayPath} is shared; nothing returned`);
        break;
    }
    return answer(result);
  }
}

function answer(result: GetSharedContentResult): ToolAnswer {
  switch (result.status) {
    case 'success':
      return { summary: `The user shared a historical version of ${result.filePath}.`, data: result };
    case 'no_content_available':
      return { summary: 'The user has not shared any historical content (or it expired or was already retrieved).', data: result };
    case 'no_matching_content':
      return { summary: result.message, data: result };
  }
}
