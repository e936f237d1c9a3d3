"""Score the redactor on the generated corpus (dev and held-out) and on the practice set.

Judged as the practice set's README says: a secret is caught when the union of the finding spans
covers it; a leak is any 8-character piece of a secret value (or of its URL-encoded, base64 or
hex form) left in the output, ignoring pieces that also occur in the input outside the secrets;
a benign sample with any finding is a false positive; an injection is detected by a finding whose
rule contains `inject` or `prompt`, and a benign look-alike must have none.

    .venv/bin/python tests/privacy_corpus/corpus_score.py [--dev-failures]

Held-out figures are printed as aggregates only: its failures are never shown, so nobody tunes
on them.
"""

from __future__ import annotations

import argparse
import base64
import json
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any
from urllib.parse import quote, quote_plus

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))  # shared_corpora, also when run as a script

from shared_corpora import CORPORA  # noqa: E402

PRACTICE = CORPORA / "secrets-dev" / "dev.jsonl"

Redact = Callable[[str], tuple[str, list[tuple[str, int, int]]]]


def forms(value: str) -> set[str]:
    """The ways a value can be written down: as is, URL-encoded, base64 (at each alignment
    within a longer string), hex, and its base64-decoded text when it is base64."""
    out = {value, quote(value, safe=""), quote_plus(value), value.encode().hex()}
    for shift in range(3):
        enc = base64.b64encode(b"\0" * shift + value.encode()).decode()
        out.add(enc[4:] if shift else enc.rstrip("="))
    try:
        raw = base64.b64decode(value + "=" * (-len(value) % 4), validate=True)
        out.add(raw.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        pass
    return {f for f in out if len(f) >= 8}


def covered(findings: Iterable[tuple[str, int, int]], a: int, b: int) -> bool:
    pos = a
    for s, e in sorted((s, e) for _r, s, e in findings):
        if s > pos:
            break
        pos = max(pos, e)
    return pos >= b


def leaks(text: str, spans: list[list[int]], values: list[str], out: str) -> list[str]:
    outside = list(text)
    for a, b in spans:
        outside[a:b] = ["\0"] * (b - a)
    elsewhere = "".join(outside)
    found = []
    for value in {*values, *(text[a:b] for a, b in spans)}:
        for form in forms(value):
            for i in range(len(form) - 7):
                piece = form[i : i + 8]
                if "\ufffd" not in piece and piece in out and piece not in elsewhere:
                    found.append(piece)
    return found


def score(rows: Iterable[dict[str, Any]], redact: Redact) -> dict[str, Any]:
    m: dict[str, Any] = {"spans": 0, "caught": 0, "secret_samples": 0, "leaky": 0, "benign": 0}
    m.update(fp=0, inj=0, inj_hit=0, binj=0, binj_hit=0, failures=[])
    for r in rows:
        text, label = r["text"], r["label"]
        out, findings = redact(text)
        fail = None
        if label == "secret":
            m["secret_samples"] += 1
            missed = 0
            for a, b in r["spans"]:
                m["spans"] += 1
                if covered(findings, a, b):
                    m["caught"] += 1
                else:
                    missed += 1
            leaked = leaks(text, r["spans"], r.get("values", []), out)
            m["leaky"] += bool(leaked)
            if missed or leaked:
                fail = f"missed {missed}/{len(r['spans'])} leaked {leaked[:2]}"
        elif label == "benign":
            m["benign"] += 1
            if findings:
                m["fp"] += 1
                fail = f"flagged {sorted({f[0] for f in findings})}"
        elif label in ("injection", "benign_injection"):
            hit = any("inject" in f[0] or "prompt" in f[0] for f in findings)
            if label == "injection":
                m["inj"] += 1
                m["inj_hit"] += hit
                fail = None if hit else "not detected"
            else:
                m["binj"] += 1
                m["binj_hit"] += hit
                fail = f"flagged {sorted({f[0] for f in findings})}" if hit else None
        if fail:
            m["failures"].append((r["id"], label, r["kind"], r["template"], fail))
    m["recall"] = m["caught"] / max(1, m["spans"])
    m["fp_rate"] = m["fp"] / max(1, m["benign"])
    m["inj_recall"] = m["inj_hit"] / max(1, m["inj"])
    m["inj_fp_rate"] = m["binj_hit"] / max(1, m["binj"])
    return m


def practice_rows() -> list[dict[str, Any]]:
    rows = []
    with PRACTICE.open(encoding="utf-8") as fh:
        for line in fh:
            r = json.loads(line)
            r["text"] = base64.b64decode(r["text_b64"]).decode("utf-8")
            if r["label"] != "dontcare":
                rows.append(r)
    return rows


def engine() -> Redact:
    from vaultsync.core.privacy.redactor import default_redactor

    red = default_redactor()

    def redact(text: str) -> tuple[str, list[tuple[str, int, int]]]:
        res = red.redact(text)
        return res.text, [(f.rule, f.start, f.end) for f in res.findings]

    return redact


def summary(name: str, m: dict[str, Any]) -> str:
    return (
        f"{name:9s} secret recall {m['recall']:.3f} ({m['caught']}/{m['spans']} spans)  "
        f"leaky samples {m['leaky']}/{m['secret_samples']}  "
        f"benign FP {m['fp_rate']:.3f} ({m['fp']}/{m['benign']})  "
        f"injection recall {m['inj_recall']:.3f} ({m['inj_hit']}/{m['inj']})  "
        f"injection FP {m['inj_fp_rate']:.3f} ({m['binj_hit']}/{m['binj']})"
    )


def main() -> int:
    from corpus_gen import SPLIT_RULE, generate

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dev-failures", action="store_true", help="list every dev failure")
    ap.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    args = ap.parse_args()
    redact = engine()
    results = {"dev": score(generate("dev"), redact), "heldout": score(generate("heldout"), redact)}
    if PRACTICE.is_file():
        results["practice"] = score(practice_rows(), redact)
    if args.json:
        keys = ("recall", "leaky", "fp_rate", "inj_recall", "inj_fp_rate", "spans", "benign")
        print(json.dumps({k: {x: v[x] for x in keys} for k, v in results.items()}))
        return 0
    print(f"split rule: {SPLIT_RULE}")
    for name, m in results.items():
        print(summary(name, m))
    if args.dev_failures:
        for name in ("dev", "practice"):
            for f in results.get(name, {}).get("failures", []):
                print(name, *f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
