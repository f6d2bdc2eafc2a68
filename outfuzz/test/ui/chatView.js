"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.SignInRequired = exports.ChatView = exports.SIGN_IN_ANSWER = void 0;
/** What the chat setup answers when a request arrives before Copilot Chat has started (no GitHub sign-in). */
exports.SIGN_IN_ANSWER = 'You need to set up GitHub Copilot and be signed in to use Chat.';
class ChatView {
    page;
    constructor(page) {
        this.page = page;
    }
    get input() {
        return this.page.locator('.interactive-input-part').first();
    }
    /** The agent picker's button: the toolbar entry that shows the current agent's name. */
    agentButton(current) {
        return this.input.locator('.chat-input-toolbars .action-label', { hasText: new RegExp(`^\\s*${current}\\s*$`) }).first();
    }
    /** The agent picker's entries, read by opening it from the button showing `current`; the picker is closed again. */
    async agentNames(current) {
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
    async waitForAgent(name, current, timeoutMs = 240_000) {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
            const names = await this.agentNames(current);
            if (names.includes(name))
                return names;
            if (Date.now() > deadline)
                throw new Error(`the agent picker never listed ${name}: ${names.join(', ')}`);
            await this.page.waitForTimeout(1_000);
        }
    }
    /** Picks `name` in the agent picker opened from the button showing `current`, and waits for the button to show it. */
    async pickAgent(name, current) {
        await this.agentButton(current).click();
        // A row's text runs straight into its keybinding ("AgentCtrl+Shift+Alt+I"), so the name ends where no lower-case
        // letter follows (not at a word boundary).
        const entry = this.page.locator('.action-widget .monaco-list-row, .action-widget .action-item', { hasText: new RegExp(`^\\s*${name}(?![a-z])`) }).first();
        await entry.waitFor({ state: 'visible', timeout: 10_000 });
        await entry.click();
        await this.agentButton(name).waitFor({ state: 'visible', timeout: 10_000 });
    }
    /** The model picker's label (the selected model's name). */
    async modelLabel(name) {
        const label = this.input.locator('.chat-input-toolbars .action-label', { hasText: name }).first();
        await label.waitFor({ state: 'visible', timeout: 60_000 });
        return (await label.innerText()).trim();
    }
    responses() {
        return this.page.locator('.interactive-item-container.interactive-response');
    }
    /**
     * Types `text` into the chat input, sends it, and resolves with the new answer's text once it matches `until`
     * (an answer streams in; the caller says what the finished one shows). The chat setup's sign-in dialog or
     * answer instead throws `SignInRequired`.
     */
    async ask(text, until, timeoutMs = 60_000) {
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
            if (until.test(answer))
                return answer;
            if (answer.includes(exports.SIGN_IN_ANSWER) || (await this.page.locator('.monaco-dialog-box', { hasText: 'Sign in to use GitHub Copilot' }).isVisible())) {
                throw new SignInRequired();
            }
            if (Date.now() > deadline)
                throw new Error(`no answer to ${JSON.stringify(text)} matching ${until} within ${timeoutMs} ms; last: ${JSON.stringify(answer)}`);
            await this.page.waitForTimeout(250);
        }
    }
    /** The texts of the answers the chat list shows, oldest first. */
    async answers() {
        return this.responses().evaluateAll(els => els.map(e => e.innerText.replace(/\u00a0/g, ' ')));
    }
    /** Closes the chat setup's sign-in dialog. */
    async dismissSignIn() {
        const dialog = this.page.locator('.monaco-dialog-box', { hasText: 'Sign in to use GitHub Copilot' });
        await dialog.waitFor({ state: 'visible', timeout: 10_000 });
        await this.page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
    }
    /** Hovers the last request and clicks its Restore Checkpoint (VS Code drops the request at the next send). */
    async restoreCheckpointOfLastRequest() {
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
exports.ChatView = ChatView;
/** The chat setup asked for a GitHub sign-in: the request reached it before Copilot Chat was running. */
class SignInRequired extends Error {
    constructor() {
        super('the chat setup asked for a GitHub sign-in');
    }
}
exports.SignInRequired = SignInRequired;
//# sourceMappingURL=chatView.js.map