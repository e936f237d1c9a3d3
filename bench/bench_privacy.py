"""The redactor judged the way the product is: by family, dev beside each held-out family; and
what the redactor costs per event at 2 KB and 100 KB, beside a baseline tree in the same run.

Held-out families (`tests/privacy_corpus/corpus_families.HELDOUT`, with the tuning round before
which each was written) are never looked at sample by sample: this prints their aggregates only.
Floors: secret recall >= 0.98 with no leaked value, benign false positives <= 2%, injection
recall >= 0.90 with false positives <= 3%, on the dev families and on the held-out ones.

Cost: `default_redactor().redact(text)` in one process (rules compiled before timing, as in a
warm hook), and the hook's cost per text field (`core/hook/excerpt.clip` with the default
limits: the text redacted at its two ends, then shortened); CPU time (`time.process_time`: a
shared machine's load does not count), median and p95 of `--runs` calls on a 2 KB and a
100 KB event of realistic tool output (`bench_redact.make_input`), beside the floor of the
same run (`text.lower()` plus one pass of a trivial regex over the text: the least any scanner
does) and, with `--baseline DIR`, the same measurement of another checkout (e.g. `/work/main`
before the change), interleaved.

Usage: .venv/bin/python bench/bench_privacy.py [--runs 60] [--baseline DIR] [--no-cost]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "privacy_corpus"

_TIMER = r"""
import json, re, sys, time
sys.path.insert(0, sys.argv[1])
from vaultsync.core.privacy.redactor import default_redactor
red = default_redactor()
try:  # the hook's cost per text field: redact the two ends, then shorten (core/hook/excerpt)
    from vaultsync.core.hook.excerpt import Limits, clip
    limits = Limits(500, 3, 3, lambda x: red.redact(x).text)
except ImportError:  # a tree from before the excerpt module
    clip = None
texts = json.loads(sys.stdin.read())
out = {}
for name, text in texts.items():
    red.redact(text)  # compile what this text wakes
    runs = []
    for _ in range(int(sys.argv[2])):
        t = time.process_time(); red.redact(text); runs.append((time.process_time() - t) * 1000)
    field = []
    for _ in range(int(sys.argv[2]) if clip else 0):
        t = time.process_time(); clip(text, limits); field.append((time.process_time() - t) * 1000)
    floor = []
    rx = re.compile(r"\S+")
    for _ in range(int(sys.argv[2])):
        t = time.process_time(); text.lower(); sum(1 for _ in rx.finditer(text))
        floor.append((time.process_time() - t) * 1000)
    out[name] = {"runs": runs, "floor": floor, "field": field}
print(json.dumps(out))
"""


def _p(xs: list[float], q: float) -> float:
    return sorted(xs)[max(0, round(q * len(xs)) - 1)]


def accuracy() -> None:
    sys.path.insert(0, str(CORPUS))
    from corpus_families import HELDOUT, OPENED
    from corpus_gen import generate
    from corpus_score import PRACTICE, engine, practice_rows, score, summary
    from family_score import line, score_families

    redact = engine()
    print("held-out families (round of tuning before which each was written):")
    for name, rnd in HELDOUT.items():
        opened = f", opened for tuning in round {OPENED[name]}" if name in OPENED else ""
        print(f"  {name}: round {rnd}{opened}")
    print("\nby family (floors: recall >= 0.98, leaky 0, benign FP <= 0.02, injection recall")
    print(">= 0.90, injection FP <= 0.03; dev and held-out alike)")
    for name, m in score_families(redact).items():
        print("  " + line(name, m))
    print("\ngenerated corpus (provider/phrasing split) and the practice set:")
    print("  " + summary("dev", score(generate("dev"), redact)))
    print("  " + summary("heldout", score(generate("heldout"), redact)))
    if PRACTICE.is_file():
        print("  " + summary("practice", score(practice_rows(), redact)))


def cost(runs: int, baseline: str | None) -> None:
    sys.path.insert(0, str(ROOT / "bench"))
    from bench_redact import make_input

    texts = {
        "2 KB": make_input(2).decode("utf-8"),
        "100 KB": make_input(100).decode("utf-8"),
    }
    trees = {"this tree": str(ROOT)}
    if baseline:
        trees["baseline " + baseline] = baseline
    results: dict[str, dict[str, dict[str, list[float]]]] = {t: {} for t in trees}
    for _round in range(3):  # interleaved: load drift hits every tree alike
        for label, path in trees.items():
            p = subprocess.run(
                [sys.executable, "-c", _TIMER, path, str(max(1, runs // 3))],
                input=json.dumps(texts),
                capture_output=True,
                text=True,
                check=True,
            )
            for name, r in json.loads(p.stdout).items():
                d = results[label].setdefault(name, {"runs": [], "floor": [], "field": []})
                d["runs"] += r["runs"]
                d["floor"] += r["floor"]
                d["field"] += r.get("field", [])
    print(
        f"\nCPU time of redact() per event and of the hook per field, in process, {runs} calls"
        " each (ms):"
    )
    for label, by in results.items():
        for name, d in by.items():
            med, fl = statistics.median(d["runs"]), statistics.median(d["floor"])
            field = f"   hook per field {statistics.median(d['field']):5.2f}" if d["field"] else ""
            print(
                f"  {label:40s} {name:6s} median {med:7.2f}  p95 {_p(d['runs'], 0.95):7.2f}"
                f"   floor {fl:5.2f}  ({med / fl:.0f}x floor){field}"
            )


def main() -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--runs", type=int, default=60)
    ap.add_argument("--baseline", help="another checkout to time in the same run")
    ap.add_argument("--no-cost", action="store_true", help="accuracy only")
    args = ap.parse_args()
    accuracy()
    if not args.no_cost:
        cost(args.runs, args.baseline)
    return 0


if __name__ == "__main__":
    sys.exit(main())
