"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.createOverlayTools = createOverlayTools;
const deleteFileTool_1 = require("./deleteFileTool");
const discardChangesTool_1 = require("./discardChangesTool");
const editFileTool_1 = require("./editFileTool");
const getConflictTool_1 = require("./getConflictTool");
const listChangesTool_1 = require("./listChangesTool");
const readFileTool_1 = require("./readFileTool");
const renameFileTool_1 = require("./renameFileTool");
const resolveConflictTool_1 = require("./resolveConflictTool");
const writeFileTool_1 = require("./writeFileTool");
/** The overlay's agent tools, in catalog order. */
function createOverlayTools(ctx) {
    return [
        new readFileTool_1.ReadFileTool(ctx), new writeFileTool_1.WriteFileTool(ctx), new editFileTool_1.EditFileTool(ctx), new deleteFileTool_1.DeleteFileTool(ctx), new renameFileTool_1.RenameFileTool(ctx),
        new listChangesTool_1.ListChangesTool(ctx), new getConflictTool_1.GetConflictTool(ctx), new resolveConflictTool_1.ResolveConflictTool(ctx), new discardChangesTool_1.DiscardChangesTool(ctx),
    ];
}
//# sourceMappingURL=overlayTools.js.map