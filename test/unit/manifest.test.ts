import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';

/** The product's package.json, as the .vsix ships it. */
const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'package.json'), 'utf8'));

describe('the product manifest', () => {
  it('declares no chat-model vendor: the tests\' scripted model is added by the test harness only', () => {
    // A declared vendor that nobody registers makes VS Code log "No provider registered for vendor …".
    assert.deepStrictEqual(manifest.contributes.languageModelChatProviders, undefined);
  });
});
