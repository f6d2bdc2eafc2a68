import * as vscode from 'vscode';
import type { OutlineKind, OutlineSymbol } from '../enclosingSymbol';

/** How long an edit description waits for a document's symbols before it names lines only. */
export const OUTLINE_TIMEOUT_MS = 500;

const KINDS = new Map<vscode.SymbolKind, OutlineKind>([
  [vscode.SymbolKind.Function, 'function'],
  [vscode.SymbolKind.Method, 'method'],
  [vscode.SymbolKind.Constructor, 'constructor'],
  [vscode.SymbolKind.Class, 'class'],
  [vscode.SymbolKind.Interface, 'interface'],
  [vscode.SymbolKind.Struct, 'struct'],
  [vscode.SymbolKind.Enum, 'enum'],
  [vscode.SymbolKind.Namespace, 'namespace'],
  [vscode.SymbolKind.Module, 'namespace'],
]);

/**
 * The symbols of open documents, as the pure `enclosingSymbolName` takes them, cached per document version.
 * Asked only when a description is made (not per keystroke), only for documents still open, and given up on after
 * `OUTLINE_TIMEOUT_MS`: where the outline is not cheap to know, descriptions say the line.
 */
export class DocumentOutlines {
  private readonly cache = new Map<string, { readonly version: number; readonly symbols: readonly OutlineSymbol[] }>();

  async load(uris: Iterable<string>): Promise<void> {
    const open = new Map(vscode.workspace.textDocuments.map(d => [d.uri.toString(), d]));
    await Promise.all([...new Set(uris)].map(async uri => {
      const doc = open.get(uri);
      if (!doc || this.cache.get(uri)?.version === doc.version) return;
      const symbols = await withTimeout(
        Promise.resolve(vscode.commands.executeCommand<(vscode.DocumentSymbol | vscode.SymbolInformation)[] | undefined>('vscode.executeDocumentSymbolProvider', doc.uri)),
        OUTLINE_TIMEOUT_MS,
      ).catch(() => undefined);
      if (symbols) this.cache.set(uri, { version: doc.version, symbols: toOutline(symbols) });
    }));
  }

  symbols(uri: string): readonly OutlineSymbol[] | undefined {
    return this.cache.get(uri)?.symbols;
  }

  forget(uri: string): void {
    this.cache.delete(uri);
  }

  clear(): void {
    this.cache.clear();
  }
}

/** Symbols worth naming; others (variables, Markdown headings) are skipped, their children kept. */
function toOutline(symbols: readonly (vscode.DocumentSymbol | vscode.SymbolInformation)[]): OutlineSymbol[] {
  const out: OutlineSymbol[] = [];
  for (const s of symbols) {
    const range = 'location' in s ? s.location.range : s.range;
    const children = 'children' in s ? toOutline(s.children) : [];
    const kind = KINDS.get(s.kind);
    if (kind) out.push({ name: s.name, kind, startLine: range.start.line, endLine: range.end.line, ...(children.length ? { children } : {}) });
    else out.push(...children);
  }
  return out;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise,
    new Promise<undefined>(resolve => { timer = setTimeout(() => resolve(undefined), ms); }),
  ]).finally(() => clearTimeout(timer));
}
