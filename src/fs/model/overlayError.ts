/**
 * Why the model refused something. Adapters map the code once at their boundary (`FileSystemError.FileNotFound`
 * in the provider, a sentence telling the agent what to do next in the tools).
 */
export type OverlayErrorCode =
  /** The path has no effective content (never existed, deleted or renamed away in the overlay). */
  | 'FileNotFound'
  /** The path already has effective content and the operation would create it. */
  | 'FileExists'
  /** A rename onto itself or otherwise meaningless. */
  | 'InvalidOperation'
  /** No pending change at the path (resolve, conflict details). */
  | 'NoChange'
  /** The path has no conflict to resolve. */
  | 'NoConflict'
  /** The content store lacks a ref the model holds. */
  | 'ContentMissing'
  /** A snapshot or op failed validation (corrupted or foreign state). */
  | 'CorruptState';

export class OverlayError extends Error {
  override readonly name = 'OverlayError';
  constructor(
    readonly code: OverlayErrorCode,
    message: string,
    readonly data: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
  }
}
