import { randomUUID } from 'crypto';
import * as vscode from 'vscode';
import {
  ChatNotebookFormatError, isTextMime, parseChatNotebook, serializeChatNotebook,
  type ChatCellData, type ChatOutputData,
} from '../chatNotebookFormat';

/**
 * The language of prompt cells: Markdown under the name "Prompt" (package.json contributes it with a grammar that
 * is Markdown's), so a prompt cell and "+ Code" say "Prompt", not "Markdown".
 */
export const PROMPT_LANGUAGE = 'agent-prompt';

/** The cell metadata key holding a cell's stable id (the message id of the changes its runs stage). */
export const CELL_ID_KEY = 'id';

/** `.agentchat` files ⇄ `NotebookData` (the JSON format lives in chatNotebookFormat.ts). */
export class ChatNotebookSerializer implements vscode.NotebookSerializer {
  deserializeNotebook(content: Uint8Array): vscode.NotebookData {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(content);
    } catch {
      throw new ChatNotebookFormatError('This is not an agent chat notebook: the file is not UTF-8 text.');
    }
    const file = parseChatNotebook(text, randomUUID);
    const data = new vscode.NotebookData(file.cells.map(toCellData));
    data.metadata = { ...file.metadata };
    return data;
  }

  serializeNotebook(data: vscode.NotebookData): Uint8Array {
    const seen = new Set<string>();
    const cells: ChatCellData[] = data.cells.map(cell => {
      const { [CELL_ID_KEY]: rawId, ...metadata } = cell.metadata ?? {};
      const id = typeof rawId === 'string' && rawId && !seen.has(rawId) ? rawId : randomUUID();
      seen.add(id);
      const summary = cell.executionSummary;
      return {
        id,
        kind: cell.kind === vscode.NotebookCellKind.Markup ? 'markdown' : 'prompt',
        // Files keep Markdown as a prompt's language (the format's default): the Prompt language is a label.
        language: cell.languageId === PROMPT_LANGUAGE ? 'markdown' : cell.languageId,
        source: cell.value,
        metadata,
        outputs: (cell.outputs ?? []).map(fromOutput),
        ...(summary ? {
          execution: {
            ...(summary.executionOrder !== undefined ? { order: summary.executionOrder } : {}),
            ...(summary.success !== undefined ? { success: summary.success } : {}),
            ...(summary.timing ? { startTime: summary.timing.startTime, endTime: summary.timing.endTime } : {}),
          },
        } : {}),
      };
    });
    return new TextEncoder().encode(serializeChatNotebook({ version: 1, metadata: data.metadata ?? {}, cells }));
  }
}

function toCellData(c: ChatCellData): vscode.NotebookCellData {
  const kind = c.kind === 'markdown' ? vscode.NotebookCellKind.Markup : vscode.NotebookCellKind.Code;
  const language = kind === vscode.NotebookCellKind.Code && (c.language === undefined || c.language === 'markdown') ? PROMPT_LANGUAGE : c.language ?? 'markdown';
  const cell = new vscode.NotebookCellData(kind, c.source, language);
  cell.metadata = { ...(c.metadata ?? {}), [CELL_ID_KEY]: c.id };
  cell.outputs = (c.outputs ?? []).map(o => new vscode.NotebookCellOutput(
    o.items.map(i => new vscode.NotebookCellOutputItem(i.encoding === 'base64' ? Uint8Array.from(Buffer.from(i.data, 'base64')) : new TextEncoder().encode(i.data), i.mime)),
    o.metadata ? { ...o.metadata } : undefined,
  ));
  const e = c.execution;
  if (e) {
    cell.executionSummary = {
      executionOrder: e.order,
      success: e.success,
      timing: e.startTime !== undefined && e.endTime !== undefined ? { startTime: e.startTime, endTime: e.endTime } : undefined,
    };
  }
  return cell;
}

function fromOutput(o: vscode.NotebookCellOutput): ChatOutputData {
  return {
    items: o.items.map(i => (isTextMime(i.mime)
      ? { mime: i.mime, data: new TextDecoder().decode(i.data) }
      : { mime: i.mime, data: Buffer.from(i.data).toString('base64'), encoding: 'base64' as const })),
    ...(o.metadata && Object.keys(o.metadata).length > 0 ? { metadata: o.metadata } : {}),
  };
}
