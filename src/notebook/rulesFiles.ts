/**
 * Finding the rules files (`agentOverlay.notebook.rulesGlob`, default `.agent/rules/*.md`) in each workspace
 * folder by walking the overlay's directory listing, so a rules file the agent staged counts too. The glob is
 * relative to each folder: `*` and `?` match within one name, `**` any number of folders.
 */
import * as path from 'path';

export const DEFAULT_RULES_GLOB = '.agent/rules/*.md';

/** Lists a directory of the effective (overlay) view; throws when it is not a directory. */
export type ListDirectory = (absDir: string) => readonly (readonly [string, 'file' | 'directory'])[];

export class RulesGlobError extends Error {
  constructor(readonly glob: string, reason: string) {
    super(`The rules location "${glob}" is not usable: ${reason}. Set agentOverlay.notebook.rulesGlob to a path relative to the workspace folder, like "${DEFAULT_RULES_GLOB}".`);
    this.name = 'RulesGlobError';
  }
}

/** The most rules files read in one turn, and how deep `**` descends. */
const MAX_RULE_FILES = 100;
const MAX_DEPTH = 8;

/** Absolute paths of the rules files under `root`, sorted. Throws `RulesGlobError` for a glob leaving the folder. */
export function listRuleFiles(root: string, glob: string, list: ListDirectory): string[] {
  const segments = parseGlob(glob);
  const found = new Set<string>();
  walk(root, segments, 0, list, found);
  return [...found].sort().slice(0, MAX_RULE_FILES);
}

function parseGlob(glob: string): string[] {
  const g = glob.trim();
  if (g === '') throw new RulesGlobError(glob, 'it is empty');
  if (path.isAbsolute(g) || /^[A-Za-z]:/.test(g)) throw new RulesGlobError(glob, 'it is an absolute path');
  const segments = g.split(/[\\/]+/).filter(s => s !== '' && s !== '.');
  if (segments.some(s => s === '..')) throw new RulesGlobError(glob, 'it leaves the workspace folder with ".."');
  if (segments.length === 0) throw new RulesGlobError(glob, 'it names no file');
  return segments;
}

function walk(dir: string, segments: readonly string[], depth: number, list: ListDirectory, found: Set<string>): void {
  if (segments.length === 0 || depth > MAX_DEPTH || found.size >= MAX_RULE_FILES) return;
  const [head, ...rest] = segments;
  if (head === '**') {
    walk(dir, rest, depth, list, found); // zero folders
    for (const [name, type] of entries(dir, list)) if (type === 'directory') walk(path.join(dir, name), segments, depth + 1, list, found);
    return;
  }
  const pattern = segmentRegExp(head);
  for (const [name, type] of entries(dir, list)) {
    if (!pattern.test(name)) continue;
    const child = path.join(dir, name);
    if (rest.length === 0) {
      if (type === 'file') found.add(child);
    } else if (type === 'directory') {
      walk(child, rest, depth + 1, list, found);
    }
  }
}

function entries(dir: string, list: ListDirectory): readonly (readonly [string, 'file' | 'directory'])[] {
  try {
    return list(dir);
  } catch {
    return []; // no such folder: no rules there
  }
}

function segmentRegExp(segment: string): RegExp {
  const body = segment.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]');
  return new RegExp(`^${body}$`);
}
