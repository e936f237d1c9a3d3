"""What did we decide: the newest decision comes first in search and in prompt-time recall,
whatever kind of note holds it (a summary, an L2 memory, a plain note a person wrote with no
date property), when older notes argued older decisions in more of the question's words."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest

from vaultsync.core import paths
from vaultsync.core.config import Config, load_config
from vaultsync.core.hook import prompt_recall, recall_search, relevance, status_line
from vaultsync.core.hook.agents import Incoming
from vaultsync.core.model import EventKind
from vaultsync.core.properties import render_frontmatter
from vaultsync.core.query import nlquery
from vaultsync.services.derived.reconcile import rebuild
from vaultsync.services.recall import coverage, engine
from vaultsync.services.recall.engine import recall
from vaultsync.services.recall.search import make_filter, open_index
from vaultsync.storage import recall_rows

NOW = "2026-12-04T18:00:00Z"
PROJECT = "/home/dev/src/shop"
OLD = "summaries/2026/10/orders database decided.md"
MID = "memories/L2-confirmed/Orders database moved to Postgres.md"
NEW_NOTE = "notes/Orders storage.md"
NEW_MEMORY = "memories/L2-confirmed/Back on SQLite.md"
QUESTION = "What did we decide about the orders database?"


def put(vault: Path, rel: str, body: str, written: str, **props: object) -> None:
    target = vault / rel
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text((render_frontmatter(props) if props else "") + body, encoding="utf-8")
    stamp = datetime.fromisoformat(written).timestamp()
    os.utime(target, (stamp, stamp))


def decisions(vault: Path, *, newest: str) -> None:
    """Three decisions on the orders database; the oldest says "decide" and "database" most.
    `newest`: a plain note with no date property (its file's time says when), or a memory."""
    (vault / paths.CONFIG_DIR).mkdir(parents=True, exist_ok=True)
    # no memory in the session-start context, so prompt recall is the one to give them
    (vault / paths.VAULT_CONFIG).write_text(
        "[budgets]\nuser_md_tokens = 0\nagent_md_tokens = 0\ncontext_tokens = 0\n"
    )
    put(vault, OLD,
        "# Orders database decided: SQLite\n\nWe had to decide the database for the orders "
        "service. Decided: the orders database is SQLite; we decided against a server database "
        "for the orders database.\n", "2026-10-05T10:00:00+00:00",
        type="summary", session_id="s-old", project=PROJECT,
        created="2026-10-05T10:00:00Z", updated="2026-10-05T10:00:00Z")  # fmt: skip
    put(vault, MID,
        "# Orders database moved to Postgres\n\nWe decided to move the orders database to "
        "Postgres for concurrent writers.\n", "2026-10-21T10:00:00+00:00",
        type="memory", level="L2", scope="user", status="confirmed",
        created="2026-10-21T10:00:00Z", updated="2026-10-21T10:00:00Z")  # fmt: skip
    if newest == "note":
        put(vault, NEW_NOTE,
            "# Orders storage\n\nThe orders database runs on SQLite again, in WAL mode.\n",
            "2026-11-28T10:00:00+00:00")  # fmt: skip
    else:
        put(vault, NEW_MEMORY,
            "# Back on SQLite, in WAL mode\n\nThe orders database runs on SQLite again; "
            "Postgres was dropped.\n", "2026-11-28T10:00:00+00:00",
            type="memory", level="L2", scope="user", status="confirmed",
            created="2026-11-28T10:00:00Z", updated="2026-11-28T10:00:00Z")  # fmt: skip


@pytest.fixture
def asked_now(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VAULTSYNC_NOW", NOW)
    monkeypatch.setenv("VAULTSYNC_TZ", "UTC")


def built(tmp_path: Path, newest: str) -> tuple[Path, Config]:
    vault = tmp_path / "vault"
    decisions(vault, newest=newest)
    config = Config(vault, tmp_path / "index.sqlite", load_config(vault).data)
    rebuild(vault, config)
    return vault, config


# --- search ------------------------------------------------------------------------------------


@pytest.mark.usefixtures("asked_now")
def test_of_the_notes_answering_a_decision_the_newest_comes_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    vault, config = built(tmp_path, "memory")
    order = [h.rel for h in recall(vault, config, QUESTION, semantic=False).hits]
    assert order[:3] == [NEW_MEMORY, MID, OLD]
    # without it, the recency weight alone leaves the note that argued it longest on top
    monkeypatch.setattr(engine, "_newest_answer_first", lambda index, q, groups, *rest: groups)
    monkeypatch.setattr(engine, "SUCCESSORS", False)  # (the chain of replacements reaches it too)
    before = [h.rel for h in recall(vault, config, QUESTION, semantic=False).hits]
    assert before[0] != NEW_MEMORY


@pytest.mark.usefixtures("asked_now")
def test_the_vectors_do_not_put_an_older_decision_above_the_newer_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Fused with a vector ranking that likes the oldest decision best (a cosine says how alike
    two texts are, not which note is the later), the answers to the question keep their order,
    newest first, each in a place the fusion gave them (engine.NEWEST_KEEPS_ORDER)."""
    vault, config = built(tmp_path, "memory")
    liked = ["note:" + OLD, "note:" + MID]  # the newest not among what the vectors liked
    monkeypatch.setattr(engine, "_use_semantic", lambda config, forced: True)
    monkeypatch.setattr(engine, "_vector_ranking", lambda *args: liked)
    monkeypatch.setattr(engine, "VECTORS_REORDER_CONFIDENT", True)  # fused, however well covered
    monkeypatch.setattr(engine, "SUCCESSORS", False)  # (the chain of replacements reaches it too)

    def decisions_in(order: list[str]) -> list[str]:
        return [rel for rel in order if rel in (OLD, MID, NEW_MEMORY)]

    found = recall(vault, config, QUESTION, semantic=True)
    assert decisions_in([h.rel for h in found.hits]) == [NEW_MEMORY, MID, OLD]
    scores = [h.score for h in found.hits]
    assert scores == sorted(scores, reverse=True)
    monkeypatch.setattr(engine, "NEWEST_KEEPS_ORDER", False)
    fused = [h.rel for h in recall(vault, config, QUESTION, semantic=True).hits]
    assert decisions_in(fused)[0] != NEW_MEMORY


@pytest.mark.usefixtures("asked_now")
def test_a_newer_unreviewed_candidate_does_not_decide(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An L1 candidate proposing another database, newer than every decision, is not the
    decision in force: the newest reviewed one comes first; read as reviewed, it would."""
    vault, config = built(tmp_path, "memory")
    proposal = "memories/L1-candidates/Orders database moves to MySQL.md"
    put(vault, proposal,
        "# Orders database moves to MySQL\n\nProposed: we decide to move the orders database "
        "to MySQL.\n", "2026-12-01T10:00:00+00:00",
        type="memory", level="L1", scope="user", status="candidate",
        created="2026-12-01T10:00:00Z", updated="2026-12-01T10:00:00Z")  # fmt: skip
    rebuild(vault, config)
    monkeypatch.setattr(engine, "SUCCESSORS", False)
    order = [h.rel for h in recall(vault, config, QUESTION, semantic=False).hits]
    assert proposal in order and order.index(NEW_MEMORY) < order.index(proposal)
    monkeypatch.setattr(engine, "_reviewed", lambda g: True)
    order = [h.rel for h in recall(vault, config, QUESTION, semantic=False).hits]
    assert order[0] == proposal


@pytest.mark.usefixtures("asked_now")
def test_search_follows_a_replaced_decisions_chain_as_prompt_recall_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    vault, config = built(tmp_path, "memory")
    # an older decision on top, as without the newest-first rule
    monkeypatch.setattr(engine, "_newest_answer_first", lambda index, q, groups, *rest: groups)
    monkeypatch.setattr(engine, "SUCCESSORS", False)
    first = recall(vault, config, QUESTION, semantic=False).hits[0].rel
    assert first in (OLD, MID)
    # the chain (core/hook/successor.py: "Postgres was dropped") ends at the newest decision,
    # which stands in for the stale one
    monkeypatch.setattr(engine, "SUCCESSORS", True)
    order = [h.rel for h in recall(vault, config, QUESTION, semantic=False).hits]
    assert order[0] == NEW_MEMORY and {OLD, MID} <= set(order) and len(order) == len(set(order))
    # only a question asking what was decided follows it
    plain = [
        h.rel for h in recall(vault, config, "Postgres concurrent writers", semantic=False).hits
    ]
    assert plain[0] == MID


@pytest.mark.usefixtures("asked_now")
def test_a_note_far_weaker_on_the_question_is_not_lifted_by_its_date(tmp_path: Path) -> None:
    vault, config = built(tmp_path, "memory")
    put(vault, "notes/Release.md", "# Release\n\nThe release notes mention orders.\n",
        "2026-12-03T10:00:00+00:00", updated="2026-12-03T10:00:00Z")  # fmt: skip
    rebuild(vault, config)
    order = [h.rel for h in recall(vault, config, QUESTION, semantic=False).hits]
    assert order[0] == NEW_MEMORY and order.index("notes/Release.md") > order.index(OLD)


@pytest.mark.usefixtures("asked_now")
def test_a_newer_decision_of_another_project_does_not_answer_for_the_one_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Asked what shop decided, kiosk's newer move of its own orders database is not the
    answer (it stays among the results, below); asked about kiosk, it is."""
    vault, config = built(tmp_path, "memory")
    kiosk = "memories/L2-confirmed/Kiosk orders database.md"
    put(vault, kiosk,
        "# Kiosk orders database\n\nThe kiosk orders database moved to DuckDB.\n",
        "2026-12-02T10:00:00+00:00", type="memory", level="L2", scope="project",
        status="confirmed", project="/home/dev/src/kiosk",
        created="2026-12-02T10:00:00Z", updated="2026-12-02T10:00:00Z")  # fmt: skip
    rebuild(vault, config)
    monkeypatch.setattr(engine, "SUCCESSORS", False)
    asked = "What did we decide about the orders database of shop?"
    order = [h.rel for h in recall(vault, config, asked, semantic=False).hits]
    assert order[0] == NEW_MEMORY and kiosk in order
    about_kiosk = "What did we decide about the orders database of kiosk?"
    assert recall(vault, config, about_kiosk, semantic=False).hits[0].rel == kiosk
    # without the rule, the newest of any project comes first
    monkeypatch.setattr(engine, "_projects_named", lambda index, query: frozenset())
    assert recall(vault, config, asked, semantic=False).hits[0].rel == kiosk


@pytest.mark.usefixtures("asked_now")
def test_a_note_without_a_date_property_is_dated_by_its_file(tmp_path: Path) -> None:
    vault, config = built(tmp_path, "note")
    with open_index(vault, config.index_file()) as index:
        found = recall_rows.candidates(index, '"orders"', make_filter(), limit=10,
                                       mark=("", ""))  # fmt: skip
    dates = {c.rel: c.date for c in found}
    assert dates[NEW_NOTE].startswith("2026-11-28T10:00:00")
    order = [h.rel for h in recall(vault, config, QUESTION, semantic=False).hits]
    assert order[0] == NEW_NOTE


@pytest.mark.usefixtures("asked_now")
def test_asked_for_the_history_every_decision_is_still_found(tmp_path: Path) -> None:
    vault, config = built(tmp_path, "memory")
    found = {h.rel for h in recall(vault, config, QUESTION, semantic=False).hits}
    assert {OLD, MID, NEW_MEMORY} <= found


# --- prompt-time recall ------------------------------------------------------------------------


def _prompt(vault: Path, config: Config, text: str, session: str = "asking") -> list[str]:
    inc = Incoming(agent="hermes", native_event="pre_llm_call", kind=EventKind.PROMPT,
                   session_id=session, cwd=PROJECT, prompt=text)  # fmt: skip
    block = prompt_recall.context_for(inc, vault, config, PROJECT)
    return [line.split("[[", 1)[1].split("]]", 1)[0] + ".md" for line in block.splitlines()
            if "[[" in line]  # fmt: skip


@pytest.mark.usefixtures("asked_now")
def test_prompt_recall_gives_the_newest_decision_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    vault, config = built(tmp_path, "memory")
    assert _prompt(vault, config, QUESTION)[0] == NEW_MEMORY
    # without them (the words asking for a decision ranked as the topic; only the best
    # share of the terms, then BM25) the note that argued the oldest decision longest wins
    monkeypatch.setattr(nlquery, "_DECIDING", re.compile("(?!)"))
    monkeypatch.setattr(recall_search, "DECIDED_SAME", 1.0)
    monkeypatch.setattr(prompt_recall, "SUCCESSORS", False)
    # (a new session: the first one was given these notes already)
    assert _prompt(vault, config, QUESTION, "asking-again")[:1] != [NEW_MEMORY]
    # ... and the chain of later notes that say the older choice is gone (core/hook/successor)
    # reaches it on its own
    monkeypatch.setattr(prompt_recall, "SUCCESSORS", True)
    assert _prompt(vault, config, QUESTION, "asking-a-third-time")[:1] == [NEW_MEMORY]


def test_prompt_recall_keeps_a_newer_answer_the_relative_bar_would_drop(tmp_path: Path) -> None:
    _vault, config = built(tmp_path, "memory")
    inc = Incoming(agent="hermes", native_event="pre_llm_call", kind=EventKind.PROMPT,
                   session_id="asking", cwd=PROJECT)  # fmt: skip
    # "decid*" is a term only the older notes hold: the newest holds two of three
    terms = ["decid*", "order*", "databas*"]
    conn = recall_search.connect(config.index_file())
    try:
        newest = [h.rel for h in recall_search.search(conn, terms, inc, newest=True)]
        plain = [h.rel for h in recall_search.search(conn, terms, inc)]
    finally:
        conn.close()
    assert newest[0] == NEW_MEMORY
    assert plain[0] != NEW_MEMORY


def test_a_chinese_note_holding_the_english_word_holds_the_term() -> None:
    # 署到 is a two-character piece across a word boundary (部署|到): no note holds it; the
    # note holds "deploy", the English word the question's 部署 was searched with as well
    terms, added = ["部署", "署到", "deploy*"], frozenset({"deploy*"})
    text = "部署改回自建服务器：现在 deploy 到自己的两台服务器"
    found, eligible = relevance.covered(terms, text, added)
    assert (found, eligible) == (2, 3)
    # a Chinese note without the English word is judged on the question's own terms only
    assert relevance.covered(terms, "部署改回自建服务器", added) == (1, 2)


def test_search_reads_a_korean_note_as_cjk_as_prompt_recall_does() -> None:
    # a Korean note is judged on the question's own terms (작업, 큐), not only on its Latin ones
    from vaultsync.core import cjk_scan

    for text in ("fjord의 백그라운드 작업은 Dramatiq", "部署到服务器", "デプロイ", "deploy"):
        assert coverage.has_cjk(text) == cjk_scan.has_cjk(text), text


def test_the_prompt_and_search_read_decisions_with_the_same_share() -> None:
    assert recall_search.DECIDED_SAME == engine.DECIDED_SAME


# --- the commands as a person and an agent run them --------------------------------------------


def _cli(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "vaultsync", *args], capture_output=True,
                          text=True, env=env, timeout=120)  # fmt: skip


def _env(vault: Path) -> dict[str, str]:
    return {**os.environ, "VAULTSYNC_VAULT": str(vault), "VAULTSYNC_NOW": NOW,
            "VAULTSYNC_TZ": "UTC"}  # fmt: skip


@pytest.mark.parametrize(
    ("question", "newest"),
    [
        (QUESTION, "note"),
        # The same through the CLI in two more languages: slow (two processes each, and the
        # engine's tests ask them in process).
        pytest.param("我们最后决定 orders database 用什么？", "memory", marks=pytest.mark.slow),
        pytest.param("orders database はどうすることにした？", "memory", marks=pytest.mark.slow),
    ],
)
def test_vaultsync_search_puts_the_newest_decision_first(
    tmp_path: Path, question: str, newest: str
) -> None:
    vault = tmp_path / "vault"
    decisions(vault, newest=newest)
    env = _env(vault)
    assert _cli("rebuild", "--vault", str(vault), env=env).returncode == 0
    proc = _cli("search", "--json", "--", question, env=env)
    assert proc.returncode == 0, proc.stderr
    hits = [h["path"] for h in json.loads(proc.stdout)]
    assert hits[0] == (NEW_NOTE if newest == "note" else NEW_MEMORY)
    assert {OLD, MID} <= set(hits)


@pytest.mark.parametrize(
    ("question", "chinese", "first"),
    [
        (QUESTION, False, "Back on SQLite"),
        # a person's Chinese memory, newer still, with the English word in it (slow: the next
        # test asks a Chinese question of the same hook)
        pytest.param(
            "我们最后决定 orders 的数据库用什么？",
            True,
            "订单数据库改回 SQLite",
            marks=pytest.mark.slow,
        ),
    ],
)
def test_the_prompt_hook_injects_the_newest_decision_first(
    vault: Path, hook: list[str], question: str, chinese: bool, first: str
) -> None:
    decisions(vault, newest="memory")
    if chinese:
        put(vault, "memories/L2-confirmed/订单数据库.md",
            "# 订单数据库改回 SQLite\n\norders 的数据库现在用 SQLite（WAL），不再用 Postgres。\n",
            "2026-12-01T10:00:00+00:00", type="memory", level="L2", scope="user",
            status="confirmed", created="2026-12-01T10:00:00Z",
            updated="2026-12-01T10:00:00Z")  # fmt: skip
    env = _env(vault)
    assert _cli("rebuild", "--vault", str(vault), env=env).returncode == 0
    payload = {"session_id": "asking", "cwd": PROJECT, "transcript_path": "/x.jsonl",
               "hook_event_name": "UserPromptSubmit", "prompt": question}  # fmt: skip
    proc = subprocess.run([*hook, "--agent", "claude-code"], input=json.dumps(payload).encode(),
                          capture_output=True, env=env, timeout=120)  # fmt: skip
    assert proc.returncode == 0
    block = json.loads(proc.stdout)["hookSpecificOutput"]["additionalContext"]
    links = [line for line in block.splitlines() if "[[" in line]
    assert first in links[0]


def test_the_prompt_hook_gives_a_mixed_chinese_decision_to_a_chinese_question(
    vault: Path, hook: list[str]
) -> None:
    put(vault, "summaries/2026/11/deploy.md",
        "# Deploy target decided: Fly.io\n\nDecided to deploy on Fly.io; we decided against "
        "the Kubernetes deploy.\n", "2026-11-15T10:00:00+00:00", type="summary",
        session_id="s-fly", created="2026-11-15T10:00:00Z",
        updated="2026-11-15T10:00:00Z")  # fmt: skip
    put(vault, "memories/L2-confirmed/部署改回自建服务器.md",
        "# 部署改回自建服务器\n\n现在 deploy 到自己的两台服务器，用 Kamal 发布。\n",
        "2026-12-01T10:00:00+00:00", type="memory", level="L2", scope="user",
        status="confirmed", created="2026-12-01T10:00:00Z",
        updated="2026-12-01T10:00:00Z")  # fmt: skip
    (vault / paths.VAULT_CONFIG).write_text("[budgets]\nuser_md_tokens = 0\n")
    env = _env(vault)
    assert _cli("rebuild", "--vault", str(vault), env=env).returncode == 0
    asked = "我们最后决定部署到哪里？"
    payload = {"session_id": "asking", "cwd": PROJECT, "transcript_path": "/x.jsonl",
               "hook_event_name": "UserPromptSubmit", "prompt": asked}  # fmt: skip
    proc = subprocess.run([*hook, "--agent", "claude-code"], input=json.dumps(payload).encode(),
                          capture_output=True, env=env, timeout=120)  # fmt: skip
    assert proc.returncode == 0
    block = json.loads(proc.stdout or "{}").get("hookSpecificOutput", {}).get("additionalContext")
    assert block
    assert "部署改回自建服务器" in next(ln for ln in block.splitlines() if "[[" in ln)


def test_a_japanese_question_counts_its_words_in_a_chinese_note(
    vault: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """デプロイ先 asked of a deploy target decided in English and changed later in Chinese
    (部署, a mixed note found by its English word): the Chinese note holds the question's topic
    through the words the two languages share in English (core/query/term_map.py), so it answers the
    same question and, newest, first."""
    older = "summaries/2026/11/deploy moved to Fly.md"
    newer = "memories/L2-confirmed/部署改回自建服务器.md"
    put(vault, older, "# Deploy target decided: Fly.io\n\nDecided to deploy on Fly.io instead "
        "of Kubernetes; the deploy config is fly.toml.\n", "2026-11-15T10:00:00+00:00",
        type="summary", session_id="s-fly", project=PROJECT, created="2026-11-15T10:00:00Z",
        updated="2026-11-15T10:00:00Z")  # fmt: skip
    put(vault, newer, "# 部署改回自建服务器，用 Kamal\n\n现在 deploy 到自己的两台服务器，用 Kamal "
        "发布；Fly.io 停用了。\n", "2026-12-01T10:00:00+00:00", type="memory", level="L2",
        scope="user", status="confirmed", created="2026-12-01T10:00:00Z",
        updated="2026-12-01T10:00:00Z")  # fmt: skip
    put(vault, "summaries/2026/10/deploy target.md", "# Deploy target decided: Kubernetes\n\n"
        "We need to decide where to deploy. Decide the deploy target: we deploy on a managed "
        "Kubernetes cluster; the deploy manifests are in deploy/.\n", "2026-10-20T10:00:00+00:00",
        type="summary", session_id="s-k8s", project=PROJECT, created="2026-10-20T10:00:00Z",
        updated="2026-10-20T10:00:00Z")  # fmt: skip
    config = load_config(vault)
    rebuild(vault, config)
    question = "デプロイ先は結局どこにしましたか？"
    now = datetime.fromisoformat(NOW)
    found = [h.rel for h in recall(vault, config, question, semantic=False, now=now).hits]
    assert found[:2] == [newer, older]
    monkeypatch.setattr(coverage, "JA_ZH_BRIDGE", False)
    coverage.other_cjk.cache_clear()
    found = [h.rel for h in recall(vault, config, question, semantic=False, now=now).hits]
    assert found[0] == older


# --- a record whose status line says it was superseded ----------------------------------------

ADR_OLD = "notes/adr/0007 orders queue.md"
ADR_NEW = "notes/adr/0012 solid queue.md"
ASKED_QUEUE = "What do the orders jobs run on now?"


def _records(vault: Path) -> None:
    """Two decision records; the old one touched last (its status line edited when the new
    one was written), saying the question's words more."""
    put(vault, ADR_NEW,
        "# ADR 0012: Solid Queue\n\nStatus: accepted\n\nDecision: jobs use Solid Queue on the "
        "primary Postgres.\n", "2026-11-20T10:00:00+00:00")  # fmt: skip
    put(vault, ADR_OLD,
        "# ADR 0007: orders jobs\n\nStatus: superseded by ADR 0012 (2026-11-20)\n\nDecision: "
        "the orders jobs run on Sidekiq; every orders job is a Sidekiq job.\n",
        "2026-12-02T10:00:00+00:00")  # fmt: skip


def test_a_status_line_names_the_note_in_force() -> None:
    assert status_line.says_superseded("ADR 0007: jobs Status: superseded by ADR 0012 (x)")
    assert status_line.says_superseded("**Status**: Deprecated") and status_line.says_superseded(
        "状态：已废弃"
    )
    assert not status_line.says_superseded("Status: accepted")
    assert not status_line.says_superseded("the superseded plan said Sidekiq")
    from vaultsync.core.hook.status_line import successor_name as status_successor_name

    assert status_successor_name("Status: superseded by ADR 0012 (2026-11-20)") == "ADR 0012"
    assert status_successor_name("Status: superseded by [[0012 solid queue]]") == "0012 solid queue"


@pytest.mark.usefixtures("asked_now")
def test_a_record_superseded_by_its_status_gives_way_to_the_one_it_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    vault, config = built(tmp_path, "memory")
    _records(vault)
    rebuild(vault, config)
    order = [h.rel for h in recall(vault, config, ASKED_QUEUE, semantic=False).hits]
    assert order.index(ADR_NEW) < order.index(ADR_OLD)
    given = _prompt(vault, config, ASKED_QUEUE, "s-status")
    assert ADR_NEW in given and ADR_OLD not in given
    # read without the status line, the record touched last and saying more wins
    monkeypatch.setattr(status_line, "STATUS_SUPERSEDED", False)
    order = [h.rel for h in recall(vault, config, ASKED_QUEUE, semantic=False).hits]
    assert order.index(ADR_OLD) < order.index(ADR_NEW)
    assert ADR_OLD in _prompt(vault, config, ASKED_QUEUE, "s-status-off")


TASK = (
    "Add an index on orders.created_at and write the migration for it. Before you start, please "
    "check whether we already decided which database the orders service runs on, and use it. "
    "Then add a test that the report query uses the index."
)


@pytest.mark.usefixtures("asked_now")
def test_a_request_inside_a_task_prompt_is_given_the_decision_in_force_alone(
    tmp_path: Path,
) -> None:
    """A request to check what was decided, inside a task prompt, is its question
    (nlquery.asked_part); the agent at work is handed the decision in force and not the ones
    it replaced, which a plain question about the history still gets."""
    vault, config = built(tmp_path, "memory")
    assert _prompt(vault, config, TASK) == [NEW_MEMORY]
    assert _prompt(vault, config, QUESTION, "plain")[:3] == [NEW_MEMORY, MID, OLD]


@pytest.mark.usefixtures("asked_now")
def test_has_anyone_tried_a_thing_never_discussed_is_given_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "Has anyone already tried X": a note holding only some of X's words did not try X (every
    note here says Postgres or the orders database; none says replicas)."""
    vault, config = built(tmp_path, "memory")
    never = "Has anyone already tried Postgres read replicas for the orders database?"
    assert prompt_recall.tried_thing(never) == ["postgr*", "read*", "replica*"]
    assert _prompt(vault, config, never) == []
    assert MID in _prompt(vault, config, "Has anyone already tried Postgres for the orders?", "b")
    # the act is not the thing: "tried moving X" is asked of the notes about X
    assert prompt_recall.tried_thing("Did we try moving off SQLite?") == ["sqlit*"]
    # without the rule, the notes that say Postgres and the orders database are handed over
    monkeypatch.setattr(prompt_recall, "tried_thing", lambda text, project="": [])
    assert _prompt(vault, config, never, "c") != []
