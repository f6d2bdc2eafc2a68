import { spawn } from 'child_process';

/**
 * One `syncfs(2)` of the file system holding `dir` (Linux; through coreutils' `sync -f`, since Node has no binding):
 * every dirty file and folder entry there reaches the disk in one call. The blob store owes that for a command's
 * thousand new blobs at once, where a thousand fsyncs cost ~1.7 s on this machine and one syncfs ~60 ms (issue 25:
 * staging what a command wrote in under a second). Resolves false when it could not be done (another platform,
 * no `sync`, an old one without `-f`, a write-back error): the caller then fsyncs file by file, which reports
 * the error itself.
 */
export function syncFileSystemOf(dir: string): Promise<boolean> {
  if (process.platform !== 'linux') return Promise.resolve(false);
  return new Promise((resolve) => {
    const child = spawn('sync', ['-f', dir], { stdio: 'ignore' });
    child.on('error', () => resolve(false));
    child.on('exit', (code) => resolve(code === 0));
  });
}
