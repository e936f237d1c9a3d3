"""MaxScore for plain-word queries (services/recall/maxscore.py) against the whole query.

Over a generated vault (bench/vaultgen.py, zipf vocabulary), every plain-word question of the
recall sets (bench/recall: coding questions and help paraphrases) and the questions of
bench_search.py: the candidate list both ways (they must be identical), how many questions were
split and in how many passes, and the time of each way (median of 5 per question).

    python bench/bench_maxscore.py                  # 100k notes (builds the index once)
    python bench/bench_maxscore.py --size 10000
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import vaultgen
from bench_search import QUERIES, QUESTION, median_ms

from bench.recall.paraphrase import PARAPHRASES
from bench.recall.questions import QUESTIONS
from vaultsync.core.config import Config, load_config
from vaultsync.core.query import nlquery
from vaultsync.services.derived.reconcile import rebuild
from vaultsync.services.recall import maxscore
from vaultsync.services.recall.search import DEFAULT_MARK, make_filter
from vaultsync.storage import recall_rows
from vaultsync.storage.index import WEIGHTS_ANY, Index

LIMIT = 100  # the engine's CANDIDATES
RUNS = 5


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=100_000)
    args = parser.parse_args(argv)
    vault = vaultgen.ensure(args.size, words="zipf")
    questions = [QUESTION] + [q for _, q, _ in QUERIES if nlquery.looks_natural(q)]
    questions += [row[3] for row in QUESTIONS] + [row[2] for row in PARAPHRASES]
    questions = [q for q in dict.fromkeys(questions) if nlquery.match_any(q)]
    with tempfile.TemporaryDirectory(prefix="vs-maxscore-") as tmp:
        index_file = Path(tmp) / "index.sqlite"
        os.environ.update(VAULTSYNC_HOME=str(Path(tmp) / "home"))
        data = {**load_config(vault).data, "search": {"semantic": "off"}}
        rebuild(vault, Config(vault, index_file, data))
        where = make_filter()
        passes: Counter[str] = Counter()
        same, whole_ms, ours_ms = 0, [], []
        real = recall_rows.candidates
        with Index.open(index_file) as index:
            for q in questions:
                expression = nlquery.match_any(q) or ""

                def whole(e: str = expression) -> list[recall_rows.Candidate]:
                    return real(index, e, where, limit=LIMIT, mark=DEFAULT_MARK,
                                weights=WEIGHTS_ANY)  # fmt: skip

                def ours(q: str = q) -> list[recall_rows.Candidate]:
                    return maxscore.candidates(index, q, where, limit=LIMIT, mark=DEFAULT_MARK,
                                               freqs={})[1]  # fmt: skip

                expected = whole()
                calls: list[object] = []

                def spy(
                    *a: object, calls: list[object] = calls, **k: object
                ) -> list[recall_rows.Candidate]:
                    calls.append(k.get("within"))
                    return real(*a, **k)  # type: ignore[arg-type]

                maxscore.rows.candidates = spy  # type: ignore[assignment]
                got = ours()
                maxscore.rows.candidates = real
                same += got == expected
                passes["".join("whole" if c is None else "split+" for c in calls)] += 1
                whole_ms.append(median_ms(whole, RUNS))
                ours_ms.append(median_ms(ours, RUNS))
    print(f"{args.size:,} notes, {len(questions)} questions: identical {same}/{len(questions)}")
    print("passes: " + ", ".join(f"{k.rstrip('+') or '?'} {v}" for k, v in passes.most_common()))
    print(f"candidates ms, whole query / MaxScore: p50 {statistics.median(whole_ms):.1f} / "
          f"{statistics.median(ours_ms):.1f}, sum {sum(whole_ms):.0f} / {sum(ours_ms):.0f}, "
          f"slowest {max(whole_ms):.1f} / {max(ours_ms):.1f}")  # fmt: skip
    print(f"the CLI question {QUESTION!r}: {whole_ms[0]:.1f} / {ours_ms[0]:.1f} ms")
    return 0 if same == len(questions) else 1


if __name__ == "__main__":
    sys.exit(main())
