import { EditExclusions } from '../../edits/agentEditExclusions';
import type { DocumentEdit, EditOrigin, EditType, TextRange } from '../../edits/documentEdit';
import type { RecentEditsQuery } from '../../edits/editHistoryTracker';
import { recentEditsBlock, type RecentEditsSource } from '../../edits/recentEditsBlock';
import { ToolError, type AgentTool, type ToolAnswer, type ToolCaller } from '../agentTool';
import type { ToolMetadata } from '../toolManifest';

export type { RecentEditsSource } from '../../edits/recentEditsBlock';

export interface GetRecentEditsInput {
  readonly filePath?: string;
  readonly maxEdits?: number;
  /** Undo and redo edits too (default true); they are kept apart, with their own limits. */
  readonly includeUndoRedo?: boolean;
  /** `json` (default): the edits as data; `text`: the "RECENT EDITS" prompt block, ready to read. */
  readonly format?: 'json' | 'text';
}

/** One edit as the agent receives it: the seed's `DocumentEdit` fields, plus a file path and an ISO time. */
export interface RecentEditEntry {
  readonly filePath: string;
  readonly uri: string;
  /** Unix ms (the seed's field). */
  readonly timestamp: number;
  /** The same instant, ISO 8601 UTC. */
  readonly time: string;
  readonly editType: EditType;
  readonly origin: EditOrigin;
  /** Zero-based, in the document as it was before the edit. */
  readonly range: TextRange;
  /** Null when the tracker never saw the replaced text (the first edit it met in that document replaced text). */
  readonly oldText: string | null;
  readonly newText: string;
  readonly selectionAfter?: TextRange;
  readonly changeCount?: number;
  readonly truncated?: true;
}

export interface RecentEditsResult {
  readonly status: 'success';
  readonly filePath?: string;
  readonly count: number;
  readonly edits: readonly RecentEditEntry[];
}

/** Largest `maxEdits` accepted; the tracker keeps at most `maxGlobalEdits` anyway. */
export const MAX_RECENT_EDITS = 1000;

export const GET_RECENT_EDITS_METADATA: ToolMetadata = {
  toolName: 'edits_getRecent',
  displayName: 'Get recent edits',
  toolReferenceName: 'recentEdits',
  icon: '$(edit)',
  userDescription: 'Lists the edits you made in open editors during this session (exact old and new text), most recent first.',
  modelDescription: [
    'Returns the edits the user made in VS Code editors during this session, most recent first, with the exact text each edit replaced and the text it inserted.',
    'Use this tool when the user refers to something they just changed ("do the same as I did in login()", "undo what I just typed", "continue my refactoring"), or when you need to know which code the user is working on right now.',
    'Only documents open in an editor are tracked, for the last 30 minutes (the user can change this), at most 10 edits per file and 50 overall; consecutive keystrokes are merged into one edit, and edits of fewer than 3 characters or only whitespace are left out.',
    'Returns {"status":"success","count","edits":[{"filePath","uri","timestamp" (Unix ms),"time" (ISO 8601),"editType" ("insert"|"delete"|"replace"|"format"),"origin" ("user"|"undo"|"redo"|"agent": agent = written by applying staged agent changes),"range" (zero-based lines and characters, before the edit),"oldText" (null if unknown),"newText","selectionAfter"?,"changeCount"?,"truncated"?}]}.',
    'An empty list means no tracked edits match; it does not mean the file is unchanged.',
    'Never returned: edits of untitled (unsaved, nameless) editors and of files that look like they hold secrets (.env, .env.*, *.pem, *.key, id_rsa*, *.p12, .npmrc, .netrc, credentials and secrets files…; the user lists them in agentOverlay.editHistory.excludePatterns). Do not ask for them.',
    'Undo and redo edits are kept apart from the others (their own limits) and included unless {"includeUndoRedo": false}.',
    'With {"format": "text"} the answer is instead the "RECENT EDITS:" block, one described edit per entry ("insert: Added 7 lines in `login()` at src/login.ts:12") with its code, ready to read.',
    'Examples: {} for the 10 most recent edits anywhere; {"filePath": "src/login.ts", "maxEdits": 3} for the last 3 edits of one file (a workspace-relative path, a file name or an absolute path); {"format": "text", "includeUndoRedo": false}.',
  ].join(' '),
  inputSchema: {
    type: 'object',
    properties: {
      filePath: {
        type: 'string',
        minLength: 1,
        maxLength: 4096,
        description: 'Optional: only edits of this file (workspace-relative like "src/login.ts", a file name, or an absolute path). Omit for all files.',
      },
      maxEdits: {
        type: 'integer',
        minimum: 1,
        maximum: MAX_RECENT_EDITS,
        description: 'Optional: how many edits to return at most, most recent first. Default: 5 for one file, 10 across files.',
      },
      includeUndoRedo: {
        type: 'boolean',
        description: 'Optional: include edits made by Undo and Redo (default true).',
      },
      format: {
        type: 'string',
        enum: ['json', 'text'],
        description: 'Optional: "json" (default) for the edits as data, "text" for the RECENT EDITS prompt block.',
      },
    },
    additionalProperties: false,
  },
  tags: ['edits', 'context'],
};

/** `edits_getRecent {filePath?, maxEdits?}` (SPEC §4): the session edit tracker's recent edits, most recent first. */
export class GetRecentEditsTool implements AgentTool<GetRecentEditsInput> {
  static readonly toolName = GET_RECENT_EDITS_METADATA.toolName;
  readonly metadata = GET_RECENT_EDITS_METADATA;

  /** `exclusions`: what agents never get (untitled editors, secret-looking files); the settings' current rule. */
  constructor(private readonly source: RecentEditsSource, private readonly exclusions: () => EditExclusions = () => new EditExclusions()) {}

  invocationMessage(input: GetRecentEditsInput): string {
    return input.filePath ? `Reading your recent edits of ${input.filePath}` : 'Reading your recent edits';
  }

  async invoke(input: GetRecentEditsInput, _caller: ToolCaller): Promise<ToolAnswer> {
    if (!this.source.isEnabled()) {
      throw new ToolError('Disabled', 'Edit tracking is turned off (setting agentOverlay.editHistory.enabled), so no recent edits are known. Ask the user to turn it on if you need them; do not retry.');
    }
    const exclusions = this.exclusions();
    const query: RecentEditsQuery = {
      ...(input.filePath !== undefined ? { filePath: input.filePath } : {}),
      ...(input.maxEdits !== undefined ? { maxEdits: input.maxEdits } : {}),
      ...(input.includeUndoRedo !== undefined ? { includeUndoRedo: input.includeUndoRedo } : {}),
      exclude: exclusions.excludes,
    };
    // Asked for one such file by name: say why nothing comes back, so the agent does not try again.
    const named = input.filePath;
    const withheld = named !== undefined && exclusions.excludes(/^[a-z][\w+.-]*:/i.test(named) ? named : `file:///${named.replace(/\\/g, '/').replace(/^\/+/, '')}`);
    const none = withheld
      ? `Edits of ${named} are never shared with agents (untitled editors and files that may hold secrets are excluded: agentOverlay.editHistory.excludePatterns).`
      : undefined;
    if (input.format === 'text') {
      const where = input.filePath !== undefined ? ` of ${input.filePath}` : '';
      const text = await recentEditsBlock(this.source, query);
      // A string answer is sent as it is (not as JSON): the block reads like the prompt it is made for.
      return text
        ? { summary: `Your recent edits${where}, most recent first:`, data: text }
        : { summary: none ?? `No recent edits${where} are tracked (only open documents are; typing-sized and whitespace-only edits are left out).`, data: 'RECENT EDITS: none' };
    }
    const edits = this.source.getRecent(query).map(e => this.entry(e));
    const data: RecentEditsResult = { status: 'success', ...(input.filePath !== undefined ? { filePath: input.filePath } : {}), count: edits.length, edits };
    const where = input.filePath !== undefined ? ` of ${input.filePath}` : '';
    const summary = edits.length
      ? `${edits.length} recent edit${edits.length === 1 ? '' : 's'}${where}, most recent first.`
      : none ?? `No recent edits${where} are tracked (only open documents are; typing-sized and whitespace-only edits are left out).`;
    return { summary, data };
  }

  private entry(e: DocumentEdit): RecentEditEntry {
    return {
      filePath: this.source.fileLabel(e.uri),
      uri: e.uri,
      timestamp: e.timestamp,
      time: new Date(e.timestamp).toISOString(),
      editType: e.editType,
      origin: e.origin,
      range: e.range,
      oldText: e.oldText ?? null,
      newText: e.newText,
      ...(e.selectionAfter ? { selectionAfter: e.selectionAfter } : {}),
      ...(e.changeCount !== undefined ? { changeCount: e.changeCount } : {}),
      ...(e.truncated ? { truncated: true as const } : {}),
    };
  }
}
