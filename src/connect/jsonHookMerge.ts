import { ConfigMergeError } from './configMergeError';
import { parseJsonConfig, renderJsonConfig } from './jsonServerMerge';

/**
 * Adds, replaces or removes the guard-rail hook in a JSON configuration that holds hooks in Claude Code's shape,
 * which Codex (`hooks.json`) and Gemini CLI (`settings.json`) share: `hooks.<Event>` is a list of groups
 * `{ matcher, hooks: [{ type: "command", command, … }] }`. Our group is the one whose commands run `marker` (the
 * guard-rail script's file name); every other group, event and key stays as it was.
 */
export interface HookGroup {
  readonly matcher: string;
  readonly hooks: ReadonlyArray<{ readonly type: 'command'; readonly command: string; readonly timeout?: number; readonly name?: string }>;
}

export function mergeJsonHook(text: string | undefined, file: string, event: string, group: HookGroup, marker: string): string {
  const config = parseJsonConfig(text, file);
  const hooks = objectAt(config, 'hooks', file);
  const groups = hooks[event] ?? [];
  if (!Array.isArray(groups)) throw new ConfigMergeError('Unexpected', file, `has a "hooks.${event}" that is not a list.`);
  const at = groups.findIndex(g => isOurs(g, marker));
  const next = at >= 0 ? groups.map((g, i) => (i === at ? group : g)).filter((g, i) => i === at || !isOurs(g, marker)) : [...groups, group];
  return renderJsonConfig({ ...config, hooks: { ...hooks, [event]: next } });
}

/**
 * The text without our hook group, or undefined when nothing else is left in the file (it was ours alone: delete it).
 * Empty `hooks.<Event>` lists and an empty `hooks` object we leave behind are removed too.
 */
export function removeJsonHook(text: string | undefined, file: string, event: string, marker: string): string | undefined {
  if (text === undefined) return undefined;
  const config = parseJsonConfig(text, file);
  const hooks = config.hooks;
  if (!isObject(hooks) || !Array.isArray(hooks[event])) return text;
  const groups = (hooks[event] as unknown[]).filter(g => !isOurs(g, marker));
  if (groups.length === (hooks[event] as unknown[]).length) return text;
  const { [event]: _ours, ...otherEvents } = hooks;
  const nextHooks = groups.length > 0 ? { ...otherEvents, [event]: groups } : otherEvents;
  const { hooks: _h, ...rest } = config;
  const next = Object.keys(nextHooks).length > 0 ? { ...config, hooks: nextHooks } : rest;
  return Object.keys(next).length > 0 ? renderJsonConfig(next) : undefined;
}

function isOurs(group: unknown, marker: string): boolean {
  return isObject(group) && Array.isArray(group.hooks) &&
    group.hooks.some(h => isObject(h) && typeof h.command === 'string' && h.command.includes(marker));
}

function objectAt(config: Record<string, unknown>, key: string, file: string): Record<string, unknown> {
  const v = config[key] ?? {};
  if (!isObject(v)) throw new ConfigMergeError('Unexpected', file, `has a "${key}" that is not an object.`);
  return v;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
