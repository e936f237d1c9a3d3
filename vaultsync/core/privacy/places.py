"""Places that give a value away by where it stands, not by a name beside it: a line of its own
among prose, the text after an account's colon, the only or the second argument of a client's
constructor, the argument of a `login` command, the secret after an access key's id at the end
of a command line, a literal handed to a decoder whose result a secret's name receives, the body
of a uuencoded key file.

Each is a named check (`core/privacy/checks.py` maps them) or a test that `check_shape` asks;
what the value looks like is `core/privacy/values.py`'s. Standard library only; patterns
compile on first use.
"""

from __future__ import annotations

import re

from vaultsync.core.lazy_regex import Lazy
from vaultsync.core.privacy.names import name_kind
from vaultsync.core.privacy.values import (
    FILE_PATH,
    UUID,
    caps_token,
    drawn,
    entropy,
    placeholder,
    random_token,
    soft_token,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from vaultsync.core.privacy.rules import Span

_BLOB_LINE = Lazy(r"[ \t]*[A-Za-z0-9+/=_-]{16,}[ \t]*")
_DIGEST_LABEL = Lazy(r"(?i)(?:sha\d{0,3}|md5|h\d|blake\w{0,4}|xxh\d{0,3}|crc\d{0,2}|sri|hash)")


def in_block(w: str, ls: int, le: int) -> bool:
    """Is the line w[ls:le] one of a block of token-only lines (a wrapped base64 blob, a list of
    keys or digests)? The line just above or just below it says."""
    above = w.rfind("\n", max(0, ls - 400), max(0, ls - 1))
    prev = w[above + 1 : max(0, ls - 1)] if ls else ""
    nb = w.find("\n", le + 1, le + 400)
    nxt = w[le + 1 : nb if nb >= 0 else min(len(w), le + 400)] if le < len(w) else ""
    return any(
        _BLOB_LINE.fullmatch(x.rstrip("\r")) and not (x.islower() or x.isupper())
        for x in (prev, nxt)
        if x
    )  # (a lower-case path, `/config/app/api_token`, is no blob's line)


def account_colon(before: str) -> bool:
    """`user@host` or a bare account name alone on its line before `:` (postfix
    `sasl_passwd`, `rsyncd.secrets`), not a digest's label (`sha256`, `h1`)."""
    parts = before.split()
    if not parts:
        return False
    tok = parts[-1]
    if "@" in tok:
        return tok.rsplit("@", 1)[1][:1].isalnum()
    return len(parts) == 1 and tok.isidentifier() and not _DIGEST_LABEL.fullmatch(tok)


# A key kind's short lower-case prefix before a UUID (`sdk-…`, `mob-…`): a key, not an id.
_PREFIXED_UUID = Lazy(
    r"[a-z]{2,6}[-_](?:[a-z]{2,6}[-_])?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
)
_HEX32 = Lazy(r"[0-9a-f]{32,128}|[0-9A-F]{32,128}")
_SEPARATED = Lazy(r"[A-Za-z0-9]{1,8}(?:[/:.|][A-Za-z0-9]{1,80}){2,6}")


def _token_value(v: str) -> bool:
    """Drawn at random: a random token (a prefix and separators allowed), a long hex run, a
    key kind's prefix before a UUID, random runs joined by `/` and `:` (`2/…/…:…`)."""
    if len(v) < 20 or "://" in v or placeholder(v) or FILE_PATH.fullmatch(v):
        return False
    if _PREFIXED_UUID.fullmatch(v) or _HEX32.fullmatch(v):
        return True
    if UUID.search(v) or "." in v:
        return False  # an id, a host, a dotted name
    if caps_token(v):
        return True  # random capitals and digits (`LDE0VDOTO4PC4JE2…`)
    if _SEPARATED.fullmatch(v):
        return entropy(v) >= 3.5 and sum(c.isdigit() for c in v) >= 8
    core = max(re.split(r"[-_]", v), key=len)
    return drawn(core) or random_token(core) or drawn(v)


def check_client_token(m: re.Match[str], w: str, s: int, e: int) -> Span | None:
    """`TavilyClient("tvly-…")`, `Config("sdk-…")`, `asana.Client.access_token('…')`: the only
    argument of a client's or a configuration's constructor, or of a call named for a token,
    when it is drawn at random."""
    return (s, e) if _token_value(w[s:e]) else None


def check_login_token(m: re.Match[str], w: str, s: int, e: int) -> Span | None:
    """`wandb login <key>`, `<cli> auth login <token>`: the argument of a command's `login`
    when it is drawn at random (a host or a user name is not)."""
    p = m.start()
    if p < 3 or w[p - 1] not in " \t" or not (w[p - 2].isalnum() or w[p - 2] in "-_"):
        return None  # `login` is a command's word, after another one (`wandb login`)
    v = w[s:e]
    return (s, e) if ":" not in v and "/" not in v and _token_value(v) else None


def ssh_public_blob(v: str) -> bool:
    """The base64 body of an SSH public key (`AAAAC3NzaC1lZDI1NTE5…`): a length-prefixed key
    type, public by design."""
    if not v.startswith("AAAA"):
        return False
    import binascii  # built in; only a value that already looks random gets here

    try:
        head = binascii.a2b_base64(v[:24])
    except (binascii.Error, ValueError):
        return False
    return head[:3] == b"\0\0\0" and head[4:].startswith((b"ssh-", b"ecdsa-", b"sk-", b"rsa-"))


_DATE = Lazy(r"\d{4}-\d{2}-\d{2}|\d{1,2}:\d{2}")


def check_handover(m: re.Match[str], w: str, s: int, e: int) -> Span | None:
    """A value handed over in chat by an arrow (`new one → …`), pointed back at (`… <- that's
    the pw`) or after an account and a slash (`root / …`): shaped like a password, not a
    label (`Phase-3+:`), a template (`{x:>5}`), a date or a time, nor prose in another script
    (`→（U+2192）記号を…`)."""
    v = w[s:e].rstrip(").,;!?」』”’")
    if not v.isascii() or v.endswith(":") or "{" in v or "}" in v or _DATE.search(v):
        return None
    from vaultsync.core.privacy.values import SYLLABLES, password_shaped

    if not password_shaped(v) or sum(map(len, SYLLABLES.findall(v))) >= 0.6 * len(v):
        return None
    return s, s + len(v)


_HEX_ONLY = Lazy(r"[0-9a-fA-F:-]+")


def check_header(m: re.Match[str], w: str, s: int, e: int) -> Span | None:
    """`X-Upstream: …`, `'X-Inventory': '…'`, `.header("X-falcon", "…")`: a custom header's
    value when it is a token (drawn at random, or a shorter mix of cases and digits), not an
    id, a hex digest, a UUID or a reference (`{{sig}}`, `$VAR`); not a response's header
    (`< x-amz-id-2:`) nor one named for an id, a request or a trace."""
    v = w[s:e].rstrip(".")
    ls = w.rfind("\n", 0, s) + 1
    name = w[ls:s].lower()
    if w[ls : ls + 2] == "< " or any(k in name for k in ("-id", "request", "trace", "etag")):
        return None
    if _HEX_ONLY.fullmatch(v) or UUID.search(v) or placeholder(v) or v[:1] in "$%{<":
        return None
    return (s, s + len(v)) if _token_value(v) or soft_token(v) else None


_LABEL = Lazy(r"[^\s:：]{1,40}[:：][ \t]{0,3}")


def check_pair(m: re.Match[str], w: str, s: int, e: int) -> Span | None:
    """`root / …`, `wifi: Corp-Guest / …`: one account name (after a label, or alone) and a
    value after a slash, ending the line."""
    p = m.start()
    ls = w.rfind("\n", max(0, p - 100), p) + 1
    head = w[ls:p].lstrip()
    label = _LABEL.match(head)
    name = head[label.end() :] if label else head
    if not name or len(name) > 40 or any(c.isspace() or c in "/:：" for c in name):
        return None
    return check_handover(m, w, s, e)


_CODEC = Lazy(r"[a-z]{2,12}(?:[-_]?[0-9]{1,4})?(?:[-_][a-z]{1,8})?")
_API_KEY = Lazy(r"(?i)api[_.-]?key$")
_SECRET_WORD = Lazy(r"(?i)pass|pwd|secret|token|key|auth|cred|psk")
_ASSIGNED = Lazy(r"([\w.$\"'\[\]-]{1,80}?)[\"'\]]{0,2}[ \t]*(?::=|=>|[=:])[ \t]*$")


def check_decoded(m: re.Match[str], w: str, s: int, e: int) -> Span | None:
    """`api_key = atob('…')`, `password = base64.b85decode(b'…')`, `secret = chr(71)+chr(50)…`,
    `TOKEN = bytes.fromhex('…')`: a literal handed to a decoder, whose result is given a name
    that says secret. The literal is the secret in another form, whatever it decodes to; an
    argument that names a codec (`.decode('utf-8')`) is not."""
    v = w[s:e]
    if not v.startswith("chr") and (len(v) < 6 or _CODEC.fullmatch(v) or placeholder(v)):
        return None
    p = m.start()
    while p and (w[p - 1].isalnum() or w[p - 1] in "_.$"):
        p -= 1  # the callee's path: `base64.b64`, `Buffer.`, `codecs.`
    ls = w.rfind("\n", max(0, p - 120), p) + 1
    head = _ASSIGNED.search(w, ls, p)
    if head is None:
        return None
    name = head.group(1).strip("\"'[]$").rsplit(".", 1)[-1]
    if not _SECRET_WORD.search(name):
        return None
    api = _API_KEY.search(name) is not None  # `apiKey`: the generic rule's own core word
    return (s, e) if api or name_kind(name) is not None else None


_SECRET_FILE = Lazy(r"(?i)\.(?:key|pem|p12|pfx|jks|keystore|env|token|secret|pass\w*|cred\w*)$")
_SECRET_FILE_WORD = Lazy(r"(?i)(?:secret|token|passw|credential|private|id_(?:rsa|ed25519|ecdsa))")


def check_uufile(m: re.Match[str], w: str, s: int, e: int) -> Span | None:
    """A uuencoded file (`begin 600 name` … `end`) whose mode keeps it to its owner (`600`,
    `400`) or whose name says key, token, password or credentials: its body is the secret."""
    mode, name = w[m.start() : m.start(1)].split()[1], m.group(1)
    if not (mode.endswith("00") or _SECRET_FILE.search(name) or _SECRET_FILE_WORD.search(name)):
        return None
    return s, s + len(w[s:e].rstrip())


_KEY_ID = Lazy(r"[A-Z0-9]{16,32}|[0-9a-f]{16,32}")
_COMMAND = Lazy(r"[ \t]*(?:\$[ \t]+)?[a-z][\w.-]{0,40}[ \t]")
_HEX_VALUE = Lazy(r"[0-9a-fA-F]{32,128}")


def key_pair_tail(w: str, s: int, e: int) -> bool:
    """`mc alias set NAME URL <id> <secret>`, `b2 account authorize <id> <key>`: the last two
    arguments of a command line are an access key's id (16 to 32 capitals and digits, or hex,
    with letters and digits) and a longer value drawn at random or in hex: the key's secret."""
    v = w[s:e]
    le = w.find("\n", e, e + 400)
    if len(v) < 32 or w[e : le if le >= 0 else e + 400].strip():
        return False
    ls = w.rfind("\n", max(0, s - 400), s) + 1
    if not _COMMAND.match(w, ls):
        return False
    words = w[ls:s].split()
    kid = words[-1] if len(words) >= 3 else ""
    if not _KEY_ID.fullmatch(kid) or len(kid) >= len(v) or kid.isdigit() or kid.isalpha():
        return False
    if _HEX_VALUE.fullmatch(v):  # two revisions (`git diff <sha> <sha>`) are not a key pair
        return not (_KEY_ID.fullmatch(kid.lower()) and kid.islower() and len(v) in (40, 64))
    return caps_token(v) or drawn(v) or random_token(v)
