import * as vscode from 'vscode';
import { GHOST_OPEN } from '../contextCollector';

/** The chat-model vendor tests register (package.json declares it, hidden from the Manage Models list). */
export const TEST_MODEL_VENDOR = 'agent-overlay-test';

/** What the integration tests reach through `testing.notebook` (only under the test harness). */
export interface NotebookTestSeam {
  readonly vendor: string;
  /** Registers a scripted chat model provider under the test vendor; dispose to unregister. */
  registerChatModel(provider: vscode.LanguageModelChatProvider): vscode.Disposable;
  /** Fires after each cell run. */
  readonly onDidFinishCell: vscode.Event<{ readonly cellId: string; readonly success: boolean }>;
}

export function createNotebookTestSeam(onDidFinishCell: NotebookTestSeam['onDidFinishCell']): NotebookTestSeam {
  return {
    vendor: TEST_MODEL_VENDOR,
    registerChatModel: provider => vscode.lm.registerLanguageModelChatProvider(TEST_MODEL_VENDOR, provider),
    onDidFinishCell,
  };
}

/**
 * A model that echoes the newest prompt and names what its ghost block carried; registered at activation when
 * the UI tests ask for it (AGENT_OVERLAY_NOTEBOOK_ECHO_MODEL), since they cannot reach the test seam.
 */
export const echoChatModelProvider: vscode.LanguageModelChatProvider = {
  provideLanguageModelChatInformation: () => [{
    id: 'echo', name: 'Echo (test model)', family: 'echo', version: '1', maxInputTokens: 1_000_000, maxOutputTokens: 10_000,
    capabilities: { toolCalling: true, imageInput: true },
  }],
  async provideLanguageModelChatResponse(_model, messages, _options, progress) {
    const last = messages[messages.length - 1];
    const text = last.content.map(p => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
    const ghost = text.indexOf(GHOST_OPEN);
    const prompt = (ghost >= 0 ? text.slice(0, ghost) : text).split('\n').filter(l => l.trim() && !/^\s*#define\b/.test(l)).join(' ').trim();
    let context = '';
    if (ghost >= 0) {
      const block = JSON.parse(text.slice(ghost + GHOST_OPEN.length, text.lastIndexOf('</'))) as { rules: { path: string; content: string }[]; files: Record<string, string> };
      const rules = block.rules.map(r => r.content.split('\n').filter(l => l.trim() && !l.startsWith('#')).join(' ')).join(' / ');
      context = ` Context: ${block.rules.length} rules file(s)${rules ? ` (${rules})` : ''}${Object.keys(block.files).length ? `, files ${Object.keys(block.files).join(', ')}` : ''}.`;
    }
    progress.report(new vscode.LanguageModelTextPart(`Echo from the test model: "${prompt}".${context}`));
  },
  provideTokenCount: async (_model, text) => Math.ceil((typeof text === 'string' ? text.length : 100) / 4),
};
