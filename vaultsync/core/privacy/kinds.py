"""What the redaction log records of a redaction: each finding's rule and kind, never content.

The log itself is core/logs.py's; this module only knows how to name what was found, so that
the log stays free of the redactor's types. Re-exported by `vaultsync.core.privacy.redactor`.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

INJECTION = "prompt-injection"
PRIVATE_RULE = "private-span"


def log_kinds(findings: Iterable[Any]) -> list[tuple[str, str]]:
    """(rule, kind) of each finding, kind one of secret, private, injection. Never the content,
    never a hash of it."""
    return [
        (
            f.rule,
            "injection"
            if INJECTION in f.rule
            else "private"
            if f.rule == PRIVATE_RULE
            else "secret",
        )
        for f in findings
    ]
