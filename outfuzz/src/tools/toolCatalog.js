"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.TOOL_CATALOG = void 0;
const deleteFileTool_1 = require("./overlay/deleteFileTool");
const discardChangesTool_1 = require("./overlay/discardChangesTool");
const editFileTool_1 = require("./overlay/editFileTool");
const getConflictTool_1 = require("./overlay/getConflictTool");
const listChangesTool_1 = require("./overlay/listChangesTool");
const readFileTool_1 = require("./overlay/readFileTool");
const renameFileTool_1 = require("./overlay/renameFileTool");
const resolveConflictTool_1 = require("./overlay/resolveConflictTool");
const writeFileTool_1 = require("./overlay/writeFileTool");
const getSharedContentTool_1 = require("./history/getSharedContentTool");
const getVersionContentTool_1 = require("./history/getVersionContentTool");
const requestVersionsTool_1 = require("./history/requestVersionsTool");
const getRecentEditsTool_1 = require("./edits/getRecentEditsTool");
const getFirstRequestTool_1 = require("../chat/getFirstRequestTool");
const getRequestTool_1 = require("../chat/getRequestTool");
/**
 * Every agent tool this extension declares, in the order `package.json` lists them. One list, read by
 * `npm run sync-manifest` (which writes `contributes.languageModelTools`), by the VS Code and MCP front ends,
 * and by the unit test that checks `package.json` agrees.
 */
exports.TOOL_CATALOG = [
    readFileTool_1.READ_FILE_METADATA,
    writeFileTool_1.WRITE_FILE_METADATA,
    editFileTool_1.EDIT_FILE_METADATA,
    deleteFileTool_1.DELETE_FILE_METADATA,
    renameFileTool_1.RENAME_FILE_METADATA,
    listChangesTool_1.LIST_CHANGES_METADATA,
    getConflictTool_1.GET_CONFLICT_METADATA,
    resolveConflictTool_1.RESOLVE_CONFLICT_METADATA,
    discardChangesTool_1.DISCARD_CHANGES_METADATA,
    requestVersionsTool_1.REQUEST_VERSIONS_METADATA,
    getVersionContentTool_1.GET_VERSION_CONTENT_METADATA,
    getSharedContentTool_1.GET_SHARED_CONTENT_METADATA,
    getRecentEditsTool_1.GET_RECENT_EDITS_METADATA,
    getFirstRequestTool_1.GET_FIRST_REQUEST_TOOL,
    getRequestTool_1.GET_REQUEST_TOOL,
];
//# sourceMappingURL=toolCatalog.js.map