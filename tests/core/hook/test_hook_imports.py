"""The hook process stays off the standard library's slow imports (issue 4's latency goal)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from vaultsync.core import config, paths

ROOT = Path(__file__).resolve().parents[3]
# Each costs the hook a millisecond or more per call on a 2-core machine (docs/performance.md).
AVOIDED = ("_hashlib", "hashlib", "tomllib", "threading",
           "signal", "socket")  # fmt: skip


def test_a_tool_call_imports_none_of_the_slow_modules(
    vault: Path, isolated_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (vault / paths.VAULT_CONFIG).write_text("[hook]\nmin_chars = 10\n")
    (isolated_home / "config.toml").write_text(f"[vault]\npath = '{vault}'\n")
    monkeypatch.setattr(config, "SETTLE_NS", -(10**12))  # cache the files just written
    config.load_config()
    payload = {
        "session_id": "imports",
        "cwd": str(ROOT),
        "hook_event_name": "PostToolUse",
        "tool_name": "Bash",
        "tool_use_id": "toolu_1",
        "tool_input": {"command": "pytest -q tests/core"},
        "tool_response": {"stdout": "collected 12 items\n12 passed in 0.31s", "stderr": ""},
    }
    script = (
        "import io, sys\n"
        f"sys.path.insert(0, {str(ROOT)!r})\n"
        f"sys.stdin = io.TextIOWrapper(io.BytesIO({json.dumps(payload).encode()!r}))\n"
        "from vaultsync.core.hook.process import main\n"
        "main(['--agent', 'claude-code'], own_process=True)\n"
        f"print(','.join(sorted(m for m in {AVOIDED!r} if m in sys.modules)))\n"
    )
    # No VAULTSYNC_MACHINE either: the machine id then comes from the host name (socket's).
    env = {k: v for k, v in os.environ.items() if k not in ("VAULTSYNC_VAULT", "VAULTSYNC_MACHINE")}
    # -I -S: what the installed launcher starts.
    proc = subprocess.run(
        [sys.executable, "-I", "-S", "-c", script], capture_output=True, text=True, env=env
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == ""
    assert not paths.hook_error_log().exists()
    assert list((vault / paths.SESSIONS_DIR).rglob("*.md"))


def _in_hook_process(body: str) -> subprocess.CompletedProcess[str]:
    script = f"import sys\nsys.path.insert(0, {str(ROOT)!r})\n" + body
    cmd = [sys.executable, "-I", "-S", "-c", script]
    return subprocess.run(cmd, capture_output=True, text=True)


def test_the_hook_process_loads_urllib_parse_only_when_something_uses_it() -> None:
    proc = _in_hook_process(
        "from vaultsync.core.hook.process import defer_url_parsing\n"
        "defer_url_parsing()\n"
        "from pathlib import Path\n"
        "from vaultsync.core import paths\nfrom vaultsync.core.hook import capture\n"
        "print('ipaddress' in sys.modules, type(sys.modules['urllib.parse']).__name__)\n"
        "print(Path('/tmp/a b#c').as_uri())\n"  # pathlib's own use: the real function
        "import urllib.parse\n"
        "print(urllib.parse.quote('x y'), urllib.parse is sys.modules['urllib.parse'])\n"
        "from urllib.parse import urlsplit\n"
        "print(urlsplit('https://h/p').netloc, 'ipaddress' in sys.modules)\n"
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == [
        "False module",
        "file:///tmp/a%20b%23c",
        "x%20y True",
        "h True",
    ]


def test_a_module_that_imported_urllib_parse_early_gets_the_real_one() -> None:
    proc = _in_hook_process(
        "from vaultsync.core.hook.process import defer_url_parsing\n"
        "defer_url_parsing()\n"
        "import urllib.parse as early\n"  # still the stand-in here
        "print(early.unquote('%41'), early.urlencode({'a': 1}))\n"
        "import pathlib\n"
        "print(sys.modules['urllib.parse'].quote is early.quote)\n"
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["A a=1", "True"]


def test_a_prompt_with_recall_loads_neither_ipaddress_nor_urllib_parse(
    vault: Path, isolated_home: Path
) -> None:
    """The recall opens the index through a URI it builds itself (core/prompt_recall)."""
    from vaultsync.services.derived.reconcile import rebuild

    (vault / paths.SUMMARIES_DIR / "deploy.md").write_text(
        "---\ntype: summary\ntitle: deploy pipeline retry\n---\n"
        "The deploy pipeline retries the cache migration after a timeout.\n"
    )
    rebuild(vault, config.load_config(vault))
    payload = {
        "session_id": "p1",
        "cwd": str(ROOT),
        "hook_event_name": "UserPromptSubmit",
        "prompt": "why does the deploy pipeline retry the cache migration?",
    }
    proc = subprocess.run(
        [sys.executable, "-I", "-S", "-c",
         f"import sys\nsys.path.insert(0, {str(ROOT)!r})\n"
         "import io, os\n"
         f"sys.stdin = io.TextIOWrapper(io.BytesIO({json.dumps(payload).encode()!r}))\n"
         "from vaultsync.core.hook import process as hook\n"
         "hook.defer_url_parsing()\n"
         "hook.main(['--agent', 'claude-code'], own_process=True)\n"
         "print()\n"
         "print('ipaddress' in sys.modules, 'urlsplit' in vars(sys.modules['urllib.parse']))\n"],
        capture_output=True, text=True, env={**os.environ, "VAULTSYNC_VAULT": str(vault)},
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    out, flags = proc.stdout.rsplit("\n", 2)[0], proc.stdout.splitlines()[-1]
    context = json.loads(out)["hookSpecificOutput"]["additionalContext"]
    assert "retries the cache migration" in context
    assert flags == "False False"
    assert not paths.hook_error_log().exists()
