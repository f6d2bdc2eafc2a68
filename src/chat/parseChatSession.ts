/**
 * The part of a chat session (`ISerializableChatData`, research/formats.md §C2) the recall tools need, read
 * from the replayed `.jsonl` state or an older flat `.json` file. Both carry the same shape; only fields that
 * exist in every version since v1 are relied on: `requests[].message` (a string in old sessions, `{text, parts}`
 * since), `requests[].requestId`, `requests[].timestamp`, `creationDate`, `customTitle`; and, where present,
 * `requests[].result.metadata.responseId` (below).
 */
export interface ChatRequestRecord {
  readonly requestId: string | undefined;
  /** The user's message as typed (VS Code's `message.text`, which includes `#file`/`@agent` references). */
  readonly text: string;
  /** Unix ms, when the session recorded it (old sessions may not). */
  readonly timestamp: number | undefined;
  /**
   * Other ids this request's tool calls carry. Copilot's agent gives the tools it calls its own id for the turn
   * (`chatRequestId`, not VS Code's `request_…` id) and records that id in the request's
   * `result.metadata.responseId` (seen in files VS Code 1.139 with Copilot Chat 0.67 wrote). Empty when none.
   */
  readonly aliasIds: readonly string[];
}

export interface ChatSession {
  /** The id the session file is named by (what tools and VS Code address it with). */
  readonly sessionId: string;
  /** The user's own title (`customTitle`), an older computed title, or the start of the first request. */
  readonly title: string | undefined;
  readonly creationDate: number | undefined;
  /** The newest request timestamp, else the session's own `lastMessageDate` (v2), else its creation date. */
  readonly lastMessageDate: number | undefined;
  readonly requests: readonly ChatRequestRecord[];
  /** Entries of `requests` with no readable message text, left out of `requests`. */
  readonly skippedRequests: number;
}

export class ChatSessionFormatError extends Error {
  readonly code = 'chatSessionFormat';
}

const TITLE_LENGTH = 50;

export function parseChatSession(state: unknown, sessionId: string): ChatSession {
  if (!isRecord(state)) throw new ChatSessionFormatError('the session is not a JSON object');
  const rawRequests = state.requests ?? [];
  if (!Array.isArray(rawRequests)) throw new ChatSessionFormatError('`requests` is not an array');
  const requests: ChatRequestRecord[] = [];
  let skipped = 0;
  for (const raw of rawRequests) {
    const request = toRequest(raw);
    if (request) requests.push(request);
    else skipped++;
  }
  const creationDate = finiteNumber(state.creationDate);
  let newest: number | undefined;
  for (const r of requests) if (r.timestamp !== undefined && (newest === undefined || r.timestamp > newest)) newest = r.timestamp;
  return {
    sessionId,
    title: nonEmptyString(state.customTitle) ?? nonEmptyString(state.computedTitle) ?? titleFrom(requests[0]?.text),
    creationDate,
    lastMessageDate: newest ?? finiteNumber(state.lastMessageDate) ?? creationDate,
    requests,
    skippedRequests: skipped,
  };
}

function toRequest(raw: unknown): ChatRequestRecord | undefined {
  if (!isRecord(raw)) return undefined;
  const message = raw.message;
  const text = typeof message === 'string' ? message : isRecord(message) && typeof message.text === 'string' ? message.text : undefined;
  if (text === undefined) return undefined;
  return { requestId: nonEmptyString(raw.requestId), text, timestamp: finiteNumber(raw.timestamp), aliasIds: aliasIdsOf(raw) };
}

function aliasIdsOf(raw: Record<string, unknown>): string[] {
  const result = raw.result;
  const metadata = isRecord(result) ? result.metadata : undefined;
  const id = isRecord(metadata) ? nonEmptyString(metadata.responseId) : undefined;
  return id && id !== raw.requestId ? [id] : [];
}

function titleFrom(text: string | undefined): string | undefined {
  const firstLine = text?.trim().split(/\r?\n/, 1)[0];
  if (!firstLine) return undefined;
  const chars = Array.from(firstLine);
  return chars.length > TITLE_LENGTH ? chars.slice(0, TITLE_LENGTH - 1).join('') + '…' : firstLine;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function finiteNumber(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

function nonEmptyString(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}
