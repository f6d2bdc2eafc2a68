/** A string as one word for `sh`. */
export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

export interface NamespaceFolder {
  readonly root: string;
  readonly layer: string;
  readonly upper: string;
  readonly work: string;
  readonly whiteouts: readonly string[];
}

/**
 * The script the sandbox's first process runs (`sh`, PID 1 of the new user, mount and PID namespaces): make the
 * staged layer's whiteouts (a character device 0/0, which only a namespace's root may make; the layer is kept
 * between commands, so one may be there already), mount an overlay over
 * each workspace folder, run the command with stdin from /dev/null, then report its exit code on fd 3 and wait
 * (reading stdin) while the extension reads the merged view through `/proc/<pid>/root` (the mounts exist only in
 * this namespace; an opaque folder is marked by an extended attribute Node cannot read, so the view itself is the
 * only honest witness of what the command removed). A setup failure is written to `errorFile`, exit code 125.
 */
export function namespaceScript(folders: readonly NamespaceFolder[], shell: string, command: string, cwd: string, errorFile: string): string {
  const q = shellQuote;
  const lines = ['set -u', `fail() { printf '%s\\n' "$1" > ${q(errorFile)}; exit 125; }`];
  for (const f of folders) {
    if (f.whiteouts.length > 0) lines.push(`for w in ${f.whiteouts.map(q).join(' ')}; do [ -c "$w" ] || mknod "$w" c 0 0 || fail "cannot make a whiteout in the staged layer (mknod): $w"; done`);
    const options = `lowerdir=${f.layer}:${f.root},upperdir=${f.upper},workdir=${f.work},userxattr`;
    lines.push(`err=$(mount -t overlay agent-overlay -o ${q(options)} ${q(f.root)} 2>&1) || fail "mount -t overlay failed: $err"`);
  }
  lines.push(
    `cd ${q(cwd)} || fail ${q(`cannot enter ${cwd}`)}`,
    `[ -x ${q(shell)} ] || fail ${q(`the shell ${shell} cannot be run`)}`,
    `${q(shell)} -c ${q(command)} </dev/null 3>&-`,
    'rc=$?',
    `printf '%s\\n' "$rc" >&3`,
    'read -r _ || true',
    'exit "$rc"',
  );
  return lines.join('\n');
}
