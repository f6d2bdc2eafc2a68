import * as path from 'path';
import { OverlayError } from '../../fs/model/overlayError';
import { overlayGitignore, overlayListingView } from '../../search/overlayView';
import { ViewFilter } from '../../search/viewFilter';
import { listView } from '../../search/viewListing';
import type { AgentTool, ToolAnswer } from '../agentTool';
import { ToolError } from '../agentTool';
import type { ToolMetadata } from '../toolManifest';
import { PRIVATE_GLOBS, resolveToolPath, type OverlayToolContext } from './overlayToolContext';
import type { ViewToolServices } from './viewToolServices';

export interface ListDirectoryInput {
  path?: string;
  recursive?: boolean;
  maxEntries?: number;
}

export const DEFAULT_MAX_ENTRIES = 200;
export const MAX_ENTRIES = 5_000;

export const LIST_DIRECTORY_METADATA: ToolMetadata = {
  toolName: 'overlay_listDirectory',
  displayName: 'List Directory (Agent Overlay)',
  userDescription: "Lists a workspace folder as the agent sees it: the disk plus the agent's staged changes.",
  modelDescription:
    'Lists a folder of the workspace as you (the agent) see it: files you created are there, files you deleted or renamed away are gone, ' +
    'even though none of it is on disk yet. Each entry has a type ("file", "folder" or "symlink") and, when your staged changes made it differ from the disk, ' +
    'staged: "created", "modified" or "renamed". Use this tool instead of a disk listing (ls, list_dir, Glob) whenever you explore the workspace, ' +
    'and to check what your staged changes look like as a tree. Entries hidden by the files.exclude setting are left out; ' +
    'a recursive listing also leaves out what .gitignore ignores (a one-level listing shows such entries marked gitignored) and goes breadth first, ' +
    'so when it is cut at maxEntries ("truncated": true) you still see the top levels: list a subfolder to see more. Symlinks are listed, not followed. ' +
    'Examples: {"path": "."} for the workspace folder; {"path": "src", "recursive": true, "maxEntries": 500}.',
  inputSchema: {
    type: 'object',
    properties: {
      path: { type: 'string', description: 'Workspace-relative folder, e.g. "src" (multi-root: "folderName/src"). Default "." (the workspace folder).' },
      recursive: { type: 'boolean', description: 'List the whole tree under the folder (breadth first, .gitignored entries left out). Default false.' },
      maxEntries: { type: 'integer', minimum: 1, maximum: MAX_ENTRIES, description: `At most this many entries; the answer says when there were more. Default ${DEFAULT_MAX_ENTRIES}.` },
    },
    additionalProperties: false,
  },
  tags: ['overlay', 'files', 'search'],
};

export class ListDirectoryTool implements AgentTool<ListDirectoryInput> {
  readonly metadata = LIST_DIRECTORY_METADATA;
  constructor(private readonly ctx: OverlayToolContext, private readonly services: ViewToolServices) {}

  invocationMessage(input: ListDirectoryInput): string {
    return `Listing ${input.path ?? '.'}${input.recursive ? ' (recursive)' : ''}`;
  }

  async invoke(input: ListDirectoryInput): Promise<ToolAnswer> {
    const roots = this.ctx.roots();
    if (roots.length === 0) throw new ToolError('NoWorkspace', 'No workspace folder is open, so there is nothing to list. Ask the user to open a folder.');
    const asked = (input.path ?? '.').trim().replace(/\\/g, '/').replace(/^(\.\/)+|\/+$/g, '');
    const maxEntries = input.maxEntries ?? DEFAULT_MAX_ENTRIES;
    if ((asked === '' || asked === '.') && roots.length > 1) {
      // Several folders: their names are the top level, as the Explorer shows them.
      return {
        summary: `${roots.length} workspace folders; list one by its name, e.g. {"path": "${roots[0].name}"}.`,
        data: { path: '.', entries: roots.map(r => ({ name: r.name, type: 'folder' })), count: roots.length, truncated: false, excluded: 0, gitignored: 0 },
      };
    }
    const target = asked === '' || asked === '.'
      ? { absolute: roots[0].path, display: '.' }
      : roots.length > 1 && roots.some(r => r.name === asked)
        ? { absolute: roots.find(r => r.name === asked)!.path, display: asked }
        : await resolveToolPath(this.ctx, asked);
    const root = roots.find(r => target.absolute === r.path || target.absolute.startsWith(r.path + path.sep))!;
    const relDir = path.relative(root.path, target.absolute).split(path.sep).join('/');
    const { overlay } = this.ctx;
    let kind: string;
    try {
      kind = overlay.stat(target.absolute).type;
    } catch (e) {
      if (e instanceof OverlayError && e.code === 'FileNotFound') throw new ToolError('FileNotFound', `${target.display} does not exist in the agent's view of the workspace. List its parent folder to see what is there.`);
      throw e;
    }
    if (kind !== 'directory') throw new ToolError('NotAFolder', `${target.display} is a file, not a folder: read it with overlay_readFile.`);
    const filter = new ViewFilter({ excludes: [...PRIVATE_GLOBS, ...this.services.filesExclude(root.path)], gitignore: overlayGitignore(overlay, root.path) });
    const listing = listView(overlayListingView(overlay), { dir: target.absolute, relDir, recursive: input.recursive ?? false, maxEntries, filter });
    const left = [listing.excluded ? `${listing.excluded} hidden by files.exclude (or as the person's .history)` : '', listing.gitignored ? `${listing.gitignored} ignored by .gitignore` : ''].filter(s => s !== '');
    const staged = listing.entries.filter(e => e.staged).length;
    return {
      summary: `${listing.entries.length} entr${listing.entries.length === 1 ? 'y' : 'ies'} in ${target.display}${input.recursive ? ' (recursive)' : ''}` +
        `${staged ? `, ${staged} from your staged changes` : ''}${left.length ? ` (${left.join(', ')})` : ''}` +
        `${listing.truncated ? `; TRUNCATED at ${maxEntries}: list a subfolder or raise maxEntries` : ''}.`,
      data: { path: target.display, entries: listing.entries, count: listing.entries.length, truncated: listing.truncated, excluded: listing.excluded, gitignored: listing.gitignored },
    };
  }
}
