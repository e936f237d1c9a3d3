"""One date-time format per property, whichever writer wrote the note: the hook, learn, import,
remember and merge on a real vault, and the example vault that `vaultsync demo` copies.
Obsidian keeps one type per property across a vault, so `created` written as
`2026-11-20T09:00:00Z` by one writer and `2026-11-20T17:00:00+08:00` by another is a defect."""

from __future__ import annotations

import datetime as dt
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from vaultsync.core import properties
from vaultsync.core.config import load_config
from vaultsync.services.learning import agent_memory
from vaultsync.services.vault import merge, setup

REPO = Path(__file__).resolve().parents[1]
DATE_TIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d")  # core/timestamp.format
DATE = re.compile(r"\d{4}-\d\d-\d\d")  # core/timestamp.day
LOOKS_DATED = re.compile(r"\d{4}-\d\d-\d\d[T ]\d")


def shape(value: str) -> str | None:
    """The form of a property value that holds a date or date-time; None for anything else."""
    if DATE_TIME.fullmatch(value):
        return "date-time"
    if DATE.fullmatch(value):
        return "date"
    if LOOKS_DATED.match(value):
        return "other: " + re.sub(r"\d", "9", value)
    return None


def shapes(*vaults: Path) -> dict[str, set[str]]:
    """Property name -> the forms its dated values take, over every note of the vaults."""
    found: dict[str, set[str]] = {}
    for vault in vaults:
        for path in sorted(vault.rglob("*.md")):
            if ".vaultsync" in path.parts:
                continue
            head, _ = properties.split_frontmatter(path.read_text(encoding="utf-8"))
            data = yaml.load(head or "", Loader=yaml.BaseLoader)  # every value as written
            for name, value in (data or {}).items():
                if isinstance(value, str) and (form := shape(value)) is not None:
                    found.setdefault(name, set()).add(form)
    return found


def one_form_each(found: dict[str, set[str]]) -> dict[str, list[str]]:
    """The properties written in more than one form, or in a form that is neither."""
    return {
        name: sorted(forms)
        for name, forms in found.items()
        if len(forms) > 1 or not forms <= {"date-time", "date"}
    }


def _cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "vaultsync", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=180,
    )


def _hook_session(vault: Path) -> None:
    """A claude-code session through the real hook: long and busy enough to be learned from."""
    calls: list[dict[str, object]] = [
        {"hook_event_name": "SessionStart", "source": "startup"},
        {"hook_event_name": "UserPromptSubmit", "prompt": "make the date parser accept slashes"},
    ]
    for i in range(12):
        calls.append(
            {
                "hook_event_name": "PostToolUse",
                "tool_name": "Edit" if i % 3 == 0 else "Bash",
                "tool_input": {"file_path": f"src/dates{i}.py"}
                if i % 3 == 0
                else {"command": f"pytest -q tests/test_dates.py::case_{i}"},
                "tool_response": {"stdout": f"{i} passed", "stderr": ""},
            }
        )
    calls.append({"hook_event_name": "Stop"})
    calls.append({"hook_event_name": "SessionEnd", "reason": "exit"})
    for call in calls:
        payload = {"session_id": "dates-1", "cwd": "/work/dateparse", **call}
        run = _cli("hook", "--agent", "claude-code", stdin=json.dumps(payload))
        assert run.returncode == 0, run.stderr


def _import_sources(tmp_path: Path) -> tuple[Path, Path]:
    claude = tmp_path / "claude-home"
    claude.mkdir()
    (claude / "CLAUDE.md").write_text("Prefer small commits with a test each.\n", "utf-8")
    codex = tmp_path / "codex-home"
    day = codex / "sessions" / "2026" / "11" / "24"
    day.mkdir(parents=True)
    sid = "019a2d7a-41c4-78b1-b7cc-a45d62a89cd5"
    lines = [
        {"timestamp": "2026-11-24T08:00:00.000Z", "type": "session_meta",
         "payload": {"id": sid, "timestamp": "2026-11-24T08:00:00.000Z", "cwd": "/work/t"}},
        {"timestamp": "2026-11-24T08:00:02.000Z", "type": "event_msg",
         "payload": {"type": "user_message", "message": "add a --strict flag", "kind": "plain"}},
        {"timestamp": "2026-11-24T08:03:20.000Z", "type": "response_item",
         "payload": {"type": "message", "role": "assistant",
                     "content": [{"type": "output_text", "text": "Added --strict."}]}},
    ]  # fmt: skip
    (day / f"rollout-2026-11-24T08-00-00-{sid}.jsonl").write_text(
        "".join(json.dumps(x) + "\n" for x in lines), "utf-8"
    )
    return claude, codex


@pytest.mark.slow  # every writer as a person runs it (hook, learn, import: ~3 s of processes)
def test_every_writer_writes_one_form_per_property(tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    setup.init(vault, user_config=False)
    os.environ["VAULTSYNC_VAULT"] = str(vault)  # the hook finds its vault here (undone below)
    try:
        _hook_session(vault)
    finally:
        del os.environ["VAULTSYNC_VAULT"]
    learned = _cli("learn", "--offline", "--vault", str(vault))
    assert learned.returncode == 0, learned.stderr
    claude, codex = _import_sources(tmp_path)
    for source, where in (("claude-code", claude), ("codex", codex)):
        run = _cli("import", source, "--path", str(where), "--vault", str(vault))
        assert run.returncode == 0, run.stderr
    config = load_config(vault)
    remembered = agent_memory.remember(
        vault, config, "The parser accepts 2026/11/22 and 2026-11-22 alike.", agent="codex"
    )
    memory = vault / remembered.rel
    ours = memory.read_text(encoding="utf-8")
    theirs = ours.replace("alike.", "alike, and 22.11.2026 too.")
    both = ours.replace("alike.", "alike, but not 11/22/2026.")
    when = dt.datetime(2026, 11, 30, 8, 0, tzinfo=dt.UTC)
    merged, kept_both = merge.merge_memory(ours, both, theirs, label="laptop", when=when)
    assert kept_both
    memory.write_text(merged, encoding="utf-8")

    found = shapes(vault)
    written = {"created", "updated", "ended", "last_seen", "learned", "sync_conflict"}
    assert written <= set(found), sorted(found)  # each writer did write its dated properties
    assert list((vault / "summaries").rglob("*.md")), "learn wrote no summary"
    assert one_form_each(found) == {}


def test_the_example_vault_holds_the_one_form() -> None:
    found = shapes(REPO / "vault-example")
    assert {"created", "updated"} <= set(found)
    assert one_form_each(found) == {}


def test_the_check_can_fail(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text('---\ncreated: "2026-11-20T09:00:00Z"\n---\n', "utf-8")
    (tmp_path / "b.md").write_text('---\ncreated: "2026-11-20T17:00:00+08:00"\n---\n', "utf-8")
    (tmp_path / "c.md").write_text("---\nlast_seen: 2026-11-20\ntitle: 2026 plans\n---\n", "utf-8")
    assert one_form_each(shapes(tmp_path)) == {
        "created": ["date-time", "other: 9999-99-99T99:99:99Z"]
    }


def test_names_and_dates_are_the_persons_day(tmp_path: Path) -> None:
    """20:00 UTC on 30 November is 04:00 on 1 December for a person in UTC+8 (the tests'
    zone): a remembered fact's file name, its `created`, the archive folder and `archived`,
    and a conflict copy's name all say 1 December, as the hook's session names do."""
    from vaultsync.services.learning import archive

    vault = tmp_path / "vault"
    setup.init(vault, user_config=False)
    late = dt.datetime(2026, 11, 30, 20, 0, tzinfo=dt.UTC)
    remembered = agent_memory.remember(
        vault, load_config(vault), "The parser accepts 2026/11/22 and 2026-11-22 alike.",
        agent="codex", now=late,
    )  # fmt: skip
    assert Path(remembered.rel).name.startswith("2026-12-01 ")
    text = (vault / remembered.rel).read_text(encoding="utf-8")
    assert properties.get_scalar(text, "created") == "2026-12-01T04:00:00+08:00"
    moved = archive.move_note(vault, remembered.rel, "test", late)
    assert moved.target.startswith("archive/2026-12-01/")
    archived = (vault / moved.target).read_text(encoding="utf-8")
    assert properties.get_scalar(archived, "archived") == "2026-12-01"
    copy = merge.conflict_copy_name("ideas.md", "laptop", late)
    assert copy == "ideas (Conflicted copy laptop 202612010400).md"
