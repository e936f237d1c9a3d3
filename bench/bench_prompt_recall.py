"""Prompt-time recall (core/prompt_recall): what it costs in the hook, and how often what it
injects is relevant.

1. Latency: one UserPromptSubmit through the installed launcher on a generated vault of
   `--notes` notes (bench/vaultgen.py) with its index, recall on (a prompt whose words occur in
   the vault; a new session each run, started by an untimed SessionStart as agents do, so
   nothing is held back as already given), beside the floor `python -c pass` (the venv's
   interpreter) and `python -I -S -c pass` (what the launcher starts), interleaved run by run,
   and the same event with a trivial prompt (recall skipped) and with recall turned off
   (`hook.recall_tokens = 0`: what recording the prompt costs). Each is timed in wall time and
   in CPU time (user + sys of the child, from getrusage), which a busy machine inflates less.
   Goal: recall-on p50 <= 2x the `python -c pass` p50.
2. Precision on the recall issue's coding-session questions (bench/recall: 28 sessions
   replayed through the real hook; 171 questions, dev and held-out split): for each question,
   the block a Hermes pre_llm_call would receive. An injected item is relevant when its source
   note belongs to a gold session of the question. Reported: precision of injected items,
   the share of answerable questions that got at least one relevant item, and the share of
   never-discussed questions (kind abstain) that got anything at all.

Usage: .venv/bin/python bench/bench_prompt_recall.py [--notes 10000] [--runs 30] [--json]
       [--skip-latency] [--skip-precision]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

PROMPT = "why does the deploy pipeline retry the cache migration after the timeout?"
# A prompt that finds nothing to inject (its words are rare or absent in the generated vault):
# the common case of a question never discussed, where every fallback runs (another window,
# the Chinese and Japanese words of its terms) before the hook gives up.
NOTHING = "which database did we pick for the orders service's message queue on kubernetes?"


def _cpu() -> float:
    """User + system CPU seconds of the children waited for so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _run(cmd: list[str], data: bytes, env: dict[str, str]) -> tuple[float, float, bytes]:
    """(wall s, CPU s, stdout) of one child process, run to its end."""
    cpu = _cpu()
    start = time.perf_counter()
    proc = subprocess.run(cmd, input=data, capture_output=True, env=env, check=False)
    return time.perf_counter() - start, _cpu() - cpu, proc.stdout


def _stats(values: list[float], cpu: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "p50_ms": round(statistics.median(ordered) * 1000, 1),
        "p95_ms": round(ordered[int(0.95 * (len(ordered) - 1))] * 1000, 1),
        "cpu_p50_ms": round(statistics.median(cpu) * 1000, 1),
    }


EVENTS = ("trivial", "recall off", "recall", "recall, nothing found")


def latency(notes: int, runs: int) -> dict[str, Any]:
    from bench import vaultgen

    (ROOT / "bench" / ".data").mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="prompt-recall-", dir=ROOT / "bench" / ".data"))
    try:
        vault = vaultgen.ensure(notes, out=work / "vault")
        home = work / "home"
        env = {**os.environ, "VAULTSYNC_HOME": str(home), "VAULTSYNC_VAULT": str(vault)}
        os.environ.update({"VAULTSYNC_HOME": str(home), "VAULTSYNC_VAULT": str(vault)})
        from vaultsync.core.config import load_config
        from vaultsync.services.agents.install import _write_launcher
        from vaultsync.services.derived.reconcile import rebuild

        rebuild(vault, load_config(vault))
        launcher = [str(_write_launcher(dry_run=False)), "--agent", "claude-code"]
        # The same prompt with recall turned off (a machine config saying so): what recording
        # the event costs, so that the recall's own share shows.
        off_home = work / "home-off"
        off_home.mkdir()
        (off_home / "config.toml").write_text("[hook]\nrecall_tokens = 0\n", encoding="utf-8")
        homes = {
            "trivial": env,
            "recall": env,
            "recall off": {**env, "VAULTSYNC_HOME": str(off_home)},
            "recall, nothing found": env,
        }
        prompts = {"trivial": "ok", "recall off": PROMPT, "recall": PROMPT,
                   "recall, nothing found": NOTHING}  # fmt: skip
        python = sys.executable
        floors = {"python -c pass": [python, "-c", "pass"],
                  "python -I -S -c pass": [python, "-I", "-S", "-c", "pass"]}  # fmt: skip
        names = (*floors, *EVENTS)
        times: dict[str, list[float]] = {name: [] for name in names}
        cpus: dict[str, list[float]] = {name: [] for name in names}
        injected = nothing_injected = 0
        for n in range(runs + 3):
            for name, cmd in floors.items():
                spent, cpu, _ = _run(cmd, b"", env)
                if n >= 3:
                    times[name].append(spent)
                    cpus[name].append(cpu)
            for name in EVENTS:
                # A prompt inside a session that has started (untimed), as agents send it; a
                # new session each run, so nothing is held back as already given.
                base = {"session_id": f"bench-{name}-{n}", "cwd": str(work)}
                start = {**base, "hook_event_name": "SessionStart", "source": "startup"}
                _run(launcher, json.dumps(start).encode(), homes[name])
                payload = {**base, "hook_event_name": "UserPromptSubmit", "prompt": prompts[name]}
                spent, cpu, stdout = _run(launcher, json.dumps(payload).encode(), homes[name])
                if name == "recall" and b"additionalContext" in stdout:
                    injected += 1
                if name == "recall, nothing found" and b"additionalContext" in stdout:
                    nothing_injected += 1
                if n >= 3:
                    times[name].append(spent)
                    cpus[name].append(cpu)
        out: dict[str, Any] = {"notes": notes, "runs": runs}
        out.update({name: _stats(times[name], cpus[name]) for name in names})
        floor = out["python -c pass"]["p50_ms"]
        cpu_floor = max(out["python -c pass"]["cpu_p50_ms"], 0.1)
        for name in EVENTS:
            key = name.replace(",", "").replace(" ", "_")
            out[f"ratio_{key}_to_python_p50"] = round(out[name]["p50_ms"] / floor, 2)
            out[f"cpu_ratio_{key}_to_python_p50"] = round(out[name]["cpu_p50_ms"] / cpu_floor, 2)
        out["recall_runs_that_injected"] = injected
        out["nothing_found_runs_that_injected"] = nothing_injected
        return out
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _items(block: str) -> list[str]:
    """The source notes of an injected block, one per item line."""
    rels = []
    for line in block.splitlines():
        if line.startswith("- ") and "[[" in line:
            rels.append(line.split("[[", 1)[1].split("]]", 1)[0] + ".md")
    return rels


def precision() -> dict[str, Any]:
    from bench.recall.questions import QUESTIONS
    from bench.recall.replay import coding_vault, session_uuid
    from bench.recall.split import split_of

    root = coding_vault()
    vault, home = root / "vault", root / "home"
    os.environ.update({"VAULTSYNC_HOME": str(home), "VAULTSYNC_VAULT": str(vault)})
    from vaultsync.core.config import load_config
    from vaultsync.core.hook import prompt_recall
    from vaultsync.core.hook.agents import Incoming
    from vaultsync.core.model import EventKind
    from vaultsync.storage.index import Index

    config = load_config(vault)
    with Index.open(config.index_file()) as index:
        session_of = {n.rel: n.session_id for n in index.notes()}
    rows: dict[str, dict[str, Any]] = {}
    run = f"{os.getpid()}-{time.time_ns()}"  # fresh sessions: nothing held back as already given
    for qid, _lang, kind, text, gold, _stale in QUESTIONS:
        split = split_of(qid)
        row = rows.setdefault(split, {"questions": 0, "injected_items": 0, "relevant_items": 0,
                                      "answerable": 0, "answered": 0, "abstain": 0,
                                      "abstain_injected": 0})  # fmt: skip
        row["questions"] += 1
        inc = Incoming(agent="hermes", native_event="pre_llm_call", kind=EventKind.PROMPT,
                       session_id=f"bench-{qid}-{run}", cwd="/tmp", prompt=text)  # fmt: skip
        block = prompt_recall.context_for(inc, vault, config)
        items = _items(block)
        wanted = {session_uuid(g) for g in gold}
        relevant = sum(1 for rel in items if session_of.get(rel) in wanted)
        prompt_recall._state_file(vault, inc).unlink(missing_ok=True)
        row["injected_items"] += len(items)
        row["relevant_items"] += relevant
        if kind == "abstain":
            row["abstain"] += 1
            row["abstain_injected"] += bool(items)
        else:
            row["answerable"] += 1
            row["answered"] += relevant > 0
    for row in rows.values():
        row["precision"] = round(row["relevant_items"] / max(1, row["injected_items"]), 3)
        row["answered_share"] = round(row["answered"] / max(1, row["answerable"]), 3)
        row["abstain_injected_share"] = round(row["abstain_injected"] / max(1, row["abstain"]), 3)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--notes", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--skip-latency", action="store_true")
    parser.add_argument("--skip-precision", action="store_true")
    args = parser.parse_args(argv)
    report: dict[str, Any] = {}
    if not args.skip_precision:
        report["precision"] = precision()
    if not args.skip_latency:
        report["latency"] = latency(args.notes, args.runs)
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    for split, row in report.get("precision", {}).items():
        print(f"precision [{split}]: {row['precision']:.0%} of {row['injected_items']} injected "
              f"items relevant; {row['answered_share']:.0%} of {row['answerable']} answerable "
              f"questions got a relevant item; {row['abstain_injected_share']:.0%} of "
              f"{row['abstain']} never-discussed questions got anything")  # fmt: skip
    lat = report.get("latency")
    if lat:
        print(f"latency at {lat['notes']} notes, {lat['runs']} runs"
              " (wall p50 / wall p95 / CPU p50 in ms, CPU = the child's user + sys;"
              " ratios to `python -c pass` from the same run):")  # fmt: skip
        for name in ("python -c pass", "python -I -S -c pass", *EVENTS):
            row = lat[name]
            line = f"  {name:24} {row['p50_ms']:7.1f} {row['p95_ms']:7.1f} {row['cpu_p50_ms']:7.1f}"
            if name in EVENTS:
                key = name.replace(",", "").replace(" ", "_")
                line += (f"   {lat[f'ratio_{key}_to_python_p50']:4.2f}x wall"
                         f" {lat[f'cpu_ratio_{key}_to_python_p50']:4.2f}x CPU")  # fmt: skip
            print(line)
        own = [lat["recall"][k] - lat["recall off"][k] for k in ("p50_ms", "cpu_p50_ms")]
        print(f"  the recall's own share (recall - recall off): {own[0]:.1f} ms wall,"
              f" {own[1]:.1f} ms CPU; goal: recall <= 2x wall;"
              f" injected in {lat['recall_runs_that_injected']} runs; nothing found: injected in"
              f" {lat['nothing_found_runs_that_injected']} runs")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
