"""The one memory loader and type, and the order of memories across time zones."""

from __future__ import annotations

from pathlib import Path

from vaultsync.core.model import Level, Scope
from vaultsync.core.properties import render_frontmatter
from vaultsync.storage.memory import load_memories, memory_of, rank, updated_of
from vaultsync.storage.note import Note, parse_note


def _write(vault: Path, rel: str, props: dict[str, object], body: str) -> None:
    path = vault / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render_frontmatter(props) + body, encoding="utf-8")


def test_one_loader_one_type(vault: Path) -> None:
    _write(vault, "memories/L2-confirmed/tabs.md",
           {"type": "memory", "scope": "user", "status": "candidate", "reinforced": 5,
            "reviewed_reinforced": 2, "source": "[[summaries/a]]", "sources": ["[[summaries/b]]"],
            "created": "2026-11-20T17:00:00+08:00"},
           "\n# Prefers tabs\n\nIndent with tabs, never spaces.\n")  # fmt: skip
    _write(vault, "memories/L1-candidates/noscope.md", {"type": "memory"}, "\n# No scope\n")
    _write(vault, "memories/.hidden/x.md", {"type": "memory", "scope": "user"}, "\n# Hidden\n")
    _write(vault, "archive/2026-11-01/memories/L1-candidates/gone.md",
           {"type": "memory", "scope": "user", "status": "rejected"},"\n# Rejected\n")  # fmt: skip
    _write(vault, "archive/2026-11-01/memories/L1-candidates/old.md",
           {"type": "memory", "scope": "user", "status": "archived"},"\n# Archived\n")  # fmt: skip
    found, warnings = load_memories(vault)
    assert warnings == []
    assert [m.rel for m in found] == [
        "memories/L1-candidates/noscope.md", "memories/L2-confirmed/tabs.md"]  # fmt: skip
    tabs = found[1]
    assert (tabs.level, tabs.scope, tabs.state, tabs.since_review) == (
        Level.L2, Scope.USER, "candidate", 3)  # fmt: skip
    assert tabs.text == "Prefers tabs\nIndent with tabs, never spaces."
    assert tabs.sources == ("[[summaries/a]]", "[[summaries/b]]")
    assert found[0].scope is None
    with_rejected, _ = load_memories(vault, rejected_archive=True)
    assert [m.rel for m in with_rejected][-1] == "archive/2026-11-01/memories/L1-candidates/gone.md"
    assert len(with_rejected) == 3  # the archived (not rejected) one stays out


def test_rank_orders_by_the_instant_not_the_text() -> None:
    early = parse_note(
        "memories/L2-confirmed/a.md",
        render_frontmatter({"type": "memory", "updated": "2026-12-01T18:00:00+08:00"}) + "\n# A\n",
    )  # 10:00 UTC
    late = parse_note("memories/L2-confirmed/b.md", render_frontmatter(
        {"type": "memory", "updated": "2026-12-01T11:00:00Z"}) + "\n# B\n")  # fmt: skip
    assert updated_of(early) == "2026-12-01T10:00:00"
    assert [n.rel for n in rank([early, late])] == [late.rel, early.rel]
    assert memory_of(late).title == "B"


def test_a_body_that_only_repeats_its_title_adds_no_detail() -> None:
    from vaultsync.storage.memory import detail

    def note(title: str, text: str) -> Note:
        head = render_frontmatter({"type": "memory", "scope": "user"})
        return parse_note("memories/L2-confirmed/m.md", head + f"\n# {title}\n\n{text}\n")

    title = "Prefers pytest -q with short tracebacks (--tb=short)"
    assert detail(note(title, title + ".")) == ""
    assert detail(note("回答用中文", "回答用中文。")) == ""
    assert detail(note(title, "Only in CI.")) == "Only in CI."
