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

Real text nobody planted anything in (`--real`): 3 KB slices of the shared corpora (the
Obsidian help in English, Japanese and Chinese, LoCoMo dialogues, agent transcripts), of this
repository's docs and of text files of the installed packages (`.md`, `.rst`, `.txt`, `.py`,
`.json`, `.toml`, `.cfg`, `.ini`, `.yaml`; sorted, up to `--real-files`), each redacted with and
without the keyword-free secret layer (`core/privacy/shape.py`) and the vocative orders
(`core/privacy/vocative.py`): the share of slices with a secret (an injection) finding is the
real-text flag rate, printed by source and beside the families' figures with and without them.

Usage: .venv/bin/python bench/bench_privacy.py [--runs 60] [--baseline DIR] [--no-cost]
           [--real] [--real-files 3000]
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


SLICE = 3000
_TEXT_EXT = (".md", ".rst", ".txt", ".py", ".json", ".toml", ".cfg", ".ini", ".yaml", ".yml")


def _slices(text: str) -> list[str]:
    out, i = [], 0
    while i < len(text):
        j = text.rfind("\n", i, i + SLICE) + 1 if i + SLICE < len(text) else len(text)
        j = j if j > i else min(len(text), i + SLICE)
        out.append(text[i:j])
        i = j
    return out


def _strings(x: object) -> list[str]:
    if isinstance(x, str):
        return [x]
    if isinstance(x, dict):
        return [s for v in x.values() for s in _strings(v)]
    if isinstance(x, list):
        return [s for v in x for s in _strings(v)]
    return []


def real_pieces(max_files: int) -> dict[str, list[str]]:
    """3 KB slices of real text, by source (a source missing on this machine is left out)."""
    import sysconfig

    sys.path.insert(0, str(ROOT))  # run as a script: the repository's packages (bench.shared)
    from bench.shared import CORPORA

    out: dict[str, list[str]] = {}
    for lang in ("en", "ja", "zh"):
        d = CORPORA / "obsidian-help" / lang
        files = sorted(d.rglob("*.md")) if d.is_dir() else []
        out[f"obsidian help {lang}"] = [
            p for f in files for p in _slices(f.read_text(encoding="utf-8", errors="replace"))
        ]
    loc = sorted((CORPORA / "locomo-dev").glob("*.json"))
    out["locomo dialogues"] = [
        p
        for f in loc
        for p in _slices("\n".join(_strings(json.loads(f.read_text(encoding="utf-8")))))
    ]
    tr = sorted((CORPORA / "claude-code-transcripts").glob("*.jsonl"))
    lines = [json.loads(x) for f in tr for x in f.read_text(encoding="utf-8").splitlines() if x]
    out["agent transcripts"] = [p for x in lines for p in _slices("\n".join(_strings(x)))]
    out["this repository's docs"] = [
        p
        for f in [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md"]
        for p in _slices(f.read_text(encoding="utf-8"))
    ]
    site = Path(sysconfig.get_paths()["purelib"])
    files = sorted(
        f
        for f in site.rglob("*")
        if f.suffix in _TEXT_EXT and f.is_file() and f.stat().st_size < 200_000
    )
    step = max(1, len(files) // max_files) if max_files else 1
    out["installed packages"] = [
        p
        for f in files[::step][:max_files]
        for p in _slices(f.read_text(encoding="utf-8", errors="replace"))
    ]
    return {k: v for k, v in out.items() if v}


def real_text(max_files: int) -> None:
    from vaultsync.core.privacy import rules as R
    from vaultsync.core.privacy import shape, vocative
    from vaultsync.core.privacy.redactor import Redactor

    sys.path.insert(0, str(CORPUS))
    from corpus_families import family_split, generate_all
    from corpus_score import score

    new = shape.RULES | {vocative.RULE}
    with_layer = Redactor(R.BUILTIN_RULES)
    without = Redactor(R.BUILTIN_RULES, disabled=new)
    print("\nreal text (3 KB slices flagged for a secret / for an injection), without and with")
    print("the keyword-free secret layer (core/privacy/shape.py) and vocative orders")
    print(f"  {'source':26s} {'slices':>7s} {'secret':>15s} {'injection':>15s}")
    tot = [0, 0, 0, 0, 0]
    for name, pieces in real_pieces(max_files).items():
        c = [len(pieces), 0, 0, 0, 0]
        for p in pieces:
            a, b = without.redact(p).findings, with_layer.redact(p).findings
            c[1] += any(f.is_secret for f in a)
            c[2] += any(f.is_secret for f in b)
            c[3] += any(f.is_injection for f in a)
            c[4] += any(f.is_injection for f in b)
        tot = [x + y for x, y in zip(tot, c, strict=True)]
        print(f"  {name:26s} {c[0]:7d} {c[1]:6d} -> {c[2]:5d} {c[3]:6d} -> {c[4]:5d}")
    n = tot[0]
    print(
        f"  {'all':26s} {n:7d} {tot[1]:6d} -> {tot[2]:5d} {tot[3]:6d} -> {tot[4]:5d}"
        f"   (secret {tot[1] / n:.4f} -> {tot[2] / n:.4f}, injection {tot[3] / n:.4f} ->"
        f" {tot[4] / n:.4f})"
    )
    rows = generate_all()
    for split in ("dev", "heldout"):
        pool = [r for k, rs in rows.items() if family_split(k) == split for r in rs]
        for label, red in (("without", without), ("with", with_layer)):
            m = score(pool, lambda t, red=red: _engine(red, t))
            print(
                f"  families {split:7s} {label:7s} the layers: secret recall {m['recall']:.3f} "
                f"({m['caught']}/{m['spans']}) leaky {m['leaky']}/{m['secret_samples']} "
                f"benign FP {m['fp_rate']:.3f} ({m['fp']}/{m['benign']}) injection recall "
                f"{m['inj_recall']:.3f} ({m['inj_hit']}/{m['inj']}) injection FP "
                f"{m['inj_fp_rate']:.3f} ({m['binj_hit']}/{m['binj']})"
            )


def _engine(red: object, text: str) -> tuple[str, list[tuple[str, int, int]]]:
    r = red.redact(text)  # type: ignore[attr-defined]
    return r.text, [(f.rule, f.start, f.end) for f in r.findings]


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
    ap.add_argument("--real", action="store_true", help="the real-text flag rate as well")
    ap.add_argument("--real-files", type=int, default=3000, help="installed files read")
    args = ap.parse_args()
    accuracy()
    if args.real:
        real_text(args.real_files)
    if not args.no_cost:
        cost(args.runs, args.baseline)
    return 0


if __name__ == "__main__":
    sys.exit(main())
