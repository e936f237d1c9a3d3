"""A peer on the same vault: Basic Memory (PyPI `basic-memory`), its first index of a copy of the
synthetic vault and one search through its CLI, beside vaultsync's rebuild and CLI search of the
same notes, measured in the same run.

Basic Memory needs Python 3.12+. It is installed at bench time into `bench/.data/bm-venv` (never
a project dependency) with the first python3.12/3.13 found (pyenv's included). It always runs on
a COPY of the vault, with HOME in a temporary folder: it writes `~/.basic-memory/` and rewrites
notes (adds `permalink` to their frontmatter). Its semantic search is always on in 0.24; model
downloads are blocked (HF_HUB_OFFLINE=1), so it indexes keywords only, as vaultsync does, and
never fetches embedding weights. If it cannot be installed or run, the bench says so, with the
error, and exits 0: a missing peer is a result, not a failure.

    .venv/bin/python bench/bench_peer.py            # 1,000 notes
    .venv/bin/python bench/bench_peer.py 300 --json
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import vaultgen

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "bench" / ".data"
VENV = DATA / "bm-venv"
VERSION = "0.24.1"
QUERY = "router"
INDEX_TIMEOUT_S = 3600.0


def find_python() -> str | None:
    """A Python 3.12+ interpreter: on PATH, or one of pyenv's versions."""
    for name in ("python3.12", "python3.13"):
        found = shutil.which(name)
        if found:
            return found
    roots = [os.environ.get("PYENV_ROOT", ""), str(Path.home() / ".pyenv")]
    for root in filter(None, roots):
        for pattern in ("3.12*", "3.13*"):
            for candidate in sorted(glob.glob(f"{root}/versions/{pattern}/bin/python3.1[23]")):
                return candidate
    return None


def install() -> tuple[Path | None, str]:
    """(path of the `basic-memory` script, "") or (None, why it could not be installed)."""
    script = VENV / "bin" / "basic-memory"
    if script.exists():
        return script, ""
    python = find_python()
    if python is None:
        return None, "no Python 3.12+ found (Basic Memory requires it)"
    steps = [
        [python, "-m", "venv", str(VENV)],
        [str(VENV / "bin" / "pip"), "install", "-q", f"basic-memory=={VERSION}"],
    ]
    for cmd in steps:
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            shutil.rmtree(VENV, ignore_errors=True)
            tail = [ln for ln in (proc.stderr or proc.stdout).splitlines() if "WARNING" not in ln]
            return None, f"`{' '.join(cmd[-3:])}` failed: {' '.join(tail[-3:])[:400]}"
    return (script, "") if script.exists() else (None, "installed, but no basic-memory script")


def _env(home: Path) -> dict[str, str]:
    return {
        **{k: v for k, v in os.environ.items() if not k.startswith("BASIC_MEMORY_")},
        "HOME": str(home),
        "NO_COLOR": "1",
        "HF_HUB_OFFLINE": "1",  # no embedding-model download: keyword indexing only
        "TRANSFORMERS_OFFLINE": "1",
        "FASTEMBED_CACHE_PATH": str(home / "model-cache"),
        "BASIC_MEMORY_SEMANTIC_EMBEDDING_CACHE_DIR": str(home / "model-cache"),
    }


def _snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*.md")}


def _timed(
    cmd: list[str], env: dict[str, str], timeout: float
) -> tuple[float, subprocess.CompletedProcess[str]]:
    started = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout)
    return time.perf_counter() - started, proc


def _ours(vault: Path, work: Path, runs: int) -> dict[str, float]:
    """vaultsync on another copy of the same notes: rebuild, then the same search by CLI."""
    from vaultsync.core.config import Config, load_config
    from vaultsync.services.derived.reconcile import rebuild

    copy = work / "ours"
    shutil.copytree(vault, copy)
    index = work / "ours.sqlite"
    os.environ["VAULTSYNC_HOME"] = str(work / "vs-home")
    config = Config(copy, index, load_config(copy).data)
    started = time.perf_counter()
    report = rebuild(copy, config)
    rebuild_s = time.perf_counter() - started
    cli = str(Path(sys.executable).with_name("vaultsync"))
    env = {**os.environ, "VAULTSYNC_INDEX": str(index)}
    times = [
        _timed([cli, "search", "--vault", str(copy), "--json", QUERY], env, 120)[0]
        for _ in range(runs)
    ]
    return {"rebuild_s": rebuild_s, "search_s": statistics.median(times), "notes": report.notes}


def measure(size: int = 1000, runs: int = 3) -> dict[str, Any]:
    """Everything the runner reports; `status` is "ok", "unavailable" or "failed"."""
    vault = vaultgen.ensure(size)
    result: dict[str, Any] = {"size": size, "peer": f"Basic Memory {VERSION}", "status": "ok"}
    script, error = install()
    DATA.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="peer-", dir=DATA))
    try:
        result["ours"] = _ours(vault, work, runs)
        if script is None:
            return {**result, "status": "unavailable", "error": error}
        home = work / "home"
        home.mkdir()
        copy = work / "vault"
        shutil.copytree(vault, copy)
        before = _snapshot(copy)
        env = _env(home)
        bm = str(script)
        # `project add` of a local project indexes it before returning (0.24).
        took, proc = _timed(
            [bm, "project", "add", "bench", str(copy), "--default"], env, INDEX_TIMEOUT_S
        )
        if proc.returncode != 0:
            tail = (proc.stderr or proc.stdout).strip().splitlines()[-3:]
            return {**result, "status": "failed", "error": "project add: " + " ".join(tail)}
        result["index_s"] = took
        took, proc = _timed([bm, "project", "index", "bench"], env, INDEX_TIMEOUT_S)
        result["reindex_unchanged_s"] = took if proc.returncode == 0 else None
        searches = []
        for _ in range(runs):
            took, proc = _timed([bm, "grep", QUERY, "--json", "--project", "bench"], env, 600)
            if proc.returncode != 0:
                tail = (proc.stderr or proc.stdout).strip().splitlines()[-3:]
                return {**result, "status": "failed", "error": "grep: " + " ".join(tail)}
            searches.append(took)
        result["search_s"] = statistics.median(searches)
        after = _snapshot(copy)
        result["notes_rewritten"] = sum(1 for k, v in before.items() if after.get(k) != v)
        result["peak_rss_mb"] = _peak_rss_mb()
        log = home / ".basic-memory" / "basic-memory.log"
        if log.exists():
            errors = [ln for ln in log.read_text(errors="replace").splitlines() if "| ERROR" in ln]
            result["log_errors"] = len(errors)
            result["first_log_error"] = errors[0][-300:] if errors else ""
        return result
    except subprocess.TimeoutExpired as exc:
        return {**result, "status": "failed", "error": f"timed out after {exc.timeout:.0f} s"}
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _peak_rss_mb() -> float:
    import resource

    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


def report(r: dict[str, Any]) -> None:
    ours = r.get("ours", {})
    print(f"peer: {r['peer']} on a copy of the {r['size']:,}-note synthetic vault")
    if ours:
        print(f"  vaultsync rebuild                 {ours['rebuild_s']:8.2f} s")
        print(f"  vaultsync search (CLI process)    {ours['search_s']:8.2f} s")
    if r["status"] != "ok":
        print(f"  Basic Memory {r['status']}: {r['error']}")
        return
    print(
        f"  Basic Memory first index          {r['index_s']:8.2f} s   "
        f"({r['index_s'] / ours['rebuild_s']:.0f}x vaultsync's rebuild)"
    )
    if r.get("reindex_unchanged_s") is not None:
        print(f"  Basic Memory re-index, unchanged  {r['reindex_unchanged_s']:8.2f} s")
    print(
        f"  Basic Memory search (CLI grep)    {r['search_s']:8.2f} s   "
        f"({r['search_s'] / ours['search_s']:.1f}x vaultsync's)"
    )
    print(f"  notes it rewrote                  {r['notes_rewritten']:8d}")
    print(f"  peak RSS of its processes         {r['peak_rss_mb']:8.0f} MB")
    if r.get("log_errors"):
        print(f"  errors in its log                 {r['log_errors']:8d}  ({r['first_log_error']})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("size", type=int, nargs="?", default=1000)
    parser.add_argument("--runs", type=int, default=3, help="searches to take the median of")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    args = parser.parse_args(argv)
    result = measure(args.size, args.runs)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        report(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
