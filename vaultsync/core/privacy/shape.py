"""Secrets by their own shape, wherever they stand: the keyword-free layer.

Every other secret rule starts from a word (a provider's prefix, a key name, a flag, a place in a
known format). This one reads tokens alone: a run of 10 to 64 token characters that mixes upper
case, lower case and digits, has a high Shannon entropy per character, holds no dictionary-like
syllables and is not a path or URL segment is a credential whatever stands beside it (a password
pasted in chat in any language, a header value under any name, a process's argument, a table
cell). And a base64 token that decodes to `user:password` (or SASL's `\\0user\\0password`) is a
credential pair.

Left alone by shape, what is public and random-looking: pure hex (git SHAs, digests, container
ids), UUIDs, digests written with their algorithm (`sha512-…`, `sha256:…`, SRI `integrity`), data
URIs and image base64, SSH public key bodies (`AAAA…`), key fingerprints, base64 blobs with `/`
or `+` longer than a password (the `random-value` rule reads those by place), file names
(`app.3f9a1c.js`), URL hosts and path segments, e-mail addresses, camel-case identifiers, version
strings, and anything on a line of minified code. Values of 24 characters and more that already
stand in a place are `random-value`'s (core/privacy/checks.check_shape); this layer adds the
short ones and the places no rule names. Standard library only; the candidate pattern is one
character class, compiled on first use, and each candidate is dropped by `str` methods before
any Python loop runs.
"""

from __future__ import annotations

import binascii

from vaultsync.core.lazy_regex import Lazy
from vaultsync.core.privacy.checks import minified, shape_name_denied
from vaultsync.core.privacy.places import in_block
from vaultsync.core.privacy.values import (
    HASHED,
    PUBLIC_VALUE,
    UUID,
    base64_text,
    entropy,
    public_name,
    soft_token,
)

RULE = "token-shape"
PAIR_RULE = "credential-pair-base64"
RULES = frozenset((RULE, PAIR_RULE))

# A run of token characters: letters, digits and the symbols passwords use. `/` joins the run so
# that a base64 blob or a path is judged whole (then split into its segments).
_RUN = Lazy(r"(?a)[A-Za-z0-9!#$%^*+=_.~@/-]{10,}")
_VOWEL = Lazy(r"[aeiouy]")
_WORDLIKE = Lazy(r"[A-Z]{4,}|[A-Z]?[a-z]{3,}")
_RANDOM_VALUE = Lazy(r"[A-Za-z0-9+/_~-]+={0,2}")
_IDENT = Lazy(r"[A-Za-z0-9_.]+")
_NUMBER = Lazy(r"\d{4}")
_HEX_LITERAL = Lazy(r"0[xX][0-9a-fA-F]+")
_PERCENT = Lazy(r"%[0-9A-Fa-f]{2}")
_PARTS = Lazy(r"[._=-]+")
_INSIDE = Lazy(r"[A-Za-z][0-9!#$%^*+=.~@]+[A-Za-z]")
_HEX = Lazy(r"[0-9a-fA-F_:-]+")
_EMAIL_OR_HOST = Lazy(r"[^@]*@[\w-]+(?:\.[\w-]+)+|(?:[\w-]+\.)+[a-z]{2,6}")
_FILE = Lazy(r".+\.(?:[a-z]{1,5}\d?|[A-Z]{2,4})")
_B64 = Lazy(r"[A-Za-z0-9+/]{12,}={0,2}")
_NAME = Lazy(r"[A-Za-z_][\w.-]{0,40}")
_PAIR = Lazy(r"(?a)\x00?[\w.@+-]{1,64}[:\x00]([\x21-\x7e]{6,128})")
_VERSION = Lazy(r"(?i)v?\d+(?:[._-]\d+)+(?:[._+-]?[a-z]+\d*)*")
# What a token may follow and then be public: a digest's algorithm, a data URI, a key type,
# an integrity attribute, a fingerprint's label, an image or font's base64.
_LABEL_BEFORE = (
    "sha1-", "sha256-", "sha384-", "sha512-", "sha1:", "sha256:", "sha512:", "md5:", "md5-",
    "base64,", "ssh-rsa ", "ssh-ed25519 ", "ssh-dss ", "nistp256 ", "nistp384 ", "nistp521 ",
    "h1:", "blake2b-", "sk-ssh-ed25519@openssh.com ", "integrity=\"", "nonce-", "etag: ",
    "secure: v1:", "secure: ",  # a Pulumi config's ciphertext
)  # fmt: skip
_IMAGE_B64 = ("iVBORw0KGgo", "/9j/", "R0lGOD", "PHN2Zy", "UklGR", "AAAA", "d09GR", "T1RUTw")
_SYMBOLS = "!#$%^*+=_.~@-"
_PUBLIC_QUERY = frozenset(
    ("v", "id", "ids", "list", "ref", "page", "q", "lang", "tab", "si", "ts", "utm_source",
     "utm_medium", "utm_campaign", "utm_content", "utm_term", "rev", "commit", "sha", "version",
     "hl", "gl", "feature", "index", "start", "from", "to", "sort", "order", "pp", "vid",
     "state", "code_challenge", "nonce", "tag", "branch", "name", "format")
)  # fmt: skip


def password_like(v: str) -> bool:
    """A token no person writes: 10-64 characters with upper case, lower case and digits, high
    entropy per character, mostly free of syllables; not hex, a UUID, a version or a file name."""
    n = len(v)
    if not 10 <= n <= 64 or v.isalpha() or v.islower() or v.isupper() or v.isdigit():
        return False
    if not any(c.isdigit() for c in v) or _HEX.fullmatch(v):
        return False
    bar = 3.0 if n < 16 else 3.4 if n < 24 else 3.9
    if entropy(v) < bar:
        return False
    if UUID.search(v) or _VERSION.fullmatch(v) or _FILE.fullmatch(v):
        return False
    letters = sum(c.isalpha() for c in v)
    if letters < 0.4 * n or (sum(c.isupper() for c in v) < 2 and n < 16):
        return False
    if (
        n / _runs(v) > 2.6
        or (n < 24 and _NUMBER.search(v))
        or _HEX_LITERAL.fullmatch(v)
        or len(_PERCENT.findall(v)) >= 2
    ):
        return False  # long runs of one class: names and numbers (`UTF1632Prober`), `0x7FDD…`
    ident = _IDENT.fullmatch(v)  # `ssl.OP_NO_SSLv2`: a name's parts end in their digits
    if not any(
        len(p) >= 5 and _mixed(p) and (not ident or _INSIDE.search(p)) for p in _PARTS.split(v)
    ):
        return False  # identifiers joined (`socket.AF_INET6`, `GHSA-rhgp-j443`, `A_KEY=a-b`)
    words = sum(len(x) for x in _WORDLIKE.findall(v) if x.isupper() or _VOWEL.search(x)) / n
    if words >= 0.5 or (n < 24 and _IDENT.fullmatch(v) and (words >= 0.3 or n / _runs(v) > 2.2)):
        return False  # camel case, words with digits (`iPhone14ProMax`, `glTexImage2D`)
    user, _, host = v.rpartition("@")
    if v[0] == "@" or (user and _ADDRESS_HOST.fullmatch(host) and not _mixed_case(user)):
        return False  # a handle or an address (`@Jay1023CN`, `kvn219@example`)
    if n < 24 and not _INSIDE.search(v):
        return False  # letters with digits only at an end: a name (`_HiStOrY_V2_`, `Route53`)
    if sum(c in _SYMBOLS for c in v) > n // 3:
        return False
    return not _EMAIL_OR_HOST.fullmatch(v)


_ADDRESS_HOST = Lazy(r"[a-z0-9][a-z0-9.-]*")


def _mixed_case(v: str) -> bool:
    """Upper case and lower case both in `v`, past its first letter: no mail box's name."""
    tail = v[1:]
    return any(c.isupper() for c in tail) and any(c.islower() for c in v)


def _url_param(w: str, s: int) -> bool:
    """Is the value at `s` a URL parameter's (`…?a=b&t=<here>`, `…#state=x&t=<here>`)?"""
    ls = max(w.rfind("\n", max(0, s - 300), s) + 1, s - 300)
    before = w[ls:s]
    u = before.rfind("://")
    k = max(before.rfind("?"), before.rfind("&"), before.rfind("#"))
    return u >= 0 and k > u and not any(c in before[u:] for c in " \t\"'<>`,|")


def _runs(v: str) -> int:
    """How many runs of one class (upper, lower, digit, other) `v` is made of."""
    n, last = 0, ""
    for c in v:
        k = "u" if c.isupper() else "l" if c.islower() else "d" if c.isdigit() else "s"
        n += k != last
        last = k
    return n


def _mixed(p: str) -> bool:
    return not (p.isalpha() or p.islower() or p.isupper() or p.isdigit()) and any(
        c.isdigit() for c in p
    )


def _credential_pair(v: str) -> bool:
    """Is `v` base64 of `user:password` or `\\0user\\0password` (HTTP Basic, SASL PLAIN)?"""
    if not _B64.fullmatch(v):
        return False
    try:
        raw = binascii.a2b_base64(v).decode("ascii")
    except (binascii.Error, ValueError, UnicodeDecodeError):
        return False
    m = _PAIR.fullmatch(raw)
    return bool(m) and (password_like(m.group(1)) or _random_enough(m.group(1)))


def _random_enough(p: str) -> bool:
    return len(p) >= 8 and any(c.isdigit() for c in p) and entropy(p) >= 2.9


def _labelled(w: str, s: int) -> bool:
    before = w[max(0, s - 32) : s].lower()
    return before.endswith(_LABEL_BEFORE) or "integrity" in before[-16:]


def _segments(run: str) -> list[tuple[int, str]]:
    """The pieces of a run to judge alone, with their offsets: none for a path, a URL or a base64
    blob with `/` (public by kind, or `random-value`'s by place); for `name=value`, the value
    (a short name of both cases, `Ai=…`, is more likely a password's own `=`), else the run."""
    if "/" in run:
        return []
    if len(run) >= 24 and _B64.fullmatch(run) and ("+" in run or run.endswith("=")):
        return []  # a base64 blob: `random-value` reads it by its place (and a public key's)
    k = run.find("=")
    if 0 < k < len(run) - 1 and _NAME.fullmatch(run[:k]):
        name = run[:k]
        if name.lower() in _PUBLIC_QUERY or public_name(name.lower()) or shape_name_denied(name):
            return []
        if len(name) >= 3 or name.islower():  # the whole run only where the name is random
            return [(k + 1, run[k + 1 :])] + ([(0, run)] if _mixed(name) else [])
    return [(0, run)]


_NAME_BEFORE = Lazy(r"([A-Za-z_][\w.-]{0,40})[\"'\]]?[ \t]*[=:][ \t]*[\"'`]?$")


def _blob_line(w: str, s: int, e: int) -> bool:
    ls = w.rfind("\n", 0, s) + 1
    le = w.find("\n", e)
    le = len(w) if le < 0 else le
    return not w[ls:s].strip() and not w[e:le].strip() and in_block(w, ls, le)


def _public_place(w: str, s: int, named: bool) -> bool:
    """Does the token at `s` stand where a value is public: after a name that says id, digest,
    address or public (`id='call_…'`, `project_api_key='phc_…'`), or inside a URL other than
    as a query parameter's value (`?q=tbn:…`, a path segment)?"""
    ls = max(w.rfind("\n", max(0, s - 300), s) + 1, s - 300)
    before = w[ls:s]
    m = None if named else _NAME_BEFORE.search(before)
    if m and shape_name_denied(m.group(1)) and not _token_ends_at(before, m.end(1)):
        return True
    u = before.rfind("://")
    if u < 0 or any(c in before[u:] for c in " \t\"'<>`,|"):
        return False
    return not named and not (before.endswith(("?", "&", "#", ";")))


_TOKEN_CHARS = frozenset(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789" + "!#$%^*+=_.~@/-"
)  # _RUN's class


def _token_ends_at(before: str, end: int) -> bool:
    """Is the "name" ending at `end` only the tail of a token that is itself a credential
    (`012A34@aCA:…` ends in `aCA`, a certificate authority's name)? Then it names nothing: the
    token is redacted, and on a second pass its marker (`[REDACTED:token-shape]:…`) would no
    longer deny the value after it, so the value must not depend on it on the first pass either."""
    start = end
    while start > 0 and before[start - 1] in _TOKEN_CHARS:
        start -= 1
    return password_like(before[start:end])


def find(w: str) -> list[tuple[int, int, str]]:
    """Spans of `w` that are credentials by their shape: (start, end, rule)."""

    out: list[tuple[int, int, str]] = []
    for m in _RUN.finditer(w):
        run = m.group()
        if run.isalpha() or run.islower() or run.isupper():
            continue  # words, paths, hex and ids in one case: the common runs, dropped in C
        s0 = m.start()
        core = run.rstrip(".,-~")
        lead = len(core) - len(core.lstrip(".-~*"))
        if len(core) >= 12 and not len(core) % 4 and _credential_pair(core):
            if not minified(w, s0):
                out.append((s0, s0 + len(core), PAIR_RULE))
            continue
        if core.lower().startswith(_LABEL_BEFORE) or core.startswith(_IMAGE_B64):
            continue  # `sha512-…` (a lockfile's, an SRI digest), an image's base64
        if len(core) >= 24 and _B64.fullmatch(core) and _blob_line(w, s0, s0 + len(run)):
            continue  # a line of a wrapped blob (a certificate, a key list): `random-value`'s
        for off, seg in _segments(core[lead:]):
            v = seg.rstrip(".,")
            s = s0 + lead + off
            if not password_like(v) and not (off and _url_param(w, s) and soft_token(v)):
                continue  # (a value that is no password: the whole run may be one)
            if len(v) >= 24 and _RANDOM_VALUE.fullmatch(v):
                break  # `random-value` reads these by their place (core/privacy/checks.py)
            public = PUBLIC_VALUE.match(v) or _labelled(w, s) or HASHED.match(v) or "$" in v[:1]
            if public or _public_place(w, s, off > 0) or (len(v) >= 16 and base64_text(v)):
                break
            if not minified(w, s):
                out.append((s, s + len(v), RULE))
            break
    return out
