import type { InternedText } from './internLines';

/** Per-text state of one diff. `changed` has a zero sentinel on each side: line i lives at `changed[i + 1]`. */
export interface DiffSide {
  readonly n: number;
  readonly ids: Int32Array;
  readonly changed: Uint8Array;
  /** The lines the core sees, as indices into the text, and their ids. */
  rindex: Int32Array;
  ha: Int32Array;
  nreff: number;
}

export function newDiffSide(text: InternedText): DiffSide {
  const n = text.ids.length;
  return { n, ids: text.ids, changed: new Uint8Array(n + 2), rindex: new Int32Array(0), ha: new Int32Array(0), nreff: 0 };
}

/** xdiff's cheap square root (a power of two ≥ √n), used for its thresholds. */
export function bogoSqrt(n: number): number {
  let i = 1;
  for (; n > 0; n = Math.floor(n / 4)) i *= 2;
  return i;
}

