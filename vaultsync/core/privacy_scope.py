"""Which projects are captured (allow/deny globs) and the redaction log (counts, never content).
Re-exported by `vaultsync.core.privacy`."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from datetime import datetime
from functools import lru_cache
from pathlib import Path

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

INJECTION = "prompt-injection"
PRIVATE_RULE = "private-span"


# ---- project filters ----------------------------------------------------------------------------
def _norm(p: str) -> str:
    return os.path.normcase(os.path.normpath(os.path.expanduser(p))).replace(os.sep, "/")


@lru_cache(maxsize=256)
def _glob_re(pattern: str) -> re.Pattern[str]:
    pat = _norm(pattern) if pattern.startswith(("/", "~", ".")) else pattern.strip("/")
    out, i = [], 0
    while i < len(pat):
        c, j = pat[i], pat.find("]", i + 2) if pat[i] == "[" else -1
        if pat.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 2
        elif pat.startswith("**", i):
            out.append(".*")
            i += 1
        elif c == "*":
            out.append("[^/]*")
        elif c == "?":
            out.append("[^/]")
        elif j > i:
            body = pat[i + 1 : j]
            out.append("[" + ("^" + body[1:] if body.startswith("!") else body) + "]")
            i = j
        else:
            out.append(re.escape(c))
        i += 1
    lead = "(?:.*/)?" if "/" not in pat else ""  # a bare name matches a folder at any depth
    return re.compile(lead + "".join(out) + "(?:/.*)?")


def project_allowed(project_path: str, allow: Sequence[str], deny: Sequence[str]) -> bool:
    """Deny wins; an empty allow list admits everything; a glob that matches a folder covers
    everything inside it. `**` crosses folders, `*` and `?` do not, `~` is the home folder."""
    path = _norm(project_path)
    if any(_glob_re(p).fullmatch(path) for p in deny if p):
        return False
    return not allow or any(_glob_re(p).fullmatch(path) for p in allow if p)


# ---- redaction log ------------------------------------------------------------------------------
def log_redactions(log_path: Path, findings: Iterable[Any], where: str, when: datetime) -> None:
    """Append one JSON line per rule id: {"ts", "where", "rule", "kind", "count"}. Never the
    content, never a hash of it. One write on an O_APPEND descriptor: concurrent hooks don't mix."""
    import json

    counts: dict[str, int] = {}
    for f in findings:
        counts[f.rule] = counts.get(f.rule, 0) + 1
    if not counts:
        return
    ts = when.isoformat(timespec="seconds")
    lines = []
    for rule, n in counts.items():
        kind = "injection" if INJECTION in rule else "private" if rule == PRIVATE_RULE else "secret"
        rec = {"ts": ts, "where": where, "rule": rule, "kind": kind, "count": n}
        lines.append(json.dumps(rec, ensure_ascii=False) + "\n")
    log_path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(log_path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    try:
        os.write(fd, "".join(lines).encode("utf-8"))
    finally:
        os.close(fd)
