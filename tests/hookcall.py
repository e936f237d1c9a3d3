"""One hook call in this process: `process.main`, the function the launcher runs, with the
payload on stdin and the answer read from stdout, the environment given for the call and
restored after it.

For tests whose subject is what the hook records or hands back, not the process around it:
each real hook process costs the fast tier ~50 ms of CPU. The process itself (the launcher,
`-I -S`, the time limit that may end it, concurrent writers) is tested with real processes in
tests/core/hook/test_hook.py, test_hook_trust.py, test_spool*.py, test_hook_concurrency.py and
the real agents' tier.
"""

from __future__ import annotations

import io
import json
import os
import sys
from typing import Any


def call(agent: str, payload: dict[str, Any], env: dict[str, str] | None = None) -> str:
    """What the hook prints for `payload` as `agent` (the whole environment is `env` when given,
    else this process's own)."""
    from vaultsync.core.hook.process import main

    saved_env, saved_in, saved_out = dict(os.environ), sys.stdin, sys.stdout
    out = io.BytesIO()
    try:
        if env is not None:
            os.environ.clear()
            os.environ.update(env)
        sys.stdin = io.TextIOWrapper(io.BytesIO(json.dumps(payload).encode()), encoding="utf-8")
        sys.stdout = io.TextIOWrapper(out, encoding="utf-8", write_through=True)
        assert main(["--agent", agent]) == 0
        return out.getvalue().decode()
    finally:
        sys.stdin, sys.stdout = saved_in, saved_out
        os.environ.clear()
        os.environ.update(saved_env)
