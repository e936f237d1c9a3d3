"""What a value looks like: random or a word, a password, a placeholder, a reference, code.

The named checks (`core/privacy/checks.py`) read a value's place in the text; these read the
value alone: its characters and their entropy, whether a person wrote it (a word, a name, a
path, a template, a stored hash, a publishable key) or drew it at random. Standard library
only; patterns compile on first use.
"""

from __future__ import annotations

import math

from vaultsync.core.lazy_regex import Lazy

# The characters of a token (URL-safe base64 and names): a secret never ends inside a run.
TOKEN_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"


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
    r"|(?:~|\.{1,2})?/[\w./@-]*|[A-Za-z]:\\\S*|@(?:~|\.{1,2})?/[\w./@-]*|\$[A-Za-z_]\w*\{[\w.]*\}"
    r"|(?:new|await|function|lambda|typeof|require|import|yield)\b.*"
    r"|!(?:vault|Ref|Sub|GetAtt|ImportValue|Join|Secret|env)\b.*|[|>][-+]?\d?|[*&][\w-]+"
)
_CALL = Lazy(r"([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)(?:!?[ \t]*[(\[].*)?")
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


# A stored password hash (Django, passlib, crypt(3), LDAP): what a fixture or a user table holds
# instead of the password; not a credential by itself.
HASHED = Lazy(
    r"(?:pbkdf2_[a-z0-9]{2,12}|argon2(?:id|i|d)?|bcrypt(?:_sha256)?|scrypt|sha1|md5|crypt)\$\S{8,}"
    r"|\$(?:2[abxy]?|[15689]|apr1|argon2(?:id|i|d)|scrypt|y|gy|7|pbkdf2(?:-sha\d{1,3})?)\$\S{8,}"
    r"|\{(?:SSHA\d{0,3}|SHA\d{0,3}|SMD5|CRYPT|PBKDF2[-_A-Z0-9]{0,12}|ARGON2)\}\S{8,}"
)


# Keys made to be shipped to browsers: publishable keys and public tokens, search-only keys.
PUBLIC_VALUE = Lazy(r"(?:pk_(?:live|test)_|pk\.eyJ|sb_publishable_)\S*")
_PUBLIC_NAMES = ("public", "publishable", "search_key", "searchkey", "search_api_key",
                 "searchapikey", "search_only", "searchonly", "project_api_key",
                 "projectapikey")  # fmt: skip


def public_name(name: str) -> bool:
    return any(p in name for p in _PUBLIC_NAMES)


def placeholder(v: str) -> bool:
    """An empty value, a mask, a variable or template reference, a path, a word or a stored
    password hash."""
    if "%" in v:
        v = _PCT.sub(lambda m: chr(int(m.group(1), 16)), v)
    if v[:1] == "/" and any(len(p) >= 16 and random_token(p) for p in v.split("/")):
        return False  # `/EJfHqlpHns…/3Podn…`: random characters with a slash, not a path
    if v[:5].lower() == "$env:" and _ENV_NAME.fullmatch(v, 5):
        return True  # PowerShell's environment read
    if v[:2] in ("[-", "{+") and _WORD_DIFF.fullmatch(v):
        # `git diff --word-diff`'s `[-old-]{+new+}`: a placeholder when each side is one
        return all(placeholder(m.group(1) or m.group(2) or "") for m in _WORD_DIFF_SIDE.finditer(v))
    return (
        not v
        or v.lower() in _WORDS
        or bool(_PLACEHOLDER.fullmatch(v) or _TEMPLATED.search(v) or HASHED.fullmatch(v))
        or bool(PUBLIC_VALUE.fullmatch(v))
    )


_ENV_NAME = Lazy(r"[A-Za-z_]\w{0,80}")
_WORD_DIFF = Lazy(r"(?:\[-(?:(?!-\]).)*-\]|\{\+(?:(?!\+\}).)*\+\})+")
_WORD_DIFF_SIDE = Lazy(r"\[-((?:(?!-\]).)*)-\]|\{\+((?:(?!\+\}).)*)\+\}")
_TYPE = Lazy(r"&?(?:'\w+[ \t]+)?(?:mut[ \t]+)?[A-Za-z_][\w:.]*<[\w<>, :&'\[\]|?]{1,200}>\??")


def code_like(v: str) -> bool:
    """`form.password`, `os.getenv("X")`, `SecretStr('*')`, `db.example.com`, a generic type
    (`Option<String>`): code or a name."""
    if "<" in v and _TYPE.fullmatch(v):
        return True
    if v.endswith("?") and v[:-1].isalpha() and v[:1].isupper():
        return True  # a nullable type (`CharArray?`, `String?`)
    if v.endswith("!") and v.count(".") >= 2 and v.rpartition(".")[2][:-1].isupper():
        v = v[:-1]  # TypeScript's non-null assertion on an environment read (`process.env.X!`)
    head, comma, rest = v.partition(",")
    if comma and "." in head and _NEXT_KEY.match(rest):
        # a minified object literal's unquoted value runs into the next key
        # (`clientSecret:process.env.X,retries:3`): the value is what stands before the comma
        return code_like(head)
    call = _CALL.fullmatch(v)
    if not call or (call.end(1) == len(v) and "." not in call.group(1)):
        return False
    return call.end(1) < len(v) or all(wordish(part) for part in call.group(1).split("."))


_DIGIT_INSIDE = Lazy(r"[A-Za-z]\d+[A-Za-z]")
_NEXT_KEY = Lazy(r"[A-Za-z_$][\w$]{0,60}:")


def wordish(p: str) -> bool:
    """A name a person wrote (`b16encode`, `getToken`, `SECRET_KEY`), not random characters
    (mixed case with a digit between letters, `qJiut0iIEb`, is random)."""
    if p.islower() or p.isupper():
        return True
    return sum(c.isupper() for c in p) <= 3 and len(p) <= 30 and not _DIGIT_INSIDE.search(p)


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


def random_letters(v: str) -> bool:
    """Letters only, drawn at random: 20 or more of both cases, capitals among a third to two
    thirds of them (`pBRrFXipwbEXHZYSUzVG…`), not a camel-case name (`getUserAccountSettings`,
    a capital every five letters or so)."""
    ups = sum(c.isupper() for c in v)
    return _random_letters(v, 3.8) and 0.3 * len(v) <= ups <= 0.7 * len(v)


def classes(v: str) -> tuple[bool, bool, bool]:
    return any(c.islower() for c in v), any(c.isupper() for c in v), any(c.isdigit() for c in v)


def provider_part(v: str, both_cases_from: int) -> bool:
    """The random part of a provider's token (what follows `ghp_`, `xoxb-`): letters with
    digits, or, from `both_cases_from` characters, letters of both cases alone. One `ghp_` token
    in about 500 has no digit in its 36 characters, and its first 14 characters hold none one
    time in twelve: such a token, or such a first half kept at a split, went to the note whole."""
    lo, up, dg = classes(v)
    return ((lo or up) and dg) or (lo and up and len(v) >= both_cases_from)


def random_token(v: str) -> bool:
    """Letters of both cases and digits, at least 20 of them, high entropy, not hex."""
    return len(v) >= 20 and all(classes(v)) and entropy(v) >= 4.0 and not _HEXISH.fullmatch(v)


_CAPS = Lazy(r"[A-Z0-9]{16,128}")
_PREFIXED = Lazy(r"[a-z]{2,10}[_.-]([A-Za-z0-9]{20,200})(?:[_.-][A-Za-z0-9]{1,200}){0,3}")


def caps_token(v: str) -> bool:
    """Upper-case letters and digits drawn at random (`SCWAYTJOYFVYPQJ98RRB`): 16 or more, not
    a word in capitals (random letters hold few vowels), a number or hex (an id, a digest)."""
    if not _CAPS.fullmatch(v) or _HEXISH.fullmatch(v) or entropy(v) < 3.5:
        return False
    letters = [c for c in v if c.isalpha()]
    vowels = sum(c in "AEIOU" for c in letters)
    return sum(c.isdigit() for c in v) >= 2 or vowels < 0.3 * max(1, len(letters))


def strong_token(v: str) -> bool:
    """A value random enough to be a credential wherever it stands beside a bare `key:`: mixed
    case with digits, random capitals, or a short lower-case prefix before a long random body
    (`zpka_4ee1…`, `mlsn.fbb6…`)."""
    if sum(p.isalpha() and len(p) >= 3 for p in _PARTS.split(v)) >= 2:
        return False  # `node-cache-Linux-x64-<digest>`: words joined to a digest, a name
    if random_token(v) or caps_token(v):
        return True
    m = _PREFIXED.fullmatch(v)  # the prefix, then one random body (not `node-cache-Linux-…`)
    return bool(m) and any(c.isdigit() for c in m.group(1)) and entropy(v) >= 3.5


_HEXISH = Lazy(r"[0-9a-fA-F_-]+")


def password_shaped(v: str) -> bool:
    """Shaped like a password: 8+ characters, letters and digits, both cases or a symbol, not
    a path, an address, an id or code."""
    lo, up, dg = classes(v)
    symbol = any(not c.isalnum() and c not in ".:/_-" for c in v)
    if len(v) < 8 or not (lo or up) or not dg or not ((lo and up) or symbol):
        return False
    if "://" in v or FILE_PATH.fullmatch(v) or UUID.search(v) or entropy(v) < 3.0:
        return False
    if "/" in v and all(wordish(p) for p in v.split("/")):
        return False  # a relative path (`build/out2/Release`)
    return not (placeholder(v) or code_like(v))


FILE_PATH = Lazy(r"[~.]?[\w.@-]{0,80}(?:[/\\][\w.@-]{1,80}){1,20}\.\w{1,8}")


def drawn(v: str) -> bool:
    """A value no person writes: 24+ characters drawn at random (both cases and digits, high
    entropy, not hex), not an alphabet, a dotted or camel-case name."""
    if len(v) < 24 or not all(classes(v)) or _HEXISH.fullmatch(v) or entropy(v) < 4.3:
        return False  # (`random_token` with a higher entropy floor, the entropy taken once)
    if any(v[i : i + 5] in _RUNS for i in range(len(v) - 4)):
        return False  # an alphabet (`ABCDEF…0123456789`), not a draw from one
    if "." in v or all(wordish(p) for p in _PARTS.split(v) if p):
        return False  # a name (`SignatureAlgorithmOID.RSA_WITH_SHA256`), not a random value
    # camel-case words (`SignatureAlgorithmOidRsaWithSha256`)
    return sum(map(len, SYLLABLES.findall(v))) < 0.6 * len(v)


# A digest written with its algorithm (`sha512-…` in a lockfile, `sha256-…` in a Nix hash),
def base64_text(v: str) -> bool:
    """Is `v` base64 of text (a sentence, `user:password`, `NAME=value`), not of random
    bytes?"""
    import binascii  # built in; only a value that already looks random gets here

    try:
        raw = binascii.a2b_base64(v + "=" * (-len(v) % 4))
    except (binascii.Error, ValueError):
        return False
    return len(raw) >= 8 and all(32 <= c < 127 or c in (9, 10, 13) for c in raw)


def gunzip_base64(v: str, limit: int = 65536) -> str | None:
    """The text inside base64 of a gzip stream (`H4sI…`, as `gzip | base64` writes it), at most
    `limit` characters of it; None for anything else (random bytes, a binary file)."""
    if not v.startswith("H4sI"):
        return None
    import binascii  # built in; only a blob that starts as gzip does gets here
    import zlib

    try:
        raw = binascii.a2b_base64(v + "=" * (-len(v) % 4))
        out = zlib.decompressobj(16 + zlib.MAX_WBITS).decompress(raw, limit)
        text = out.decode("utf-8")
    except (binascii.Error, ValueError, zlib.error, UnicodeDecodeError):
        return None
    ok = sum(c.isprintable() or c in "\r\n\t" for c in text) >= 0.95 * len(text)
    return text if text and ok else None


_PARTS = Lazy(r"[_.:/+=-]")
SYLLABLES = Lazy(r"[A-Z]?[a-z]{2,}")
_RUNS = "".join(  # every five characters in a row of an alphabet: ABCDE, BCDEF, …, 56789
    a[i : i + 5] + "\0"
    for a in ("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz", "0123456789")
    for i in range(len(a) - 4)
)


def soft_token(v: str) -> bool:
    """A shorter token, for a place that only holds tokens (a custom header, a URL parameter):
    12 to 64 characters mixing upper case, lower case and digits, high entropy per character,
    mostly free of syllables."""
    if not 12 <= len(v) <= 64 or not any(c.isdigit() for c in v):
        return False
    if not (any(c.isupper() for c in v) and any(c.islower() for c in v)):
        return False
    return entropy(v) >= 3.2 and sum(map(len, SYLLABLES.findall(v))) < 0.5 * len(v)
