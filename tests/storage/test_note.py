from __future__ import annotations

from pathlib import Path

import pytest

from vaultsync.core.model import Level, NoteType, Scope
from vaultsync.storage.note import NoteReadError, parse_note, read_note


def test_memory_note_fields() -> None:
    note = parse_note(
        "memories/L3-core/prefers short sentences.md",
        "---\ntype: memory\nlevel: L3\nscope: user\npriority: 2\ncreated: 2026-11-29\n"
        'source: "[[summaries/2026/11/s1]]"\ntags:\n  - scope/user\n---\n'
        "# Prefers short sentences\n\nWrites 口语化、短句. See [[Style guide|style]] #writing\n",
    )
    assert note.type is NoteType.MEMORY
    assert note.level is Level.L3 and note.scope is Scope.USER and note.priority == 2
    assert note.created == "2026-11-29"  # a YAML date comes back as an ISO string
    assert note.title == "Prefers short sentences"
    assert note.links == ("Style guide", "summaries/2026/11/s1")
    assert note.tags == ("scope/user", "writing")
    assert note.warning is None


def test_broken_yaml_is_a_warning_and_the_text_is_kept() -> None:
    text = "---\ntitle: [unclosed\nstatus: x\n---\nbody words\n"
    note = parse_note("notes/broken.md", text)
    assert note.warning and "line" in note.warning
    assert note.body == text and note.props == {}
    assert note.type is NoteType.NOTE and note.title == "broken"


def test_type_inferred_from_folder_when_missing() -> None:
    assert parse_note("sessions/2026/11/a.md", "x").type is NoteType.SESSION
    assert parse_note("USER.md", "x").type is NoteType.GENERATED
    assert parse_note("skills/drafts/run-tests/SKILL.md", "x").type is NoteType.SKILL_DRAFT
    assert parse_note("ideas.md", "---\ntype: weird\n---\n").type is NoteType.NOTE


def test_frontmatter_that_is_not_a_mapping() -> None:
    note = parse_note("a.md", "---\n- just\n- a list\n---\nbody\n")
    assert note.warning == "frontmatter is not a mapping of properties"


def test_invalid_utf8_is_read_with_a_warning(tmp_path: Path) -> None:
    (tmp_path / "bad.md").write_bytes(b"---\ntitle: ok\n---\nabc \xff\xfe def\n")
    note = read_note(tmp_path, "bad.md")
    assert note.title == "ok" and "\ufffd" in note.body
    assert note.warning and "UTF-8" in note.warning


def test_unreadable_is_not_missing(tmp_path: Path) -> None:
    (tmp_path / "dir.md").mkdir()  # reading a directory fails with an OSError that is not ENOENT
    with pytest.raises(NoteReadError):
        read_note(tmp_path, "dir.md")
    with pytest.raises(FileNotFoundError):
        read_note(tmp_path, "gone.md")


def test_obsidian_help_frontmatter_parses(shared: Path) -> None:
    root = shared / "corpora" / "obsidian-help"
    notes = [read_note(root, str(p.relative_to(root))) for p in sorted(root.rglob("*.md"))]
    assert len(notes) > 500
    assert not [n.rel for n in notes if n.warning]
    assert any(n.aliases for n in notes)
