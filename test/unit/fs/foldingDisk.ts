import * as fs from 'fs';
import * as path from 'path';
import { NodeDisk } from '../../../src/fs/nodeDisk';

/**
 * A case-insensitive, case-preserving disk (as macOS and Windows have) on top of this machine's case-sensitive
 * one: every name the OS is asked for reaches an existing name spelled differently, as APFS and NTFS resolve it.
 * Only the name lookup is emulated; reads, writes, renames and fsyncs are the real system calls. A rename onto a
 * name whose other spelling exists replaces that file and keeps its old spelling (the worst case).
 */
export class FoldingDisk extends NodeDisk {
  /**
   * `exactAbove`: a folder that exists, spelled as given (a test's temporary folder): the names down to it are not
   * looked up, as they would be found as spelled (the provenance fuzz resolves thousands of paths a sequence, and
   * listing `/`, `/dev` and a crowded `/dev/shm` for each was a sixth of its time).
   */
  constructor(private readonly exactAbove?: string) {
    super();
  }

  protected override osPath(p: string): string {
    // A path that exists spelled as asked resolves to itself (every name in it is found as spelled): one call.
    if (fs.existsSync(p)) return path.resolve(p);
    const full = path.resolve(p);
    const from = this.exactAbove !== undefined && full.startsWith(`${this.exactAbove}${path.sep}`) ? this.exactAbove : path.sep;
    const parts = full.slice(from.length).split(path.sep).filter(Boolean);
    let resolved: string = from;
    for (const name of parts) {
      let names: string[] = [];
      try {
        names = fs.readdirSync(resolved);
      } catch {
        // not a folder (or gone): the name stays as asked
      }
      const spelled: string = names.includes(name) ? name : names.find(n => n.toLowerCase() === name.toLowerCase()) ?? name;
      resolved = path.join(resolved, spelled);
    }
    return resolved;
  }

  /**
   * The names down to `exactAbove` are found as spelled (it exists so): their folders are not listed. NodeDisk
   * checks a name's spelling by listing every folder from `/` down, and `/dev` and a crowded `/dev/shm` were most of
   * what a FoldingDisk sequence listed (session 14: 41 % of its CPU in `readdir`).
   */
  protected override spelledIn(dir: string, name: string): string {
    if (this.exactAbove !== undefined) {
      const full = path.join(dir, name);
      if (full === this.exactAbove || this.exactAbove.startsWith(`${full}${path.sep}`)) return name;
    }
    return super.spelledIn(dir, name);
  }
}
