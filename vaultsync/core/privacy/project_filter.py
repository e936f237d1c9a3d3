"""Which projects are recorded at all: `privacy.allow` / `privacy.deny` globs over a project's
folder (or its repository name). Deny wins; an empty allow list admits everything.

Stdlib only, on the hook path.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache

# typing costs the hook ~2 ms to import; annotations are strings anyway.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence


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
