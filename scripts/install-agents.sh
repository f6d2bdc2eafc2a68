#!/usr/bin/env bash
# Installs, idempotently, the three CLI agents `npm run test:agents` drives, at pinned versions, from the npm
# registry into a cache outside git, $AGENT_OVERLAY_AGENTS_DIR (default ~/.cache/agent-overlay/cli-agents), one
# folder per agent. A CLI that cannot be installed is a failure (exit 1) with the npm error, never a skipped test.
set -euo pipefail
AGENTS_DIR=${AGENT_OVERLAY_AGENTS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/agent-overlay/cli-agents}
# name  package  version  binary (relative to the folder)
AGENTS=(
  "claude @anthropic-ai/claude-code 2.1.332 node_modules/.bin/claude"
  "codex @openai/codex 0.171.0 node_modules/.bin/codex"
  "gemini @google/gemini-cli 0.61.0 node_modules/.bin/gemini"
)
say() { printf '[install-agents] %s\n' "$*"; }
status=0
for row in "${AGENTS[@]}"; do
  read -r name pkg version bin <<<"$row"
  dir=$AGENTS_DIR/$name
  stamp=$dir/.installed
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$pkg@$version" ] && [ -x "$dir/$bin" ]; then
    say "$name: $pkg@$version (cached in $dir)"
    continue
  fi
  say "$name: installing $pkg@$version into $dir"
  rm -rf "$dir"; mkdir -p "$dir"
  if (cd "$dir" && echo "{\"name\":\"agent-$name\",\"private\":true}" > package.json &&
      npm install --no-audit --no-fund --loglevel=error "$pkg@$version") && [ -x "$dir/$bin" ]; then
    echo "$pkg@$version" > "$stamp"
  else
    say "FAILED: $pkg@$version could not be installed into $dir (see npm's error above); test:agents cannot run $name."
    status=1
  fi
done
exit $status
