"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
const assert = __importStar(require("assert"));
const fc = __importStar(require("fast-check"));
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const localHistoryHash_1 = require("../../../src/history/localHistoryHash");
const resourceUri_1 = require("../../../src/history/resourceUri");
const historyTestUtil_1 = require("./historyTestUtil");
describe('localHistoryHash', () => {
    // Real folder names VS Code-family editors wrote, with the resource in their entries.json (formats.md §A2).
    const realFolders = [
        ['file:///Users/4jp/Workspace/meta-organvm/praxis-perpetua/prompt-corpus/LAST-WEEK-CLEAN.md', '-7eb5368e'],
        ['file:///c%3A/Users/Navee/gits/code-provenance/src/api/BobApiClient.ts', '2368b779'],
    ];
    for (const [resource, folder] of realFolders) {
        it(`names the real folder ${folder}`, () => {
            assert.strictEqual((0, localHistoryHash_1.localHistoryFolderName)(resource), folder);
        });
    }
    it('agrees with every fixture folder name and its entries.json resource', () => {
        const root = path.join((0, historyTestUtil_1.fixturesDir)(), 'vscode', 'User', 'History');
        const names = fs.readdirSync(root);
        assert.ok(names.length >= 2);
        for (const name of names) {
            const { resource } = JSON.parse(fs.readFileSync(path.join(root, name, 'entries.json'), 'utf8'));
            assert.strictEqual((0, localHistoryHash_1.localHistoryFolderName)(resource), name);
        }
    });
    it('is signed and not zero-padded (the 7-digit -730b956)', () => {
        assert.strictEqual((0, localHistoryHash_1.localHistoryFolderName)('file:///home/u/my%20file.ts'), '-730b956');
    });
    it('hashes UTF-16 code units like charCodeAt, as a signed int32', () => {
        fc.assert(fc.property(fc.string({ unit: 'binary' }), (s) => {
            const h = (0, localHistoryHash_1.stringHash)(s);
            assert.ok(Number.isInteger(h) && h >= -(2 ** 31) && h < 2 ** 31);
            assert.match((0, localHistoryHash_1.localHistoryFolderName)(s), localHistoryHash_1.LOCAL_HISTORY_FOLDER_PATTERN);
        }), { seed: 42, numRuns: 200 });
        assert.strictEqual((0, localHistoryHash_1.stringHash)(''), 149417);
        assert.strictEqual((0, localHistoryHash_1.stringHash)('a'), (149417 * 31 + 97) | 0);
    });
});
describe('resourceUri (port of uri.ts toString)', () => {
    // Expected strings produced by the research port, which was checked against vscode-uri@3.2.0.
    const cases = [
        ['/home/u/my file.ts', 'file:///home/u/my%20file.ts', '-730b956'],
        ['/home/u/Ünïcode/x#y?.md', 'file:///home/u/%C3%9Cn%C3%AFcode/x%23y%3F.md', '409ebc6f'],
        ["/tmp/a+b(c)[d]@e!f$g&h'i*k,l;m=n~_-.ts", 'file:///tmp/a%2Bb%28c%29%5Bd%5D%40e%21f%24g%26h%27i%2Ak%2Cl%3Bm%3Dn~_-.ts', '-1a6c1353'],
        ['/c:/x/😀.ts', 'file:///c%3A/x/%F0%9F%98%80.ts', '5dc43715'],
    ];
    for (const [p, uri, folder] of cases) {
        it(`formats ${JSON.stringify(p)}`, () => {
            assert.strictEqual((0, resourceUri_1.fileUriString)(p, 'linux'), uri);
            assert.strictEqual((0, localHistoryHash_1.localHistoryFolderName)(uri), folder);
        });
    }
    it('formats a Windows path like Uri.file: slashes, lower-case drive, encoded colon', () => {
        const uri = (0, resourceUri_1.fileUriString)('C:\\Users\\Navee\\gits\\code-provenance\\src\\api\\BobApiClient.ts', 'win32');
        assert.strictEqual(uri, 'file:///c%3A/Users/Navee/gits/code-provenance/src/api/BobApiClient.ts');
        assert.strictEqual((0, localHistoryHash_1.localHistoryFolderName)(uri), '2368b779');
    });
    it('keeps a UNC server as the authority', () => {
        assert.strictEqual((0, resourceUri_1.fileUriString)('\\\\Server\\share\\a.txt', 'win32'), 'file://server/share/a.txt');
    });
    it('formats remote URIs with a lower-cased, encoded authority and a verbatim port', () => {
        assert.strictEqual((0, resourceUri_1.remoteUriString)('ssh-remote+MyHost', '/home/u/p/a.ts'), 'vscode-remote://ssh-remote%2Bmyhost/home/u/p/a.ts');
        assert.strictEqual((0, localHistoryHash_1.localHistoryFolderName)((0, resourceUri_1.remoteUriString)('ssh-remote+MyHost', '/home/u/p/a.ts')), '4135d28a');
        assert.strictEqual((0, resourceUri_1.remoteUriString)('localhost:8080', '/home/coder/p/a.ts'), 'vscode-remote://localhost:8080/home/coder/p/a.ts');
        assert.strictEqual((0, localHistoryHash_1.localHistoryFolderName)('vscode-remote://localhost:8080/home/coder/p/a.ts'), '-2bc6a379');
        assert.strictEqual((0, resourceUri_1.formatResourceUri)({ scheme: 'vscode-remote', authority: 'user:pw@Host:22', path: '/x y' }), 'vscode-remote://user:pw@host:22/x%20y');
    });
    it('formats vscode-userdata without a double slash', () => {
        assert.strictEqual((0, resourceUri_1.formatResourceUri)({ scheme: 'vscode-userdata', authority: '', path: '/home/u/.config/Code/User/settings.json' }), 'vscode-userdata:/home/u/.config/Code/User/settings.json');
    });
    it('refuses a lone surrogate like VS Code does', () => {
        assert.throws(() => (0, resourceUri_1.fileUriString)('/x/\uD800.ts', 'linux'), (e) => e instanceof resourceUri_1.ResourceUriError && e.code === 'unencodable');
    });
    it('parses back what it formats', () => {
        const segment = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }).filter((s) => !s.includes('/'));
        fc.assert(fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), (segs) => {
            const p = `/${segs.join('/')}`;
            const parsed = (0, resourceUri_1.parseResourceUri)((0, resourceUri_1.fileUriString)(p, 'linux'));
            assert.strictEqual(parsed.scheme, 'file');
            assert.strictEqual(parsed.path, p.replace(/^\/([A-Z]):/, (_m, d) => `/${d.toLowerCase()}:`));
        }), { seed: 7, numRuns: 300 });
        const remote = (0, resourceUri_1.parseResourceUri)('vscode-remote://ssh-remote%2Bmyhost/home/u/a%20b.ts');
        assert.deepStrictEqual([remote.scheme, remote.authority, remote.path], ['vscode-remote', 'ssh-remote+myhost', '/home/u/a b.ts']);
        assert.throws(() => (0, resourceUri_1.parseResourceUri)('/no/scheme'), resourceUri_1.ResourceUriError);
    });
    it('lists direct-lookup candidates: each remote authority, then file:', () => {
        assert.deepStrictEqual((0, resourceUri_1.historyResourceCandidates)('/ws/a.ts', [], 'linux'), ['file:///ws/a.ts']);
        assert.deepStrictEqual((0, resourceUri_1.historyResourceCandidates)('/ws/a.ts', ['localhost:8080', 'ssh-remote+h'], 'linux'), [
            'vscode-remote://localhost:8080/ws/a.ts', 'vscode-remote://ssh-remote%2Bh/ws/a.ts', 'file:///ws/a.ts',
        ]);
    });
});
//# sourceMappingURL=localHistoryHash.test.js.map