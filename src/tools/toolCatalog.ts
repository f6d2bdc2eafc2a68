import type { ToolMetadata } from './toolManifest';
import { DELETE_FILE_METADATA } from './overlay/deleteFileTool';
import { DISCARD_CHANGES_METADATA } from './overlay/discardChangesTool';
import { EDIT_FILE_METADATA } from './overlay/editFileTool';
import { GET_CONFLICT_METADATA } from './overlay/getConflictTool';
import { LIST_CHANGES_METADATA } from './overlay/listChangesTool';
import { LIST_DIRECTORY_METADATA } from './overlay/listDirectoryTool';
import { READ_FILE_METADATA } from './overlay/readFileTool';
import { RENAME_FILE_METADATA } from './overlay/renameFileTool';
import { RESOLVE_CONFLICT_METADATA } from './overlay/resolveConflictTool';
import { SEARCH_METADATA } from './overlay/searchTool';
import { WRITE_FILE_METADATA } from './overlay/writeFileTool';
import { RUN_COMMAND_METADATA } from './overlay/runCommandTool';
import { GET_SHARED_CONTENT_METADATA } from './history/getSharedContentTool';
import { GET_VERSION_CONTENT_METADATA } from './history/getVersionContentTool';
import { REQUEST_VERSIONS_METADATA } from './history/requestVersionsTool';
import { GET_RECENT_EDITS_METADATA } from './edits/getRecentEditsTool';
import { GET_FIRST_REQUEST_TOOL } from '../chat/getFirstRequestTool';
import { GET_REQUEST_TOOL } from '../chat/getRequestTool';

/**
 * Every agent tool this extension declares, in the order `package.json` lists them. One list, read by
 * `npm run sync-manifest` (which writes `contributes.languageModelTools`), by the VS Code and MCP front ends,
 * and by the unit test that checks `package.json` agrees.
 */
export const TOOL_CATALOG: readonly ToolMetadata[] = [
  READ_FILE_METADATA,
  WRITE_FILE_METADATA,
  EDIT_FILE_METADATA,
  DELETE_FILE_METADATA,
  RENAME_FILE_METADATA,
  LIST_DIRECTORY_METADATA,
  SEARCH_METADATA,
  LIST_CHANGES_METADATA,
  GET_CONFLICT_METADATA,
  RESOLVE_CONFLICT_METADATA,
  DISCARD_CHANGES_METADATA,
  RUN_COMMAND_METADATA,
  REQUEST_VERSIONS_METADATA,
  GET_VERSION_CONTENT_METADATA,
  GET_SHARED_CONTENT_METADATA,
  GET_RECENT_EDITS_METADATA,
  GET_FIRST_REQUEST_TOOL,
  GET_REQUEST_TOOL,
];
