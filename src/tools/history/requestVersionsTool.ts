import {
  deniedByUser, errorResultFor, noHistoryError, noSuchFileError, requestVersionsNonePicked, requestVersionsSuccess,
  type ErrorResult, type RequestVersionsResult,
} from '../../history/historyToolResults';
import type { RequestTurn } from '../../history/historyRequestQueue';
import type { HistoryVersion } from '../../history/historyVersion';
import type { ResolvedWorkspacePath } from '../../history/workspacePath';
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
    '{"status":"denied_by_user"} (respect it; do not ask again unless the user tells you to), or {"status":"error","message"}',
    '(a path with no local history at all is an error at once, without asking the user: check the path).',
    'The answer can take a while: the user may answer other requests first.',
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
    const { consent, grants, requests, log } = this.deps;
    const resolved = await resolveHistoryFile(this.deps, 'history_requestVersions', input.filePath);
    if ('error' in resolved) return answer(resolved.error);
    const { file } = resolved;
    const displayPath = file.displayPath;
    log.info(`history_requestVersions: an agent (${caller.via}) asks for the versions of ${displayPath}`);

    // Whether a path has history is itself history (seed 000): the agent learns it only after Allow, so a path with
    // none gets the dialog too and its answer after it. A store that cannot be read is said at once (it tells nothing
    // about the file).
    const before = await this.listOrError(file);
    if ('error' in before) return answer(before.error);

    const outcome = await requests.submit({ kind: 'listVersions', displayPath, via: caller.via }, (turn) => this.dialog(file, turn, requesterName(caller), signal), signal);

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
      // Only this file's ids go: a denial of one request says nothing about what the user allowed for others.
      const revoked = grants.deny(file.absolutePath);
      consent.notify(messages.accessDenied(displayPath));
      log.info(`history_requestVersions: the user denied the versions of ${displayPath}${revoked ? `; ${revoked} version id(s) of this file were revoked` : ''}`);
    } else if (result.status === 'success') {
      log.info(`history_requestVersions: the user shared ${result.versions.length} version id(s) of ${displayPath}: ${result.versions.map((v) => v.timestamp).join(', ')}`);
    }
    return answer(result);
  }

  /** Allow/Deny, then the picker until the user accepts or denies it (a hidden picker parks the request). */
  private async dialog(file: ResolvedWorkspacePath, turn: RequestTurn, requester: string, signal?: AbortSignal): Promise<RequestVersionsResult> {
    const { consent, grants, log, clock } = this.deps;
    const displayPath = file.displayPath;
    const consentAnswer = await consent.confirm({ message: messages.requestVersionsPrompt(displayPath, requester), detail: messages.REQUEST_VERSIONS_DETAIL }, signal);
    if (consentAnswer !== 'allow') return deniedByUser();
    if (signal?.aborted) return cancelledResult();
    // Listed again: the file may have been saved while the dialog was open.
    const listed = await this.listOrError(file);
    if ('error' in listed) return listed.error;
    const { versions } = listed;
    log.info(`history_requestVersions: ${versions.length} version(s) of ${displayPath} found`);
    if (versions.length === 0) {
      consent.notify(messages.noLocalHistory(displayPath));
      return file.exists ? noHistoryError(displayPath) : noSuchFileError(displayPath);
    }
    const { maxVersionsInPicker, allRecentCount } = this.deps.settings();
    let preselected: readonly HistoryVersion[] = [];
    for (;;) {
      const pick = await consent.pickVersions({
        title: `Share versions of ${displayPath} with the AI agent`,
        placeholder: `Check the versions the agent may see, or "${allRecentLabel(allRecentCount)}", then OK`,
        choices: versionChoices(baseName(displayPath), versions, clock.now(), maxVersionsInPicker),
        canPickMany: true,
        allRecentCount,
        preselected,
        deniable: true,
      }, signal);
      if (signal?.aborted) return cancelledResult();
      if (pick.kind === 'denied') return deniedByUser();
      if (pick.kind === 'accepted') {
        if (pick.versions.length === 0) return requestVersionsNonePicked();
        const issued = grants.grantVersions({ filePath: file.absolutePath, displayPath }, pick.versions.map((version) => ({ version })));
        consent.notify(messages.versionsAvailable(issued.length, displayPath));
        return requestVersionsSuccess(issued, clock.now());
      }
      // Hidden without an answer (Escape, or another quick input took the screen): the request waits.
      log.info(`history_requestVersions: the picker for ${displayPath} was closed without an answer; the request waits`);
      consent.notify(messages.requestParked(displayPath));
      const next = await turn.park();
      if (next === 'deny') return deniedByUser();
      if (next === 'cancelled') return cancelledResult();
      preselected = pick.checked;
    }
  }

  private async listOrError(file: ResolvedWorkspacePath): Promise<{ readonly versions: readonly HistoryVersion[] } | { readonly error: ErrorResult }> {
    try {
      return { versions: await this.deps.files.listVersions(file) };
    } catch (err) {
      this.deps.log.error(`history_requestVersions: could not list the history of ${file.displayPath}`, err);
      this.deps.consent.warn(messages.couldNotAccess(file.displayPath));
      return { error: errorResultFor(err, file.displayPath) };
    }
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
