import {
  deniedByUser, errorResultFor, noHistoryError, requestVersionsNonePicked, requestVersionsSuccess, type RequestVersionsResult,
} from '../../history/historyToolResults';
import * as messages from '../../history/historyMessages';
import { versionChoices, allRecentLabel } from '../../history/versionChoices';
import { requesterName } from '../requesterName';
import type { AgentTool, ToolAnswer, ToolCaller } from '../agentTool';
import type { ToolMetadata } from '../toolManifest';
import type { HistoryToolDeps } from './historyToolPorts';
import { baseName, cancelledResult, MAX_PATH_LENGTH, resolveHistoryFile } from './historyToolSupport';

export interface RequestVersionsInput {
  readonly filePath: string;
}

export const REQUEST_VERSIONS_METADATA: ToolMetadata = {
  toolName: 'history_requestVersions',
  displayName: 'Request local history versions',
  toolReferenceName: 'historyVersions',
  icon: '$(history)',
  userDescription: 'Asks you to share a list of versions of a file from VS Code\'s local history. You choose which versions, if any, the agent sees.',
  modelDescription: [
    'Asks the user for a list of earlier versions of one workspace file from VS Code\'s local file history (the copies VS Code keeps each time the file is saved, independent of git).',
    'Use this tool when you need to see how a file looked before recent edits: to undo a mistake, recover deleted code, or compare with an uncommitted earlier state.',
    'The user is shown a prompt and picks which versions to share; you receive only those.',
    'Returns {"status":"success","versions":[{"id","timestamp","label"}]} (newest first; timestamp is ISO 8601 UTC, label like "5 minutes ago (File Saved)"),',
    '{"status":"denied_by_user"} (respect it; do not ask again unless the user tells you to), or {"status":"error","message"}.',
    'Then call history_getVersionContent with the same filePath and one of the ids to read that version. Ids expire after a few minutes and may work only once.',
    'Tell the user why you want the history before calling it.',
    'Example: {"filePath": "src/utils.ts"}',
  ].join(' '),
  inputSchema: {
    type: 'object',
    properties: {
      filePath: {
        type: 'string',
        minLength: 1,
        maxLength: MAX_PATH_LENGTH,
        description: 'The file\'s path relative to the workspace folder, e.g. "src/utils.ts" (in a multi-root workspace, prefix the folder name).',
      },
    },
    required: ['filePath'],
    additionalProperties: false,
  },
  tags: ['history', 'local-history'],
};

/** `history_requestVersions {filePath}` (SPEC §3): Allow/Deny, then a multi-select pick, then grant ids. */
export class RequestVersionsTool implements AgentTool<RequestVersionsInput> {
  static readonly toolName = REQUEST_VERSIONS_METADATA.toolName;
  readonly metadata = REQUEST_VERSIONS_METADATA;

  constructor(private readonly deps: HistoryToolDeps) {}

  invocationMessage(input: RequestVersionsInput): string {
    return `Asking for the local history of ${input.filePath}`;
  }

  async invoke(input: RequestVersionsInput, caller: ToolCaller, signal?: AbortSignal): Promise<ToolAnswer> {
    const { files, consent, grants, requests, log, clock } = this.deps;
    const resolved = await resolveHistoryFile(this.deps, 'history_requestVersions', input.filePath);
    if ('error' in resolved) return answer(resolved.error);
    const { file } = resolved;
    const displayPath = file.displayPath;
    log.info(`history_requestVersions: an agent (${caller.via}) asks for the versions of ${displayPath}`);

    const outcome = await requests.submit({ kind: 'listVersions', displayPath, via: caller.via }, async (): Promise<RequestVersionsResult> => {
      const consentAnswer = await consent.confirm({ message: messages.requestVersionsPrompt(displayPath, requesterName(caller)), detail: messages.REQUEST_VERSIONS_DETAIL }, signal);
      if (consentAnswer !== 'allow') return deniedByUser();
      if (signal?.aborted) return cancelledResult();
      let versions;
      try {
        versions = await files.listVersions(file);
      } catch (err) {
        log.error(`history_requestVersions: could not list the history of ${displayPath}`, err);
        consent.warn(messages.couldNotAccess(displayPath));
        return errorResultFor(err, displayPath);
      }
      log.info(`history_requestVersions: ${versions.length} version(s) of ${displayPath} found`);
      if (versions.length === 0) {
        consent.notify(messages.noLocalHistory(displayPath));
        return noHistoryError(displayPath);
      }
      const { maxVersionsInPicker, allRecentCount } = this.deps.settings();
      const picked = await consent.pickVersions({
        title: `Share versions of ${displayPath} with the AI agent`,
        placeholder: `Pick the versions the agent may see, or "${allRecentLabel(allRecentCount)}"`,
        choices: versionChoices(baseName(displayPath), versions, clock.now(), maxVersionsInPicker),
        canPickMany: true,
        allRecentCount,
      }, signal);
      if (signal?.aborted) return cancelledResult();
      if (!picked || picked.length === 0) return requestVersionsNonePicked();
      const issued = grants.grantVersions({ filePath: file.absolutePath, displayPath }, picked.map((version) => ({ version })));
      consent.notify(messages.versionsAvailable(issued.length, displayPath));
      return requestVersionsSuccess(issued, clock.now());
    }, signal);

    let result: RequestVersionsResult;
    switch (outcome.kind) {
      case 'answered':
        result = outcome.value;
        break;
      case 'deniedWhileWaiting':
        result = deniedByUser();
        break;
      case 'cancelled':
        log.info(`history_requestVersions for ${displayPath} was cancelled before the user answered`);
        return answer(cancelledResult());
    }
    if (result.status === 'denied_by_user') {
      grants.deny();
      consent.notify(messages.accessDenied(displayPath));
      log.info(`history_requestVersions: the user denied the versions of ${displayPath}`);
    } else if (result.status === 'success') {
      log.info(`history_requestVersions: the user shared ${result.versions.length} version id(s) of ${displayPath}: ${result.versions.map((v) => v.timestamp).join(', ')}`);
    }
    return answer(result);
  }
}

function answer(result: RequestVersionsResult): ToolAnswer {
  switch (result.status) {
    case 'success':
      return { summary: `The user shared ${result.versions.length} version(s). Read one with history_getVersionContent.`, data: result };
    case 'denied_by_user':
      return { summary: 'The user denied access to the local history of this file.', data: result };
    case 'error':
      return { summary: `history_requestVersions failed: ${result.message}`, data: result };
  }
}
