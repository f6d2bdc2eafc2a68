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

/** What runs in the namespace, after the mounts. */
export interface NamespaceCommand {
  readonly shell: string;
  readonly command: string;
  readonly cwd: string;
  /** The caller's variables, set for the command only (never for the host-side `unshare`, see `run`). */
  readonly env: Readonly<Record<string, string>>;
  /** Where a setup failure is written (exit code 125). */
  readonly errorFile: string;
  /** Folders to show empty (and read-only) to the command, when they exist. */
  readonly privateDirs: readonly string[];
}

/**
 * `setpriv`'s arguments that leave the namespace's processes no capability at all, nor a way to gain one: without
 * CAP_SYS_ADMIN the command cannot unmount the overlay (which would show it the real folder underneath and let it
 * write there, SPEC §9 invariant 10), and a namespace of its own does not help it either: mounts copied into a
 * less privileged namespace are locked together (mount_namespaces(7)). Root's capabilities come back on every
 * exec unless the bounding set is empty; `--no-new-privs` shuts set-user-ID programs and file capabilities.
 */
export const DROP_ALL_CAPABILITIES = ['--no-new-privs', '--inh-caps=-all', '--ambient-caps=-all', '--bounding-set=-all'] as const;

/** An environment variable's name a caller may set (also what `sh` can assign). */
export const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The script the sandbox's first process runs (`sh`, PID 1 of the new user, mount and PID namespaces): make the
 * staged layer's whiteouts (a character device 0/0, which only a namespace's root may make; the layer is kept
 * between commands, so one may be there already), mount an overlay over each workspace folder, cover each private
 * folder (VS Code's history store) with an empty read-only file system, then drop every
 * capability (`DROP_ALL_CAPABILITIES`: PID 1 too, since the command could otherwise borrow PID 1's through
 * `ptrace`), run the command with stdin from /dev/null and the caller's variables, report its exit code on fd 3
 * and wait (reading stdin) while the extension reads the merged view through `/proc/<pid>/root` (the mounts exist
 * only in this namespace; an opaque folder is marked by an extended attribute Node cannot read, so the view itself
 * is the only honest witness of what the command removed). A setup failure is written to `errorFile`, exit code 125.
 */
export function namespaceScript(folders: readonly NamespaceFolder[], run: NamespaceCommand): string {
  const q = shellQuote;
  const fail = `fail() { printf '%s\\n' "$1" > ${q(run.errorFile)}; exit 125; }`;
  const setup = ['set -u', fail];
  for (const f of folders) {
    if (f.whiteouts.length > 0) setup.push(`for w in ${f.whiteouts.map(q).join(' ')}; do [ -c "$w" ] || mknod "$w" c 0 0 || fail "cannot make a whiteout in the staged layer (mknod): $w"; done`);
    const options = `lowerdir=${f.layer}:${f.root},upperdir=${f.upper},workdir=${f.work},userxattr`;
    setup.push(`err=$(mount -t overlay agent-overlay -o ${q(options)} ${q(f.root)} 2>&1) || fail "mount -t overlay failed: $err"`);
  }
  for (const dir of run.privateDirs) {
    // Before the capabilities go: afterwards the command can neither lift this cover nor make one of its own.
    setup.push(`if [ -d ${q(dir)} ]; then mount -t tmpfs -o ro,size=4k,mode=0555 agent-overlay-private ${q(dir)} || fail ${q(`cannot hide ${dir} from the command (mount -t tmpfs failed)`)}; fi`);
  }
  const assignments = Object.entries(run.env).map(([name, value]) => {
    if (!ENV_NAME.test(name)) throw new Error(`not an environment variable's name: ${JSON.stringify(name)}`);
    return `${name}=${q(value)} `;
  });
  const unprivileged = [
    'set -u',
    fail,
    `cd ${q(run.cwd)} || fail ${q(`cannot enter ${run.cwd}`)}`,
    `[ -x ${q(run.shell)} ] || fail ${q(`the shell ${run.shell} cannot be run`)}`,
    `${assignments.join('')}${q(run.shell)} -c ${q(run.command)} </dev/null 3>&-`,
    'rc=$?',
    `printf '%s\\n' "$rc" >&3`,
    'read -r _ || true',
    'exit "$rc"',
  ];
  setup.push(`command -v setpriv >/dev/null || fail 'setpriv (util-linux) is not available: the command would keep the rights to unmount its overlay'`);
  setup.push(`exec setpriv ${DROP_ALL_CAPABILITIES.join(' ')} sh -c ${q(unprivileged.join('\n'))}`);
  return setup.join('\n');
}
