"""`vaultsync rebuild` and `vaultsync search`: in-process with CliRunner, plus real processes."""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from vaultsync.adapters.cli import app as cli
from vaultsync.adapters.cli.app import Exit, app

runner = CliRunner()


@pytest.fixture(autouse=True, scope="module")
def _commands() -> None:
    cli.load_commands()


def invoke(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def put(vault: Path, rel: str, text: str) -> None:
    target = vault / rel
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")


@pytest.fixture
def filled(vault: Path) -> Path:
    put(vault, "notes/router.md", "# Router\n\nThe router timeout was fixed.\n")
    put(vault, "notes/中文.md", "我们修复了路由的问题。\n")
    put(vault, "notes/broken.md", "---\ntitle: [oops\n---\nstill searchable marmot\n")
    return vault


def test_help_texts() -> None:
    for command in ("rebuild", "search"):
        code, out, _ = invoke(command, "--help")
        assert code == 0 and "--vault" in out and "--json" in out
    _, out, _ = invoke("search", "--help")
    for option in ("--agent", "--type", "--level", "--project", "--since", "--limit"):
        assert option in out


def test_rebuild_json_summary(filled: Path) -> None:
    code, out, _ = invoke("rebuild", "--vault", str(filled), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["notes"] == len(list(filled.rglob("*.md")))
    assert data["errors"] == 0 and data["warnings"] == 1
    assert isinstance(data["seconds"], float) and "events" in data
    assert "broken.md" in data["warning_messages"][0]


def test_rebuild_human_output(filled: Path) -> None:
    code, out, _ = invoke("rebuild", "--vault", str(filled))
    assert code == 0
    assert out.startswith(f"Rebuilt {filled}:") and "1 warnings, 0 errors" in out
    assert "warning: notes/broken.md: frontmatter is not valid YAML" in out


def test_rebuild_errors_have_exit_codes(tmp_path: Path, vault: Path) -> None:
    code, _, err = invoke("rebuild", "--vault", str(tmp_path / "missing"))
    assert code == Exit.NO_VAULT and "vault not found" in err
    put(vault, ".vaultsync/config.toml", "[budgets\nbroken = ")
    code, _, err = invoke("rebuild", "--vault", str(vault))
    assert code == Exit.CONFIG and "config.toml" in err


def test_search_json_and_human(filled: Path) -> None:
    invoke("rebuild", "--vault", str(filled))
    code, out, _ = invoke("search", "router", "timeout", "--vault", str(filled), "--json")
    assert code == 0
    (hit,) = json.loads(out)
    assert hit["path"] == "notes/router.md" and hit["title"] == "Router" and hit["type"] == "note"
    assert hit["score"] > 0 and "«router»" in hit["snippet"].lower()
    # The index keeps UTC; the result says the time in the person's zone (+08:00 in tests).
    written = (filled / "notes" / "router.md").stat().st_mtime
    assert hit["date"].endswith("+08:00"), hit["date"]
    assert abs(dt.datetime.fromisoformat(hit["date"]).timestamp() - written) < 2
    code, out, _ = invoke("search", "修复", "--vault", str(filled))
    assert code == 0
    first, snippet = out.splitlines()[:2]
    assert first.startswith("notes/中文.md  [note]  ")
    assert "«修复»" in snippet
    code, out, _ = invoke("search", "nothing-matches-this", "--vault", str(filled))
    assert (code, out.strip()) == (0, "No matches.")
    code, out, err = invoke("search", '"', "*", "(", "--vault", str(filled), "--json")
    assert (code, out) == (Exit.USAGE, "") and "nothing to search for" in err


def test_search_filters_and_their_errors(filled: Path) -> None:
    invoke("rebuild", "--vault", str(filled))
    code, out, _ = invoke("search", "marmot", "--vault", str(filled), "--type", "memory", "--json")
    assert (code, json.loads(out)) == (0, [])
    args = ["--type", "note", "--since", "1d", "--limit", "1", "--json"]
    code, out, _ = invoke("search", "marmot", "--vault", str(filled), *args)
    assert code == 0 and [h["path"] for h in json.loads(out)] == ["notes/broken.md"]
    code, _, err = invoke("search", "x", "--vault", str(filled), "--type", "bogus")
    assert code == Exit.USAGE and "unknown type bogus" in err
    code, _, err = invoke("search", "x", "--vault", str(filled), "--since", "whenever")
    assert code == Exit.USAGE and "--since" in err
    code, _, err = invoke("search", "x", "--vault", str(filled), "--level", "L7")
    assert code == Exit.USAGE
    code, _, _ = invoke("search", "x", "--vault", str(filled), "--limit", "0")
    assert code == Exit.USAGE
    for empty in ("", "   ", "?", "...", "*"):  # said "No matches." with exit 0, or listed
        # whatever ranked first as if it answered
        code, out, err = invoke("search", empty, "--vault", str(filled))
        assert code == Exit.USAGE and out == "" and "nothing to search for" in err


def test_search_without_index_builds_it(filled: Path) -> None:
    code, out, _ = invoke("search", "marmot", "--vault", str(filled), "--no-refresh")
    assert code == Exit.NOT_FOUND and "vaultsync rebuild" in out + _
    code, out, err = invoke("search", "marmot", "--vault", str(filled))
    assert code == 0 and out.startswith("notes/broken.md") and err == ""


def _cli() -> list[str]:
    found = shutil.which("vaultsync") or str(Path(sys.executable).with_name("vaultsync"))
    return [found] if Path(found).exists() else [sys.executable, "-m", "vaultsync"]


@pytest.mark.slow  # whole processes: the slow tier runs it; its logic has fast tests
def test_real_processes(filled: Path) -> None:
    env = dict(os.environ)
    run = [*_cli(), "rebuild", "--vault", str(filled), "--json"]
    done = subprocess.run(run, capture_output=True, text=True, env=env, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["errors"] == 0
    query = [*_cli(), "search", "修复", "--vault", str(filled), "--json"]
    done = subprocess.run(query, capture_output=True, text=True, env=env, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert [h["path"] for h in json.loads(done.stdout)] == ["notes/中文.md"]
    # a question naming a thing the vault never mentions: the closest notes, each flagged weak
    for question, weak in (
        ("how did we fix the router timeout?", False),
        ("how did we fix the Elasticsearch router timeout?", True),
    ):
        query = [*_cli(), "search", question, "--vault", str(filled), "--json"]
        done = subprocess.run(query, capture_output=True, text=True, env=env, timeout=60)
        hits = json.loads(done.stdout)
        assert hits[0]["path"] == "notes/router.md" and hits[0]["weak"] is weak, question


def test_progress_bar_draws_and_closes(capsys: pytest.CaptureFixture[str]) -> None:
    from vaultsync.adapters.cli.rebuild import _Bar

    bar = _Bar()
    bar.close()  # never started: nothing to stop, nothing drawn
    assert bar._progress is None and capsys.readouterr() == ("", "")
    bar = _Bar()
    for done in (0, 5, 10):
        bar.update(done, 10)
        [task] = bar._progress.tasks  # one task, updated in place
        assert (task.completed, task.total, task.description) == (done, 10, "Indexing notes")
    assert bar._progress.live.is_started
    bar.close()
    assert not bar._progress.live.is_started  # the terminal is handed back
    out, err = capsys.readouterr()
    assert out == ""  # stdout stays clean for --json
    assert "Indexing" not in err  # transient: nothing is left behind on stderr


def test_a_question_in_plain_words(filled: Path) -> None:
    invoke("rebuild", "--vault", str(filled))
    question = ["how", "did", "we", "fix", "the", "router", "timeout?"]
    code, out, _ = invoke("search", *question, "--vault", str(filled), "--json")
    assert code == 0 and json.loads(out)[0]["path"] == "notes/router.md"
    assert json.loads(out)[0]["weak"] is False
    code, out, _ = invoke("search", *question, "--vault", str(filled), "--match", "all")
    assert (code, out.strip()) == (0, "No matches.")
    code, out, _ = invoke("search", "router", "proxy", "--vault", str(filled), "--match", "any")
    assert code == 0 and out.startswith("notes/router.md  [note]")
    code, _, _ = invoke("search", "x", "--vault", str(filled), "--match", "some")
    assert code == Exit.USAGE


def test_a_session_recorded_a_moment_ago_is_found_with_no_watcher(
    vault: Path, tmp_path: Path
) -> None:
    """The README's flow: the index exists, the hook records a session (real processes), no
    watcher runs; `vaultsync search` (a real process) finds it, and `--no-refresh` shows that
    it was the search's own catch-up that did."""
    from tests.adapters.scenariokit import FIX_SESSION, FIXED_FILES, claude_fixes_the_bug

    put(vault, "notes/garden.md", "# Garden\n\nTomatoes.\n")
    env = {**os.environ, "VAULTSYNC_VAULT": str(vault)}
    done = subprocess.run([*_cli(), "rebuild", "--json"], capture_output=True, text=True,
                          env=env, timeout=60, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    project = tmp_path / "api"
    (project / ".git").mkdir(parents=True)
    claude_fixes_the_bug([sys.executable, "-m", "vaultsync.core.hook"], project, env)

    def search(*extra: str) -> list[dict[str, object]]:
        run = [*_cli(), "search", "middleware", "--json", *extra]
        done = subprocess.run(run, capture_output=True, text=True, env=env, timeout=60,
                              check=False)  # fmt: skip
        assert done.returncode == 0, done.stderr
        assert done.stderr == ""  # fresh: nothing to warn about
        return list(json.loads(done.stdout))

    assert search("--no-refresh") == []  # the index as the rebuild left it
    [hit] = search()
    assert hit["session_id"] == FIX_SESSION and str(hit["path"]).startswith("sessions/")
    assert hit["files"] == list(FIXED_FILES)  # the session's edits, relative to its project
    # Asked as a person asks it: the session comes back with the files it changed, in the
    # text a person reads as in the JSON an agent reads.
    for question in ("which files did claude code change", "Claude Code 改了哪些文件"):
        done = subprocess.run([*_cli(), "search", question], capture_output=True, text=True,
                              env=env, timeout=60, check=False)  # fmt: skip
        assert done.returncode == 0, done.stderr
        first = done.stdout.split("\n")[:3]
        assert first[0].startswith("sessions/"), done.stdout
        assert f"    files changed: {', '.join(FIXED_FILES)}" in first, done.stdout


@pytest.mark.slow  # nine whole processes; the choice itself has a fast test in services
def test_a_time_question_tells_each_session_by_what_was_said_once(
    hook: list[str], vault: Path, tmp_path: Path
) -> None:
    """Asked "what did we do today?", search lists the day's sessions, each told by its
    closing message, or, where the turn ended on a tool call with an empty one, by its first
    prompt; the hit's heading names the event, so the text under it is not the heading."""
    env = {**os.environ, "VAULTSYNC_VAULT": str(vault), "VAULTSYNC_TZ": "Asia/Shanghai",
           "VAULTSYNC_NOW": "2026-11-19T10:00:00+08:00"}  # fmt: skip
    project = tmp_path / "api"
    (project / ".git").mkdir(parents=True)
    target = str(project / "billing" / "retry.py")
    sessions = {
        ("claude-code", "s-empty"): [
            {"hook_event_name": "SessionStart", "source": "startup"},
            {"hook_event_name": "UserPromptSubmit", "prompt": "Rename the billing retry helper"},
            {"hook_event_name": "PostToolUse", "tool_name": "Edit",
             "tool_input": {"file_path": target, "old_string": "x", "new_string": "y"},
             "tool_response": {"filePath": target}},
            {"hook_event_name": "UserPromptSubmit", "prompt": "and update its tests as well"},
            {"hook_event_name": "Stop", "last_assistant_message": ""},
        ],
        ("codex", "s-said"): [
            {"hook_event_name": "UserPromptSubmit", "prompt": "Fix the flaky ledger export test"},
            {"hook_event_name": "Stop",
             "last_assistant_message": "Pinned the clock in the ledger export test."},
        ],
    }  # fmt: skip
    for (agent, sid), payloads in sessions.items():
        for payload in payloads:
            done = subprocess.run(
                [*hook, "--agent", agent], capture_output=True, env=env, check=False,
                input=json.dumps({"session_id": sid, "cwd": str(project), **payload}).encode(),
            )  # fmt: skip
            assert done.returncode == 0, done.stderr
    done = subprocess.run([*_cli(), "search", "what did we do today?"], capture_output=True,
                          text=True, env=env, timeout=60, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    told = [line.strip() for line in done.stdout.splitlines() if line.startswith("    ")]
    assert "Rename the billing retry helper" in told, done.stdout
    assert "files changed: billing/retry.py" in told, done.stdout
    assert "Pinned the clock in the ledger export test." in told, done.stdout
    assert not any("· turn end" in line or "· prompt" in line for line in told), done.stdout
    # A day with no session: the answer says which day (the person's, not UTC's) was searched.
    done = subprocess.run([*_cli(), "search", "昨天做了什么？"], capture_output=True,
                          text=True, env=env, timeout=60, check=False)  # fmt: skip
    assert (done.returncode, done.stdout) == (0, "No matches. Searched: 昨天 (2026-11-18).\n")


def test_a_busy_index_is_said_not_waited_for(filled: Path) -> None:
    from vaultsync.core import paths, writer

    invoke("rebuild", "--vault", str(filled))
    put(filled, "notes/new.md", "# New\n\nA capybara arrived.\n")
    with writer.locked(paths.index_lock(filled), timeout=1):
        code, out, err = invoke("search", "capybara", "--vault", str(filled))
    assert (code, out.strip()) == (0, "No matches.")
    assert "index may be behind" in err and "search again" in err
    code, out, err = invoke("search", "capybara", "--vault", str(filled))
    assert code == 0 and out.startswith("notes/new.md") and err == ""


def test_exact_search_of_a_word_on_every_line_of_a_4_mb_note_takes_seconds(vault: Path) -> None:
    """`vaultsync search WORD` (exact syntax: FTS5's snippet() per row) on a 4 MB note whose
    every line holds WORD: the snippet is made in linear time (it took 40 s and more)."""
    put(vault, ".vaultsync/config.toml", '[search]\nsemantic = "off"\n')
    line = "alpha beta gamma delta epsilon zeta eta theta platypus iota kappa lambda mu\n"
    put(vault, "notes/big.md", "# Big\n\n" + line * (4_000_000 // len(line)))
    put(vault, "notes/small.md", "# Small\n\nOne platypus, once.\n")
    from vaultsync.core.config import load_config
    from vaultsync.services.derived import reconcile

    reconcile.rebuild(vault, load_config(vault))
    env = {**os.environ, "VAULTSYNC_VAULT": str(vault)}
    started = time.monotonic()
    done = subprocess.run(
        [*_cli(), "search", "platypus", "--json"], capture_output=True, text=True, env=env,
        timeout=120, check=False,
    )  # fmt: skip
    took = time.monotonic() - started
    assert done.returncode == 0, done.stderr
    hits = json.loads(done.stdout)
    found = hits if isinstance(hits, list) else hits.get("hits", hits.get("results", []))
    big = next(h for h in found if h["path"] == "notes/big.md")
    assert "platypus" in big["snippet"] and len(big["snippet"]) < 400
    assert took < 15, f"search took {took:.1f} s"


# An emptied index is the slow tier's (a cut one is the harder case: its header still reads).
@pytest.mark.parametrize("damage", [pytest.param("empty", marks=pytest.mark.slow), "cut"])
def test_an_emptied_or_cut_index_is_never_a_silent_no_matches(vault: Path, damage: str) -> None:
    """The index emptied (0 bytes) or cut short under a running vaultsync, or by a crash:
    `vaultsync search` (the CLI, also without its refresh) says the index must be rebuilt and
    exits non-zero, every time (opening it must not pass for a whole index); the watcher's
    next pass rebuilds it in full, so USER.md keeps every memory."""
    from vaultsync.core.config import load_config

    put(vault, ".vaultsync/config.toml", '[search]\nsemantic = "off"\n')
    memory = "---\ntype: memory\nlevel: L2\nscope: user\nstatus: confirmed\n---\n\n# {t}\n\n{t}.\n"
    for i in range(3):
        put(vault, f"memories/L2-confirmed/m{i}.md", memory.format(t=f"Narwhal fact {i}"))
    put(vault, "notes/a.md", "# A\n\nnarwhal sighting\n")
    env = {**os.environ, "VAULTSYNC_VAULT": str(vault)}

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*_cli(), *args], capture_output=True, text=True, env=env,
                              timeout=120, check=False)  # fmt: skip

    assert run("rebuild").returncode == 0
    assert all(f"Narwhal fact {i}" in (vault / "USER.md").read_text() for i in range(3))
    index = load_config(vault).index_file()
    with open(index, "r+b") as fh:
        fh.truncate(0 if damage == "empty" else 8192)
    for _ in range(2):  # the first search must not have made it look whole
        done = run("search", "narwhal", "--no-refresh")
        assert done.returncode != 0, done.stdout
        assert "No matches" not in done.stdout
        assert "rebuild" in done.stderr and len(done.stderr.strip().splitlines()) == 1
    put(vault, "memories/L2-confirmed/m0.md", memory.format(t="Narwhal fact 0, edited"))
    assert run("watch", "--once").returncode == 0  # the watcher's pass
    user = (vault / "USER.md").read_text()
    assert all(f"Narwhal fact {i}" in user for i in range(3)), user
    done = run("search", "narwhal", "--no-refresh")
    assert done.returncode == 0 and "notes/a.md" in done.stdout
