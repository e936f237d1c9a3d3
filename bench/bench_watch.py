"""Time from the last write to "indexed and committed" with the real `vaultsync watch`, and the
watcher's resident memory, at several vault sizes.

For each size: a synthetic vault (see bench_git.make_vault) with its first commit and a fresh
index; then the real watcher as a subprocess with the default 1 s debounce. Each round writes
one note (alternately a new note and an edit) and polls the branch ref until the commit lands,
then checks the commit holds the note and the index has it. Printed beside it, measured in the
same run: the floors (interpreter start, one FTS5 replace in raw SQLite, `git add && git
commit` of one file in this vault) and the ratio of the processing time (latency minus the
debounce) to the sum of the git and SQLite floors.

Goals: latency <= 1.5 s including the debounce; 100k within 1.5x of 1k; RSS <= 150 MB.
Usage: .venv/bin/python bench/bench_watch.py [--sizes 1000,10000] [--rounds 7]
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_git import DATA, ROOT, ensure_first_commit, make_vault

VAULTSYNC = Path(sys.executable).parent / "vaultsync"


def ref_file(vault: Path) -> Path:
    head = (vault / ".git" / "HEAD").read_text().strip()
    return vault / ".git" / head.removeprefix("ref: ")


def read_ref(path: Path) -> str:
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        return ""


def rss_mb(pid: int) -> tuple[float, float]:
    """(current, peak) resident set size in MB, from /proc (Linux)."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        fields[key] = value.strip()
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


def floor_interpreter(repeat: int = 5) -> float:
    samples = []
    for _ in range(repeat):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        samples.append(time.perf_counter() - t)
    return statistics.median(samples)


def floor_sqlite(n: int, repeat: int = 20) -> float:
    """Replace one note in an FTS5 table of n notes and commit."""
    with tempfile.TemporaryDirectory() as tmp:
        db = sqlite3.connect(Path(tmp) / "floor.sqlite")
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("CREATE VIRTUAL TABLE fts USING fts5(rel, body)")
        with db:
            db.executemany(
                "INSERT INTO fts(rowid, rel, body) VALUES (?, ?, ?)",
                ((i, f"n{i}.md", f"note {i} vault memory agent " * 40) for i in range(n)),
            )
        samples = []
        for i in range(repeat):
            t = time.perf_counter()
            with db:
                db.execute("DELETE FROM fts WHERE rowid = 1")
                db.execute(
                    "INSERT INTO fts(rowid, rel, body) VALUES (1, 'n1.md', ?)", (f"edit {i}",)
                )
            samples.append(time.perf_counter() - t)
        db.close()
    return statistics.median(samples)


def floor_git(vault: Path, repeat: int = 5) -> float:
    target = vault / "notes" / "f0000" / "note 000002.md"
    samples = []
    for i in range(repeat):
        target.write_text(f"# floor {i}\n", encoding="utf-8")
        t = time.perf_counter()
        subprocess.run(
            ["git", "add", "--", str(target)], cwd=vault, check=True, capture_output=True
        )
        subprocess.run(
            ["git", "commit", "-q", "-m", f"floor {i}"], cwd=vault, check=True, capture_output=True
        )
        samples.append(time.perf_counter() - t)
    return statistics.median(samples)


def wait(check, timeout: float, what: str):  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.002)
    raise SystemExit(f"timed out waiting for {what}")


def run(n: int, rounds: int) -> dict[str, float]:
    from vaultsync.core.config import load_config
    from vaultsync.services.derived import reconcile
    from vaultsync.storage import history
    from vaultsync.storage.index import Index

    vault = make_vault(DATA / f"watch-{n}", n)
    ensure_first_commit(vault)
    config = load_config(vault)
    t = time.perf_counter()
    reconcile.rebuild(vault, config)
    rebuild_s = time.perf_counter() - t
    history.commit_all(vault, "bench: generated files")
    debounce = float(config.get("watch", "debounce_s"))

    git_floor = floor_git(vault)
    sqlite_floor = floor_sqlite(n)
    beat_file = Path(os.environ["VAULTSYNC_HOME"]) / "vaults"
    log_path = DATA / f"watch-{n}.log"
    log_file = log_path.open("w")
    proc = subprocess.Popen(
        [str(VAULTSYNC), "watch", "--vault", str(vault)],
        stdout=subprocess.DEVNULL,
        stderr=log_file,
    )
    try:
        from vaultsync.adapters.heartbeat import heartbeat_file

        beat_file = heartbeat_file(vault)
        t = time.perf_counter()
        wait(
            lambda: (
                beat_file.exists()
                and json.loads(beat_file.read_text() or "{}").get("pid") == proc.pid
                and json.loads(beat_file.read_text()).get("last_reconcile")
            ),
            600,
            "the watcher's start-up pass",
        )
        startup_s = time.perf_counter() - t
        ref = ref_file(vault)
        latencies = []
        for i in range(rounds):
            rel = f"bench/new {i}.md" if i % 2 == 0 else "notes/f0000/note 000003.md"
            target = vault / rel
            target.parent.mkdir(exist_ok=True)
            before = read_ref(ref)
            stamp = time.time_ns()  # a previous run may have left this very note committed
            target.write_text(f"# Round {i}\n\nplatypus{i} written at {stamp}\n", encoding="utf-8")
            t0 = time.perf_counter()
            wait(lambda before=before: read_ref(ref) != before, 60, f"the commit of round {i}")
            latencies.append(time.perf_counter() - t0)
            top = history.log(vault, limit=1)[0]
            assert any(c.path == rel for c in top.changes), (rel, top)
            with Index.open(config.index_file()) as index:
                note = index.get(rel)
                assert note is not None and f"platypus{i}" in note.body, rel
            time.sleep(0.2)  # let the watcher go idle so rounds do not share a batch
        rss, peak = rss_mb(proc.pid)
    except BaseException:
        print(f"watcher log ({log_path}):\n{log_path.read_text()[-3000:]}")
        raise
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
    median = statistics.median(latencies)
    processing = median - debounce
    floor = git_floor + sqlite_floor
    print(
        f"\n== {n:,} notes (rebuild {rebuild_s:.1f} s, watcher start-up pass {startup_s:.2f} s) =="
    )
    print(
        f"last write -> indexed and committed   median {median * 1000:7.0f} ms "
        f"(min {min(latencies) * 1000:.0f}, max {max(latencies) * 1000:.0f}; goal <= 1500)"
    )
    print(f"  of which debounce                          {debounce * 1000:7.0f} ms")
    print(f"  processing (index + commit)                {processing * 1000:7.0f} ms")
    print(f"floor: interpreter start                     {floor_interpreter() * 1000:7.1f} ms")
    print(f"floor: raw SQLite FTS5 replace one note      {sqlite_floor * 1000:7.1f} ms")
    print(f"floor: git add FILE && git commit            {git_floor * 1000:7.1f} ms")
    print(f"processing / (git + SQLite floor)            {processing / floor:7.2f}x")
    print(
        f"watcher resident memory                      {rss:7.1f} MB (peak {peak:.1f}; goal <= 150)"
    )
    print(f"watcher exit code after SIGTERM              {proc.returncode}")
    return {
        "latency": median,
        "rss": rss,
        "peak": peak,
        # for bench/run: the floors measured in this run
        "debounce": debounce,
        "git_floor": git_floor,
        "sqlite_floor": sqlite_floor,
        "startup": startup_s,
        "rebuild": rebuild_s,
        "exit_code": proc.returncode,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000", help="comma-separated note counts")
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    os.environ.setdefault("VAULTSYNC_HOME", str(DATA / "home"))
    os.chdir(ROOT)
    results = {n: run(n, args.rounds) for n in (int(s) for s in args.sizes.split(","))}
    sizes = sorted(results)
    if len(sizes) > 1:
        small, big = results[sizes[0]]["latency"], results[sizes[-1]]["latency"]
        print(f"\nlatency at {sizes[-1]:,} / at {sizes[0]:,}: {big / small:.2f}x (goal <= 1.5x)")


if __name__ == "__main__":
    main()
