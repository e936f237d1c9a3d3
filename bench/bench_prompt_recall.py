"""Prompt-time recall (core/prompt_recall): what it costs in the hook, and how often what it
injects is relevant.

1. Latency: one UserPromptSubmit through the installed launcher on a generated vault of
   `--notes` notes (bench/vaultgen.py) with its index, recall on (a prompt whose words occur in
   the vault, a new session each run so nothing is held back as already given), beside the
   floor `python -c pass` (the venv's interpreter) and `python -I -S -c pass` (what the launcher
   starts), interleaved run by run, and the same event with a trivial prompt (recall skipped).
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


def _time(cmd: list[str], data: bytes, env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, input=data, capture_output=True, env=env, check=False)
    return time.perf_counter() - start


def _stats(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "p50_ms": round(statistics.median(ordered) * 1000, 1),
        "p95_ms": round(ordered[int(0.95 * (len(ordered) - 1))] * 1000, 1),
    }


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
        python = sys.executable
        floors = {"python -c pass": [python, "-c", "pass"],
                  "python -I -S -c pass": [python, "-I", "-S", "-c", "pass"]}  # fmt: skip
        times: dict[str, list[float]] = {name: [] for name in (*floors, "recall", "trivial")}
        injected = 0
        for n in range(runs + 3):
            for name, cmd in floors.items():
                spent = _time(cmd, b"", env)
                if n >= 3:
                    times[name].append(spent)
            for name, prompt in (("recall", PROMPT), ("trivial", "ok")):
                payload = {"session_id": f"bench-{name}-{n}", "cwd": str(work),
                           "hook_event_name": "UserPromptSubmit", "prompt": prompt}  # fmt: skip
                data = json.dumps(payload).encode()
                start = time.perf_counter()
                proc = subprocess.run(launcher, input=data, capture_output=True, env=env)
                spent = time.perf_counter() - start
                if name == "recall" and b"additionalContext" in proc.stdout:
                    injected += 1
                if n >= 3:
                    times[name].append(spent)
        out: dict[str, Any] = {"notes": notes, "runs": runs}
        out.update({name: _stats(values) for name, values in times.items()})
        floor = out["python -c pass"]["p50_ms"]
        out["ratio_recall_to_python_p50"] = round(out["recall"]["p50_ms"] / floor, 2)
        out["ratio_trivial_to_python_p50"] = round(out["trivial"]["p50_ms"] / floor, 2)
        out["recall_runs_that_injected"] = injected
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
    from vaultsync.core import prompt_recall
    from vaultsync.core.agents import Incoming
    from vaultsync.core.config import load_config
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
        print(f"latency at {lat['notes']} notes, {lat['runs']} runs (p50 / p95 ms):")
        for name in ("python -c pass", "python -I -S -c pass", "trivial", "recall"):
            print(f"  {name:22} {lat[name]['p50_ms']:7.1f} {lat[name]['p95_ms']:7.1f}")
        print(f"  recall / python -c pass p50: {lat['ratio_recall_to_python_p50']}x (goal <= 2x);"
              f" injected in {lat['recall_runs_that_injected']} runs")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
