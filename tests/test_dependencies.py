"""Every declared dependency is imported by the package: no install pays for dead weight."""

from __future__ import annotations

import ast
import functools
import re
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
# distribution name -> the top-level module it installs, where the two differ
IMPORT_NAMES = {
    "python-frontmatter": "frontmatter",
    "markdown-it-py": "markdown_it",
    "gitpython": "git",
    "pyyaml": "yaml",
}


def declared(pyproject: Path = REPO / "pyproject.toml") -> list[str]:
    data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    names = [
        re.split(r"[<>=!~;\[ ]", spec, maxsplit=1)[0] for spec in data["project"]["dependencies"]
    ]
    return [n.lower() for n in names]


@functools.cache
def imported(package: Path = REPO / "vaultsync") -> frozenset[str]:
    found: set[str] = set()
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(a.name.split(".")[0] for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found.add(node.module.split(".")[0])
    return frozenset(found)


def unused(
    pyproject: Path = REPO / "pyproject.toml", package: Path = REPO / "vaultsync"
) -> list[str]:
    modules = imported(package)
    return [
        d for d in declared(pyproject) if IMPORT_NAMES.get(d, d.replace("-", "_")) not in modules
    ]


def test_every_declared_dependency_is_imported() -> None:
    assert declared(), "no dependencies parsed: the check would pass vacuously"
    assert unused() == []


def test_the_check_can_fail(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "x"\ndependencies = ["pyyaml>=6", "gitpython>=3.1", "Typer<1"]\n',
        encoding="utf-8",
    )
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "a.py").write_text("import yaml\ndef f():\n    import typer.main\n", encoding="utf-8")
    assert unused(tmp_path / "pyproject.toml", pkg) == ["gitpython"]


@pytest.mark.parametrize("module", ["frontmatter", "git"])
def test_dropped_packages_stay_dropped(module: str) -> None:
    """Ruled out by measurement (docs/architecture.md); bring one back only with a new figure."""
    assert module not in imported()
