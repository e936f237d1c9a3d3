"""One error root: every error meant for the person is a `VaultsyncError` with an exit code,
and the command line prints it in one place (adapters/cli/app.py), as one line on stderr."""

from __future__ import annotations

import ast
import functools
import subprocess
import sys
from pathlib import Path

import pytest

from vaultsync.core.errors import Exit, VaultsyncError

PACKAGE = Path(__file__).resolve().parents[2] / "vaultsync"
CLI = PACKAGE / "adapters" / "cli"


@functools.cache  # the package parsed once per worker, not once per test
def error_classes(root: Path = PACKAGE) -> dict[str, list[str]]:
    """Class name -> its base names (last dotted part), for every class in the package."""
    found: dict[str, list[str]] = {}
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                bases = [ast.unparse(b).rpartition(".")[2] for b in node.bases]
                found.setdefault(node.name, []).extend(bases)
    return found


def rooted(classes: dict[str, list[str]]) -> set[str]:
    """The class names that descend from VaultsyncError."""
    out = {"VaultsyncError"}
    changed = True
    while changed:
        changed = False
        for name, bases in classes.items():
            if name not in out and out & set(bases):
                out.add(name)
                changed = True
    return out


def mapping_handlers(cli: Path = CLI, root: Path = PACKAGE) -> list[str]:
    """`except SomeVaultsyncError: fail(str(exc), code)` in a command: the root does that."""
    ours = rooted(error_classes(root))
    found = []
    for path in sorted(cli.glob("*.py")):
        if path.name == "app.py":  # the root's own handler
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ExceptHandler) or node.type is None:
                continue
            types = node.type.elts if isinstance(node.type, ast.Tuple) else [node.type]
            caught = {ast.unparse(t).rpartition(".")[2] for t in types}
            # The body only passes the message on (`fail(str(exc), code)`): a command that
            # adds what it alone knows (`fail(f"{exc} (is another rebuild running?)")`) may.
            only_fails = len(node.body) == 1 and ast.unparse(node.body[0]).startswith(
                (f"fail(str({node.name}),", f"fail(str({node.name}))", f"_fail(str({node.name}),")
            )
            if caught & ours and only_fails:
                found.append(f"{path.name}:{node.lineno} except {', '.join(sorted(caught))}")
    return found


def test_no_command_maps_an_error_by_hand() -> None:
    assert mapping_handlers() == []


def test_the_person_facing_errors_share_the_root() -> None:
    ours = rooted(error_classes())
    for name in ("ConfigError", "ReconcileError", "SyncError", "LearnError", "GitError",
                 "IndexFailure", "SearchError", "SourceError", "VaultError", "ReviewError",
                 "InstallError", "SkillInstallError", "ScheduleError", "McpMissing"):  # fmt: skip
        assert name in ours, name


def test_an_error_keeps_its_class_code_unless_given_one() -> None:
    class Held(VaultsyncError):
        exit_code = Exit.HELD

    assert Held("x").exit_code is Exit.HELD
    assert Held("x", exit_code=Exit.LOCKED).exit_code is Exit.LOCKED
    assert VaultsyncError("x").exit_code is Exit.ERROR
    assert str(Held("the fix")) == "the fix"


def test_the_handler_check_can_fail(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    (pkg / "cli").mkdir(parents=True)
    (pkg / "errors.py").write_text(
        "class VaultsyncError(Exception): ...\nclass BadThing(VaultsyncError): ...\n",
        encoding="utf-8",
    )
    (pkg / "cli" / "cmd.py").write_text(
        "try:\n    run()\nexcept errors.BadThing as exc:\n    fail(str(exc), 3)\n"
        "try:\n    run()\nexcept OSError as exc:\n    fail(f'cannot write: {exc}')\n",
        encoding="utf-8",
    )
    assert mapping_handlers(pkg / "cli", pkg) == ["cmd.py:3 except BadThing"]


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "vaultsync", *args], capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["status"], Exit.CONFIG),
        (["learn", "--dry-run"], Exit.CONFIG),
        (["rebuild"], Exit.CONFIG),
        (["sync"], Exit.CONFIG),
        (["import", "claude-mem"], Exit.CONFIG),
    ],
    ids=lambda v: " ".join(v) if isinstance(v, list) else str(int(v)),
)
def test_a_broken_config_is_one_line_and_its_code(vault: Path, args: list[str], code: Exit) -> None:
    (vault / ".vaultsync" / "config.toml").write_text("[learn\nbroken = ", encoding="utf-8")
    run = _cli(*args, "--vault", str(vault))
    assert run.returncode == code, run.stderr
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("vaultsync: "), run.stderr
    assert "config.toml" in lines[0] and "Traceback" not in run.stderr


def test_a_missing_import_source_is_one_line_and_not_found(vault: Path, tmp_path: Path) -> None:
    run = _cli("import", "claude-mem", "--path", str(tmp_path / "nope.db"), "--vault", str(vault))
    assert run.returncode == Exit.NOT_FOUND, run.stderr
    assert len(run.stderr.strip().splitlines()) == 1 and "claude-mem" in run.stderr
