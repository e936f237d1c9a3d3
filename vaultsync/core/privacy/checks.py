"""Named checks: a rule's match, and the place around it in the text, to the secret's span or a
veto. A rule names its check (`c=` in `core/privacy/tables.py`); `CHECKS` maps the names to
these functions (the cheap tests of a start that run before a rule's regex are in
`core/privacy/starts.py`).

Each reads where a value stands (after which name, on which kind of line, in which argument)
and asks `core/privacy/values.py` what the value looks like.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from vaultsync.core.lazy_regex import Lazy
from vaultsync.core.privacy.names import KEY_DENY, TOKEN_DENY, name_kind
from vaultsync.core.privacy.places import (
    account_colon,
    check_client_token,
    check_decoded,
    check_handover,
    check_header,
    check_login_token,
    check_pair,
    check_uufile,
    in_block,
    key_pair_tail,
    ssh_public_blob,
)
from vaultsync.core.privacy.values import (
    FILE_PATH,
    SYLLABLES,
    TOKEN_CHARS,
    UUID,
    base64_text,
    caps_token,
    classes,
    code_like,
    drawn,
    gunzip_base64,
    password_shaped,
    passwordish,
    placeholder,
    provider_part,
    public_name,
    random_letters,
    random_token,
    secretish,
    strong_token,
    wordish,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from vaultsync.core.privacy.rules import Span

# (match, text, start, end) -> the secret's (start, end), or None to veto
LINE_PREFIX = Lazy(
    r"[ \t]*(?:\d{1,7}(?:→|\t|:|\|)?)?[ \t]*(?:[-*>+|][ \t]+)*"
    r"(?:(?:export|set|setx|ENV|ARG|declare(?:[ \t]+-x)?)[ \t]+)?[\"']?"
)
_NAME_CHARS = frozenset(TOKEN_CHARS + ".")
_SHORT_CORES = ("pass", "pw", "pwd", "auth", "key", "pat")
_FIRST_RUN = Lazy(r"[^\s'\"`⟦⟧⟬⟭]+")
_NEXT_KEY = Lazy(r"[;&,][A-Za-z_][\w.-]{0,40}=")
_OPENER = {")": "(", "]": "[", "}": "{"}
# A key|value table dump (`sqlite3` rows, an AsyncStorage table): `@auth:accessToken|null` holds
# a namespaced key, `auth:` is its namespace and `accessToken` the rest of the key, not a value.
_ROW_KEY = Lazy(r"[a-z]{1,30}(?:[A-Z][a-z]{1,30}|[_.-][a-z]{1,30}){1,6}\|(?!\|)")  # camel or snake
_ROW = Lazy(r"(?m)^[ \t]*[^\s|]{1,80}\|(?!\|)")


def _table_key(w: str, s: int) -> bool:
    """Is the unquoted value at `s` the rest of a key in a key|value row, on a line beside
    another row of the same table?"""
    if not _ROW_KEY.match(w, s):
        return False
    ls = w.rfind("\n", max(0, s - 200), s) + 1
    if not _ROW.match(w, ls):
        return False
    prev = w.rfind("\n", max(0, ls - 200), max(0, ls - 1)) + 1 if ls else -1
    nxt = w.find("\n", s, s + 400)
    return (prev >= 0 and ls > 0 and bool(_ROW.match(w, prev))) or (
        nxt >= 0 and bool(_ROW.match(w, nxt + 1))
    )


_KEY_IN_VALUE = Lazy(r"(?i)(?:pass|pw|secret|token|key|auth)[\w.-]{0,30}[=:]")
# ... or our quote marks: a quoted injection's closing mark, and the ones `inert` escapes a
# text's own marks to, so a value read again inside a quote ends where it ended the first time
_COMMENT = Lazy(r"[ \t]#|[⟦⟧⟬⟭]")
# A value that points at a secret rather than holding one: a name with `,key=value` options
# (`Secret=db-token,type=env,target=DB_TOKEN`) or an id with a file path (`LoadCredential=
# db:/etc/credstore/db`).
_REFERENCE = Lazy(
    r"[\w.@-]{1,80}(?:,[A-Za-z_][\w.-]{0,40}=[^,\s]{0,200}){1,20}"
    r"|[\w.@-]{1,80}:(?:/[\w.@-]{1,80}){2,20}"
)


def _trim_closers(v: str) -> str:
    v = v.rstrip(",;")
    while v and v[-1] in _OPENER and v.count(v[-1]) > v.count(_OPENER[v[-1]]):
        v = v[:-1].rstrip(",;")
    return v


def check_assign(m: re.Match[str], w: str, s: int, e: int) -> Span | None:
    cs, ce = m.span("core")
    i, lim = cs, max(0, cs - 80)
    while i > lim and w[i - 1] in _NAME_CHARS:
        i -= 1
    if i and (w[i - 1] in "$%" or w[i - 2 : i] in ("//", "${")):
        return None  # URL user info, or a variable reference
    segment = i > 1 and w[i - 1] == ":" and (w[i - 2].isalnum() or w[i - 2] in "_-")
    if i > 1 and w[i - 2 : i] == "]:" and w.rfind("[REDACTED:", max(0, i - 90), i) >= 0:
        segment = True  # as the value the marker replaced made it: the same on a second pass
    if segment and w[max(0, i - 4) : i].lower() != "env:":
        return None  # a segment of a resource name (an ARN), not `$env:NAME = …` (PowerShell);
        # an .npmrc key scoped to a registry (`//npm.test/:_password=…`) and a keyword
        # (`{:password "…"}`, EDN) are names
    core = w[cs:ce]
    lc = core.lower()
    if i == cs and lc == "pat":
        return None  # a pattern, a path
    bare = i == cs and lc == "key"  # a bare `key:` names too many things: only a random value
    prefix = w[i:cs]
    name, stem = (prefix + core).lower(), prefix.rstrip("_.-").lower()
    if not prefix and not (i and w[i - 1] == ":") and not any(c in "=:" for c in w[ce:s]):
        return None  # `pass "x"`, `token, "y"`: a bare word before a string is prose or an
        # argument; a name with a part before it (`set(SIGNING_PASSWORD "…")`, `{db_password,
        # "…"}`) or a keyword (`{:password "…"}`) gives the string its meaning
    if lc in _SHORT_CORES and prefix:
        p = prefix[-1]
        camel = p.islower() and core[0].isupper()
        if not (p in "_.-" or camel or (prefix.isupper() and core.isupper())):
            return None
    if public_name(name) or (lc == "token" and stem.endswith(TOKEN_DENY)):
        return None
    if bare:  # `public key:`, `primary key:`: the word before names the key
        words = w[max(0, i - 40) : i].split()
        prev = words[-1].strip("\"'`*_-").lower() if words else ""
        if prev and (public_name(prev + "_key") or prev.endswith(KEY_DENY)):
            return None
    kind = "password" if lc.startswith(("pass", "pw")) else "secret"
    if lc == "key":
        if stem.endswith(KEY_DENY) and not bare:
            return None
        kind = "bare-key" if bare else "key"
    if m.start("v4") >= 0 and _table_key(w, s):
        return None  # `@auth:accessToken|null`: the rest of a key in a key|value row
    if m.start("v4") >= 0:  # unquoted: how far the value runs depends on where it stands
        eol = w.find("\n", s, s + 65536)  # no cap that lets a long value through
        eol = min(len(w), s + 65536) if eol < 0 else eol
        ls = w.rfind("\n", max(0, i - 120), i) + 1
        if (ls or i <= 120) and LINE_PREFIX.fullmatch(w, ls, i):  # a config line: to its end
            value = _COMMENT.split(w[s:eol], maxsplit=1)[0].strip()
            probe = _trim_closers(value)  # judge `string;` as `string`, but redact all of it
            if not any(c.isspace() for c in value):
                if _REFERENCE.fullmatch(probe):
                    return None
                return (s, s + len(value)) if probe and _value_ok(kind, probe) else None
        run = _FIRST_RUN.match(w, s, eol)
        value = run.group() if run else ""
        if value[:1] in ("(", "[", "{", "<"):  # a tuple, list, dict or tag: code, not a value
            return None
        if nxt := _NEXT_KEY.search(value):  # `pw=x;Database=y`, `?password=x&user=y`
            value = value[: nxt.start()]
        value = _trim_closers(value)
        if value.endswith(":") or _KEY_IN_VALUE.search(value):  # `key: Label:`, `pw=token=x`
            return None
        e = s + len(value)
    if not _value_ok(kind, w[s:e]):
        return None
    if minified(w, s) and not random_token(w[s:e]):
        return None  # bundles are full of `key:"..."`: only a clearly random value counts
    return s, e


def minified(w: str, p: int) -> bool:
    """Is `p` on a line of minified or bundled code: long, and nearly without spaces?"""
    a = w.rfind("\n", max(0, p - 4000), p) + 1
    b = w.find("\n", p, p + 4000)
    b = min(len(w), p + 4000) if b < 0 else b
    if b - a < 300:
        return False
    lo = max(a, p - 300)
    hi = min(b, lo + 600)  # a window around p: the cost stays bounded on a huge line
    if w.count(" ", lo, hi) >= 0.04 * (hi - lo):
        return False
    # compact JSON (an event, an API response logged on one line) is data, read as pretty JSON
    # is: quoted keys, and none of a bundle's statements, arrows or functions
    return not (
        w.count('":', lo, hi) >= 3
        and w.find(";", lo, hi) < 0
        and w.find("=>", lo, hi) < 0
        and w.find("function", lo, hi) < 0
    )


def _value_ok(kind: str, value: str) -> bool:
    if code_like(value):
        return False
    if kind == "password":
        return passwordish(value)
    if kind == "bare-key":
        return strong_token(value)
    if kind == "key":
        least = 12 if all(classes(value)) else 16  # `cache_key=user.profile.v2` is a name
        if caps_token(value):
            return True
        return secretish(value, least, 3.3) and not UUID.fullmatch(value) and classes(value)[2]
    return secretish(value)


def check_prose(m: re.Match[str], w: str, s: int, e: int) -> Span | None:
    """`password is X`: X must look like a password (letters with digits or symbols). The span
    keeps trailing punctuation (over-redacting a full stop is harmless; missing a `!` is not)."""
    v = w[s:e]
    v = v[: next((k for k, c in enumerate(v) if ord(c) > 0x7E), len(v))]
    if s and w[s - 1] in "\"'`" and v.endswith(w[s - 1]):
        v = v[:-1]
    core = v.strip(".,;:!?()[]{}<>'\"`*_")  # judge `(prompted` as `prompted`
    lo, up, dg = classes(core)
    if len(core) < 8 or "://" in v or "](" in v or not (lo or up):
        return None  # prose is the weakest context: not a markdown link
    if not dg and not random_letters(core):
        return None  # letters and digits, or letters drawn at random
    if not passwordish(core) or code_like(core):
        return None
    after = w[s + len(v) : s + len(v) + 3].lstrip(" \t")
    if after.startswith("の"):
        return None  # "パスワードは 1Password の「本番DB」に保存": the name of where it is kept
    return s, s + len(v)


def check_prose_before(m: re.Match[str], w: str, s: int, e: int) -> Span | None:
    """`use X as the password`: X is the word before the match."""
    end = m.start()
    lim = max(0, end - 210)
    start = max(w.rfind(" ", lim, end), w.rfind("\n", lim, end), w.rfind("\t", lim, end)) + 1
    while start < end and w[start] in "\"'`“‘":
        start += 1
    while end > start and w[end - 1] in "\"'`”’,":
        end -= 1
    return check_prose(m, w, start, end) if 0 < end - start <= 200 else None


def check_password(m: re.Match[str], w: str, s: int, e: int) -> Span | None:
    return (s, e) if e - s >= 4 and not placeholder(w[s:e]) else None


_SCOPED_NAME = Lazy(r"[A-Za-z][\w-]{0,60}:[A-Za-z][\w.-]{0,60}")


def check_secret(m: re.Match[str], w: str, s: int, e: int) -> Span | None:
    head, value = w[m.start() : s].lower(), _trim_closers(w[s:e])  # `--password <pw>]`
    if _SCOPED_NAME.fullmatch(value) and all(wordish(p) for p in value.split(":")):
        return None  # `--secret app:dbPass`: a flag before a scoped setting's name
    ok = passwordish if ("pass" in head or "pwd" in head) else secretish
    return (s, s + len(value)) if value and ok(value) else None


def check_short_flag(m: re.Match[str], w: str, s: int, e: int) -> Span | None:
    """`-p X`, `-w X`, `-a X`, `/p:X`: a one-letter flag that many tools read as a password
    (`az login -p`, `ldapsearch -w`, `redis-cli -a`, `7z -p`, `xfreerdp /p:`). The same letters
    mean a port, a width or a path elsewhere, so only a value shaped like a password counts."""
    v = _trim_closers(w[s:e])
    return (s, s + len(v)) if password_shaped(v) else None


def check_password_place(m: re.Match[str], w: str, s: int, e: int) -> Span | None:
    """A place that holds a password when it holds one, read by its position and not by a
    name: the last string argument of a call that logs in or builds credentials
    (`Credentials("realm", "host", "user", "…")`), the argument after the user name of a
    command that creates a user (`rabbitmqctl add_user app …`). The value must be shaped like
    a password and not made of words (`Release2024Build`, `getUserById2`)."""
    v = _trim_closers(w[s:e])
    if caps_token(v) or random_token(v):
        return s, s + len(v)  # a key drawn at random (`K3NZROV75OK39W4J…`) passed as the password
    if not password_shaped(v):
        return None
    chosen = any(c.isdigit() for c in v) and any(not c.isalnum() for c in v)  # "Chelsea_989"
    if not chosen and sum(map(len, SYLLABLES.findall(v))) >= 0.6 * len(v):
        return None
    return s, s + len(v)


_FLAG_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-")


def check_flag(m: re.Match[str], w: str, s: int, e: int) -> Span | None:
    """`--account-key X`, `-client-secret=X`: the key word ends a command-line flag's name
    (the match starts at it; the flag's first part is read back to its dash)."""
    i, lim = m.start(), max(0, m.start() - 40)
    while i > lim and w[i - 1] in _FLAG_CHARS:
        i -= 1
    if i == m.start() or w[i] != "-" or (i and w[i - 1] not in " \t\"'=("):
        return None
    return check_secret(m, w, s, e)


def check_named(m: re.Match[str], w: str, s: int, e: int) -> Span | None:
    """A value whose name says secret, the name found by its place in a format: a sibling
    field (`key="db.password" value="…"`), a parent key (`token:` / `  value: …`), a command
    that sets a named setting (`config set requirepass …`). The group `name` holds the name's
    secret word; the rest of it is read back (`aws_secret_access_key`, `StorageKey`)."""
    if m.start() and w[m.start() - 1].isalnum():
        return None  # `reset`, `onset`: not the word the pattern starts with
    i, lim = m.start("name"), max(0, m.start("name") - 80)
    while i > lim and w[i - 1] in _NAME_CHARS:
        i -= 1
    kind = name_kind(w[i : m.end("name")])
    value = _trim_closers(w[s:e].strip())
    if kind is None or not value or placeholder(value) or not _value_ok(kind, value):
        return None
    return s, s + len(value)


_DIRECTIVE_LINE = Lazy(r"[ \t]*(?:[\w.-]{1,40}[ \t]+)?")


def check_directive(m: re.Match[str], w: str, s: int, e: int) -> Span | None:
    """`requirepass X`, `bind_pw X`, `secret_access_key X`, `stats auth admin:X`: a config line
    of a name (one word, or two) that ends in a secret word and one value, nothing else."""
    i, lim = m.start(), max(0, m.start() - 80)
    while i > lim and w[i - 1] in _NAME_CHARS:
        i -= 1
    ls = w.rfind("\n", max(0, i - 60), i) + 1
    if not (ls or i <= 60) or not _DIRECTIVE_LINE.fullmatch(w, ls, i):
        return None
    if i == m.start("name") and not w[ls:i].strip():
        return None  # a bare `PASS src/a.test.ts` (a test runner's line), `token abc`
    kind = name_kind(w[i : m.end("name")])
    value = w[s:e]
    if not value[0].isascii():
        return None  # the rest of a sentence in Chinese or Japanese, not a setting's value
    if FILE_PATH.fullmatch(value):
        return None  # `ssl_key /etc/ssl/private/site.key`
    user, sep, pw = value.partition(":")
    if sep and user.isidentifier() and pw:  # `admin:secret`: the password after the user
        s, value = s + len(user) + 1, pw
    if kind is None or "://" in value or placeholder(value):
        return None  # a URL is an address (its user info is url-credentials')
    if not _value_ok(kind, _trim_closers(value)):
        return None
    return s, s + len(value)


def check_random(m: re.Match[str], w: str, s: int, e: int) -> Span | None:
    """`SENTRY_INGEST=Zq8rT2mW…`: a variable whose name says nothing, set to a value no person
    writes (24+ characters, both cases and digits, high entropy, not hex, not a path)."""
    v = w[s:e].strip("\"'")
    s += len(w[s:e]) - len(w[s:e].lstrip("\"'"))  # the value, not its opening quote
    name = m.group(1).lower()
    if name.endswith(_RANDOM_NAME_DENY) or public_name(name) or placeholder(v):
        return None
    return (s, s + len(v)) if drawn(v) else None


# an id with a lower-case type prefix (`pi_3Mtw…`, `cus_…`: the object, not a credential).
_LABELLED = Lazy(
    r"(?:sha\d{0,3}|md5|h1|blake2[bs]?|xxh\d{0,3}|crc\d{0,2})[-_:]|[a-z]{1,8}_|[a-z]{3,10}-"
)
_SCHEME_LABEL = Lazy(r"\{[A-Z][A-Z0-9-]{1,15}\}$")  # `{SSHA}…`: a stored hash's scheme
_SHAPE_DENY = ("id", "ids", "hash", "sha", "checksum", "digest", "integrity", "nonce", "uuid",
               "guid", "trace", "span", "commit", "version", "build", "ref", "etag", "path",
               "dir", "url", "uri", "host", "name", "user", "email", "region", "zone", "color",
               "cert", "certificate", "ca", "fingerprint", "thumbprint", "oid", "sum", "rev",
               "revision", "key_id", "keyid", "objectid", "client_id", "clientid",
               "peer",
               # a page's cursor: random by design, handed back to the API that issued it
               "cursor", "after", "before", "continuation", "marker",
               # a queue's receipt or a lease's handle: opaque, handed back to the service that
               # issued it to acknowledge or renew (SQS `ReceiptHandle`)
               "handle")  # fmt: skip
_NAME_SEP = Lazy(r"[_.:/-]+|(?<=[a-z0-9])(?=[A-Z])")


def shape_name_denied(name: str) -> bool:
    """Does the name before a value say it holds an id, a digest, an address or a public key?"""
    parts = [p.lower() for p in _NAME_SEP.split(name.rstrip("0123456789_.-")) if p]
    if not parts:
        return False
    last = parts[-1]
    return last in _SHAPE_DENY or "_".join(parts[-2:]) in _SHAPE_DENY or public_name(name.lower())


# A hex value of an API key's length (32-128 digits) under a name that is a secret's word alone
# or as its last part (`key: 366f…`, `apiKey = "…"`, `X-Auth-Token: …`): the *arr apps, Plex-like
# servers and many SaaS keys are hex. The name's other words still deny it (`cache_key_sha`).
_HEX_SECRET = Lazy(r"[0-9a-fA-F]{32,128}")
_HEX_NAMED = Lazy(
    r"(?i)(?:^|[^A-Za-z0-9])[A-Za-z0-9_.-]*"
    r"(?:key|api[_-]?key|apikey|token|secret|auth|password|passwd|pass)"
    r"[\"']?[ \t]*(?::|=|:=|=>)[ \t]*[\"']?$"
)
_NAME_BACK = frozenset(TOKEN_CHARS + ".$@")


_SECRET_NAMED = Lazy(
    r"(?i)(?:pass\w*|secret|token|key|auth\w*|access|cred\w*)[\"']?[ \t]*[:=][ \t]*[\"']?$"
)


def check_shape(m: re.Match[str], w: str, s: int, e: int) -> Span | None:
    """A value drawn at random that stands where a value is given (after `=`, `:`, `?=`, a
    quote, a flag, a tag, an argument of a call or a command), whatever the name beside it:
    `DEPLOY_TOKEN ?= …`, `set(SIGNING_KEY "…")`, `{db_password, "…"}`, `<string>…</string>`.
    Left alone: a run alone on its line (a wrapped blob), one glued to a dot or an `@` (a host,
    a JWT's segment, a mail address), after `word:` with no space (`h1:…`, `sha256:…`), a
    labelled digest or a typed id, and a value whose name says id, digest, address or public."""
    v = w[s:e]
    if not 24 <= len(v) <= 512 or (s and w[s - 1] in ".@") or w[e : e + 1] in (".", "@"):
        return None
    if minified(w, s):
        return None  # bundles are full of random-looking strings (hashes, encoded assets)
    if key_pair_tail(w, s, e):
        return s, e  # an access key's id and its secret, a command's last two arguments
    if _LABELLED.match(v) and not _SECRET_NAMED.search(w, max(0, s - 40), s):
        return None  # a typed id (`cus_…`), unless its name says secret (`access: crm_…`)
    hexed = _HEX_SECRET.fullmatch(v) is not None  # hex: a secret only where its name says so
    if not (hexed or drawn(v.rstrip("="))) or placeholder(v) or UUID.search(v):
        return None
    if base64_text(v) or ssh_public_blob(v) or gunzip_base64(v) is not None:
        return None  # encoded text (gzip'd too): the encodings pass reads it (and names what it
        # holds)
    ls = max(w.rfind("\n", max(0, s - 400), s) + 1, s - 400)  # bounded: a huge line costs
    le = w.find("\n", e, e + 400)  # no more per value than a short one
    before = w[ls:s].rstrip("\"'`")
    if hexed and not _HEX_NAMED.search(before):
        return None  # a digest, a commit, an id: hex is public unless a secret's name holds it
    if not before.strip() and not w[e : le if le >= 0 else e + 400].strip(" \t\r\"'`,;"):
        if in_block(w, ls, le if le >= 0 else min(len(w), e + 400)):
            return None  # a line of a wrapped base64 blob or a list of digests
        return s, e  # alone on its line among prose: handed over (a paste, an auth file)
    if before.endswith(":") and len(before) > 1 and before[-2].isalnum():
        if not account_colon(before[:-1]):
            return None  # `h1:…`, `sha256:…`, a URL's `host:port`
        return s, e  # `user@host:…`, `backup:…`: a password after its account
    if before.endswith(("$", "base64,")) or _SCHEME_LABEL.search(before):
        return None  # a field of a stored hash (`$2b$12$…`, `pbkdf2_sha256$…$…`), a `$VAR`, a
        # data URI's body
    i = len(before)
    while i and before[i - 1] in " \t=:>?+,(<[{*&|\"'`":  # the operator and the opener
        i -= 1
        if len(before) - i > 8:
            break
    j = i
    while j and before[j - 1] in _NAME_BACK and i - j < 80:
        j -= 1
    name = before[j:i]
    if name and not any(c.isalpha() for c in name):
        return None  # an item of a literal array (`push([1,"…"])`), not a value given a name
    if "," in before[i:]:
        name = ""  # an argument after another (`Credentials("…", "user", "…")`): not its name
    if shape_name_denied(name) or before[:j].rstrip().lower().endswith("public"):
        return None  # (`public key: …`: the name's word before it says public)
    return s, e


_RANDOM_NAME_DENY = ("_id", "_ids", "hash", "sha", "checksum", "digest", "integrity", "nonce",
                     "salt", "_iv", "uuid", "guid", "request_id", "trace", "span", "commit",
                     "version", "build", "ref", "etag", "_path", "_dir", "_url", "_uri",
                     "_host", "_name", "_user", "_email", "_region", "_zone", "_color",
                     "_colors")  # fmt: skip

_SECRET_NAME = Lazy(r"(?i)(?:key|token|secret|pass(?:word|wd|phrase)?|pwd|auth|credentials?)$")


def check_env_default(m: re.Match[str], w: str, s: int, e: int) -> Span | None:
    """`process.env.API_KEY ?? "..."`, `os.getenv("TOKEN", "...")`: the default is the secret
    when the variable's name says so."""
    name = m.group(1).lower()
    if public_name(name) or not _SECRET_NAME.search(name):
        return None
    return (s, e) if secretish(w[s:e]) and not code_like(w[s:e]) else None


def check_jwt(m: re.Match[str], w: str, s: int, e: int) -> Span | None:
    """A signed token. An unsigned one (`"alg":"none"` and no signature) lets nobody in and
    proves nothing: one whose claims name no secret (an issuer, a subject) is left; one that
    carries a claim named as a secret (`client_secret`, `password`) is a secret whole."""
    head, _, rest = w[s:e].partition(".")
    if not rest.endswith(".") or rest.count(".") != 1 or len(head) > 200:
        return s, e
    import base64
    import binascii
    import json

    try:
        alg = json.loads(base64.urlsafe_b64decode(head + "=" * (-len(head) % 4))).get("alg")
        body = rest[:-1]
        claims = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    except (binascii.Error, ValueError, AttributeError, UnicodeDecodeError):
        return s, e
    if not (isinstance(alg, str) and alg.lower() == "none" and isinstance(claims, dict)):
        return s, e
    for k, v in claims.items():  # a claim named as a secret, with a value: the token carries it
        if isinstance(v, str) and len(v) >= 8 and _CLAIM_SECRET.search(k) and name_kind(k):
            return s, e
    return None


_CLAIM_SECRET = Lazy(
    r"(?i)secret|pass(?:word|wd|phrase)?$|pwd$|token$|api_?key$|private_?key$|cred"
)


def check_pem(m: re.Match[str], w: str, s: int, e: int) -> Span | None:
    while s < e and (w[s].isspace() or w.startswith(("\\n", "\\r"), s)):
        s += 1 if w[s].isspace() else 2
    while e > s and (w[e - 1].isspace() or w[e - 2 : e] in ("\\n", "\\r")):
        e -= 1 if w[e - 1].isspace() else 2
    return (s, e) if e - s >= 16 else None


def _letters_and_digits(m: re.Match[str], w: str, s: int, e: int) -> Span | None:
    lo, up, dg = classes(w[s:e])
    return (s, e) if (lo or up) and dg else None


def check_mixed(m: re.Match[str], w: str, s: int, e: int) -> Span | None:
    """A provider token's random part (`values.provider_part`; both cases alone from 20)."""
    return (s, e) if provider_part(w[s:e], both_cases_from=20) else None


def check_url_token(m: re.Match[str], w: str, s: int, e: int) -> Span | None:
    """`https://<token>@host`, except a Sentry DSN: its key is public by design. Letters with
    digits: a user name written in both cases (`https://JaneDoe@host`) is no token."""
    if _SENTRY_HOST.match(w, e + 1):
        return None
    return _letters_and_digits(m, w, s, e)


_USER_SYMBOLS = frozenset("!#$^*&=|;,~")


def check_url_user(m: re.Match[str], w: str, s: int, e: int) -> Span | None:
    """`https://<value>@host` with no `:`: a user name has no `^`, `!`, `#`, `*` …; a value
    that holds one of them among letters and digits is a password or a token given as the
    user (`git clone https://koDV^wKQh7Du5m8@github.com/…`)."""
    v = w[s:e]
    if not _USER_SYMBOLS.intersection(v) or "%" in v:
        return None
    return check_password_place(m, w, s, e)


_LOGIN_USER = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_$#")


def check_slash_login(m: re.Match[str], w: str, s: int, e: int) -> Span | None:
    """`user/password@host`, the Oracle connect form (`sqlplus`, `expdp`, `imp`, `userid=`):
    a user name (letters first) standing alone as an argument, a slash, a value shaped like
    a password, `@` and a host or a service name. `actions/checkout@v4`, `scope/pkg@1.2`
    hold no password's shape."""
    i = m.start()
    j = i
    while j > i - 31 and j > 0 and w[j - 1] in _LOGIN_USER:
        j -= 1
    if j == i or not w[j].isalpha() or (j > 0 and w[j - 1] not in " \t\n=\"'("):
        return None
    return check_password_place(m, w, s, e)


_SENTRY_HOST = Lazy(r"(?:o\d{1,12}\.)?(?:ingest\.)?(?:[a-z]{2}\.)?sentry\.io\b|o\d{1,12}\.ingest\.")


def check_mixed3(m: re.Match[str], w: str, s: int, e: int) -> Span | None:
    return (s, e) if all(classes(w[s:e])) else None


CHECKS: dict[str, Callable[[re.Match[str], str, int, int], Span | None]] = {
    "assign": check_assign, "prose": check_prose, "prose-before": check_prose_before,
    "password": check_password, "secret": check_secret, "pem": check_pem, "mixed": check_mixed,
    "mixed3": check_mixed3, "envdefault": check_env_default, "urltoken": check_url_token,
    "flag": check_flag, "named": check_named, "directive": check_directive,
    "random": check_random, "shape": check_shape, "shortflag": check_short_flag,
    "pwshape": check_password_place, "pwshape-call": check_password_place,
    "prose-cjk": check_prose, "clienttoken": check_client_token, "logintoken": check_login_token,
    "handover": check_handover, "pair": check_pair, "header": check_header,
    "decoded": check_decoded, "uufile": check_uufile, "urluser": check_url_user,
    "slashlogin": check_slash_login, "jwt": check_jwt,
}  # fmt: skip
