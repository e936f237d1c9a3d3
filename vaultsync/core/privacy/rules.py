"""A secret rule: the built-in ones read from their tables (`core/privacy/tables.py`), a user's
from the `[privacy]` config, and the spans they find. `vaultsync.core.privacy.redactor` runs
them; a rule's named check is in `core/privacy/checks.py`, what a value looks like in
`core/privacy/values.py`; `core/privacy/inject.py` holds the prompt-injection detectors.

A table line reads `id | keywords | options | regex`; a line indented by four spaces continues
the line above. Keywords (lower case) are a prefilter; options: `p=` priority, `e=` entropy
floor, `c=` a check from `checks.CHECKS`, `g=` secret group(s) (`2/3`: the first that matched),
`s=` stop words (`;`-separated), `a=1` the match starts at a keyword (found with `str.find`,
fast), `x=1` with `w=N` the rule only looks N characters after a keyword. In a regex a leading
`%L` (`%B`): no token (base64) character just before (checked in code, so the literal prefix
keeps the scan fast); a trailing `%R`: the secret grows to the end of its token; `%E`: the
base64 run must end there.
Repetitions are bounded and never nest over overlapping classes: scans stay linear. docs/privacy.md
explains the rules for users.
"""

from __future__ import annotations

import bisect
import re

from vaultsync.core.lazy_regex import Lazy
from vaultsync.core.privacy.tables import PROVIDERS, STRUCTURE
from vaultsync.core.privacy.values import TOKEN_CHARS

# typing costs the hook ~2 ms to import; annotations are strings.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


class Rule:
    """One secret rule. A plain class, not a dataclass: the hook reads the built-in table at
    every call (core/model.Event says why); never changed once built."""

    __slots__ = FIELDS = (
        "id", "regex", "secret_group", "keywords", "entropy", "allowlist", "stopwords", "check",
        "context", "window", "priority", "left", "right", "anchored",
    )  # fmt: skip

    def __init__(
        self,
        id: str,
        regex: str,
        secret_group: int | tuple[int, ...] | None = None,  # None: group 1 if any, else 0
        keywords: tuple[str, ...] = (),
        entropy: float = 0.0,
        allowlist: tuple[str, ...] = (),
        stopwords: tuple[str, ...] = (),
        check: str = "",  # a key of CHECKS
        context: tuple[str, ...] = (),  # words: look only `window` characters after one of them
        window: int = 0,
        priority: int = 5,
        left: str = "",  # characters that must not come just before the match
        right: str = "",  # the secret grows over these characters (a token never ends mid-run)
        anchored: bool = False,  # the match starts at a keyword (found with str.find: fast)
    ) -> None:
        self.id = id
        self.regex = regex
        self.secret_group = secret_group
        self.keywords = keywords
        self.entropy = entropy
        self.allowlist = allowlist
        self.stopwords = stopwords
        self.check = check
        self.context = context
        self.window = window
        self.priority = priority
        self.left = left
        self.right = right
        self.anchored = anchored

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.FIELDS)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Rule):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.FIELDS)
        return f"Rule({shown})"


# A provider prefix may follow `_` or `-` (`sess-ghp_…`, `mcp__glpat-…`: a token inside a name)
# but not a letter or digit (inside a longer random run).
_ALNUM = TOKEN_CHARS[:62]
_LEFT = {"%L": _ALNUM, "%B": TOKEN_CHARS + "+/="}
_SUBST = {"%E": r"(?![A-Za-z0-9+/=_-])"}


def parse_table(table: str, **defaults: str) -> tuple[Rule, ...]:
    """Read a rule table (format in the module docstring) into Rule objects."""
    return tuple(Rule(**row) for row in _rows(table, defaults))


def _rows(table: str, defaults: dict[str, str]) -> tuple[dict[str, Any], ...]:
    """Each rule's fields by name."""
    lines: list[str] = []
    for line in table.splitlines():
        if line.startswith("    ") and lines:
            lines[-1] += line.strip()
        elif line.strip():
            lines.append(line.strip())
    rules = []
    for line in lines:
        rid, kw, opts, regex = (part.strip() for part in line.split("|", 3))  # (read per hook
        o = dict(defaults)  # call: plain str methods, no regex, keep it at ~4 us a rule)
        o.update(dict(x.split("=", 1) for x in opts.split()))
        left = _LEFT.get(regex[:2], "")  # a leading boundary is checked in code: a literal
        regex = regex[2:] if left else regex  # prefix keeps the regex engine's fast scan
        right = TOKEN_CHARS if regex.endswith("%R") else ""
        regex = regex[:-2] if right else regex
        for k, v in _SUBST.items():
            regex = regex.replace(k, v)
        keywords = tuple(k.strip('"') for k in kw.split(",") if k)  # "quoted" keeps spaces
        g = o.get("g")
        rules.append(
            dict(
                id=rid,
                regex=regex,
                keywords=keywords,
                left=left,
                right=right,
                anchored=o.get("a") == "1",
                secret_group=None if g is None else tuple(int(x) for x in g.split("/")),
                entropy=float(o.get("e") or 0),
                check=o.get("c", ""),
                stopwords=tuple(s for s in o.get("s", "").split(";") if s),
                context=keywords if o.get("x") == "1" else (),
                window=int(o.get("w", 0)),
                priority=int(o.get("p", 5)),
            )
        )
    return tuple(rules)


BUILTIN_RULES: tuple[Rule, ...] = parse_table(PROVIDERS, p="10", c="mixed", e="3") + parse_table(
    STRUCTURE
)

# Stop words that veto any secret candidate: documentation examples and masks.
GLOBAL_STOPWORDS = (
    "example", "xxxxx", "*****", "•••", "<your", "your_", "your-", "placeholder", "redacted",
    "dummy", "not-a-real", "notarealkey",
)  # fmt: skip

# Look-alikes that are never secrets: data URIs, SSH public keys, certificates and public keys.
IGNORE = Lazy(
    r"data:[\w/+.-]{1,80};base64,[A-Za-z0-9+/=]{64,}"
    r"|(?:ssh-(?:rsa|dss|ed25519)|ecdsa-sha2-nistp\d{3}|sk-(?:ssh-ed25519|ecdsa-sha2-nistp256)"
    r"@openssh\.com)[ \t]+AAAA[A-Za-z0-9+/]+={0,3}"
    r"|-----BEGIN (?:CERTIFICATE|PUBLIC KEY|RSA PUBLIC KEY|X509 CRL|(?:NEW )?CERTIFICATE REQUEST"
    r"|PGP PUBLIC KEY BLOCK|PGP SIGNATURE|SSH2 PUBLIC KEY|TRUSTED CERTIFICATE|PKCS7"
    r"|DH PARAMETERS|EC PARAMETERS)-----(?:[^-]|-(?!----)){0,65536}-----END [A-Z0-9 ]{3,40}-----"
)


# ---- spans -----------------------------------------------------------------------------------
Span = tuple[int, int]  # a secret's [start, end) in the text


def overlaps(spans: list[Span], s: int, e: int) -> bool:
    """Does [s, e) overlap a span of `spans` (sorted, non-overlapping)?"""
    k = bisect.bisect_left(spans, (e,))
    return k > 0 and spans[k - 1][1] > s


def inside(spans: list[Span], s: int, e: int) -> bool:
    """Is [s, e) inside one span of `spans` (sorted, non-overlapping)?"""
    k = bisect.bisect_right(spans, (s, len(spans) and spans[-1][1] + 1)) - 1
    return k >= 0 and spans[k][0] <= s and e <= spans[k][1]


def rule_from_table(t: Any) -> Rule:
    if not isinstance(t, dict) or not all(isinstance(t.get(k), str) for k in ("id", "regex")):
        raise ValueError("each [[privacy.rules]] table needs string keys `id` and `regex`")
    known = {"id", "regex", "secret_group", "keywords", "entropy", "allowlist", "stopwords"}
    if set(t) - known:
        raise ValueError(f"privacy rule {t['id']!r}: unknown keys {sorted(set(t) - known)}")
    try:
        rx = re.compile(t["regex"])
        for a in t.get("allowlist", ()):
            re.compile(a)
    except re.error as exc:
        raise ValueError(f"privacy rule {t['id']!r}: bad regex: {exc}") from exc
    group = t.get("secret_group")
    if group is not None and (not isinstance(group, int) or not 0 <= group <= rx.groups):
        raise ValueError(f"privacy rule {t['id']!r}: secret_group must be 0..{rx.groups}")
    return Rule(
        id=t["id"],
        regex=t["regex"],
        secret_group=group,
        priority=6,
        keywords=tuple(str(k).lower() for k in t.get("keywords", ())),
        entropy=float(t.get("entropy", 0.0)),
        allowlist=tuple(str(a) for a in t.get("allowlist", ())),
        stopwords=tuple(str(s) for s in t.get("stopwords", ())),
    )
