import * as crypto from 'crypto';
import { OverlayError } from './overlayError';

/** A content reference: the lowercase hex sha-256 of the bytes (the blob store names its files the same way). */
export type ContentRef = string;

/**
 * Where the model keeps file contents. Records and entries hold only refs, so a large or binary file costs the
 * model 64 characters; the real store is the on-disk blob store with an LRU cache in front. Synchronous because
 * the model is: a FileSystemProvider read must be answerable without a round trip through the event loop.
 */
export interface ContentStore {
  /** Stores the bytes (idempotent) and returns their ref. */
  put(bytes: Uint8Array): ContentRef;
  /** The bytes of a ref; throws when the store does not have them (never answers with empty bytes). */
  get(ref: ContentRef): Uint8Array;
  has(ref: ContentRef): boolean;
}

/** The ref `put` would return, without storing anything (used to compare disk bytes with a base). */
export function contentRefOf(bytes: Uint8Array): ContentRef {
  return oneShotHash ? oneShotHash('sha256', bytes, 'hex') : crypto.createHash('sha256').update(bytes).digest('hex');
}

/**
 * `crypto.hash` (Node ≥ 20.12): one call instead of a Hash object per file, a third cheaper on the small files
 * staging hashes by the thousand. Older hosts fall back to `createHash`.
 */
const oneShotHash: typeof crypto.hash | undefined = typeof crypto.hash === 'function' ? crypto.hash : undefined;

const REF = /^[0-9a-f]{64}$/;

export function isContentRef(value: unknown): value is ContentRef {
  return typeof value === 'string' && REF.test(value);
}

/** Every content ref a JSON value (an op, a snapshot) names, wherever it sits in it. */
export function contentRefsIn(value: unknown, into: Set<ContentRef> = new Set()): Set<ContentRef> {
  if (isContentRef(value)) into.add(value);
  else if (Array.isArray(value)) for (const v of value) contentRefsIn(v, into);
  else if (value !== null && typeof value === 'object') for (const v of Object.values(value)) contentRefsIn(v, into);
  return into;
}

/**
 * In-memory store for tests and benches. Copies on the way in and out so callers cannot mutate stored bytes.
 * Stored bytes are packed into shared slabs: one typed array per blob costs an off-heap allocation the garbage
 * collector must track, which at a hundred thousand small files cost more than hashing them.
 */
export class MemoryContentStore implements ContentStore {
  private readonly blobs = new Map<ContentRef, Uint8Array>();
  private slab = new Uint8Array(0);
  private used = 0;

  put(bytes: Uint8Array): ContentRef {
    const ref = contentRefOf(bytes);
    if (!this.blobs.has(ref)) this.blobs.set(ref, this.copyIn(bytes));
    return ref;
  }

  get(ref: ContentRef): Uint8Array {
    const bytes = this.blobs.get(ref);
    if (!bytes) throw new OverlayError('ContentMissing', `no content stored for ${ref}`, { ref });
    return bytes.slice();
  }

  has(ref: ContentRef): boolean {
    return this.blobs.has(ref);
  }

  get size(): number {
    return this.blobs.size;
  }

  private copyIn(bytes: Uint8Array): Uint8Array {
    const n = bytes.byteLength;
    if (n > SLAB_BYTES / 4) return new Uint8Array(bytes);
    if (this.used + n > this.slab.byteLength) {
      this.slab = new Uint8Array(SLAB_BYTES);
      this.used = 0;
    }
    // A view made by the constructor, not `subarray` (which looks up a species constructor per call).
    this.slab.set(bytes, this.used);
    const view = new Uint8Array(this.slab.buffer, this.used, n);
    this.used += n;
    return view;
  }
}

const SLAB_BYTES = 1 << 20;
