"""What `vaultsync sync` costs beside plain `git pull --rebase && git push`, at several sizes.

For each size: a synthetic vault (bench_git.make_vault: folders of ~2.6 KB notes) is committed,
pushed to a bare repository under bench/.data/, and cloned three times: `ours` (synced with
`services.vault.remote.sync`, index built once as a real machine's would be), `floor` (plain
git) and `other` (a second writer). Each run changes one note in the clone being timed (already
committed, so both sides time only the sync), in two situations:

- push: the remote has nothing new (fetch, nothing to integrate, push);
- merge: the other writer pushed a change to a different note first (fetch, integrate, push).

Ours also pays for looking for uncommitted changes (`git status`), the merge computed in git's
object store, and re-indexing the notes that came in (with the semantic extra installed, their
vectors too). Medians over `--repeat` runs of wall time and of CPU time (this process's own plus
its git children's: steadier than wall time on a busy machine), and the ratios ours/floor. The
floor's rebase rewrites unpublished commits; ours never rewrites anything and makes a merge
commit instead.

The clones are removed afterwards (`--keep` leaves them); the generated seed vault and the
index state under bench/.data/sync-home stay, so a rerun skips generating notes and embedding
them (100k notes: about 0.4 GB of notes per copy, 1.5 GB of index and vectors).

Usage: .venv/bin/python bench/bench_sync.py [--sizes 1000,100000] [--repeat 5] [--json] [--keep]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "bench" / ".data"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=cwd, check=True, capture_output=True, text=True
    ).stdout


def _edit(vault: Path, i: int, who: str) -> None:
    notes = sorted((vault / "notes" / "f0000").glob("*.md"))
    target = notes[i % len(notes)]
    with target.open("a", encoding="utf-8") as fh:
        fh.write(f"\nEdited by {who}, run {i}, at {time.time_ns()}.\n")
    git(vault, "commit", "-qam", f"{who} edit {i}")


def setup(n: int) -> tuple[Path, Path, Path, Path]:
    from bench_git import make_vault

    from vaultsync.core.config import load_config
    from vaultsync.services.derived import reconcile
    from vaultsync.services.vault import setup as vault_setup

    root = DATA / f"sync-{n}"
    if root.exists():
        shutil.rmtree(root)
    root.mkdir(parents=True)
    seed = make_vault(DATA / f"sync-seed-{n}", n)
    bare = root / "remote.git"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(bare)], check=True)
    first = root / "first"
    shutil.copytree(seed, first, ignore=shutil.ignore_patterns(".git"))
    vault_setup.init(first, user_config=False)
    git(first, "remote", "add", "origin", str(bare))
    git(first, "push", "-q", "-u", "origin", "main")
    clones = []
    for name in ("ours", "floor", "other"):
        target = root / name
        subprocess.run(["git", "clone", "-q", str(bare), str(target)], check=True)
        clones.append(target)
    ours = clones[0]
    reconcile.rebuild(ours, load_config(ours))  # a machine that syncs has its index
    return bare, clones[0], clones[1], clones[2]


def _cpu() -> float:
    """CPU seconds used so far by this process and its finished children (git)."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def run(n: int, repeat: int, keep: bool = False) -> dict[str, float]:
    from vaultsync.core.config import load_config
    from vaultsync.services.vault import remote

    began = time.perf_counter()
    _bare, ours, floor, other = setup(n)
    config = load_config(ours)
    remote.sync(ours, config)  # warm: the first sync fetches the whole history once
    setup_s = time.perf_counter() - began
    times: dict[str, list[float]] = {}
    for who in ("ours", "floor"):
        for situation in ("push", "merge"):
            times[f"{who}_{situation}"] = []
            times[f"{who}_{situation}_cpu"] = []
    for i in range(repeat):
        for situation in ("push", "merge"):
            remote.sync(ours, config)
            _edit(ours, 2 * i, "ours")
            if situation == "merge":
                git(other, "pull", "-q", "--rebase")
                _edit(other, 2 * i + 101, "other")
                git(other, "push", "-q")
            cpu, start = _cpu(), time.perf_counter()
            result = remote.sync(ours, config)
            times[f"ours_{situation}"].append(time.perf_counter() - start)
            times[f"ours_{situation}_cpu"].append(_cpu() - cpu)
            assert result.pushed and not result.error, result.error
            assert (result.integrated == "merge") == (situation == "merge"), result.state

            git(floor, "pull", "-q", "--rebase")
            _edit(floor, 2 * i + 1, "floor")
            if situation == "merge":
                git(other, "pull", "-q", "--rebase")
                _edit(other, 2 * i + 151, "other")
                git(other, "push", "-q")
            cpu, start = _cpu(), time.perf_counter()
            git(floor, "pull", "-q", "--rebase")
            git(floor, "push", "-q")
            times[f"floor_{situation}"].append(time.perf_counter() - start)
            times[f"floor_{situation}_cpu"].append(_cpu() - cpu)
    out: dict[str, float] = {"notes": n, "setup_s": round(setup_s, 1), "repeat": repeat}
    for key, samples in times.items():
        out[f"{key}_ms"] = round(statistics.median(samples) * 1000, 1)
    for situation in ("push", "merge"):
        for suffix in ("", "_cpu"):
            out[f"{situation}{suffix}_ratio"] = round(
                out[f"ours_{situation}{suffix}_ms"] / out[f"floor_{situation}{suffix}_ms"], 2
            )
    if not keep:
        shutil.rmtree(DATA / f"sync-{n}", ignore_errors=True)
    return out


def _env() -> None:
    os.environ.setdefault("VAULTSYNC_HOME", str(DATA / "sync-home"))
    os.environ.setdefault("GIT_AUTHOR_NAME", "bench")
    os.environ.setdefault("GIT_AUTHOR_EMAIL", "bench@vaultsync.invalid")
    os.environ.setdefault("GIT_COMMITTER_NAME", "bench")
    os.environ.setdefault("GIT_COMMITTER_EMAIL", "bench@vaultsync.invalid")


def section(sizes: list[int], repeat: int) -> dict[str, Any]:
    """bench/run's `sync` section: a row per size and situation, each beside its floor."""
    from sections import row

    _env()
    rows, detail = [], {}
    for n in sizes:
        r = run(n, repeat)
        report([r])
        for situation, what in (("push", "nothing new on the remote"), ("merge", "remote moved")):
            rows.append(
                row(
                    f"sync.{situation}.{n}",
                    f"`vaultsync sync`, one note changed, {what}, {n:,} notes",
                    n,
                    r[f"ours_{situation}_ms"],
                    "ms",
                    "`git pull --rebase && git push`",
                    r[f"floor_{situation}_ms"],
                    cpu_ratio=r[f"{situation}_cpu_ratio"],
                )
            )
        detail[str(n)] = r
    return {"rows": rows, "detail": detail}


def report(rows: list[dict[str, float]]) -> None:
    print(
        f"{'notes':>8} {'situation':>9} {'ours ms':>9} {'floor ms':>9} {'ratio':>6}"
        f" {'ours cpu':>9} {'floor cpu':>9} {'ratio':>6}"
    )
    for row in rows:
        for situation in ("push", "merge"):
            print(
                f"{int(row['notes']):>8} {situation:>9} {row[f'ours_{situation}_ms']:>9} "
                f"{row[f'floor_{situation}_ms']:>9} {row[f'{situation}_ratio']:>6} "
                f"{row[f'ours_{situation}_cpu_ms']:>9} {row[f'floor_{situation}_cpu_ms']:>9} "
                f"{row[f'{situation}_cpu_ratio']:>6}"
            )
    print(
        "floor: git pull --rebase && git push to the same bare remote, same run; medians in ms"
        " (wall, then CPU of this process and its git children)",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000", help="comma-separated note counts")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--keep", action="store_true", help="keep the clones in bench/.data/")
    args = parser.parse_args()
    _env()
    rows = [run(int(s), args.repeat, args.keep) for s in args.sizes.split(",")]
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    report(rows)


if __name__ == "__main__":
    main()
