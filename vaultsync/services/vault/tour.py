"""The demo's story, after the example vault is copied and indexed: the whole loop, offline.

1. A recorded Claude Code session (it fixes ISO week 53 in a CSV tool's date parser) and then a
   recorded Codex session (it meets the same bug in the weekly report) are replayed through the
   real hook entry point, `vaultsync.core.hook.main`: payload on stdin, JSON on stdout, the vault
   from VAULTSYNC_VAULT, exactly what an agent runs, without the hook's own process time limit
   (a demo on a busy machine must not lose events to it).
2. `learn --daily --offline` summarises both and writes memory candidates.
3. One candidate (the person's stated preference, when there is one) is approved: USER.md is
   regenerated with it.
4. A search from the Codex side (what the Codex session asked about) finds the Claude Code fix.
Each step is committed, so the git log shows the loop. The recorded payloads are package data
(`resources/demo/*.jsonl`), with `{cwd}` standing for the demo's project folder.
"""

from __future__ import annotations

import io
import json
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from vaultsync.core import paths
from vaultsync.core.config import Config, load_config
from vaultsync.storage import history

RECORDED = ("claude-code", "codex")
CODEX_SIDE_QUERY = "ISO week 53"


@dataclass(frozen=True)
class Replay:
    agent: str
    sent: int  # hook calls made
    events: int  # events that landed in the session note
    note: str  # the session note (vault-relative)
    context: str  # what the hook printed at session start (the agent's injected context)


@dataclass(frozen=True)
class TourReport:
    replays: tuple[Replay, ...]
    summaries: tuple[str, ...]
    candidates: tuple[str, ...]
    approved: str
    approved_text: str
    user_md_changed: bool
    codex_side: tuple[dict[str, Any], ...]
    warnings: tuple[str, ...] = field(default=())

    def as_dict(self) -> dict[str, Any]:
        return {
            "replays": [r.__dict__ for r in self.replays],
            "summaries": list(self.summaries),
            "candidates": list(self.candidates),
            "approved": self.approved,
            "approved_text": self.approved_text,
            "user_md_changed": self.user_md_changed,
            "codex_side": {"query": CODEX_SIDE_QUERY, "hits": list(self.codex_side)},
            "warnings": list(self.warnings),
        }


def recorded(agent: str, cwd: Path) -> list[dict[str, Any]]:
    text = (resources.files("vaultsync") / "resources" / "demo" / f"{agent}.jsonl").read_text(
        encoding="utf-8"
    )
    # The placeholder sits inside JSON strings: the path goes in JSON-escaped.
    filled = text.replace("{cwd}", json.dumps(str(cwd))[1:-1])
    return [json.loads(line) for line in filled.splitlines() if line.strip()]


def _call_hook(agent: str, payload: bytes) -> str:
    """One hook call with `payload` on stdin; what it printed. The hook's own I/O, in this
    process."""
    from vaultsync.core.hook.process import main as hook

    out = io.BytesIO()
    stdin = io.TextIOWrapper(io.BytesIO(payload), encoding="utf-8")
    stdout = io.TextIOWrapper(out, encoding="utf-8", write_through=True)
    saved = sys.stdin, sys.stdout
    sys.stdin, sys.stdout = stdin, stdout
    try:
        hook(["--agent", agent])
        stdout.flush()
        return out.getvalue().decode("utf-8")
    finally:
        sys.stdin, sys.stdout = saved
        stdin.detach()
        stdout.detach()


@contextmanager
def _env(vault: Path) -> Iterator[None]:
    names = ("VAULTSYNC_VAULT", "CLAUDE_PROJECT_DIR", "GEMINI_PROJECT_DIR", "VAULTSYNC_LEARN")
    saved = {name: os.environ.get(name) for name in names}
    for name in names:
        os.environ.pop(name, None)
    os.environ["VAULTSYNC_VAULT"] = str(vault)
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def replay(vault: Path, agent: str, cwd: Path) -> Replay:
    from vaultsync.core import eventlog

    context = ""
    payloads = recorded(agent, cwd)
    with _env(vault):
        for payload in payloads:
            printed = _call_hook(agent, json.dumps(payload).encode("utf-8")).strip()
            if payload.get("hook_event_name") == "SessionStart" and printed:
                inner = json.loads(printed).get("hookSpecificOutput", {})
                context = str(inner.get("additionalContext", ""))
    notes = [
        p
        for p in sorted((vault / paths.SESSIONS_DIR).rglob("*.md"))
        if f"\nsession_id: {payloads[0]['session_id']}\n" in p.read_text(encoding="utf-8")
    ]
    events = sum(len(eventlog.parse(p.read_text(encoding="utf-8"))) for p in notes)
    note = notes[0].relative_to(vault).as_posix() if notes else ""
    return Replay(agent, len(payloads), events, note, context)


def _scope(vault: Path, rel: str) -> str:
    from vaultsync.core import properties

    try:
        head = (vault / rel).read_text(encoding="utf-8")[:4000]
    except OSError:
        return ""
    return str(properties.get_scalar(head, "scope") or "")


def _body(vault: Path, rel: str) -> str:
    from vaultsync.core import properties

    try:
        text = (vault / rel).read_text(encoding="utf-8")
    except OSError:
        return ""
    body = properties.split_frontmatter(text)[1]
    lines = [ln.strip() for ln in body.splitlines() if ln.strip() and not ln.startswith("#")]
    return lines[0] if lines else ""


def run(
    vault: Path,
    work: Path,
    *,
    say: Callable[[str], None],
    hit_dict: Callable[[Any], dict[str, Any]],
) -> TourReport:
    from vaultsync.services.learning import learn, review
    from vaultsync.services.recall.engine import recall

    warnings: list[str] = []
    replays = []
    for agent in RECORDED:
        say(f"replay a recorded {agent} session through the hook")
        done = replay(vault, agent, work)
        replays.append(done)
        if done.events < done.sent - 2:  # a short prompt or a skipped tool may be filtered
            warnings.append(f"{agent}: {done.events} of {done.sent} events landed")
        history.commit_all(vault, f"demo: {agent} session recorded by the hook")

    config: Config = load_config(vault)
    say("learn --daily --offline: summaries and memory candidates")
    learned = learn.run(vault, config, daily=True, offline=True)
    warnings += learned.warnings
    if history.dirty_rels(vault):
        history.commit_all(vault, "vaultsync: learn --daily --offline")

    candidates = list(learned.candidates)
    pick = next((c for c in candidates if _scope(vault, c) == "user"), None)
    pick = pick or (candidates[0] if candidates else "")
    approved = text = ""
    changed = False
    if pick:
        say(f"review approve {pick}")
        user_before = _read(vault / paths.USER_MD)
        decision = review.approve(vault, load_config(vault), pick)
        approved, text = decision.target, _body(vault, decision.target)
        changed = _read(vault / paths.USER_MD) != user_before
        history.commit_all(vault, "vaultsync: approve a memory, regenerate USER.md")
    else:
        warnings.append("learn wrote no memory candidate to approve")

    from vaultsync.services.derived import reconcile

    reconcile.rebuild(vault, load_config(vault))  # the watcher's job, done here at once
    say(f"search from the Codex side: {CODEX_SIDE_QUERY!r}")
    hits = recall(vault, load_config(vault), CODEX_SIDE_QUERY, limit=5, semantic=False).hits
    return TourReport(
        replays=tuple(replays),
        summaries=tuple(learned.summaries),
        candidates=tuple(candidates),
        approved=approved,
        approved_text=text,
        user_md_changed=changed,
        codex_side=tuple(hit_dict(h) for h in hits),
        warnings=tuple(warnings),
    )


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return ""
