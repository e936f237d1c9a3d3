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

- `ci-command-value`: a CI system's logging command sets a variable from a log line:
  `##vso[task.setvariable variable=NAME;issecret=false]VALUE` (Azure Pipelines),
  `::set-output name=NAME::VALUE` and `::save-state name=NAME::VALUE` (GitHub Actions); the value
  is the secret when the variable's name says secret. `::add-mask::VALUE` is a value the job
  itself calls secret, whatever its name.
- `bytecode-value`: a decompiled or disassembled app loads a string and hands it on: smali's
  `const-string v0, "…"` followed within a few lines by a setter or a field whose name says
  secret taking the same register (`->setApiKey(`, `iput-object v0, p0, L…;->apiSecret:`), and
  `javap -c`'s `ldc … // String …` followed by `putstatic`/`putfield`/`invoke…` of such a name.
- `bound-parameter-value`: a database log shows a statement with numbered placeholders and, on a
  later line, the values bound to them (PostgreSQL's `DETAIL:  parameters: $1 = '…', $2 = '…'`);
  a value is the secret when the statement sets or compares a column whose name says secret to
  its placeholder (`SET api_secret = $1`, `WHERE token = $3`) or lists such a column where an
  `INSERT`'s `VALUES (…)` has the placeholder in the same place.

The name must say secret (`key`, `token`, `secret`, `password`, `pwd`, `credential` as its last
word, not a `cache_key` or a `next_token`: `names.name_kind`) and the value look like one
(`values.secretish`, not a placeholder). Each reader runs only where its cue stands (`(gdb)`,
`(lldb)`, `REG_`, a `334 ` or `+ ` prompt). Standard library only; patterns compile on first
use and read one line at a time (no pattern can backtrack across lines).
"""

from __future__ import annotations

import binascii
import re

from vaultsync.core.lazy_regex import Lazy
from vaultsync.core.privacy.names import name_kind
from vaultsync.core.privacy.values import placeholder, secretish

DEBUGGER = "debugger-value"
REGISTRY = "registry-value"
AUTH_ANSWER = "auth-exchange-answer"
CI_COMMAND = "ci-command-value"
BYTECODE = "bytecode-value"
BOUND = "bound-parameter-value"
RULES = frozenset((DEBUGGER, REGISTRY, AUTH_ANSWER, CI_COMMAND, BYTECODE, BOUND))

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
# the value runs to the line's end or a closing quote (a greedy run, trimmed after: no lazy run
# before a run of blanks, which would cost the square of a long line)
_VSO = Lazy(
    r"##vso\[task\.setvariable[ \t]+[^\]\n]{0,200}?\bvariable=([^;\]\n]{1,120})"
    r"(?:;[^\]\n]{0,200})?\]"
    r"[ \t]*([^\s\"'][^\n\"']{0,2000})"
)
_SET_OUTPUT = Lazy(
    r"::(?:set-output|save-state|set-env)[ \t]+name=([^:\n]{1,120})::[ \t]*"
    r"([^\s\"'][^\n\"']{0,2000})"
)
_ADD_MASK = Lazy(r"::add-mask::[ \t]*([^\s\"'$][^\n\"']{3,2000})")
# smali: a string into a register, then (within four lines) a setter or field taking it
_SMALI = Lazy(
    r"const-string(?:/jumbo)?[ \t]+([vp]\d{1,3}),[ \t]*\"((?:[^\"\\\n]|\\.){1,400})\"[ \t]*\r?\n"
    r"((?:[^\n]{0,300}\n){0,4}?)[^\n]{0,300}?(?:invoke-\w+(?:/range)?[ \t]+\{([^}\n]{0,80})\}"
    r"[^\n]{0,200}?->([A-Za-z_]\w{0,80})\(|(?:iput|sput)-object[ \t]+([vp]\d{1,3})[^\n]{0,200}?->"
    r"([A-Za-z_]\w{0,80}):)"
)
# javap -c: `ldc #15 // String …` then the next instruction stores or passes it
_JAVAP = Lazy(
    r"\bldc(?:_w)?[ \t]+#\d+[ \t]+//[ \t]+String[ \t]+(\S[^\n]{0,400})\n"
    r"[^\n]{0,40}?\b(?:putstatic|putfield|invoke\w+)[ \t]+#\d+[ \t]+//[ \t]+(?:Field|Method)"
    r"[ \t]+(?:[\w/$]+\.)?([A-Za-z_]\w{0,80})[:(]"
)
# PostgreSQL's bound values: `parameters: $1 = '…', $2 = '…'` (a quote inside doubled)
_BOUND_LINE = Lazy(r"\bparameters:[ \t]*(\$\d[^\n]{0,20000})")
_BOUND_PAIR = Lazy(r"\$(\d{1,4})[ \t]*=[ \t]*'((?:[^'\n]|'')*)'")
# a column set or compared to a numbered placeholder: `api_secret = $1`, `"token" <> $2`
_PLACED = Lazy(r"([A-Za-z_][\w.\"]{0,80})[ \t]*(?:=|<>|!=)[ \t]*\$(\d{1,4})\b")
# an INSERT's column list and its VALUES list of placeholders
_INSERT = Lazy(r"\(([^()\n]{1,2000})\)[ \t]*(?i:values)[ \t]*\(([^()\n]{1,2000})\)")
_ASKS_PASSWORD = ("password", "passwort", "passphrase", "pass:", "secret", "token")


def _says_secret(name: str) -> bool:
    if name.replace("_", "").lower().endswith("apikey"):
        return True  # `ApiKey`, `api_key` (names.KEY_DENY reads a bare `api` stem as a lookup)
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


def _setter_name(name: str) -> str:
    """`setApiKey` -> `ApiKey`: what a setter sets."""
    return name[3:] if name[:3] == "set" and name[3:4].isupper() else name


def _trimmed(m: re.Match[str], g: int) -> tuple[int, int]:
    v = m.group(g)
    return m.start(g), m.start(g) + len(v.rstrip())


def _ci_commands(w: str, out: list[tuple[int, int, str]]) -> None:
    for rx in (_VSO, _SET_OUTPUT):
        for m in rx.finditer(w):
            s, e = _trimmed(m, 2)
            if _says_secret(m.group(1).strip()) and _value(w[s:e]):
                out.append((s, e, CI_COMMAND))
    for m in _ADD_MASK.finditer(w):
        s, e = _trimmed(m, 1)
        if not placeholder(w[s:e]) and " " not in w[s:e]:
            out.append((s, e, CI_COMMAND))


def _bytecode(w: str, out: list[tuple[int, int, str]]) -> None:
    for m in _SMALI.finditer(w) if "const-string" in w else ():
        reg = m.group(1)
        if m.group(5):  # a call: the register among its arguments
            args = [a.strip() for a in m.group(4).split(",")]
            name, ok = _setter_name(m.group(5)), reg in args
        else:
            name, ok = m.group(7), m.group(6) == reg
        if ok and _says_secret(name) and _value(m.group(2)):
            out.append((m.start(2), m.end(2), BYTECODE))
    for m in _JAVAP.finditer(w) if "ldc" in w else ():
        s, e = _trimmed(m, 1)
        if _says_secret(_setter_name(m.group(2))) and _value(w[s:e]):
            out.append((s, e, BYTECODE))


def _bound(w: str, out: list[tuple[int, int, str]]) -> None:
    for line in _BOUND_LINE.finditer(w):
        # the statement is on the lines before its parameters (the log's previous entries)
        stmt = w[max(0, line.start() - 4000) : line.start()]
        names: dict[str, str] = {}
        for m in _PLACED.finditer(stmt):
            names[m.group(2)] = m.group(1).replace('"', "").rsplit(".", 1)[-1]
        for m in _INSERT.finditer(stmt):
            cols = [c.strip().strip('"`') for c in m.group(1).split(",")]
            vals = [v.strip() for v in m.group(2).split(",")]
            for col, val in zip(cols, vals, strict=False):
                if val[:1] == "$" and val[1:].isdigit():
                    names[val[1:]] = col
        if not names:
            continue
        for m in _BOUND_PAIR.finditer(w, line.start(1), line.end(1)):
            name = names.get(m.group(1), "")
            if name and _says_secret(name) and _value(m.group(2)):
                out.append((m.start(2), m.end(2), BOUND))


def find(w: str) -> list[tuple[int, int, str]]:
    """Values shown apart from their names in `w`: (start, end, rule)."""
    out: list[tuple[int, int, str]] = []
    if "(gdb)" in w or "(lldb)" in w:
        _debugger(w, out)
    if "REG_" in w:
        _registry(w, out)
    if "334 " in w or "\n+ " in w:
        _answers(w, out)
    if "##vso[" in w or "::" in w:
        _ci_commands(w, out)
    if "const-string" in w or "ldc" in w:
        _bytecode(w, out)
    if "parameters:" in w and "$" in w:
        _bound(w, out)
    return out
