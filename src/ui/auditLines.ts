import type { OverlayOp } from '../fs/model/overlayOp';

/** How the audit trail names paths and sessions (workspace-relative paths; a session's name with its id). */
export interface AuditNaming {
  path(p: string): string;
  session(id: string): string;
}

const RESOLUTION_TEXT = {
  acceptAgent: 'accepted the agent version',
  acceptDisk: 'accepted the disk version (staged change discarded)',
  manual: 'merged by hand',
  delegate: 'delegated to the agent',
} as const;

/**
 * One line of the "Agent Overlay" audit trail for a model operation: what happened, to which paths, for which
 * session and message. Never file contents (nor the agent's free-text description, which may quote them).
 */
export function auditLineOf(op: OverlayOp, name: AuditNaming): string {
  const list = (paths: readonly string[]) => paths.map(p => name.path(p)).join(', ');
  switch (op.type) {
    case 'stage': {
      const r = op.record;
      const where = r.fromPath !== undefined ? `${name.path(r.fromPath)} → ${name.path(r.path)}` : name.path(r.path);
      return `staged ${r.operation} ${where} (session ${name.session(r.sessionId)}, message ${r.messageId})`;
    }
    case 'rebase':
      return `merged a disk change into the staged ${name.path(op.path)}`;
    case 'conflict':
      return `conflict (${op.conflict.kind}, from ${op.conflict.origin === 'disk' ? 'the disk' : 'a pruned message'}) on ${name.path(op.path)}`;
    case 'resolve':
      return `resolved conflict on ${name.path(op.path)}: ${RESOLUTION_TEXT[op.resolution.kind]}`;
    case 'discard':
      return `discarded staged changes to ${op.paths.length} path${op.paths.length === 1 ? '' : 's'}: ${list(op.paths)}`;
    case 'discardAll':
      return 'discarded all staged changes';
    case 'applied':
      return `applied to disk: ${list(op.paths)}`;
    case 'revert': {
      const s = op.selector;
      const paths = [...new Set([...op.entries.map(e => e.path), ...op.removedPaths])];
      if (s.kind === 'paths') return `discarded staged changes to ${s.paths.length} path${s.paths.length === 1 ? '' : 's'}: ${list(s.paths)} (${list(paths)} replayed)`;
      const by = s.kind === 'message'
        ? `message ${s.messageId}${s.sessionId !== undefined ? ` of session ${name.session(s.sessionId)}` : ''}`
        : s.kind === 'session' ? `session ${name.session(s.sessionId)}` : `change ${s.id}`;
      return `took out the changes of ${by} (${op.recordIds.length} record${op.recordIds.length === 1 ? '' : 's'}): ${list(paths)}`;
    }
    case 'replace': {
      const paths = list([...new Set([...op.entries.map(e => e.path), ...op.removedPaths])]);
      // Only a resolution says "resolved conflict": Undo's restaging and a replayed staging never were one.
      switch (op.reason) {
        case 'rebase': return `merged a disk change into the staged ${paths}`;
        case 'manual': return `resolved conflict on ${paths}: ${RESOLUTION_TEXT.manual}`;
        case 'acceptAgent': return `resolved conflict on ${paths}: ${RESOLUTION_TEXT.acceptAgent}`;
        case 'restage': return `staged again (undo): ${paths}`;
        case 'stage': {
          const staged = (op.added ?? []).map(r => `${r.operation} ${r.fromPath !== undefined ? `${name.path(r.fromPath)} → ` : ''}${name.path(r.path)} (session ${name.session(r.sessionId)}, message ${r.messageId})`);
          return staged.length ? `staged ${staged.join('; ')}` : `replayed the staged ${paths}`;
        }
        default: return `replayed the staged ${paths} (${op.reason})`;
      }
    }
  }
}
