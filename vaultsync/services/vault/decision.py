"""A person's review decision, made and committed as one git commit.

`services/learning/review.py` makes the decision (moves, rewrites, regenerates USER.md and
AGENT.md); this commits exactly what it touched, through the commit gate
(`autocommit.commit_batch`), so `vaultsync history` shows each decision on its own and a
supersession's two notes land together. A vault without git, or a git that is busy, keeps the
decision: the watcher's next batch commits it, and the decision says why it was not committed.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from vaultsync.core.config import Config
from vaultsync.services.learning import review
from vaultsync.services.vault import autocommit
from vaultsync.storage import history

ACTIONS = frozenset(
    {"approve", "promote", "demote", "reject", "archive", "keep", "edit", "release", "skip"}
)


def decide(vault: Path, config: Config, action: str, ref: str, **extra: Any) -> review.Decision:
    """Make the decision (raises review.ReviewError, as review does), then commit it."""
    if action not in ACTIONS:
        raise review.ReviewError(f"unknown decision {action!r}")
    made: review.Decision = getattr(review, action)(vault, config, ref, **extra)
    if not history.is_repo(vault):
        return made
    rels = {made.source, made.target, *made.superseded, *made.also, *made.generated}
    try:
        result = autocommit.commit_batch(vault, config, sorted(r for r in rels if r))
    except (history.GitError, OSError, TimeoutError) as exc:
        note = f"not committed yet ({exc}); the watcher or `vaultsync commit` will"
        return dataclasses.replace(made, warnings=(*made.warnings, note))
    return dataclasses.replace(made, commit=result.commit or "")
