"""What one hook call costs as a whole process, and how many events parallel hooks sustain.

1. Latency per event kind (SessionStart, UserPromptSubmit, PostToolUse, Stop): Claude Code
   payloads through the installed `-I -S` launcher, on a vault of `--notes` notes with its index
   (so SessionStart assembles context and the prompt runs recall), interleaved run by run with
   two floors: the PHYSICAL FLOOR of a Python hook (the same interpreter with `-I -S`,
   `json.loads` of the same payload, one `O_APPEND` write) and `python -c pass` (the venv's
   interpreter with site). Prints median wall and CPU time per process and the hook's ratio to
   the physical floor (budget <= 2x, goal <= 1.6x). `--compare REV` times the hook as it was at
   REV (git archive, compiled to bytecode, its own launcher and vault) in the same run.
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
5. `--agents copilot,opencode` (any of the agents): instead of the above, one tool event per
   agent in that agent's own payload shape (tests/fixtures/payloads, the shell call where there
   is one), through the launcher, interleaved run by run with the physical floor; the ratio
   per agent (the same budget, <= 2x).

Usage: .venv/bin/python bench/bench_hook.py [--runs 20] [--notes 500] [--compare REV]
       [--latency-only] [--writers 1,8,32] [--events 25] [--session-events 500] [--json]
       [--agents copilot,opencode]
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


KINDS = ("SessionStart", "UserPromptSubmit", "PostToolUse", "Stop")
PROMPT = "why does the deploy pipeline retry the cache migration after the parser timeout?"
# The physical floor of a Python hook: the same interpreter as the launcher (`-I -S`), the
# payload parsed, one line appended to a file. Nothing a real hook could leave out.
FLOOR = (
    "import json, os, sys\n"
    "event = json.loads(sys.stdin.buffer.read())\n"
    "fd = os.open(sys.argv[1], os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)\n"
    "os.write(fd, (json.dumps(event.get('hook_event_name')) + '\\n').encode())\n"
    "os.close(fd)\n"
)


def _payload(kind: str, session: str, n: int, transcript: Path) -> bytes:
    """One Claude Code payload of `kind` in `session` (the n-th of the run)."""
    base = {"session_id": session, "transcript_path": str(transcript), "cwd": str(ROOT)}
    if kind == "PostToolUse":
        return _tool_call(session, n)
    if kind == "SessionStart":
        return json.dumps({**base, "hook_event_name": kind, "source": "startup"}).encode()
    if kind == "UserPromptSubmit":
        return json.dumps({**base, "hook_event_name": kind, "prompt": PROMPT}).encode()
    return json.dumps({**base, "hook_event_name": kind, "stop_hook_active": False}).encode()


def latency(
    hooks: dict[str, tuple[str, dict[str, str]]], work: Path, runs: int
) -> dict[str, dict[str, dict[str, dict[str, float]]]]:
    """Per event kind: the hooks named in `hooks` (label -> launcher, environment), the physical
    floor and `python -c pass`, interleaved run by run so load drift hits every case alike.
    Each run is one session in the order an agent sends it: SessionStart, UserPromptSubmit,
    PostToolUse, Stop, each hook on its own vault."""
    py = sys.executable
    floor_file = work / "floor.jsonl"
    transcript = work / "transcript.jsonl"
    transcript.write_text(json.dumps({"type": "user", "message": {"content": PROMPT}}) + "\n")
    env = next(iter(hooks.values()))[1]
    names = ["python -c pass", "physical floor", *hooks]
    samples = {k: {n: ([], []) for n in names} for k in KINDS}
    for n in range(-1, runs):  # run -1 warms every case up and is not counted
        for kind in KINDS:
            for name in names:
                data = _payload(kind, f"bench-{n}-{name.replace(' ', '-')}", n, transcript)
                if name == "python -c pass":
                    wall, cpu = _run([py, "-c", "pass"], b"", env)
                elif name == "physical floor":
                    wall, cpu = _run([py, "-I", "-S", "-c", FLOOR, str(floor_file)], data, env)
                else:
                    launcher, hook_env = hooks[name]
                    wall, cpu = _run([launcher, "--agent", "claude-code"], data, hook_env)
                if n >= 0:
                    samples[kind][name][0].append(wall)
                    samples[kind][name][1].append(cpu)
    return {
        kind: {
            name: {"wall_ms": _stats(walls), "cpu_ms": _stats(cpus)}
            for name, (walls, cpus) in by_name.items()
        }
        for kind, by_name in samples.items()
    }


def agent_payloads(agent: str, session: str) -> tuple[bytes, str]:
    """(the agent's tool payload, its --event) from tests/fixtures/payloads: the shell call."""
    from vaultsync.core.hook import agents as hook_agents
    from vaultsync.core.model import EventKind

    text = (ROOT / "tests" / "fixtures" / "payloads" / f"{agent}.jsonl").read_text("utf-8")
    found = []
    for line in text.replace("{cwd}", str(ROOT)).splitlines():
        payload = json.loads(line)
        inc = hook_agents.normalize(agent, payload)
        if inc.kind in (EventKind.TOOL, EventKind.TOOL_ERROR):
            found.append((inc.tool_kind == "shell", payload, inc.native_event))
    _, payload, event = max(found, key=lambda x: x[0])
    for key in ("session_id", "sessionId", "conversation_id"):
        if key in payload:
            payload[key] = session
    return json.dumps(payload).encode(), event


def per_agent(
    launcher: str, env: dict[str, str], work: Path, runs: int, agents: list[str]
) -> dict[str, dict[str, object]]:
    """Each agent's tool event through the launcher beside the physical floor, run by run."""
    floor_file = work / "floor.jsonl"
    samples: dict[str, list[float]] = {name: [] for name in ["physical floor", *agents]}
    for n in range(-1, runs):
        for name in samples:
            if name == "physical floor":
                data, _ = agent_payloads(agents[0], f"bench-floor-{n}")
                cmd = [sys.executable, "-I", "-S", "-c", FLOOR, str(floor_file)]
            else:
                data, event = agent_payloads(name, f"bench-{name}-{n}")
                cmd = [launcher, "--agent", name, "--event", event]
            wall, _ = _run(cmd, data, env)
            if n >= 0:
                samples[name].append(wall)
    floor = statistics.median(samples["physical floor"])
    return {
        name: {"wall_ms": _stats(walls), "ratio": round(statistics.median(walls) / floor, 2)}
        for name, walls in samples.items()
    }


def ratios(lat: dict[str, dict[str, dict[str, dict[str, float]]]], hook: str) -> dict[str, float]:
    """The hook's p50 over the physical floor's p50, wall and CPU, per event kind."""
    out = {}
    for kind, row in lat.items():
        floor = row["physical floor"]
        for measure in ("wall_ms", "cpu_ms"):
            key = f"{kind} {measure[:-3]}"
            out[key] = round(row[hook][measure]["p50"] / max(floor[measure]["p50"], 0.1), 2)
    return out


def checkout(rev: str, into: Path) -> Path:
    """The package as it was at `rev` (git archive), compiled to bytecode as an install is."""
    into.mkdir(parents=True)
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", rev, "vaultsync"], capture_output=True, check=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(into / "vaultsync")], check=True)
    return into


def launcher_of(tree: Path, home: Path) -> str:
    """The launcher `vaultsync install` of the package in `tree` writes, written into `home`."""
    code = (
        "import sys\n"
        f"sys.path.insert(0, {str(tree)!r})\n"
        "from vaultsync.services.agents.install import launcher_text\n"
        "sys.stdout.write(launcher_text())\n"
    )
    text = subprocess.run(
        [sys.executable, "-I", "-c", code], capture_output=True, text=True, check=True
    ).stdout
    target = home / "bin" / "vaultsync-hook"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text)
    target.chmod(0o755)
    return str(target)


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


def _errors(home: Path) -> dict[str, int]:
    """The hook error log's records by error and message (none expected)."""
    errors = home / "logs" / "hook-errors.jsonl"
    kinds: dict[str, int] = {}
    for line in errors.read_text().splitlines() if errors.exists() else []:
        record = json.loads(line)
        key = f"{record['error']}: {record['message']}"
        kinds[key] = kinds.get(key, 0) + 1
    return kinds


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


@contextlib.contextmanager
def recall_vaults(
    labels: list[str], notes: int, trees: dict[str, Path]
) -> Iterator[tuple[Path, dict[str, tuple[str, dict[str, str]]]]]:
    """For each label, its own vault of `notes` notes (bench/vaultgen.py) with its index built
    by that label's package, its own VAULTSYNC_HOME and the launcher of the package in
    `trees[label]`: what a person's machine has, so SessionStart assembles context and a
    prompt reads the index."""
    from bench import vaultgen

    data_root = ROOT / "bench" / ".data"
    data_root.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="hook-kinds-", dir=data_root))
    saved = {k: os.environ.get(k) for k in ("VAULTSYNC_HOME", "VAULTSYNC_VAULT")}
    try:
        hooks = {}
        for n, label in enumerate(labels):
            vault = vaultgen.ensure(notes, out=work / f"vault-{n}")
            (vault / "USER.md").write_text("# About me\n" + "Prefers small, reviewed diffs.\n" * 40)
            (vault / "AGENT.md").write_text("# Environment\n" + "jq lives at /usr/bin/jq.\n" * 60)
            home = work / f"home-{n}"
            env = {**os.environ, "VAULTSYNC_HOME": str(home), "VAULTSYNC_VAULT": str(vault),
                   "VAULTSYNC_MACHINE": "bench"}  # fmt: skip
            os.environ.update({"VAULTSYNC_HOME": str(home), "VAULTSYNC_VAULT": str(vault)})
            # Built by the label's own package: a hook reads only the index schema it was
            # written for, and one built by another version would leave its prompt silent
            # (and falsely fast).
            build = (
                "import sys\n"
                f"sys.path.insert(0, {str(trees[label])!r})\n"
                "from pathlib import Path\n"
                "from vaultsync.core.config import load_config\n"
                "from vaultsync.services.derived.reconcile import rebuild\n"
                f"rebuild(Path({str(vault)!r}), load_config(Path({str(vault)!r})))\n"
            )
            subprocess.run([sys.executable, "-c", build], env=env, check=True)
            hooks[label] = (launcher_of(trees[label], home), env)
        yield work, hooks
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        shutil.rmtree(work, ignore_errors=True)


def print_latency(
    lat: dict[str, dict[str, dict[str, dict[str, float]]]], hooks: list[str], runs: int
) -> None:
    print(f"latency per event kind, {runs} interleaved runs each (median wall / CPU ms; ratio to "
          "the physical floor's median, goal <= 1.6x, budget <= 2x):")  # fmt: skip
    for kind, row in lat.items():
        floor, bare = row["physical floor"], row["python -c pass"]
        print(f"  {kind}: physical floor {floor['wall_ms']['p50']:.1f} / "
              f"{floor['cpu_ms']['p50']:.1f}; python -c pass {bare['wall_ms']['p50']:.1f} / "
              f"{bare['cpu_ms']['p50']:.1f}")  # fmt: skip
        for name in hooks:
            h = row[name]
            wr = h["wall_ms"]["p50"] / floor["wall_ms"]["p50"]
            cr = h["cpu_ms"]["p50"] / max(floor["cpu_ms"]["p50"], 0.1)
            br = h["wall_ms"]["p50"] / bare["wall_ms"]["p50"]
            print(f"    {name:22} {h['wall_ms']['p50']:6.1f} / {h['cpu_ms']['p50']:6.1f}   "
                  f"{wr:.2f}x wall, {cr:.2f}x CPU of the floor; {br:.2f}x python -c pass "
                  f"(p95 {h['wall_ms']['p95']:.1f})")  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="latency samples per case")
    parser.add_argument("--notes", type=int, default=500, help="notes in the latency vault")
    parser.add_argument("--compare", metavar="REV", help="also time the hook as it was at REV")
    parser.add_argument("--latency-only", action="store_true", help="only the per-kind latency")
    parser.add_argument("--writers", default="1,8,32", help="writer counts, e.g. 1,8,32")
    parser.add_argument("--events", type=int, default=25, help="hook calls per writer")
    parser.add_argument("--session-events", type=int, default=500, help="events before SessionEnd")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument("--agents", help="only: one tool event per agent, e.g. copilot,opencode")
    args = parser.parse_args()

    if args.agents:
        names = [a.strip() for a in args.agents.split(",") if a.strip()]
        with sandbox("hook-agents-") as (work, _vault, env, launcher):
            rows = per_agent(launcher, env, work, args.runs, names)
            errors = _errors(work / "home")
        if args.json:
            print(json.dumps({"per_agent": rows, "hook_errors": errors}, indent=2))
            return 0
        print(f"one tool event per agent, {args.runs} runs (wall p50 / p95 ms, ratio to floor):")
        for name, row in rows.items():
            wall = row["wall_ms"]
            assert isinstance(wall, dict)
            print(f"  {name:>15}: {wall['p50']} / {wall['p95']}  {row['ratio']}x")
        print(f"hook errors logged: {errors} (budget <= 2x the physical floor)")
        return 0

    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "vaultsync")], check=True)
    labels = ["hook"] + ([f"hook at {args.compare}"] if args.compare else [])
    with contextlib.ExitStack() as stack:
        trees = {"hook": ROOT}
        if args.compare:
            rev_dir = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="hook-rev-")))
            trees[labels[1]] = checkout(args.compare, rev_dir / "tree")
        work, hooks = stack.enter_context(recall_vaults(labels, args.notes, trees))
        lat = latency(hooks, work, args.runs)
        result: dict[str, object] = {"latency": lat, "runs": args.runs, "notes": args.notes}
        result["ratios"] = {label: ratios(lat, label) for label in labels}
        result["hook_errors"] = {label: _errors(Path(env["VAULTSYNC_HOME"]))
                                 for label, (_, env) in hooks.items()}  # fmt: skip
    if not args.latency_only:
        with sandbox("hook-") as (work, vault, env, launcher):
            result["edges"] = edges(launcher, env, vault, args.session_events)
            result["big_output"] = big_output(launcher, env)
            writers = [int(w) for w in str(args.writers).split(",") if w.strip()]
            result["throughput"] = throughput(launcher, env, vault, writers, args.events)
            result["hook_errors"]["throughput"] = _errors(work / "home")  # type: ignore[index]

    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print_latency(lat, labels, args.runs)
    if args.latency_only:
        print(f"hook errors logged: {result['hook_errors']}")
        return 0
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
    print(f"hook errors logged: {result['hook_errors']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
