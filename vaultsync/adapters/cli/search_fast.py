"""`vaultsync search` without typer: the read path a person or a script waits on.

`vaultsync.entry` sends a well-formed `vaultsync search ...` here (typer, click and rich cost
more than the search itself); anything this parser does not recognise (--help, an unknown
option, a bad --limit) goes to the typer command, which prints the usual usage errors. Both
call `run`, so the output is the same either way.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

_VALUED = ("--agent", "--type", "--level", "--project", "--since", "--limit", "--vault", "--match")
_FLAGS = ("--json", "--semantic", "--no-semantic")
_BOLD = ("\x1b[1m", "\x1b[0m")
MATCH_MODES = ("auto", "any", "all")
MAX_LIMIT = 1000

# Exit codes (README; the same numbers as adapters.cli.app.Exit, without importing typer).
OK, ERROR, USAGE, NO_VAULT, CONFIG, LOCKED, NOT_FOUND = 0, 1, 2, 3, 4, 5, 6


def parse(argv: list[str]) -> dict[str, object] | None:
    """The options of a well-formed invocation, or None to let typer handle it."""
    opts: dict[str, object] = {"words": [], "types": []}
    words: list[str] = []
    i = 0
    options_done = False
    while i < len(argv):
        arg = argv[i]
        i += 1
        if options_done or (
            not arg.startswith("--") and not (arg.startswith("-") and len(arg) > 1)
        ):
            words.append(arg)
            continue
        if arg == "--":
            options_done = True
            continue
        name, eq, value = arg.partition("=")
        if name in _FLAGS and not eq:
            opts[name] = True
            continue
        if name not in _VALUED:
            return None
        if not eq:
            if i >= len(argv):
                return None
            value = argv[i]
            i += 1
        if name == "--type":
            opts["types"].append(value)  # type: ignore[attr-defined]
        else:
            opts[name] = value
    if not words:
        return None
    limit = opts.get("--limit", "10")
    try:
        number = int(str(limit))
    except ValueError:
        return None
    if not 1 <= number <= MAX_LIMIT or opts.get("--match", "auto") not in MATCH_MODES:
        return None
    opts["words"] = words
    opts["limit"] = number
    return opts


def main_fast(argv: list[str]) -> int | None:
    opts = parse(argv)
    if opts is None:
        return None
    semantic = None
    if opts.get("--semantic"):
        semantic = True
    if opts.get("--no-semantic"):
        semantic = False
    vault = opts.get("--vault")
    return run(
        list(opts["words"]),  # type: ignore[call-overload]
        agent=opts.get("--agent"),  # type: ignore[arg-type]
        types=list(opts["types"]) or None,  # type: ignore[call-overload]
        level=opts.get("--level"),  # type: ignore[arg-type]
        project=opts.get("--project"),  # type: ignore[arg-type]
        since=opts.get("--since"),  # type: ignore[arg-type]
        limit=int(opts["limit"]),  # type: ignore[call-overload]
        vault=Path(str(vault)) if vault else None,
        json_output=bool(opts.get("--json")),
        match=str(opts.get("--match", "auto")),
        semantic=semantic,
    )


def _fail(message: str, code: int) -> int:
    print(f"vaultsync: {message}", file=sys.stderr)
    return code


def run(
    words: list[str],
    *,
    agent: str | None = None,
    types: list[str] | None = None,
    level: str | None = None,
    project: str | None = None,
    since: str | None = None,
    limit: int = 10,
    vault: Path | None = None,
    json_output: bool = False,
    match: str = "auto",
    semantic: bool | None = None,
) -> int:
    """Search and print; returns the exit code."""
    from vaultsync.core.config import ConfigError, load_config, resolve_vault
    from vaultsync.services.recall.engine import recall
    from vaultsync.services.recall.search import DEFAULT_MARK, IndexMissing, SearchError
    from vaultsync.storage.index import IndexBusy, IndexFailure

    try:
        path = resolve_vault(vault)
    except ConfigError as exc:
        return _fail(str(exc), CONFIG)
    if path is None:
        return _fail(
            "no vault given: pass --vault PATH, set VAULTSYNC_VAULT, or run `vaultsync init PATH`",
            NO_VAULT,
        )
    if not path.is_dir():
        return _fail(
            f"vault not found: {path} (run `vaultsync init {path}` to create it)", NO_VAULT
        )
    mark = _BOLD if not json_output and sys.stdout.isatty() else DEFAULT_MARK
    try:
        config = load_config(path)
        found = recall(
            path, config, " ".join(words), agent=agent, type=types, level=level,
            project=project, since=since, limit=limit, mode=match, semantic=semantic, mark=mark,
        )  # fmt: skip
    except ConfigError as exc:
        return _fail(str(exc), CONFIG)
    except SearchError as exc:
        return _fail(str(exc), USAGE)
    except IndexMissing as exc:
        return _fail(str(exc), NOT_FOUND)
    except IndexBusy as exc:
        return _fail(str(exc), LOCKED)
    except IndexFailure as exc:
        return _fail(str(exc), ERROR)
    if json_output:
        rows = []
        for hit in found.hits:
            row = hit.to_dict()
            if not row["level"]:
                del row["level"]
            if hit.type == "event":
                row["event_id"], row["ts"] = hit.id, hit.date
            row["weak"] = found.abstain
            rows.append(row)
        print(json.dumps(rows, ensure_ascii=False, indent=2, default=str))
        return OK
    if not found.hits:
        print("No matches.")
        return OK
    if found.abstain:
        print("(nothing clearly relevant; the closest matches:)")
    for hit in found.hits:
        title = f"  {hit.title}" if hit.title and hit.title != Path(hit.rel).stem else ""
        print(f"{hit.rel}  [{hit.type}]  {hit.score:.2f}{title}")
        if hit.snippet:
            print(f"    {hit.snippet}")
        if hit.summary_rel and hit.summary_rel != hit.rel:
            print(f"    summary: {hit.summary_rel}")
    return OK
