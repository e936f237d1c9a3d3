"""Review decisions on a real vault: notes move between level folders with matching properties,
rejected memories are archived (never deleted) and stay rejected, sessions change status only."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from memorykit import indexed_level, memory
from sessionkit import date_fix_session, make_session

from vaultsync.core import paths, properties, queue
from vaultsync.core.config import load_config
from vaultsync.core.model import Level, Scope, SessionStatus
from vaultsync.services.derived import reconcile
from vaultsync.services.learning import review
from vaultsync.services.learning.learned_notes import Outcome, load_memories, plan_memory
from vaultsync.services.learning.model_runner import MemoryItem
from vaultsync.services.learning.session_log import load_session
from vaultsync.storage.note import read_note

NOW = dt.datetime(2026, 11, 29, 10, 0, tzinfo=dt.UTC)


@pytest.fixture
def config(vault: Path):  # type: ignore[no-untyped-def]
    return load_config(vault)


def test_pending_lists_candidates_suggestions_and_held_sessions(vault: Path, config) -> None:  # type: ignore[no-untyped-def]
    fresh = memory(vault, "tabs", "Prefers tabs over spaces")
    repeated = memory(vault, "tests", "Runs pytest with -q", reinforced=3)
    confirmed = memory(vault, "jq", "jq lives in /opt/homebrew/bin", level=Level.L2, reinforced=2)
    settled = memory(
        vault,
        "short",
        "Writes short commit messages",
        level=Level.L2,
        reinforced=3,
        extra={"reviewed_reinforced": 2},
    )
    held = make_session(vault, date_fix_session(), status=SessionStatus.PRIVACY_DEFERRED)
    make_session(vault, date_fix_session(), session_id="s-2")  # pending: not for review

    found = review.pending(vault, config)

    assert [m.rel for m in found.candidates] == [repeated, fresh]  # most repeated first
    assert {m.rel: found.suggestions[m.rel] for m in found.promotions} == {
        repeated: "approve",
        confirmed: "promote",
    }
    assert settled not in {m.rel for m in found.promotions}  # only 1 repeat since its review
    assert [s.rel for s in found.privacy_deferred] == [held]
    data = found.as_dict()
    assert data["candidates"][0]["level"] == "L1" and data["privacy_deferred"][0]["rel"] == held


def test_approve_moves_to_l2_sets_properties_and_updates_user_md(vault: Path, config) -> None:  # type: ignore[no-untyped-def]
    rel = memory(vault, "tabs", "Prefers tabs over spaces", reinforced=2)
    reconcile.rebuild(vault, config)
    assert "tabs" not in (vault / "USER.md").read_text()

    decision = review.approve(vault, config, "tabs", now=NOW)

    target = "memories/L2-confirmed/tabs.md"
    assert (decision.source, decision.target) == (rel, target)
    assert (decision.level_from, decision.level_to, decision.status) == ("L1", "L2", "confirmed")
    assert not (vault / rel).exists()
    note = read_note(vault, target)
    assert note.props["level"] == "L2" and note.props["status"] == "confirmed"
    assert note.props["reviewed"] == "2026-11-29" and note.props["reviewed_reinforced"] == 2
    assert "memory/L2" in note.props["tags"] and "memory/L1" not in note.props["tags"]
    assert note.props["source"] == "[[summaries/2026/11/x]]"  # everything else kept
    assert "USER.md" in decision.generated
    assert "Prefers tabs over spaces" in (vault / "USER.md").read_text()
    assert indexed_level(vault, target) == "L2" and indexed_level(vault, rel) is None
    # Approved once: the suggestion is gone until later sessions repeat it again.
    assert not review.pending(vault, config).promotions


def test_promote_and_demote_walk_the_levels(vault: Path, config) -> None:  # type: ignore[no-untyped-def]
    memory(vault, "jq", "jq lives in /opt/homebrew/bin", level=Level.L2, scope=Scope.AGENT)
    up = review.promote(vault, config, "jq", now=NOW)
    assert up.target == "memories/L3-core/jq.md" and up.status == "core"
    assert "jq lives" in (vault / "AGENT.md").read_text()
    with pytest.raises(review.ReviewError, match="core level"):
        review.promote(vault, config, "jq")
    with pytest.raises(review.ReviewError, match="already L3"):
        review.approve(vault, config, "jq")
    down = review.demote(vault, config, up.target, now=NOW)
    assert down.target == "memories/L2-confirmed/jq.md"
    last = review.demote(vault, config, down.target, now=NOW)
    assert last.target == "memories/L1-candidates/jq.md" and last.status == "candidate"
    assert "jq lives" not in (vault / "AGENT.md").read_text()
    with pytest.raises(review.ReviewError, match="use reject"):
        review.demote(vault, config, last.target)


def test_a_name_taken_in_the_target_folder_gets_a_number(vault: Path, config) -> None:  # type: ignore[no-untyped-def]
    memory(vault, "tabs", "Prefers tabs over spaces")
    memory(vault, "tabs", "Something else entirely", level=Level.L2)
    decision = review.approve(vault, config, "memories/L1-candidates/tabs.md", now=NOW)
    assert decision.target == "memories/L2-confirmed/tabs (2).md"
    assert "Something else" in (vault / "memories/L2-confirmed/tabs.md").read_text()


def test_reject_archives_and_the_fact_does_not_come_back(vault: Path, config) -> None:  # type: ignore[no-untyped-def]
    rel = memory(vault, "tabs", "Prefers tabs over spaces")
    decision = review.reject(vault, config, "tabs", now=NOW)
    assert decision.target == f"archive/2026-11-29/{rel}"
    assert not (vault / rel).exists()
    note = read_note(vault, decision.target)
    assert note.props["status"] == "rejected" and note.props["archived"] == "2026-11-29"
    assert "Prefers tabs over spaces" in note.body  # moved, never deleted
    assert review.pending(vault, config).empty

    # The next learning run meets the same fact: the rejected memory absorbs it.
    session = make_session(vault, date_fix_session())
    records, _ = load_memories(vault)
    assert [r.rel for r in records] == [decision.target]
    plan = plan_memory(
        load_session(vault, session),
        MemoryItem(scope=Scope.USER, text="Prefers tabs over spaces", priority=0),
        source_rel="summaries/2026/11/y.md",
        records=records,
        threshold=0.6,
        now=NOW,
    )
    assert plan.outcome is Outcome.REJECTED


def test_edit_replaces_the_fact_and_keeps_the_properties(vault: Path, config) -> None:  # type: ignore[no-untyped-def]
    rel = memory(vault, "tabs", "Prefers tabs over spaces", level=Level.L2)
    before = read_note(vault, rel).props
    decision = review.edit(
        vault, config, "tabs", "Prefers 4-space indents in Python. Tabs elsewhere.", now=NOW
    )
    assert decision.target == rel
    note = read_note(vault, rel)
    assert note.title == "Prefers 4-space indents in Python"
    assert "Tabs elsewhere." in note.body and "tabs over spaces" not in note.body
    assert note.props["level"] == before["level"] and note.props["source"] == before["source"]
    assert note.props["edited"] == "2026-11-29"
    assert "4-space indents" in (vault / "USER.md").read_text()
    with pytest.raises(review.ReviewError, match="empty"):
        review.edit(vault, config, "tabs", "   ")


def test_release_and_skip_change_only_the_status(vault: Path, config) -> None:  # type: ignore[no-untyped-def]
    first = make_session(vault, date_fix_session(), status=SessionStatus.PRIVACY_DEFERRED)
    second = make_session(
        vault, date_fix_session(), session_id="s-2", status=SessionStatus.PRIVACY_DEFERRED
    )
    size = (vault / first).stat().st_size

    released = review.release(vault, config, "s-1", now=NOW)
    assert released.status == "pending" and released.status_from == "privacy_deferred"
    head = (vault / first).read_text()
    assert properties.get_scalar(head, "status") == "pending"
    assert (vault / first).stat().st_size >= size  # the events are all still there
    marker = paths.queue_dir(vault) / f"{paths.short_hash(first, n=16)}.pending"
    assert marker.read_text() == f"pending\t{first}\n"

    skipped = review.skip(vault, config, second, now=NOW)
    assert skipped.status == "skipped" and (vault / second).exists()
    assert properties.get_scalar((vault / second).read_text(), "skipped_reason")
    assert [m for m in queue.markers(vault) if m[1] == second] == [("skipped", second)]
    assert not review.pending(vault, config).privacy_deferred
    with pytest.raises(review.ReviewError, match="not privacy_deferred"):
        review.release(vault, config, first)


def test_names_are_resolved_or_refused_clearly(vault: Path, config) -> None:  # type: ignore[no-untyped-def]
    memory(vault, "2026-11-20 user tabs aaa", "Prefers tabs")
    memory(vault, "2026-11-20 user tests bbb", "Runs pytest")
    assert review.find_memory(vault, "tabs") == "memories/L1-candidates/2026-11-20 user tabs aaa.md"
    assert review.find_memory(vault, "Runs pytest").endswith("tests bbb.md")
    absolute = str(vault / "memories/L1-candidates/2026-11-20 user tabs aaa.md")
    assert review.find_memory(vault, absolute).endswith("tabs aaa.md")
    with pytest.raises(review.ReviewError, match=r"matches 2 memory notes .*give the path"):
        review.find_memory(vault, "2026-11-20")
    with pytest.raises(review.ReviewError) as missing:
        review.approve(vault, config, "nothing-like-this")
    assert missing.value.not_found


def test_broken_yaml_is_refused_and_left_byte_for_byte(vault: Path, config) -> None:  # type: ignore[no-untyped-def]
    target = vault / "memories/L1-candidates/broken.md"
    raw = b"---\ntype: memory\nlevel: [L1\n---\n# Broken\n\nA person's edit \xff went wrong.\n"
    target.write_bytes(raw)
    with pytest.raises(review.ReviewError, match="fix its properties"):
        review.approve(vault, config, "broken")
    assert target.read_bytes() == raw


def test_a_memory_a_person_moved_to_a_folder_of_their_own_is_reviewed_where_it_is(
    vault: Path, config
) -> None:  # type: ignore[no-untyped-def]
    """Seen by hand: a confirmed memory moved in Obsidian to `Personal/Prefs/` could not be
    named to review ("no memory matches"), and promoting it by path moved it back into
    memories/. It is found by its name and stays where the person put it."""
    rel = memory(vault, "uv", "Always use uv, never pip", level=Level.L2)
    (vault / "Personal" / "Prefs").mkdir(parents=True)
    moved = "Personal/Prefs/uv 偏好.md"
    (vault / rel).rename(vault / moved)
    (vault / "archive" / "2026-11-01" / "memories").mkdir(parents=True)
    archived = memory(vault, "uv-old", "Use pip", level=Level.L2)
    (vault / archived).rename(vault / "archive/2026-11-01/memories/uv-old.md")
    reconcile.rebuild(vault, config)
    assert [m.rel for m in load_memories(vault)[0]] == [moved]  # not the archived one
    up = review.promote(vault, config, "uv 偏好", now=NOW)
    assert up.target == moved and up.level_to == "L3" and up.status == "core"
    assert read_note(vault, moved).props["level"] == "L3"
    assert "Always use uv, never pip" in (vault / "USER.md").read_text()
    assert not list((vault / "memories").rglob("*.md"))
