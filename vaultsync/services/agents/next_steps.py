"""What each agent still needs from the person after `vaultsync install`: the exact next step,
as the real CLIs showed it (tests/agents/). `install` prints these."""

from __future__ import annotations

MANUAL_STEPS: dict[str, tuple[str, ...]] = {
    "claude-code": (
        "Start a new Claude Code session (`claude`); one already running loads the hooks after "
        "/hooks.",
    ),
    "codex": (
        'Run `codex` once in a terminal: at "Hooks need review" choose "Trust all and '
        'continue" (or trust the vaultsync entries in /hooks). Until then Codex runs none of '
        "them, and `codex exec` says nothing about it; `vaultsync doctor` shows whether they "
        "are trusted.",
    ),
    "hermes": (
        "Hermes asks you to approve each new shell hook on first use: approve them once in "
        "`hermes chat`, or for runs without a terminal pass --accept-hooks (or set "
        "HERMES_ACCEPT_HOOKS=1, or `hooks_auto_accept: true` in config.yaml).",
    ),
    "gemini": (
        "Start a new Gemini CLI session (`gemini`): hooks are on by default. Each vaultsync "
        "entry has its own name (vaultsync-SessionStart, vaultsync-AfterTool, ...), so one can "
        'be turned off with `"hooksConfig": {"disabled": ["vaultsync-AfterTool"]}`.',
    ),
    "cursor": ("Restart Cursor (or open a new agent chat) so it reloads hooks.json.",),
    "copilot": (
        "Start a new Copilot CLI session (`copilot`): the hooks need no trust and apply to new "
        "sessions. vaultsync hooks no event that can deny a tool (preToolUse, "
        "permissionRequest).",
    ),
    "opencode": (
        "Start a new OpenCode session (`opencode`). The first start after a plugin appears "
        "makes OpenCode install its own plugin package into its config folder (npm; once, "
        "about 30 s here); offline it retries on every start until that succeeds.",
    ),
}
