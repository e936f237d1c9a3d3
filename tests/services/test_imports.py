"""`vaultsync import` from each source, on fixtures written from the formats' real structure:
notes with provenance, redacted, idempotent, --dry-run, the source never modified."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from shared_corpora import CORPORA

from vaultsync.core import eventlog, properties
from vaultsync.core.config import load_config
from vaultsync.services.imports import claude_code, claude_mem, codex, hermes
from vaultsync.services.imports.notes import ImportReport, SourceError
from vaultsync.services.vault import setup

SECRET = "sk-proj-Zx8rT2mQ9vL4nB7cK1pW5sY3dF6gH0jA2eR8tU4iO1lM"
NOW = dt.datetime(2026, 12, 1, 10, 0, tzinfo=dt.UTC)
CORPUS = CORPORA


@pytest.fixture
def vault(tmp_path: Path) -> Path:
    root = tmp_path / "vault"
    setup.init(root, user_config=False)
    return root


def tree_hash(root: Path) -> str:
    """Names, bytes and modes of every file under root: any change, new file or lost file."""
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        digest.update(str(path.relative_to(root)).encode())
        if path.is_file():
            digest.update(path.read_bytes())
            digest.update(str(path.stat().st_mode).encode())
    return digest.hexdigest()


def check_contract(
    vault: Path, source_root: Path, run: Callable[..., ImportReport], source: str
) -> ImportReport:
    """The rules every importer keeps, checked the same way for each."""
    before = tree_hash(source_root)
    dry = run(dry_run=True)
    assert dry.written and dry.commit is None
    assert all(not (vault / rel).exists() for rel in dry.written)
    report = run(dry_run=False)
    assert report.written == dry.written
    assert report.commit  # committed to the vault's history
    for rel in report.written:
        text = (vault / rel).read_text(encoding="utf-8")
        assert properties.get_scalar(text, "source") == source, rel
        assert properties.get_scalar(text, "import_key"), rel
        assert SECRET not in text, rel
    again = run(dry_run=False)
    assert again.written == () and len(again.known) == len(report.written)
    assert tree_hash(source_root) == before, "the source was modified"
    log = subprocess.run(
        ["git", "log", "-p", "--all"], cwd=vault, capture_output=True, text=True
    ).stdout
    assert SECRET not in log
    return report


# ---------------------------------------------------------------- Claude Code


def claude_home(tmp_path: Path) -> Path:
    home = tmp_path / "claude"
    project = home / "projects" / "-work-demo"
    (project / "memory").mkdir(parents=True)
    (home / "CLAUDE.md").write_text(
        f"# My rules\n\n- Answer in short sentences.\n- My key is export OPENAI_API_KEY={SECRET}\n"
    )
    (project / "memory" / "MEMORY.md").write_text(
        "- [Prefers uv](prefers_uv.md) — uses uv, never pip\n"
        "- [Testing](testing.md) — run pytest -q before a commit\n"
    )
    (project / "memory" / "prefers_uv.md").write_text(
        "---\nname: Prefers uv over pip\ndescription: package installs\ntype: feedback\n---\n\n"
        "Always `uv pip install`, never bare pip.\n"
    )
    (project / "memory" / "testing.md").write_text(
        "---\nname: Run the tests before committing\ntype: project\n---\n\n"
        "The suite is `pytest -q`; CI fails on warnings.\n"
    )
    for name in ("representative_messages.jsonl", "session_b.jsonl", "edge_cases.jsonl"):
        real = CORPUS / "claude-code-transcripts" / name
        if real.exists():
            shutil.copyfile(real, project / name)
    # A transcript with a paired tool call and a secret in the output, in today's shape.
    lines = [
        {"type": "user", "sessionId": "live-1", "cwd": "/work/demo", "uuid": "u1",
         "timestamp": "2026-11-20T09:00:00.000Z",
         "message": {"role": "user", "content": "Fix the flaky date parser test please"}},
        {"type": "assistant", "sessionId": "live-1", "cwd": "/work/demo", "uuid": "a1",
         "timestamp": "2026-11-20T09:00:05.000Z",
         "message": {"role": "assistant", "content": [
             {"type": "tool_use", "id": "toolu_1", "name": "Bash",
              "input": {"command": "pytest -q tests/test_dates.py"}}]}},
        {"type": "user", "sessionId": "live-1", "cwd": "/work/demo", "uuid": "u2",
         "timestamp": "2026-11-20T09:00:09.000Z",
         "message": {"role": "user", "content": [
             {"type": "tool_result", "tool_use_id": "toolu_1", "is_error": True,
              "content": f"FAILED test_parse: OPENAI_API_KEY={SECRET} leaked in env dump"}]}},
        {"type": "assistant", "sessionId": "live-1", "cwd": "/work/demo", "uuid": "a2",
         "timestamp": "2026-11-20T09:01:00.000Z",
         "message": {"role": "assistant", "content": [
             {"type": "text", "text": "Fixed: the parser now pins the timezone."}]}},
    ]  # fmt: skip
    (project / "live-1.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines))
    return home


def test_claude_code_memory_and_transcripts(vault: Path, tmp_path: Path) -> None:
    sources = tmp_path / "src"
    home = claude_home(sources)
    repo = sources / "demo-repo"
    repo.mkdir()
    (repo / "CLAUDE.md").write_text("# demo\n\nUse ruff format.\n")
    config = load_config(vault)

    def run(dry_run: bool) -> ImportReport:
        return claude_code.run(vault, config, home=home, projects=[repo], dry_run=dry_run, now=NOW)

    report = check_contract(vault, sources, run, "claude-code")
    written = list(report.written)
    memories = [r for r in written if r.startswith("memories/L1-candidates/")]
    assert len(memories) == 2
    uv = next(r for r in memories if "uv" in r)
    text = (vault / uv).read_text()
    assert properties.get_scalar(text, "scope") == "user"  # feedback is about the person
    assert "never bare pip" in text
    assert any(r.startswith("imports/claude-code/CLAUDE user") for r in written)
    assert any(r.startswith("imports/claude-code/MEMORY") for r in written)
    sessions = [r for r in written if r.startswith("sessions/")]
    if (CORPUS / "claude-code-transcripts").is_dir():  # the real transcripts, as past sessions
        assert any("test_session" in r for r in sessions), sessions
        real = next(r for r in sessions if "test_session" in r)
        assert eventlog.parse((vault / real).read_text())
    live = next(r for r in sessions if "live-1" in r)
    events = eventlog.parse((vault / live).read_text())
    kinds = [e.kind.value for e in events]
    assert kinds == ["prompt", "tool_error", "turn_end"]
    assert events[1].tool == "Bash" and "pytest -q" in events[1].input
    assert "[REDACTED" in events[1].output or SECRET not in events[1].output
    assert properties.get_scalar((vault / live).read_text(), "status") == "privacy_deferred"


def test_a_session_the_hook_already_recorded_is_not_imported_again(
    vault: Path, tmp_path: Path
) -> None:
    home = claude_home(tmp_path)
    config = load_config(vault)
    seen: list[tuple[int, int]] = []
    first = claude_code.run(vault, config, home=home, now=NOW, progress=lambda *a: seen.append(a))
    # The progress bar's steps: one per planned note, counted against all of them.
    total = len(first.written) + len(first.known)
    assert seen == [(i, total) for i in range(total)] and total > 1
    live = next(r for r in first.written if "live-1" in r)
    (vault / live).rename(vault / "sessions" / "moved by hand.md")
    again = claude_code.run(vault, config, home=home, now=NOW)
    assert again.written == ()


# ---------------------------------------------------------------- Hermes


def test_hermes_memory_and_user_files(vault: Path, tmp_path: Path) -> None:
    home = tmp_path / "hermes"
    (home / "memories").mkdir(parents=True)
    (home / "memories" / "MEMORY.md").write_text(
        "The repo uses uv; run `uv sync` after pulling.\n§\n"
        f"Deploy token lives in the env: HF_TOKEN=hf_{'a1B2c3D4e5F6g7H8i9J0' * 2}\n§\n"
        "Tests:\n  pytest -q\n  then ruff check\n"
    )
    (home / "memories" / "USER.md").write_text(
        "Mei prefers short, spoken sentences.\n§\nTimezone: Asia/Shanghai (UTC+8)."
    )
    config = load_config(vault)

    def run(dry_run: bool) -> ImportReport:
        return hermes.run(vault, config, home=home, dry_run=dry_run, now=NOW)

    report = check_contract(vault, tmp_path / "hermes", run, "hermes")
    assert report.found == 5 and len(report.written) == 5
    scopes = sorted(
        properties.get_scalar((vault / r).read_text(), "scope") or "" for r in report.written
    )
    assert scopes == ["agent", "agent", "agent", "user", "user"]
    multi = next(r for r in report.written if "Tests" in (vault / r).read_text())
    assert "then ruff check" in (vault / multi).read_text()
    assert all("hf_a1B2" not in (vault / r).read_text() for r in report.written)


def test_hermes_entries_split_on_the_section_sign_line_only() -> None:
    assert hermes.entries("a § b\n§\nc\n§\n\n") == ["a § b", "c"]


# ---------------------------------------------------------------- claude-mem

SCHEMA_V13 = """
CREATE TABLE sdk_sessions (id INTEGER PRIMARY KEY AUTOINCREMENT,
  content_session_id TEXT UNIQUE NOT NULL, memory_session_id TEXT UNIQUE, project TEXT NOT NULL,
  platform_source TEXT NOT NULL DEFAULT 'claude', user_prompt TEXT, started_at TEXT NOT NULL,
  started_at_epoch INTEGER NOT NULL, completed_at TEXT, completed_at_epoch INTEGER,
  status TEXT NOT NULL DEFAULT 'active', worker_port INTEGER, prompt_counter INTEGER DEFAULT 0,
  custom_title TEXT);
CREATE TABLE observations (id INTEGER PRIMARY KEY AUTOINCREMENT,
  memory_session_id TEXT NOT NULL, project TEXT NOT NULL, text TEXT, type TEXT NOT NULL,
  title TEXT, subtitle TEXT, facts TEXT, narrative TEXT, concepts TEXT, files_read TEXT,
  files_modified TEXT, prompt_number INTEGER, discovery_tokens INTEGER DEFAULT 0,
  content_hash TEXT, agent_type TEXT, agent_id TEXT, merged_into_project TEXT,
  generated_by_model TEXT, metadata TEXT, created_at TEXT NOT NULL,
  created_at_epoch INTEGER NOT NULL);
CREATE TABLE session_summaries (id INTEGER PRIMARY KEY AUTOINCREMENT,
  memory_session_id TEXT NOT NULL, project TEXT NOT NULL, request TEXT, investigated TEXT,
  learned TEXT, completed TEXT, next_steps TEXT, files_read TEXT, files_edited TEXT, notes TEXT,
  prompt_number INTEGER, discovery_tokens INTEGER DEFAULT 0, merged_into_project TEXT,
  created_at TEXT NOT NULL, created_at_epoch INTEGER NOT NULL);
CREATE TABLE user_prompts (id INTEGER PRIMARY KEY AUTOINCREMENT,
  content_session_id TEXT NOT NULL, prompt_number INTEGER NOT NULL, prompt_text TEXT NOT NULL,
  created_at TEXT NOT NULL, created_at_epoch INTEGER NOT NULL);
"""

# The v4-v6 names: sessions linked by sdk_session_id, prompts by claude_session_id.
SCHEMA_OLD = (
    SCHEMA_V13.replace("memory_session_id", "sdk_session_id")
    .replace("content_session_id", "claude_session_id")
    .replace(" platform_source TEXT NOT NULL DEFAULT 'claude',", "")
)


def claude_mem_db(folder: Path, schema: str) -> Path:
    folder.mkdir(parents=True)
    db = folder / "claude-mem.db"
    con = sqlite3.connect(db)
    con.executescript(schema)
    old = "sdk_session_id" in schema
    link, content = ("sdk_session_id", "claude_session_id") if old else (
        "memory_session_id", "content_session_id")  # fmt: skip
    cols = f"{content}, {link}, project, started_at, started_at_epoch, status"
    con.execute(
        f"INSERT INTO sdk_sessions ({cols}) VALUES (?,?,?,?,?,?)",
        ("cc-1", "mem-1", "csv-tidy", "2026-11-22T03:10:00.000Z", 1795317000000, "completed"),
    )
    con.execute(
        f"INSERT INTO observations ({link}, project, type, title, subtitle, narrative, facts,"
        " concepts, files_read, files_modified, created_at, created_at_epoch)"
        " VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
        ("mem-1", "csv-tidy", "bugfix", "Date parser accepts 2026/11/22", "slash dates",
         f"The parser rejected slashes; fixed with a second pattern. Token {SECRET}.",
         json.dumps(["dates with / now parse", "tests cover both forms"]),
         json.dumps(["problem-solution", "gotcha"]), json.dumps(["src/dates.py"]),
         json.dumps(["src/dates.py", "tests/test_dates.py"]), "2026-11-22T03:20:00Z",
         1795317600000),
    )  # fmt: skip
    con.execute(
        f"INSERT INTO session_summaries ({link}, project, request, investigated, learned,"
        " completed, next_steps, files_read, files_edited, created_at, created_at_epoch)"
        " VALUES (?,?,?,?,?,?,?,?,?,?,?)",
        ("mem-1", "csv-tidy", "Make the date parser accept slashes", "the regex",
         "Two patterns beat one clever one", "Parser fixed, 2 tests added", "Release 0.4",
         json.dumps(["src/dates.py"]), json.dumps(["src/dates.py"]), "2026-11-22T03:30:00Z",
         1795318200000),
    )  # fmt: skip
    con.execute(
        f"INSERT INTO user_prompts ({content}, prompt_number, prompt_text, created_at,"
        " created_at_epoch) VALUES (?,?,?,?,?)",
        ("cc-1", 1, "the date parser chokes on 2026/11/22, fix it", "2026-11-22T03:10:00Z",
         1795317000000),
    )  # fmt: skip
    con.commit()
    con.execute("PRAGMA journal_mode=WAL")
    con.close()
    return db


@pytest.mark.parametrize("schema", [SCHEMA_V13, SCHEMA_OLD], ids=["v13-migration35", "v4-6"])
def test_claude_mem_sessions_become_summaries(vault: Path, tmp_path: Path, schema: str) -> None:
    db = claude_mem_db(tmp_path / "cm", schema)
    config = load_config(vault)

    def run(dry_run: bool) -> ImportReport:
        return claude_mem.run(vault, config, db=db, dry_run=dry_run, now=NOW)

    report = check_contract(vault, tmp_path / "cm", run, "claude-mem")
    assert len(report.written) == 1
    rel = report.written[0]
    assert rel.startswith("summaries/2026/11/2026-11-22 ")
    text = (vault / rel).read_text()
    assert properties.get_scalar(text, "type") == "summary"
    assert properties.get_scalar(text, "project") == "csv-tidy"
    for expected in (
        "Make the date parser accept slashes",
        "Two patterns beat one clever one",
        "### bugfix: Date parser accepts 2026/11/22",
        "- dates with / now parse",
        "1. the date parser chokes",
    ):
        assert expected in text


def _import_cli(vault: Path, db: Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """`vaultsync import claude-mem --path DB` as a person runs it."""
    cli = str(Path(sys.executable).parent / "vaultsync")
    return subprocess.run(
        [cli, "import", "claude-mem", "--path", str(db), "--vault", str(vault)],
        capture_output=True, text=True, timeout=timeout,
    )  # fmt: skip


def test_claude_mem_with_a_recursive_view_ends(vault: Path, tmp_path: Path) -> None:
    """A database whose `observations` is a view that recurses forever (it would never end,
    or fill the memory): only real tables are read, within a time and row bound."""
    db = claude_mem_db(tmp_path / "cm", SCHEMA_V13)
    con = sqlite3.connect(db)
    con.executescript(
        "DROP TABLE observations;"
        "CREATE VIEW observations AS WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL"
        " SELECT n + 1 FROM r) SELECT n AS id, 'mem-1' AS memory_session_id,"
        " 'csv-tidy' AS project, 'x' AS type, 'loop' AS title, '2026-11-22' AS created_at,"
        " n AS created_at_epoch FROM r;"
    )
    con.close()
    done = _import_cli(vault, db, timeout=90)
    assert done.returncode == 0, done.stderr
    assert "observations is a view" in done.stderr
    assert "imported 1" in done.stdout  # the session, from its real tables


def test_claude_mem_odd_rows_are_one_line_each(vault: Path, tmp_path: Path) -> None:
    db = claude_mem_db(tmp_path / "cm", SCHEMA_V13)
    con = sqlite3.connect(db)
    cols = "content_session_id, memory_session_id, project, started_at, started_at_epoch, status"
    odd = [  # an epoch no clock can show, a blob for a project, a NUL in the id
        ("odd-1", "mem-odd-1", "p", "", 9 * 10**18, "completed"),
        ("odd-2", "mem-odd-2", b"\xff\xfe", "2026-11-22T03:10:00Z", -5, "completed"),
    ]
    con.executemany(f"INSERT INTO sdk_sessions ({cols}) VALUES (?,?,?,?,?,?)", odd)
    for sid in ("mem-odd-1", "mem-odd-2"):
        con.execute(
            "INSERT INTO session_summaries (memory_session_id, project, request, created_at,"
            " created_at_epoch) VALUES (?,?,?,?,?)", (sid, "p", "odd", "x", 9 * 10**18),
        )  # fmt: skip
    con.commit()
    con.close()
    done = _import_cli(vault, db)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 0, done.stderr
    assert "imported" in done.stdout and "cc-1" not in done.stderr
    bad = [line for line in done.stderr.splitlines() if "skipped" in line]
    assert 1 <= len(bad) <= 2 and all("odd-" in line for line in bad), done.stderr


def test_claude_mem_missing_db_is_a_clear_error(vault: Path, tmp_path: Path) -> None:
    with pytest.raises(SourceError, match="no claude-mem database"):
        claude_mem.run(vault, load_config(vault), db=tmp_path / "nope.db")


# ---------------------------------------------------------------- Codex


def codex_home(tmp_path: Path) -> Path:
    home = tmp_path / "codex"
    day = home / "sessions" / "2026" / "11" / "24"
    day.mkdir(parents=True)
    sid = "019a2d7a-41c4-78b1-b7cc-a45d62a89cd5"
    t = "2026-11-24T08:00:{:02d}.000Z"
    lines = [
        {"timestamp": t.format(0), "type": "session_meta", "payload": {
            "id": sid, "timestamp": t.format(0), "cwd": "/work/csv-tidy",
            "originator": "codex_cli_rs", "cli_version": "0.46.0", "source": "cli"}},
        {"timestamp": t.format(1), "type": "response_item", "payload": {
            "type": "message", "role": "user", "content": [
                {"type": "input_text", "text": "<environment_context>cwd</environment_context>"}]}},
        {"timestamp": t.format(2), "type": "response_item", "payload": {
            "type": "message", "role": "user", "content": [
                {"type": "input_text", "text": "add a --strict flag to the csv cleaner"}]}},
        {"timestamp": t.format(2), "type": "event_msg", "payload": {
            "type": "user_message", "message": "add a --strict flag to the csv cleaner",
            "kind": "plain"}},
        {"timestamp": t.format(3), "type": "turn_context", "payload": {
            "cwd": "/work/csv-tidy", "model": "gpt-5-codex", "approval_policy": "on-request"}},
        {"timestamp": t.format(4), "type": "response_item", "payload": {
            "type": "function_call", "name": "shell", "call_id": "call_1",
            "arguments": json.dumps({"command": ["bash", "-lc", "pytest -q"],
                                     "workdir": "/work/csv-tidy"})}},
        {"timestamp": t.format(9), "type": "response_item", "payload": {
            "type": "function_call_output", "call_id": "call_1", "output": json.dumps({
                "output": f"1 failed: AWS_SECRET_ACCESS_KEY={SECRET}",
                "metadata": {"exit_code": 1, "duration_seconds": 4.2}})}},
        {"timestamp": t.format(20), "type": "response_item", "payload": {
            "type": "message", "role": "assistant", "content": [
                {"type": "output_text", "text": "Added --strict; the failing test now passes."}]}},
    ]  # fmt: skip
    (day / f"rollout-2026-11-24T08-00-00-{sid}.jsonl").write_text(
        "".join(json.dumps(x) + "\n" for x in lines)
    )
    return home


def test_codex_rollouts_become_sessions(vault: Path, tmp_path: Path) -> None:
    home = codex_home(tmp_path)
    config = load_config(vault)

    def run(dry_run: bool) -> ImportReport:
        return codex.run(vault, config, home=home, dry_run=dry_run, now=NOW)

    report = check_contract(vault, home, run, "codex")
    assert len(report.written) == 1
    events = eventlog.parse((vault / report.written[0]).read_text())
    assert [e.kind.value for e in events] == ["prompt", "tool_error", "turn_end"]
    assert events[0].prompt == "add a --strict flag to the csv cleaner"
    assert "pytest -q" in events[1].input and events[1].is_error
    assert all(e.agent == "codex" for e in events)


# ---------------------------------------------------------------- the vault's own files


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
def test_a_fifo_named_like_a_note_does_not_hang_import(vault: Path, tmp_path: Path) -> None:
    """`import` reads the vault's notes to skip what is there already: a FIFO named `x.md`
    (in each folder it reads) is never opened, so the command ends, and imports the rest."""
    for folder in ("sessions", "summaries", "memories/L1-candidates", "imports"):
        (vault / folder).mkdir(parents=True, exist_ok=True)
        os.mkfifo(vault / folder / "x.md")
    home = codex_home(tmp_path)
    cmd = [sys.executable, "-m", "vaultsync", "import", "codex", "--path", str(home)]
    run = subprocess.run(
        [*cmd, "--vault", str(vault), "--json"], capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert [r for r in report["written"] if r.startswith("sessions/")], report
    assert (vault / "sessions" / "x.md").is_fifo()  # left as it was, never read
