"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ChatLogError = void 0;
exports.replayChatLog = replayChatLog;
class ChatLogError extends Error {
    code;
    line;
    constructor(code, line, detail) {
        super(line === undefined ? detail : `line ${line}: ${detail}`);
        this.code = code;
        this.line = line;
    }
}
exports.ChatLogError = ChatLogError;
function replayChatLog(text) {
    const lines = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split('\n');
    let last = lines.length - 1;
    while (last >= 0 && lines[last].trim() === '')
        last--;
    let state;
    let started = false;
    let entries = 0;
    let tornTail = false;
    for (let n = 0; n <= last; n++) {
        const line = lines[n];
        if (line.trim() === '')
            continue;
        let raw;
        try {
            raw = JSON.parse(line);
        }
        catch {
            if (n === last) {
                tornTail = true;
                break;
            }
            throw new ChatLogError('badLine', n + 1, 'not JSON');
        }
        const entry = asEntry(raw, n + 1);
        if (entry.kind === 0) {
            state = entry.v;
            started = true;
        }
        else if (!started) {
            throw new ChatLogError('noInitial', n + 1, `kind ${entry.kind} before any full state (kind 0)`);
        }
        else {
            switch (entry.kind) {
                case 1:
                    if (entry.k.length === 0)
                        state = entry.v;
                    else
                        setAt(state, entry.k, entry.v, n + 1);
                    break;
                case 2:
                    pushAt(state, entry.k, entry.v, entry.i, n + 1);
                    break;
                case 3:
                    if (entry.k.length === 0)
                        throw new ChatLogError('badPath', n + 1, 'delete of the root');
                    setAt(state, entry.k, undefined, n + 1);
                    break;
            }
        }
        entries++;
    }
    if (!started)
        throw new ChatLogError('empty', undefined, tornTail ? 'the only entry is incomplete' : 'no entries');
    return { state, entries, tornTail };
}
function asEntry(raw, line) {
    if (!isContainer(raw) || Array.isArray(raw))
        throw new ChatLogError('badEntry', line, 'not an object');
    const kind = raw.kind;
    if (kind === 0) {
        if (!('v' in raw))
            throw new ChatLogError('badEntry', line, 'kind 0 without v');
        return { kind, v: raw.v };
    }
    if (kind !== 1 && kind !== 2 && kind !== 3)
        throw new ChatLogError('badEntry', line, `unknown kind ${JSON.stringify(kind)}`);
    const k = raw.k;
    if (!Array.isArray(k) || !k.every(p => typeof p === 'string' || (typeof p === 'number' && Number.isInteger(p) && p >= 0))) {
        throw new ChatLogError('badEntry', line, 'k is not a path of strings and indexes');
    }
    if (kind === 1)
        return { kind, k, v: raw.v };
    if (kind === 3)
        return { kind, k };
    const v = raw.v;
    const i = raw.i;
    if (v !== undefined && !Array.isArray(v))
        throw new ChatLogError('badEntry', line, 'kind 2 with a v that is not an array');
    if (i !== undefined && !(typeof i === 'number' && Number.isInteger(i) && i >= 0))
        throw new ChatLogError('badEntry', line, 'kind 2 with a bad i');
    return { kind, k, v, i };
}
function isContainer(v) {
    return typeof v === 'object' && v !== null;
}
function parentOf(state, path, line) {
    let current = state;
    for (let n = 0; n < path.length - 1; n++) {
        if (!isContainer(current))
            throw new ChatLogError('badPath', line, `nothing at ${formatPath(path.slice(0, n))}`);
        current = Object.prototype.hasOwnProperty.call(current, path[n]) ? current[path[n]] : undefined;
    }
    if (!isContainer(current))
        throw new ChatLogError('badPath', line, `nothing at ${formatPath(path.slice(0, -1))}`);
    return current;
}
function setAt(state, path, value, line) {
    const parent = parentOf(state, path, line);
    const key = path[path.length - 1];
    if (Array.isArray(parent) && typeof key !== 'number')
        throw new ChatLogError('badPath', line, `${formatPath(path)} names a property of an array`);
    assign(parent, key, value);
}
function pushAt(state, path, values, truncateTo, line) {
    if (path.length === 0)
        throw new ChatLogError('badPath', line, 'push onto the root');
    const parent = parentOf(state, path, line);
    const key = path[path.length - 1];
    if (Array.isArray(parent) && typeof key !== 'number')
        throw new ChatLogError('badPath', line, `${formatPath(path)} names a property of an array`);
    const existing = Object.prototype.hasOwnProperty.call(parent, key) ? parent[key] : undefined;
    if (existing !== undefined && existing !== null && !Array.isArray(existing)) {
        throw new ChatLogError('badPath', line, `push onto ${formatPath(path)}, which is not an array`);
    }
    const arr = Array.isArray(existing) ? existing : [];
    if (truncateTo !== undefined)
        arr.length = truncateTo;
    // A loop, not push(...values): spreading a very long array overflows the call stack.
    for (const v of values ?? [])
        arr.push(v);
    assign(parent, key, arr);
}
/** Plain assignment, except that a key named `__proto__` from the file becomes an own property, not a prototype. */
function assign(target, key, value) {
    if (key === '__proto__')
        Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
    else
        target[key] = value;
}
function formatPath(path) {
    return path.map(p => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('') || '<root>';
}
//# sourceMappingURL=replayChatLog.js.map