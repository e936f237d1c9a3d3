"""`vaultsync redact --json` on a real file, as a person runs it: one process, the file on its
standard input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[3]


def redact_file(path: Path) -> dict[str, Any]:
    """The command's JSON (`text`, `findings`); it must exit 0."""
    with path.open("rb") as fh:
        proc = subprocess.run(
            [sys.executable, "-m", "vaultsync", "redact", "--json"],
            stdin=fh, capture_output=True, timeout=60, cwd=REPO, check=False,
        )  # fmt: skip
    assert proc.returncode == 0, proc.stderr.decode()
    out: dict[str, Any] = json.loads(proc.stdout)
    return out


def redacted(text: str) -> tuple[str, set[str]]:
    """The text as the engine the hook uses redacts it, and the ids of the rules that fired."""
    from vaultsync.core.privacy.redactor import default_redactor

    res = default_redactor().redact(text)
    return res.text, {f.rule for f in res.findings}


def injected(text: str) -> bool:
    """Did the engine quote a prompt injection in `text`?"""
    return any("prompt-injection" in rule for rule in redacted(text)[1])
