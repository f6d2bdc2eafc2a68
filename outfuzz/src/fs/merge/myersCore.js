"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MyersCore = void 0;
const diffSide_1 = require("./diffSide");
/*
 * The core of xdiff's default diff (xdiffi.c): Myers' O(ND) bisection at the middle snake in linear space,
 * over the lines the pre-pass kept. Past a cost of 256 it stops looking for the optimal split: first it takes
 * a point on a snake of 20+ lines far enough from both corners, then, at the cost limit (about the square
 * root of both texts' kept lines, at least 256), the furthest-reaching point. Those cut-offs decide the alignment of large, heavily edited files,
 * so they are reproduced exactly.
 */
const SNAKE_CNT = 20;
const HEUR_MIN_COST = 256;
const K_HEUR = 4;
const MAX_COST_MIN = 256;
const LINE_MAX = 0x7fffffff;
/** End of the common run of a[i1..] and b[i2..] (index into a); the hot loop of the whole diff. */
function snakeForward(a, i1, lim1, b, i2, lim2) {
    const start1 = i1;
    const n = Math.min(lim1 - i1, lim2 - i2);
    let k = 0;
    while (k < n && a[start1 + k] === b[i2 + k])
        k++;
    return start1 + k;
}
/** Start of the common run ending at a[i1 - 1] and b[i2 - 1] (index into a), not going below off1/off2. */
function snakeBackward(a, i1, off1, b, i2, off2) {
    const n = Math.min(i1 - off1, i2 - off2);
    let k = 0;
    while (k < n && a[i1 - 1 - k] === b[i2 - 1 - k])
        k++;
    return i1 - k;
}
/** Marks `changed[rindex[i] + 1]` for i in [from, to). */
function markChanged(changed, rindex, from, to) {
    for (let i = from; i < to; i++)
        changed[rindex[i] + 1] = 1;
}
/** The Myers core: bisection by middle snake over the lines not discarded, with xdiff's cost cut-offs. */
class MyersCore {
    s1;
    s2;
    a;
    b;
    kv;
    fOff;
    bOff;
    mxcost;
    splitI1 = 0;
    splitI2 = 0;
    minLo = false;
    minHi = false;
    constructor(s1, s2) {
        this.s1 = s1;
        this.s2 = s2;
        this.a = s1.ha;
        this.b = s2.ha;
        const ndiags = s1.nreff + s2.nreff + 3;
        this.kv = new Int32Array(2 * ndiags + 2);
        this.fOff = s2.nreff + 1;
        this.bOff = ndiags + s2.nreff + 1;
        this.mxcost = Math.max((0, diffSide_1.bogoSqrt)(ndiags), MAX_COST_MIN);
    }
    /**
     * Divide and conquer over boxes (off1, lim1, off2, lim2, needMin), kept on an explicit stack rather than
     * the call stack: an unbalanced split on a huge rewrite must not overflow it. Boxes never overlap, so the
     * order they are processed in does not change the result; this one is the recursive order all the same.
     */
    run() {
        const stack = [0, this.s1.nreff, 0, this.s2.nreff, 0];
        while (stack.length > 0) {
            const needMin = stack.pop() === 1;
            const lim2 = stack.pop();
            const off2 = stack.pop();
            const lim1 = stack.pop();
            const off1 = stack.pop();
            this.compare(off1, lim1, off2, lim2, needMin, stack);
        }
    }
    compare(off1, lim1, off2, lim2, needMin, stack) {
        const a = this.a;
        const b = this.b;
        const head = snakeForward(a, off1, lim1, b, off2, lim2) - off1;
        off1 += head;
        off2 += head;
        const tail = lim1 - snakeBackward(a, lim1, off1, b, lim2, off2);
        lim1 -= tail;
        lim2 -= tail;
        if (off1 === lim1) {
            markChanged(this.s2.changed, this.s2.rindex, off2, lim2);
        }
        else if (off2 === lim2) {
            markChanged(this.s1.changed, this.s1.rindex, off1, lim1);
        }
        else {
            this.split(off1, lim1, off2, lim2, needMin);
            const i1 = this.splitI1;
            const i2 = this.splitI2;
            const minLo = this.minLo;
            const minHi = this.minHi;
            stack.push(i1, lim1, i2, lim2, minHi ? 1 : 0);
            stack.push(off1, i1, off2, i2, minLo ? 1 : 0);
        }
    }
    found(i1, i2, minLo, minHi) {
        this.splitI1 = i1;
        this.splitI2 = i2;
        this.minLo = minLo;
        this.minHi = minHi;
    }
    split(off1, lim1, off2, lim2, needMin) {
        const { a, b, kv, fOff: F, bOff: B } = this;
        const dmin = off1 - lim2;
        const dmax = lim1 - off2;
        const fmid = off1 - off2;
        const bmid = lim1 - lim2;
        const odd = ((fmid - bmid) & 1) !== 0;
        let fmin = fmid;
        let fmax = fmid;
        let bmin = bmid;
        let bmax = bmid;
        kv[F + fmid] = off1;
        kv[B + bmid] = lim1;
        for (let ec = 1;; ec++) {
            let gotSnake = false;
            if (fmin > dmin)
                kv[F + --fmin - 1] = -1;
            else
                ++fmin;
            if (fmax < dmax)
                kv[F + ++fmax + 1] = -1;
            else
                --fmax;
            for (let d = fmax; d >= fmin; d -= 2) {
                const prev1 = kv[F + d - 1] >= kv[F + d + 1] ? kv[F + d - 1] + 1 : kv[F + d + 1];
                const i1 = snakeForward(a, prev1, lim1, b, prev1 - d, lim2);
                const i2 = i1 - d;
                if (i1 - prev1 > SNAKE_CNT)
                    gotSnake = true;
                kv[F + d] = i1;
                if (odd && bmin <= d && d <= bmax && kv[B + d] <= i1) {
                    this.found(i1, i2, true, true);
                    return;
                }
            }
            if (bmin > dmin)
                kv[B + --bmin - 1] = LINE_MAX;
            else
                ++bmin;
            if (bmax < dmax)
                kv[B + ++bmax + 1] = LINE_MAX;
            else
                --bmax;
            for (let d = bmax; d >= bmin; d -= 2) {
                const prev1 = kv[B + d - 1] < kv[B + d + 1] ? kv[B + d - 1] : kv[B + d + 1] - 1;
                const i1 = snakeBackward(a, prev1, off1, b, prev1 - d, off2);
                const i2 = i1 - d;
                if (prev1 - i1 > SNAKE_CNT)
                    gotSnake = true;
                kv[B + d] = i1;
                if (!odd && fmin <= d && d <= fmax && i1 <= kv[F + d]) {
                    this.found(i1, i2, true, true);
                    return;
                }
            }
            if (needMin)
                continue;
            // Past the trigger cost, a long enough snake far from both corners is a good-enough split point.
            if (gotSnake && ec > HEUR_MIN_COST) {
                let best = 0;
                for (let d = fmax; d >= fmin; d -= 2) {
                    const dd = d > fmid ? d - fmid : fmid - d;
                    const i1 = kv[F + d];
                    const i2 = i1 - d;
                    const v = i1 - off1 + (i2 - off2) - dd;
                    if (v > K_HEUR * ec && v > best && off1 + SNAKE_CNT <= i1 && i1 < lim1 && off2 + SNAKE_CNT <= i2 && i2 < lim2) {
                        for (let k = 1; a[i1 - k] === b[i2 - k]; k++) {
                            if (k === SNAKE_CNT) {
                                best = v;
                                this.splitI1 = i1;
                                this.splitI2 = i2;
                                break;
                            }
                        }
                    }
                }
                if (best > 0) {
                    this.minLo = true;
                    this.minHi = false;
                    return;
                }
                for (let d = bmax; d >= bmin; d -= 2) {
                    const dd = d > bmid ? d - bmid : bmid - d;
                    const i1 = kv[B + d];
                    const i2 = i1 - d;
                    const v = lim1 - i1 + (lim2 - i2) - dd;
                    if (v > K_HEUR * ec && v > best && off1 < i1 && i1 <= lim1 - SNAKE_CNT && off2 < i2 && i2 <= lim2 - SNAKE_CNT) {
                        for (let k = 0; a[i1 + k] === b[i2 + k]; k++) {
                            if (k === SNAKE_CNT - 1) {
                                best = v;
                                this.splitI1 = i1;
                                this.splitI2 = i2;
                                break;
                            }
                        }
                    }
                }
                if (best > 0) {
                    this.minLo = false;
                    this.minHi = true;
                    return;
                }
            }
            // Too expensive: split at the furthest-reaching point found so far.
            if (ec >= this.mxcost) {
                let fbest = -1;
                let fbest1 = -1;
                for (let d = fmax; d >= fmin; d -= 2) {
                    let i1 = Math.min(kv[F + d], lim1);
                    let i2 = i1 - d;
                    if (lim2 < i2) {
                        i1 = lim2 + d;
                        i2 = lim2;
                    }
                    if (fbest < i1 + i2) {
                        fbest = i1 + i2;
                        fbest1 = i1;
                    }
                }
                let bbest = LINE_MAX;
                let bbest1 = LINE_MAX;
                for (let d = bmax; d >= bmin; d -= 2) {
                    let i1 = Math.max(off1, kv[B + d]);
                    let i2 = i1 - d;
                    if (i2 < off2) {
                        i1 = off2 + d;
                        i2 = off2;
                    }
                    if (i1 + i2 < bbest) {
                        bbest = i1 + i2;
                        bbest1 = i1;
                    }
                }
                if (lim1 + lim2 - bbest < fbest - (off1 + off2))
                    this.found(fbest1, fbest - fbest1, true, false);
                else
                    this.found(bbest1, bbest - bbest1, false, true);
                return;
            }
        }
    }
}
exports.MyersCore = MyersCore;
//# sourceMappingURL=myersCore.js.map