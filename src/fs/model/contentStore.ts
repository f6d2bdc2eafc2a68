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
 * Stored bytes are packed into shared slabs and a blob is its slab, offset and length in three number arrays: one
 * typed array per blob (even a view into a slab) is an object the garbage collector copies and tracks, which at a
 * hundred thousand small files cost more than hashing them (issue 28).
 */
export class MemoryContentStore implements ContentStore {
  /** ref → blob number (a small integer: no object per blob). */
  private readonly blobs = new Map<ContentRef, number>();
  /** Per blob: the index of its slab in `slabs` (or of its own array, for a large blob), offset and length. */
  private readonly slabOf: number[] = [];
  private readonly offsetOf: number[] = [];
  private readonly lengthOf: number[] = [];
  private readonly slabs: Uint8Array[] = [];
  /** The slab being filled, its index in `slabs` (-1 before the first) and the bytes used in it. */
  private slab = new Uint8Array(0);
  private current = -1;
  private used = 0;

  put(bytes: Uint8Array): ContentRef {
    const ref = contentRefOf(bytes);
    if (!this.blobs.has(ref)) this.blobs.set(ref, this.copyIn(bytes));
    return ref;
  }

  get(ref: ContentRef): Uint8Array {
    const n = this.blobs.get(ref);
    if (n === undefined) throw new OverlayError('ContentMissing', `no content stored for ${ref}`, { ref });
    const offset = this.offsetOf[n];
    return this.slabs[this.slabOf[n]].slice(offset, offset + this.lengthOf[n]);
  }

  has(ref: ContentRef): boolean {
    return this.blobs.has(ref);
  }

  get size(): number {
    return this.blobs.size;
  }

  /** Copies the bytes in; returns the new blob's number. */
  private copyIn(bytes: Uint8Array): number {
    const n = bytes.byteLength;
    const blob = this.lengthOf.length;
    this.lengthOf.push(n);
    if (n > SLAB_BYTES / 4) {
      this.slabOf.push(this.slabs.length);
      this.offsetOf.push(0);
      this.slabs.push(new Uint8Array(bytes));
      return blob;
    }
    if (this.current < 0 || this.used + n > this.slab.byteLength) {
      this.slab = new Uint8Array(SLAB_BYTES);
      this.current = this.slabs.push(this.slab) - 1;
      this.used = 0;
    }
    this.slabOf.push(this.current);
    this.offsetOf.push(this.used);
    this.slab.set(bytes, this.used);
    this.used += n;
    return blob;
  }
}

const SLAB_BYTES = 1 << 20;
