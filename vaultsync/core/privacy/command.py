"""`vaultsync redact [--json]`: what the command does once typer has parsed its options.

Reads all of stdin as bytes, decodes UTF-8 (invalid bytes become U+FFFD, and offsets index the
decoded text), redacts with the built-in rules plus the `[privacy]` table of the config, and
prints the redacted text, or with `--json` one object:
{"text": ..., "findings": [{"rule": ..., "start": ..., "end": ...}]}.
Exit 0 whether or not anything was found; 2 on a usage error; 1 if redaction itself failed, in
which case nothing is printed on stdout (unredacted text never leaves this command).
"""

from __future__ import annotations

import sys
from typing import Any, BinaryIO, TextIO


def _redactor(err: TextIO) -> Any:
    from vaultsync.core.config import ConfigError, load_config
    from vaultsync.core.privacy import redactor as privacy

    try:
        table = load_config().privacy
        return privacy.Redactor.from_config(table, table.get("disabled_rules") or ())
    except (ConfigError, ValueError, TypeError) as exc:
        err.write(f"vaultsync: privacy config ignored, built-in rules only: {exc}\n")
        return privacy.default_redactor()


def run_redact(
    json_output: bool,
    stdin: BinaryIO | None = None,
    stdout: BinaryIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    stdin = stdin or sys.stdin.buffer
    stdout = stdout or sys.stdout.buffer
    err = stderr or sys.stderr
    text = stdin.read().decode("utf-8", errors="replace")
    try:
        result = _redactor(err).redact(text)
    except Exception as exc:  # never print the input when redaction failed
        err.write(f"vaultsync: redaction failed: {type(exc).__name__}: {exc}\n")
        return 1
    if json_output:
        import json

        findings = [{"rule": f.rule, "start": f.start, "end": f.end} for f in result.findings]
        data = json.dumps({"text": result.text, "findings": findings}, ensure_ascii=False) + "\n"
    else:
        data = result.text
    stdout.write(data.encode("utf-8", errors="surrogatepass"))
    stdout.flush()
    return 0
