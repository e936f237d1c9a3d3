"""How much vaultsync's git gate costs on top of plain git, at several vault sizes.

For each size it builds a synthetic vault (folders of ~2.6 KB notes) under bench/.data/, makes
the first commit, then times, as medians over repeated runs in the same process:

- floor: `git add FILE && git commit -m ...` run by hand (two git processes) for one edit;
- ours:  `history.commit_paths` for one edit (flock, index.lock check, add, commit, rev-parse);
- batch: `autocommit.commit_batch` for one edit (adds the staged-changes diff for the message);
- status: `history.dirty_rels` (what the periodic reconcile pays to heal missed events);
- folder rename of 1,000 notes through `commit_paths` (pathspecs passed by file).

Usage: .venv/bin/python bench/bench_git.py [--sizes 1000,10000] [--repeat 7]
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "bench" / ".data"
sys.path.insert(0, str(ROOT))

_VOCABULARY = """vault note memory agent session summary index commit search token budget project
python sqlite git watcher debounce rename folder obsidian markdown link tag property level scope
review confirm candidate core user environment tool shell edit write read"""
WORDS = _VOCABULARY.split()


def make_vault(root: Path, n: int, seed: int = 7) -> Path:
    """N notes of ~2.6 KB in folders of 200; reused when it already exists with N notes."""
    marker = root / ".bench-size"
    if marker.exists() and marker.read_text() == str(n):
        return root
    if root.exists():
        shutil.rmtree(root)
    rng = random.Random(seed)
    for i in range(n):
        folder = root / "notes" / f"f{i // 200:04d}"
        if i % 200 == 0:
            folder.mkdir(parents=True, exist_ok=True)
        body = " ".join(rng.choice(WORDS) for _ in range(380))
        (folder / f"note {i:06d}.md").write_text(
            f"---\ntype: note\ntags:\n  - bench\n---\n# Note {i}\n\n{body}\n", encoding="utf-8"
        )
    (root / ".vaultsync").mkdir(exist_ok=True)
    marker.write_text(str(n))
    return root


def git(vault: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=vault, check=True, capture_output=True)


def ensure_first_commit(vault: Path) -> float:
    from vaultsync.storage import history

    if history.is_repo(vault) and history.head(vault):
        git(vault, "reset", "-q", "--hard", "HEAD")  # a previous run's leftovers (bench data only)
        git(vault, "clean", "-qfd", "notes")
        return 0.0
    started = time.perf_counter()
    history.ensure_repo(vault)
    history.commit_all(vault, "bench: first commit")
    return time.perf_counter() - started


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def run(n: int, repeat: int) -> dict[str, float]:
    from vaultsync.core.config import load_config
    from vaultsync.services.vault import autocommit
    from vaultsync.storage import history

    vault = make_vault(DATA / f"git-{n}", n)
    first = ensure_first_commit(vault)
    config = load_config(vault)
    rel = "notes/f0000/note 000001.md"
    target = vault / rel
    floor, ours, batch, status = [], [], [], []
    for i in range(repeat):
        target.write_text(f"# Note 1\n\nfloor edit {i}\n", encoding="utf-8")
        t = time.perf_counter()
        git(vault, "add", "--", rel)
        git(vault, "commit", "-q", "-m", f"floor {i}")
        floor.append(time.perf_counter() - t)

        target.write_text(f"# Note 1\n\nours edit {i}\n", encoding="utf-8")
        t = time.perf_counter()
        history.commit_paths(vault, [rel], f"ours {i}")
        ours.append(time.perf_counter() - t)

        target.write_text(f"# Note 1\n\nbatch edit {i}\n", encoding="utf-8")
        t = time.perf_counter()
        autocommit.commit_batch(vault, config, [rel])
        batch.append(time.perf_counter() - t)

        t = time.perf_counter()
        history.dirty_rels(vault)
        status.append(time.perf_counter() - t)

    # A folder rename of up to 1,000 notes in one commit.
    moved_n = min(1000, n)
    folders = sorted({p.parent for p in list((vault / "notes").glob("f*/*.md"))[:moved_n]})
    dest = vault / "renamed"
    dest.mkdir(exist_ok=True)
    rels = []
    for folder in folders:
        rels += [p.relative_to(vault).as_posix() for p in folder.glob("*.md")]
        os.rename(folder, dest / folder.name)
        rels += [p.relative_to(vault).as_posix() for p in (dest / folder.name).glob("*.md")]
    t = time.perf_counter()
    history.commit_paths(vault, rels, "bench: folder rename")
    rename_s = time.perf_counter() - t
    for folder in folders:  # put it back for the next run
        os.rename(dest / folder.name, folder)
    history.commit_paths(vault, rels, "bench: rename back")

    f, o, b = median_ms(floor), median_ms(ours), median_ms(batch)
    print(
        f"\n== {n:,} notes ({len(rels) // 2:,} in the folder rename; first commit {first:.1f} s) =="
    )
    print(f"floor  git add FILE && git commit         {f:8.1f} ms")
    print(f"ours   history.commit_paths, one edit     {o:8.1f} ms   ratio {o / f:5.2f}x floor")
    print(f"batch  autocommit.commit_batch, one edit  {b:8.1f} ms   ratio {b / f:5.2f}x floor")
    print(f"status history.dirty_rels                 {median_ms(status):8.1f} ms")
    print(f"folder rename, {len(rels) // 2} notes, one commit  {rename_s * 1000:8.1f} ms")
    return {  # for bench/run
        "floor_ms": f,
        "commit_paths_ms": o,
        "commit_batch_ms": b,
        "dirty_rels_ms": median_ms(status),
        "rename_ms": rename_s * 1000,
        "rename_notes": len(rels) // 2,
        "first_commit_s": first,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000", help="comma-separated note counts")
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    os.environ.setdefault("VAULTSYNC_HOME", str(DATA / "home"))
    for n in (int(s) for s in args.sizes.split(",")):
        run(n, args.repeat)


if __name__ == "__main__":
    main()
