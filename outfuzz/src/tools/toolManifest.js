"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.TOOL_NAME = void 0;
exports.toolContribution = toolContribution;
/** VS Code's rule for tool names (it rejects `.`, and `copilot_`/`vscode_` are reserved). */
exports.TOOL_NAME = /^(?!copilot_|vscode_)[\w-]+$/;
function toolContribution(t) {
    return {
        name: t.toolName,
        displayName: t.displayName,
        modelDescription: t.modelDescription,
        userDescription: t.userDescription,
        toolReferenceName: t.toolReferenceName ?? t.toolName,
        canBeReferencedInPrompt: true,
        ...(t.icon ? { icon: t.icon } : {}),
        tags: t.tags,
        inputSchema: t.inputSchema,
    };
}
//# sourceMappingURL=toolManifest.js.map