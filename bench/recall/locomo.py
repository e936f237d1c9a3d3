"""LoCoMo session-level recall@5: the recall engine beside a plain BM25, in the same run.

`python -m bench.recall.locomo [--corpus DIR]` reads LoCoMo's conversations from the shared
corpora folder (CC BY-NC 4.0: evaluation only; nothing of it is copied into the repository:
the vaults are written under the system temp folder and deleted after the run). Each
conversation is a vault of its own: every dated session is a session note whose events are its
turns (`speaker: text`, a shared photo's caption appended), stamped at the session's date. Each
question of categories 1-4 whose `evidence` names sessions is asked as written, at a "now" one
day after the conversation's last session; a hit is a named session among the first five
results. Category 5 (adversarial: the answer is not in the conversation) is left out, as in
the benchmark's own session-level scoring.

Split by whole conversation, chosen before any tuning on this set: a conversation is held out
when `split.held_out` holds for LoCoMo's own sample id, `conv-<n>` (the file's stem): 44 and 48
(314 questions) held out, 41, 42, 43, 47 and 50 (835) dev. Tune with `--split dev` only.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import math
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from bench.recall import score, split
from bench.shared import CORPORA

CORPUS = CORPORA / "locomo-dev"
K = 5


def _when(text: str) -> dt.datetime:
    return dt.datetime.strptime(text.strip(), "%I:%M %p on %d %B, %Y").replace(tzinfo=dt.UTC)


def sessions_of(conv: dict[str, Any]) -> list[tuple[int, dt.datetime, list[str]]]:
    out = []
    for key, value in conv.items():
        found = re.fullmatch(r"session_(\d+)", key)
        if not found or not isinstance(value, list) or not value:
            continue
        n = int(found.group(1))
        turns = []
        for turn in value:
            text = f"{turn.get('speaker', '')}: {turn.get('text', '')}"
            if turn.get("blip_caption"):
                text += f" [shared a photo: {turn['blip_caption']}]"
            turns.append(text)
        out.append((n, _when(conv[f"session_{n}_date_time"]), turns))
    return sorted(out)


def questions_of(conv: dict[str, Any]) -> list[tuple[str, set[int], int]]:
    out = []
    for qa in conv.get("qa", []):
        if qa.get("category") == 5:
            continue
        wanted = set()
        for ref in qa.get("evidence") or []:
            for part in re.findall(r"D(\d+):", str(ref)):
                wanted.add(int(part))
        if wanted and qa.get("question"):
            out.append((str(qa["question"]), wanted, int(qa.get("category") or 0)))
    return out


def build_vault(root: Path, conv: dict[str, Any]) -> tuple[Path, dict[str, int]]:
    from vaultsync.core import eventlog
    from vaultsync.core.config import load_config
    from vaultsync.core.model import Event, EventKind
    from vaultsync.core.properties import render_frontmatter
    from vaultsync.services.derived.reconcile import rebuild

    vault = root / "vault"
    (vault / ".vaultsync").mkdir(parents=True)
    ids: dict[str, int] = {}
    for n, when, turns in sessions_of(conv):
        sid = f"locomo-s{n}"
        ids[sid] = n
        events = [
            Event(id=f"{sid}-{i}", ts=(when + dt.timedelta(seconds=i)).strftime(
                "%Y-%m-%dT%H:%M:%S.000000Z"), agent="hermes", session_id=sid,
                  kind=EventKind.PROMPT, prompt=text, project="/locomo")
            for i, text in enumerate(turns)
        ]  # fmt: skip
        body = f"# Session {n}\n" + "".join(map(eventlog.render, events))
        stamp = when.isoformat()
        props = {"type": "session", "agent": "hermes", "session_id": sid, "project": "/locomo",
                 "created": stamp, "updated": stamp, "status": "pending"}  # fmt: skip
        target = vault / "sessions" / f"{when:%Y}" / f"{sid}.md"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(render_frontmatter(props) + body, encoding="utf-8")
    rebuild(vault, load_config(vault))
    return vault, ids


def split_of(path: Path) -> str:
    """A conversation's split, by LoCoMo's sample id `conv-<n>` (the module docstring)."""
    return split.split_of(f"conv-{path.stem}")


def run(corpus: Path, only: str | None = None) -> dict[str, dict[str, Any]]:
    """{split: {system: figures}} for the conversations of `only` (a split), else all."""
    by_split: dict[str, dict[str, Any]] = {}
    for part in ("dev", "held-out"):
        paths = [p for p in sorted(corpus.glob("*.json")) if split_of(p) == part]
        if paths and only in (None, part):
            by_split[part] = _run(paths)
    return by_split


def _run(paths: list[Path]) -> dict[str, Any]:
    from vaultsync.core.config import load_config
    from vaultsync.services.recall.engine import recall

    results: dict[str, list[float]] = {"bm25-ref": [], "lexical": []}
    per_cat: dict[str, dict[int, list[float]]] = {"bm25-ref": {}, "lexical": {}}
    work = Path(tempfile.mkdtemp(prefix="locomo-"))
    try:
        for path in paths:
            conv = json.loads(path.read_text(encoding="utf-8"))
            root = work / path.stem
            os.environ["VAULTSYNC_HOME"] = str(root / "home")
            vault, ids = build_vault(root, conv)
            sessions = sessions_of(conv)
            ref = score.PlainBM25({str(n): "\n".join(turns) for n, _w, turns in sessions})
            now = sessions[-1][1] + dt.timedelta(days=1)
            config = load_config(vault)
            for question, wanted, category in questions_of(conv):
                ranked_ref = [int(k) for k in ref.rank(question)[0][:K]]
                found = recall(vault, config, question, limit=K, semantic=False, now=now)
                ranked = [ids.get(h.session_id or "", -1) for h in found.hits][:K]
                for name, top in (("bm25-ref", ranked_ref), ("lexical", ranked)):
                    hit = float(bool(wanted & set(top)))
                    results[name].append(hit)
                    per_cat[name].setdefault(category, []).append(hit)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    figures: dict[str, Any] = {
        name: {
            "n": len(hits),
            "recall@5": round(sum(hits) / len(hits), 3) if hits else None,
            "category": {c: round(sum(v) / len(v), 3) for c, v in sorted(per_cat[name].items())},
        }
        for name, hits in results.items()
    }
    pairs = list(zip(results["lexical"], results["bm25-ref"], strict=True))
    won = sum(1 for e, r in pairs if e > r)
    lost = sum(1 for e, r in pairs if r > e)
    figures["paired"] = {"engine only": won, "bm25 only": lost, "sign p": sign_test(won, lost)}
    return figures


def sign_test(won: int, lost: int) -> float:
    """Two-sided exact sign test over the questions only one system found: how likely a split
    at least this uneven is if neither system were better."""
    n = won + lost
    if not n:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(min(won, lost) + 1)) / 2**n
    return round(min(1.0, 2 * tail), 3)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.recall.locomo", description=__doc__)
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--split", choices=("dev", "held-out"), help="one split only (tune: dev)")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    if not args.corpus.is_dir():
        print(f"no LoCoMo corpus at {args.corpus}", file=sys.stderr)
        return 2
    figures = run(args.corpus, args.split)
    for part, systems in figures.items():
        for name, f in systems.items():
            if name == "paired":
                print(f"{part:8} found by one only: engine {f['engine only']}, plain BM25 "
                      f"{f['bm25 only']} (sign test p = {f['sign p']})")  # fmt: skip
                continue
            cats = "  ".join(f"cat{c} {v:.2f}" for c, v in f["category"].items())
            print(f"{part:8} {name:9} n={f['n']}  session recall@5 {f['recall@5']:.3f}   {cats}")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
