"""What one hook call costs as a whole process, and how many events parallel hooks sustain.

1. Latency: one PostToolUse (a realistic Bash call, appended to an existing session) through
   the installed launcher, interleaved run by run with the floors: the bare interpreter start
   (`python -c pass`, the venv's interpreter with site) and `python -I -S -c pass` (what the
   launcher itself starts), and with the same call through the pip console script. Prints p50
   and p95 wall time and CPU time per process, and the ratio of the hook's p50 to the floor's
   p50 (goal: <= 1.6x).
2. The session edges agents give tight budgets: SessionStart (context assembly) and
   SessionEnd (assessment of a session note of `--session-events` events; Codex allows 1 s).
3. Throughput under contention, with 1, 8 and 32 concurrent writers (`--writers`): each
   writer thread runs `--events` hook processes one after another, all on one session (the
   worst case: one note, one lock); events per second and each call's wall p50/p95, beside the
   same harness running bare `python -c pass` and `python -I -S -c pass` starts in the same
   run (goal at 8 writers: hook events/s >= 70% of bare starts/s), with the CPU time per call
   (all children of the run, averaged). Every event is checked to
   be in the note exactly once, and the spool to be empty, afterwards.
4. A 10 MB tool output, to show its cost is that of a small one.

Usage: .venv/bin/python bench/bench_hook.py [--runs 40] [--writers 1,8,32] [--events 25]
       [--session-events 500] [--json]
Data goes to a temporary folder under bench/.data/ (removed afterwards).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

WORDS = [
    *("parser", "token", "lexer", "cache", "index", "commit", "branch", "rebase", "merge"),
    *("fixture", "schema", "router", "handler", "widget", "layout", "render", "buffer"),
    *("socket", "stream", "config", "plugin", "module", "bundle"),
]


def _tool_call(session: str, n: int, stdout: str | None = None) -> bytes:
    rnd = os.urandom(6).hex()
    pick = [WORDS[(n * 5 + k * 3) % len(WORDS)] for k in range(4)]
    out = stdout if stdout is not None else (
        f"collected {n + 12} items\n" + "".join(f"tests/test_{w}.py ....  [{k * 25}%]\n"
                                                for k, w in enumerate(pick))
        + f"{n + 12} passed in 0.{n % 97:02d}s ({rnd})"
    )  # fmt: skip
    return json.dumps({
        "session_id": session,
        "transcript_path": f"/home/dev/.claude/projects/-work-demo/{session}.jsonl",
        "cwd": str(ROOT),
        "hook_event_name": "PostToolUse",
        "tool_name": "Bash",
        "tool_use_id": f"toolu_{rnd}",
        "tool_input": {"command": f"pytest -q tests/{pick[0]} -k {pick[1]}_{rnd}",
                       "description": "Run the tests"},
        "tool_response": {"stdout": out, "stderr": "", "interrupted": False, "isImage": False},
    }).encode()  # fmt: skip


def _run(cmd: list[str], data: bytes, env: dict[str, str]) -> tuple[float, float]:
    """(wall ms, CPU ms) of one child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, input=data, env=env, stdout=subprocess.DEVNULL, check=True)
    wall = (time.perf_counter() - start) * 1000
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000
    return wall, cpu


def _stats(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {"p50": round(statistics.median(ordered), 1), "p95": round(p95, 1)}


def latency(
    launcher: str, env: dict[str, str], runs: int
) -> dict[str, dict[str, dict[str, float]]]:
    py = sys.executable
    cases = {
        "python -c pass": ([py, "-c", "pass"], lambda n: b""),
        "python -I -S -c pass": ([py, "-I", "-S", "-c", "pass"], lambda n: b""),
        "hook PostToolUse": (
            [launcher, "--agent", "claude-code"],
            lambda n: _tool_call("bench-latency", n),
        ),
        # The same call through the pip console script (site-packages, editable finder): what
        # the launcher saves.
        "hook via console script": (
            [str(Path(sys.executable).parent / "vaultsync-hook"), "--agent", "claude-code"],
            lambda n: _tool_call("bench-latency", 10_000 + n),
        ),
    }
    samples: dict[str, tuple[list[float], list[float]]] = {k: ([], []) for k in cases}
    _run(cases["hook PostToolUse"][0], _tool_call("bench-latency", -1), env)  # creates the note
    for n in range(runs):  # interleaved, so load drift hits every case alike
        for name, (cmd, payload) in cases.items():
            wall, cpu = _run(cmd, payload(n), env)
            samples[name][0].append(wall)
            samples[name][1].append(cpu)
    return {
        name: {"wall_ms": _stats(walls), "cpu_ms": _stats(cpus)}
        for name, (walls, cpus) in samples.items()
    }


def edges(launcher: str, env: dict[str, str], vault: Path, events: int) -> dict[str, object]:
    cmd = [launcher, "--agent", "codex"]
    (vault / "USER.md").write_text("# About me\n" + "Prefers small, reviewed diffs.\n" * 40)
    (vault / "AGENT.md").write_text("# Environment\n" + "jq lives at /usr/bin/jq.\n" * 60)
    start = {"session_id": "bench-edges", "hook_event_name": "SessionStart", "cwd": str(ROOT)}
    starts = [_run(cmd, json.dumps(start).encode(), env)[0] for _ in range(5)]
    # A long session: `events` tool calls written by the hook itself, then its end.
    from vaultsync.core.config import load_config
    from vaultsync.core.hook import agents, capture

    os.environ.update(env)
    cfg = load_config(vault)
    for n in range(events):
        inc = agents.normalize("codex", json.loads(_tool_call("bench-edges", n)))
        capture.handle(inc, vault, cfg, capture.datetime.now(capture.UTC))
    end = {"session_id": "bench-edges", "hook_event_name": "SessionEnd", "cwd": str(ROOT)}
    ends = [_run(cmd, json.dumps(end).encode(), env)[0] for _ in range(5)]
    note = next((vault / "sessions").rglob("* bench-edges *.md"))
    return {
        "session_start_ms": _stats(starts),
        "session_end_ms": _stats(ends),
        "session_end_note_kb": round(note.stat().st_size / 1024, 1),
        "session_events": events,
    }


def _drive(
    cmd: list[str], payload: object, env: dict[str, str], writers: int, events: int
) -> dict[str, float]:
    walls: list[float] = []

    def worker(w: int) -> None:
        for n in range(events):
            data = payload(w, n) if callable(payload) else b""
            walls.append(_run(cmd, data, env)[0])

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    with ThreadPoolExecutor(writers) as pool:
        list(pool.map(worker, range(writers)))
    rate = writers * events / (time.perf_counter() - start)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return {
        "per_s": round(rate, 1),
        **{f"{k}_ms": v for k, v in _stats(walls).items()},
        "cpu_ms_per_call": round(cpu * 1000 / (writers * events), 1),  # all children, averaged
    }


def throughput(
    launcher: str, env: dict[str, str], vault: Path, writers: list[int], events: int
) -> dict[str, dict[str, object]]:
    from vaultsync.core import eventlog
    from vaultsync.core.hook import spool

    py = sys.executable
    out: dict[str, dict[str, object]] = {}
    # Filters off, so "stored" must equal "sent": every event is accounted for.
    config = vault / ".vaultsync" / "config.toml"
    config.write_text("[hook]\nmin_chars = 0\ndedupe_overlap = 0\nlow_value_signals = []\n")
    for count in writers:
        session = f"tp{count}-bench"  # the note's name keeps 12 characters of the id
        bare = _drive([py, "-c", "pass"], None, env, count, events)
        bare_is = _drive([py, "-I", "-S", "-c", "pass"], None, env, count, events)
        hook = _drive(
            [launcher, "--agent", "claude-code"],
            lambda w, n, s=session: _tool_call(s, w * 100_000 + n),
            env,
            count,
            events,
        )
        note = next((vault / "sessions").rglob(f"* {session} *.md"), None)
        found = eventlog.parse(note.read_text(encoding="utf-8")) if note else []
        out[str(count)] = {
            "hook": hook,
            "bare_python_c_pass": bare,
            "bare_python_IS_c_pass": bare_is,
            "hook_vs_bare_rate": round(hook["per_s"] / bare["per_s"], 2),
            "events_stored": len({e.id for e in found}),
            "events_sent": count * events,
            "spool_left": spool.count(vault),
        }
    return out


def big_output(launcher: str, env: dict[str, str]) -> dict[str, float]:
    small = [_run([launcher, "--agent", "claude-code"], _tool_call("bench-big", n), env)[0]
             for n in range(5)]  # fmt: skip
    big_text = ("0123456789abcdef" * 8 + "\n") * 80_000
    big = [
        _run([launcher, "--agent", "claude-code"], _tool_call("bench-big", 100 + n, big_text), env)[
            0
        ]
        for n in range(5)
    ]
    return {"small_ms_p50": _stats(small)["p50"], "ten_mb_ms_p50": _stats(big)["p50"]}


@contextlib.contextmanager
def sandbox(prefix: str) -> Iterator[tuple[Path, Path, dict[str, str], str]]:
    """A throwaway vault and VAULTSYNC_HOME under bench/.data with the installed `-I -S`
    launcher pointed at them: (work folder, vault, environment, launcher path)."""
    data_root = ROOT / "bench" / ".data"
    data_root.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=prefix, dir=data_root))
    try:
        vault = work / "vault"
        for folder in ("sessions", ".vaultsync"):
            (vault / folder).mkdir(parents=True)
        env = {
            **os.environ,
            "VAULTSYNC_HOME": str(work / "home"),
            "VAULTSYNC_VAULT": str(vault),
            "VAULTSYNC_MACHINE": "bench",
        }
        os.environ.update({k: env[k] for k in ("VAULTSYNC_HOME", "VAULTSYNC_VAULT")})
        from vaultsync.services.agents.install import _write_launcher

        yield work, vault, env, str(_write_launcher(dry_run=False))
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=40, help="latency samples per case")
    parser.add_argument("--writers", default="1,8,32", help="writer counts, e.g. 1,8,32")
    parser.add_argument("--events", type=int, default=25, help="hook calls per writer")
    parser.add_argument("--session-events", type=int, default=500, help="events before SessionEnd")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    args = parser.parse_args()

    with sandbox("hook-") as (work, vault, env, launcher):
        lat = latency(launcher, env, args.runs)
        result: dict[str, object] = {"latency": lat}
        result["edges"] = edges(launcher, env, vault, args.session_events)
        result["big_output"] = big_output(launcher, env)
        writers = [int(w) for w in str(args.writers).split(",") if w.strip()]
        result["throughput"] = throughput(launcher, env, vault, writers, args.events)
        hook_p50 = lat["hook PostToolUse"]["wall_ms"]["p50"]
        floor_p50 = lat["python -c pass"]["wall_ms"]["p50"]
        result["ratio_p50_vs_python_c_pass"] = round(hook_p50 / floor_p50, 2)
        result["ratio_p50_vs_python_IS_c_pass"] = round(
            hook_p50 / lat["python -I -S -c pass"]["wall_ms"]["p50"], 2
        )
        errors = work / "home" / "logs" / "hook-errors.jsonl"
        lines = errors.read_text().splitlines() if errors.exists() else []
        kinds: dict[str, int] = {}
        for line in lines:
            record = json.loads(line)
            key = f"{record['error']}: {record['message']}"
            kinds[key] = kinds.get(key, 0) + 1
        result["hook_errors"] = kinds

    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"latency, {args.runs} runs each (wall p50 / p95, CPU p50 / p95, ms):")
    for name, row in lat.items():
        w, c = row["wall_ms"], row["cpu_ms"]
        print(f"  {name:24} {w['p50']:7.1f} / {w['p95']:7.1f}    {c['p50']:7.1f} / {c['p95']:7.1f}")
    print(f"  ratio hook p50 / python -c pass p50: {result['ratio_p50_vs_python_c_pass']}x "
          f"(goal <= 1.6x); / python -I -S -c pass p50: "
          f"{result['ratio_p50_vs_python_IS_c_pass']}x")  # fmt: skip
    e = result["edges"]
    assert isinstance(e, dict)
    print(f"SessionStart p50 {e['session_start_ms']['p50']} ms; SessionEnd on a "
          f"{e['session_events']}-event note ({e['session_end_note_kb']} KB) p50 "
          f"{e['session_end_ms']['p50']} ms, p95 {e['session_end_ms']['p95']} ms "
          "(Codex budget 1000 ms, Claude Code 1500 ms)")  # fmt: skip
    b = result["big_output"]
    assert isinstance(b, dict)
    print(
        f"10 MB tool output: p50 {b['ten_mb_ms_p50']} ms vs {b['small_ms_p50']} ms for a small one"
    )
    t = result["throughput"]
    assert isinstance(t, dict)
    print(f"throughput, all writers on one session, {args.events} calls per writer "
          "(events/s; wall p50 / p95 per call, ms):")  # fmt: skip
    for count, row in t.items():
        h, b, bi = row["hook"], row["bare_python_c_pass"], row["bare_python_IS_c_pass"]
        print(f"  {count:>3} writers: hook {h['per_s']:6.1f}/s ({h['p50_ms']} / {h['p95_ms']}; "
              f"CPU {h['cpu_ms_per_call']}/call); "
              f"bare python -c pass {b['per_s']:6.1f}/s ({b['p50_ms']} / {b['p95_ms']}; "
              f"CPU {b['cpu_ms_per_call']}/call); "
              f"-I -S {bi['per_s']:6.1f}/s; hook/bare rate {row['hook_vs_bare_rate']} "
              f"(goal at 8 >= 0.7); stored {row['events_stored']}/{row['events_sent']}, "
              f"spool left {row['spool_left']}")  # fmt: skip
    print(f"hook errors logged: {result['hook_errors'] or 'none'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
