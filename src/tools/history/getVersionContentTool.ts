import {
  deniedByUser, errorResultFor, versionContentSuccess, versionIdError, versionLabel, type GetVersionContentResult,
} from '../../history/historyToolResults';
import * as messages from '../../history/historyMessages';
import { requesterName } from '../requesterName';
import type { AgentTool, ToolAnswer, ToolCaller } from '../agentTool';
import type { ToolMetadata } from '../toolManifest';
import type { HistoryToolDeps } from './historyToolPorts';
import { cancelledResult, MAX_PATH_LENGTH, resolveHistoryFile } from './historyToolSupport';

export interface GetVersionContentInput {
  readonly filePath: string;
  readonly versionId: string;
}

export const GET_VERSION_CONTENT_METADATA: ToolMetadata = {
  toolName: 'history_getVersionContent',
  displayName: 'Get a local history version',
  toolReferenceName: 'historyVersionContent',
  icon: '$(history)',
  userDescription: 'Asks you to share the full text of one version of a file from VS Code\'s local history, picked from a list you shared before.',
  modelDescription: [
    'Asks the user for the full text of one earlier version of a workspace file from VS Code\'s local file history.',
    'Use this tool when history_requestVersions gave you version ids and you need the content of one of them (for example to restore a function the user deleted).',
    'The user is asked to allow it first.',
    'Returns {"status":"success","filePath","versionId","content"}, {"status":"denied_by_user"} (respect it), or {"status":"error","message"}',
    '(an unknown, expired or already used id, or an id issued for another file: call history_requestVersions again for fresh ids).',
    'To change the file afterwards, use your normal editing tools; this tool never modifies files.',
    'Example: {"filePath": "src/utils.ts", "versionId": "0f8fad5b-d9cb-469f-a165-70867728950e"}',
  ].join(' '),
  inputSchema: {
    type: 'object',
    properties: {
      filePath: {
        type: 'string',
        minLength: 1,
        maxLength: MAX_PATH_LENGTH,
        description: 'The same workspace-relative path you passed to history_requestVersions, e.g. "src/utils.ts".',
      },
      versionId: {
        type: 'string',
        minLength: 1,
        maxLength: 100,
        description: 'An id from the versions history_requestVersions returned for this file.',
      },
    },
    required: ['filePath', 'versionId'],
    additionalProperties: false,
  },
  tags: ['history', 'local-history'],
};

/**
 * `history_getVersionContent {filePath, versionId}` (SPEC §3). An id that is not a live grant for this file
 * (unknown, guessed, expired, used, another file's) gets an error without any dialog: there is nothing to
 * consent to. A live one gets the modal; Allow returns the text once (by default), Deny revokes this file's ids.
 */
export class GetVersionContentTool implements AgentTool<GetVersionContentInput> {
  static readonly toolName = GET_VERSION_CONTENT_METADATA.toolName;
  readonly metadata = GET_VERSION_CONTENT_METADATA;

  constructor(private readonly deps: HistoryToolDeps) {}

  invocationMessage(input: GetVersionContentInput): string {
    return `Asking for a historical version of ${input.filePath}`;
  }

  async invoke(input: GetVersionContentInput, caller: ToolCaller, signal?: AbortSignal): Promise<ToolAnswer> {
    const { files, consent, grants, requests, log, clock } = this.deps;
    const resolved = await resolveHistoryFile(this.deps, 'history_getVersionContent', input.filePath);
    if ('error' in resolved) return answer(resolved.error);
    const { file } = resolved;
    const displayPath = file.displayPath;
    const lookup = grants.lookup(input.versionId, file.absolutePath);
    if (lookup.kind !== 'granted') {
      log.warn(`history_getVersionContent: an agent (${caller.via}) sent a version id for ${displayPath} that is not granted (${lookup.kind}); nothing shared`);
      return answer(versionIdError(lookup, displayPath));
    }
    const when = versionLabel(lookup.grant, clock.now());
    log.info(`history_getVersionContent: an agent (${caller.via}) asks for the version of ${displayPath} from ${when}`);

    const outcome = await requests.submit({ kind: 'versionContent', displayPath, versionLabel: when, via: caller.via }, async (): Promise<GetVersionContentResult> => {
      const consentAnswer = await consent.confirm({ message: messages.versionContentPrompt(displayPath, when, requesterName(caller)), detail: messages.VERSION_CONTENT_DETAIL }, signal);
      if (consentAnswer !== 'allow') return deniedByUser();
      if (signal?.aborted) return cancelledResult();
      // Re-check: the id may have expired, or been denied elsewhere, while the dialog was open.
      const used = grants.consume(input.versionId, file.absolutePath);
      if (used.kind !== 'granted') return versionIdError(used, displayPath);
      let content: string;
      try {
        content = await files.readText(used.grant.version, used.grant.filePath);
      } catch (err) {
        log.error(`history_getVersionContent: could not read the version of ${displayPath} from ${when}`, err);
        consent.warn(messages.couldNotAccess(displayPath));
        return errorResultFor(err, displayPath);
      }
      this.deps.onContentAllowed?.(used.grant);
      consent.notify(messages.contentAvailable(displayPath, when));
      return versionContentSuccess(used.grant, content);
    }, signal);

    let result: GetVersionContentResult;
    switch (outcome.kind) {
      case 'answered':
        result = outcome.value;
        break;
      case 'deniedWhileWaiting':
        result = deniedByUser();
        break;
      case 'cancelled':
        log.info(`history_getVersionContent for ${displayPath} was cancelled before the user answered`);
        return answer(cancelledResult());
    }
    if (result.status === 'denied_by_user') {
      const revoked = grants.deny(file.absolutePath);
      consent.notify(messages.accessDenied(displayPath));
      log.info(`history_getVersionContent: the user denied the version of ${displayPath} from ${when}; ${revoked} version id(s) of this file were revoked`);
    } else if (result.status === 'success') {
      log.info(`history_getVersionContent: shared the version of ${displayPath} from ${when} (${result.content.length} characters)`);
    } else {
      log.warn(`history_getVersionContent: ${result.message}`);
    }
    return answer(result);
  }
}

function answer(result: GetVersionContentResult): ToolAnswer {
  switch (result.status) {
    case 'success':
      return { summary: `The user shared this historical version of ${result.filePath}.`, data: result };
    case 'denied_by_user':
      return { summary: 'The user denied access to this historical version.', data: result };
    case 'error':
      return { summary: `history_getVersionContent failed: ${result.message}`, data: result };
  }
}
