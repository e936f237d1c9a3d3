"""Supersession: the newest fact about one subject is the one in force; the older is kept,
marked and out of USER.md; duplicates merge; projects stay apart."""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys
from pathlib import Path

import pytest
from memorykit import memory

from vaultsync.core import paths, properties
from vaultsync.core.config import load_config
from vaultsync.core.model import Level, Scope
from vaultsync.services.derived.generate import generate_from_vault
from vaultsync.services.learning import agent_memory, learned_notes, levels, review
from vaultsync.services.learning.model_runner import MemoryItem
from vaultsync.services.learning.session_log import SessionLog
from vaultsync.services.learning.supersession import Relation, conflicts, relate
from vaultsync.storage import history
from vaultsync.storage.memory import load_memories
from vaultsync.storage.note import read_note

NOW = dt.datetime(2026, 12, 1, 9, 0, tzinfo=dt.UTC)


@pytest.mark.parametrize(
    ("newer", "older", "expected"),
    [
        ("We moved from Helm to Kustomize for deploys", "Deploys use Helm charts", "supersedes"),
        ("The database is PostgreSQL 16", "The database is PostgreSQL 14", "supersedes"),
        ("We no longer use Redis for the cache", "The cache is Redis on port 6379", "supersedes"),
        ("The API listens on port 9090", "The API listens on port 8080", "supersedes"),
        ("数据库升级到了 PostgreSQL 16", "数据库使用 PostgreSQL 14", "supersedes"),
        ("不再使用 Redis 做缓存", "缓存用 Redis", "supersedes"),
        ("部署换成 Kustomize 了", "部署使用 Helm", "supersedes"),
        ("Kustomizeに移行した。Helmはやめた", "デプロイはHelmチャートを使う", "supersedes"),
        # A value told apart from the one it replaces (seen by hand: the newer wish reinforced
        # the older one, and "use uv" was lost)
        (
            "From now on always use uv for installing dependencies in this project, not pip.",
            "From now on always use pip for installing dependencies in this project.",
            "supersedes",
        ),
        (
            "Install dependencies with uv rather than pip",
            "Install dependencies with pip",
            "supersedes",
        ),
        ("以后用 uv 管理依赖，不要用 pip", "以后用 pip 管理依赖", "supersedes"),
        ("依赖管理用 uv 而不是 pip", "依赖管理用 pip", "supersedes"),
        ("依存関係は pip ではなく uv を使う", "依存関係は pip を使う", "supersedes"),
        # ... with the value left behind said last (seen by hand: the npm wish reinforced the
        # pnpm one, and was lost)
        (
            "これからは依存関係の管理に npm を使ってください、pnpm ではなく。",
            "これからは依存関係の管理に pnpm を使ってください。",
            "supersedes",
        ),
        ("依存関係は pip じゃなくて uv で", "依存関係は pip を使う", "supersedes"),
        ("以后依赖管理用 uv，而不是 pip", "以后依赖管理用 pip", "supersedes"),
        (
            "Manage dependencies not with pip but with uv",
            "Manage dependencies with pip",
            "supersedes",
        ),
        ("Prefer uv over pip for dependencies", "Prefer pip for dependencies", "supersedes"),
        # ... but a "not" that tells nothing apart changes nothing
        ("Tests must not touch the network", "Tests run with pytest -q", "none"),
        ("Use uv for dependencies, not for building docs", "Use uv for dependencies", "duplicate"),
        ("The user prefers concise answers", "User likes concise answers", "duplicate"),
        # Unrelated or both true: never superseded.
        ("User prefers tabs in Python", "User prefers spaces in YAML", "none"),
        ("User prefers pytest for Python tests", "User prefers vitest for TypeScript", "none"),
        ("Deploy the api with make deploy-api", "Deploy the web with make deploy-web", "none"),
        ("Always run ruff before committing", "Run mypy before pushing", "none"),
        ("数据库改成 MySQL", "用户喜欢简洁的回答", "none"),
    ],
)
def test_relate(newer: str, older: str, expected: str) -> None:
    assert relate(newer, older).value == expected


def test_one_session_saying_a_fact_twice_is_one_memory() -> None:
    a = "Tests run with pytest -q --tb short"
    b = "Tests run with .venv/bin/python -m pytest"
    assert relate(a, b) is Relation.NONE  # two sessions: not enough to call it the same
    assert relate(a, b, same_source=True) is Relation.DUPLICATE


def _log(project: str = "github.com/acme/api") -> SessionLog:
    return SessionLog(
        rel="sessions/2026/12/s.md",
        agent="codex",
        session_id="s-9",
        project=project,
        cwd="",
        created="2026-12-01T09:00:00Z",
        status=None,
        events=(),
        props={},
    )


def test_learn_names_what_a_newer_value_would_supersede(vault: Path) -> None:
    old = memory(vault, "db", "The database is PostgreSQL 14", level=Level.L2)
    records, _ = load_memories(vault)
    item = MemoryItem(Scope.USER, "The database is PostgreSQL 16")
    plan = learned_notes.plan_memory(
        _log(), item, source_rel="summaries/x.md", records=records, threshold=0.6, now=NOW
    )
    assert plan.outcome is learned_notes.Outcome.NEW
    assert f'"[[{old.removesuffix(".md")}]]"' in plan.text or properties.link(old) in plan.text
    # The same fact again reinforces instead of adding a candidate.
    again = MemoryItem(Scope.USER, "The database is PostgreSQL 14")
    plan2 = learned_notes.plan_memory(
        _log(), again, source_rel="summaries/y.md", records=records, threshold=0.6, now=NOW
    )
    assert plan2.outcome is learned_notes.Outcome.REINFORCE and plan2.rel == old


def test_near_duplicates_of_one_run_end_as_one_memory(vault: Path) -> None:
    log = _log()
    fresh: list = []
    outcomes = []
    said = ("Tests run with .venv/bin/python -m pytest", "Tests run with pytest -q --tb short")
    for text in said:
        plan = learned_notes.plan_memory(
            log,
            MemoryItem(Scope.PROJECT, text),
            source_rel="summaries/one.md",
            records=fresh,
            threshold=0.6,
            now=NOW,
        )
        outcomes.append(plan.outcome)
        if plan.outcome is learned_notes.Outcome.NEW:
            fresh.append(learned_notes.record_of(plan, log.project, "summaries/one.md"))
    assert outcomes == [learned_notes.Outcome.NEW, learned_notes.Outcome.KNOWN]


def test_projects_stay_apart(vault: Path) -> None:
    a = memory(vault, "a", "The database is PostgreSQL 14", level=Level.L2, scope=Scope.PROJECT,
               extra={"project": "github.com/acme/api"})  # fmt: skip
    memory(vault, "b", "The database is PostgreSQL 16", level=Level.L2, scope=Scope.PROJECT,
           extra={"project": "github.com/acme/api-v2",
                  "created": "2026-11-25T09:00:00Z"})  # fmt: skip
    memories, _ = load_memories(vault)
    newer = next(m for m in memories if m.rel != a)
    assert conflicts(newer, memories) == []  # another project: both stand
    report = generate_from_vault(vault, load_config(vault))
    contexts = {r.name: r.text for r in report.files if r.name.startswith("context:")}
    api = next(t for n, t in contexts.items() if n.endswith("github.com/acme/api"))
    assert "PostgreSQL 14" in api and "PostgreSQL 16" not in api


def _user_md(vault: Path) -> str:
    return (vault / "USER.md").read_text(encoding="utf-8")


def test_approving_a_newer_fact_retires_the_older_one_and_keep_undoes_it(vault: Path) -> None:
    config = load_config(vault)
    old = memory(vault, "db", "The database is PostgreSQL 14", level=Level.L2)
    generate_from_vault(vault, config)
    assert "PostgreSQL 14" in _user_md(vault)
    new = agent_memory.remember(
        vault, config, "The database is PostgreSQL 16 now", agent="hermes", scope="user", now=NOW
    ).rel
    assert properties.link(old) in (vault / new).read_text(encoding="utf-8")  # named, not applied
    assert not read_note(vault, old).props.get("superseded_by")
    listed = review.pending(vault, config).as_dict()["candidates"]
    (cand,) = [c for c in listed if c["rel"] == new]
    assert [(c["relation"], c["rel"]) for c in cand["conflicts"]] == [("supersedes", old)]
    assert cand["conflicts"][0]["text"] and cand["conflicts"][0]["created"]

    decision = review.approve(vault, config, new, now=NOW)
    assert old in decision.superseded
    props = read_note(vault, old).props
    assert props["superseded_by"] == [properties.link(decision.target)]
    assert props["status"] == "superseded"
    text = _user_md(vault)
    assert "PostgreSQL 16" in text and "PostgreSQL 14" not in text

    review.keep(vault, config, old, now=NOW)
    assert not read_note(vault, old).props.get("superseded_by")
    assert "PostgreSQL 14" in _user_md(vault)
    # Reversed once: the watcher does not mark the pair again by itself.
    levels.reconcile_with_levels(vault, config, [old, decision.target])
    assert not read_note(vault, old).props.get("superseded_by")


def test_a_person_writing_a_newer_fact_in_obsidian_supersedes_the_old(vault: Path) -> None:
    config = load_config(vault)
    old = memory(vault, "cache", "缓存用 Redis", level=Level.L2)
    rel = f"{paths.LEVEL_DIRS[Level.L2]}/cache-now.md"
    # Written by hand: no `created`; the file's own time says it is the newer one.
    (vault / rel).write_text(
        "---\ntype: memory\nlevel: L2\nscope: user\n---\n\n# 不再使用 Redis 做缓存\n\n"
        "不再使用 Redis 做缓存，改用进程内缓存。\n",
        encoding="utf-8",
    )
    levels.reconcile_with_levels(vault, config, [rel])
    assert read_note(vault, old).props["superseded_by"] == [properties.link(rel)]
    text = _user_md(vault)
    assert "不再使用 Redis" in text and "缓存用 Redis" not in text
    # Deleting the property in Obsidian puts the old fact back in force.
    path = vault / old
    path.write_text(properties.set_properties(path.read_text("utf-8"), {"superseded_by": ...}))
    generate_from_vault(vault, config)
    assert "缓存用 Redis" in _user_md(vault)


def test_review_cli_shows_the_conflict_and_applies_it(vault: Path, tmp_path: Path) -> None:
    """As a person meets it: the real CLI, in its own process."""
    config = load_config(vault)
    old = memory(vault, "deploy", "Deploys use Helm charts", level=Level.L2)
    new = agent_memory.remember(
        vault, config, "We moved from Helm to Kustomize for deploys", agent="claude-code",
        scope="user", now=NOW,
    ).rel  # fmt: skip

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "vaultsync", *args, "--vault", str(vault)],
            capture_output=True, text=True, timeout=60, check=False,
        )  # fmt: skip

    listing = run("review", "--list")
    assert listing.returncode == 0, listing.stderr
    assert f"would supersede {old}" in listing.stdout
    assert "old: Deploys use Helm charts" in listing.stdout
    as_json = json.loads(run("review", "--json").stdout)
    assert as_json["candidates"][0]["conflicts"][0]["rel"] == old
    history.ensure_repo(vault)
    history.commit_all(vault, "before the review")
    approved = run("review", "approve", new, "--json")
    assert approved.returncode == 0, approved.stderr
    decision = json.loads(approved.stdout)
    assert decision["superseded"] == [old] and decision["commit"]
    assert "Helm charts" not in _user_md(vault) and "Kustomize" in _user_md(vault)
    # The decision is one commit: both notes (the candidate moved to L2) and USER.md.
    shown = subprocess.run(
        ["git", "-C", str(vault), "show", "--name-status", "--format=", decision["commit"]],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    assert old in shown and decision["target"] in shown and "USER.md" in shown
    assert not history.dirty_rels(vault)


def test_a_model_naming_what_a_fact_replaces_is_heard(
    vault: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a learning model configured, the prompt lists the related memories in force and the
    model's `supersedes` is applied on approval, even where the words alone would not tell."""
    from sessionkit import date_fix_session, fake_model_command, make_session

    from vaultsync.services.learning import learn

    old = memory(vault, "db", "The database is PostgreSQL 14", level=Level.L2)
    (paths.vaultsync_home() / "config.toml").write_text(
        f'[learn]\nmodel_command = "{fake_model_command()}"\n', encoding="utf-8"
    )
    log = vault.parent / "model-log.jsonl"
    monkeypatch.setenv("FAKE_MODEL_MODE", "supersede")
    monkeypatch.setenv("FAKE_MODEL_LOG", str(log))
    make_session(vault, date_fix_session())
    config = load_config(vault)
    report = learn.run(vault, config, now=NOW)
    prompt = json.loads(log.read_text(encoding="utf-8").splitlines()[0])["prompt"]
    assert "- m1 (user): The database is PostgreSQL 14" in prompt
    (new,) = report.candidates
    assert relate(read_note(vault, new).body, "The database is PostgreSQL 14") is Relation.NONE
    assert read_note(vault, new).props["supersedes"] == [properties.link(old)]
    review.approve(vault, config, new, now=NOW)
    assert read_note(vault, old).props["superseded_by"]
    assert "PostgreSQL 14" not in _user_md(vault) and "sixteen" in _user_md(vault)
