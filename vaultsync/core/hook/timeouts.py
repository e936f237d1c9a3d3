"""How long each agent lets vaultsync's hook run: one table, read by `vaultsync install` (which
writes it into the agent's configuration) and by the hook (which sets its time limit from it).

Per event, the timeout `vaultsync install` writes, in seconds (services/agents/agent_config.py
writes it in the agent's own unit: seconds; Gemini milliseconds), else the agent's own budget for
events it gets none for: Claude Code's SessionEnd hooks share 1.5 s (one second of it is ours),
Codex gives SessionEnd 1 s, Gemini does not await SessionEnd, Cursor's default is undocumented.
Copilot CLI waits for every hook, sessionEnd too, up to the timeoutSec it is given; vaultsync's
OpenCode plugin stops each call it makes at the same figures.
"""

from __future__ import annotations

from vaultsync.core.hook.agents import INSTALL_EVENTS

INSTALL_TIMEOUT_S: dict[str, int] = {
    "SessionStart": 10,
    "sessionStart": 10,
    "on_session_start": 10,
    "pre_llm_call": 10,
    "session.created": 10,
}
DEFAULT_INSTALL_TIMEOUT_S = 5
OWN_BUDGET_S = 1.0


def installed_timeout_s(agent: str, event: str) -> int | None:
    """The timeout install writes for `event`, in seconds; None where it writes none."""
    if agent == "cursor" or (event in ("SessionEnd", "sessionEnd") and agent != "copilot"):
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


DEFAULT_CAP = 30.0  # hook.time_limit_s


def time_limit(agent: str, event: str, cap: float = DEFAULT_CAP) -> float:
    """Seconds from process start a hook call may take: the agent's budget for the event less
    a tenth of it (at most 1 s) for start-up before the hook's clock starts and for the exit,
    capped. Claude Code PostToolUse (5 s) -> 4.5 s; SessionStart (10 s) -> 9 s; Codex
    SessionEnd (1 s) -> 0.9 s."""
    budget = hook_budget_s(agent, event) if agent else OWN_BUDGET_S
    return max(0.001, min(cap, budget - min(1.0, 0.1 * budget)))


def longest_limit(agent: str, cap: float = DEFAULT_CAP) -> float:
    return max(
        (time_limit(agent, e, cap) for e in INSTALL_EVENTS.get(agent, ())),
        default=time_limit(agent, "", cap),
    )
