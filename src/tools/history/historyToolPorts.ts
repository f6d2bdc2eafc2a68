import type { Clock, Grant, GrantStore } from '../../history/grants';
import type { HistoryLog } from '../../history/historyLog';
import type { HistoryRequestQueue } from '../../history/historyRequestQueue';
import type { HistoryVersion } from '../../history/historyVersion';
import type { VersionChoice } from '../../history/versionChoices';
import type { ResolvedWorkspacePath } from '../../history/workspacePath';

/**
 * What the three history tools need from the outside world, as interfaces, so the tools stay pure (no
 * `vscode`): unit tests pass fakes, the VS Code bridge passes the real dialogs and readers, and the MCP bridge
 * will pass the same objects (one consent path for every front end).
 */

/** The user's answer to a modal Allow/Deny. Closing the dialog counts as `deny` (seed 000). */
export type ConsentAnswer = 'allow' | 'deny';

export interface ConsentPrompt {
  /** The question, naming the file. */
  readonly message: string;
  readonly detail?: string;
}

export interface VersionPickRequest {
  /** Quick Pick title. */
  readonly title: string;
  readonly placeholder: string;
  /** Newest first. */
  readonly choices: readonly VersionChoice[];
  readonly canPickMany: boolean;
  /** Multi-select only: adds an "All recent (up to N)" item. */
  readonly allRecentCount?: number;
  /** Versions shown checked when it opens (a parked request reopened keeps what the user had checked). */
  readonly preselected?: readonly HistoryVersion[];
  /** An agent's request: the picker has its own Deny button. */
  readonly deniable?: boolean;
}

/**
 * How a version picker ended. Hidden is NOT a denial: VS Code shows one quick input at a time, so Escape and
 * another Quick Pick (the Command Palette included) look the same; a hidden agent request is parked instead.
 */
export type VersionPick =
  | { readonly kind: 'accepted'; readonly versions: readonly HistoryVersion[] }
  | { readonly kind: 'hidden'; readonly checked: readonly HistoryVersion[] }
  /** The picker's Deny button. */
  | { readonly kind: 'denied' };

/** One line of "Respond to AI Agent's request for history". */
export interface PendingRequestItem {
  readonly id: number;
  readonly label: string;
  readonly description: string;
  readonly detail: string;
}

export type RespondChoice = { readonly kind: 'answer'; readonly id: number } | { readonly kind: 'denyAll' };

/** The consent dialogs and notifications. In VS Code: `window.showWarningMessage({modal})`, Quick Picks, toasts. */
export interface HistoryConsentUi {
  confirm(prompt: ConsentPrompt, signal?: AbortSignal): Promise<ConsentAnswer>;
  /** The versions checked when the picker was accepted, newest first; or how else it ended. */
  pickVersions(request: VersionPickRequest, signal?: AbortSignal): Promise<VersionPick>;
  /** "Respond to AI Agent's request for history": which pending request to answer now, or deny them all. */
  chooseRequest(items: readonly PendingRequestItem[]): Promise<RespondChoice | undefined>;
  /** A non-modal status notification (every share is announced). */
  notify(message: string): void;
  /** A non-modal warning (a history read failed). */
  warn(message: string): void;
}

/** Files and their history, behind the workspace path policy. */
export interface HistoryFileAccess {
  /** An agent's `filePath` → a workspace file; throws `WorkspacePathError` when the policy refuses it. */
  resolve(filePath: unknown): Promise<ResolvedWorkspacePath>;
  /** Every version of the file, newest first (empty: no history). Throws `HistoryReadError`. */
  listVersions(file: ResolvedWorkspacePath): Promise<readonly HistoryVersion[]>;
  /** One version of `filePath` (absolute) as text, decoded as VS Code would. Throws `HistoryReadError` or `VersionTextError` (binary). */
  readText(version: HistoryVersion, filePath: string): Promise<string>;
}

export interface HistoryPickerSettings {
  /** How many versions a picker lists at most. */
  readonly maxVersionsInPicker: number;
  /** N of the "All recent (up to N)" item. */
  readonly allRecentCount: number;
}

export interface HistoryToolDeps {
  readonly files: HistoryFileAccess;
  readonly consent: HistoryConsentUi;
  readonly grants: GrantStore;
  readonly requests: HistoryRequestQueue;
  readonly log: HistoryLog;
  readonly clock: Clock;
  readonly settings: () => HistoryPickerSettings;
  /** The user allowed this grant's content: the `history:` provider may serve it while the grant lives. */
  readonly onContentAllowed?: (grant: Grant) => void;
}
