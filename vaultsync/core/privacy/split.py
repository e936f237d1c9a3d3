"""A secret split across consecutive events of one session: its first half ends one event's text,
its second half starts the next one's.

The hook keeps, per session and outside the vault (mode 0600 in the state folder), the token
that ended each text field of the last event, when it looks like the start of a token. On the next
event the token that starts each field is joined to those tails and the pair is redacted; when
the join holds a secret that crosses the boundary, the second half is redacted too. A tail that
begins with a known provider prefix (`ghp_`, `sk-`, `xoxb-`, …) but is too short for its rule is
redacted at once: that first half has already gone to the note when the second one arrives.
"""

from __future__ import annotations

from vaultsync.core.lazy_regex import Lazy
from vaultsync.core.privacy import rules as R
from vaultsync.core.privacy import values as V

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_TAIL = Lazy(r"[A-Za-z0-9_.+/=:~-]{8,256}\Z")
_HEAD = Lazy(r"\A[A-Za-z0-9_.+/=:~-]{8,512}")
PARTIAL = "partial-secret"
_PREFIXES: tuple[str, ...] | None = None


def _prefixes() -> tuple[str, ...]:
    """Provider prefixes distinctive enough to start a token on their own."""
    global _PREFIXES
    if _PREFIXES is None:
        out: set[str] = set()
        for r in R.BUILTIN_RULES:
            if r.priority >= 10:
                out.update(k for k in r.keywords if len(k) >= 4 or (len(k) >= 3 and k[-1] in "_-."))
        _PREFIXES = tuple(sorted(out))
    return _PREFIXES


def tail_of(text: str) -> str:
    m = _TAIL.search(text) if text and not text[-1].isspace() else None
    return m.group() if m else ""


def head_of(text: str) -> str:
    m = _HEAD.match(text) if text else None
    return m.group() if m else ""


def starts_secret(tail: str) -> bool:
    """A provider prefix followed by at least 6 more characters of a token's random part
    (`values.provider_part`, both cases alone from 6: a first half is short)."""
    if tail.startswith("eyJ") and "." in tail and len(tail) >= 20:
        return True  # a JWT cut after its header: its claims (an email, a user id) follow
    low = tail.lower()
    for p in _prefixes():
        if low.startswith(p):
            rest = tail[len(p) :]
            return len(rest) >= 6 and V.provider_part(rest, both_cases_from=6)
    return False


def crosses(tail: str, head: str, redactor: Any) -> bool:
    """Does `tail + head` hold a secret that reaches into `head`?"""
    res = redactor.redact(tail + head)
    return any(f.is_secret and f.start < len(tail) < f.end for f in res.findings)


def carry(fields: dict[str, str], tails: list[str], redactor: Any) -> tuple[dict[str, str], int]:
    """`fields` (name -> redacted text) with second halves after `tails` and first halves of
    provider tokens at their ends redacted; returns the changed fields and how many were."""
    changed: dict[str, str] = {}
    count = 0
    for name, text in fields.items():
        lead = text.lstrip()
        head = head_of(lead)
        if head and tails and any(crosses(t, head, redactor) for t in tails):
            text = text[: len(text) - len(lead)] + f"[REDACTED:{PARTIAL}]" + lead[len(head) :]
            count += 1
        tail = tail_of(text)
        if tail and starts_secret(tail):
            text = text[: len(text) - len(tail)] + f"[REDACTED:{PARTIAL}]"
            count += 1
        if text != fields[name]:
            changed[name] = text
    return changed, count


def tails(fields: dict[str, str]) -> list[str]:
    return [t for t in (tail_of(v) for v in fields.values()) if t]
