"""A note that names the note it replaces (`supersedes`) demotes it at read time, in search and
at the prompt, though the older note was never marked `superseded_by` and was touched later."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from vaultsync.core import paths, properties, replaced_notes
from vaultsync.core.config import load_config
from vaultsync.core.hook import prompt_recall
from vaultsync.core.hook.agents import Incoming
from vaultsync.core.model import EventKind
from vaultsync.services.derived.reconcile import rebuild
from vaultsync.services.recall import engine

OLD = "memories/L2-confirmed/Settlement events use Kafka.md"
NEW = "summaries/2026/12/2026-12-05 ledger settlement queue.md"


def note(vault: Path, rel: str, props: dict[str, object], text: str) -> None:
    path = vault / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    head = properties.render_frontmatter(props) if props else ""
    path.write_text(head + text, encoding="utf-8")


def memory_props(created: str, updated: str, **extra: object) -> dict[str, object]:
    return {"type": "memory", "level": "L2", "scope": "user", "status": "confirmed",
            "priority": 1, "created": created, "updated": updated, **extra}  # fmt: skip


@pytest.fixture
def replaced(vault: Path) -> Path:
    """The older decision (a memory, its typo fixed after it was replaced: the newest date)
    and the newer one (a session's summary naming it by title)."""
    note(vault, OLD, memory_props("2026-11-04T10:00:00Z", "2026-12-12T09:00:00Z"),
         "\n# Settlement events use Kafka\n\nThe message queue for settlement events is Kafka "
         "(topic settlement); we decided the settlement message queue is Kafka.\n")  # fmt: skip
    note(vault, NEW, {"type": "summary", "agent": "codex", "session_id": "s-5", "status": "done",
                      "created": "2026-12-05T10:00:00Z", "updated": "2026-12-05T10:00:00Z",
                      "supersedes": "[[Settlement events use Kafka]]"},
         "# Settlement queue\n\nSettlement events go over NATS JetStream now.\n")  # fmt: skip
    rebuild(vault, load_config(vault))
    # as when the session-start context's budget left the memory out (prompt recall does not
    # repeat what that context gave)
    for name in (paths.USER_MD, paths.AGENT_MD):
        (vault / name).unlink(missing_ok=True)
    return vault


def test_targets_of_every_way_a_link_is_written() -> None:
    assert replaced_notes.targets("[[Old|the old one]]") == ["Old"]
    assert replaced_notes.targets(["[[memories/L2-confirmed/Old.md#Why]]", "notes/x.md", 3]) == [
        "memories/L2-confirmed/Old",
        "notes/x",
    ]
    assert replaced_notes.targets(None) == []


def test_named_by_title_by_path_never_by_a_candidate(replaced: Path) -> None:
    vault = replaced
    index = sqlite3.connect(load_config(vault).index_file())
    try:
        assert replaced_notes.named(index, {OLD, NEW}) == {OLD}
        plan = index.execute(
            "EXPLAIN QUERY PLAN " + replaced_notes._SQL  # the partial index, not a scan
        ).fetchall()
        assert "notes_supersedes" in str(plan)
    finally:
        index.close()
    # an unreviewed candidate only proposes; a path from a folder inside the vault names one
    note(vault, "memories/L1-candidates/c.md",
         {**memory_props("2026-12-13T09:00:00Z", "2026-12-13T09:00:00Z"), "level": "L1",
          "status": "candidate", "supersedes": [properties.link(OLD)]}, "# c\n\nc\n")  # fmt: skip
    note(vault, "notes/other.md", {"supersedes": ["[[L2-confirmed/Settlement events use Kafka]]"]},
         "# other\n")  # fmt: skip
    rebuild(vault, load_config(vault))
    index = sqlite3.connect(load_config(vault).index_file())
    try:
        assert replaced_notes.named(index, {OLD}) == {OLD}
        index.execute("DELETE FROM notes WHERE rel IN ('notes/other.md', ?)", (NEW,))
        assert replaced_notes.named(index, {OLD}) == set()
    finally:
        index.close()


QUESTION = "What did we decide for the settlement events message queue?"


def test_search_puts_the_replacing_note_first(
    replaced: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = load_config(replaced)
    found = [h.rel for h in engine.recall(replaced, config, QUESTION, semantic=False).hits]
    assert found.index(NEW) < found.index(OLD)  # still found: it is the history
    monkeypatch.setattr(engine, "REPLACED_DEMOTED", False)
    found = [h.rel for h in engine.recall(replaced, config, QUESTION, semantic=False).hits]
    assert found[0] == OLD  # the rule is what does it


def test_the_prompt_is_not_handed_the_replaced_note(
    replaced: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = load_config(replaced)

    def ask(session: str) -> str:
        inc = Incoming(agent="hermes", native_event="pre_llm_call", kind=EventKind.PROMPT,
                       session_id=session, cwd="/tmp", prompt=QUESTION)  # fmt: skip
        return prompt_recall.context_for(inc, replaced, config)

    block = ask("h1")
    assert "Settlement queue" in block and "use Kafka" not in block
    monkeypatch.setattr(replaced_notes, "named", lambda conn, rels: set())
    assert "use Kafka" in ask("h2")
