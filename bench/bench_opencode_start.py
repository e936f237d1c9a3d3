"""Does vaultsync make an OpenCode session start later? `opencode run` against the fake model
on 127.0.0.1 (tests/agents/fake_api.py), with and without vaultsync installed, in one warm
config folder each, interleaved run by run: the time from launch to the first model request
that offers tools (the session's first real turn, after the session-start context is built),
and the whole run. Beside them, the hook's own cost for OpenCode's session start (the launcher
with a `session.created` payload, on the same vault): the goal is that the start is later by
no more than that.

Needs the pinned CLI (scripts/install-agents). Usage:
    .venv/bin/python bench/bench_opencode_start.py [--runs 5] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "agents"))
sys.path.insert(0, str(ROOT))

from agentkit import AGENTS_DIR, sandbox  # noqa: E402
from fake_api import FakeModel  # noqa: E402


def _one(box: object, fake: FakeModel) -> tuple[float, float]:
    """(seconds to the first real model request, seconds for the whole run)."""
    before = len(fake.requests)
    started = time.monotonic()
    box.run("Please run ls for me.")  # type: ignore[attr-defined]
    done = time.monotonic() - started
    real = [r for r in fake.model_requests() if r in fake.requests[before:]]
    return (real[0].at - started if real else float("nan")), done


def _hook_cost(box: object, runs: int) -> list[float]:
    env = box.env  # type: ignore[attr-defined]
    launcher = Path(env["VAULTSYNC_HOME"]) / "bin" / "vaultsync-hook"
    walls = []
    for n in range(runs + 1):
        payload = {"hook_event_name": "session.created", "session_id": f"ses_bench{n}",
                   "cwd": str(box.work)}  # type: ignore[attr-defined]  # fmt: skip
        started = time.monotonic()
        subprocess.run([str(launcher), "--agent", "opencode", "--event", "session.created"],
                       input=json.dumps(payload).encode(), env=env, check=True,
                       capture_output=True)  # fmt: skip
        if n:
            walls.append(time.monotonic() - started)
    return walls


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not (AGENTS_DIR / "bin" / "opencode").exists():
        print("opencode is not installed: run scripts/install-agents", file=sys.stderr)
        return 1
    with (
        tempfile.TemporaryDirectory(prefix="oc-start-") as tmp,
        FakeModel("true", lifetime=3600) as fake,
    ):
        boxes = {}
        for label in ("without", "with"):
            box = sandbox("opencode", Path(tmp) / label)
            box.configure(fake.url)
            if label == "with":
                box.vaultsync("install", "opencode", "--no-mcp")
            boxes[label] = box
        samples: dict[str, dict[str, list[float]]] = {
            k: {"first_request": [], "run": []} for k in boxes
        }
        for n in range(-1, args.runs):  # run -1 warms each folder (OpenCode's own first start)
            for label, box in boxes.items():
                first, whole = _one(box, fake)
                if n >= 0:
                    samples[label]["first_request"].append(first)
                    samples[label]["run"].append(whole)
        hook = _hook_cost(boxes["with"], max(5, args.runs))
        errors = boxes["with"].hook_errors()
    med = {k: {m: statistics.median(v) for m, v in row.items()} for k, row in samples.items()}
    result = {
        "runs": args.runs,
        "median_s": med,
        "hook_session_start_s": statistics.median(hook),
        "first_request_later_by_s": med["with"]["first_request"] - med["without"]["first_request"],
        "run_longer_by_s": med["with"]["run"] - med["without"]["run"],
        "hook_errors": errors,
        "load_average": os.getloadavg()[0],
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(
        f"opencode run, {args.runs} runs each, medians (load average {result['load_average']:.1f}):"
    )
    for label, row in med.items():
        print(f"  {label:>7} vaultsync: first real request {row['first_request']:.2f} s, "
              f"whole run {row['run']:.2f} s")  # fmt: skip
    later, cost = result["first_request_later_by_s"], result["hook_session_start_s"]
    print(f"  first request later by {later:+.2f} s; the hook's own session-start cost "
          f"{cost:.2f} s (goal: not more)")  # fmt: skip
    print(f"  hook errors: {errors or 'none'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
