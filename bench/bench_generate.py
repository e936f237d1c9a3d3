"""USER.md/AGENT.md/context generation and `init`, each against its floor in the same run.

1. generate_all(vault, config, index) on N memory notes (all levels and scopes, 20 projects)
   plus N/4 summaries, read from a real index. Floor: the raw SQLite query that fetches the same
   rows (`SELECT * FROM notes WHERE type IN ('memory', 'summary')`), which any generator must do.
   Both a run that writes the files and the usual no-change run are timed.
2. `vaultsync init` (a subprocess, as a person runs it) adopting a vault of N plain notes. Floor:
   `git init && git add -A && git commit` on an identical copy, plus a bare interpreter start.

    python bench/bench_generate.py            # 5,000 memories, 5 rounds
    python bench/bench_generate.py 20000 --rounds 3
"""

from __future__ import annotations

import argparse
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from vaultsync.core import paths
from vaultsync.core.config import load_config
from vaultsync.core.model import Level, Scope
from vaultsync.core.properties import render_frontmatter
from vaultsync.core.schema import memory_props
from vaultsync.services.derived.generate import generate_all
from vaultsync.services.derived.reconcile import rebuild
from vaultsync.storage.index import Index

WORDS = ["build", "cache", "venv", "pytest", "jq", "path", "quirk", "短句", "口语化", "日期"]


def make_memories(vault: Path, n: int) -> None:
    levels = [Level.L1, Level.L2, Level.L3]
    scopes = [Scope.USER, Scope.AGENT, Scope.PROJECT]
    for i in range(n):
        level, scope = levels[i % 3], scopes[(i // 3) % 3]
        project = f"github.com/bench/p{i % 20}"
        props = memory_props(
            level=level,
            scope=scope,
            agent="claude-code",
            session_id=f"s{i}",
            project=project,
            created=f"2026-{1 + i % 12:02d}-{1 + i % 28:02d}T10:00:00Z",
            source_rel=f"summaries/2026/11/s{i}.md",
            priority=i % 4,
        )
        text = " ".join(WORDS[(i + k) % len(WORDS)] for k in range(12))
        rel = f"{paths.LEVEL_DIRS[level]}/m{i:06d}.md"
        body = f"\n# Fact {i} about {WORDS[i % len(WORDS)]}\n\n{text}.\n"
        (vault / rel).parent.mkdir(parents=True, exist_ok=True)
        (vault / rel).write_text(render_frontmatter(props) + body, encoding="utf-8")
    for i in range(n // 4):
        rel = f"summaries/2026/11/s{i:06d}.md"
        props = {
            "type": "summary",
            "agent": "codex",
            "project": f"github.com/bench/p{i % 20}",
            "created": f"2026-11-{1 + i % 28:02d}T10:00:00Z",
        }
        body = (
            f"\n# Session {i}\n\n## What was asked\n\nFix {WORDS[i % len(WORDS)]}.\n"
            "\n## Next steps\n\n- more\n"
        )
        (vault / rel).parent.mkdir(parents=True, exist_ok=True)
        (vault / rel).write_text(render_frontmatter(props) + body, encoding="utf-8")


def make_plain(vault: Path, n: int) -> None:
    for i in range(n):
        rel = vault / f"notes/{i % 50:02d}/note {i}.md"
        rel.parent.mkdir(parents=True, exist_ok=True)
        rel.write_text(f"# Note {i}\n\n" + "lorem ipsum " * 100 + "\n", encoding="utf-8")


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def bench_generate(root: Path, n: int, rounds: int) -> None:
    vault = root / "gen"
    vault.mkdir()
    make_memories(vault, n)
    config = load_config(vault)
    rebuild(vault, config)
    floors, fetches, cold, warm = [], [], [], []
    with Index.open(config.index_file()) as index:
        for _ in range(rounds):
            started = time.perf_counter()
            conn = sqlite3.connect(config.index_file())
            rows = conn.execute(
                "SELECT * FROM notes WHERE type IN ('memory', 'summary')"
            ).fetchall()
            conn.close()
            floors.append(time.perf_counter() - started)
            started = time.perf_counter()
            index.notes(type="memory")
            index.notes(type="summary")
            fetches.append(time.perf_counter() - started)
            for name in ("USER.md", "AGENT.md"):
                (vault / name).unlink(missing_ok=True)
            started = time.perf_counter()
            written = generate_all(vault, config, index)
            cold.append(time.perf_counter() - started)
            assert written == ("USER.md", "AGENT.md"), written
            started = time.perf_counter()
            assert generate_all(vault, config, index) == ()
            warm.append(time.perf_counter() - started)
    f, g, c, w = (statistics.median(x) for x in (floors, fetches, cold, warm))
    print(f"generate_all, {n} memories + {n // 4} summaries ({len(rows)} rows), {rounds} rounds")
    print(f"  floor (raw SQLite select of the same rows): {ms(f)}")
    print(f"  Index.notes() alone (rows -> IndexedNote): {ms(g)}  = {g / f:.1f}x floor")
    print(f"  generate_all writing USER.md/AGENT.md:     {ms(c)}  = {c / f:.1f}x floor")
    print(f"  generate_all with nothing changed:         {ms(w)}  = {w / f:.1f}x floor")


def bench_init(root: Path, n: int, rounds: int) -> None:
    source = root / "plain"
    make_plain(source, n)
    exe = shutil.which("vaultsync") or str(Path(sys.executable).with_name("vaultsync"))
    env = {**os.environ, "VAULTSYNC_HOME": str(root / "home")}
    starts, floors, inits = [], [], []
    for r in range(rounds):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        starts.append(time.perf_counter() - started)

        plain = root / f"git{r}"
        shutil.copytree(source, plain)
        started = time.perf_counter()
        for args in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "first"]):
            subprocess.run(["git", *args], cwd=plain, check=True, env=env)
        floors.append(time.perf_counter() - started)

        vault = root / f"vault{r}"
        shutil.copytree(source, vault)
        started = time.perf_counter()
        subprocess.run(
            [exe, "init", str(vault), "--no-user-config", "--json"],
            check=True,
            env=env,
            stdout=subprocess.DEVNULL,
        )
        inits.append(time.perf_counter() - started)
    s, f, i = (statistics.median(x) for x in (starts, floors, inits))
    print(f"vaultsync init adopting {n} notes, {rounds} rounds")
    print(f"  floor: bare interpreter start {ms(s)}; plain git init+add+commit {ms(f)}")
    print(f"  vaultsync init (whole process):  {ms(i)}  = {i / (f + s):.2f}x (git + start)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("size", nargs="?", type=int, default=5000, help="memory notes")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--init-notes", type=int, default=None, help="plain notes for init")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="vaultsync-bench-gen-") as tmp:
        root = Path(tmp)
        os.environ["VAULTSYNC_HOME"] = str(root / "home")
        bench_generate(root, args.size, args.rounds)
        bench_init(root, args.init_notes or args.size, args.rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
