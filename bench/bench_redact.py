"""What `vaultsync redact --json` costs as a whole process on 100 KB of realistic tool output.

The input mixes Read results of real source files (with line numbers), transcript JSON, git log,
pytest, lockfile, docker and curl output, and a few freshly generated fake secrets. Each command
runs N times with the input on stdin, interleaved run by run with the others (so load drift on a
shared machine hits every case alike); medians and 95th percentiles of wall time and of CPU time
(user + sys of the child, from getrusage) are printed beside the bare interpreter start
(`python -c pass`, `python -I -S -c pass`) of the same run, with the ratio to the former. Goal:
`vaultsync redact --json` p95 <= 100 ms.

Usage: .venv/bin/python bench/bench_redact.py [--runs 30] [--kb 100]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import statistics
import string
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as a script: the repository's packages (bench.shared)
from bench.shared import CORPORA  # noqa: E402

SHARED = CORPORA / "claude-code-transcripts"
B62 = string.ascii_letters + string.digits


def _rand(rng: random.Random, n: int, alphabet: str = B62) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def _secrets(rng: random.Random) -> str:
    aws = "AKIA" + _rand(rng, 16, string.ascii_uppercase + "234567")
    return (
        "● Bash(cat .env)\n"
        f"  ⎿  AWS_ACCESS_KEY_ID={aws}\n"
        f"     AWS_SECRET_ACCESS_KEY={_rand(rng, 40, B62 + '+/')}\n"
        f"     GITHUB_TOKEN=ghp_{_rand(rng, 36)}\n"
        f"     OPENAI_API_KEY=sk-proj-{_rand(rng, 74, B62 + '_-')}\n"
        f"     DATABASE_URL=postgres://app:{_rand(rng, 18)}@db.internal:5432/app\n"
        f"> Authorization: Bearer eyJ{_rand(rng, 30)}.eyJ{_rand(rng, 60)}.{_rand(rng, 43)}\n"
    )


def _filler(rng: random.Random) -> list[str]:
    chunks = []
    sources = [p for p in sorted((ROOT / "vaultsync").rglob("*.py")) if "privacy" not in p.name]
    for path in sources[:40]:
        lines = path.read_text(encoding="utf-8").splitlines()[:120]
        numbered = "\n".join(f"{i + 1:6d}→{line}" for i, line in enumerate(lines))
        chunks.append(f"● Read({path.relative_to(ROOT)})\n  ⎿{numbered}\n")
    if SHARED.is_dir():
        for f in sorted(SHARED.glob("*.jsonl")):
            chunks.append(f.read_text(encoding="utf-8"))
    for _ in range(20):
        sha = _rand(rng, 40, "0123456789abcdef")
        chunks.append(f"commit {sha}\nAuthor: Dev <dev@example.com>\n\n    Fix token refresh\n\n")
        chunks.append(
            f'    "integrity": "sha512-{_rand(rng, 86, B62 + "+/")}==",\n'
            f"redis  7  sha256:{_rand(rng, 64, '0123456789abcdef')}  3 days ago  120MB\n"
            f"tests/test_auth.py::test_password_reset_{_rand(rng, 5, string.ascii_lowercase)}"
            " PASSED\n"
        )
    return chunks


def make_input(kb: int, seed: int = 11) -> bytes:
    rng = random.Random(seed)
    chunks = _filler(rng)
    rng.shuffle(chunks)
    out, size = [], 0
    i = 0
    while size < kb * 1024:
        piece = chunks[i % len(chunks)]
        if i % 15 == 7:
            piece = _secrets(rng) + piece
        out.append(piece)
        size += len(piece.encode("utf-8"))
        i += 1
    return "".join(out).encode("utf-8")[: kb * 1024].decode("utf-8", "ignore").encode("utf-8")


def _env(home: str) -> dict[str, str]:
    """The environment for `home`."""
    env = {k: v for k, v in os.environ.items() if k != "VAULTSYNC_VAULT"}
    env["VAULTSYNC_HOME"] = home
    return env


def run_once(cmd: list[str], data: bytes, env: dict[str, str]) -> tuple[float, float]:
    """(wall ms, CPU ms) of one child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run(cmd, input=data, capture_output=True, check=True, env=env)
    wall = (time.perf_counter() - t) * 1000
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000
    return wall, cpu


def p95(xs: list[float]) -> float:
    return sorted(xs)[max(0, round(0.95 * len(xs)) - 1)]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--kb", type=int, default=100)
    args = ap.parse_args()
    py = sys.executable
    data = make_input(args.kb)
    probe = subprocess.run(
        [py, "-m", "vaultsync", "redact", "--json"], input=data, capture_output=True, check=True
    )
    found = json.loads(probe.stdout)["findings"]
    print(f"input: {len(data) / 1024:.0f} KB, {len(found)} findings, {args.runs} runs each")
    empty = tempfile.mkdtemp(prefix="vaultsync-bench-")  # no config: the config module is skipped
    home = tempfile.mkdtemp(prefix="vaultsync-bench-")  # a user config with [privacy] extras
    Path(home, "config.toml").write_text(
        '[privacy]\ndisabled_rules = ["twilio-api-key"]\n\n[[privacy.rules]]\nid = "acme-key"\n'
        "regex = 'acme_[a-z0-9]{32}'\nkeywords = [\"acme_\"]\n",
        encoding="utf-8",
    )
    redact = [py, "-m", "vaultsync", "redact", "--json"]
    fast = [py, "-m", "vaultsync.core.privacy.command", "--json"]
    typer_cmd = (
        "import sys; from vaultsync.adapters.cli.app import run; sys.exit(run(sys.argv[1:]))"
    )
    cases = [
        ("bare start: python -c pass", [py, "-c", "pass"], b"", empty),
        ("bare start: python -I -S -c pass", [py, "-I", "-S", "-c", "pass"], b"", empty),
        ("python -m vaultsync redact --json (no config)", redact, data, empty),
        ("python -m vaultsync redact --json (user config, extras)", redact, data, home),
        ("fast entry: python -m vaultsync.core.privacy.command --json", fast, data, empty),
    ]
    script = shutil.which("vaultsync", path=str(Path(py).parent))
    if script:
        cases.append(("console script: vaultsync redact --json", [script, "redact", "--json"],
                      data, home))  # fmt: skip
    cases.append(("via typer (reference)", [py, "-c", typer_cmd, "redact", "--json"], data, home))
    envs = [_env(env_home) for _, _, _, env_home in cases]
    for (_, cmd, stdin, _), env in zip(cases, envs, strict=True):
        subprocess.run(cmd, input=stdin, capture_output=True, check=True, env=env)  # warm caches
    walls: list[list[float]] = [[] for _ in cases]
    cpus: list[list[float]] = [[] for _ in cases]
    for _ in range(args.runs):  # interleaved: every case sees the same load
        for k, ((_, cmd, stdin, _), env) in enumerate(zip(cases, envs, strict=True)):
            wall, cpu = run_once(cmd, stdin, env)
            walls[k].append(wall)
            cpus[k].append(cpu)
    base_wall, base_cpu = statistics.median(walls[0]), statistics.median(cpus[0])
    print(f"{'':58s} {'wall median / p95':>20s}  {'CPU median / p95':>18s}  (x python -c pass)")
    for k, (name, *_rest) in enumerate(cases):
        w, c = walls[k], cpus[k]
        wm, cm = statistics.median(w), statistics.median(c)
        print(f"{name:58s} {wm:7.1f} / {p95(w):6.1f} ms  {cm:6.1f} / {p95(c):6.1f} ms  "
              f"x{wm / base_wall:4.2f} wall, x{cm / base_cpu:4.2f} CPU")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
