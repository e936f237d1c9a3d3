"""The OpenCode plugin `vaultsync install opencode` writes: `plugins/vaultsync.js` in OpenCode's
config folder, a file of vaultsync's own (the template is resources/opencode/vaultsync.js).

OpenCode has no shell hooks: plugins are JavaScript modules it runs in its own process. This
one sends each event to the same hook the other agents run (`vaultsync-hook --agent opencode
--event NAME`, the payload on stdin) and puts the context the hook answers with into the
model's system text. The hook command and each event's time limit (core/hook/timeouts.py, the
one table) are written into the file; `vaultsync doctor` reports a file that no longer matches.
"""

from __future__ import annotations

import json
import shlex

from vaultsync.core.hook.agents import INSTALL_EVENTS
from vaultsync.core.hook.timeouts import hook_budget_s

HEADER = "// vaultsync for OpenCode, written by `vaultsync install opencode`"


def template() -> str:
    from importlib import resources

    folder = resources.files("vaultsync") / "resources" / "opencode"
    return (folder / "vaultsync.js").read_text(encoding="utf-8")


def plugin_text(command: str) -> str:
    """The plugin for the hook command `command` (`LAUNCHER --agent opencode`)."""
    argv = shlex.split(command)
    limits = {
        event: int(hook_budget_s("opencode", event) * 1000) for event in INSTALL_EVENTS["opencode"]
    }
    return (
        template()
        .replace("__COMMAND__", json.dumps(argv))
        .replace("__TIMEOUTS__", json.dumps(limits, sort_keys=True))
    )


def is_ours(text: str) -> bool:
    return text.startswith(HEADER)
