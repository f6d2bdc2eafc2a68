"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.slideHunks = slideHunks;
function groupInit(s) {
    const g = { start: 0, end: 0 };
    while (s.changed[g.end + 1])
        g.end++;
    return g;
}
function groupNext(s, g) {
    if (g.end === s.n)
        return false;
    g.start = g.end + 1;
    g.end = g.start;
    while (s.changed[g.end + 1])
        g.end++;
    return true;
}
function groupPrevious(s, g) {
    if (g.start === 0)
        return false;
    g.end = g.start - 1;
    g.start = g.end;
    while (s.changed[g.start])
        g.start--;
    return true;
}
function groupSlideDown(s, g) {
    if (g.end < s.n && s.ids[g.start] === s.ids[g.end]) {
        s.changed[g.start + 1] = 0;
        g.start++;
        s.changed[g.end + 1] = 1;
        g.end++;
        while (s.changed[g.end + 1])
            g.end++;
        return true;
    }
    return false;
}
function groupSlideUp(s, g) {
    if (g.start > 0 && s.ids[g.start - 1] === s.ids[g.end - 1]) {
        g.start--;
        s.changed[g.start + 1] = 1;
        g.end--;
        s.changed[g.end + 1] = 0;
        while (s.changed[g.start])
            g.start--;
        return true;
    }
    return false;
}
function broken(what) {
    throw new Error(`diffLines: group sync broken (${what})`);
}
/** Slides each hunk of `s` down as far as it goes, then up again to line up with a hunk of `o` if it can. */
function slideHunks(s, o) {
    const g = groupInit(s);
    const go = groupInit(o);
    for (;;) {
        if (g.end !== g.start) {
            let groupSize;
            let earliestEnd;
            let endMatchingOther;
            do {
                groupSize = g.end - g.start;
                endMatchingOther = -1;
                while (groupSlideUp(s, g))
                    if (!groupPrevious(o, go))
                        broken('sliding up');
                earliestEnd = g.end;
                if (go.end > go.start)
                    endMatchingOther = g.end;
                for (;;) {
                    if (!groupSlideDown(s, g))
                        break;
                    if (!groupNext(o, go))
                        broken('sliding down');
                    if (go.end > go.start)
                        endMatchingOther = g.end;
                }
            } while (groupSize !== g.end - g.start);
            if (g.end !== earliestEnd && endMatchingOther !== -1) {
                while (go.end === go.start) {
                    if (!groupSlideUp(s, g))
                        broken('match disappeared');
                    if (!groupPrevious(o, go))
                        broken('sliding to match');
                }
            }
        }
        if (!groupNext(s, g))
            break;
        if (!groupNext(o, go))
            broken('moving to next group');
    }
    if (groupNext(o, go))
        broken('at end of file');
}
//# sourceMappingURL=slideHunks.js.map