/**
 * The link a chat answer carries for each change it staged (issue 27 item 8): clicking it opens the same staged
 * diff Source Control opens.
 *
 * Why a link in the app's own URL scheme (`vscode://agent-overlay.agent-overlay/staged-diff?<path>`, `code-oss://…`
 * in code-server): VS Code 1.139's chat renders a model's Markdown with a sanitizer that keeps links only in
 * http(s), mailto, file, a few internal schemes and the product's URL protocol; `command:` links survive only in
 * trusted Markdown, which a model's answer never is, and an `agent-staged-review:` link would be shown as plain
 * text. A `file:` link opens the file, not the diff. The product's URL protocol reaches the extension's URI handler
 * (the browser opener passes it as trusted, so no "open this URI?" question), which opens the diff.
 *
 * Pure: no `vscode` import; `vscode/stagedDiffUriHandler.ts` is the adapter.
 */

/** The URI handler's path for "open the staged diff of the file named in the query". */
export const STAGED_DIFF_LINK_PATH = '/staged-diff';

/** Where the links point: the app's URL scheme (`vscode.env.uriScheme`) and the extension's id (the authority). */
export interface StagedDiffLinkTarget {
  readonly uriScheme: string;
  readonly extensionId: string;
}

/** A link the handler cannot read: the person is told which, nothing is opened. */
export class StagedDiffLinkError extends Error {
  constructor(readonly code: 'UnknownLink' | 'NoPath', message: string) {
    super(message);
    this.name = 'StagedDiffLinkError';
  }
}

/**
 * The URI that opens the staged diff of `absolutePath`. The whole query is the path, percent-encoded, with the
 * characters Markdown gives meaning to in a link target (parentheses, spaces) encoded too, so the link survives
 * being pasted into `[text](target)` by a model.
 */
export function stagedDiffUri(target: StagedDiffLinkTarget, absolutePath: string): string {
  return `${target.uriScheme}://${target.extensionId}${STAGED_DIFF_LINK_PATH}?${strictEncode(absolutePath)}`;
}

/**
 * The file a link names, from the parts of the URI VS Code hands the URI handler (`path` and the decoded `query`).
 * Throws `StagedDiffLinkError` for a link of another shape.
 */
export function stagedDiffPathOf(uriPath: string, decodedQuery: string): string {
  if (uriPath !== STAGED_DIFF_LINK_PATH) throw new StagedDiffLinkError('UnknownLink', `Agent Overlay does not know the link path "${uriPath}" (it opens "${STAGED_DIFF_LINK_PATH}" links).`);
  if (!decodedQuery) throw new StagedDiffLinkError('NoPath', 'The staged-diff link names no file.');
  return decodedQuery;
}

/** `[text](href)`, the text escaped so a file name with brackets, backticks or stars shows as written. */
export function markdownLink(text: string, href: string): string {
  return `[${text.replace(/[\\`*_[\]<>]/g, c => `\\${c}`)}](${href})`;
}

/** The Markdown link a tool's answer gives for the staged change at `absolutePath`, shown as `display`. */
export function stagedDiffMarkdownLink(target: StagedDiffLinkTarget, absolutePath: string, display: string): string {
  return markdownLink(display, stagedDiffUri(target, absolutePath));
}

function strictEncode(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, c => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
