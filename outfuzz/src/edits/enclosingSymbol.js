"use strict";
/**
 * Where in the code an edit is, in the words a person would use: "in `login()`", "in `UserService.save()`".
 * From the document's symbols (VS Code's outline) as plain data, so the formatter stays free of `vscode`; the
 * adapter asks for them only for open documents, caches them per version and gives up quickly (they are a
 * nicety: descriptions fall back to line numbers).
 */
Object.defineProperty(exports, "__esModule", { value: true });
exports.enclosingSymbolName = enclosingSymbolName;
const CALLABLE = new Set(['function', 'method', 'constructor']);
/**
 * The innermost symbols containing `line`, outermost first, named as code: `UserService.save()`. Undefined when no
 * symbol contains the line.
 */
function enclosingSymbolName(symbols, line) {
    const path = [];
    let level = symbols;
    while (level) {
        // The narrowest symbol at this level containing the line (outlines may overlap, e.g. a flat list).
        let best;
        for (const s of level) {
            if (s.startLine <= line && line <= s.endLine && (!best || s.endLine - s.startLine < best.endLine - best.startLine))
                best = s;
        }
        if (!best)
            break;
        path.push(best);
        level = best.children;
    }
    if (path.length === 0)
        return undefined;
    const last = path[path.length - 1];
    const name = path.map(s => s.name.replace(/\(.*\)$/, '')).join('.');
    return CALLABLE.has(last.kind) ? `${name}()` : name;
}
//# sourceMappingURL=enclosingSymbol.js.map