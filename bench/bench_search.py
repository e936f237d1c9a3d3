"""Search latency against a raw FTS5 query on the same index, measured in the same run.

In-process: `services.search.search_index` (query parsing, filters, joins to notes/events,
snippet clean-up) against the bare `SELECT ... bm25 ... snippet ... LIMIT 10` that FTS5 needs
for the same expression. Whole process: `vaultsync search --json` against a bare interpreter
start and against a process that opens the index and runs the raw query.

    python bench/bench_search.py            # 10k notes
    python bench/bench_search.py 100000
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import vaultgen

from vaultsync.core.config import Config, load_config
from vaultsync.services.derived.reconcile import rebuild
from vaultsync.services.recall.search import make_filter, search_index, to_fts
from vaultsync.storage.index import WEIGHTS, Index

QUERIES = [
    ("common word", "test", {}),
    ("two words", "router timeout", {}),
    ("phrase", '"lock file"', {}),
    ("prefix", "deplo*", {}),
    ("Chinese word", "数据库", {}),
    ("rare word", "4711", {}),
    ("common + filters", "test", {"types": ["memory"], "level": "L2"}),
]
RAW = (
    f"SELECT rowid, bm25(fts, {', '.join(map(str, WEIGHTS))}) AS s,"
    " snippet(fts, -1, '«', '»', '…', 20) FROM fts WHERE fts MATCH ? ORDER BY s LIMIT 10"
)


def median_ms(fn: Callable[[], object], runs: int) -> float:
    fn()  # warm
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        fn()
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000


def process_ms(argv: list[str], runs: int, env: dict[str, str]) -> float:
    def run() -> None:
        subprocess.run(argv, check=True, capture_output=True, env=env)

    return median_ms(run, runs)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="search latency vs raw FTS5")
    parser.add_argument("size", type=int, nargs="?", default=10_000)
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args(argv)
    vault = vaultgen.ensure(args.size)
    with tempfile.TemporaryDirectory(prefix="vs-bench-") as tmp:
        work = Path(tmp)
        index_file = str(work / "index.sqlite")
        env = dict(os.environ, VAULTSYNC_HOME=str(work / "home"), VAULTSYNC_INDEX=index_file)
        os.environ.update(env)
        config = Config(vault, work / "index.sqlite", load_config(vault).data)
        report = rebuild(vault, config)
        print(f"notes {report.notes}  events {report.events}  runs {args.runs}")
        print(f"{'query':18} {'hits':>4} {'vaultsync ms':>13} {'raw FTS5 ms':>12} {'ratio':>6}")
        with Index.open(config.index_file()) as index:
            raw = sqlite3.connect(config.index_file())
            for label, query, filters in QUERIES:
                where = make_filter(**filters)  # type: ignore[arg-type]
                expression = to_fts(query)
                hits = search_index(index, query, where)
                ours = median_ms(lambda q=query, w=where: search_index(index, q, w), args.runs)
                bare = median_ms(lambda e=expression: raw.execute(RAW, (e,)).fetchall(), args.runs)
                print(f"{label:18} {len(hits):>4} {ours:>13.2f} {bare:>12.2f} {ours / bare:>6.1f}")
            raw.close()
        runs = max(5, args.runs // 3)
        python = sys.executable
        start = process_ms([python, "-c", "pass"], runs, env)
        raw_proc = process_ms(
            [python, "-c", f"import sqlite3; c = sqlite3.connect({str(config.index_file())!r});"
             f" c.execute({RAW!r}, ('\"router\" \"timeout\"',)).fetchall()"],
            runs, env,
        )  # fmt: skip
        cli = str(Path(python).with_name("vaultsync"))
        query = [cli, "search", "--vault", str(vault), "--json", "router timeout"]
        ours_proc = process_ms(query, runs, env)
    print(f"process: python -c pass {start:.0f} ms, raw FTS5 query process {raw_proc:.0f} ms, "
          f"vaultsync search {ours_proc:.0f} ms ({ours_proc / raw_proc:.1f}x raw, "
          f"{ours_proc / start:.1f}x bare start)")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
