/** A configuration file we were asked to add our entry to cannot be read safely; nothing was written. */
export class ConfigMergeError extends Error {
  constructor(readonly code: 'Malformed' | 'Unexpected', readonly file: string, message: string) {
    super(`${file}: ${message} Nothing was changed; fix or move the file and run the command again.`);
    this.name = 'ConfigMergeError';
  }
}
