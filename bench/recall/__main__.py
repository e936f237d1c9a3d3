"""`python -m bench.recall`: score every system on every evaluation set (see README.md).

python -m bench.recall                      # dev and held-out, all systems
python -m bench.recall --split dev          # while tuning: never look at held-out
python -m bench.recall --json out.json      # figures as JSON too
python -m bench.recall --fresh              # replay the sessions again
python -m bench.recall --model e5 --model wordllama,e5   # also these `[search] model` values
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.recall import replay, score
from bench.recall.paraphrase import PARAPHRASES
from bench.recall.paraphrase_fresh import FRESH
from bench.recall.questions import CROSS, QUESTIONS
from bench.recall.sessions import SESSIONS

SYSTEMS = ("bm25-ref", "exact", "lexical", "semantic", "semantic-ml")
# `semantic-ml`: the extra with both bundled models (wordllama, and the multilingual USE, which
# also serves Japanese queries): `[search] model = "wordllama,use"`.
MULTILINGUAL = "wordllama,use"


def _config(root: Path, model: str | None = None) -> Any:
    import os

    from vaultsync.core.config import Config, load_config

    os.environ["VAULTSYNC_HOME"] = str(root / "home")
    loaded = load_config(root / "vault")
    data = loaded.data
    if model:
        data = {**data, "search": {**loaded.section("search"), "model": model}}
    # Pin the index path: VAULTSYNC_HOME changes when the next set is scored.
    return Config(loaded.vault, loaded.index_file(), data, loaded.sources)


def _keys_for(root: Path) -> dict[str, str]:
    """Index rel and session uuid -> the name the gold uses (session id sNN or the rel)."""
    from vaultsync.storage.index import Index

    names = {replay.session_uuid(s["id"]): s["id"] for s in SESSIONS}
    out: dict[str, str] = {}
    with Index.open(_config(root).index_file()) as index:
        for note in index.notes():
            out[note.rel] = names.get(note.session_id, note.rel)
    out.update(names)
    return out


def rankers(
    root: Path,
    docs: dict[str, str],
    semantic_ok: bool,
    multilingual_ok: bool = False,
    models: tuple[str, ...] = (),
) -> dict[str, score.Ranker]:
    config = _config(root)
    vault = root / "vault"
    keys = _keys_for(root)
    ref = score.PlainBM25(docs)
    out: dict[str, score.Ranker] = {"bm25-ref": ref.rank}

    def exact(query: str) -> tuple[list[str], bool]:
        from vaultsync.services.recall.search import search

        hits = search(vault, config, query, limit=20)
        return [keys.get(h.path, h.path) for h in hits], False

    out["exact"] = exact
    try:
        from vaultsync.services.recall.engine import recall
    except ImportError:
        return out

    def engine(semantic: bool, cfg: Any = config) -> Callable[[str], tuple[list[str], bool]]:
        def run(query: str) -> tuple[list[str], bool]:
            found = recall(vault, cfg, query, limit=20, semantic=semantic)
            ranked = [keys.get(h.session_id or "", keys.get(h.rel, h.rel)) for h in found.hits]
            return ranked, found.abstain

        return run

    out["lexical"] = engine(False)
    if semantic_ok:
        out["semantic"] = engine(True)
    if multilingual_ok:
        out["semantic-ml"] = engine(True, _config(root, MULTILINGUAL))
    for model in models:  # `--model`: a system of its own per `[search] model` value
        out[model] = engine(True, _config(root, model))
    return out


def _semantic_available(root: Path, model: str | None = None) -> bool:
    try:
        from vaultsync.storage.vectors import store as vectors
    except ImportError:
        return False
    config = _config(root, model)
    if not vectors.available(config):
        return False
    vectors.refresh(root / "vault", config)
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.recall", description=__doc__)
    parser.add_argument("--split", choices=("dev", "held-out", "all"), default="all")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    parser.add_argument("--fresh", action="store_true", help="replay and rebuild again")
    parser.add_argument("--systems", default=",".join(SYSTEMS))
    parser.add_argument("--sets", default="coding,cross,help,help-fresh")
    parser.add_argument("--failures", action="store_true", help="list dev misses (never held-out)")
    parser.add_argument(
        "--model", action="append", default=[], help="also this `[search] model` (repeatable)"
    )
    args = parser.parse_args(argv)
    wanted = set(args.systems.split(",")) | set(args.model)
    splits = ("dev", "held-out") if args.split == "all" else (args.split,)
    figures: dict[str, Any] = {}
    coding_docs = {s["id"]: score.session_text(s) for s in SESSIONS}
    sets: list[tuple[str, Path, dict[str, str], list[Any]]] = []
    chosen = set(args.sets.split(","))
    if chosen & {"coding", "cross"}:
        root = replay.coding_vault(fresh=args.fresh)
        if "coding" in chosen:
            sets.append(("coding", root, coding_docs, QUESTIONS))
        if "cross" in chosen:
            sets.append(("cross", root, coding_docs, CROSS))
    if chosen & {"help", "help-fresh"}:
        hroot = replay.help_vault(fresh=args.fresh)
        docs = score.help_docs(hroot / "vault")
        for name, queries in (("help", PARAPHRASES), ("help-fresh", FRESH)):
            if name in chosen:
                rows = [
                    (pid, lang, "paraphrase", text, gold, ()) for pid, lang, text, gold in queries
                ]
                sets.append((name, hroot, docs, rows))
    for name, root, docs, rows in sets:
        semantic_ok = "semantic" in wanted and _semantic_available(root)
        multilingual_ok = "semantic-ml" in wanted and _semantic_available(root, MULTILINGUAL)
        models = tuple(m for m in args.model if _semantic_available(root, m))
        for system, ranker in rankers(root, docs, semantic_ok, multilingual_ok, models).items():
            if system not in wanted:
                continue
            # the fresh set is out of sample as a whole: one split of its own, with any --split
            for split in ("fresh",) if name == "help-fresh" else splits:
                results = score.run_set(rows, ranker, split=None if split == "fresh" else split)
                entry = {
                    "all": score.summary(results),
                    "lang": score.grouped(results, "lang"),
                    "kind": score.grouped(results, "kind"),
                }
                figures.setdefault(name, {}).setdefault(system, {})[split] = entry
                if args.failures and split == "dev":
                    for r in results:
                        if r.gold and r.recall < 1:
                            print(f"  miss {name}/{system} {r.qid} {r.gold} got {r.ranked[:5]}")
    _print(figures)
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1, ensure_ascii=False))
    return 0


def _fmt(value: float | None) -> str:
    return "  -  " if value is None else f"{value:.3f}"


def _print(figures: dict[str, Any]) -> None:
    for name, systems in figures.items():
        print(f"\n== {name}")
        print(f"{'system':11} {'split':9} {'n':>4} {'R@5':>6} {'MRR':>6} {'abst':>6} "
              f"{'f-abst':>6} {'newer':>6}   per language R@5")  # fmt: skip
        for system, splits in systems.items():
            for split, entry in splits.items():
                a = entry["all"]
                langs = "  ".join(
                    f"{lang} {v['recall@5']:.2f}/{v['n']}" for lang, v in entry["lang"].items()
                    if v["n"]
                )  # fmt: skip
                print(
                    f"{system:11} {split:9} {a['n']:>4} {_fmt(a['recall@5']):>6} "
                    f"{_fmt(a['mrr']):>6} {_fmt(a['abstained']):>6} {_fmt(a['false_abstain']):>6} "
                    f"{_fmt(a['newer_first']):>6}   {langs}"
                )
        kinds = {k for s in systems.values() for e in s.values() for k in e["kind"]}
        if len(kinds) > 1:
            print(f"  per kind R@5 ({', '.join(systems)}; dev | held-out)")
            for kind in sorted(kinds):
                cells = []
                for splits in systems.values():
                    cells.append(" | ".join(
                        f"{e['kind'][kind]['recall@5']:.2f}" if kind in e["kind"] else "-"
                        for e in splits.values()
                    ))  # fmt: skip
                print(f"    {kind:11} " + "   ".join(cells))


if __name__ == "__main__":
    sys.exit(main())
