import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

/** Temp folders for one test file: `make()` in a test, `cleanup()` in `after`/`afterEach`. */
export class TempDirs {
  private readonly dirs: string[] = [];

  make(prefix = 'store-test-'): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    this.dirs.push(dir);
    return dir;
  }

  cleanup(): void {
    for (const dir of this.dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  }
}
