import { diffLines } from '../fs/merge/diffLines';
import { internLines } from '../fs/merge/internLines';
import type { ConflictRegion } from '../fs/merge/threeWayMerge';
import { hasConflictMarkers } from './conflictMarkers';

/** A conflict region the merge editor's Result has not settled: where it is in the Result (1-based lines). */
export interface UnresolvedRegion {
  readonly firstLine: number;
  /** Equal to firstLine for a one-line region; firstLine - 1 when the region holds no line (both sides inserted there). */
  readonly lastLine: number;
  /** Why it counts as unresolved: the Result still reads as the base there, or it holds conflict markers. */
  readonly reason: 'base' | 'markers';
}

/**
 * The conflict regions a merge Result leaves unresolved, whatever the Result contains otherwise.
 *
 * VS Code's merge editor gives no extension its count of unhandled conflicts, and "Complete with Conflicts" (the
 * default button of its question) saves the Result with the base text in each unhandled region, without markers.
 * So the Result is judged here by the rule the merge editor itself uses to infer a region's state from text: a
 * conflict region that no edit from base to Result touches still reads as the base — neither the disk's change
 * nor the agent's is in it, and nobody wrote anything there. Staging that would write the base over the person's
 * edit and drop the agent's change too. A Result holding conflict markers is unresolved as a whole.
 */
export function unresolvedRegions(base: string, regions: readonly ConflictRegion[], result: string): UnresolvedRegion[] {
  const out: UnresolvedRegion[] = [];
  if (hasConflictMarkers(result)) {
    result.split('\n').forEach((line, i) => {
      if (/^<{7}(?:[ \t]|\r?$)/.test(line)) out.push({ firstLine: i + 1, lastLine: i + 1, reason: 'markers' });
    });
    if (out.length > 0) return out;
  }
  const [b, r] = internLines([base, result]);
  const edits = diffLines(b, r);
  for (const region of regions) {
    const start = region.baseLine;
    const end = region.baseLine + region.baseLineCount;
    // Intersects or touches the region in base lines: the person (or a side taken) changed it.
    if (edits.some(e => e.i1 <= end && start <= e.i1 + e.chg1)) continue;
    // Untouched, so the region sits in the Result shifted by the edits above it.
    const shift = edits.filter(e => e.i1 + e.chg1 <= start).reduce((s, e) => s + e.chg2 - e.chg1, 0);
    out.push({ firstLine: start + shift + 1, lastLine: end + shift, reason: 'base' });
  }
  return out;
}

/** "line 2", "lines 4–6", "after line 3" (a region with no base line: both sides inserted there). */
export function regionText(r: UnresolvedRegion): string {
  if (r.lastLine < r.firstLine) return r.lastLine === 0 ? 'at the start' : `after line ${r.lastLine}`;
  return r.firstLine === r.lastLine ? `line ${r.firstLine}` : `lines ${r.firstLine}–${r.lastLine}`;
}

/** What the person is told when Complete Merge refuses: which regions remain, and what to do. */
export function unresolvedMessage(file: string, regions: readonly UnresolvedRegion[]): string {
  const where = regions.map(regionText).join(', ');
  const n = regions.length;
  if (regions.some(r => r.reason === 'markers')) {
    return `${file} still holds conflict markers (<<<<<<< … >>>>>>>) at ${where}, so the conflict stays unresolved and nothing was staged. Edit the Result until none are left, then Complete Merge.`;
  }
  return `${file} still has ${n} unresolved conflict${n === 1 ? '' : 's'} in the Result (${where}): neither the disk's nor the agent's change is taken there. Nothing was staged and your file on disk is unchanged. Take a side (Accept Disk / Accept Agent) or edit ${n === 1 ? 'it' : 'them'}, then Complete Merge.`;
}
