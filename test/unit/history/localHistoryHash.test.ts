import * as assert from 'assert';
import * as fc from 'fast-check';
import * as fs from 'fs';
import * as path from 'path';
import { LOCAL_HISTORY_FOLDER_PATTERN, localHistoryFolderName, stringHash } from '../../../src/history/localHistoryHash';
import {
  fileUriString, formatResourceUri, historyResourceCandidates, parseResourceUri, remoteUriString, ResourceUriError,
} from '../../../src/history/resourceUri';
import { fixturesDir } from './historyTestUtil';

describe('localHistoryHash', () => {
  // Real folder names VS Code-family editors wrote, with the resource in their entries.json (formats.md §A2).
  const realFolders: Array<[string, string]> = [
    ['file:///Users/4jp/Workspace/meta-organvm/praxis-perpetua/prompt-corpus/LAST-WEEK-CLEAN.md', '-7eb5368e'],
    ['file:///c%3A/Users/Navee/gits/code-provenance/src/api/BobApiClient.ts', '2368b779'],
  ];
  for (const [resource, folder] of realFolders) {
    it(`names the real folder ${folder}`, () => {
      assert.strictEqual(localHistoryFolderName(resource), folder);
    });
  }

  it('agrees with every fixture folder name and its entries.json resource', () => {
    const root = path.join(fixturesDir(), 'vscode', 'User', 'History');
    const names = fs.readdirSync(root);
    assert.ok(names.length >= 2);
    for (const name of names) {
      const { resource } = JSON.parse(fs.readFileSync(path.join(root, name, 'entries.json'), 'utf8')) as { resource: string };
      assert.strictEqual(localHistoryFolderName(resource), name);
    }
  });

  it('is signed and not zero-padded (the 7-digit -730b956)', () => {
    assert.strictEqual(localHistoryFolderName('file:///home/u/my%20file.ts'), '-730b956');
  });

  it('hashes UTF-16 code units like charCodeAt, as a signed int32', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (s) => {
      const h = stringHash(s);
      assert.ok(Number.isInteger(h) && h >= -(2 ** 31) && h < 2 ** 31);
      assert.match(localHistoryFolderName(s), LOCAL_HISTORY_FOLDER_PATTERN);
    }), { seed: 42, numRuns: 200 });
    assert.strictEqual(stringHash(''), 149417);
    assert.strictEqual(stringHash('a'), (149417 * 31 + 97) | 0);
  });
});

describe('resourceUri (port of uri.ts toString)', () => {
  // Expected strings produced by the research port, which was checked against vscode-uri@3.2.0.
  const cases: Array<[string, string, string]> = [
    ['/home/u/my file.ts', 'file:///home/u/my%20file.ts', '-730b956'],
    ['/home/u/Ünïcode/x#y?.md', 'file:///home/u/%C3%9Cn%C3%AFcode/x%23y%3F.md', '409ebc6f'],
    ["/tmp/a+b(c)[d]@e!f$g&h'i*k,l;m=n~_-.ts", 'file:///tmp/a%2Bb%28c%29%5Bd%5D%40e%21f%24g%26h%27i%2Ak%2Cl%3Bm%3Dn~_-.ts', '-1a6c1353'],
    ['/c:/x/😀.ts', 'file:///c%3A/x/%F0%9F%98%80.ts', '5dc43715'],
  ];
  for (const [p, uri, folder] of cases) {
    it(`formats ${JSON.stringify(p)}`, () => {
      assert.strictEqual(fileUriString(p, 'linux'), uri);
      assert.strictEqual(localHistoryFolderName(uri), folder);
    });
  }

  it('formats a Windows path like Uri.file: slashes, lower-case drive, encoded colon', () => {
    const uri = fileUriString('C:\\Users\\Navee\\gits\\code-provenance\\src\\api\\BobApiClient.ts', 'win32');
    assert.strictEqual(uri, 'file:///c%3A/Users/Navee/gits/code-provenance/src/api/BobApiClient.ts');
    assert.strictEqual(localHistoryFolderName(uri), '2368b779');
  });

  it('keeps a UNC server as the authority', () => {
    assert.strictEqual(fileUriString('\\\\Server\\share\\a.txt', 'win32'), 'file://server/share/a.txt');
  });

  it('formats remote URIs with a lower-cased, encoded authority and a verbatim port', () => {
    assert.strictEqual(remoteUriString('ssh-remote+MyHost', '/home/u/p/a.ts'), 'vscode-remote://ssh-remote%2Bmyhost/home/u/p/a.ts');
    assert.strictEqual(localHistoryFolderName(remoteUriString('ssh-remote+MyHost', '/home/u/p/a.ts')), '4135d28a');
    assert.strictEqual(remoteUriString('localhost:8080', '/home/coder/p/a.ts'), 'vscode-remote://localhost:8080/home/coder/p/a.ts');
    assert.strictEqual(localHistoryFolderName('vscode-remote://localhost:8080/home/coder/p/a.ts'), '-2bc6a379');
    assert.strictEqual(formatResourceUri({ scheme: 'vscode-remote', authority: 'user:pw@Host:22', path: '/x y' }), 'vscode-remote://user:pw@host:22/x%20y');
  });

  it('formats vscode-userdata without a double slash', () => {
    assert.strictEqual(formatResourceUri({ scheme: 'vscode-userdata', authority: '', path: '/home/u/.config/Code/User/settings.json' }),
      'vscode-userdata:/home/u/.config/Code/User/settings.json');
  });

  it('refuses a lone surrogate like VS Code does', () => {
    assert.throws(() => fileUriString('/x/\uD800.ts', 'linux'), (e: unknown) => e instanceof ResourceUriError && e.code === 'unencodable');
  });

  it('parses back what it formats', () => {
    const segment = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }).filter((s) => !s.includes('/'));
    fc.assert(fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), (segs) => {
      const p = `/${segs.join('/')}`;
      const parsed = parseResourceUri(fileUriString(p, 'linux'));
      assert.strictEqual(parsed.scheme, 'file');
      assert.strictEqual(parsed.path, p.replace(/^\/([A-Z]):/, (_m, d: string) => `/${d.toLowerCase()}:`));
    }), { seed: 7, numRuns: 300 });
    const remote = parseResourceUri('vscode-remote://ssh-remote%2Bmyhost/home/u/a%20b.ts');
    assert.deepStrictEqual([remote.scheme, remote.authority, remote.path], ['vscode-remote', 'ssh-remote+myhost', '/home/u/a b.ts']);
    assert.throws(() => parseResourceUri('/no/scheme'), ResourceUriError);
  });

  it('lists direct-lookup candidates: each remote authority, then file:', () => {
    assert.deepStrictEqual(historyResourceCandidates('/ws/a.ts', [], 'linux'), ['file:///ws/a.ts']);
    assert.deepStrictEqual(historyResourceCandidates('/ws/a.ts', ['localhost:8080', 'ssh-remote+h'], 'linux'), [
      'vscode-remote://localhost:8080/ws/a.ts', 'vscode-remote://ssh-remote%2Bh/ws/a.ts', 'file:///ws/a.ts',
    ]);
  });
});
