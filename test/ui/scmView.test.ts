import * as assert from 'assert';
import * as fs from 'fs';
import { Workbench, screenshotOnFailure } from './workbench';

describe('UI: Source Control view', () => {
  let wb: Workbench;
  before(async () => { wb = await Workbench.open(); });
  afterEach(async function () { await screenshotOnFailure(wb, this.currentTest); });
  after(async () => { await wb?.close(); });

  it('shows the staged-changes group and the Refresh title action', async () => {
    const view = await wb.openSourceControl();
    // With a single source control VS Code shows its groups directly, without the provider row.
    await view.locator('.monaco-list-row', { hasText: 'Staged Changes' }).first().waitFor({ state: 'visible', timeout: 30_000 });
    await wb.page.locator('a.action-label[aria-label="Refresh"] >> visible=true').first().waitFor({ state: 'visible' });
    const shot = await wb.screenshot('scm-view');
    assert.ok(fs.statSync(shot).size > 10_000, 'the screenshot holds a rendered workbench');
  });
});
