"""The shared state of one `vaultsync learn` run: the report it builds and the context every
step reads (vault, config, clock, model command, redactor, the rels it changed).

Its own small module so that `learn` (the cheap preflight and the run) and `session_step` (the
per-session work, imported only when there is work) both use it without importing each other.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from vaultsync.core.config import Config

if TYPE_CHECKING:
    from vaultsync.services.learning.model_runner import ModelCommand


@dataclass
class LearnReport:
    mode: str
    dry_run: bool = False
    pending_before: int = 0
    summarized: list[str] = field(default_factory=list)
    summaries: list[str] = field(default_factory=list)
    deferred: list[dict[str, str]] = field(default_factory=list)
    privacy_deferred: list[dict[str, str]] = field(default_factory=list)
    candidates: list[str] = field(default_factory=list)
    reinforced: list[str] = field(default_factory=list)
    proposals: list[str] = field(default_factory=list)
    drafts: list[str] = field(default_factory=list)
    archived: list[dict[str, str]] = field(default_factory=list)
    held: list[str] = field(default_factory=list)
    model: str = "offline"
    model_calls: int = 0
    input_chars: int = 0
    skipped_for_budget: list[str] = field(default_factory=list)
    redactions: int = 0
    warnings: list[str] = field(default_factory=list)
    closed_idle: list[str] = field(default_factory=list)  # sessions closed by the idle rule
    started_model: bool = False
    seconds: float = 0.0

    @property
    def noop(self) -> bool:
        return not (
            self.summarized
            or self.deferred
            or self.privacy_deferred
            or self.drafts
            or self.archived
        )

    def as_dict(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["seconds"] = round(self.seconds, 3)
        data["noop"] = self.noop
        return data


class Redact(Protocol):
    """The privacy redactor as learn calls it: `injections=False` for text that was read for
    injections already and is only quoted (secrets only, docs/learning-loop.md)."""

    def __call__(self, text: str, injections: bool = True) -> str: ...


@dataclass
class LearnRun:
    """The shared state of one learn run: what every step reads and adds to."""

    vault: Path
    config: Config
    report: LearnReport
    now: dt.datetime
    command: ModelCommand | None
    redact: Redact
    changed: set[str] = field(default_factory=set)
    progress: Callable[[int, int], None] | None = None  # (sessions done, pending)

    def learn_int(self, key: str, default: int) -> int:
        try:
            return int(self.config.get("learn", key))
        except (TypeError, ValueError):
            return default

    def ask(self, prompt: str, parse: Callable[[str], Any], attempts: int = 2) -> Any:
        from vaultsync.services.learning import model_runner

        assert self.command is not None
        self.report.started_model = True
        timeout = float(self.config.get("learn", "model_timeout_s") or 300)
        try:
            reply = model_runner.ask(
                self.command, prompt, parse, timeout=timeout, attempts=attempts
            )
        except model_runner.ModelFailure as failure:
            self.report.model_calls += failure.calls
            self.report.input_chars += failure.chars
            raise
        self.report.model_calls += reply.calls
        self.report.input_chars += reply.chars
        return reply.value
