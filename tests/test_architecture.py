"""House rules that code review alone would let slip: layer direction and module size."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "vaultsync"
LAYERS = ["core", "storage", "services", "adapters"]
STDLIB = set(sys.stdlib_module_names)


def _modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)


def _layer(path: Path) -> str | None:
    rel = path.relative_to(PACKAGE).parts
    return rel[0] if rel[0] in LAYERS else None


def _imports(path: Path) -> list[tuple[str, int]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.module, node.lineno))
    return found


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_point_inward(path: Path) -> None:
    layer = _layer(path)
    if layer is None:
        return
    allowed = set(LAYERS[: LAYERS.index(layer) + 1])
    for name, line in _imports(path):
        top = name.split(".")[0]
        if top == "vaultsync":
            parts = name.split(".")
            target = parts[1] if len(parts) > 1 else ""
            if target in LAYERS:
                assert target in allowed, f"{path.name}:{line} {layer} must not import {name}"
        elif layer == "core":
            assert top in STDLIB or top == "__future__", (
                f"{path.name}:{line}: the core layer is stdlib-only, but imports {name}"
            )


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_modules_stay_small(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").count("\n")
    assert lines <= 600, f"{path.name} has {lines} lines; split it by concept (rule 5)"


def test_layer_test_can_fail(tmp_path: Path) -> None:
    """The checker itself must see a forbidden import."""
    bad = tmp_path / "bad.py"
    bad.write_text("from vaultsync.services import learn\nimport yaml\n", encoding="utf-8")
    names = [n for n, _ in _imports(bad)]
    assert "vaultsync.services" in names and "yaml" in names
