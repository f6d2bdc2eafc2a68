/**
 * The JSON every tool answers with, as JSON Schema: MCP's `tools/list` declares it as each tool's `outputSchema`,
 * and `tools/call` returns the same object as `structuredContent` (clients such as the MCP SDK validate one against
 * the other). Each schema covers every shape the tool answers with — success, its own refusals, and the common
 * error `{status: "error", code, message}` (the chat tools: `{success: false, error}`) — so it names the fields
 * a program may read and requires only what every answer has. Extra fields are allowed: answers may grow.
 * One table here, rather than in each tool, because the tools compute their answers elsewhere and unchanged.
 */
export interface OutputSchema {
  readonly type: 'object';
  readonly description: string;
  readonly properties: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly required?: readonly string[];
}

const str = (description?: string) => ({ type: 'string', ...(description ? { description } : {}) });
const int = (description?: string) => ({ type: 'integer', ...(description ? { description } : {}) });
const bool = (description?: string) => ({ type: 'boolean', ...(description ? { description } : {}) });
const strings = (description?: string) => ({ type: 'array', items: { type: 'string' }, ...(description ? { description } : {}) });
const nullableStr = (description?: string) => ({ type: ['string', 'null'], ...(description ? { description } : {}) });
const obj = (description: string) => ({ type: 'object', description });
const status = (...values: string[]) => ({ type: 'string', enum: [...values, 'error'], description: `One of ${values.map(v => `"${v}"`).join(', ')}, or "error".` });

/** The common error answer's fields (`invokeAgentTool`). */
const ERROR_FIELDS = {
  code: str('On "error": a stable code, e.g. "InvalidInput", "NotFound", "DeniedByUser".'),
  message: str('On "error" (and the history tools\' refusals): what went wrong and what to do next.'),
  data: obj('On some errors: details.'),
};

/** A staged change as `overlay_listChanges` and the writing tools describe it. */
const CHANGE_FIELDS = {
  operation: str('"create", "modify", "delete" or "rename".'),
  path: str('Workspace-relative path.'),
  fromPath: str('A rename\'s source path.'),
  description: str(),
  sessions: strings('Sessions whose changes make up this change.'),
  messages: strings('Messages whose changes make up this change.'),
  conflict: str('The conflict kind, when the disk changed under the staged change.'),
  conflictDelegated: bool(),
  review: str('A file\'s change: the Markdown link that opens its staged diff in VS Code, for the chat answer to list.'),
};

const staged = (description: string): OutputSchema => ({
  type: 'object',
  description,
  properties: {
    status: status('staged', 'unchanged', 'unstaged'),
    ...CHANGE_FIELDS,
    linesAdded: int(), linesRemoved: int(),
    files: strings('Folder operations: the files staged, one per file.'),
    ...ERROR_FIELDS,
  },
});

const CONFLICT_FIELDS = {
  path: str(), kind: str(), binary: bool(), diskPath: str(),
  base: nullableStr(), agent: nullableStr(), disk: nullableStr(),
  markedUp: str('The merge with conflict markers.'), regions: int(), merged: str('A clean merge\'s text.'),
};

const HISTORY_ERROR = { message: str('On "error" or "no_matching_content": what went wrong and what to do next.'), code: ERROR_FIELDS.code };

const CHAT_FIELDS = {
  success: bool(),
  sessionId: str(),
  timestamp: { type: ['number', 'null'], description: 'Unix ms, or null when the chat did not record it.' },
  error: str('When success is false.'),
};

export const TOOL_OUTPUT_SCHEMAS: Readonly<Record<string, OutputSchema>> = {
  overlay_readFile: {
    type: 'object',
    description: 'The file as the agent sees it; or {status: "error", code, message}.',
    properties: {
      path: str(), staged: bool(), totalLines: int(), startLine: int(), endLine: int(), content: str(),
      conflict: obj('When the file is in conflict: its kind and what to do next (delegated: the versions too).'),
      status: { type: 'string', enum: ['error'] }, ...ERROR_FIELDS,
    },
  },
  overlay_writeFile: staged('The staged change; or {status: "error", code, message}.'),
  overlay_editFile: staged('The staged change; or {status: "error", code, message}.'),
  overlay_deleteFile: staged('The staged delete (a folder: every file under it); or {status: "error", code, message}.'),
  overlay_renameFile: staged('The staged rename (a folder: every file moved); or {status: "error", code, message}.'),
  overlay_listDirectory: {
    type: 'object',
    description: 'A folder of the effective view; or {status: "error", code, message}.',
    properties: {
      path: str('The folder listed, workspace-relative ("." for the workspace folder).'),
      entries: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            name: str('Relative to the folder listed, POSIX.'), type: str('"file", "folder" or "symlink".'),
            staged: str('"created", "modified" or "renamed": how staged changes made it differ from the disk.'),
            gitignored: bool('One-level listings: ignored by .gitignore.'),
          },
          required: ['name', 'type'],
        },
      },
      count: int(), truncated: bool('More entries than maxEntries.'),
      excluded: int('Entries hidden by files.exclude.'), gitignored: int('Recursive listings: entries ignored by .gitignore.'),
      status: { type: 'string', enum: ['error'] }, ...ERROR_FIELDS,
    },
  },
  overlay_search: {
    type: 'object',
    description: 'Matching lines of the effective view; or {status: "error", code, message}.',
    properties: {
      query: str(),
      results: {
        type: 'array',
        items: {
          type: 'object',
          properties: { path: str(), line: int('1-based.'), text: str('The line, trimmed (cut around the match when long).'), staged: bool('From staged content.') },
          required: ['path', 'line', 'text'],
        },
      },
      count: int(), truncated: bool('More matches than maxResults.'), stagedFilesSearched: int(),
      status: { type: 'string', enum: ['error'] }, ...ERROR_FIELDS,
    },
  },
  overlay_listChanges: {
    type: 'object',
    description: 'Every pending change; or {status: "error", code, message}.',
    properties: {
      changes: { type: 'array', items: { type: 'object', properties: CHANGE_FIELDS } },
      session: str('The caller\'s session.'),
      status: { type: 'string', enum: ['error'] }, ...ERROR_FIELDS,
    },
  },
  overlay_getConflict: {
    type: 'object',
    description: 'Base, agent and disk versions and the marked-up merge; or {status: "error", code, message}.',
    properties: { ...CONFLICT_FIELDS, status: { type: 'string', enum: ['error'] }, ...ERROR_FIELDS },
  },
  overlay_resolveConflict: staged('The resolved staged change; or {status: "error", code, message}.'),
  overlay_discardChanges: {
    type: 'object',
    description: 'What was discarded; or {status: "error", code, message}.',
    properties: { status: status('discarded'), paths: strings(), ...ERROR_FIELDS },
    required: ['status'],
  },
  overlay_runCommand: {
    type: 'object',
    description: 'How the command ended, the tail of its output and what it staged; or {status: "error", code, message}.',
    properties: {
      status: status('completed', 'timedOut', 'cancelled'),
      exitCode: { type: ['integer', 'null'], description: 'null when a signal, the timeout or a cancel ended it.' },
      signal: str(),
      sandbox: str('"overlayfs" or "copy".'),
      stdout: str('The tail of stdout.'), stderr: str('The tail of stderr.'),
      stdoutTruncated: str('Present when the start of stdout was cut.'), stderrTruncated: str('Present when the start of stderr was cut.'),
      staged: { type: 'array', items: { type: 'object', properties: { operation: str(), path: str(), fromPath: str(), review: CHANGE_FIELDS.review } } },
      conflicts: strings('Staged changes that are conflicts: the disk changed under them while the command ran.'),
      ...ERROR_FIELDS,
    },
    required: ['status'],
  },
  history_requestVersions: {
    type: 'object',
    description: 'The versions the user checked (ids for history_getVersionContent), a denial, or an error.',
    properties: {
      status: status('success', 'denied_by_user'),
      versions: {
        type: 'array',
        description: 'Newest first.',
        items: {
          type: 'object',
          properties: { id: str('uuid v4, bound to this file.'), timestamp: str('ISO 8601 UTC.'), label: str('e.g. "5 minutes ago (File Saved)".') },
          required: ['id', 'timestamp', 'label'],
        },
      },
      ...HISTORY_ERROR,
    },
    required: ['status'],
  },
  history_getVersionContent: {
    type: 'object',
    description: 'The version\'s text, a denial, or an error.',
    properties: { status: status('success', 'denied_by_user'), filePath: str(), versionId: str(), content: str(), ...HISTORY_ERROR },
    required: ['status'],
  },
  history_getSharedContent: {
    type: 'object',
    description: 'What the user shared, or why nothing is returned.',
    properties: { status: status('success', 'no_content_available', 'no_matching_content'), filePath: str(), content: str(), ...HISTORY_ERROR },
    required: ['status'],
  },
  edits_getRecent: {
    type: 'object',
    description: 'The tracked edits, most recent first; or {status: "error", code, message}.',
    properties: {
      status: status('success'), filePath: str(), count: int(),
      text: str('With format "text": the RECENT EDITS block.'),
      edits: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            filePath: str(), uri: str(), timestamp: { type: 'number' }, time: str(), editType: str(), origin: str(),
            range: obj('Zero-based, before the edit.'), oldText: nullableStr(), newText: str(),
            selectionAfter: obj('The selection after the edit.'), changeCount: int(), truncated: bool(),
          },
        },
      },
      ...ERROR_FIELDS,
    },
    required: ['status'],
  },
  chat_getFirstRequest: {
    type: 'object',
    description: 'The first request of the chat, or {success: false, error}.',
    properties: { ...CHAT_FIELDS, firstRequest: str('The first 80 characters.'), requestsCount: int() },
    required: ['success'],
  },
  chat_getRequest: {
    type: 'object',
    description: 'The request at that position, or {success: false, error}.',
    properties: { ...CHAT_FIELDS, request: str(), index: { type: 'number' }, totalRequests: int() },
    required: ['success'],
  },
};

/** The schema of a tool's answers; every catalog tool has one (a unit test checks). */
export function outputSchemaOf(toolName: string): OutputSchema | undefined {
  return Object.prototype.hasOwnProperty.call(TOOL_OUTPUT_SCHEMAS, toolName) ? TOOL_OUTPUT_SCHEMAS[toolName] : undefined;
}
