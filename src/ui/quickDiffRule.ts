import { STAGED_SCHEME } from '../fs/stagedUri';

/**
 * Which editors get a gutter diff against the disk (issue 27 item 4). The agent's own `agent-staged:` editors do;
 * the review form (`agent-staged-review:`, the right side of every staged diff) does not: the diff editor shows the
 * same changes already, and for a diff editor's right side VS Code computes a second diff for extensions with no
 * time limit, in the one editor worker every other diff waits on. A 5,000-line rewrite kept it busy for minutes.
 */
export function offersQuickDiff(scheme: string): boolean {
  return scheme === STAGED_SCHEME;
}
