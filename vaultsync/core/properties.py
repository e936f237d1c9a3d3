"""Obsidian-native note properties (YAML frontmatter), written with the standard library only.

Obsidian wants block-style lists, ISO dates, real numbers and booleans, tags without `#` and
links quoted as "[[note]]". Writing that subset needs no YAML library, which keeps the hook fast;
reading arbitrary YAML a person wrote is the storage layer's job (storage/note.py).

`set_properties` edits top-level keys in place and leaves every other byte of the note alone, so
a person's own keys, comments and formatting survive vaultsync's updates.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Mapping

from vaultsync.core.lazy_regex import Lazy

# typing costs the hook ~2 ms to import; annotations are strings anyway.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# Keys Obsidian Publish reserves: vaultsync never writes them.
PUBLISH_KEYS = frozenset({"permalink", "publish", "cover", "image", "description"})

# Compiled on first use: the hook writes properties at session start and end only, and most
# values are plain ASCII words that `_plain` and the cheap checks below settle without a regex.
_YAML_UNPRINTABLE = Lazy("[\x7f-\x9f\ud800-\udfff\ufeff\ufffe\uffff\u2028\u2029]")
_RESERVED_PLAIN = Lazy(
    r"(?i)^(?:true|false|yes|no|on|off|null|~|y|n|[-+]?(?:\d[\d_]*)?(?:\.\d*)?(?:e[-+]?\d+)?"
    r"|[-+]?\.(?:inf|nan)|0x[0-9a-f]+|0o[0-7]+|\d{4}-\d\d-\d\d.*|\d+:\d+.*)$"
)
# A plain YAML scalar as vaultsync writes one: a word character or anything from U+00A0 up,
# then those or ` .,/@()+=~-`. (As a regex, the class up to U+10FFFF took ~2 ms to compile.)
_WORD_ASCII = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
_PLAIN_ASCII = _WORD_ASCII | frozenset(" .,/@()+=~-")
_RESERVED_WORDS = frozenset(("true", "false", "yes", "no", "on", "off", "null", "~", "y", "n"))
# Letters the pattern's ignore-case matching takes for ASCII ones (`yeſ` is `yes` to it).
_ASCII_FOLDS = frozenset("\u017f\u0131\u0130\u212a")
# What a number, date or time (the rest of `_RESERVED_PLAIN`) can start with.
_NUMBER_START = frozenset("0123456789+-.e")


def _reserved(text: str) -> bool:
    """A plain text YAML would read as something else: a word such as `yes`, a number, a date."""
    if not text.isascii() and any(c in _ASCII_FOLDS for c in text):
        return _RESERVED_PLAIN.match(text) is not None
    low = text.lower()
    if low in _RESERVED_WORDS:
        return True
    if low[0] not in _NUMBER_START:
        return False
    if len(low) >= 10 and low[4] == low[7] == "-" and (low[:4] + low[5:7] + low[8:10]).isdecimal():
        return True  # a date (the commonest case: without compiling the pattern)
    return _RESERVED_PLAIN.match(text) is not None


def _plain(text: str) -> bool:
    if not text or not (text[0] in _WORD_ASCII or text[0] >= "\xa0"):
        return False
    return all(c in _PLAIN_ASCII or c >= "\xa0" for c in text)


def _unprintable(text: str) -> bool:
    if text.isascii():
        return "\x7f" in text
    return _YAML_UNPRINTABLE.search(text) is not None


def scalar(value: Any) -> str:
    """Render one YAML scalar the way Obsidian shows it natively."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value) if isinstance(value, float) else str(value)
    if isinstance(value, dt.datetime):
        if value.tzinfo is not None:
            value = value.astimezone(dt.UTC).replace(tzinfo=None)
        return value.isoformat(timespec="seconds")
    if isinstance(value, dt.date):
        return value.isoformat()
    text = str(value)
    if _plain(text) and not _reserved(text) and not text.endswith(" ") and not _unprintable(text):
        return text
    # JSON strings are valid YAML double-quoted scalars; keep non-ASCII readable, but escape
    # what YAML forbids unescaped (C1 controls, DEL, surrogates, non-characters, line breaks).
    quoted = json.dumps(text, ensure_ascii=False)
    if not _unprintable(quoted):
        return quoted
    return _YAML_UNPRINTABLE.sub(lambda m: f"\\u{ord(m.group()):04x}", quoted)


def render_entry(key: str, value: Any) -> str:
    """`key: value` lines for one property, lists in block style."""
    if key in PUBLISH_KEYS:
        raise ValueError(f"refusing to write Obsidian Publish key {key!r}")
    key = scalar(key) or '""'
    if isinstance(value, list | tuple | set | frozenset):
        items = list(value)
        if not items:
            return f"{key}: []\n"
        return f"{key}:\n" + "".join(f"  - {scalar(item)}\n" for item in items)
    if isinstance(value, Mapping):
        lines = [f"{key}:\n"]
        for sub, subval in value.items():
            lines.append("  " + render_entry(str(sub), subval).replace("\n  ", "\n    "))
        return "".join(lines)
    rendered = scalar(value)
    return f"{key}: {rendered}\n" if rendered else f"{key}:\n"


def render_frontmatter(props: Mapping[str, Any]) -> str:
    return "---\n" + "".join(render_entry(k, v) for k, v in props.items()) + "---\n"


def link(target: str) -> str:
    """A wikilink to a vault path (extension dropped), for use in properties and bodies."""
    if target.endswith(".md"):
        target = target[:-3]
    return f"[[{target}]]"


def tag(text: str) -> str:
    """A tag as Obsidian stores it in properties: no `#`, no spaces, not all digits."""
    cleaned = re.sub(r"[^\w/-]+", "-", text.lstrip("#")).strip("-/") or "tag"
    return "t-" + cleaned if cleaned.isdigit() else cleaned


_FM_OPEN = re.compile(r"\A---[ \t]*\r?\n")
_FM_CLOSE = re.compile(r"^(?:---|\.\.\.)[ \t]*\r?$", re.MULTILINE)


def split_frontmatter(text: str) -> tuple[str | None, str]:
    """(frontmatter YAML or None, body). Only a block starting on the first line counts.
    A UTF-8 byte-order mark (some editors write one) is not part of the text: every reader of
    a note's properties comes through here, so a note saved with one keeps its frontmatter,
    and a rewrite (`set_properties`) drops the mark instead of adding a second block."""
    if text.startswith("\ufeff"):
        text = text[1:]
    opening = _FM_OPEN.match(text)
    if not opening:
        return None, text
    close = _FM_CLOSE.search(text, opening.end())
    if not close:
        return None, text
    yaml_text = text[opening.end() : close.start()]
    rest = text[close.end() :]
    if rest.startswith("\r\n"):
        rest = rest[2:]
    elif rest.startswith("\n"):
        rest = rest[1:]
    return yaml_text, rest


def _entry_spans(yaml_text: str) -> dict[str, tuple[int, int]]:
    """Line spans [start, end) of each top-level key's entry (key line + its continuation)."""
    lines = yaml_text.splitlines(keepends=True)
    spans: dict[str, tuple[int, int]] = {}
    current: str | None = None
    start = 0
    for i, line in enumerate(lines):
        top = re.match(r"^([^\s#:'\"-][^:]*?|\"[^\"]+\"|'[^']+'):(?:\s|$)", line)
        if top and not line.startswith((" ", "\t")):
            if current is not None:
                spans[current] = (start, i)
            current = top.group(1).strip("'\"")
            start = i
        elif current is not None and not (line.startswith((" ", "\t", "-")) or not line.strip()):
            spans[current] = (start, i)
            current = None
    if current is not None:
        spans[current] = (start, len(lines))
    return spans


def set_properties(text: str, updates: Mapping[str, Any]) -> str:
    """Set top-level properties in a note's frontmatter, preserving everything else.

    A value of `...` (Ellipsis) removes the key. A note with no frontmatter gets one.
    """
    yaml_text, body = split_frontmatter(text)
    if yaml_text is None:
        fresh = {k: v for k, v in updates.items() if v is not ...}
        return render_frontmatter(fresh) + body
    lines = yaml_text.splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    spans = _entry_spans(yaml_text)
    replacements: dict[int, tuple[int, str]] = {}
    appended: list[str] = []
    for key, value in updates.items():
        rendered = "" if value is ... else render_entry(key, value)
        if key in spans:
            start, end = spans[key]
            replacements[start] = (end, rendered)
        elif rendered:
            appended.append(rendered)
    out: list[str] = []
    i = 0
    while i < len(lines):
        if i in replacements:
            end, rendered = replacements[i]
            out.append(rendered)
            i = end
        else:
            out.append(lines[i])
            i += 1
    out.extend(appended)
    return "---\n" + "".join(out) + "---\n" + body


def get_scalar(text: str, key: str) -> str | None:
    """Read one top-level scalar property without a YAML parser (for the hook's fast path)."""
    yaml_text, _ = split_frontmatter(text)
    if yaml_text is None:
        return None
    match = re.search(rf"^{re.escape(key)}:[ \t]*(.*?)[ \t]*$", yaml_text, re.MULTILINE)
    if not match:
        return None
    raw = match.group(1)
    if raw.startswith('"'):
        try:
            return str(json.loads(raw))
        except ValueError:
            return raw.strip('"')
    if raw.startswith("'") and raw.endswith("'") and len(raw) >= 2:
        return raw[1:-1].replace("''", "'")
    return raw
