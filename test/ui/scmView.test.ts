import * as assert from 'assert';
import { Workbench, screenshotOnFailure } from './workbench';

describe('UI: Source Control view', () => {
  let wb: Workbench;
  before(async () => { wb = await Workbench.open(); });
  afterEach(async function () { await screenshotOnFailure(wb, this.currentTest); });
  after(async () => { await wb?.close(); });

  it('says in words that no agent change is staged, with no empty group, and names what Refresh refreshes', async () => {
    const view = await wb.openSourceControl();
    // With a single source control VS Code shows its groups directly, without the provider row: the text must
    // say "agent" itself.
    const squeeze = (t: string) => t.replace(/\s+/g, '');
    assert.strictEqual(squeeze(await wb.scmEmptyText()), squeeze('No staged agent changes. Agents that write through agent-staged: or the overlay tools appear here.'));
    assert.strictEqual(await view.locator('.monaco-list-row', { hasText: 'Staged Changes' }).count(), 0, 'no empty "Staged Changes 0" group');
    await wb.page.locator('a.action-label[aria-label="Refresh Staged Changes"] >> visible=true').first().waitFor({ state: 'visible' });
    await wb.screenshot('scm-view-empty-state');
  });
});
