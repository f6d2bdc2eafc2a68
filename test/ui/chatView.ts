/**
 * VS Code's own Chat view (the secondary side bar of VS Code 1.139) as a person uses it: the agent picker, the
 * model picker, the input box, the answers, and a request's Restore Checkpoint. Selectors are the workbench's
 * own class names and aria labels, checked against code-server 4.139.1.
 */
import type { Locator, Page } from 'playwright-core';

/** What the chat setup answers when a request arrives before Copilot Chat has started (no GitHub sign-in). */
export const SIGN_IN_ANSWER = 'You need to set up GitHub Copilot and be signed in to use Chat.';

export class ChatView {
  constructor(private readonly page: Page) {}

  private get input(): Locator {
    return this.page.locator('.interactive-input-part').first();
  }

  /** The agent picker's button: the toolbar entry that shows the current agent's name. */
  private agentButton(current: string): Locator {
    return this.input.locator('.chat-input-toolbars .action-label', { hasText: new RegExp(`^\\s*${current}\\s*$`) }).first();
  }

  /** The agent picker's entries, read by opening it from the button showing `current`; the picker is closed again. */
  async agentNames(current: string): Promise<string[]> {
    await this.agentButton(current).click();
    const widget = this.page.locator('.action-widget').first();
    await widget.waitFor({ state: 'visible', timeout: 10_000 });
    const names = (await widget.locator('.action-label, .title').allInnerTexts()).map(t => t.trim()).filter(Boolean);
    await this.page.keyboard.press('Escape');
    await widget.waitFor({ state: 'hidden', timeout: 10_000 });
    return names;
  }

  /**
   * Waits until the agent picker lists `name`, opening it every second while extensions start (Copilot Chat's
   * own agents appear only once it runs).
   */
  async waitForAgent(name: string, current: string, timeoutMs = 240_000): Promise<string[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const names = await this.agentNames(current);
      if (names.includes(name)) return names;
      if (Date.now() > deadline) throw new Error(`the agent picker never listed ${name}: ${names.join(', ')}`);
      await this.page.waitForTimeout(1_000);
    }
  }

  /** Picks `name` in the agent picker opened from the button showing `current`, and waits for the button to show it. */
  async pickAgent(name: string, current: string): Promise<void> {
    await this.agentButton(current).click();
    // A row's text runs straight into its keybinding ("AgentCtrl+Shift+Alt+I"), so the name ends where no lower-case
    // letter follows (not at a word boundary).
    const entry = this.page.locator('.action-widget .monaco-list-row, .action-widget .action-item', { hasText: new RegExp(`^\\s*${name}(?![a-z])`) }).first();
    await entry.waitFor({ state: 'visible', timeout: 10_000 });
    await entry.click();
    await this.agentButton(name).waitFor({ state: 'visible', timeout: 10_000 });
  }

  /** The model picker's label (the selected model's name). */
  async modelLabel(name: string): Promise<string> {
    const label = this.input.locator('.chat-input-toolbars .action-label', { hasText: name }).first();
    await label.waitFor({ state: 'visible', timeout: 60_000 });
    return (await label.innerText()).trim();
  }

  private responses(): Locator {
    return this.page.locator('.interactive-item-container.interactive-response');
  }

  /**
   * Types `text` into the chat input, sends it, and resolves with the new answer's text once it matches `until`
   * (an answer streams in; the caller says what the finished one shows). The chat setup's sign-in dialog or
   * answer instead throws `SignInRequired`.
   */
  async ask(text: string, until: RegExp, timeoutMs = 60_000): Promise<string> {
    // The chat list is virtual: rows come and go as it scrolls, so answers are read in one go, and the newest is
    // the last one shown (the list follows the newest answer).
    const before = await this.answers();
    await this.input.locator('.interactive-input-editor').first().click();
    await this.page.keyboard.type(text);
    await this.page.keyboard.press('Enter');
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const now = await this.answers();
      const answer = now.length > before.length || now.at(-1) !== before.at(-1) ? now.at(-1) ?? '' : '';
      if (until.test(answer)) return answer;
      if (answer.includes(SIGN_IN_ANSWER) || (await this.page.locator('.monaco-dialog-box', { hasText: 'Sign in to use GitHub Copilot' }).isVisible())) {
        throw new SignInRequired();
      }
      if (Date.now() > deadline) throw new Error(`no answer to ${JSON.stringify(text)} matching ${until} within ${timeoutMs} ms; last: ${JSON.stringify(answer)}`);
      await this.page.waitForTimeout(250);
    }
  }

  /** The links in the newest answer whose text is `text` exactly (the chat renders a Markdown link as an anchor). */
  answerLinks(text: string): Locator {
    return this.responses().last().locator('a', { hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });
  }

  /** The texts of the answers the chat list shows, oldest first. */
  private async answers(): Promise<string[]> {
    return this.responses().evaluateAll(els => els.map(e => (e as unknown as { innerText: string }).innerText.replace(/\u00a0/g, ' ')));
  }

  /** Closes the chat setup's sign-in dialog. */
  async dismissSignIn(): Promise<void> {
    const dialog = this.page.locator('.monaco-dialog-box', { hasText: 'Sign in to use GitHub Copilot' });
    await dialog.waitFor({ state: 'visible', timeout: 10_000 });
    await this.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
  }

  /** Hovers the last request and clicks its Restore Checkpoint (VS Code drops the request at the next send). */
  async restoreCheckpointOfLastRequest(): Promise<void> {
    const request = this.page.locator('.interactive-item-container.interactive-request').last();
    await request.hover();
    const restore = request.locator('.action-label[aria-label="Restores workspace and chat to this point"]').first();
    await restore.waitFor({ state: 'visible', timeout: 10_000 });
    await restore.click();
    // The taken-back request's text goes back into the input box; clear it for the next request.
    await this.input.locator('.interactive-input-editor').first().click();
    await this.page.keyboard.press('Control+A');
    await this.page.keyboard.press('Delete');
  }
}

/** The chat setup asked for a GitHub sign-in: the request reached it before Copilot Chat was running. */
export class SignInRequired extends Error {
  constructor() {
    super('the chat setup asked for a GitHub sign-in');
  }
}
