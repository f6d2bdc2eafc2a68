#!/bin/sh
# Agent Overlay guard rail, the command every hook runs: guardRail.js decides; this wrapper makes the guard rail fail
# closed. When node is missing, or the script fails (a broken input, a missing file), the call is denied with exit
# code 2 and the reason on stderr, which Claude Code, Codex, Gemini CLI and VS Code all read as "block this tool
# call and tell the model why". Arguments go to guardRail.js (`--agent claude|claude-project|vscode|codex|gemini`).
case "$0" in */*) dir=${0%/*} ;; *) dir=. ;; esac
if ! command -v node >/dev/null 2>&1; then
  # Without node, only the overlay's own tools pass (VS Code runs this hook for every tool, matcher or not).
  # Shell built-ins only: a PATH without node may lack more than node.
  input=
  while IFS= read -r line || [ -n "$line" ]; do input="$input$line "; done
  rest=${input#*\"tool_name\"}
  name=
  [ "$rest" != "$input" ] && { rest=${rest#*\"}; name=${rest%%\"*}; }
  case "$name" in
    *overlay_*) exit 0 ;;
  esac
  echo "Agent Overlay guard rail: node is not on this agent's PATH, so the guard rail cannot check this tool call and denies it. Write files with the Agent Overlay MCP tools (overlay_writeFile, overlay_editFile) instead; to restore the built-in tools' checks, put Node.js on the PATH of the shell the agent starts from." >&2
  exit 2
fi
node "$dir/guardRail.js" "$@"
rc=$?
[ "$rc" -eq 0 ] && exit 0
echo "Agent Overlay guard rail: the check failed (node exited with $rc), so this tool call is denied. Write files with the Agent Overlay MCP tools (overlay_writeFile, overlay_editFile) instead." >&2
exit 2
