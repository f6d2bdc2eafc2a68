import { CommandSandboxError, ENV_NAME, type CommandSandbox, type CommandResult } from '../../sandbox/commandSandbox';
import { ToolError, type AgentTool, type ToolAnswer, type ToolCaller } from '../agentTool';
import type { ToolMetadata } from '../toolManifest';
import type { ChangeOperation } from '../../fs/model/changeRecord';
import { displayPath, resolveToolPath, reviewOf, type OverlayToolContext } from './overlayToolContext';

export interface RunCommandInput {
  command: string;
  cwd?: string;
  timeoutMs?: number;
  env?: Record<string, string>;
}

/** What the tool needs besides the overlay: the sandbox. */
export interface RunCommandContext extends OverlayToolContext {
  readonly sandbox: CommandSandbox;
}

export const DEFAULT_TIMEOUT_MS = 120_000;
export const MAX_TIMEOUT_MS = 30 * 60_000;
/** The longest command line shown in a change's description. */
const DESCRIBED_COMMAND_CHARS = 80;

export const RUN_COMMAND_METADATA: ToolMetadata = {
  toolName: 'overlay_runCommand',
  displayName: 'Run Command on Staged Changes (Agent Overlay)',
  userDescription: 'Runs a shell command in a sandbox that shows the staged changes; what it writes is staged for review.',
  modelDescription:
    'Runs a shell command (build, test, lint, formatter, code generator, grep…) in a sandbox whose workspace folders show the STAGED view: ' +
    'the files you staged with the overlay tools, over the disk. The real files never change. When the command ends, every file it created, ' +
    'modified, deleted or renamed in the workspace is staged for review under your message, as one unit ("by `npm run format`"); files under ' +
    'node_modules, dist, target, .venv, caches and .git are kept in your session\'s sandbox for the next command instead of being staged. ' +
    'Returns the exit code, the tail of stdout and stderr (truncation said) and the staged changes. A timeout or a cancel kills every process ' +
    'the command started and stages nothing. Use this tool to run the tests after staging a fix, and instead of any terminal. ' +
    'Example: {"command": "npm test", "timeoutMs": 300000}.',
  inputSchema: {
    type: 'object',
    properties: {
      command: { type: 'string', minLength: 1, maxLength: 100_000, description: 'The shell command line (run with -c by the shell).' },
      cwd: { type: 'string', description: 'Workspace-relative folder to run in (default: the workspace folder).' },
      timeoutMs: { type: 'integer', minimum: 1, maximum: MAX_TIMEOUT_MS, description: `Milliseconds before the command and everything it started are killed (default ${DEFAULT_TIMEOUT_MS}).` },
      env: { type: 'object', properties: {}, description: 'Extra environment variables: names to string values, e.g. {"CI": "1"}.' },
    },
    required: ['command'],
    additionalProperties: false,
  },
  tags: ['overlay', 'terminal'],
};

export class RunCommandTool implements AgentTool<RunCommandInput> {
  readonly metadata = RUN_COMMAND_METADATA;
  constructor(private readonly ctx: RunCommandContext) {}

  invocationMessage(input: RunCommandInput): string {
    return `Running \`${shorten(input.command)}\` on the staged changes`;
  }

  async invoke(input: RunCommandInput, caller: ToolCaller, signal?: AbortSignal): Promise<ToolAnswer> {
    const command = input.command;
    if (command.trim().length === 0) throw new ToolError('InvalidInput', 'command is empty: give the shell command line to run, e.g. "npm test".');
    for (const [name, value] of Object.entries(input.env ?? {})) {
      if (typeof value !== 'string' || !ENV_NAME.test(name)) throw new ToolError('InvalidInput', `env.${name} must be a variable name (letters, digits, _) with a string value.`);
      if (value.includes('\0')) throw new ToolError('InvalidInput', `env.${name} holds a NUL character, which no environment variable can.`);
    }
    const roots = this.ctx.roots();
    if (roots.length === 0) throw new ToolError('NoWorkspace', 'No workspace folder is open, so there is nothing to run a command on.');
    const cwd = await this.cwdOf(input.cwd);
    let result: CommandResult;
    try {
      result = await this.ctx.sandbox.run({
        command,
        cwd,
        roots: roots.map(r => r.path),
        env: input.env,
        timeoutMs: input.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        signal,
        meta: { sessionId: caller.sessionId, messageId: caller.messageId, turn: 0, description: `by \`${shorten(command)}\`` },
      });
    } catch (e) {
      if (e instanceof CommandSandboxError) throw new ToolError(e.code, e.message);
      throw e;
    }
    return answerOf(result, p => displayPath(this.ctx, p), (kind, p) => reviewOf(this.ctx, kind, p, displayPath(this.ctx, p)), input.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  }

  /** The folder to run in: a workspace folder (by default the first; by name in a multi-root workspace) or one inside. */
  private async cwdOf(input: string | undefined): Promise<string> {
    const roots = this.ctx.roots();
    const trimmed = input?.trim().replace(/\/+$/, '') ?? '';
    if (trimmed === '' || trimmed === '.') return roots[0].path;
    const named = roots.find(r => r.name === trimmed);
    if (named && roots.length > 1) return named.path;
    const p = await resolveToolPath(this.ctx, trimmed, 'cwd');
    let isDir = false;
    try {
      isDir = this.ctx.overlay.stat(p.absolute).type === 'directory';
    } catch {
      isDir = false;
    }
    if (!isDir) throw new ToolError('InvalidPath', `cwd ${p.display} is not a folder in the workspace's staged view. Give a workspace-relative folder, or leave cwd out to run in the workspace folder.`);
    return p.absolute;
  }
}

function shorten(command: string): string {
  const line = command.replace(/\s+/g, ' ').trim();
  return line.length > DESCRIBED_COMMAND_CHARS ? `${line.slice(0, DESCRIBED_COMMAND_CHARS - 1)}…` : line;
}

function answerOf(r: CommandResult, display: (p: string) => string, review: (kind: ChangeOperation, p: string) => { review?: string }, timeoutMs: number): ToolAnswer {
  const staged = r.staged.map(s => ({ operation: s.operation, path: display(s.path), ...(s.fromPath ? { fromPath: display(s.fromPath) } : {}), ...review(s.operation, s.path) }));
  const output = {
    stdout: r.stdout.text,
    stderr: r.stderr.text,
    ...(r.stdout.truncated ? { stdoutTruncated: `only the last ${Buffer.byteLength(r.stdout.text)} of ${r.stdout.totalBytes} bytes are shown` } : {}),
    ...(r.stderr.truncated ? { stderrTruncated: `only the last ${Buffer.byteLength(r.stderr.text)} of ${r.stderr.totalBytes} bytes are shown` } : {}),
  };
  const common = { sandbox: r.mechanism, ...output, staged, ...(r.conflicts.length ? { conflicts: r.conflicts.map(display) } : {}) };
  switch (r.end.kind) {
    case 'exited':
      return {
        summary: `The command exited with code ${r.end.exitCode}; ${staged.length ? `${staged.length} change(s) it made are staged for review` : 'it changed no workspace file'}.`,
        data: { status: 'completed', exitCode: r.end.exitCode, ...common },
      };
    case 'signalled':
      return {
        summary: `The command was ended by ${r.end.signal}; ${staged.length} change(s) it made are staged for review.`,
        data: { status: 'completed', exitCode: null, signal: r.end.signal, ...common },
      };
    case 'timedOut':
      return {
        summary: `The command ran past ${timeoutMs} ms and was killed with everything it started; nothing it wrote was staged. Give a larger timeoutMs, or a narrower command.`,
        data: { status: 'timedOut', exitCode: null, ...common },
      };
    case 'cancelled':
      return {
        summary: 'The command was cancelled and killed with everything it started; nothing it wrote was staged.',
        data: { status: 'cancelled', exitCode: null, ...common },
      };
  }
}
