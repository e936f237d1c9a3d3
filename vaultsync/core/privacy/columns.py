"""Secrets by their column: a value in a table whose header names a secret.

A Markdown pipe table (`| service | user | password |`, then `|---|---|---|`) or a delimited
table (CSV, TSV, `;`) whose header line holds a cell that is a secret's name (`password`,
`client secret`, `api key`, `token`, or a password's name in another language: `salasana`,
`heslo`, `parool`, `პაროლი`) gives away the cells under that cell on the rows that
follow, whatever they look like: a base64 value with `+` or `/` that the shape layer leaves to a
place, a password with no digit. The header cell must END in the secret's word (`token_count`,
`password_reset_at` name other things), every header cell must be a name (letters first, up
to four words, no `.` or `:`, so no line of code) and `names.name_kind` must read the cell as
a secret; a row's cell counts when it is one run of characters that is not a placeholder, a
mask, a number, a path, a reference or a word (`values.placeholder`, `values.passwordish`).
Rows end at the first line with another number of delimiters. Standard library only: header
lines are found with `str.find` on the secret's words, and only texts with a delimiter and one
of those words are read.
"""

from __future__ import annotations

from vaultsync.core.lazy_regex import Lazy
from vaultsync.core.privacy.names import name_kind
from vaultsync.core.privacy.values import code_like, passwordish, placeholder

RULE = "table-column"
RULES = frozenset((RULE,))

_SEPARATOR = Lazy(r"[ \t]*\|?(?:[ \t]*:?-{3,}:?[ \t]*\|?)+[ \t]*")
_NAME_CELL = Lazy(r"[^\W\d_][^\s|,;.:=<>{}\[\]\"']*(?:[ \t]+[^\s|,;.:=<>{}\[\]\"']+){0,3}")
_WORDS = ("pass", "pwd", "secret", "token", "key", "credential")
# A password's name in other languages (a header cell that ends in one names a password).
_WORLD = (
    "пароль", "비밀번호", "senha", "contraseña", "passwort", "kennwort", "mot de passe",
    "mật khẩu", "şifre", "şifrə", "parola", "parolă", "hasło", "heslo", "kata sandi",
    "kata laluan", "รหัสผ่าน", "पासवर्ड", "كلمة المرور", "סיסמה", "رمز عبور", "κωδικός",
    "wachtwoord", "wagwoord", "lösenord", "adgangskode", "salasana", "jelszó", "nenosiri",
    "parool", "cyfrinair", "lozinka", "geslo", "contrasenya", "pasahitza", "slaptažodis",
    "პაროლი", "գաղտնաբառ", "የይለፍ ቃል", "ពាក្យសម្ងាត់", "စကားဝှက်", "මුරපදය", "құпиясөз",
    "密码", "口令", "パスワード",
)  # fmt: skip
_SEARCH = tuple((k, k.encode()) for k in (*_WORDS, *_WORLD))
_SEARCH_ASCII = tuple((k, b) for k, b in _SEARCH if b.isascii())
_TRIM = " \t\r`*\"'"


def _cells(line: str, sep: str) -> list[tuple[str, int, int]]:
    """The cells of a line split at `sep`, each trimmed, with its offsets in the line; a pipe
    table's border cells (before the first and after the last `|`) are dropped."""
    out, pos = [], 0
    for part in line.split(sep):
        a, b = pos, pos + len(part)
        pos = b + 1
        while a < b and line[a] in _TRIM:
            a += 1
        while b > a and line[b - 1] in _TRIM:
            b -= 1
        out.append((line[a:b], a, b))
    if sep == "|" and out and not out[0][0]:
        out = out[1:]
    if sep == "|" and out and not out[-1][0]:
        out = out[:-1]
    return out


def _secret_column(cell: str) -> bool:
    if cell.lower().endswith(_WORLD):
        return True
    name = cell.lower().replace(" ", "_").replace("-", "_")
    ends = name.endswith(("pass", "password", "passwd", "passphrase", "pwd"))
    ends = ends or name.rstrip("s").endswith(("secret", "token", "key", "credential"))
    api = name.replace("_", "").endswith("apikey")  # `api key`: names.KEY_DENY reads `api_…`
    return len(name) <= 40 and ends and (api or name_kind(name) is not None)


def _secret_cell(v: str) -> bool:
    if len(v) < 6 or any(c.isspace() for c in v) or v.isdigit() or placeholder(v):
        return False
    if v.strip("*•x.-_") == "" or "://" in v or v.startswith(("/", "~", "$", "<", "(", "{")):
        return False
    if _CALL_CELL.search(v):
        return False  # a method call (`Ljava/lang/System;->getenv(…)`, `cfg.get(…)`): code
    return passwordish(v) and not code_like(v)


# A method called on something: `->name(`, `::name(`, `.name(` (a smali, C++ or Java call in a
# line that a comma splits like a table's row)
_CALL_CELL = Lazy(r"(?:->|::|\.)[A-Za-z_]\w*\(")


def find(w: str) -> list[tuple[int, int, str]]:
    """(start, end, rule) of every cell under a header cell that names a secret."""
    low = w.lower()
    if not any(d in w for d in "|,;\t"):
        return []
    raw = low.encode("utf-8", "surrogatepass")  # bytes: a fast search in any script
    words = [k for k, b in (_SEARCH_ASCII if raw.isascii() else _SEARCH) if b in raw]
    if not words:
        return []
    out: list[tuple[int, int, str]] = []
    for start in _header_lines(w, low, words):
        end = w.find("\n", start)
        end = len(w) if end < 0 else end
        header = w[start:end].rstrip("\r")
        for sep in "|\t;,":
            if header.count(sep) < (2 if sep == "|" else 1):
                continue
            cells = [c for c, _, _ in _cells(header, sep)]
            if not all(len(c) <= 40 and _NAME_CELL.fullmatch(c) for c in cells):
                break  # a row of names: not `cat -n`'s numbers, not `return a.token, f(`
            cols = [_secret_column(c) for c in cells]
            if any(cols):
                out += _rows(w, end + 1, header.count(sep), sep, cols)
            break
    return out


def _header_lines(w: str, low: str, words: list[str]) -> list[int]:
    """Where the lines start on which a secret's word ends a cell (a delimiter or the line's
    end after it): found with `str.find`, no pattern runs over the whole text."""
    starts: set[int] = set()
    n = len(w)
    for word in words:
        i = low.find(word)
        while i >= 0:
            j = i + len(word)
            while j < n and (low[j].isalnum() or low[j] == "_"):
                j += 1
            while j < n and low[j] in _TRIM and low[j] not in "\t\r":
                j += 1
            if j == n or low[j] in "|,;\t\r\n":
                starts.add(w.rfind("\n", 0, i) + 1)
            i = low.find(word, j)
    return sorted(starts)


def _rows(w: str, pos: int, n: int, sep: str, cols: list[bool]) -> list[tuple[int, int, str]]:
    out: list[tuple[int, int, str]] = []
    first = True
    while pos < len(w):
        end = w.find("\n", pos)
        end = len(w) if end < 0 else end
        line = w[pos:end].rstrip("\r")
        if first and sep == "|" and _SEPARATOR.fullmatch(line):
            first, pos = False, end + 1
            continue
        first = False
        if line.count(sep) != n:
            break
        for i, (v, a, b) in enumerate(_cells(line, sep)):
            if i < len(cols) and cols[i] and _secret_cell(v):
                out.append((pos + a, pos + b, RULE))
        pos = end + 1
    return out
