"""Full rebuild time against its floor, measured in the same run.

Floor: walk the vault, read every note, split the frontmatter by hand, parse it with libyaml
(CSafeLoader) and insert (path, text) into a bare FTS5 table in one transaction: the least any
full rebuild must do. A second, lower floor skips the YAML. Rebuild is
`vaultsync.services.derived.reconcile.rebuild` (index + queue markers + USER.md/AGENT.md).
Runs alternate
floor / rebuild so machine noise hits both; medians and the ratio are printed.

    python bench/bench_rebuild.py               # 10k notes, 3 rounds
    python bench/bench_rebuild.py 100000 --rounds 1
    python bench/bench_rebuild.py 10000 --profile
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import os
import pstats
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
import vaultgen

from vaultsync.core.config import Config, load_config
from vaultsync.services.derived.reconcile import rebuild

LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _notes(vault: Path):  # type: ignore[no-untyped-def]
    for folder, dirs, files in os.walk(vault):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in files:
            if name.endswith(".md") and not name.startswith("."):
                yield os.path.join(folder, name)


def floor(vault: Path, db: Path, *, with_yaml: bool = True) -> float:
    db.unlink(missing_ok=True)
    started = time.perf_counter()
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("PRAGMA journal_mode=OFF")
    conn.execute("PRAGMA synchronous=OFF")
    conn.execute("CREATE VIRTUAL TABLE f USING fts5(path, body)")

    def rows():  # type: ignore[no-untyped-def]
        for path in _notes(vault):
            with open(path, "rb") as fh:
                text = fh.read().decode("utf-8", "replace")
            if with_yaml and text.startswith("---\n"):
                end = text.find("\n---", 4)
                if end > 0:
                    with contextlib.suppress(yaml.YAMLError):
                        yaml.load(text[4:end], Loader=LOADER)
            yield path, text

    conn.execute("BEGIN")
    conn.executemany("INSERT INTO f(path, body) VALUES (?, ?)", rows())
    conn.execute("COMMIT")
    conn.close()
    return time.perf_counter() - started


def run_rebuild(vault: Path, config: Config) -> tuple[float, int, int]:
    started = time.perf_counter()
    report = rebuild(vault, config)
    elapsed = time.perf_counter() - started
    if report.errors:
        print("errors:", report.error_messages[:5], file=sys.stderr)
    return elapsed, report.notes, report.events


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="rebuild time vs read+YAML+FTS5 floor")
    parser.add_argument("size", type=int, nargs="?", default=10_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--profile", action="store_true", help="profile one rebuild (cProfile)")
    args = parser.parse_args(argv)

    vault = vaultgen.ensure(args.size)
    with tempfile.TemporaryDirectory(prefix="vs-bench-") as tmp:
        work = Path(tmp)
        os.environ["VAULTSYNC_HOME"] = str(work / "home")
        base = load_config(vault)
        config = Config(vault, work / "index.sqlite", base.data)
        run_rebuild(vault, config)  # warm the page cache; writes USER.md/AGENT.md once
        if args.profile:
            profiler = cProfile.Profile()
            profiler.enable()
            run_rebuild(vault, config)
            profiler.disable()
            pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
            return 0
        floors, bare, rebuilds = [], [], []
        notes = events = 0
        for _ in range(args.rounds):
            floors.append(floor(vault, work / "floor.sqlite"))
            bare.append(floor(vault, work / "bare.sqlite", with_yaml=False))
            elapsed, notes, events = run_rebuild(vault, config)
            rebuilds.append(elapsed)
        size_mb = (work / "index.sqlite").stat().st_size / 1e6
        floor_mb = (work / "floor.sqlite").stat().st_size / 1e6
    f, b, r = (statistics.median(x) for x in (floors, bare, rebuilds))
    print(f"notes {notes}  events {events}  rounds {args.rounds}")
    print(f"floor read+YAML+FTS5 insert  {f:8.2f} s   ({floor_mb:.0f} MB)")
    print(f"floor read+FTS5 insert        {b:8.2f} s")
    print(f"vaultsync rebuild             {r:8.2f} s   ({size_mb:.0f} MB)")
    print(f"ratio rebuild / floor         {r / f:8.2f} x   (goal 2x, limit 3x)")
    print(f"ratio rebuild / bare floor    {r / b:8.2f} x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
