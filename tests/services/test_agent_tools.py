"""The agent-facing search: what an agent mid-session is shown (services/recall/agent_tools)."""

from __future__ import annotations

from pathlib import Path

import pytest

from vaultsync.core.config import load_config
from vaultsync.services.derived.reconcile import rebuild
from vaultsync.services.recall import agent_tools


def _vault_with_a_digest(vault: Path) -> None:
    memory = vault / "memories" / "L2-confirmed" / "deploy.md"
    memory.write_text(
        "---\ntype: memory\nlevel: L2\nscope: agent\n---\n"
        "# Deploys go through the staging canary\n\nEvery deploy of the billing service waits "
        "for the staging canary to pass.\n",
        encoding="utf-8",
    )
    rebuild(vault, load_config(vault))
    # AGENT.md is generated from that memory, so it matches the same words.
    assert "canary" in (vault / "AGENT.md").read_text(encoding="utf-8")


def test_generated_digests_are_not_search_results_for_an_agent(vault: Path) -> None:
    _vault_with_a_digest(vault)
    found = agent_tools.search(vault, load_config(vault), "staging canary deploy")
    types = [r["type"] for r in found["results"]]
    assert types and "generated" not in types
    assert found["results"][0]["id"].endswith("deploy.md")


def test_a_digest_asked_for_by_type_is_returned(vault: Path) -> None:
    _vault_with_a_digest(vault)
    found = agent_tools.search(vault, load_config(vault), "staging canary", type="generated")
    assert {r["id"] for r in found["results"]} == {"AGENT.md"}


def test_the_callers_own_session_is_left_out(vault: Path) -> None:
    from vaultsync.core import eventlog
    from vaultsync.core.model import Event, EventKind
    from vaultsync.core.properties import render_frontmatter

    for sid in ("mine", "older"):
        event = Event(id=f"{sid}-1", ts="2026-11-20T10:00:00Z", agent="claude-code",
                      session_id=sid, kind=EventKind.PROMPT,
                      prompt="which queue carries the billing invoices?")  # fmt: skip
        head = render_frontmatter({"type": "session", "agent": "claude-code", "session_id": sid})
        note = vault / "sessions" / f"{sid}.md"
        note.parent.mkdir(parents=True, exist_ok=True)
        note.write_text(head + f"\n# Session {sid}\n" + eventlog.render(event), encoding="utf-8")
    rebuild(vault, load_config(vault))
    question = "which queue carries the billing invoices?"
    both = agent_tools.search(vault, load_config(vault), question)
    assert {r["session"] for r in both["results"]} >= {"mine", "older"}
    found = agent_tools.search(vault, load_config(vault), question, exclude_session="mine")
    assert "mine" not in {r["session"] for r in found["results"]}
    assert "older" in {r["session"] for r in found["results"]}


def test_a_sessions_timeline_carries_its_own_summary(vault: Path) -> None:
    from vaultsync.core import eventlog
    from vaultsync.core.model import Event, EventKind
    from vaultsync.core.properties import render_frontmatter
    from vaultsync.core.schema import summary_props

    for sid in ("s-a", "s-b", "s-none"):
        event = Event(id=f"{sid}-1", ts="2026-11-20T10:00:00Z", agent="codex", session_id=sid,
                      kind=EventKind.PROMPT, prompt=f"work of {sid}")  # fmt: skip
        head = render_frontmatter({"type": "session", "agent": "codex", "session_id": sid})
        note = vault / "sessions" / f"{sid}.md"
        note.parent.mkdir(parents=True, exist_ok=True)
        note.write_text(head + f"\n# Session {sid}\n" + eventlog.render(event), encoding="utf-8")
    for sid in ("s-a", "s-b"):
        props = summary_props(agent="codex", session_id=sid, project="", created="2026-11-20",
                              session_rel=f"sessions/{sid}.md", files_read=[],
                              files_modified=[], model="fake")  # fmt: skip
        note = vault / "summaries" / f"{sid}.md"
        note.parent.mkdir(parents=True, exist_ok=True)
        note.write_text(render_frontmatter(props) + f"# Summary of {sid}\n", encoding="utf-8")
    config = load_config(vault)
    rebuild(vault, config)
    for sid in ("s-a", "s-b"):
        summary = agent_tools.timeline(vault, config, f"sessions/{sid}.md")["summary"]
        assert summary is not None and summary["id"] == f"summaries/{sid}.md"
    assert agent_tools.timeline(vault, config, "sessions/s-none.md")["summary"] is None


def test_results_carry_the_weak_flag_the_cli_has(vault: Path) -> None:
    _vault_with_a_digest(vault)
    config = load_config(vault)
    found = agent_tools.search(vault, config, "does every deploy wait for the staging canary?")
    assert found["weak"] is False and found["results"][0]["weak"] is False
    never = agent_tools.search(vault, config, "how did we tune the kubernetes canary autoscaler?")
    assert never["weak"] is True
    assert all(r["weak"] for r in never["results"])
    assert "closest" in never["note"]


def test_an_empty_answer_says_which_days_were_searched(
    vault: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # An agent told only "nothing found" cannot tell the person "no Codex session yesterday";
    # the days are the person's (VAULTSYNC_TZ), "now" the documented override.
    monkeypatch.setenv("VAULTSYNC_TZ", "Asia/Tokyo")
    monkeypatch.setenv("VAULTSYNC_NOW", "2026-11-20T01:30:00+09:00")
    _vault_with_a_digest(vault)
    config = load_config(vault)
    found = agent_tools.search(vault, config, "what did codex do yesterday?")
    assert found["results"] == []
    assert found["searched"] == "yesterday (2026-11-19), by codex"
    assert "yesterday (2026-11-19), by codex" in found["note"]
    plain = agent_tools.search(vault, config, "does every deploy wait for the staging canary?")
    assert "searched" not in plain


def test_provenance_tells_the_persons_day() -> None:
    """20:00 UTC on 30 November is 1 December in the tests' zone (+08:00): the index's naive
    UTC and an event's ts both say the person's day; a bare date stays as written."""
    from vaultsync.services.recall.agent_tools import provenance

    told = provenance("codex", "2026-11-30T20:00:00", "s-1")
    assert told == "from codex, 2026-12-01, session s-1"
    assert provenance("codex", "2026-11-30T20:00:00.000000Z") == "from codex, 2026-12-01"
    assert provenance(None, "2026-11-30") == "from a person, 2026-11-30"
    assert provenance(None, "") == "from a person, undated"


@pytest.mark.parametrize("query", ["?", "...", "？", "*"])
def test_a_query_with_no_word_is_a_tool_error_not_a_list(vault: Path, query: str) -> None:
    """An agent that sent "?" was handed whatever ranked first, as if it answered."""
    _vault_with_a_digest(vault)
    with pytest.raises(agent_tools.ToolInputError, match="nothing to search for"):
        agent_tools.search(vault, load_config(vault), query)
