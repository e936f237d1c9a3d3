"""The sections of `bench/run`: one function per benchmark family, each run in its own process.

Each takes the run's options and returns {"rows": [...], "detail": {...}}: every row is one
figure beside its floor or peer (`row`), measured in the same process, in the same run. The
measuring itself is the standalone benches' (bench_hook, bench_rebuild, bench_search,
bench_watch, bench_git, bench_peer); this module only drives them at the run's sizes.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "bench" / ".data"


def row(
    key: str,
    what: str,
    size: int | None,
    value: float,
    unit: str,
    floor: str,
    floor_value: float | None,
    **extra: Any,
) -> dict[str, Any]:
    """One figure beside its floor (or peer) and their ratio."""
    ratio = value / floor_value if floor_value else None
    return {
        "key": key,
        "what": what,
        "size": size,
        "value": value,
        "unit": unit,
        "floor": floor,
        "floor_value": floor_value,
        "ratio": ratio,
        **extra,
    }


def proc_ms(argv: list[str], runs: int, env: dict[str, str] | None = None) -> list[float]:
    """Wall times (ms) of whole processes; the first run only warms caches."""
    times = []
    for i in range(runs + 1):
        started = time.perf_counter()
        subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if i:
            times.append((time.perf_counter() - started) * 1000)
    return times


def p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def warm(vault: Path) -> None:
    """Read every note once, so the first timed pass does not pay for a cold page cache."""
    for folder, dirs, files in os.walk(vault):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in files:
            with contextlib.suppress(OSError), open(os.path.join(folder, name), "rb") as fh:
                fh.read()


def persistent_index(size: int) -> Path:
    return DATA / "run" / f"index-{size}.sqlite"


# --- sections (each runs in a child process) ---------------------------------------------------


def section_hook(opts: dict[str, Any]) -> dict[str, Any]:
    import bench_hook

    runs = opts["hook_runs"]
    with bench_hook.recall_vaults(["hook"], 500, {"hook": ROOT}) as (work, hooks):
        lat = bench_hook.latency(hooks, work, runs)
    bench_hook.print_latency(lat, ["hook"], runs)
    floor = "physical floor: `python -I -S`, `json.loads`, one `O_APPEND` write, p50"
    rows = [
        row(
            f"hook.{kind}",
            f"hook: one {kind}, whole process, p50 (500-note vault)",
            None,
            by_name["hook"]["wall_ms"]["p50"],
            "ms",
            floor,
            by_name["physical floor"]["wall_ms"]["p50"],
        )
        for kind, by_name in lat.items()
    ]
    return {"rows": rows, "detail": {"latency": lat, "runs": runs}}


def section_rebuild(opts: dict[str, Any]) -> dict[str, Any]:
    import bench_rebuild
    import vaultgen

    from vaultsync.core.config import Config, load_config

    rows, detail = [], {}
    for n in opts["sizes"]:
        vault = vaultgen.ensure(n)
        rounds = 1 if n >= 100_000 else opts["rebuild_rounds"]
        index = persistent_index(n)
        index.parent.mkdir(parents=True, exist_ok=True)
        os.environ["VAULTSYNC_HOME"] = str(DATA / "run" / "home")
        config = Config(vault, index, load_config(vault).data)
        with tempfile.TemporaryDirectory(prefix="run-rebuild-", dir=DATA) as tmp:
            warm(vault)
            floors, bare, ours = [], [], []
            events = 0
            for _ in range(rounds):  # interleaved, so machine noise hits all three alike
                floors.append(bench_rebuild.floor(vault, Path(tmp) / "floor.sqlite"))
                bare.append(bench_rebuild.floor(vault, Path(tmp) / "bare.sqlite", with_yaml=False))
                elapsed, _notes, events = bench_rebuild.run_rebuild(vault, config)
                ours.append(elapsed)
        f, b, r = (statistics.median(x) for x in (floors, bare, ours))
        size_mb = index.stat().st_size / 1e6
        print(
            f"  {n:>7,} notes ({events:,} events): rebuild {r:7.2f} s   floor read+YAML+FTS5 "
            f"{f:6.2f} s ({r / f:.2f}x)   read+FTS5 {b:6.2f} s ({r / b:.2f}x)   "
            f"index {size_mb:.0f} MB"
        )
        rows.append(
            row(
                f"rebuild.{n}",
                f"rebuild, {n:,} notes",
                n,
                r,
                "s",
                "read + YAML + FTS5 insert",
                f,
                bare_s=b,
                rounds=rounds,
            )
        )
        detail[str(n)] = {"events": events, "index_mb": round(size_mb, 1), "rounds": rounds}
    return {"rows": rows, "detail": detail}


def section_search(opts: dict[str, Any]) -> dict[str, Any]:
    rows: list[dict[str, Any]] = []
    detail: dict[str, Any] = {}
    for n in opts["sizes"]:
        print(f"  -- {n:,} notes")
        found, detail[str(n)] = _search_at(n, opts["search_runs"])
        rows += found
    return {"rows": rows, "detail": detail}


def _search_at(n: int, runs: int) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """In process against the raw FTS5 query; whole process against ripgrep and a process
    running the raw query; on the index of the `n`-note vault (built first if missing)."""
    import sqlite3

    import bench_search
    import vaultgen

    from vaultsync.core.config import Config, load_config
    from vaultsync.services.derived.reconcile import rebuild
    from vaultsync.services.recall.search import make_filter, search_index, to_fts
    from vaultsync.storage.index import Index

    vault = vaultgen.ensure(n)
    index = persistent_index(n)
    home = DATA / "run" / "home"
    os.environ["VAULTSYNC_HOME"] = str(home)
    config = Config(vault, index, load_config(vault).data)
    stamp = vault / vaultgen.STAMP
    if not index.exists() or index.stat().st_mtime < stamp.stat().st_mtime:
        print(f"  indexing the {n:,}-note vault first ...")
        index.parent.mkdir(parents=True, exist_ok=True)
        rebuild(vault, config)
    warm(vault)
    ours_all, raw_all, per_query = [], [], {}
    with Index.open(index) as idx:
        raw = sqlite3.connect(index)
        for label, query, filters in bench_search.QUERIES:
            where = make_filter(**filters)  # type: ignore[arg-type]
            expression = to_fts(query)
            search_index(idx, query, where)  # warm
            ours, bare = [], []
            for _ in range(runs):  # interleaved
                t = time.perf_counter()
                search_index(idx, query, where)
                ours.append((time.perf_counter() - t) * 1000)
                t = time.perf_counter()
                raw.execute(bench_search.RAW, (expression,)).fetchall()
                bare.append((time.perf_counter() - t) * 1000)
            ours_all += ours
            raw_all += bare
            per_query[label] = {
                "ours_ms": statistics.median(ours),
                "raw_ms": statistics.median(bare),
            }
            print(
                f"  {label:18} vaultsync {statistics.median(ours):7.2f} ms   raw FTS5 "
                f"{statistics.median(bare):7.2f} ms"
            )
        raw.close()
    env = {**os.environ, "VAULTSYNC_INDEX": str(index)}
    cli = str(Path(sys.executable).with_name("vaultsync"))
    proc_runs = max(5, runs // 3)
    phrase = "router timeout"
    ours_proc = proc_ms(
        [cli, "search", "--vault", str(vault), "--json", f'"{phrase}"'], proc_runs, env
    )
    raw_proc = proc_ms(
        [
            sys.executable,
            "-c",
            f"import sqlite3; c = sqlite3.connect({str(index)!r});"
            f" c.execute({bench_search.RAW!r}, ('\"router timeout\"',)).fetchall()",
        ],
        proc_runs,
        env,
    )
    start = proc_ms([sys.executable, "-c", "pass"], proc_runs)
    rg = shutil.which("rg")
    rg_proc = (
        proc_ms([rg, "-l", "-i", "-F", "--no-messages", phrase, str(vault)], proc_runs)
        if rg
        else []
    )
    med = statistics.median
    print(
        f"  process: vaultsync search {med(ours_proc):.0f} ms, raw FTS5 query process "
        f"{med(raw_proc):.0f} ms, python -c pass {med(start):.0f} ms, "
        + (f"rg {med(rg_proc):.0f} ms" if rg else "rg not found (ripgrep ratio skipped)")
    )
    rows = [
        row(
            f"search.inproc.{n}",
            f"search in process, p50 over {len(per_query)} queries, {n:,} notes",
            n,
            med(ours_all),
            "ms",
            "raw FTS5 query p50",
            med(raw_all),
            p95=p(ours_all, 0.95),
            floor_p95=p(raw_all, 0.95),
        ),
        row(
            f"search.cli_raw.{n}",
            f"`vaultsync search` whole process, {n:,} notes",
            n,
            med(ours_proc),
            "ms",
            "process running the raw FTS5 query",
            med(raw_proc),
        ),
    ]
    if rg:
        rows.append(
            row(
                f"search.cli.{n}",
                f"`vaultsync search` whole process, {n:,} notes",
                n,
                med(ours_proc),
                "ms",
                "ripgrep over the same files",
                med(rg_proc),
            )
        )
    return rows, {"queries": per_query, "python_start_ms": med(start), "rg": bool(rg)}


def section_watch(opts: dict[str, Any]) -> dict[str, Any]:
    import bench_watch

    os.environ.setdefault("VAULTSYNC_HOME", str(DATA / "home"))
    os.chdir(ROOT)
    sizes = [opts["sizes"][0], max(opts["sizes"])] if len(opts["sizes"]) > 1 else opts["sizes"]
    rows, detail = [], {}
    for n in sizes:
        r = bench_watch.run(n, opts["watch_rounds"])
        floor = r["debounce"] + r["git_floor"] + r["sqlite_floor"]
        rows.append(
            row(
                f"watch.latency.{n}",
                f"watcher: last write -> indexed and committed, {n:,} notes",
                n,
                r["latency"] * 1000,
                "ms",
                "debounce + `git add && git commit` + FTS5 replace",
                floor * 1000,
                processing_ms=(r["latency"] - r["debounce"]) * 1000,
                processing_ratio=(r["latency"] - r["debounce"])
                / (r["git_floor"] + r["sqlite_floor"]),
            )
        )
        detail[str(n)] = r
    n = max(sizes)
    # VmRSS of an idle bare interpreter (ru_maxrss would count the forking parent's pages).
    bare = subprocess.run(
        [sys.executable, "-c", "print(open('/proc/self/status').read())"],
        capture_output=True,
        text=True,
    )
    fields = dict(ln.split(":", 1) for ln in bare.stdout.splitlines() if ":" in ln)
    bare_mb = int(fields["VmRSS"].split()[0]) / 1024
    rows.append(
        row(
            f"watch.rss.{n}",
            f"watcher resident memory, peak (steady {detail[str(n)]['rss']:.0f} MB), {n:,} notes",
            n,
            detail[str(n)]["peak"],
            "MB",
            "bare interpreter",
            bare_mb,
            steady=detail[str(n)]["rss"],
        )
    )
    return {"rows": rows, "detail": detail}


def section_git(opts: dict[str, Any]) -> dict[str, Any]:
    import bench_git

    os.environ.setdefault("VAULTSYNC_HOME", str(DATA / "home"))
    sizes = [opts["sizes"][0], max(opts["sizes"])] if len(opts["sizes"]) > 1 else opts["sizes"]
    rows, detail = [], {}
    for n in sizes:
        r = bench_git.run(n, opts["git_repeat"])
        rows.append(
            row(
                f"git.commit.{n}",
                f"commit one changed note, {n:,} notes",
                n,
                r["commit_paths_ms"],
                "ms",
                "`git add FILE && git commit`",
                r["floor_ms"],
            )
        )
        rows.append(
            row(
                f"git.batch.{n}",
                f"watcher's batch commit (message from the diff), {n:,} notes",
                n,
                r["commit_batch_ms"],
                "ms",
                "`git add FILE && git commit`",
                r["floor_ms"],
            )
        )
        detail[str(n)] = r
    return {"rows": rows, "detail": detail}


def section_peer(opts: dict[str, Any]) -> dict[str, Any]:
    import bench_peer

    n = min(opts["sizes"])
    r = bench_peer.measure(n)
    bench_peer.report(r)
    rows = []
    if r["status"] == "ok":
        ours = r["ours"]
        rows.append(
            row(
                f"peer.index.{n}",
                f"Basic Memory first index, {n:,} notes",
                n,
                r["index_s"],
                "s",
                "vaultsync rebuild (same notes)",
                ours["rebuild_s"],
                peer=True,
            )
        )
        rows.append(
            row(
                f"peer.search.{n}",
                f"Basic Memory search (CLI), {n:,} notes",
                n,
                r["search_s"] * 1000,
                "ms",
                "`vaultsync search` (CLI)",
                ours["search_s"] * 1000,
                peer=True,
            )
        )
    return {"rows": rows, "detail": r}
