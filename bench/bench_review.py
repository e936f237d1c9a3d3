"""Review, promotion and the doctor on a synthetic vault, each beside its floor (same run).

- `review approve` in-process: move + property rewrite + reconcile of the two paths + USER.md
  regenerated; floor: the same file work done raw (rename, then write+fsync of the note).
- the watcher's reconcile with level alignment against plain `reconcile.reconcile`: a one-note batch
  and a full pass over an unchanged vault (the alignment's overhead is the ratio).
- `vaultsync review --json` and `vaultsync doctor --json` as processes; floors: `python -c pass`,
  `git status --porcelain` in the same vault, and a bare walk + stat of its files.

Usage: .venv/bin/python bench/bench_review.py [SIZE] [--rounds N]   (default 10000 notes, 5)
The vault comes from bench/vaultgen.py (bench/.data/vault-SIZE) and is copied to a temp folder.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

VAULTSYNC = Path(sys.executable).parent / "vaultsync"


def median_ms(fn: Callable[[], object], rounds: int) -> float:
    samples = []
    for _ in range(rounds):
        started = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - started)
    return statistics.median(samples) * 1000


def paired(
    first: Callable[[], object], second: Callable[[], object], rounds: int
) -> tuple[float, float]:
    """Medians of two alternating measurements: on a shared, noisy machine a ratio is only
    fair when both sides ran through the same moments."""
    a: list[float] = []
    b: list[float] = []
    for _ in range(rounds):
        for fn, out in ((first, a), (second, b)):
            started = time.perf_counter()
            fn()
            out.append(time.perf_counter() - started)
    return statistics.median(a) * 1000, statistics.median(b) * 1000


def process(argv: list[str], cwd: Path | None = None) -> Callable[[], object]:
    return lambda: subprocess.run(argv, cwd=cwd, capture_output=True, check=False)


def raw_move_and_write(vault: Path, rel: str, n: int) -> Callable[[], object]:
    """The floor of one approval: rename the note, then rewrite it with an fsync."""
    state = {"i": 0}

    def run() -> None:
        i = state["i"]
        state["i"] += 1
        src = vault / rel if i % 2 == 0 else vault / f"{rel}.moved"
        dest = vault / f"{rel}.moved" if i % 2 == 0 else vault / rel
        os.rename(src, dest)
        data = dest.read_bytes()
        fd = os.open(dest, os.O_WRONLY | os.O_TRUNC)
        try:
            os.write(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)

    return run


def walk_stat(vault: Path) -> Callable[[], object]:
    def run() -> int:
        count = 0
        for folder, dirs, files in os.walk(vault):
            dirs[:] = [d for d in dirs if not d.startswith(".")]
            for name in files:
                os.stat(os.path.join(folder, name))
                count += 1
        return count

    return run


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("size", type=int, nargs="?", default=10_000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()

    import vaultgen

    source = vaultgen.ensure(args.size)
    with tempfile.TemporaryDirectory(prefix="vaultsync-bench-review-") as tmp:
        vault = Path(tmp) / "vault"
        shutil.copytree(source, vault)
        os.environ["VAULTSYNC_HOME"] = str(Path(tmp) / "home")
        os.environ["GIT_CONFIG_NOSYSTEM"] = "1"
        os.environ.setdefault("GIT_AUTHOR_NAME", "bench")
        os.environ.setdefault("GIT_AUTHOR_EMAIL", "bench@vaultsync.invalid")
        os.environ.setdefault("GIT_COMMITTER_NAME", "bench")
        os.environ.setdefault("GIT_COMMITTER_EMAIL", "bench@vaultsync.invalid")
        run(vault, args.size, args.rounds)
    return 0


def run(vault: Path, size: int, rounds: int) -> None:
    import datetime as dt

    from vaultsync.core import paths
    from vaultsync.core.config import load_config
    from vaultsync.core.model import Level
    from vaultsync.services.derived import reconcile
    from vaultsync.services.learning import levels, review
    from vaultsync.storage import history

    config = load_config(vault)

    def now() -> dt.datetime:
        return dt.datetime.now(dt.UTC)

    started = time.perf_counter()
    reconcile.rebuild(vault, config)
    history.ensure_repo(vault)
    history.commit_all(vault, "bench: first commit")
    print(f"vault: {size} notes ({time.perf_counter() - started:.1f} s to index and commit)")

    candidates = sorted((vault / paths.LEVEL_DIRS[Level.L1]).rglob("*.md"))
    floor_file = candidates.pop().relative_to(vault).as_posix()
    picks = iter(c.relative_to(vault).as_posix() for c in candidates)
    moves = iter(c.relative_to(vault).as_posix() for c in reversed(candidates))
    level_change = median_ms(lambda: levels.set_level(vault, next(moves), Level.L2, now()), rounds)
    approve = median_ms(lambda: review.approve(vault, config, next(picks)), rounds)
    raw = median_ms(raw_move_and_write(vault, floor_file, size), max(rounds, 2) * 2)
    print(
        f"level change (move + property rewrite, fsync'd): {level_change:.1f} ms | floor, raw "
        f"rename + write + fsync: {raw:.2f} ms | ratio {level_change / raw:.1f}x"
    )
    print(
        f"review approve, with the index reconcile and USER.md/AGENT.md regenerated: "
        f"{approve:.0f} ms"
    )

    one = [next(iter(sorted((vault / "notes").rglob("*.md")))).relative_to(vault).as_posix()]
    plain_one, aligned_one = paired(
        lambda: reconcile.reconcile(vault, config, one),
        lambda: levels.reconcile_with_levels(vault, config, one),
        rounds * 2,
    )
    plain_full, aligned_full = paired(
        lambda: reconcile.reconcile(vault, config),
        lambda: levels.reconcile_with_levels(vault, config),
        rounds,
    )
    print(
        f"watcher reconcile, one-note batch: {aligned_one:.1f} ms | plain reconcile.reconcile "
        f"{plain_one:.1f} ms | ratio {aligned_one / plain_one:.2f}x"
    )
    print(
        f"watcher reconcile, full pass (nothing changed): {aligned_full:.0f} ms | plain "
        f"reconcile.reconcile {plain_full:.0f} ms | ratio {aligned_full / plain_full:.2f}x"
    )

    python = median_ms(process([sys.executable, "-c", "pass"]), rounds)
    typer = median_ms(process([sys.executable, "-c", "import typer"]), rounds)
    git_status = median_ms(process(["git", "status", "--porcelain"], cwd=vault), rounds)
    walked = median_ms(walk_stat(vault), rounds)
    listing = median_ms(
        process([str(VAULTSYNC), "review", "--json", "--vault", str(vault)]), rounds
    )
    doctor = median_ms(process([str(VAULTSYNC), "doctor", "--json", "--vault", str(vault)]), rounds)
    print(
        f"vaultsync review --json: {listing:.0f} ms | floors: python -c pass {python:.0f} ms, "
        f'python -c "import typer" {typer:.0f} ms | ratios {listing / python:.1f}x, '
        f"{listing / typer:.1f}x"
    )
    floor = python + git_status + walked
    print(
        f"vaultsync doctor --json: {doctor:.0f} ms | floors: python -c pass {python:.0f} ms + "
        f"git status {git_status:.0f} ms + walk/stat {walked:.0f} ms = {floor:.0f} ms | "
        f"ratio {doctor / floor:.1f}x"
    )


if __name__ == "__main__":
    sys.exit(main())
