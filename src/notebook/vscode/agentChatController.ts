import { randomUUID } from 'crypto';
import * as vscode from 'vscode';
import type { OverlayWorkspace } from '../../fs/overlayWorkspace';
import type { AgentTool, ToolCaller } from '../../tools/agentTool';
import { TurnCancelledError, runAgentTurn, type TurnObserver } from '../agentTurn';
import { buildInteractionHistory } from '../interactionHistory';
import { readNotebookMetadata, type ModelSelector } from '../notebookMetadata';
import { TURN_METADATA_KEY, TurnTranscript } from '../turnTranscript';
import { CELL_ID_KEY } from './chatNotebookSerializer';
import { LmChatModel } from './lmChatModel';
import { PROMPT_LANGUAGE } from './chatNotebookSerializer';
import { cellIdOf, contextPorts, notebookToolGuard, notebookView, workspaceRoots } from './notebookContext';

export const NOTEBOOK_TYPE = 'agent-chat';
export const CONTROLLER_ID = 'agent-chat-agent';

export interface AgentChatDeps {
  readonly overlay: OverlayWorkspace;
  readonly tools: readonly AgentTool<never>[];
  /** The session edit tracker's RECENT EDITS block ('' when none), for the ghost block. */
  readonly recentEdits?: () => Promise<string>;
}

/**
 * The notebook controller: running a prompt cell builds the interaction history (ghost block and all), runs the
 * agent turn with a `vscode.lm` model and this extension's tools, and streams the answer into the cell's output.
 * The cell's id is the message id of every change the run stages; re-running the cell first prunes what its
 * earlier run staged. Runs of one notebook are sequenced.
 */
export class AgentChatController implements vscode.Disposable {
  private readonly controller: vscode.NotebookController;
  private readonly queues = new Map<string, Promise<void>>();
  private readonly _onDidFinishCell = new vscode.EventEmitter<{ readonly cellId: string; readonly success: boolean }>();
  /** Fires after each cell run (tests wait on it). */
  readonly onDidFinishCell = this._onDidFinishCell.event;
  private order = 0;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly deps: AgentChatDeps) {
    this.controller = vscode.notebooks.createNotebookController(CONTROLLER_ID, NOTEBOOK_TYPE, 'Agent Chat');
    this.controller.description = 'Chat model + Agent Overlay tools';
    this.controller.detail = 'Runs each prompt cell with a VS Code chat model; file changes are staged for review in Source Control.';
    // Prompt first: "+ Code" in an empty notebook takes the controller's first language.
    this.controller.supportedLanguages = [PROMPT_LANGUAGE, 'markdown', 'plaintext'];
    this.controller.supportsExecutionOrder = true;
    this.controller.executeHandler = (cells, notebook) => this.enqueue(notebook, cells);
    this.disposables.push(
      this.controller,
      this._onDidFinishCell,
      vscode.workspace.onDidOpenNotebookDocument(nb => this.prefer(nb)),
      // The kernel's label in the notebook toolbar names the model that will answer (issue 15 item 13).
      vscode.window.onDidChangeActiveNotebookEditor(() => void this.showModel()),
      vscode.workspace.onDidChangeNotebookDocument(e => {
        if (e.metadata && e.notebook === vscode.window.activeNotebookEditor?.notebook) void this.showModel();
      }),
      vscode.lm.onDidChangeChatModels(() => void this.showModel()),
    );
    for (const nb of vscode.workspace.notebookDocuments) this.prefer(nb);
    void this.showModel();
  }

  /** "Agent Chat · ‹model›" for the active agent chat notebook: the model its next run will use. */
  private async showModel(): Promise<void> {
    const notebook = vscode.window.activeNotebookEditor?.notebook;
    if (notebook?.notebookType !== NOTEBOOK_TYPE) return;
    const name = await pickModel(readNotebookMetadata(notebook.metadata).model).then(m => m.name, () => 'no chat model available');
    if (vscode.window.activeNotebookEditor?.notebook === notebook) this.controller.label = `Agent Chat · ${name}`;
  }

  dispose(): void {
    for (const d of this.disposables.splice(0).reverse()) d.dispose();
  }

  private prefer(notebook: vscode.NotebookDocument): void {
    if (notebook.notebookType === NOTEBOOK_TYPE) this.controller.updateNotebookAffinity(notebook, vscode.NotebookControllerAffinity.Preferred);
  }

  private enqueue(notebook: vscode.NotebookDocument, cells: readonly vscode.NotebookCell[]): Promise<void> {
    const key = notebook.uri.toString();
    const previous = this.queues.get(key) ?? Promise.resolve();
    const next = previous.then(async () => {
      for (const cell of cells) if (cell.kind === vscode.NotebookCellKind.Code) await this.run(cell);
    });
    const settled = next.catch(() => undefined);
    this.queues.set(key, settled);
    void settled.then(() => {
      if (this.queues.get(key) === settled) this.queues.delete(key);
    });
    return next;
  }

  private async run(cell: vscode.NotebookCell): Promise<void> {
    const execution = this.controller.createNotebookCellExecution(cell);
    execution.executionOrder = ++this.order;
    execution.start(Date.now());
    const abort = new AbortController();
    const onCancel = execution.token.onCancellationRequested(() => abort.abort());
    const transcript = new TurnTranscript();
    let output = new vscode.NotebookCellOutput([markdownItem(transcript.markdown())]);
    let cellId = cellIdOf(cell) ?? '';
    let success = false;
    try {
      const notebook = cell.notebook;
      cellId = await ensureCellId(cell);
      // Re-running a cell replaces its earlier changes.
      const { overlay, tools } = this.deps;
      if (overlay.model.recordsByMessage(cellId).length > 0) {
        overlay.model.prune(cellId);
        await overlay.flush();
      }
      const caller: ToolCaller = { sessionId: notebook.uri.toString(), messageId: cellId, via: 'notebook' };
      const roots = workspaceRoots();
      const guard = notebookToolGuard(notebook, roots);
      const history = await buildInteractionHistory(notebookView(notebook), cell.index, cell.document.getText(), contextPorts(overlay, tools, caller, roots, guard, this.deps.recentEdits));
      transcript.warn(...history.warnings);
      output = new vscode.NotebookCellOutput([markdownItem(transcript.markdown())]);
      await execution.replaceOutput([output]);
      await persistMetadata(notebook, history.metadata);

      const model = await pickModel(readNotebookMetadata(notebook.metadata).model);
      transcript.setModel(model.name);
      const render = new OutputRenderer(execution, () => output, () => transcript.markdown());
      const observer: TurnObserver = {
        text: d => { transcript.text(d); render.schedule(); },
        toolCall: c => { transcript.toolCall(c); render.schedule(); },
        toolResult: r => { transcript.toolResult(r); render.schedule(); },
      };
      const result = await runAgentTurn(new LmChatModel(model), history.messages, observer, { tools, caller, guard, signal: abort.signal });
      await render.idle();
      if (result.stoppedAtRoundLimit) transcript.fail(`The model was still calling tools after ${result.toolCalls.length} calls; run the cell again to continue.`);
      await overlay.flush();
      success = !result.stoppedAtRoundLimit;
    } catch (e) {
      transcript.fail(e instanceof TurnCancelledError || abort.signal.aborted ? 'Cancelled.' : errorText(e));
    } finally {
      onCancel.dispose();
      await execution.replaceOutput([new vscode.NotebookCellOutput([markdownItem(transcript.markdown())], { [TURN_METADATA_KEY]: transcript.record() })]).then(undefined, () => undefined);
      execution.end(success, Date.now());
      this._onDidFinishCell.fire({ cellId, success });
    }
  }
}

/**
 * The cell's id. Prompt cells typed in the editor have none yet: every such cell of the notebook gets one (in its
 * metadata) now, so the references they brought are remembered under ids that last.
 */
async function ensureCellId(cell: vscode.NotebookCell): Promise<string> {
  const existing = cellIdOf(cell);
  if (existing) return existing;
  const missing = cell.notebook.getCells().filter(c => c.kind === vscode.NotebookCellKind.Code && !cellIdOf(c));
  const ids = new Map(missing.map(c => [c.index, randomUUID()]));
  const edit = new vscode.WorkspaceEdit();
  edit.set(cell.notebook.uri, missing.map(c => vscode.NotebookEdit.updateCellMetadata(c.index, { ...c.metadata, [CELL_ID_KEY]: ids.get(c.index) })));
  await vscode.workspace.applyEdit(edit);
  return cellIdOf(cell) ?? ids.get(cell.index) ?? randomUUID();
}

/** Seed 004: macros and remembered context are saved in the notebook metadata after each turn (if they changed). */
async function persistMetadata(notebook: vscode.NotebookDocument, update: Readonly<Record<string, unknown>>): Promise<void> {
  const current = notebook.metadata ?? {};
  if (Object.entries(update).every(([k, v]) => JSON.stringify(current[k]) === JSON.stringify(v))) return;
  const edit = new vscode.WorkspaceEdit();
  edit.set(notebook.uri, [vscode.NotebookEdit.updateNotebookMetadata({ ...notebook.metadata, ...update })]);
  await vscode.workspace.applyEdit(edit);
}

export class NoChatModelError extends Error {}

/** The notebook's model (metadata `model` selector), else the first available one, preferring Copilot's. */
export async function pickModel(selector: ModelSelector | undefined): Promise<vscode.LanguageModelChat> {
  if (selector) {
    const [model] = await vscode.lm.selectChatModels(selector);
    if (model) return model;
    throw new NoChatModelError(`The chat model this notebook names (${JSON.stringify(selector)}) is not available. Pick another with "Agent Chat: Select Chat Model".`);
  }
  const all = await vscode.lm.selectChatModels();
  const model = all.find(m => m.vendor === 'copilot') ?? all[0];
  if (!model) throw new NoChatModelError('No chat model is available. Install and sign in to a chat model provider (for example GitHub Copilot), then run the cell again.');
  return model;
}

function markdownItem(markdown: string): vscode.NotebookCellOutputItem {
  return vscode.NotebookCellOutputItem.text(markdown, 'text/markdown');
}

function errorText(e: unknown): string {
  if (e instanceof vscode.LanguageModelError) return `The chat model refused the request (${e.code}): ${e.message}`;
  return e instanceof Error ? e.message : String(e);
}

/** Streams the transcript into the output: at most one update in flight, the latest state always shown. */
class OutputRenderer {
  private running: Promise<void> | undefined;
  private dirty = false;

  constructor(
    private readonly execution: vscode.NotebookCellExecution,
    private readonly output: () => vscode.NotebookCellOutput,
    private readonly markdown: () => string,
  ) {}

  schedule(): void {
    this.dirty = true;
    this.running ??= this.loop();
  }

  async idle(): Promise<void> {
    await this.running;
  }

  private async loop(): Promise<void> {
    while (this.dirty) {
      this.dirty = false;
      await this.execution.replaceOutputItems([markdownItem(this.markdown())], this.output()).then(undefined, () => undefined);
    }
    this.running = undefined;
  }
}
