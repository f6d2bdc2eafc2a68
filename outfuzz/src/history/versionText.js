"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.VersionTextError = void 0;
exports.decodeVersionText = decodeVersionText;
exports.decodeVersion = decodeVersion;
exports.whatwgLabel = whatwgLabel;
class VersionTextError extends Error {
    code;
    constructor(code, message) {
        super(message);
        this.code = code;
        this.name = 'VersionTextError';
    }
}
exports.VersionTextError = VersionTextError;
function decodeVersionText(bytes, options = {}) {
    return decodeVersion(bytes, options).text;
}
function decodeVersion(bytes, options = {}) {
    const bom = byteOrderMark(bytes);
    if (bom)
        return { text: decode(bom.encoding, bytes.subarray(bom.length)), encoding: bom.encoding };
    const configured = options.encoding ? whatwgLabel(options.encoding) : undefined;
    if (options.encoding && configured === undefined) {
        throw new VersionTextError('unsupportedEncoding', `this historical version is in the encoding "${options.encoding}" (files.encoding), which History Helper cannot decode; only text it can decode can be shared`);
    }
    const utf16 = configured === 'utf-16le' || configured === 'utf-16be';
    if (!utf16 && bytes.includes(0)) {
        throw new VersionTextError('binary', 'this historical version is binary (it contains NUL bytes); only text versions can be shared');
    }
    if (configured && configured !== 'utf-8')
        return { text: decode(configured, bytes), encoding: configured };
    try {
        return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes), encoding: 'utf-8' };
    }
    catch {
        return { text: decode('windows-1252', bytes), encoding: 'windows-1252' };
    }
}
function byteOrderMark(b) {
    if (b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf)
        return { encoding: 'utf-8', length: 3 };
    if (b.length >= 2 && b[0] === 0xff && b[1] === 0xfe)
        return { encoding: 'utf-16le', length: 2 };
    if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff)
        return { encoding: 'utf-16be', length: 2 };
    return undefined;
}
function decode(label, bytes) {
    return new TextDecoder(label, { ignoreBOM: true }).decode(bytes);
}
/** VS Code's encoding ids (`files.encoding`) that have a WHATWG decoder; undefined for the others (cp437, …). */
function whatwgLabel(vscodeEncoding) {
    const id = vscodeEncoding.toLowerCase();
    const fixed = {
        utf8: 'utf-8', utf8bom: 'utf-8', utf16le: 'utf-16le', utf16be: 'utf-16be', macroman: 'macintosh', cp866: 'ibm866',
        koi8r: 'koi8-r', koi8u: 'koi8-u', koi8ru: 'koi8-u', shiftjis: 'shift_jis', eucjp: 'euc-jp', euckr: 'euc-kr',
        gbk: 'gbk', gb18030: 'gb18030', gb2312: 'gbk', cp950: 'big5', big5hkscs: 'big5', windows874: 'windows-874',
    };
    if (fixed[id])
        return fixed[id];
    let m = /^windows(12[5-9]\d)$/.exec(id);
    if (m)
        return `windows-${m[1]}`;
    m = /^iso8859(\d{1,2})$/.exec(id);
    if (m && m[1] !== '1' && m[1] !== '9' && m[1] !== '11')
        return `iso-8859-${m[1]}`;
    // WHATWG folds Latin-1 into windows-1252 and Latin-5 into windows-1254; ISO 8859-11 is windows-874's subset.
    if (id === 'iso88591')
        return 'windows-1252';
    if (id === 'iso88599')
        return 'windows-1254';
    if (id === 'iso885911')
        return 'windows-874';
    return undefined;
}
//# sourceMappingURL=versionText.js.map