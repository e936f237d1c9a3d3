"""Values a tool shows apart from their name: the name is in one column or on one line, the value
in another, and no `name = value` joins them.

- `debugger-value`: a debugger prints what an expression holds. `(gdb) p cfg->api_secret` is
  answered on the next line by `$1 = 0x55555555bcf9 "…"` (lldb: `(const char *) $0 = 0x… "…"`);
  a struct's `char *` field prints as `api_secret = 0x5555… "…"`. The string is the secret when
  the expression's last name (the field) says secret.
- `registry-value`: `reg query` prints a value as `Name  REG_SZ  data` in three columns; the
  data is the secret when the name says secret (`ClientSecret`, `DbPassword`).
- `auth-exchange-answer`: SMTP `AUTH LOGIN` (and IMAP/POP3 `AUTHENTICATE LOGIN`) asks in
  base64: `334 UGFzc3dvcmQ6` is "Password:"; the line that answers it is the password in base64.

The name must say secret (`key`, `token`, `secret`, `password`, `pwd`, `credential` as its last
word, not a `cache_key` or a `next_token`: `names.name_kind`) and the value look like one
(`values.secretish`, not a placeholder). Each reader runs only where its cue stands (`(gdb)`,
`(lldb)`, `REG_`, a `334 ` or `+ ` prompt). Standard library only; patterns compile on first
use and read one line at a time (no pattern can backtrack across lines).
"""

from __future__ import annotations

import binascii

from vaultsync.core.lazy_regex import Lazy
from vaultsync.core.privacy.names import name_kind
from vaultsync.core.privacy.values import placeholder, secretish

DEBUGGER = "debugger-value"
REGISTRY = "registry-value"
AUTH_ANSWER = "auth-exchange-answer"
RULES = frozenset((DEBUGGER, REGISTRY, AUTH_ANSWER))

# a name whose last word says secret (camelCase or any separator before it)
_SECRET_END = Lazy(r"(?i)(?:key|token|secret|pass(?:word|wd|phrase)?|pwd|credentials?)$")
# `(gdb) p cfg->api_secret`, `(lldb) frame variable -- token`, `(gdb) print/x conf.db_password`
_PRINT = Lazy(
    r"\((?:gdb|lldb)\)[ \t]+(?:p|print|output|po|call|frame[ \t]+variable|v|expr(?:ession)?)"
    r"(?:/\w+)?[ \t]+(?:--[ \t]+)?[^\n]{0,200}?([A-Za-z_]\w{0,80})[ \t]*(?:\][ \t]*)?\r?\n"
    r"(?:\([^)\n]{1,80}\)[ \t]*)?\$\d+[ \t]*=[ \t]*(?:0x[0-9a-fA-F]{1,16}[ \t]+)?"
    r"\"((?:[^\"\\\n]|\\.){1,400})\""
)
# a `char *` field as gdb prints a struct: `api_secret = 0x55555555bcf9 "…"`
_FIELD = Lazy(
    r"(?<![\w.>-])([A-Za-z_]\w{0,80})[ \t]*=[ \t]*0x[0-9a-fA-F]{1,16}[ \t]+"
    r"\"((?:[^\"\\\n]|\\.){1,400})\""
)
_REG = Lazy(r"(?m)^[ \t]+([^\t\n]{1,120}?)[ \t]+REG_(?:SZ|EXPAND_SZ|MULTI_SZ)[ \t]+([^\n]{1,2000})")
# a base64 prompt alone after its status (`334 …`, or `+ …` in IMAP and POP3), then the answer
_PROMPT = Lazy(
    r"(?m)^(?:334|\+)[ \t]+([A-Za-z0-9+/]{4,80}={0,2})[ \t]*\r?\n"
    r"[ \t]*([A-Za-z0-9+/]{4,2000}={0,2})[ \t]*\r?$"
)
_ASKS_PASSWORD = ("password", "passwort", "passphrase", "pass:", "secret", "token")


def _says_secret(name: str) -> bool:
    return bool(_SECRET_END.search(name)) and name_kind(name) is not None


def _value(v: str) -> bool:
    return secretish(v) and not placeholder(v)


def _debugger(w: str, out: list[tuple[int, int, str]]) -> None:
    for m in _PRINT.finditer(w):
        if _says_secret(m.group(1)) and _value(m.group(2)):
            out.append((m.start(2), m.end(2), DEBUGGER))
    for m in _FIELD.finditer(w):
        if _says_secret(m.group(1)) and _value(m.group(2)):
            out.append((m.start(2), m.end(2), DEBUGGER))


def _registry(w: str, out: list[tuple[int, int, str]]) -> None:
    for m in _REG.finditer(w):
        name = m.group(1).strip().replace(" ", "_")
        value = m.group(2).rstrip()
        if _says_secret(name) and _value(value):
            out.append((m.start(2), m.start(2) + len(value), REGISTRY))


def _answers(w: str, out: list[tuple[int, int, str]]) -> None:
    import base64

    for m in _PROMPT.finditer(w):
        try:
            asked = base64.b64decode(m.group(1), validate=True).decode("utf-8", "replace")
        except (binascii.Error, ValueError):
            continue
        if any(k in asked.lower() for k in _ASKS_PASSWORD) and len(m.group(2)) >= 4:
            out.append((m.start(2), m.end(2), AUTH_ANSWER))


def find(w: str) -> list[tuple[int, int, str]]:
    """Values shown apart from their names in `w`: (start, end, rule)."""
    out: list[tuple[int, int, str]] = []
    if "(gdb)" in w or "(lldb)" in w:
        _debugger(w, out)
    if "REG_" in w:
        _registry(w, out)
    if "334 " in w or "\n+ " in w:
        _answers(w, out)
    return out
