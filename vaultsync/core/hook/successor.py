"""The note that replaced a decision without linking to it: when a question asks what is true
now, the newest hit may itself be out of date, replaced by a later note that names its choice
only to say it is gone ("forecast moved to uv ... Poetry is gone"; "Back to sqlx. Diesel's
... layer is gone again"; "Clerk is being switched off") and shares few of the question's
words. Such a note is found by the choice, not by the question: the hit's rarest words (a
library's or a tool's name), in a later note of the same project (or of none: a person's plain
note) that also says something changed (moved, replaced, gone, 换成, 不再, 移行, やめ ...).
The earliest such note is the next link of the chain; it is followed again from there, so
"A, then B, then back to A" ends at the last note, and a later note that only mentions A
(cleaning up its leftovers) is not reached from B, which it never names.

Stdlib only, for the hook (core/hook/prompt_recall.py asks it for questions whose intent is
`decided`). Bounded: a few term-dictionary lookups and one FTS query per link, `LINKS` links.
"""

from __future__ import annotations

from vaultsync.core import cjk_scan
from vaultsync.core.hook.recall_search import HITS_SQL, OPEN, Hit, quoted, status_successor
from vaultsync.core.hook.status_line import says_superseded

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from vaultsync.core.hook.agents import Incoming

# Words that say a choice changed, as FTS terms (a prefix term ends in `*`). Chosen when the
# rule was written, from how people and agents say it in the three languages; not per question.
CHANGE_WORDS = (
    "moved", "move", "moving", "switch*", "replac*", "instead", "gone", "remov*", "dropp*",
    "retir*", "migrat*", "deprecat*", "abandon*", "longer", "revert*",
    "supersed*", "shut", "decommission*", "sunset*",
    "换成", "换掉", "改用", "改成", "不再", "迁到", "迁移", "替换", "弃用", "去掉", "停用", "改回",
    "下线", "停掉", "关停",
    "移行", "移し", "切り替え", "置き換え", "やめ", "廃止", "戻し", "戻す", "停止",
)  # fmt: skip
# A hit's words that name its choice: ASCII words of at least this many letters, the rarest
# `CHOICE_WORDS` of them, each in at most `CHOICE_SHARE` of the index's rows (a library's name,
# not "the", "data", a project's name).
MIN_LETTERS = 3
CHOICE_WORDS = 12
CHOICE_SHARE = 0.05
CHOICE_FLOOR = 10  # ... or in at most this many (a small index: every word is in few rows)
LINKS = 3  # links followed at most
# A later note is about the same thing when it holds at least this many of the choice words.
SHARED = 2


def _words(text: str) -> list[str]:
    low = cjk_scan.unsegment(text).lower()
    out: dict[str, None] = {}
    word = []
    for char in low + " ":
        if char.isascii() and (char.isalnum() or char == "_"):
            word.append(char)
            continue
        if len(word) >= MIN_LETTERS and not word[0].isdigit():
            out.setdefault("".join(word), None)
        word = []
    return list(out)


def _choice(conn: Any, hit: Hit, names: frozenset[str]) -> list[str]:
    """The hit's rarest words, each in few rows of the index."""
    from vaultsync.core.query.nlquery import STOP_EN

    words = [
        w
        for w in _words(f"{hit.title}\n{hit.body}")
        if w not in names and w not in STOP_EN and not _says_change(w) and not w.startswith(_ASKING)
    ][:60]
    if not words:
        return []
    total = conn.execute("SELECT MAX(rowid) FROM fts").fetchone()[0] or 0
    marks = ",".join("?" * len(words))
    rows = conn.execute(
        f"SELECT term, doc FROM fts_vocab WHERE term IN ({marks})", words
    ).fetchall()
    bar = max(CHOICE_FLOOR, int(CHOICE_SHARE * total))
    rare = sorted((doc, term) for term, doc in rows if doc <= bar)
    return [term for _doc, term in rare[:CHOICE_WORDS]]


# A clause ends at these: the choice and the word saying it changed must share one
# ("Poetry is gone"; not "... moved to Terraform Cloud; runs are queued there").
_CLAUSE_ENDS = ".;,:!?\n。，；：！？、"


def said_gone(text: str, choice: frozenset[str]) -> bool:
    """True when one clause of `text` holds one of the `choice` words (whole words) and a
    word of `CHANGE_WORDS`."""
    low = cjk_scan.unsegment(text).lower()
    for end in _CLAUSE_ENDS:
        low = low.replace(end, "\x00")
    for clause in low.split("\x00"):
        words = set(_words(clause))
        if words & choice and any(_changed(w, clause, words) for w in CHANGE_WORDS):
            return True
    return False


# Words of the deciding itself, never a choice ("Decided: ...", "the decision replaces ...").
_ASKING = ("decid", "decision", "chose", "choos", "settl", "pick")


def _says_change(word: str) -> bool:
    return any(_changed(term, word, {word}) for term in CHANGE_WORDS if term.isascii())


def _changed(term: str, clause: str, words: set[str]) -> bool:
    if not term.isascii():
        return term in clause
    if term.endswith("*"):
        return any(w.startswith(term[:-1]) for w in words)
    return term in words


def _project_name(project: str) -> str:
    return project.rstrip("/").rsplit("/", 1)[-1].lower() if project else ""


def follow(conn: Any, hit: Hit, inc: Incoming) -> Hit | None:
    """The last note of the chain of notes that replaced `hit`'s choice, or None."""
    current, found = hit, None
    seen = {hit.rel}
    for _ in range(LINKS):
        nxt = _next(conn, current, inc, seen)
        if nxt is None:
            break
        found = current = nxt
        seen.add(nxt.rel)
        # a link that says of itself it was superseded by a note it names ("Status: superseded
        # by ADR 0012") leads to that note
        named = status_successor(conn, nxt, inc) if _says_superseded(nxt) else None
        if named is not None and named.rel not in seen:
            found = current = named
            seen.add(named.rel)
    return found


def _says_superseded(hit: Hit) -> bool:
    return hit.kind != "event" and _status_gone(f"{hit.title}\n{hit.body}")


def _status_gone(text: str) -> bool:
    return says_superseded(text)


def _next(conn: Any, hit: Hit, inc: Incoming, seen: set[str]) -> Hit | None:
    if not hit.date:
        return None
    names = frozenset(
        {_project_name(hit.project), _project_name(inc.cwd), *hit.agent.lower().split("-")} - {""}
    )
    choice = _choice(conn, hit, names)
    if not choice:
        return None
    expression = (
        "(" + " OR ".join(map(quoted, choice)) + ") AND ("
        + " OR ".join(map(quoted, CHANGE_WORDS)) + ")"
    )  # fmt: skip
    window = (hit.date + "\U0010ffff", OPEN[1])  # later than the hit
    try:
        rows = conn.execute(
            HITS_SQL, (expression, inc.session_id, inc.agent, *window, "", "", "", "", 20)
        ).fetchall()
    except Exception:  # fail-open: no link rather than no recall
        return None
    best = None
    wanted = frozenset(choice)
    for row in rows:
        (_rowid, score, kind, rel, title, agent, date, heading, tool, props, note_id,
         _ftitle, fbody, sid, project) = row  # fmt: skip
        if rel is None or rel in seen or note_id == hit.note_id:
            continue
        if project and hit.project and project != hit.project:
            continue
        text = f"{title or ''}\n{fbody or ''}"
        if len(wanted & set(_words(text))) < SHARED:
            continue
        if not said_gone(text, wanted) and not (kind != "event" and _status_gone(text)):
            continue  # ... a note whose status says it was superseded says its choice went
        if best is None or (date or "") < best.date:
            best = Hit(
                kind=kind, rel=rel, agent=agent or "", date=date or "", score=-score,
                coverage=hit.coverage, note_id=note_id, body=fbody or "",
                heading=heading or "", tool=tool or "", props=props, sid=sid or "",
                title=title or "", project=project or "",
            )  # fmt: skip
    return best
