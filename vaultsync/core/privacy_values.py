"""Value filters for the secret rules: is a candidate value random enough, a placeholder, a
word, or code? Plus `Lazy`, the regex compiled on first use that every privacy module shares.

Split from `privacy_rules` (the rule tables and the named checks that call these filters).
Stdlib only, on the hook path.
"""

from __future__ import annotations

import math
import re

# typing costs the hook ~2 ms to import; annotations are strings anyway.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


class Lazy:
    """A regex compiled on first use, so importing the rules stays cheap for a hook process."""

    __slots__ = ("_rx", "pattern")

    def __init__(self, pattern: str) -> None:
        self.pattern = pattern
        self._rx: re.Pattern[str] | None = None

    def __getattr__(self, name: str) -> Any:
        if self._rx is None:
            self._rx = re.compile(self.pattern)
        return getattr(self._rx, name)


def entropy(s: str) -> float:
    n = len(s)
    counts: dict[str, int] = {}
    for ch in s:
        counts[ch] = counts.get(ch, 0) + 1
    return -sum(c / n * math.log2(c / n) for c in counts.values()) if n else 0.0


_PLACEHOLDER = Lazy(
    r"<[^>]*>|\$\{.*\}|\$\(.*\)|\{\{.*\}\}|\$[A-Za-z_]\w*|%[A-Za-z_]\w*%|\[.*\]|\{[\w.]*\}"
    r"|__\w+__|@\w+@|%(?:\(\w+\))?s|\{[^{}]*\}|[*.•#xX_\s-]+|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]+"
    r"|(?i:your|<your|enter|insert|replace)[\w -]*"
    r"|(?:op://|vault:|secret://|secretsmanager:|ssm:|sm://|env:|file:|arn:aws:|projects/\S+/"
    r"secrets/|gcp:|azurekv:|keyvault:|ref\+|awssm:|gcpsm:|doppler:|infisical:|bws:)\S*"
    r"|(?:~|\.{1,2})?/[\w./@-]*|[A-Za-z]:\\\S*"
    r"|(?:new|await|function|lambda|typeof|require|import|yield)\b.*"
    r"|!(?:vault|Ref|Sub|GetAtt|ImportValue|Join|Secret|env)\b.*|[|>][-+]?\d?|[*&][\w-]+"
)
_CALL = Lazy(r"([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)[ \t]*(?:[(\[].*)?")
_TEMPLATED = Lazy(r"\$\{|\{\{|\$\(|\*{3}|x{4}|X{4}|\.\.\.|…|\[REDACTED")
_WORDS = frozenset((
    "none", "null", "nil", "undefined", "true", "false", "yes", "no", "on", "off", "empty",
    "required", "optional", "string", "str", "bytes", "int", "number", "boolean", "bool", "secret",
    "secrets", "password", "passwd", "pass", "pwd", "token", "apikey", "api_key", "api-key", "key",
    "changeme", "change_me", "changeit", "replace_me", "replaceme", "todo", "tbd", "fixme", "dummy",
    "example", "sample", "test", "testing", "placeholder", "redacted", "hidden", "masked",
    "default", "value", "secretstr", "any", "unknown", "n/a", "foo", "bar", "baz", "foobar",
    "secret_key", "access_key",
))  # fmt: skip
UUID = Lazy(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
_LETTERS = Lazy(r"_*[A-Za-z]+(?:[_.-][A-Za-z]+)*_*")
_PCT = Lazy(r"%([0-9A-Fa-f]{2})")


def placeholder(v: str) -> bool:
    """An empty value, a mask, a variable or template reference, a path or a word."""
    if "%" in v:
        v = _PCT.sub(lambda m: chr(int(m.group(1), 16)), v)
    return not v or v.lower() in _WORDS or bool(_PLACEHOLDER.fullmatch(v) or _TEMPLATED.search(v))


def code_like(v: str) -> bool:
    """`form.password`, `os.getenv("X")`, `SecretStr('*')`, `db.example.com`: code or a name."""
    call = _CALL.fullmatch(v)
    if not call or (call.end(1) == len(v) and "." not in call.group(1)):
        return False
    return call.end(1) < len(v) or all(_wordish(part) for part in call.group(1).split("."))


def _wordish(p: str) -> bool:
    """A name a person wrote (`b16encode`, `getToken`, `SECRET_KEY`), not random characters."""
    return p.islower() or p.isupper() or (sum(c.isupper() for c in p) <= 3 and len(p) <= 30)


def passwordish(v: str) -> bool:
    """Letters-only values under 20 characters count as words or identifiers, not passwords."""
    if len(v) < 6 or placeholder(v) or any(c.isspace() for c in v):
        return False
    if _LETTERS.fullmatch(v):
        return _random_letters(v, 3.6)
    return v.isdigit() or entropy(v) >= 2.0


def secretish(v: str, min_len: int = 8, floor: float = 3.0) -> bool:
    if len(v) < min_len or v.isdigit() or placeholder(v) or any(c.isspace() for c in v):
        return False
    if _LETTERS.fullmatch(v):
        return _random_letters(v, 3.8)
    return entropy(v) >= floor


def _random_letters(v: str, floor: float) -> bool:
    """Letters only: a random token (long, mixed case, no word separators), or a word/name."""
    lo, up, _ = classes(v)
    return len(v) >= 20 and lo and up and v.isalpha() and entropy(v) >= floor


def classes(v: str) -> tuple[bool, bool, bool]:
    return any(c.islower() for c in v), any(c.isupper() for c in v), any(c.isdigit() for c in v)
