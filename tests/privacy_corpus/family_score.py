"""Score the redactor family by family: dev families together, each held-out family alone.

    .venv/bin/python tests/privacy_corpus/family_score.py [--dev-failures] [--json]

Held-out families are printed as aggregates only (never a sample, never a failure), so nobody
tunes on them. The judging is the practice set's (`corpus_score.score`).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from corpus_families import HELDOUT, family_split, generate_all
from corpus_score import Redact, engine, score

KEYS = ("recall", "leaky", "secret_samples", "fp", "benign", "fp_rate", "inj_recall", "inj")
KEYS += ("inj_fp_rate", "binj")


def score_families(redact: Redact) -> dict[str, dict[str, Any]]:
    """`dev` (every dev family pooled), `heldout` (every held-out family pooled), the families of
    the round opened last pooled (`dev: opened round N`, part of `dev`), each round's held-out
    families pooled (`heldout round N`, when more than one round is held out) and one entry per
    held-out family."""
    rows = generate_all()
    dev = [r for name, rs in rows.items() if family_split(name) == "dev" for r in rs]
    held = [r for name, rs in rows.items() if family_split(name) == "heldout" for r in rs]
    out = {"dev": score(dev, redact), "heldout": score(held, redact)}
    opened = [n for n in rows if family_split(n) == "dev" and n in HELDOUT]
    last = max((HELDOUT[n] for n in opened), default=0)
    if last:  # the round opened last, pooled: its figures before and after its tuning
        out[f"dev: opened round {last}"] = score(
            [r for n in opened if HELDOUT[n] == last for r in rows[n]], redact
        )
    rounds = sorted({HELDOUT[n] for n in rows if n in HELDOUT and family_split(n) == "heldout"})
    for rnd in rounds if len(rounds) > 1 else ():
        names = [n for n in rows if HELDOUT.get(n) == rnd and family_split(n) == "heldout"]
        pool = [r for n in names for r in rows[n]]
        out[f"heldout round {rnd}"] = score(pool, redact)
    for name in HELDOUT:
        if family_split(name) == "heldout":
            out[name] = score(rows[name], redact)
    return out


def line(name: str, m: dict[str, Any]) -> str:
    parts = [f"{name:36s}"]
    if m["spans"]:
        parts.append(
            f"secret recall {m['recall']:.3f} ({m['caught']}/{m['spans']}) "
            f"leaky {m['leaky']}/{m['secret_samples']}"
        )
    if m["benign"]:
        parts.append(f"benign FP {m['fp_rate']:.3f} ({m['fp']}/{m['benign']})")
    if m["inj"]:
        parts.append(f"injection recall {m['inj_recall']:.3f} ({m['inj_hit']}/{m['inj']})")
    if m["binj"]:
        parts.append(f"injection FP {m['inj_fp_rate']:.3f} ({m['binj_hit']}/{m['binj']})")
    return "  ".join(parts)


def main() -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--dev-failures", action="store_true", help="list every dev failure")
    ap.add_argument("--json", action="store_true", help="the figures as one JSON object")
    args = ap.parse_args()
    res = score_families(engine())
    if args.json:
        print(json.dumps({k: {x: v[x] for x in KEYS} for k, v in res.items()}))
        return 0
    for name, m in res.items():
        label = f"{name} (round {HELDOUT[name]})" if name in HELDOUT else name
        print(line(label, m))
    if args.dev_failures:
        for f in res["dev"]["failures"]:
            print("dev", *f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
