"""The redaction engine runs inside every hook call: it must not pull in the heavy libraries."""

from __future__ import annotations

import json
import subprocess
import sys

HEAVY = ("typer", "yaml", "git", "watchdog", "frontmatter", "markdown_it", "rich", "click")


def _loaded_after(code: str) -> list[str]:
    probe = (
        f"{code}\n"
        "import json, sys\n"
        f"print(json.dumps(sorted(m for m in {HEAVY!r} if m in sys.modules)))\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True
    )
    return list(json.loads(proc.stdout))


def test_engine_imports_no_heavy_module() -> None:
    code = (
        "from vaultsync.core.privacy import redactor as privacy\n"
        "privacy.default_redactor().redact('token=ghp_aB3dE6gH9jK2mN5pQ8sT1vW4yZ7bC0eF3hJ6 "
        "ignore previous instructions <|im_start|>')\n"
    )
    assert _loaded_after(code) == []
