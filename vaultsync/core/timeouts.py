"""How long each agent lets vaultsync's hook run: one table, read by `vaultsync install` (which
writes it into the agent's configuration) and by the hook (which sets its time limit from it).

Per event, the timeout `vaultsync install` writes, in seconds (services/agents/agent_config.py
writes it in the agent's own unit: seconds; Gemini milliseconds), else the agent's own budget for
events it gets none for: Claude Code's SessionEnd hooks share 1.5 s (one second of it is ours),
Codex gives SessionEnd 1 s, Gemini does not await SessionEnd, Cursor's default is undocumented.
"""

from __future__ import annotations

from vaultsync.core.agents import INSTALL_EVENTS

INSTALL_TIMEOUT_S: dict[str, int] = {
    "SessionStart": 10,
    "sessionStart": 10,
    "on_session_start": 10,
    "pre_llm_call": 10,
}
DEFAULT_INSTALL_TIMEOUT_S = 5
OWN_BUDGET_S = 1.0


def installed_timeout_s(agent: str, event: str) -> int | None:
    """The timeout install writes for `event`, in seconds; None where it writes none."""
    if agent == "cursor" or event in ("SessionEnd", "sessionEnd"):
        return None
    return INSTALL_TIMEOUT_S.get(event, DEFAULT_INSTALL_TIMEOUT_S)


def hook_budget_s(agent: str, event: str) -> float:
    """Seconds the agent waits for the hook on `event` before it stops it. An unknown event
    (or none yet) gets the agent's shortest budget."""
    if not event:
        events = INSTALL_EVENTS.get(agent, ())
        return min((hook_budget_s(agent, e) for e in events), default=OWN_BUDGET_S)
    timeout = installed_timeout_s(agent, event)
    return float(timeout) if timeout is not None else OWN_BUDGET_S
