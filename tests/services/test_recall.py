"""The recall engine: modes, grouping, every ranking weight, abstention, against a real index."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vaultsync.core import eventlog
from vaultsync.core.config import Config, load_config
from vaultsync.core.model import Event, EventKind
from vaultsync.core.properties import render_frontmatter
from vaultsync.core.query import nlquery
from vaultsync.services.derived.reconcile import rebuild
from vaultsync.services.recall import engine
from vaultsync.services.recall.engine import recall
from vaultsync.services.recall.search import IndexMissing, SearchError
from vaultsync.storage.recall_rows import Candidate

DAY = "2026-11-20T09:00:00Z"
ROLLOUT = "# Rollout\n\nDeploys use a blue green rollout with a canary step.\n"


def put(vault: Path, rel: str, body: str, **props: object) -> None:
    target = vault / rel
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text((render_frontmatter(props) if props else "") + body, encoding="utf-8")


def session(vault: Path, sid: str, texts: list[str], *, project: str, day: str = DAY) -> None:
    events = [
        Event(id=f"{sid}-{n}", ts=f"{day[:11]}10:0{n}:00Z", agent="claude-code", session_id=sid,
              kind=EventKind.PROMPT, prompt=text, project=project)
        for n, text in enumerate(texts)
    ]  # fmt: skip
    body = f"# Session {sid}\n" + "".join(map(eventlog.render, events))
    put(vault, f"sessions/2026/11/{sid}.md", body,
        type="session", agent="claude-code", session_id=sid, project=project, created=day,
        status="pending")  # fmt: skip


@pytest.fixture
def evening(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Where a vault goes, asked at 18:00 UTC on 2026-11-20 by a person in UTC."""
    monkeypatch.setenv("VAULTSYNC_TZ", "UTC")
    monkeypatch.setenv("VAULTSYNC_NOW", "2026-11-20T18:00:00Z")
    return tmp_path / "vault"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Config]:
    root = tmp_path_factory.mktemp("recall")
    vault = root / "vault"
    same = {"updated": DAY, "created": DAY, "project": "/work/api"}
    put(vault, "memories/L3-core/rollout-l3.md", ROLLOUT, type="memory", level="L3",
        scope="project", **same)  # fmt: skip
    put(vault, "memories/L2-confirmed/rollout-l2.md", ROLLOUT, type="memory", level="L2",
        scope="project", **same)  # fmt: skip
    put(vault, "memories/L1-candidates/rollout-l1.md", ROLLOUT, type="memory", level="L1",
        scope="user", **same)  # fmt: skip
    put(vault, "notes/rollout-note.md", ROLLOUT, **same)
    put(vault, "summaries/s-sum.md", "# Rollout\n\nDeploys use a blue green rollout.\n",
        type="summary", session_id="s-sum", **same)  # fmt: skip
    session(vault, "s-sum", ["Deploys use a blue green rollout."], project="/work/api")
    # one session says it three times, another once: the same best event
    session(vault, "s-many", ["the flaky login test needs a retry", "login test flaky again",
                              "made the login test stable"], project="/work/web")  # fmt: skip
    session(vault, "s-one", ["the flaky login test needs a retry"], project="/work/web")
    # identical decisions, a month apart: the newer ranks first
    put(vault, "notes/queue-old.md", "# Queue\n\nInvoices go through the message queue.\n",
        updated="2026-10-01T09:00:00Z")  # fmt: skip
    put(vault, "notes/queue-new.md", "# Queue\n\nInvoices go through the message queue.\n",
        updated="2026-11-01T09:00:00Z")  # fmt: skip
    # identical notes in two projects
    put(vault, "notes/cache-api.md", "# Cache\n\nThe cache key includes the tenant.\n",
        project="/work/api", updated=DAY)  # fmt: skip
    put(vault, "notes/cache-web.md", "# Cache\n\nThe cache key includes the tenant.\n",
        project="/work/web", updated=DAY)  # fmt: skip
    put(vault, "notes/zh.md", "# 数据库\n\n我们决定用 PostgreSQL 作为主数据库，缓存用 Redis。\n")
    config = Config(vault, root / "index.sqlite", load_config(vault).data)
    rebuild(vault, config)
    return vault, config


def ask(built: tuple[Path, Config], query: str, **kw: object) -> engine.Recall:
    kw.setdefault("semantic", False)
    return recall(built[0], built[1], query, **kw)  # type: ignore[arg-type]


def rels(found: engine.Recall) -> list[str]:
    return [h.rel for h in found.hits]


def test_a_question_finds_what_exact_syntax_misses(built: tuple[Path, Config]) -> None:
    question = "which rollout strategy do we use for deploys?"
    assert ask(built, question, mode="all").hits == ()
    found = ask(built, question)
    assert found.mode == "any" and not found.abstain
    assert found.hits[0].type in ("memory", "summary")  # distilled knowledge before raw events


def test_exact_syntax_still_works(built: tuple[Path, Config]) -> None:
    assert rels(ask(built, '"blue green" canary', mode="all"))[0].endswith("rollout-l3.md")
    assert ask(built, "canary NOT rollout", mode="all").hits == ()
    assert ask(built, "flak*", mode="all").mode == "all"
    assert ask(built, "flak*").hits  # auto: exact syntax runs as written
    # auto: a phrase that finds nothing falls back to plain words
    assert ask(built, '"rollout canary blue"').mode == "any"
    with pytest.raises(ValueError):
        ask(built, "x", mode="some")


def test_memories_and_summaries_outrank_equal_events(built: tuple[Path, Config]) -> None:
    order = rels(ask(built, "blue green rollout", limit=20))
    l3, l2, l1 = (order.index(f"memories/{d}/rollout-{lvl}.md") for d, lvl in (
        ("L3-core", "l3"), ("L2-confirmed", "l2"), ("L1-candidates", "l1")))  # fmt: skip
    assert l3 < l2 < l1 < order.index("notes/rollout-note.md")
    weights = engine.TYPE_WEIGHT
    assert weights["memory:L3"] > weights["memory:L2"] > weights["memory:L1"] > weights["event"]
    assert weights["summary"] > weights["event"] and weights["generated"] < weights["note"]


def test_a_session_is_one_result_carrying_its_summary(built: tuple[Path, Config]) -> None:
    found = ask(built, "blue green rollout", limit=20)
    sessions = [h for h in found.hits if h.session_id == "s-sum"]
    assert len(sessions) == 1
    hit = sessions[0]
    assert hit.summary_rel == "summaries/s-sum.md" and hit.project == "/work/api"
    # the session's event and summary collapsed: the summary (weighted higher) represents it
    assert hit.type == "summary"


def test_more_matching_events_support_a_session(built: tuple[Path, Config]) -> None:
    found = ask(built, "flaky login test retry")
    order = [h.session_id for h in found.hits]
    assert order.index("s-many") < order.index("s-one")
    assert len([s for s in order if s == "s-many"]) == 1
    assert engine.GROUP_SUPPORT > 0 and engine.GROUP_SUPPORT_MAX >= 1


def test_generated_files_never_crowd_out_their_sources(built: tuple[Path, Config]) -> None:
    found = ask(built, "blue green rollout canary", limit=20)
    kinds = [h.type for h in found.hits]
    assert kinds.count("generated") <= engine.GENERATED_MAX
    if "generated" in kinds:
        assert kinds.index("generated") > kinds.index("memory")


def test_recency_breaks_ties(built: tuple[Path, Config]) -> None:
    order = rels(ask(built, "invoices message queue"))
    assert order.index("notes/queue-new.md") < order.index("notes/queue-old.md")
    assert 0 < engine.RECENCY_WEIGHT < 0.5  # a tie-breaker, not a ranking of its own


def test_current_project_breaks_ties(built: tuple[Path, Config]) -> None:
    for project, first in (
        ("/work/api", "notes/cache-api.md"),
        ("/work/web", "notes/cache-web.md"),
    ):
        order = rels(ask(built, "what goes into the cache key?", current_project=project))
        assert order[0] == first
    assert 0 < engine.PROJECT_WEIGHT < 0.5


def test_exclude_session_and_filters(built: tuple[Path, Config]) -> None:
    found = ask(built, "flaky login test", exclude_session="s-many")
    assert "s-many" not in {h.session_id for h in found.hits}
    found = ask(built, "blue green rollout", type="memory", level="L2")
    assert rels(found) == ["memories/L2-confirmed/rollout-l2.md"]
    found = ask(built, "flaky login test", project="/work/api")
    assert found.hits == () and found.abstain


def test_abstains_on_what_was_never_discussed(built: tuple[Path, Config]) -> None:
    never = ask(built, "which GraphQL server library did we choose for subscriptions?")
    assert never.abstain and never.coverage < engine.ABSTAIN_BELOW
    known = ask(built, "how do we do rollouts, blue green or canary?")
    assert not known.abstain and known.coverage >= engine.ABSTAIN_BELOW


def test_chinese_question(built: tuple[Path, Config]) -> None:
    found = ask(built, "我们的主数据库用的是什么？")
    assert found.mode == "any" and rels(found)[0] == "notes/zh.md" and not found.abstain
    assert ask(built, "公司年会的预算是多少").abstain


def test_no_index(tmp_path: Path) -> None:
    config = Config(tmp_path, tmp_path / "missing.sqlite", {})
    with pytest.raises(IndexMissing):
        recall(tmp_path, config, "anything")


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=st.text(max_size=80), mode=st.sampled_from(engine.MODES))
def test_no_input_makes_recall_fail(built: tuple[Path, Config], text: str, mode: str) -> None:
    if not nlquery.has_words(text):  # "?", "*", "": nothing to search for, said as such
        with pytest.raises(SearchError, match="nothing to search for"):
            ask(built, text, mode=mode)
        return
    found = ask(built, text, mode=mode)
    assert found.abstain in (True, False) and len(found.hits) <= 10


def _group(key: str) -> engine._Group:
    c = Candidate(1, key, key, None, "note", -1.0, "", None, "", "", "", "", "")
    return engine._Group("note:" + key, c, 1.0)


def test_fusion_weighs_the_vector_ranking_by_vector_weight() -> None:
    # score = 1 / (RRF_K + lexical rank) + VECTOR_WEIGHT / (RRF_K + vector rank)
    assert 0 < engine.VECTOR_WEIGHT < 1 and engine.RRF_K == 10
    fused = engine._fuse(None, [_group("a"), _group("b")], ["note:b"], None, 10)  # type: ignore[arg-type]
    assert [g.key for g in fused] == ["note:b", "note:a"]  # agreement beats one rank
    # a first place in both rankings alone: the lexical one counts more
    fused = engine._fuse(None, [_group("a"), _group("b")], ["note:b", "note:a"], None, 10)  # type: ignore[arg-type]
    k, w = engine.RRF_K, engine.VECTOR_WEIGHT
    assert fused[0].score == round((1 / (k + 1) + w / (k + 2)) * 1000, 3)
    assert [g.key for g in fused] == ["note:a", "note:b"]


def _dated(key: str, date: str) -> engine._Group:
    g = _group(key)
    g.date = date
    return g


def test_a_full_coverage_lexical_hit_stays_in_the_top_five_whatever_the_vectors_say() -> None:
    # five partial matches the vectors all agree on, and the one result holding every word
    lexical = [_group(k) for k in "abcdef"]
    agree = ["note:b", "note:c", "note:d", "note:e", "note:f"]
    plain = engine._fuse(None, lexical, agree, None, 10)  # type: ignore[arg-type]
    assert [g.key for g in plain].index("note:a") == 5  # the fusion alone pushes it out
    held = engine._fuse(None, lexical, agree, None, 10, held={"note:a"})  # type: ignore[arg-type]
    assert [g.key for g in held][:5] == ["note:b", "note:c", "note:d", "note:e", "note:a"]
    assert [g.key for g in held][5] == "note:f"  # the last unheld result of the five gives way
    # a held result the fusion already keeps in the top five is left where it is
    assert [g.key for g in engine._fuse(None, lexical, agree, None, 10, held={"note:b"})] == [  # type: ignore[arg-type]
        g.key for g in plain
    ]
    # with fewer results asked for, "the top" is that many
    short = engine._fuse(None, lexical, agree, None, 3, held={"note:a"})  # type: ignore[arg-type]
    assert [g.key for g in short][:3] == ["note:b", "note:c", "note:a"]


def test_with_vectors_the_recency_of_a_decision_counts_once() -> None:
    # "why did we pick X": the older session is second in both rankings; newer sessions the
    # vectors also found must not jump it by date alone (the lexical rank has the recency already)
    dates = {"o": 0, "c": 1, "d": 2, "e": 3, "f": 4, "g": 5, "h": 6, "n": 7}
    lexical = [_dated(k, f"2026-11-0{dates[k] + 1}T09:00:00Z") for k in "nocdefgh"]
    vectors = ["note:" + k for k in "noefgh"]
    fused = [g.key for g in engine._fuse(None, lexical, vectors, None, 10, recency=0.8)]  # type: ignore[arg-type]
    assert fused[:2] == ["note:n", "note:o"]
    # ... and the vector share keeps the newest-first preference: ranked first by the vectors,
    # the newer result overtakes the older lexical first only when the question asks what is
    # true now
    pair = [_dated("old", "2026-11-01T09:00:00Z"), _dated("new", "2026-11-02T09:00:00Z")]
    swapped = ["note:new", "note:old"]
    fused = engine._fuse(None, pair, swapped, None, 10)  # type: ignore[arg-type]
    assert [g.key for g in fused] == ["note:old", "note:new"]
    fused = engine._fuse(None, pair, swapped, None, 10, recency=0.8)  # type: ignore[arg-type]
    assert [g.key for g in fused] == ["note:new", "note:old"]


def test_recall_holds_the_result_with_every_asked_word_against_the_vectors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    vault = tmp_path / "vault"
    put(vault, "notes/full.md", "# Deploys\n\nThe billing canary rollout waits for staging.\n")
    for n in range(6):  # each holds some of the words, none all of them
        put(vault, f"notes/part{n}.md", f"# Part {n}\n\nThe billing canary of service {n}.\n")
    for n in range(20):  # and notes about other things, so these words are rare enough to count
        put(vault, f"notes/other{n}.md", f"# Other {n}\n\nFonts and themes, item {n}.\n")
    config = Config(vault, tmp_path / "index.sqlite", load_config(vault).data)
    rebuild(vault, config)
    agree = [f"note:notes/part{n}.md" for n in range(5)]
    monkeypatch.setattr(engine, "_use_semantic", lambda config, forced: forced is not False)
    monkeypatch.setattr(engine, "_vector_ranking", lambda *args: agree)
    query = "does the billing canary rollout wait for staging?"
    lexical = rels(recall(vault, config, query, semantic=False))
    assert lexical[0] == "notes/full.md"
    assert "notes/full.md" in rels(recall(vault, config, query))[:5]
    # both gates off (the confident order, the held result): the fusion alone pushes it out
    monkeypatch.setattr(engine, "VECTORS_REORDER_CONFIDENT", True)
    assert "notes/full.md" in rels(recall(vault, config, query))[:5]
    monkeypatch.setattr(engine, "FULL_COVERAGE", 1.01)
    assert "notes/full.md" not in rels(recall(vault, config, query))[:5]


def test_vectors_reorder_only_an_answer_the_words_do_not_give(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Vectors on are never below vectors off where the words answer: a confident lexical
    answer keeps its order, whatever the vectors say, and what only the vectors found comes
    after it; a weak one (a paraphrase) is fused."""
    vault = tmp_path / "vault"
    for n in range(4):
        put(vault, f"notes/canary{n}.md", f"# Canary {n}\n\nThe billing canary {'waits ' * n}.\n")
    put(vault, "notes/elsewhere.md", "# Rollouts\n\nHow a release reaches every region.\n")
    for n in range(20):
        put(vault, f"notes/other{n}.md", f"# Other {n}\n\nFonts and themes, item {n}.\n")
    config = Config(vault, tmp_path / "index.sqlite", load_config(vault).data)
    rebuild(vault, config)
    reverse = ["note:notes/elsewhere.md", *(f"note:notes/canary{n}.md" for n in (3, 2, 1, 0))]
    monkeypatch.setattr(engine, "_use_semantic", lambda config, forced: forced is not False)
    monkeypatch.setattr(engine, "_vector_ranking", lambda *args: reverse)
    query = "does the billing canary wait?"
    off = recall(vault, config, query, semantic=False)
    on = recall(vault, config, query)
    assert not off.abstain and rels(on)[: len(off.hits)] == rels(off)
    assert "notes/elsewhere.md" in rels(on)[len(off.hits) :]  # only the vectors found it
    weak = "how does a deployment get to all the zones?"  # no word of the note
    assert rels(recall(vault, config, weak))[0] == "notes/elsewhere.md"


def test_plain_words_weigh_what_a_note_says_it_is_about(tmp_path: Path) -> None:
    from vaultsync.storage.index import WEIGHTS, WEIGHTS_ANY

    vault = tmp_path / "vault"
    filler = "".join(f"Paragraph {n} talks about tables and fonts.\n\n" for n in range(6))
    # the same words: one note's lead paragraph, the other's body further down
    # (the lead note is the longer one: by length alone BM25 would put it second)
    put(vault, "notes/lead.md", "# Alpha\n\nZebra crossings need a signal.\n\n" + filler * 3)
    put(vault, "notes/later.md", "# Beta\n\nTables and fonts.\n\n" + filler
        + "Zebra crossings need a signal.\n")  # fmt: skip
    config = Config(vault, tmp_path / "index.sqlite", load_config(vault).data)
    rebuild(vault, config)
    found = recall(vault, config, "where do zebra crossings need a signal?", semantic=False)
    assert found.mode == "any" and rels(found)[0] == "notes/lead.md"
    # column order (title, keywords, body, about): for plain words `about` outweighs the body
    assert WEIGHTS_ANY[3] > WEIGHTS_ANY[2] and WEIGHTS[3] == WEIGHTS[2]


def test_prompt_time_recall_reads_a_short_memory_from_its_about_column(tmp_path: Path) -> None:
    # A one-paragraph memory is all heading and lead: its text is in `about`, not `body`.
    from vaultsync.core.hook import prompt_recall, recall_search
    from vaultsync.core.hook.agents import Incoming

    vault = tmp_path / "vault"
    put(vault, "memories/L2-confirmed/canary.md",
        "# Deploys\n\nEvery billing deploy waits for the staging canary.\n",
        type="memory", level="L2", scope="project", status="confirmed")  # fmt: skip
    config = Config(vault, tmp_path / "index.sqlite", load_config(vault).data)
    rebuild(vault, config)
    inc = Incoming(agent="codex", native_event="UserPromptSubmit", kind=None, session_id="s")
    conn = recall_search.connect(config.index_file())
    try:
        hits = recall_search.search(conn, prompt_recall._terms("billing deploy canary"), inc)
    finally:
        conn.close()
    assert [h.rel for h in hits] == ["memories/L2-confirmed/canary.md"]
    assert "staging canary" in hits[0].text


def test_a_listed_session_is_told_by_its_closing_message_else_its_first_prompt(
    evening: Path,
) -> None:
    """A session listed for a time question is told by its last closing message that says
    something, else (its turn ended on a tool call: an empty one) by its first prompt; the
    snippet is the text, not the heading again."""
    day = "2026-11-20T10:00:00Z"

    def note(sid: str, events: list[Event]) -> None:
        body = f"# Session {sid}\n" + "".join(map(eventlog.render, events))
        put(evening, f"sessions/2026/11/{sid}.md", body, type="session", agent="codex",
            session_id=sid, project="/w", created=day, status="pending")  # fmt: skip

    def event(sid: str, n: int, kind: EventKind, **text: str) -> Event:
        return Event(id=f"{sid}-{n}", ts=f"2026-11-20T10:0{n}:00Z", agent="codex",
                     session_id=sid, kind=kind, project="/w", **text)  # fmt: skip

    note("quiet", [event("quiet", 1, EventKind.PROMPT, prompt="rename the ledger helper"),
                   event("quiet", 2, EventKind.PROMPT, prompt="and its tests too please"),
                   event("quiet", 3, EventKind.TURN_END, message="")])  # fmt: skip
    note("said", [event("said", 1, EventKind.PROMPT, prompt="fix the export test"),
                  event("said", 2, EventKind.TURN_END, message="Pinned the export clock."),
                  event("said", 4, EventKind.TURN_END, message="")])  # fmt: skip
    # the newest session only started, and holds a question nobody has answered yet
    asked = "what did we get done today?"
    note("asked", [event("asked", 5, EventKind.SESSION_START),
                   event("asked", 6, EventKind.PROMPT, prompt=asked)])  # fmt: skip
    config = load_config(evening)
    rebuild(evening, config)
    hits = recall(evening, config, "what did we get done today?").hits
    assert {h.session_id: h.snippet for h in hits} == {
        "quiet": "rename the ledger helper", "said": "Pinned the export clock.",
        "asked": asked,
    }  # fmt: skip
    # by their newest event, the sessions where the agent did something first
    assert [h.session_id for h in hits] == ["said", "quiet", "asked"]
    # prompt-time recall lists them by the same rule
    from vaultsync.core.hook import recall_search
    from vaultsync.core.hook.agents import Incoming

    inc = Incoming(agent="codex", native_event="UserPromptSubmit", kind=None, session_id="now")
    conn = recall_search.connect(config.index_file())
    try:
        listed = recall_search.listed(conn, inc, ("2026-11-20", "2026-11-21"), "")
    finally:
        conn.close()
    assert [h.sid for h in listed] == ["said", "quiet", "asked"]


def test_a_window_in_the_question_filters_and_lists_its_sessions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import datetime as dt

    monkeypatch.setenv("VAULTSYNC_TZ", "Asia/Shanghai")
    vault = tmp_path / "vault"
    session(vault, "old-fix", ["fix the router timeout in the gateway"], project="/w",
            day="2026-11-05T09:00:00Z")  # fmt: skip
    session(vault, "new-fix", ["the router timeout came back, raise the pool size"],
            project="/w", day="2026-11-19T03:00:00Z")  # fmt: skip
    session(vault, "other", ["dark mode colour tokens"], project="/w", day="2026-11-20T02:00:00Z")
    config = load_config(vault)
    rebuild(vault, config)
    now = dt.datetime(2026, 11, 20, 18, 0, tzinfo=dt.timezone(dt.timedelta(hours=8)))

    def ask(q: str) -> list[str]:
        return [h.session_id or "" for h in recall(vault, config, q, now=now).hits]

    assert set(ask("how did we fix the router timeout?")) >= {"old-fix", "new-fix"}
    assert ask("how did we fix the router timeout yesterday?") == ["new-fix"]
    assert ask("昨天路由超时是怎么修的？ router timeout") == ["new-fix"]
    # nothing but a time: the window's sessions, newest first, not an abstention
    found = recall(vault, config, "what did we get done today?", now=now)
    assert [h.session_id for h in found.hits] == ["other"] and not found.abstain
    assert ask("what did we do on 2026-11-05?") == ["old-fix"]
    assert ask("what did we do last month?") == []
    # the clock override is "now" when none is given
    monkeypatch.setenv("VAULTSYNC_NOW", "2026-11-06T12:00:00+08:00")
    assert [h.session_id for h in recall(vault, config, "what happened yesterday?").hits] == [
        "old-fix"
    ]
    # exact syntax is taken as written: "yesterday" is a word there, not a window
    exact = recall(vault, config, '"router timeout" yesterday', now=now)
    assert {h.session_id for h in exact.hits} == {"old-fix", "new-fix"}


def test_a_topic_outside_the_window_is_still_found(evening: Path) -> None:
    vault = evening
    session(vault, "fix", ["fix the router timeout"], project="/w", day="2026-11-20T09:00:00Z")
    config = load_config(vault)
    rebuild(vault, config)
    # said "yesterday", done today: the topic wins over a misremembered day
    found = recall(vault, config, "how did we fix the router timeout yesterday?")
    assert found.hits[0].session_id == "fix"
    # an agent that did nothing in the window: nothing, flagged
    none = recall(vault, config, "what did Codex do yesterday?")
    assert none.hits == () and none.abstain


def test_what_is_true_now_prefers_the_newest_decision(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("VAULTSYNC_NOW", "2026-11-20T18:00:00Z")
    vault = tmp_path / "vault"
    # the older session says it with more of the question's words
    session(vault, "old", ["background jobs for invoice emails run on celery background jobs"],
            project="/w", day="2026-11-03T09:00:00Z")  # fmt: skip
    session(vault, "new", ["replace celery with dramatiq for the background jobs"], project="/w",
            day="2026-11-10T09:00:00Z")  # fmt: skip
    config = load_config(vault)
    rebuild(vault, config)
    now = [h.session_id for h in recall(vault, config, "what do we use now for background jobs?",
                                        semantic=False).hits]  # fmt: skip
    assert now.index("new") < now.index("old")
    assert engine.DECIDED_RECENCY > engine.RECENCY_WEIGHT


def test_a_translated_cjk_question_is_ranked_without_vectors(
    built: tuple[Path, Config], monkeypatch: pytest.MonkeyPatch
) -> None:
    vault, config = built
    asked: list[str] = []

    def ranking(vault: Path, config: Config, index: object, query: str, where: object) -> list:
        asked.append(query)
        return []

    monkeypatch.setattr(engine, "_use_semantic", lambda config, forced: True)
    monkeypatch.setattr(engine, "_vector_ranking", ranking)
    recall(vault, config, "部署是怎么回滚的？")  # 部署, 回滚: software terms with English words
    recall(vault, config, "蓝绿发布的金丝雀步骤是什么？")  # 发布 too
    recall(vault, config, "how do deploys roll out?")
    recall(vault, config, "金丝雀步骤在哪里？")  # no term of the map: vectors as usual
    assert asked == ["how do deploys roll out?", "金丝雀步骤在哪里？"]


def test_a_message_counts_in_all_of_its_words_not_only_its_heading(tmp_path: Path) -> None:
    # An event's heading repeats the start of its text; the rest of a message is no less what
    # it is about (its text is in the `about` column, not the body a long note's detail is in).
    vault = tmp_path / "vault"
    filler = " ".join(f"word{n}" for n in range(60))
    session(vault, "late", [f"Caroline: {filler} adoption agency interview went well"],
            project="/w")  # fmt: skip
    session(vault, "early", [f"Melanie: adoption {filler}"], project="/w")
    config = load_config(vault)
    rebuild(vault, config)
    found = recall(vault, config, "how did the adoption agency interview go?", semantic=False)
    assert [h.session_id for h in found.hits] == ["late", "early"]


def test_a_window_without_the_topic_gives_way_to_the_topic(
    evening: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    vault = evening
    # discussed a week later than it happened; inside the window, only a passing word
    told = "on 2026-11-12 we moved the billing ledger database to the new cluster"
    session(vault, "told", [told], project="/w", day="2026-11-19T09:00:00Z")
    session(vault, "that-day", ["the database dashboard colours", "lunch plans"], project="/w",
            day="2026-11-12T09:00:00Z")  # fmt: skip
    config = load_config(vault)
    rebuild(vault, config)
    question = "where did we move the billing ledger database on 2026-11-12?"
    found = recall(vault, config, question)
    assert found.hits[0].session_id == "told" and not found.abstain
    monkeypatch.setattr(engine, "WINDOW_FALLBACK", False)
    inside = recall(vault, config, question)
    assert [h.session_id for h in inside.hits] == ["that-day"] and inside.abstain
    # a topic the window does cover stays inside it
    assert [
        h.session_id for h in recall(vault, config, "database dashboard on 2026-11-12").hits
    ] == ["that-day"]


def test_the_day_asked_about_keeps_its_best_result_when_the_topic_leaves_the_window(
    evening: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    vault = evening
    # told on the day in other words than the question's, and better covered on other days
    session(vault, "that-day", ["the database dashboard colours", "lunch plans"], project="/w",
            day="2026-11-12T09:00:00Z")  # fmt: skip
    for n, text in enumerate(("we moved the billing ledger database to the new cluster",
                              "billing ledger database backups checked",
                              "the billing ledger database schema review")):  # fmt: skip
        session(vault, f"told-{n}", [text], project="/w", day=f"2026-11-1{7 + n}T09:00:00Z")
    config = load_config(vault)
    rebuild(vault, config)
    question = "where did we move the billing ledger database on 2026-11-12?"
    found = [h.session_id for h in recall(vault, config, question, limit=3).hits]
    assert found[0].startswith("told-") and found[1] == "that-day" and len(found) == 3
    monkeypatch.setattr(engine, "WINDOW_KEPT", 0)
    wider = [h.session_id for h in recall(vault, config, question, limit=3).hits]
    assert "that-day" not in wider and len(wider) == 3


def test_a_question_naming_what_the_vault_never_mentions_is_flagged_weak(
    evening: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    vault = evening
    session(vault, "search", ["configured the search cluster with three shards"], project="/w",
            day="2026-11-19T09:00:00Z")  # fmt: skip
    config = load_config(vault)
    rebuild(vault, config)
    known = recall(vault, config, "how did we configure the search cluster shards?")
    assert known.hits[0].session_id == "search" and not known.abstain
    for question in (
        "how did we configure the Elasticsearch cluster shards?",
        "我们是怎么配置 Elasticsearch 集群的？ search cluster shards",
    ):
        named = recall(vault, config, question)
        assert named.hits and named.abstain, question  # still shown, flagged
    monkeypatch.setattr(engine, "UNSEEN_NAME_ABSTAINS", False)
    assert not recall(
        vault, config, "how did we configure the Elasticsearch cluster shards?"
    ).abstain
    # a window and a topic found nowhere: the window's sessions, flagged weak
    nowhere = recall(vault, config, "what did we say about the iOS widget yesterday?")
    assert [h.session_id for h in nowhere.hits] == ["search"] and nowhere.abstain
    listed = recall(vault, config, "what did we get done yesterday?")
    assert [h.session_id for h in listed.hits] == ["search"] and not listed.abstain


@pytest.mark.parametrize("words", ["billing timeout", '"billing export"'])
def test_an_event_hit_shows_its_text_not_its_heading_again(tmp_path: Path, words: str) -> None:
    # The hit's title line already reads "<session> › 10:00:00 · turn end · Raised the…"; the
    # line under it is what was said, for plain words and exact syntax alike.
    vault = tmp_path / "vault"
    said = "Raised the billing export timeout to 120 s in config/export.yaml."
    event = Event(id="e-1", ts="2026-11-20T10:00:00Z", agent="claude-code", session_id="s1",
                  kind=EventKind.TURN_END, message=said)  # fmt: skip
    head = render_frontmatter({"type": "session", "agent": "claude-code", "session_id": "s1"})
    note = vault / "sessions" / "s1.md"
    note.parent.mkdir(parents=True)
    note.write_text(head + "\n# Session s1\n" + eventlog.render(event), encoding="utf-8")
    config = Config(vault, tmp_path / "index.sqlite", load_config(vault).data)
    rebuild(vault, config)
    found = recall(vault, config, words, mark=("<", ">"))
    assert found.mode == "all" and found.hits[0].type == "event"
    assert found.hits[0].snippet.startswith("Raised the <billing")


def _typed(key: str, kind: str, score: float) -> engine._Group:
    c = Candidate(1, key, key, None, kind, -1.0, "", None, "", "", "", "", "")
    return engine._Group(f"{kind}:{key}", c, score)


def test_a_generated_file_never_leads_its_sources() -> None:
    """Seen by hand: a memory moved to a folder of the person's, asked "pip 还是 uv": USER.md
    (its title and its link, the file name again, in a short file) scored 4.01 against the
    memory's 2.97 despite its weight, and came first."""
    user = _typed("USER.md", "generated", 4.01)
    memory = _typed("Personal/Prefs/uv 偏好.md", "memory", 2.97)
    agent = _typed("AGENT.md", "generated", 3.5)
    out = engine._cap_generated([user, memory, agent, _typed("s", "summary", 1.66)])
    assert [g.key for g in out] == ["memory:Personal/Prefs/uv 偏好.md", "generated:USER.md",
                                    "summary:s"]  # fmt: skip
    assert [g.score for g in out] == [2.97, 2.97, 1.66]  # the order the scores say
    alone = engine._cap_generated([_typed("USER.md", "generated", 4.0)])
    assert [g.key for g in alone] == ["generated:USER.md"]  # nothing else says it: it comes


def test_a_past_question_ranks_below_the_session_that_answers_it(tmp_path: Path) -> None:
    """Seen by hand: asked "what did we decide about pip vs uv?", search (and the MCP search
    tool) put first the session where the same question had been asked before."""
    vault = tmp_path / "vault"
    session(vault, "asked", ["what did we decide about the invoice queue?"], project="/w/api")
    session(vault, "answered", ["Decided: the invoice queue stays on Redis streams"],
            project="/w/api")  # fmt: skip
    config = Config(vault, tmp_path / "index.sqlite", load_config(vault).data)
    rebuild(vault, config)
    found = recall(vault, config, "what did we decide about the invoice queue?", semantic=False)
    assert [h.session_id for h in found.hits] == ["answered", "asked"]  # still found, lower
    assert 0 < engine.ASKED_WEIGHT < 1


def test_notes_dated_only_by_their_names_are_ordered_by_them(tmp_path: Path) -> None:
    """Two notes a person wrote, with a date only in the title and file name, checked out
    together: the older one's file time was a few seconds newer, and it came first as the
    newest decision (round 15's held-out `datever`, read once, then opened)."""
    vault = tmp_path / "vault"
    old, new = "notes/2027-04-12 tide 数据版本管理.md", "notes/2027-07-21 tide data versioning.md"
    put(vault, old, "# 2027-04-12 tide 数据版本管理\n\ntide 的数据用 DVC 管理。\n")
    put(vault, new, "# 2027-07-21 tide data versioning\n\nWe moved tide's data off DVC to "
        "lakeFS branches.\n")  # fmt: skip
    os.utime(vault / new, (1_800_000_000, 1_800_000_000))
    os.utime(vault / old, (1_800_000_030, 1_800_000_030))  # the checkout wrote it last
    config = Config(vault, tmp_path / "index.sqlite", load_config(vault).data)
    rebuild(vault, config)
    found = recall(vault, config, "How are tide's datasets versioned now, still DVC?",
                   semantic=False)  # fmt: skip
    assert [h.rel for h in found.hits][:2] == [new, old]
    assert found.hits[0].date.startswith("2027-07-21")


def test_a_korean_note_keeps_its_lexical_place_in_the_fusion() -> None:
    # An English question about a Korean session: the vectors (wordllama) cannot read Korean and
    # never rank it, so the English notes they like overtook it. Unread, it takes its lexical
    # rank as its vector rank.
    from vaultsync.storage.vectors import store

    lexical = [_group("ko"), _group("b"), _group("c")]
    vectors = ["note:b", "note:c"]
    plain = engine._fuse(None, lexical, vectors, None, 10)  # type: ignore[arg-type]
    assert next(g.key for g in plain) == "note:b"
    kept = engine._fuse(None, lexical, vectors, None, 10, unread={"note:ko"})  # type: ignore[arg-type]
    assert [g.key for g in kept] == ["note:ko", "note:b", "note:c"]
    assert store.korean("quill 페이지 URL에 언어 코드가 안 붙어서")
    assert not store.korean("設定画面 の UI")
