"""A note that says of itself, in a status line, that it is no longer in force, and the note
it names in its place: an architecture decision record's "Status: superseded by ADR 0012",
"**Status**: Deprecated", 状态：已废弃, ステータス: 廃止. Such a record is often the note touched
last (its status line was edited when the new record was written), so by its date it would
win. Prompt-time recall never hands it over and gives the note it names instead
(core/hook/recall_search.py); search ranks it as a replaced note with the named note standing
in for it (services/recall/stand_in.py); the chain of replaced decisions goes on from it
(core/hook/successor.py). Stdlib only, for the hook."""

from __future__ import annotations

from vaultsync.core import cjk_scan
from vaultsync.core.lazy_regex import Lazy

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

STATUS_SUPERSEDED = True
# A label and a colon, then a word saying the record is no longer in force.
_STATUS = Lazy(
    r"(?i)(?<![a-z])(?:status|状态|狀態|状態|ステータス)[*_]*\s*[:：]\s*[*_]*\s*"
    r"(?:superseded|deprecated|replaced|obsolete|retired|withdrawn|rejected"
    r"|已?被?(?:废弃|取代|替代|替换)|作废|廃止|非推奨|置き換え|破棄|却下)"
)
# "superseded by ADR 0012 (2027-02-20)", "superseded by [[0012 solid queue]]": the name of the
# note in force, up to a bracket, a parenthesis or a clause's end.
_BY = Lazy(
    r"(?i)(?:superseded|replaced|deprecated)\s+(?:by|in favou?r of)\s+\[*"
    r"([^\]\[()\n,;:。，；]{2,60}?)\s*(?:\]|\(|[,;:。，；]|\.(?:\s|$)|\n|$)"
)


def says_superseded(text: str) -> bool:
    """True when `text` gives its status ("Status:", a label and a colon) as superseded,
    deprecated or replaced."""
    if not STATUS_SUPERSEDED:
        return False
    low = text[:3000]
    if "tatus" not in low and "状" not in low and "狀" not in low and "ステータス" not in low:
        return False
    return _STATUS.search(cjk_scan.unsegment(low)) is not None


def successor_name(text: str) -> str:
    """The name a status line gives the note that replaced this one ("ADR 0012"), or ""."""
    found = _BY.search(cjk_scan.unsegment(text[:3000]))
    return found.group(1).strip() if found else ""


def _like(name: str) -> str:
    return name.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


# The note named: a note whose title (or file name) starts with the name given.
_NAMED_SQL = (
    "SELECT rel FROM notes WHERE rel != ? AND type != 'session'"
    " AND (title LIKE ? ESCAPE '\\' OR substr(rel, length(rtrim(rel, replace(rel, '/', ''))) + 1)"
    " LIKE ? ESCAPE '\\') ORDER BY rel LIMIT 1"
)


def named_note(conn: Any, text: str, rel: str) -> str:
    """The path of the note a status line of `text` (the note at `rel`) names as replacing
    it, or ""."""
    name = successor_name(text)
    if not name:
        return ""
    try:
        row = conn.execute(_NAMED_SQL, (rel, _like(name), _like(name))).fetchone()
    except Exception:  # fail-open: no stand-in rather than no recall
        return ""
    return str(row[0]) if row else ""
