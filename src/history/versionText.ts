/**
 * Tool results carry content as JSON text, so a version must be valid UTF-8 without NUL bytes; anything else
 * is reported as binary instead of being mangled into replacement characters (SPEC §9 invariant 5).
 */
export type VersionTextErrorCode = 'binary' | 'invalidUtf8';

export class VersionTextError extends Error {
  constructor(readonly code: VersionTextErrorCode, message: string) {
    super(message);
    this.name = 'VersionTextError';
  }
}

export function decodeVersionText(bytes: Uint8Array): string {
  if (bytes.includes(0)) {
    throw new VersionTextError('binary', 'this historical version is binary (it contains NUL bytes); only text versions can be shared');
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new VersionTextError('invalidUtf8', 'this historical version is not valid UTF-8 text; only text versions can be shared');
  }
}
