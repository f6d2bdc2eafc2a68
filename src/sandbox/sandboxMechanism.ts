import type { StagedView } from './stagedView';

/** Why no sandbox can be made here: the command is refused, never run on the real disk. */
export class SandboxUnavailableError extends Error {
  constructor(readonly mechanism: string, message: string) {
    super(message);
    this.name = 'SandboxUnavailableError';
  }
}

/** One command to run over the staged view of the workspace folders. */
export interface SandboxRequest {
  readonly command: string;
  /** Absolute path of a workspace folder or a folder inside one (as the real workspace names it). */
  readonly cwd: string;
  readonly shell: string;
  readonly env: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
  /** The staged view of each workspace folder, fixed at the start. */
  readonly views: readonly StagedView[];
  /**
   * Folders outside the workspace a command must not read (VS Code's local history store): shown empty where the
   * mechanism can (overlayfs); the copy, which runs on the real file system, cannot hide them.
   */
  readonly privateDirs: readonly string[];
  /** The session's scratch folder (the mechanism's own; kept between the session's commands). */
  readonly scratch: string;
  readonly onOutput?: (stream: 'stdout' | 'stderr', chunk: Buffer) => void;
}

/** How the process ended. */
export type ProcessEnd =
  | { readonly kind: 'exited'; readonly exitCode: number }
  | { readonly kind: 'signalled'; readonly signal: string }
  | { readonly kind: 'timedOut' }
  | { readonly kind: 'cancelled' };

/** Where a file the command wrote can be read, once it has ended. */
export interface RunOutcome {
  readonly end: ProcessEnd;
  /**
   * Per workspace folder (same order as `views`): the command's files, a folder that shows the merged view as
   * the command left it (or undefined when the command was stopped), and the folders it wrote into.
   */
  readonly results: readonly FolderResult[] | undefined;
}

export interface FolderResult {
  /** Files written (created or changed) by the command, relative, with where to read their bytes. */
  readonly written: readonly { readonly path: string; readonly source: string }[];
  /** Files of the start view the command removed, relative. */
  readonly removed: readonly string[];
}

/**
 * One way to run a command over the staged view (STYLE.md "Platform behind one seam"): an overlay mount on
 * Linux, a copy elsewhere. Each says what the command wrote; the pure part (commandEffect.ts) turns that into
 * staging steps, the same for every mechanism.
 */
export interface SandboxMechanism {
  readonly name: 'overlayfs' | 'copy';
  /** Throws `SandboxUnavailableError` when it cannot work here; cheap, cached by the caller. */
  probe(scratch: string): Promise<void>;
  run(request: SandboxRequest): Promise<RunOutcome>;
  /**
   * After the outcome was staged (or dropped): forget what the command wrote outside ignored folders, so the next
   * command sees the staged view only; what it wrote under ignored folders stays.
   */
  settle(scratch: string, views: readonly StagedView[]): Promise<void>;
}
