"""`vaultsync learn` against its floors, measured in the same run.

1. The no-op run (nothing pending: the daily schedule's usual case) as a whole process,
   `vaultsync learn --json`, against the bare interpreter start (`python -c pass`) and against
   `python -c "import typer"` (the CLI framework every command pays for).
2. The offline daily run over N pending sessions (~40 events each), in-process, against its
   floor: reading every session note and parsing its events with `eventlog.parse`, the least any
   learning run must do. The run also writes summaries, candidates and markers and reconciles
   the index, so the ratio says what everything beyond reading costs.

    python bench/bench_learn.py            # 200 sessions, 3 rounds
    python bench/bench_learn.py 1000 --rounds 1
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from vaultsync.core import eventlog, paths, properties, queue, schema, writer
from vaultsync.core.config import load_config
from vaultsync.core.model import Event, EventKind, SessionStatus
from vaultsync.services.learning import learn

PROMPTS = [
    "The ISO week parser fails for 2026-W53, please fix it.",
    "Add a --json flag to the export command. I prefer short commit messages, always.",
    "以后回复请用中文，短句。把导入脚本改快一点。",
    "Why is the nightly build red? Fix it and keep the changelog up to date.",
]
COMMANDS = [
    ("pytest -q", "14 passed in 0.31s", False),
    ("pytest -q", "FAILED tests/test_x.py::test_week - ValueError", True),
    ("npm test", "Tests: 41 passed", False),
    ("ruff check src", "All checks passed!", False),
    ("git status --short", " M src/app.py", False),
    ("git commit -am 'Fix week 53'", "[main 3f9a2c1] Fix week 53", False),
    ("python scripts/bench.py", "bash: python: command not found", True),
    ("python3 scripts/bench.py", "1.2 us per call", False),
]


def _events(rng: random.Random, sid: str, start: dt.datetime, n: int) -> list[Event]:
    project = f"/home/ana/src/proj{rng.randint(1, 5)}"
    out = []
    for i in range(n):
        ts = start + dt.timedelta(seconds=30 * i)
        base = {
            "id": eventlog.new_event_id(ts.strftime("%Y%m%dT%H%M%S%fZ")),
            "ts": ts.strftime("%Y-%m-%dT%H:%M:%S.%fZ"),
            "agent": "codex",
            "session_id": sid,
            "cwd": project,
            "project": project,
        }
        roll = rng.random()
        if i == 0 or roll < 0.08:
            out.append(Event(kind=EventKind.PROMPT, prompt=rng.choice(PROMPTS), **base))
        elif roll < 0.35:
            path = f"{project}/src/mod{rng.randint(1, 9)}.py"
            out.append(
                Event(
                    kind=EventKind.TOOL,
                    tool="Edit",
                    tool_kind="edit",
                    input=path,
                    output="changed 4 lines",
                    files=(path,),
                    **base,
                )
            )
        elif roll < 0.9:
            cmd, output, err = rng.choice(COMMANDS)
            kind = EventKind.TOOL_ERROR if err else EventKind.TOOL
            out.append(
                Event(
                    kind=kind,
                    tool="Bash",
                    tool_kind="shell",
                    input=cmd,
                    output=output,
                    is_error=err,
                    **base,
                )
            )
        else:
            out.append(
                Event(kind=EventKind.TURN_END, message="Done. Next, we should add tests.", **base)
            )
    return out


def make_vault(root: Path, sessions: int, seed: int = 7) -> Path:
    """A vault with `sessions` pending session notes and their queue markers."""
    rng = random.Random(seed)
    vault = root / "vault"
    (vault / paths.CONFIG_DIR).mkdir(parents=True)
    start = dt.datetime(2026, 11, 1, tzinfo=dt.UTC)
    for i in range(sessions):
        sid = f"bench-{i:05d}"
        events = _events(rng, sid, start + dt.timedelta(minutes=37 * i), 40)
        rel = paths.session_note_rel("codex", sid, events[0].ts)
        props = schema.session_props(
            agent="codex",
            session_id=sid,
            project=events[0].project,
            cwd=events[0].cwd,
            started=events[0].ts[:19],
            machine="bench",
        )
        props["status"] = "pending"
        text = properties.render_frontmatter(props) + "".join(eventlog.render(e) for e in events)
        writer.write_atomic(vault / rel, text, fsync=False)
        queue.set_marker(vault, rel, SessionStatus.PENDING)
    return vault


def _floor_read_parse(vault: Path) -> float:
    started = time.perf_counter()
    for path in sorted((vault / paths.SESSIONS_DIR).rglob("*.md")):
        eventlog.parse(path.read_text(encoding="utf-8"))
    return time.perf_counter() - started


def _process(argv: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(argv, env=env, check=True, capture_output=True)
    return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("sessions", nargs="?", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    bin_dir = Path(sys.executable).parent
    cli = (
        [str(bin_dir / "vaultsync")]
        if (bin_dir / "vaultsync").exists()
        else [sys.executable, "-m", "vaultsync"]
    )

    with tempfile.TemporaryDirectory(prefix="vaultsync-bench-learn-") as tmp:
        root = Path(tmp)
        os.environ["VAULTSYNC_HOME"] = str(root / "home")
        pristine = make_vault(root / "pristine", args.sessions)
        pristine_state = paths.state_dir(pristine)

        daily, floor, per_session = [], [], []
        for r in range(args.rounds):
            vault = root / f"round{r}" / "vault"
            shutil.copytree(pristine, vault)
            shutil.copytree(pristine_state / "queue", paths.queue_dir(vault))
            floor.append(_floor_read_parse(vault))
            started = time.perf_counter()
            report = learn.run(vault, load_config(vault), offline=True)
            daily.append(time.perf_counter() - started)
            assert len(report.summarized) == args.sessions, report.warnings[:3]
            per_session.append(daily[-1] / args.sessions)
        last_vault = vault

        env = dict(os.environ, VAULTSYNC_VAULT=str(last_vault))
        noop, bare, typer_floor = [], [], []
        for _ in range(max(5, args.rounds * 3)):
            bare.append(_process([sys.executable, "-c", "pass"], env))
            typer_floor.append(_process([sys.executable, "-c", "import typer"], env))
            noop.append(_process([*cli, "learn", "--json"], env))
        check = subprocess.run(
            [*cli, "learn", "--json"], env=env, capture_output=True, text=True, check=True
        )
        assert json.loads(check.stdout)["noop"] is True

    med = statistics.median
    n, d, f = med(noop), med(daily), med(floor)
    rows = [
        ("no-op `vaultsync learn` process", f"{n * 1000:7.1f} ms", ""),
        ("floor: python -c pass", f"{med(bare) * 1000:7.1f} ms", f"ratio {n / med(bare):5.1f}x"),
        ("floor: python -c 'import typer'", f"{med(typer_floor) * 1000:7.1f} ms",
         f"ratio {n / med(typer_floor):5.1f}x"),
        ("offline daily, whole run", f"{d:7.2f} s", f"{med(per_session) * 1000:.1f} ms a session"),
        ("floor: read + parse the events", f"{f:7.2f} s", f"ratio {d / f:5.1f}x"),
    ]  # fmt: skip
    print(f"learn benchmark: {args.sessions} sessions x 40 events, {args.rounds} rounds (medians)")
    for label, value, note in rows:
        print(f"  {label:<33} {value}   {note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
