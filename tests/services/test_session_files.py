"""The files a session changed, as search results show them (services/recall/session_files)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from vaultsync.core.config import load_config
from vaultsync.core.properties import render_frontmatter
from vaultsync.services.derived.reconcile import rebuild
from vaultsync.services.recall.engine import Hit
from vaultsync.services.recall.session_files import files_of


def _session_with_edits(vault: Path, project: Path, names: list[str]) -> str:
    """A Claude Code session recorded by the hook (in process): one Edit per name."""
    from vaultsync.core.hook import agents, capture

    cfg = load_config(vault)
    base = {"session_id": "s1", "cwd": str(project)}
    payloads = [{**base, "hook_event_name": "SessionStart", "source": "startup"}]
    payloads += [
        {**base, "hook_event_name": "PostToolUse", "tool_name": "Edit",
         "tool_input": {"file_path": str(project / n), "old_string": "a", "new_string": "b"},
         "tool_response": {"filePath": str(project / n)}}
        for n in names
    ]  # fmt: skip
    for payload in payloads:
        capture.handle(agents.normalize("claude-code", payload), vault, cfg, datetime.now(UTC))
    [note] = (vault / "sessions").rglob("*.md")
    return note.relative_to(vault).as_posix()


def _hit(rel: str, summary_rel: str | None = None) -> Hit:
    return Hit(rel, rel, "session", "t", "", "claude-code", "s1", "", None, 1.0, "", summary_rel)


def _summary(vault: Path, files: object) -> str:
    rel = "summaries/s1.md"
    props = {"type": "summary", "session_id": "s1", "files_modified": files}
    (vault / rel).write_text(render_frontmatter(props) + "\n# Summary\n\nDone.\n", "utf-8")
    return rel


def test_a_sessions_files_come_from_its_edits_relative_to_its_project(
    vault: Path, tmp_path: Path
) -> None:
    names = [f"src/m{i}.py" for i in range(10)]
    rel = _session_with_edits(vault, tmp_path / "api", names)
    rebuild(vault, load_config(vault))
    found = files_of(load_config(vault), [_hit(rel), _hit("notes/plain.md")])
    assert found == {rel: names[:8]}  # at most eight; a note that is not a session has none
    assert files_of(load_config(vault), [_hit(rel)], limit=2) == {rel: names[:2]}


def test_a_codex_patch_names_every_file_it_changed(vault: Path, tmp_path: Path) -> None:
    """A ten-file apply_patch through the hook: the event's text lists every file (a clipped
    list kept five and its '… [11 lines' marker was read as a changed file), then its first
    changed lines."""
    from vaultsync.core.hook import agents, capture

    project = tmp_path / "api"
    names = [f"src/mod{i}.py" for i in range(10)]
    patch = "*** Begin Patch\n" + "".join(
        f"*** Update File: {project / n}\n@@\n-timeout = 30\n+timeout = 60\n" for n in names
    ) + "*** End Patch\n"  # fmt: skip
    payload = {"session_id": "cx1", "cwd": str(project), "hook_event_name": "PostToolUse",
               "tool_name": "apply_patch", "tool_input": {"command": patch},
               "tool_response": "Success. Updated the following files: ..."}  # fmt: skip
    cfg = load_config(vault)
    capture.handle(agents.normalize("codex", payload), vault, cfg, datetime.now(UTC))
    [note] = (vault / "sessions").rglob("*.md")
    text = note.read_text(encoding="utf-8")
    assert "- timeout = 30\n+ timeout = 60" in text and "… [" not in text
    rebuild(vault, cfg)
    rel = note.relative_to(vault).as_posix()
    hit = Hit(rel, rel, "session", "t", "", "codex", "cx1", "", None, 1.0, "", None)
    assert files_of(load_config(vault), [hit], limit=20) == {rel: names[:8]}  # a list shows 8


def test_the_summarys_list_wins_and_a_damaged_one_is_not_read_letter_by_letter(
    vault: Path, tmp_path: Path
) -> None:
    rel = _session_with_edits(vault, tmp_path / "api", ["src/app.py"])
    summary = _summary(vault, ["src/app.py", "README.md"])
    rebuild(vault, load_config(vault))
    assert files_of(load_config(vault), [_hit(rel, summary)]) == {rel: ["src/app.py", "README.md"]}
    _summary(vault, "src/app.py")  # a person typed the list as one word
    rebuild(vault, load_config(vault))
    assert files_of(load_config(vault), [_hit(rel, summary)]) == {rel: ["src/app.py"]}


def test_no_session_among_the_hits_opens_no_index(vault: Path) -> None:
    # No index was built: only a session among the hits needs one.
    assert files_of(load_config(vault), [_hit("notes/a.md")]) == {}
