"""The recall engine: one function every reader uses (CLI search, session context, prompt-time
recall, MCP) to get the right memory back for a question in plain words or in exact syntax.

Query modes (docs/search.md):
- `all`: the exact language of services/recall/search.py (every word required, "phrases",
  prefix*, OR/AND/NOT).
- `any`: the meaningful terms of a sentence (core/query/nlquery.py), OR semantics, ranked by BM25.
- `auto` (the default): `any` when the query reads as natural language (`nlquery.looks_natural`),
  else `all`; and when `all` finds nothing, `any` (a person pasting a question always gets the
  best answer; the mode that ran is reported).

Ranking. BM25 (title 8, keywords 4, body 1; for plain words the body 0.25 and a note's headings
and lead paragraph, or an event's whole text, 2: storage/index.py WEIGHTS_ANY) gives each
matching note or event a relevance;
the best `CANDIDATES` of a plain-word query are found by MaxScore (services/recall/maxscore.py:
the same rows, without scoring every row a common word is in); then every rule below is a
named weight, tested in tests/services/test_recall.py:
- the hits of one session (its events, its note, its summary) collapse into one result: the
  best member scores, each further member adds `GROUP_SUPPORT` of its own score (at most
  `GROUP_SUPPORT_MAX` of them), the snippet is the best member's, and the session's summary
  and project travel with it;
- `TYPE_WEIGHT` multiplies relevance by kind: memories L3 > L2 > L1 and summaries above raw
  events and session notes; generated files (USER.md, AGENT.md) are weighted down and at most
  `GENERATED_MAX` of them is returned, so they never crowd out their own sources;
- ties break by recency (`RECENCY_WEIGHT`: up to that fraction more for the newest candidate,
  so of two equally relevant decisions the newer ranks first) and by the caller's current
  project (`PROJECT_WEIGHT`);
- a question asking what was decided puts the note that replaced its first result's choice
  first, following the chain of such notes (`SUCCESSORS`: prompt recall's rule,
  core/hook/successor.py).

Abstention (services/recall/coverage.py). `coverage` is the share of the query's information
(each term weighted by its inverse document frequency) that the best result holds; below
`ABSTAIN_BELOW` the result is flagged `abstain=True`, so callers can say "nothing relevant"
(hits are still returned).

Hybrid. With the `semantic` extra installed and vectors built (storage/vectors/store.py),
the vector ranking is fused with the lexical one by reciprocal rank (`RRF_K`); a lexical
result holding every term of the question stays among the first `HELD_TOP`, and a "what is
true now" question's recency weighs the vector share (the lexical rank has it already).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, replace
from pathlib import Path

from vaultsync.core import timestamp
from vaultsync.core.config import Config
from vaultsync.core.hook.recall_search import asked_only
from vaultsync.core.query import nlquery
from vaultsync.core.text import unsegment
from vaultsync.services.recall import maxscore, stand_in

# How much of a question a result holds (the abstention rule): its own module, called here by
# the names the ranking steps below have always used.
from vaultsync.services.recall.coverage import best_share as _coverage
from vaultsync.services.recall.coverage import shares as _coverages
from vaultsync.services.recall.coverage import unseen as _unseen
from vaultsync.services.recall.coverage import with_cjk_words as _with_cjk_words
from vaultsync.services.recall.search import (
    DEFAULT_MARK,
    IndexMissing,
    SearchError,
    clean_snippet,
    make_filter,
    open_index,
    to_fts,
)
from vaultsync.services.recall.snippet import make_snippet
from vaultsync.storage import recall_rows as rows
from vaultsync.storage.index import Index
from vaultsync.storage.memory import SINK_AFTER
from vaultsync.storage.recall_rows import Candidate

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

MODES = ("auto", "any", "all")

# --- ranking weights (docs/search.md "Ranking"; each one has a test) -------------------------
TYPE_WEIGHT: dict[str, float] = {
    "memory:L3": 1.6,  # core memory: confirmed and promoted
    "memory:L2": 1.45,  # confirmed by a person
    "memory:L1": 1.25,  # candidate: distilled, not yet reviewed
    "summary": 1.3,  # a session's distilled account
    "skill-draft": 1.1,
    "skill-proposal": 1.05,
    "note": 1.0,  # a person's own note
    "session": 1.0,  # the text around a session's events
    "event": 1.0,  # one raw event
    "generated": 0.5,  # USER.md / AGENT.md: derived from memories that rank on their own
}
DEMOTED_WEIGHT = 0.5  # a superseded memory, or one agents never use: below the one in force
# A note another note in force names in its `supersedes` property (core/replaced_notes.py) is
# demoted too, whatever its type, and never comes first among a decision's answers.
REPLACED_DEMOTED = True
GROUP_SUPPORT = 0.15  # each further matching member of a session adds this share of its score
GROUP_SUPPORT_MAX = 6  # ... for at most this many members (a long session is not a better one)
GENERATED_MAX = 1  # generated files in one result list
# A past prompt that only asked a question holds no answer, but it holds the question's words
# best: asked again, it came first (core/hook/recall_search.asked_only, which prompt recall
# leaves out altogether; search keeps it, lower, for "when did I ask about X").
ASKED_WEIGHT = 0.5
RECENCY_WEIGHT = 0.08  # the newest candidate gets up to 8% more, the oldest nothing
# ... and this much when the question asks what is true now or what was decided
# (nlquery.understand intent "decided"): of competing decisions the newest should win.
DECIDED_RECENCY = 0.8
# ... and of the first DECIDED_AMONG results, those that hold the question's words as well as
# the best one (IDF-weighted share, at least DECIDED_SAME of its share) come first, newest first.
DECIDED_AMONG = 5
DECIDED_SAME = 0.5
PROJECT_WEIGHT = 0.15  # a result of the caller's current project gets 15% more
ABSTAIN_BELOW = 0.2  # best coverage (IDF-weighted share of query terms) below this: abstain
RRF_K = 10  # reciprocal rank fusion: 1 / (RRF_K + rank); 10 beat 30 and 60 on the dev sets
VECTOR_WEIGHT = 0.75  # the vector ranking's share in the fusion (1.0: plain RRF; 0.75 won on dev)
# A Chinese or Japanese question whose software terms were given their English words
# (core/query/term_map.py) is ranked without vectors: the vectors pulled sessions in the question's
# language over the English one it asks about (dev: cross-language Chinese 0.50 -> 0.25 with
# wordllama; with this gate 0.50, Chinese help paraphrases keep their gain, 0.65 -> 0.71).
VECTORS_WITH_TRANSLATIONS = False
# A lexical result among the first HELD_TOP that holds every term of the question (coverage
# FULL_COVERAGE, the abstention measure) stays among the first HELD_TOP once vectors are fused:
# a cosine is weaker evidence than every asked word in the text, and a gain of the vectors must
# not be paid for by such a hit (docs/search.md "Vectors").
HELD_TOP = 5
FULL_COVERAGE = 1.0
# Vectors reorder only a weak lexical answer (the best coverage among its first three below
# ABSTAIN_BELOW: the question's words are mostly not in the notes, as in a paraphrase). A
# confident lexical answer keeps its order, and the vectors only add results after it, so
# vectors on are never below vectors off where the words answer. Chosen on dev (recall@5 / MRR,
# vectors on against off): coding 0.991 / 0.946 against 0.981 / 0.944, help paraphrases 0.671 /
# 0.572 against 0.671 / 0.570; fusing every answer gave help 0.693 / 0.541 (MRR below) and
# held-out coding 0.988 against 1.000.
VECTORS_REORDER_CONFIDENT = False
CANDIDATES = 100  # FTS matches ranked per query before grouping (at least 10x the limit)
# A topic whose results inside the asked window are weak (below ABSTAIN_BELOW) is searched
# without the window too, and the better covered answer wins (docs/search.md "Time, agents").
WINDOW_FALLBACK = True
# ... and then the window's best result stays in the list, right after the wider answer's first:
# the day named often holds the thing told in other words (LoCoMo dev 0.915 -> 0.919; 0: not kept).
WINDOW_KEPT = 1
# A question that finds nothing clear in its own words is asked once more with the Chinese and
# Japanese words of its software terms (core/query/term_map.py): an English question about a session
# held in Chinese ("what database did we decide on?" about 数据库 ... 决定), a Japanese one about
# a Chinese note. Only then: expanded always, a translated vault would answer every English
# question with both copies (docs/search.md "Languages").
CJK_FALLBACK = True
# A question naming a thing the vault never mentions (nlquery.anchors: Elasticsearch in a
# Chinese question, GraphQL, GDPR) is flagged weak, whatever its other words match.
UNSEEN_NAME_ABSTAINS = True

# A question asking for a window or an agent that names a project ("what did Codex change in
# ledger yesterday?") looks inside it; the name is not a word to rank by (nlquery.named_project).
PROJECT_NAMED_FILTERS = True

# "What did we decide?": the first result may be out of date itself, replaced by a later note
# that names its choice only to say it is gone ("Poetry is gone", "换成 uv"). The rule and its
# weights are prompt recall's (core/hook/successor.py, one owner): the earliest later note of the
# same project holding the first result's rarest choice words beside a change word, followed
# link by link, comes first; it stands in for the stale answer, the rest keep their order.
SUCCESSORS = True

_MEMBER_TYPES = frozenset({"session", "event", "summary"})


@dataclass(frozen=True)
class Hit:
    id: str  # an event id, else the note's path
    rel: str  # the note's path relative to the vault (for an event, its session note)
    type: str  # a note type, or "event"
    title: str
    date: str
    agent: str | None
    session_id: str | None
    project: str | None
    level: str | None
    score: float  # higher is better
    snippet: str
    summary_rel: str | None  # the session's summary note, when there is one

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "path": self.rel,
            "type": self.type,
            "title": self.title,
            "date": timestamp.restamp(self.date),  # the index's UTC, in the person's zone
            "agent": self.agent or "",
            "session_id": self.session_id or "",
            "project": self.project or "",
            "level": self.level or "",
            "score": self.score,
            "snippet": self.snippet,
            "summary": self.summary_rel or "",
        }


@dataclass(frozen=True)
class Recall:
    hits: tuple[Hit, ...]
    abstain: bool  # nothing clearly relevant: the best coverage is below ABSTAIN_BELOW
    mode: str  # the mode that ran: "any" or "all" ("" when the query had nothing to search)
    coverage: float = 0.0  # the best result's coverage (0..1)
    # The window and agent read out of the question (nlquery Asked.scope), "" when neither
    # was: told "No matches", a person or agent also learns which days were searched.
    scope: str = ""


def type_weight(kind: str, level: str | None) -> float:
    if kind == "memory":
        return TYPE_WEIGHT.get(f"memory:{level or 'L1'}", TYPE_WEIGHT["memory:L1"])
    return TYPE_WEIGHT.get(kind, 1.0)


def _types(value: str | list[str] | tuple[str, ...] | None) -> list[str] | None:
    if value is None:
        return None
    return [value] if isinstance(value, str) else list(value)


def recall(
    vault: Path,
    config: Config,
    query: str,
    *,
    project: str | None = None,
    agent: str | None = None,
    type: str | list[str] | tuple[str, ...] | None = None,
    level: str | None = None,
    since: str | None = None,
    limit: int = 10,
    mode: str = "auto",
    current_project: str | None = None,
    exclude_session: str | None = None,
    semantic: bool | None = None,
    mark: tuple[str, str] = DEFAULT_MARK,
    now: dt.datetime | None = None,
    understand: bool = True,
) -> Recall:
    """The best results for `query`, grouped and ranked (see the module docstring).

    Raises search.SearchError for a filter value it cannot read, search.IndexMissing when no
    index exists yet, and storage.index.IndexFailure when the index cannot be used.
    `semantic`: None follows the config (`[search] semantic`), True/False force it.
    """
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}; one of {', '.join(MODES)}")
    now = now or timestamp.now()
    where = make_filter(
        agent=agent, types=_types(type), level=level, project=project, since=since, now=now
    )
    path = config.index_file()
    if not path.is_file():
        raise IndexMissing(f"no index for {vault} yet: run `vaultsync rebuild`")
    if limit <= 0 or not isinstance(query, str):
        return Recall((), True, "")
    if not nlquery.has_words(query):
        raise SearchError("nothing to search for: give a question or words")
    # Exact syntax (quotes, `*`, OR/AND/NOT) is taken as written; anything else is read for a
    # window, an agent and an intent (nlquery.understand).
    readable = mode == "any" or (mode == "auto" and not nlquery.is_syntax(query))
    asked = nlquery.understand(query, now) if understand and readable else None
    named = nlquery.anchors(query) if readable and UNSEEN_NAME_ABSTAINS else []
    scoped = asked is not None and (asked.start is not None or bool(asked.agent and asked.intent))
    unscoped = where
    if asked is not None and scoped:
        # A window or "what did <agent> do": a filter, and the rest of the words to rank by.
        start, end = asked.window_keys()
        where = replace(
            where,
            since=max(filter(None, (where.since, start)), default=None),
            until=end,
            agent=where.agent or asked.agent or None,
        )
        query, mode = asked.rest, "any"
    elif asked is not None and asked.intent == "decided" and nlquery.terms(asked.rest):
        # "What did we decide about X?": ranked by X alone (nlquery._DECIDING): the notes
        # that argued older decisions say "decide" most, the one recording the last often not.
        # Any of its words, as for a window: the intent was read, so it is a question.
        query, mode = asked.rest, "any"
    recency = DECIDED_RECENCY if asked is not None and asked.intent == "decided" else None
    with open_index(vault, path) as index:
        if asked is not None and scoped and where.project is None and PROJECT_NAMED_FILTERS:
            # the project named is where to look, not a topic (every note of it holds its name)
            query, named_at = nlquery.named_project(
                query, rows.projects(index), current_project or ""
            )
            if named_at:
                where = replace(where, project=named_at)
                unscoped = replace(unscoped, project=named_at)
        freqs: maxscore.DocFreqs = {}  # read once, by the lexical pass or by coverage
        ran, expression, candidates = _lexical(index, query, where, mode, limit, freqs)
        topic = asked_topic = scoped and bool(nlquery.terms(query))
        if topic and not candidates:
            # The topic, but nothing about it inside the window: people misremember days, so
            # the topic is searched without the window (the agent named still holds).
            where = replace(unscoped, agent=where.agent)
            ran, expression, candidates = _lexical(index, query, where, mode, limit, freqs)
            topic = False
        if scoped and not candidates:
            # Nothing but the time or the agent to go by ("what did we do yesterday?"): the
            # window's sessions, newest first. A topic asked about and found nowhere
            # ("last month's talk about the iOS widget"): the same, flagged weak.
            listed = _listed(index, where, exclude_session, vault, limit)
            sure = bool(listed) and not asked_topic
            scope = asked.scope() if asked is not None else ""
            return Recall(listed, not sure, "any" if listed else "", 1.0 if sure else 0.0, scope)

        def answer(
            where: Any,
            ran: str,
            expression: str,
            candidates: list[Candidate],
            ranked: str | None = None,
        ) -> Recall:
            # `ranked`: the words the candidates were found with, when not the question's own
            # (the CJK fallback below); the coverage still judges the question itself.
            words = ranked or query
            vector_ranks: list[str] = []
            # Exact syntax asks for exact matches (and falls back to plain words only
            # lexically): vectors join the queries that are plain words to begin with.
            natural = mode == "any" or (mode == "auto" and nlquery.looks_natural(words))
            translated = not VECTORS_WITH_TRANSLATIONS and bool(nlquery.translations(words))
            if natural and not translated and _use_semantic(config, semantic):
                vector_ranks = _vector_ranking(vault, config, index, query, where)
            replaced = _replaced(index, candidates)
            stand_for: dict[str, str] = {}
            candidates = stand_in.stand_ins(index, candidates, replaced, stand_for)
            candidates = _demote(index, candidates, replaced)
            groups = _group(candidates, current_project, exclude_session, vault, recency)
            same: list[str] = []  # the answers to one question, newest first (filled below)
            if recency is not None:
                groups = _newest_answer_first(index, query, groups, freqs, replaced, stand_for,
                                              _projects_named(index, query), same)  # fmt: skip
            if vector_ranks:
                top = groups[: min(HELD_TOP, limit)]
                shares = _coverages(index, query, top, freqs)
                held = {g.key for g, c in zip(top, shares, strict=True) if c >= FULL_COVERAGE}
                unread = _unread(index, groups)
                fused = _fuse(index, groups, vector_ranks, exclude_session, limit, recency, held,
                              unread)  # fmt: skip
                confident = max(shares[:3], default=0.0) >= ABSTAIN_BELOW
                if confident and not VECTORS_REORDER_CONFIDENT:
                    # The words answer: their order stands, the vectors only add after it.
                    mine = {g.key for g in groups}
                    fused = groups + [g for g in fused if g.key not in mine]
                groups = _keep_order(fused, same) if NEWEST_KEEPS_ORDER else fused
            if recency is not None and SUCCESSORS:
                groups = _successor_first(index, groups, vault, current_project, exclude_session)
            groups = _existing(_cap_generated(groups), vault, limit)
            _add_snippets(index, ran, expression, words, groups, mark)
            via = ranked is not None
            coverage = _coverage(index, query, groups[:3], freqs, via) if groups else 0.0
            hits = tuple(_hit(index, g, mark) for g in groups)
            abstain = not hits or coverage < ABSTAIN_BELOW
            return Recall(hits, abstain, ran if (hits or ran) else "", round(coverage, 3))

        found = answer(where, ran, expression, candidates)
        if topic and found.abstain and WINDOW_FALLBACK:
            # Something inside the window, but nothing about the topic: the day may be
            # misremembered, or be the day the thing happened, not the day it was discussed
            # ("what did Maria do on 7 July?"): the topic without the window, when it is better
            # covered there (the agent named still holds).
            wider = replace(unscoped, agent=where.agent)
            again = answer(wider, *_lexical(index, query, wider, mode, limit, freqs))
            if again.coverage > found.coverage:
                # ... and the day named keeps its best result, right after the wider answer's first
                kept = {h.rel: h for h in found.hits[:WINDOW_KEPT]}
                rest = [h for h in again.hits if h.rel not in kept]
                found = replace(again, hits=(*rest[:1], *kept.values(), *rest[1:])[:limit])
        if CJK_FALLBACK and readable and (found.abstain or not found.hits):
            # Nothing clear in the question's own words: once more with the Chinese and
            # Japanese words of its terms (an English question about a session held in
            # Chinese), judged on the question's terms, each found in its own words or theirs.
            in_cjk = _with_cjk_words(query)
            if in_cjk:
                again = answer(where, *_lexical(index, in_cjk, where, "any", limit, freqs), in_cjk)
                if again.hits and (not found.hits or again.coverage > found.coverage):
                    found = again
        if found.hits and not found.abstain and _unseen(index, named, query, freqs):
            found = replace(found, abstain=True)
    if asked is not None and scoped:
        found = replace(found, scope=asked.scope())
    return found


# --- lexical ---------------------------------------------------------------------------------


def _lexical(
    index: Index, query: str, where: Any, mode: str, limit: int, freqs: maxscore.DocFreqs
) -> tuple[str, str, list[Candidate]]:
    """(mode that ran, its FTS5 expression, candidates best first)."""
    want = max(CANDIDATES, limit * 10)
    natural = mode == "any" or (mode == "auto" and nlquery.looks_natural(query))
    if not natural:
        expression = to_fts(query)
        found = (
            rows.candidates(index, expression, where, limit=want, mark=DEFAULT_MARK)
            if expression
            else []
        )
        if found or mode == "all":
            return "all", expression, found
    expression_any, found = maxscore.candidates(
        index, query, where, limit=want, mark=DEFAULT_MARK, freqs=freqs
    )
    if expression_any is None:
        return ("any" if natural else ""), "", []
    return "any", expression_any, found


def _add_snippets(
    index: Index,
    ran: str,
    expression: str,
    query: str,
    groups: list[_Group],
    mark: tuple[str, str],
) -> None:
    """Snippets for the results shown only. Exact syntax: FTS5's own (phrases, NOT). Plain
    words: made here from the row's text, because FTS5 would re-run the whole OR of prefix
    terms for every snippet (a millisecond or more each)."""
    wanted = [g.best.rowid for g in groups if not g.best.snippet]
    if not expression or not wanted:
        return
    # An event's indexed text is its heading (time, kind, the text's start) and then its text:
    # FTS5's snippet would often show the heading, which the hit's title line already shows.
    # make_snippet reads past it, so events get it for exact syntax too.
    events = {g.best.rowid for g in groups if g.best.type == "event"}
    found: dict[int, str] = {}
    if ran == "all":
        found = rows.snippets(index, expression, [r for r in wanted if r not in events], mark=mark)
    plain = [r for r in wanted if r not in found]
    if plain:
        terms = nlquery.terms(query)
        texts = rows.texts(index, plain)
        found.update((r, make_snippet(texts.get(r, ""), terms, mark)) for r in plain)
    for g in groups:
        if found.get(g.best.rowid) and not g.best.snippet:
            g.best = g.best._replace(snippet=found[g.best.rowid])


class _Group:
    __slots__ = ("best", "date", "key", "members", "score", "summary_rel")

    def __init__(self, key: str, best: Candidate, score: float) -> None:
        self.key = key
        self.best = best
        self.score = score
        self.members: list[float] = []
        self.date = best.date
        self.summary_rel: str | None = best.rel if best.type == "summary" else None


def _demote(
    index: Index, candidates: list[Candidate], replaced: frozenset[str] | set[str] = frozenset()
) -> list[Candidate]:
    """Memories no longer in force (superseded by a newer one) or handed to agents many times
    and never used, and any note a note in force says it replaces (`replaced`, from its
    `supersedes` property: core/replaced_notes.py; a session's events with their session's
    note), rank `DEMOTED_WEIGHT` lower: still found, below the note that replaced them
    (services/learning/supersession.py, usage.py)."""
    rels = {c.rel for c in candidates if c.type == "memory"}
    sunk = rows.demoted_memories(index, rels, SINK_AFTER) if rels else set()
    if not sunk and not replaced:
        return candidates
    return [
        c._replace(bm25=c.bm25 * DEMOTED_WEIGHT)
        if c.rel in replaced or (c.type == "memory" and c.rel in sunk)
        else c
        for c in candidates
    ]


def _replaced(index: Index, candidates: list[Candidate]) -> set[str]:
    """The candidates' notes a note in force says it replaces (core/replaced_notes.py), and
    those whose status line says they were superseded (services/recall/stand_in.py)."""
    if not REPLACED_DEMOTED or not candidates:
        return set()
    return rows.replaced_notes(index, {c.rel for c in candidates}) | stand_in.superseded(
        index, candidates
    )


def _group_key(c: Candidate) -> str:
    if c.type in _MEMBER_TYPES and c.session_id:
        return "session:" + c.session_id
    return "note:" + c.rel


def _group(
    candidates: list[Candidate],
    current_project: str | None,
    exclude_session: str | None,
    vault: Path,
    recency: float | None = None,
) -> list[_Group]:
    groups: dict[str, _Group] = {}
    for c in candidates:
        if exclude_session and c.session_id == exclude_session:
            continue
        weighted = -c.bm25 * type_weight(c.type, c.level)
        if c.type == "event" and c.heading and asked_only(c.heading):
            weighted *= ASKED_WEIGHT
        key = _group_key(c)
        group = groups.get(key)
        if group is None:
            groups[key] = _Group(key, c, weighted)
            continue
        group.members.append(weighted)
        if c.type == "summary":
            group.summary_rel = c.rel
        if weighted > group.score:
            group.members.append(group.score)
            group.members.remove(weighted)
            group.best, group.score = c, weighted
        group.date = max(group.date, c.date)
    ranked = list(groups.values())
    _finish(ranked, current_project, RECENCY_WEIGHT if recency is None else recency)
    return ranked


def _listed(
    index: Index, where: Any, exclude_session: str | None, vault: Path, limit: int
) -> tuple[Hit, ...]:
    """The sessions in an asked window (or of an asked agent), newest first, each shown by
    its closing message there."""
    found = [
        c for c in rows.sessions_in(index, where, limit=limit + 1)
        if not (exclude_session and c.session_id == exclude_session)
    ][:limit]  # fmt: skip
    texts = rows.texts(index, [c.rowid for c in found])
    hits = []
    for rank, c in enumerate(found):
        # An event's text reads "\nheading\ntext\n": the hit's line already shows the heading,
        # so the snippet is the text (what was asked or said), the heading only without one.
        body = unsegment(texts.get(c.rowid, "")).split("\n")
        snippet = " ".join(" ".join(body[2:] if "".join(body[2:]).strip() else body).split())
        snippet = snippet[:240]
        g = _Group(_group_key(c), c._replace(snippet=snippet), float(limit - rank))
        if (vault / c.rel).exists():
            hits.append(_hit(index, g, DEFAULT_MARK))
    return tuple(hits)


def _newest_answer_first(
    index: Index,
    query: str,
    groups: list[_Group],
    freqs: maxscore.DocFreqs,
    replaced: frozenset[str] | set[str] = frozenset(),
    stand_for: dict[str, str] | None = None,
    named: frozenset[str] = frozenset(),
    same_out: list[str] | None = None,
) -> list[_Group]:
    """What was decided: of the first `DECIDED_AMONG` results, those that hold as much of the
    question as the best one does (`_coverages`, `DECIDED_SAME` of its share) answer the same
    question, and the newest of them is the decision in force: they come first, newest first.
    The recency weight alone cannot do this: an older note that argued the decision at length
    outscores the short note that records where it ended up by more than any weight that
    leaves the other results' order alone. Their scores are handed out again in the new order,
    so a result's score still never rises down the list. A stand-in (`stand_for`: the note a
    superseded record names) holds what the record it stands in for holds. `named`: the
    projects the question names; a note of another project does not answer it, however new
    (it keeps its place below). `same_out`, when given, receives the keys of the results found
    to answer the same question, in their new order (`_keep_order`)."""
    top = groups[:DECIDED_AMONG]
    shares = _coverages(index, query, top, freqs)
    if stand_for:  # a stand-in holds what the record it stands in for holds
        held = {g.best.rel: c for g, c in zip(top, shares, strict=True)}
        shares = [max(c, held.get(stand_for.get(g.best.rel, ""), 0.0))
                  for g, c in zip(top, shares, strict=True)]  # fmt: skip
    best = max(shares, default=0.0)
    if best <= 0.0:
        return groups
    same = [g for g, share in zip(top, shares, strict=True) if share >= best * DECIDED_SAME
            and (not named or not g.best.project or g.best.project in named)]  # fmt: skip
    if len(same) < 2:
        return groups
    scores = sorted((g.score for g in same), reverse=True)
    # ... but a note another one says it replaces is not in force, however recently touched,
    # and neither is an unreviewed candidate memory (L1: a proposal nobody approved yet)
    same.sort(key=lambda g: (g.best.rel not in replaced, _reviewed(g), g.date), reverse=True)
    for g, score in zip(same, scores, strict=True):
        g.score = score
    if same_out is not None:
        same_out[:] = [g.key for g in same]
    chosen = {id(g) for g in same}
    return same + [g for g in groups if id(g) not in chosen]


_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")


def _projects_named(index: Index, query: str) -> frozenset[str]:
    """The projects whose name (the last part of their path) is a word of `query`: what a
    decision asked about in "which cache does quill use" is quill's."""
    words = {w.lower() for w in _WORD.findall(query)}
    if not words:
        return frozenset()
    return frozenset(
        p for p in rows.projects(index) if p.rstrip("/").rsplit("/", 1)[-1].lower() in words
    )


def _reviewed(g: _Group) -> bool:
    """False for an unreviewed candidate memory (L1), which decides nothing yet."""
    return not (g.best.type == "memory" and (g.best.level or "L1") == "L1")


_NO_ROW = "\x00"


def _successor_first(
    index: Index,
    groups: list[_Group],
    vault: Path,
    current_project: str | None,
    exclude_session: str | None,
) -> list[_Group]:
    """`groups` with the last note of the first result's replacement chain first
    (core/hook/successor.py), when there is one."""
    first = next((g for g in groups if (vault / g.best.rel).exists()), None)
    if first is None:
        return groups
    from vaultsync.core.hook.agents import Incoming
    from vaultsync.core.hook.recall_search import Hit as Row
    from vaultsync.core.hook.successor import follow

    c = first.best
    conn = index.conn
    text = conn.execute("SELECT title, about, body FROM fts WHERE rowid = ?", (c.rowid,)).fetchone()
    title, about, body = text if text else (c.title, "", "")
    owner = conn.execute("SELECT note_id FROM events WHERE id = ?", (c.rowid,)).fetchone()
    row = Row(
        kind=c.type, rel=c.rel, agent=c.agent or "", date=c.date or "", score=0.0, coverage=0,
        note_id=owner[0] if owner else c.rowid, heading=c.heading or "", tool="", props="{}",
        sid=c.session_id or "", project=c.project or "", title=title or "",
        body="\n".join(filter(None, (about, body)))[:3000],
    )  # fmt: skip
    # The asking session is left out below: the hook's query leaves out the rows of one
    # (session, agent) pair, here a pair no row has (an empty pair would leave out every note
    # outside a session).
    asking = Incoming(
        agent=_NO_ROW, native_event="", kind=None, session_id=_NO_ROW, cwd=current_project or ""
    )
    try:
        later = follow(conn, row, asking)
    except Exception:  # fail-open: the answer as ranked rather than none
        return groups
    if later is None:
        return groups
    key = (
        "session:" + later.sid if later.kind in _MEMBER_TYPES and later.sid else "note:" + later.rel
    )
    if exclude_session and key == "session:" + exclude_session:
        return groups
    found = next((g for g in groups if g.key == key), None)
    if found is None:
        from vaultsync.storage.vectors import store as vectors

        made = vectors.candidates_for(index, [key])
        if not made:
            return groups
        found = _Group(key, made[0], 0.0)
    found.score = max(g.score for g in groups)
    return [found, *(g for g in groups if g is not found)]


def _existing(groups: list[_Group], vault: Path, limit: int) -> list[_Group]:
    """The first `limit` results whose file is still there (deleted since indexing: left out)."""
    out: list[_Group] = []
    for g in groups:
        if len(out) >= limit:
            break
        if (vault / g.best.rel).exists():
            out.append(g)
    return out


def _finish(
    groups: list[_Group], current_project: str | None, recency: float = RECENCY_WEIGHT
) -> None:
    """Apply group support, recency and project weights, then sort best first."""
    dates = sorted({g.date for g in groups})
    position = {d: i / (len(dates) - 1) if len(dates) > 1 else 1.0 for i, d in enumerate(dates)}
    for g in groups:
        support = sum(sorted(g.members, reverse=True)[:GROUP_SUPPORT_MAX]) * GROUP_SUPPORT
        score = g.score + support
        score *= 1 + recency * position[g.date]
        if current_project and _in_project(g.best.project, current_project):
            score *= 1 + PROJECT_WEIGHT
        g.score = score
    groups.sort(key=lambda g: (-g.score, g.key))


def _in_project(project: str, current: str) -> bool:
    base = current.rstrip("/") or current
    return project == base or project.startswith(base + "/")


def _cap_generated(groups: list[_Group]) -> list[_Group]:
    """At most GENERATED_MAX generated files, and none first while a note stands behind it: a
    short USER.md holding a memory's title and its link (the file name again) can outscore the
    memory itself despite its weight, and an agent handed USER.md first reads the memory
    second-hand."""
    out, generated = [], 0
    for g in groups:
        if g.best.type == "generated":
            generated += 1
            if generated > GENERATED_MAX:
                continue
        out.append(g)
    lead = next((i for i, g in enumerate(out) if g.best.type != "generated"), 0)
    for g in out[:lead]:  # shown below the note it follows, its score says so too
        g.score = min(g.score, out[lead].score)
    return out[lead : lead + 1] + out[:lead] + out[lead + 1 :]


# --- semantic ---------------------------------------------------------------------------------


def _use_semantic(config: Config, forced: bool | None) -> bool:
    """Vectors when forced on (and installed), else as `[search] semantic` says."""
    if forced is False:
        return False
    from vaultsync.storage.vectors import store as vectors

    return vectors.available(config) if forced else vectors.enabled(config)


def _vector_ranking(vault: Path, config: Config, index: Index, query: str, where: Any) -> list[str]:
    from vaultsync.storage.vectors import store as vectors

    try:
        return vectors.rank(vault, config, index, query, where)
    except Exception:  # a broken model or vector file must never cost the lexical answer
        return []


def _fuse(
    index: Index,
    groups: list[_Group],
    vector_keys: list[str],
    exclude_session: str | None,
    limit: int,
    recency: float | None = None,
    held: frozenset[str] | set[str] = frozenset(),
    unread: frozenset[str] | set[str] = frozenset(),
) -> list[_Group]:
    """Reciprocal rank fusion of the lexical groups and the vector ranking (group keys).

    score = 1 / (RRF_K + lexical rank) + VECTOR_WEIGHT / (RRF_K + vector rank). Results only
    the vectors found are read from the index only if they can make the list. The `held` keys
    (full-coverage lexical hits among the first HELD_TOP) stay among the first HELD_TOP. The
    `unread` keys (Korean notes, `_unread`) take their lexical rank as their vector rank: the
    vectors say nothing of a text they cannot read.
    """
    lexical_rank = {g.key: i for i, g in enumerate(groups)}
    by_key = {g.key: g for g in groups}
    # "what is true now": the vector ranking gets the newest-first preference the lexical
    # ranking already has (by rank of date among the lexical results; a result only the
    # vectors found counts as the oldest). Only the vector share: the lexical rank carries
    # the preference once already, and multiplying the fused score again let the date
    # outweigh nine lexical ranks (a question's best-matching older session fell from second
    # to sixth though both rankings put it second).
    boost: dict[str, float] = {}
    if recency:
        dates = sorted({g.date for g in groups})
        where = {d: i / (len(dates) - 1) if len(dates) > 1 else 1.0 for i, d in enumerate(dates)}
        boost = {g.key: recency * where[g.date] for g in groups}
    fused: dict[str, float] = {}
    for i, g in enumerate(groups):
        fused[g.key] = 1 / (RRF_K + i + 1)
    for i, key in enumerate(vector_keys):
        if (exclude_session and key == "session:" + exclude_session) or key in unread:
            continue
        share = VECTOR_WEIGHT / (RRF_K + i + 1) * (1 + boost.get(key, 0.0))
        fused[key] = fused.get(key, 0.0) + share
    for key in unread:
        if key in lexical_rank:
            rank = lexical_rank[key]
            fused[key] += VECTOR_WEIGHT / (RRF_K + rank + 1) * (1 + boost.get(key, 0.0))
    order = sorted(fused, key=lambda k: (-fused[k], lexical_rank.get(k, 10**6), k))
    order = _hold(order, held, min(HELD_TOP, limit))
    # room for results whose file has gone and for generated files held back
    head = order[: limit * 2 + GENERATED_MAX + 5]
    missing = [k for k in head if k not in by_key]
    if missing:
        from vaultsync.storage.vectors import store as vectors

        for c in vectors.candidates_for(index, missing):
            by_key.setdefault(_group_key(c), _Group(_group_key(c), c, 0.0))
    out = [by_key[k] for k in order if k in by_key]
    for g in out:
        g.score = round(fused[g.key] * 1000, 3)
    return out


# A Korean note (its best row, or for a session its first prompt) keeps its lexical place in the
# fusion: English questions about Korean sessions fell below English ones the vectors liked
# (chosen on dev: rounds 16 and 17, English questions about Korean notes).
KOREAN_UNREAD = True
UNREAD_AMONG = 30  # the lexical groups whose language is read (a query each)


def _unread(index: Index, groups: list[_Group]) -> set[str]:
    """The keys of the first `UNREAD_AMONG` groups whose text is Korean (`KOREAN_UNREAD`)."""
    from vaultsync.core import cjk_scan
    from vaultsync.storage.vectors import store as vectors

    out: set[str] = set()
    if not KOREAN_UNREAD:
        return out
    for g in groups[:UNREAD_AMONG]:
        sql = "SELECT substr(about || ' ' || body, 1, 400) FROM fts WHERE rowid = ?"
        row = index.conn.execute(sql, (g.best.rowid,)).fetchone()
        text = row[0] if row and row[0] else g.best.title
        if g.key.startswith("session:"):
            first = index.conn.execute(
                "SELECT substr(f.about, 1, 400) FROM notes n JOIN events e ON e.note_id = n.id"
                " JOIN fts f ON f.rowid = e.id WHERE n.rel = ? AND e.kind = 'prompt'"
                " ORDER BY e.seq LIMIT 1",
                (g.best.rel,),
            ).fetchone()
            text += " " + (first[0] if first and first[0] else "")
        if vectors.korean(cjk_scan.unsegment(text)):
            out.add(g.key)
    return out


# What is in force: the results `_newest_answer_first` found answering the same question keep
# their order among themselves, newest first, once the vectors are fused (each takes the next
# of the places the fusion gave the group). A cosine says how alike two texts are, not which of
# two notes about one thing is the later: fused, an older decision the vectors liked came above
# the one that replaced it (round 21's dev, a request inside a task prompt; round 17's dev, an
# English question about a Korean note), below the engine without vectors.
NEWEST_KEEPS_ORDER = True


def _keep_order(order: list[_Group], same: list[str]) -> list[_Group]:
    """`order` with the groups whose keys are in `same` put in the order `same` gives, each in
    the next of the places those groups hold in `order`; a place keeps its score, so a score
    never rises down the list. Every other group keeps its place."""
    if len(same) < 2:
        return order
    wanted = set(same)
    by_key = {g.key: g for g in order if g.key in wanted}
    scores = [g.score for g in order if g.key in wanted]
    queue = iter([by_key[k] for k in same if k in by_key])
    out = [next(queue) if g.key in wanted else g for g in order]
    for g, score in zip((g for g in out if g.key in wanted), scores, strict=True):
        g.score = score
    return out


def _hold(order: list[str], held: frozenset[str] | set[str], top: int) -> list[str]:
    """`order` with every `held` key among its first `top`: a held key the fusion put lower
    takes the place of the last unheld key there; otherwise the fused order stands."""
    inside = order[:top]
    late = [k for k in order[top:] if k in held]
    if not late:
        return order
    kept = [k for k in inside if k in held]
    free = [k for k in inside if k not in held][: top - len(kept) - len(late)]
    first = set(kept + late + free)
    return [k for k in order if k in first] + [k for k in order if k not in first]


# --- results ---------------------------------------------------------------------------------


def _hit(index: Index, g: _Group, mark: tuple[str, str]) -> Hit:
    c = g.best
    summary = g.summary_rel
    if summary is None and c.session_id and c.type in _MEMBER_TYPES:
        summary = rows.summary_of(index, c.session_id)
    return Hit(
        id=c.event_id or c.rel,
        rel=c.rel,
        type=c.type,
        title=c.title if c.event_id is None else f"{c.title} › {c.heading}",
        date=c.date,
        agent=c.agent or None,
        session_id=c.session_id or None,
        project=c.project or None,
        level=c.level or None,
        score=round(g.score, 3),
        snippet=clean_snippet(c.snippet, mark) if c.snippet else "",
        summary_rel=summary,
    )
