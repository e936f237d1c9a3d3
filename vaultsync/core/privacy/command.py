"""`vaultsync redact [--json]` without typer: the console entry dispatches here directly, and the
typer command calls `run_redact` too, so both behave the same.

Reads all of stdin as bytes, decodes UTF-8 (invalid bytes become U+FFFD, and offsets index the
decoded text), redacts with the built-in rules plus the `[privacy]` table of the config, and
prints the redacted text, or with `--json` one object:
{"text": ..., "findings": [{"rule": ..., "start": ..., "end": ...}]}.
Exit 0 whether or not anything was found; 2 on a usage error; 1 if redaction itself failed, in
which case nothing is printed on stdout (unredacted text never leaves this command).
"""

from __future__ import annotations

import os
import sys

# typing costs the hook ~2 ms to import; annotations are strings anyway.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, BinaryIO, TextIO

HELP = """\
Usage: vaultsync redact [--json]

  Redact secrets, private spans and prompt injections from text on stdin.

  Prints the redacted text. With --json, prints one JSON object:
  {"text": <redacted text>, "findings": [{"rule": <id>, "start": <int>, "end": <int>}]}
  where start/end are character offsets into the original input (end exclusive).
  Rules come from the built-ins plus [privacy] rules / disabled_rules in the config.

Options:
  --json      Print one JSON object instead of the redacted text.
  -h, --help  Show this message and exit.
"""


def _config_may_exist() -> bool:
    """False when no config can be found, so the config module need not be imported (~10 ms).
    Mirrors `config.resolve_vault` and `paths.vaultsync_home`: a vault comes from
    VAULTSYNC_VAULT or the user config; the user config lives in the vaultsync home."""
    if os.environ.get("VAULTSYNC_VAULT"):
        return True
    home = os.environ.get("VAULTSYNC_HOME")
    if not home:
        xdg = os.environ.get("XDG_DATA_HOME")
        home = os.path.join(xdg or os.path.join("~", ".local", "share"), "vaultsync")
    return os.path.exists(os.path.join(os.path.expanduser(home), "config.toml"))


def _redactor(err: TextIO) -> Any:
    from vaultsync.core.privacy import redactor as privacy

    if not _config_may_exist():
        return privacy.default_redactor()
    from vaultsync.core.config import ConfigError, load_config

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


def main_fast(argv: list[str]) -> int:
    """`redact [--json]` (the leading `redact` is optional)."""
    args = list(argv)
    if args and args[0] == "redact":
        args.pop(0)
    if {"-h", "--help"} & set(args):
        sys.stdout.write(HELP)
        return 0
    unknown = [a for a in args if a != "--json"]
    if unknown:
        sys.stderr.write(f"vaultsync redact: unknown argument {unknown[0]!r}\n\n{HELP}")
        return 2
    return run_redact("--json" in args)


if __name__ == "__main__":
    sys.exit(main_fast(sys.argv[1:]))
