import * as vscode from 'vscode';
import { enabledGlobs } from '../globMatch';
import { RipgrepSearcher, findRipgrep, ripgrepCandidates } from '../ripgrep';
import type { ViewToolServices } from '../../tools/overlay/viewToolServices';

/**
 * The listing and search tools' view of VS Code: `files.exclude` and `search.exclude` as each workspace folder
 * resolves them (user, workspace and folder settings), and the ripgrep VS Code ships for its own search, found
 * once under `vscode.env.appRoot` (else `rg` on the PATH).
 */
export function vscodeViewServices(): ViewToolServices {
  let rgPath: string | undefined;
  const setting = (section: 'files' | 'search', rootPath: string) =>
    enabledGlobs(vscode.workspace.getConfiguration(section, vscode.Uri.file(rootPath)).get('exclude'));
  return {
    filesExclude: root => setting('files', root),
    searchExclude: root => setting('search', root),
    disk: new RipgrepSearcher(() => (rgPath ??= findRipgrep(ripgrepCandidates(vscode.env.appRoot, process.env.PATH)))),
  };
}
