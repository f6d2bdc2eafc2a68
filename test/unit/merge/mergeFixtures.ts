import * as fs from 'fs';
import * as path from 'path';

/** test/fixtures/merge, whether the tests run from out/ or from another --outDir. */
export function mergeFixturesDir(): string {
  const candidates = [path.resolve(__dirname, '../../../../test/fixtures/merge'), path.resolve(process.cwd(), 'test/fixtures/merge')];
  const found = candidates.find((c) => fs.existsSync(c));
  if (!found) throw new Error(`test/fixtures/merge not found from ${__dirname} or ${process.cwd()}`);
  return found;
}

export interface MergeFixture {
  readonly name: string;
  readonly base: string;
  readonly ours: string;
  readonly theirs: string;
  /** git's output: the clean text, or the marked-up text for a conflict. */
  readonly expected: string;
  /** 0 for a clean merge, else the number of conflict regions (the `kind` file: `clean` or `conflict N`). */
  readonly conflicts: number;
}

/** Every `<case>/{base,ours,theirs,expected,kind}` folder, read byte for byte as UTF-8. */
export function readMergeFixtures(): MergeFixture[] {
  const dir = mergeFixturesDir();
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => {
      const read = (file: string): string => fs.readFileSync(path.join(dir, e.name, file), 'utf8');
      const kind = read('kind').trim();
      const m = /^(clean|conflict (\d+))$/.exec(kind);
      if (!m) throw new Error(`${e.name}/kind must be "clean" or "conflict N", got "${kind}"`);
      return { name: e.name, base: read('base'), ours: read('ours'), theirs: read('theirs'), expected: read('expected'), conflicts: m[2] ? Number(m[2]) : 0 };
    });
}
