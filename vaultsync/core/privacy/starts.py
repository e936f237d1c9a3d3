"""Where a rule's match may start: the cheap tests that run at a keyword's offset before the
rule's pattern is tried (or compiled). Most keyword hits in tool output are ordinary words
(`passed`, `tokenize`, `keyboard`, `auth` in prose); these reject them with a few character
tests, so the pattern of a rule whose keyword occurs only inside longer words is never compiled.
A rule names its start test by its check (`c=` in `core/privacy/tables.py`); `ANCHOR_CHECKS`
maps the names to these functions. Standard library only.
"""

from __future__ import annotations

from vaultsync.core.privacy.values import TOKEN_CHARS

_NAME_CHARS = frozenset(TOKEN_CHARS + ".")
_LONG_PASS = ("password", "passwd", "passphra", "passcode")
_ASCII_ALNUM = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
_ASCII_OTHER = frozenset(chr(c) for c in range(128)) - _ASCII_ALNUM
# The letters-and-digits run a secret-assignment key word can be (`secret` and `api` before
# `_key`, `-key` or `.key`). A key word inside a longer word (`passed`, `tokenize`, `keyboard`:
# ordinary tool output) can start no match, so its pattern is not even compiled.
_ASSIGN_RUNS = frozenset((
    "pass", "password", "passwd", "passphrase", "passcode", "pw", "pwd", "secret", "secretkey",
    "token", "api", "apikey", "access", "accesskey", "private", "privatekey", "auth", "authkey",
    "key", "psk", "pat", "cred", "creds", "credential", "credentials",
))  # fmt: skip
# The same for password prose (`password is …`, `api key: …`), plural `s` included.
_PROSE_WORDS = ("password", "passphrase", "passcode", "pwd", "secret", "token", "apikey",
                "accesskey", "secretkey")  # fmt: skip
_PROSE_RUNS = frozenset(w + s for w in _PROSE_WORDS for s in ("", "s")) | {"api", "access"}


def _run_may_be(w: str, p: int, runs: frozenset[str]) -> bool:
    """False when the ASCII letters and digits from `p` on are none of `runs`; True when they
    are, or when a non-ASCII character makes the cheap answer unsure (the regex decides)."""
    out = []
    for c in w[p : p + 12]:
        if c in _ASCII_ALNUM:
            out.append(c)
        elif c in _ASCII_OTHER:
            break
        else:
            return True
    else:
        if len(out) == 12:
            return False  # longer than any key word
    return "".join(out).lower() in runs


def prose_cjk_start(w: str, p: int) -> bool:
    """An English secret word (`token`, `password`) that a Chinese or Japanese sentence goes on
    after: "部署用的 token 换了，新的是 …". ASCII text never gets past this (nothing compiled)."""
    if not prose_start(w, p):
        return False
    q, lim = p, min(len(w), p + 16)
    while q < lim and (w[q] in _ASCII_ALNUM or w[q] in "_- \t"):
        q += 1
    return q < len(w) and ("\u3040" <= w[q] <= "\u9fff" or "\uff01" <= w[q] <= "\uff5e")


def call_start(w: str, p: int) -> bool:
    """Cheap pre-check of a credential call: the word that starts at `p` is followed by `(`
    (`Credentials(`, `login (`); `auth` and `connect` in prose never compile the pattern."""
    q, lim = p, min(len(w), p + 24)
    while q < lim and (w[q] in _ASCII_ALNUM or w[q] == "_"):
        q += 1
    while q < lim and w[q] in " \t":
        q += 1
    return q < lim and w[q] == "("


def prose_start(w: str, p: int) -> bool:
    """Cheap pre-check of a password-prose start: the key word begins a word and is one of the
    pattern's own (`password`, `token`, `api key`), not a longer word (`passed`, `accessed`)."""
    if p and w[p] in _ASCII_ALNUM and (w[p - 1] in _ASCII_ALNUM or w[p - 1] == "_"):
        return False  # (the pattern's \b; its Chinese key words need none)
    return _run_may_be(w, p, _PROSE_RUNS)


def assign_start(w: str, p: int) -> bool:
    """Cheap pre-check of a secret-assignment start: the key word is one of the pattern's own,
    not the start of a longer word (`passed`); a short key word (`pass`, `pw`, `pwd`, `auth`,
    `key`) must begin a part of the name (`db_pass`, `apiKey`), and `key` needs one before it
    unless a colon follows it (`key: …`);
    the other key words are distinctive enough anywhere."""
    if not _run_may_be(w, p, _ASSIGN_RUNS):
        return False
    word = w[p : p + 8].lower()
    if not word.startswith(("pa", "pw", "au", "ke")) or word.startswith(_LONG_PASS):
        return True
    # a bare `key: X` (only a random value counts there: core/privacy/checks.check_assign)
    bare = word.startswith("key") and w[p + 3 : p + 5] in (": ", ":\t", '":', "':")
    if not p:
        return not word.startswith("ke") or bare
    b = w[p - 1]
    return (
        b in "_.-"
        or (b.islower() and w[p].isupper())
        or (b.isupper() and w[p].isupper())
        or (not word.startswith("ke") and b not in _NAME_CHARS)
        or (bare and b not in _NAME_CHARS)
    )


ANCHOR_CHECKS = {
    "assign": assign_start, "prose": prose_start, "prose-cjk": prose_cjk_start,
    "pwshape-call": call_start,
}  # fmt: skip
