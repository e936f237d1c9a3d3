"""Secrets written in another form, and every other occurrence of a secret once one is found.

`decoded_hits` reads what a text holds in encoded form: base64 blobs (nested up to `MAX_DEPTH`),
URL-encoded runs (`%2F`, also encoded twice, as in a `?next=` value) and hex runs; a secret inside
is redacted in the original: the whole blob for base64 and hex, the exact encoded span for
URL-encoding. `every_occurrence` then finds each secret value found anywhere, as written,
URL-encoded, base64-encoded (at any alignment inside a longer blob) and hex-encoded, so a
secret recognised once is never kept elsewhere in the same text. `encoded_runs` and
`decoded_window` read values written in other encodings (escapes, entities, character codes,
base32, YAML `!!binary`, quoted-printable) back in their place (the section below).
Standard library only; linear scans (`str.find`, bounded regexes), with a byte budget.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable

from vaultsync.core.lazy_regex import Lazy
from vaultsync.core.privacy import rules as R
from vaultsync.core.privacy import scan
from vaultsync.core.privacy import values as V
from vaultsync.core.privacy.rules import Span

Hit = tuple[int, int, str, int]  # start, end, rule id, priority
Scan = Callable[[str, int, list[str]], list[Hit]]  # text, depth, found values -> hits

MAX_DEPTH = 3  # base64 of base64 of a secret is still read
_B64 = r"([A-Za-z0-9+/]{16,}={0,2})(?![A-Za-z0-9+/=_-])"
_B64_BLOB = Lazy(r"[^A-Za-z0-9+/=_-]" + _B64)  # a class, not a look-behind: scans fast
# `NAME=<blob>` (an `=` after a name character, checked in code: a literal start scans fast)
_B64_AFTER_EQ = Lazy(r"=([A-Za-z0-9+/]{40,}={0,2})(?![A-Za-z0-9+/=_-])")
_NAME_END = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")
_B64_AT_START = Lazy(_B64)
# base64 (or base64url) of a JSON object with its padding cut, as in an OAuth `state`, a
# cookie or a token's payload: `{"` or `{ ` or `{\n` encodes to `ey` or `ew`.
_B64_JSON = Lazy(r"e[wy][A-Za-z0-9+/_-]{14,}+")
_URLSAFE = str.maketrans("-_", "+/")
_NOT_B64 = Lazy(r"[0-9a-fA-F]+|[A-Za-z]+|[0-9]+")
_PCT = Lazy(r"%[0-9A-Fa-f]{2}")
_HEX_RUN = Lazy(r"[0-9a-fA-F]{24,}+")  # possessive: a maximal run, never backtracked
_STOP = frozenset(" \t\r\n\"'`<>()[]{}")
_B64_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=_-")
_HEX_CHARS = frozenset("0123456789abcdefABCDEF")


def _printable(text: str) -> bool:
    return sum(c.isprintable() or c in "\r\n\t" for c in text) >= 0.95 * len(text)


def decoded_hits(
    scan: Scan, w: str, hits: list[Hit], markers: list[Span], depth: int, values: list[str]
) -> list[Hit]:
    """Hits for secrets inside the base64, URL-encoded and hex runs of `w`."""
    if depth >= MAX_DEPTH or len(w) < 16:
        return []
    done = _merge([(h[0], h[1]) for h in hits] + markers)
    found = _base64(scan, w, done, depth, values)
    if "%" in w:
        found += _percent(scan, w, done, depth, values)
    found += _hex(scan, w, done, depth, values)
    return found


def _best(inner: list[Hit]) -> Hit:
    return max(inner, key=lambda h: (h[3], h[1] - h[0]))


def _base64(scan: Scan, w: str, done: list[Span], depth: int, values: list[str]) -> list[Hit]:
    """A base64 blob whose decoded text holds a secret is redacted whole."""
    found: list[Hit] = []
    budget = 4_000_000
    first = _B64_AT_START.match(w)
    after_eq = (m for m in _B64_AFTER_EQ.finditer(w) if w[m.start() - 1 : m.start()] in _NAME_END)
    json_like = (m for m in _B64_JSON.finditer(w) if _unpadded(w, m))
    for m in itertools.chain([first] if first else [], _B64_BLOB.finditer(w), after_eq, json_like):
        blob, (start, end) = m.group(m.lastindex or 0), m.span(m.lastindex or 0)
        if not m.lastindex:  # an unpadded or URL-safe JSON blob: made whole, then read
            blob = blob.translate(_URLSAFE) + "=" * (-len(blob) % 4)
        if len(blob) % 4 or _NOT_B64.fullmatch(blob) or (done and R.overlaps(done, start, end)):
            continue
        budget -= len(blob)
        if budget < 0:
            break
        import binascii  # once a blob is found: most hook calls never decode one

        try:
            raw = binascii.a2b_base64(blob)
            text = raw.decode("utf-8") if raw[:2] != b"\x1f\x8b" else V.gunzip_base64(blob)
        except (ValueError, UnicodeDecodeError):
            continue
        if text is None or not _printable(text):
            continue  # (a gzip stream is read as the text it holds: `… | base64 -d | gunzip`)
        inner = scan(text, depth + 1, values)
        if inner:
            b = _best(inner)
            found.append((start, end, b[2], b[3]))
    return found


def _unpadded(w: str, m: re.Match[str]) -> bool:
    """A JSON blob standing alone whose base64 the padded scan does not read: cut padding
    or the URL-safe `-` and `_`."""
    s, e = m.span()
    if (s and w[s - 1] != "=" and w[s - 1] in _B64_CHARS) or w[e : e + 1] == "=":
        return False
    return bool(len(m.group()) % 4) or "-" in m.group() or "_" in m.group()


def _unquote(s: str, base: int) -> tuple[str, list[int]]:
    """`s` with %XX decoded (one byte per character, as latin-1), and for each character of
    the result the offset of its source in the original text (plus one past the end)."""
    out: list[str] = []
    pos: list[int] = []
    i, n = 0, len(s)
    while i < n:
        if s[i] == "%" and i + 2 < n + 1 and s[i + 1 : i + 3] and _PCT.match(s, i):
            out.append(chr(int(s[i + 1 : i + 3], 16)))
            pos.append(base + i)
            i += 3
        else:
            out.append(s[i])
            pos.append(base + i)
            i += 1
    pos.append(base + n)
    return "".join(out), pos


def _percent(scan: Scan, w: str, done: list[Span], depth: int, values: list[str]) -> list[Hit]:
    """URL-encoded runs (a query value, a whole URL inside `?next=`), decoded once or twice."""
    found: list[Hit] = []
    last = -1
    budget = 200_000  # characters decoded per text: a wall of %41 must not cost seconds
    for m in _PCT.finditer(w):
        if m.start() < last:
            continue
        a = m.start()
        while a > 0 and w[a - 1] not in _STOP and m.start() - a < 8192:
            a -= 1
        b = m.end()
        while b < len(w) and w[b] not in _STOP and b - m.end() < 8192:
            b += 1
        last = b
        if b - a < 12 or (done and R.inside(done, a, b)):
            continue
        budget -= b - a
        if budget < 0:
            break
        text, pos = _unquote(w[a:b], a)
        if "%" in text and _PCT.search(text):  # encoded twice: %253A -> %3A -> :
            again, pos2 = _unquote(text, 0)
            text, pos = again, [pos[p] for p in pos2]
        for s, e, rule, prio in scan(text, depth + 1, values):
            found.append((pos[s], pos[e], rule, prio))
    return found


def _hex(scan: Scan, w: str, done: list[Span], depth: int, values: list[str]) -> list[Hit]:
    """A hex run that decodes to printable text holding a secret is redacted whole."""
    found: list[Hit] = []
    budget = 1_000_000
    pos = 0
    while True:
        m = _HEX_RUN.search(w, pos)
        if m is None:
            break
        pos = m.end()
        s, e = m.span()
        if (s and w[s - 1].isalnum()) or (e < len(w) and w[e].isalnum()) or (e - s) % 2:
            continue  # part of a longer word, or not whole bytes
        if e - s > 16384:
            continue
        budget -= e - s
        if budget < 0:
            break
        if done and R.overlaps(done, s, e):
            continue
        try:
            text = bytes.fromhex(m.group()).decode("ascii")
        except ValueError:
            continue
        if not text.isprintable():
            continue
        inner = scan(text, depth + 1, values)
        if inner:
            b = _best(inner)
            found.append((s, e, b[2], b[3]))
    return found


def _merge(spans: list[Span]) -> list[Span]:
    out: list[Span] = []
    for s, e in sorted(spans):
        if out and s < out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], e))
        else:
            out.append((s, e))
    return out


# ---- every occurrence of a found secret ----------------------------------------------------------
def forms(value: str) -> list[tuple[str, frozenset[str] | None]]:
    """How `value` may also be written: (form, the run it sits in: grow over these characters,
    or None for exactly the form)."""
    out: list[tuple[str, frozenset[str] | None]] = [(value, None)]
    q1 = _quote(value)
    for q in (q1, q1.replace("%20", "+"), value.replace("/", "\\/")):
        if q != value:
            out.append((q, None))
    raw = value.encode("utf-8", "surrogatepass")
    if len(raw) >= 12:
        import binascii  # (a secret was found: the rare path)

        for shift in range(3):
            enc = binascii.b2a_base64(b"\0" * shift + raw, newline=False).decode()
            core = enc[4 if shift else 0 : -4]
            if len(core) >= 12:
                out.append((core, _B64_CHARS))
    if len(raw) >= 8:
        h = raw.hex()
        out += [(h, _HEX_CHARS), (h.upper(), _HEX_CHARS)]
    return out


_UNRESERVED = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~")


def _quote(value: str) -> str:
    """`urllib.parse.quote(value, safe="")` without importing urllib (the hook's start-up)."""
    if all(c in _UNRESERVED for c in value):
        return value
    return "".join(
        c if c in _UNRESERVED else "".join(f"%{b:02X}" for b in c.encode("utf-8", "surrogatepass"))
        for c in value
    )


def every_occurrence(w: str, hits: list[Hit], values: list[str]) -> list[Hit]:
    """Every other place in `w` where a found secret (a hit's text, or a value found inside an
    encoded blob) occurs, in any of its `forms`."""
    rules: dict[str, tuple[str, int]] = {}
    for s, e, rule, prio in hits:
        if e - s >= 8:
            rules.setdefault(w[s:e], (rule, prio))
    for v in values:
        if len(v) >= 8 and v not in rules:
            rules[v] = next(iter(rules.values()), ("secret-reuse", 5))
    extra: list[Hit] = []
    for value, (rule, prio) in itertools.islice(rules.items(), 2000):
        if V.placeholder(value):
            continue
        for form, run in forms(value):
            i = w.find(form)
            while i >= 0:
                s, e = i, i + len(form)
                if run is not None:
                    while s > 0 and w[s - 1] in run:
                        s -= 1
                    while e < len(w) and w[e] in run:
                        e += 1
                extra.append((s, e, rule, prio))
                i = w.find(form, i + len(form))
    return extra


# ---- values written in an encoding, read back in their place -------------------------------------
# Byte or character escapes (`\x41`, `\u0041`, octal `\101`), HTML numeric entities (`&#65;`),
# lists of character codes (`65, 66, 67` in `String.fromCharCode`, `CHAR()`, `[char[]]`, a JSON
# array; `0x41, 0x42` in a byte array), base32, a YAML `!!binary` value, a quoted-printable
# soft-wrapped token. `encoded_runs` finds and decodes them; `decoded_window` is the run's line
# with the decoded value where the run stood (quoted when the run was not), so the secret rules
# read it in its place (the name before it, the header, the flag); a secret found there is
# redacted over the whole run. Bounded: `MAX_ENCODED_RUNS` runs and `DECODE_BUDGET` encoded
# characters per text, a window of `WINDOW_BEFORE` + `WINDOW_AFTER` characters around a run;
# each kind is scanned only after a cheap cue (a backslash escape, `&#`, `0x`, a digit-comma
# run, `!!binary`, `quoted-printable`).
MAX_ENCODED_RUNS = 64
DECODE_BUDGET = 40_000
WINDOW_BEFORE = 240
WINDOW_AFTER = 80
MIN_DECODED = 6  # a decoded value shorter than this is no secret anyone would hide

_ESC_RUN = Lazy(
    r"(?:\\x[0-9a-fA-F]{2}){6,4096}|(?:\\u[0-9a-fA-F]{4}){6,4096}|(?:\\[0-3][0-7]{2}){6,4096}"
)
_ENTITY_RUN = Lazy(r"(?:&#(?:[0-9]{2,3}|[xX][0-9a-fA-F]{2});){6,4096}")
_CODE_RUN = Lazy(r"(?<![\w.])(?:[0-9]{2,3}[ \t]*,[ \t]*){5,4096}[0-9]{2,3}(?![\w.])")
_HEXCODE_RUN = Lazy(r"(?:0[xX][0-9a-fA-F]{2}[ \t]*,[ \t]*){5,4096}0[xX][0-9a-fA-F]{2}(?!\w)")
_B32_RUN = Lazy(r"(?<![A-Za-z0-9+/_-])[A-Z2-7]{16,4096}={0,6}(?![A-Za-z0-9+/=_-])")
_YAML_BINARY = Lazy(
    r"!!binary[ \t]*[|>]?[-+]?[ \t]*(?:\r?\n[ \t]*)?([A-Za-z0-9+/=]{4,200}"
    r"(?:[ \t]*\r?\n[ \t]*[A-Za-z0-9+/=]{4,200}){0,200})"
)
_QP_BREAK = Lazy(r"(?<=[^\s=])=\r?\n(?=\S)")
_QP_LEFT = Lazy(r"[^\s\"'<>`]{1,4096}$")
_QP_RIGHT = Lazy(r"[^\s\"'<>`]{1,4096}")
_QP_HEX = Lazy(r"=([0-9A-F]{2})")
_DIGIT_COMMA = Lazy(r",[ \t]*[0-9]{2,3}[ \t]*,[ \t]*[0-9]{2,3}[ \t]*,")  # a literal first: fast

Run = tuple[int, int, str]  # start, end, decoded text


def _ascii_ok(s: str) -> bool:
    return len(s) >= MIN_DECODED and all(" " <= c <= "~" for c in s)


def _ascii_bytes(b: bytes) -> str | None:
    try:
        s = b.decode("ascii")
    except UnicodeDecodeError:
        return None
    return s if _ascii_ok(s) else None


def _unescape(m: str) -> str | None:
    if m[1] == "x":
        return _ascii_bytes(bytes(int(m[i + 2 : i + 4], 16) for i in range(0, len(m), 4)))
    if m[1] == "u":
        s = "".join(chr(int(m[i + 2 : i + 6], 16)) for i in range(0, len(m), 6))
        return s if _ascii_ok(s) else None
    return _ascii_bytes(bytes(int(m[i + 1 : i + 4], 8) & 0xFF for i in range(0, len(m), 4)))


def _unentity(m: str) -> str | None:
    out = []
    for part in m.split(";")[:-1]:
        p = part[2:]
        out.append(chr(int(p[1:], 16) if p[:1] in "xX" else int(p)))
    s = "".join(out)
    return s if _ascii_ok(s) else None


def _uncode(m: str, base: int) -> str | None:
    nums = [int(x.strip(), base) for x in m.split(",")]
    if any(n > 255 for n in nums):
        return None
    return _ascii_bytes(bytes(nums))


def _unbase64(s: str) -> str | None:
    import binascii

    s = "".join(s.split())
    try:
        return _ascii_bytes(binascii.a2b_base64(s + "=" * (-len(s) % 4)))
    except (binascii.Error, ValueError):
        return None


def _unbase32(s: str) -> str | None:
    import base64
    import binascii

    if len(s) % 8:
        return None
    try:
        return _ascii_bytes(base64.b32decode(s))
    except (binascii.Error, ValueError):
        return None


def encoded_runs(w: str, lowered: str) -> list[Run]:
    """The encoded runs of `w`, each with its decoded text (printable ASCII only): at most
    `MAX_ENCODED_RUNS` runs and `DECODE_BUDGET` encoded characters are decoded per text. Runs
    are tried only where their first characters stand (`str.find`), base32 only where a name
    says base32."""
    kinds: list[tuple[Lazy, Callable[[str], str | None], int, tuple[str, ...]]] = []
    if "\\" in w:
        kinds.append((_ESC_RUN, _unescape, 0, ("\\x", "\\u", "\\0", "\\1", "\\2", "\\3")))
    if "&#" in w:
        kinds.append((_ENTITY_RUN, _unentity, 0, ("&#",)))
    if "0x" in lowered:
        kinds.append((_HEXCODE_RUN, lambda m: _uncode(m, 16), 0, ("0x", "0X")))
    if "," in w and _DIGIT_COMMA.search(w):
        kinds.append((_CODE_RUN, lambda m: _uncode(m, 10), 0, ()))
    if "!!binary" in w:
        kinds.append((_YAML_BINARY, _unbase64, 1, ("!!binary",)))
    if "b32" in lowered or "base32" in lowered:
        kinds.append((_B32_RUN, _unbase32, 0, ()))
    out: list[Run] = []
    budget = DECODE_BUDGET
    for rx, decode, group, cues in kinds:
        for m in _at_cues(rx, w, cues) if cues else rx.finditer(w):
            budget -= m.end() - m.start()
            if budget < 0 or len(out) >= MAX_ENCODED_RUNS:
                return sorted(out)
            if d := decode(m[group]):
                out.append((m.start(), m.end(group), d))
    if "quoted-printable" in lowered:
        out += _unsoftbreak(w)[: max(0, MAX_ENCODED_RUNS - len(out))]
    return sorted(out)


def _at_cues(rx: Lazy, w: str, cues: tuple[str, ...]) -> list[re.Match[str]]:
    """Matches of `rx` starting where one of `cues` stands, left to right, not overlapping."""
    starts = scan.positions(w, cues, limit=100_000)
    out: list[re.Match[str]] = []
    end = -1
    for p in starts:
        if p < end:
            continue
        if m := rx.match(w, p):
            out.append(m)
            end = m.end()
    return out


def _unsoftbreak(w: str) -> list[Run]:
    """A token wrapped by quoted-printable soft line breaks (`=` at a line's end), put back."""
    out: list[Run] = []
    for m in _QP_BREAK.finditer(w):
        if len(out) >= MAX_ENCODED_RUNS:
            break
        left = _QP_LEFT.search(w, max(0, m.start() - 4096), m.start())
        right = _QP_RIGHT.match(w, m.end())
        if not left or not right:
            continue
        raw = w[left.start() : m.start()] + w[m.end() : right.end()]
        text = _QP_HEX.sub(lambda x: chr(int(x[1], 16)), raw)
        if _ascii_ok(text):
            out.append((left.start(), right.end(), text))
    return out


def decoded_window(w: str, run: Run) -> tuple[str, int, int]:
    """The run's line with its decoded text in its place, and where the decoded text stands."""
    s, e, d = run
    a = max(w.rfind("\n", max(0, s - WINDOW_BEFORE), s) + 1, s - WINDOW_BEFORE)
    z = w.find("\n", e, e + WINDOW_AFTER)
    z = min(len(w), e + WINDOW_AFTER) if z < 0 else z
    before, after = w[a:s], w[e:z]
    if not (before[-1:] and before[-1:] in "\"'`" and after[:1] == before[-1:]):
        before, after = before + '"', '"' + after
    return before + d + after, len(before), len(before) + len(d)
