"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ShadowText = exports.ShadowRangeError = void 0;
exports.detachString = detachString;
/**
 * The tracker's copy of a document's text, so an edit's replaced text can be read before the edit is applied
 * (VS Code reports only the new text). Kept as a list of chunks of a few KB: an edit touches one or two chunks
 * instead of copying the whole string, which for a 1 MB document would be a 1 MB copy per keystroke.
 * Offsets are UTF-16 code units, like VS Code's; a chunk boundary may fall between the two halves of a
 * surrogate pair or of a CRLF, which is harmless because text is only ever cut and joined by offset.
 */
class ShadowRangeError extends Error {
    offset;
    length;
    documentLength;
    code = 'shadowRange';
    constructor(offset, length, documentLength) {
        super(`change [${offset}, ${offset + length}) does not fit the shadow text of length ${documentLength}`);
        this.offset = offset;
        this.length = length;
        this.documentLength = documentLength;
    }
}
exports.ShadowRangeError = ShadowRangeError;
const DEFAULT_CHUNK = 2 * 1024;
class ShadowText {
    chunks;
    total;
    target;
    rebuilt = 0;
    constructor(text, options = {}) {
        this.target = Math.max(2, Math.floor(options.chunkSize ?? DEFAULT_CHUNK));
        this.total = text.length;
        this.chunks = this.split(text);
    }
    get length() {
        return this.total;
    }
    /** Code units the last `applyAll` of several changes rebuilt (the chunks it touched), for tests and the bench. */
    get lastRebuilt() {
        return this.rebuilt;
    }
    /** Number of chunks, for tests and the bench. */
    get chunkCount() {
        return this.chunks.length;
    }
    getText() {
        return this.chunks.length === 1 ? this.chunks[0] : this.chunks.join('');
    }
    /** The text in [offset, offset + length). */
    read(offset, length) {
        this.check(offset, length);
        const [i, a] = this.locate(offset, 0, 0);
        const [j, b] = this.locate(offset + length, i, offset - a);
        return this.between(i, a, j, b);
    }
    /** Replaces [offset, offset + length) with `text` and returns the text that was there. */
    replace(offset, length, text) {
        this.check(offset, length);
        const [i, a] = this.locate(offset, 0, 0);
        const [j, b] = this.locate(offset + length, i, offset - a);
        const old = this.between(i, a, j, b);
        const merged = this.chunks[i].slice(0, a) + text + this.chunks[j].slice(b);
        let first = i;
        let last = j;
        let content = merged;
        // Keep chunks from shrinking to nothing under repeated deletions: fold a small result into a neighbour.
        if (content.length < this.target >> 2 && this.chunks.length > last - first + 1) {
            if (first > 0 && this.chunks[first - 1].length + content.length <= this.target * 2) {
                first--;
                content = this.chunks[first] + content;
            }
            else if (last + 1 < this.chunks.length && this.chunks[last + 1].length + content.length <= this.target * 2) {
                last++;
                content = content + this.chunks[last];
            }
        }
        this.chunks.splice(first, last - first + 1, ...this.split(content));
        this.total += text.length - length;
        return old;
    }
    /**
     * Applies the changes of one event (offsets against the text before the event; any order; must not overlap)
     * and returns each change's replaced text, in the order given.
     */
    applyAll(changes) {
        const order = changes.map((_, k) => k).sort((x, y) => changes[x].offset - changes[y].offset || x - y);
        let end = 0;
        for (const k of order) {
            const c = changes[k];
            this.check(c.offset, c.length);
            if (c.offset < end)
                throw new ShadowRangeError(c.offset, c.length, this.total);
            end = c.offset + c.length;
        }
        const olds = new Array(changes.length);
        if (changes.length === 1) {
            olds[0] = this.replace(changes[0].offset, changes[0].length, changes[0].text);
            return olds;
        }
        // One pass over the chunks, in document order: chunks no change touches are kept as they are (no copy);
        // each run of touched chunks is rebuilt once with all the changes that fall in it. The cost follows the
        // changes and the chunks they touch, not the document: 200 changes of a rename in a 1 MB file rebuild
        // at most 200 chunks of 8 KB instead of the whole megabyte.
        const out = [];
        this.rebuilt = 0;
        let ci = 0; // next chunk not yet consumed
        let chunkStart = 0; // document offset where chunk ci starts
        let n = 0;
        while (n < order.length) {
            const first = changes[order[n]];
            // Untouched chunks before the change (one ending exactly at the change's offset is touched: an insert
            // there joins it rather than starting a chunk of its own).
            while (ci < this.chunks.length - 1 && chunkStart + this.chunks[ci].length < first.offset) {
                out.push(this.chunks[ci]);
                chunkStart += this.chunks[ci].length;
                ci++;
            }
            // The segment: chunks from ci on, grown while changes fall inside it.
            let segment = this.chunks[ci];
            let segmentEnd = chunkStart + segment.length;
            let next = ci + 1;
            const pieces = [];
            let pos = chunkStart; // document offset up to which the segment has been copied into pieces
            while (n < order.length && changes[order[n]].offset <= segmentEnd) {
                const c = changes[order[n]];
                while (c.offset + c.length > segmentEnd && next < this.chunks.length) {
                    segment += this.chunks[next];
                    segmentEnd += this.chunks[next].length;
                    next++;
                }
                pieces.push(segment.slice(pos - chunkStart, c.offset - chunkStart), c.text);
                olds[order[n]] = segment.slice(c.offset - chunkStart, c.offset + c.length - chunkStart);
                pos = c.offset + c.length;
                n++;
            }
            pieces.push(segment.slice(pos - chunkStart));
            const content = pieces.join('');
            this.rebuilt += content.length;
            // Deletions can leave a sliver: fold it into the chunk before rather than keep a tiny (or empty) chunk.
            const previous = out.length - 1;
            if (content.length < this.target >> 2 && previous >= 0 && out[previous].length + content.length <= this.target * 2) {
                out[previous] = detachString(out[previous] + content);
            }
            else if (content.length > 0) {
                for (const chunk of this.split(content, true))
                    out.push(chunk);
            }
            chunkStart = segmentEnd;
            ci = next;
        }
        for (; ci < this.chunks.length; ci++)
            out.push(this.chunks[ci]);
        this.chunks = out.length ? out : [''];
        for (const c of changes)
            this.total += c.text.length - c.length;
        return olds;
    }
    check(offset, length) {
        if (!Number.isInteger(offset) || !Number.isInteger(length) || offset < 0 || length < 0 || offset + length > this.total) {
            throw new ShadowRangeError(offset, length, this.total);
        }
    }
    /** Chunk index and offset inside it for a document offset, scanning from chunk `from` which starts at `base`. */
    locate(offset, from, base) {
        let pos = base;
        for (let k = from; k < this.chunks.length; k++) {
            const len = this.chunks[k].length;
            if (offset <= pos + len)
                return [k, offset - pos];
            pos += len;
        }
        const last = this.chunks.length - 1;
        return [last, this.chunks[last].length];
    }
    between(i, a, j, b) {
        if (i === j)
            return this.chunks[i].slice(a, b);
        const parts = [this.chunks[i].slice(a)];
        for (let k = i + 1; k < j; k++)
            parts.push(this.chunks[k]);
        parts.push(this.chunks[j].slice(0, b));
        return parts.join('');
    }
    /** `flat`: `text` is already a fresh flat string (a `join` result), so a single chunk needs no copy. */
    split(text, flat = false) {
        if (text.length <= this.target * 2)
            return [flat ? text : detachString(text)];
        const count = Math.ceil(text.length / this.target);
        const size = Math.ceil(text.length / count);
        const out = [];
        for (let p = 0; p < text.length; p += size)
            out.push(detachString(text.slice(p, p + size)));
        return out;
    }
}
exports.ShadowText = ShadowText;
/**
 * A copy of `s` that shares no storage with it. V8 represents `slice` results of 13+ characters as views into
 * the parent and `+` results as trees of their operands, so a stored 40-character `oldText` could otherwise keep
 * a whole 1 MB document alive. Joining two pieces makes a fresh tree and reading a character of it makes V8
 * flatten it into a new flat string that references nothing; measured 5-30x faster than a JSON round trip
 * (0.3 ms per MB) and retaining nothing of the parent (bench/edits.bench.ts measures the retained heap).
 */
function detachString(s) {
    if (s.length < 13)
        return s;
    const copy = s.slice(0, 1) + s.slice(1);
    copy.charCodeAt(0);
    return copy;
}
//# sourceMappingURL=shadowText.js.map