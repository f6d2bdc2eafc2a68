/**
 * Where in the code an edit is, in the words a person would use: "in `login()`", "in `UserService.save()`".
 * From the document's symbols (VS Code's outline) as plain data, so the formatter stays free of `vscode`; the
 * adapter asks for them only for open documents, caches them per version and gives up quickly (they are a
 * nicety: descriptions fall back to line numbers).
 */

/** The symbol kinds worth naming; headings of Markdown, variables, fields and the like are left out. */
export type OutlineKind = 'function' | 'method' | 'constructor' | 'class' | 'interface' | 'struct' | 'enum' | 'namespace';

export interface OutlineSymbol {
  readonly name: string;
  readonly kind: OutlineKind;
  /** Zero-based, inclusive. */
  readonly startLine: number;
  readonly endLine: number;
  readonly children?: readonly OutlineSymbol[];
}

const CALLABLE = new Set<OutlineKind>(['function', 'method', 'constructor']);

/**
 * The innermost symbols containing `line`, outermost first, named as code: `UserService.save()`. Undefined when no
 * symbol contains the line.
 */
export function enclosingSymbolName(symbols: readonly OutlineSymbol[], line: number): string | undefined {
  const path: OutlineSymbol[] = [];
  let level: readonly OutlineSymbol[] | undefined = symbols;
  while (level) {
    // The narrowest symbol at this level containing the line (outlines may overlap, e.g. a flat list).
    let best: OutlineSymbol | undefined;
    for (const s of level) {
      if (s.startLine <= line && line <= s.endLine && (!best || s.endLine - s.startLine < best.endLine - best.startLine)) best = s;
    }
    if (!best) break;
    path.push(best);
    level = best.children;
  }
  if (path.length === 0) return undefined;
  const last = path[path.length - 1];
  const name = path.map(s => s.name.replace(/\(.*\)$/, '')).join('.');
  return CALLABLE.has(last.kind) ? `${name}()` : name;
}
