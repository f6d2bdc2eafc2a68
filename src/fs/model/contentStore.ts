import * as crypto from 'crypto';
import { OverlayError } from './overlayError';
import { decodeText, encodeText } from './textContent';

/** A content reference: the lowercase hex sha-256 of the bytes (the blob store names its files the same way). */
export type ContentRef = string;

/**
 * Where the model keeps file contents. Records and entries hold only refs, so a large or binary file costs the
 * model 64 characters; the real store is the on-disk blob store with an LRU cache in front. Synchronous because
 * the model is: a FileSystemProvider read must be answerable without a round trip through the event loop.
 */
export interface ContentStore {
  /** Stores the bytes (idempotent) and returns their ref. Copies them: the caller may reuse its array once it returns. */
  put(bytes: Uint8Array): ContentRef;
  /**
   * Optional: `put` of bytes the caller hands over. Neither the caller nor anyone it shared the array with writes
   * to it after this call, so the store may keep the array itself instead of a copy (issue 28: copying each staged
   * write into the store was a third of staging, mostly first touches of fresh pages). Use `putHandedOver`.
   */
  adopt?(bytes: Uint8Array): ContentRef;
  /** The bytes of a ref; throws when the store does not have them (never answers with empty bytes). */
  get(ref: ContentRef): Uint8Array;
  has(ref: ContentRef): boolean;
  /**
   * Optional: the text of a ref, undefined when it is binary (`decodeText(get(ref))` without the copy `get` makes
   * for its caller; a prune decodes three contents per rebased file). Use `textOf`, which falls back.
   */
  text?(ref: ContentRef): string | undefined;
  /** Optional: stores the UTF-8 bytes of a text (`put(encodeText(text))` without the bytes in between). Use `putText`. */
  putText?(text: string): ContentRef;
  /**
   * Optional: the stored bytes themselves, not a copy, for a caller that only reads them right away (the prune's
   * merge of three contents). Never written to. Use `viewOf`, which falls back to `get`.
   */
  view?(ref: ContentRef): Uint8Array;
}

/** The bytes of a stored content, to be read and not kept or changed (`ContentStore.view`). */
export function viewOf(store: ContentStore, ref: ContentRef): Uint8Array {
  return store.view ? store.view(ref) : store.get(ref);
}

/** The text of a stored content, or undefined when it is binary (NUL or invalid UTF-8). */
export function textOf(store: ContentStore, ref: ContentRef): string | undefined {
  return store.text ? store.text(ref) : decodeText(store.get(ref));
}

/** Stores a text's UTF-8 bytes; returns their ref. */
export function putText(store: ContentStore, text: string): ContentRef {
  return store.putText ? store.putText(text) : store.put(encodeText(text));
}

/**
 * Stores bytes the caller hands over (`ContentStore.adopt`); a store without `adopt` copies them as `put` does.
 * Only for an array nobody writes to again: a caller that reuses its buffer (a scratch array) must call `put`.
 */
export function putHandedOver(store: ContentStore, bytes: Uint8Array): ContentRef {
  return store.adopt ? store.adopt(bytes) : store.put(bytes);
}

/**
 * Whether a store may keep a handed-over array as it is. Not when it views shared memory another thread may write
 * to, nor when it is less than half of its buffer: keeping it would keep the whole buffer alive (a `Buffer` from
 * Node's 8 KB pool, a slice of a file read whole). So a kept array holds at most twice its bytes; others are copied.
 */
export function keepsHandedOver(bytes: Uint8Array): boolean {
  return bytes.buffer instanceof ArrayBuffer && 2 * bytes.byteLength >= bytes.buffer.byteLength;
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
  // The length first: every string of every op is asked (`contentRefsIn`), and most are paths, not refs.
  return typeof value === 'string' && value.length === 64 && REF.test(value);
}

/** Every content ref a JSON value (an op, a snapshot) names, wherever it sits in it. */
export function contentRefsIn(value: unknown, into: Set<ContentRef> = new Set()): Set<ContentRef> {
  if (isContentRef(value)) into.add(value);
  else if (Array.isArray(value)) for (const v of value) contentRefsIn(v, into);
  else if (value !== null && typeof value === 'object') for (const v of Object.values(value)) contentRefsIn(v, into);
  return into;
}

/**
 * In-memory store for tests and benches. Copies on the way in (unless handed over: `adopt`) and out, so callers
 * cannot mutate stored bytes.
 * Stored bytes are packed into shared slabs and a blob is its slab, offset and length in three number arrays: one
 * typed array per blob (even a view into a slab) is an object the garbage collector copies and tracks, which at a
 * hundred thousand small files cost more than hashing them (issue 28).
 */
export class MemoryContentStore implements ContentStore {
  /** ref → blob number (a small integer: no object per blob). */
  private readonly blobs = new Map<ContentRef, number>();
  /** Per blob: the index of its slab in `slabs` (or of its own array, for a large or handed-over blob), offset and length. */
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

  /**
   * A handed-over array is kept as a blob of its own (like a large blob), not copied into a slab; one the rule
   * `keepsHandedOver` turns down is copied. Either way the stored bytes are never written: `get` copies out.
   */
  adopt(bytes: Uint8Array): ContentRef {
    const ref = contentRefOf(bytes);
    if (!this.blobs.has(ref)) this.blobs.set(ref, keepsHandedOver(bytes) ? this.keep(bytes) : this.copyIn(bytes));
    return ref;
  }

  get(ref: ContentRef): Uint8Array {
    const n = this.blobOf(ref);
    const offset = this.offsetOf[n];
    return this.slabs[this.slabOf[n]].slice(offset, offset + this.lengthOf[n]);
  }

  /** Decoded from a view of the slab: no copy of the bytes (the decoder copies them into the string). */
  text(ref: ContentRef): string | undefined {
    return decodeText(this.view(ref));
  }

  /** A view of the slab (a stored blob's bytes are never written over: later blobs go after them). */
  view(ref: ContentRef): Uint8Array {
    const n = this.blobOf(ref);
    const offset = this.offsetOf[n];
    return this.slabs[this.slabOf[n]].subarray(offset, offset + this.lengthOf[n]);
  }

  /**
   * Encoded straight into the slab being filled and hashed there; the bytes are kept only when the ref is new (a
   * text already stored leaves them past the slab's used part, to be written over).
   */
  putText(text: string): ContentRef {
    // UTF-8 takes at most three bytes per UTF-16 unit.
    const most = 3 * text.length;
    if (most > SLAB_BYTES / 4) return this.put(encodeText(text));
    if (this.current < 0 || this.used + most > this.slab.byteLength) this.newSlab();
    const at = this.used;
    const { written } = ENCODER.encodeInto(text, this.slab.subarray(at, at + most));
    const ref = contentRefOf(this.slab.subarray(at, at + written));
    if (this.blobs.has(ref)) return ref;
    this.blobs.set(ref, this.lengthOf.length);
    this.slabOf.push(this.current);
    this.offsetOf.push(at);
    this.lengthOf.push(written);
    this.used += written;
    return ref;
  }

  has(ref: ContentRef): boolean {
    return this.blobs.has(ref);
  }

  get size(): number {
    return this.blobs.size;
  }

  private blobOf(ref: ContentRef): number {
    const n = this.blobs.get(ref);
    if (n === undefined) throw new OverlayError('ContentMissing', `no content stored for ${ref}`, { ref });
    return n;
  }

  private newSlab(): void {
    this.slab = new Uint8Array(SLAB_BYTES);
    this.current = this.slabs.push(this.slab) - 1;
    this.used = 0;
  }

  /**
   * Keeps the array itself as a blob; returns the new blob's number. It is an object per blob, which the slabs
   * avoid, but one the caller made anyway: keeping it adds no object, only skips the copy and its fresh pages.
   */
  private keep(bytes: Uint8Array): number {
    const blob = this.lengthOf.length;
    this.lengthOf.push(bytes.byteLength);
    this.slabOf.push(this.slabs.push(bytes) - 1);
    this.offsetOf.push(0);
    return blob;
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
    if (this.current < 0 || this.used + n > this.slab.byteLength) this.newSlab();
    this.slabOf.push(this.current);
    this.offsetOf.push(this.used);
    this.slab.set(bytes, this.used);
    this.used += n;
    return blob;
  }
}

const SLAB_BYTES = 1 << 20;
const ENCODER = new TextEncoder();
