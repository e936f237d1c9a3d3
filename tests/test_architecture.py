"""House rules that code review alone would let slip: layer direction, no import loops (between
modules and between packages), no private names across modules, module size as a smell, and a
module table in docs/architecture.md that names every module and only modules that exist.

How imports count for loops: every import that runs counts, at module level or inside a
function (a lazy import only delays a loop; the two modules still cannot be understood or
changed apart). Only imports under `if TYPE_CHECKING:` are left out: they never run, and exist
so annotations can name a type.
"""

from __future__ import annotations

import ast
import functools
import re
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "vaultsync"
LAYERS = ["core", "storage", "services", "adapters"]
STDLIB = set(sys.stdlib_module_names)
# One concept per module. About 500 lines is a smell that a module holds two concepts, never a
# reason to cut one concept in two; past this many lines a module is reviewed and split by
# concept, not by size.
MAX_LINES = 900


def _modules(root: Path = PACKAGE) -> list[Path]:
    return sorted(p for p in root.rglob("*.py") if "__pycache__" not in p.parts)


@functools.cache
def _parse(path: Path) -> ast.Module:
    """Each file is parsed once per run, however many checks read it."""
    return ast.parse(path.read_text(encoding="utf-8"))


def _layer(path: Path) -> str | None:
    rel = path.relative_to(PACKAGE).parts
    return rel[0] if rel[0] in LAYERS else None


def _imports(path: Path) -> list[tuple[str, int]]:
    tree = _parse(path)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.module, node.lineno))
    return found


# ---- the import graph ---------------------------------------------------------------------


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _runtime_imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import that can run: module level and inside functions, not `if TYPE_CHECKING:`."""
    found: list[ast.Import | ast.ImportFrom] = []

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                for other in child.orelse:
                    visit_one(other)
                continue
            visit_one(child)

    def visit_one(node: ast.AST) -> None:
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        visit(node)

    visit(tree)
    return found


@functools.cache
def import_graph(root: Path = PACKAGE) -> dict[str, set[str]]:
    """Module -> the package modules it imports (a `from pkg import mod` names the module)."""
    paths = {_module_name(p, root): p for p in _modules(root)}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets: set[str] = set()

        def add(target: str, name: str = name, targets: set[str] = targets) -> None:
            while target and target not in paths:
                target = target.rpartition(".")[0]
            if target and target != name:
                targets.add(target)

        for node in _runtime_imports(_parse(path)):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    add(alias.name)
                continue
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*up, base] if base else up)
            for alias in node.names:
                full = f"{base}.{alias.name}"
                add(full if full in paths else base)
        graph[name] = targets
    return graph


def import_loops(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    loops: list[list[str]] = []
    counter = 0

    def connect(v: str) -> None:
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in graph:
                continue
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                loops.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return sorted(loops)


def private_imports(root: Path = PACKAGE) -> list[str]:
    """`from pkg.mod import _name` and `mod._name` on an imported package module, anywhere in
    the package: a private name is for its own module."""
    top = root.name
    found = []
    for path in _modules(root):
        tree = _parse(path)
        aliases: set[str] = set()
        where = path.relative_to(root.parent)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (
                node.level or (node.module or "").startswith(top)
            ):
                for alias in node.names:
                    if alias.name.startswith("_") and not alias.name.startswith("__"):
                        found.append(f"{where}:{node.lineno} imports {alias.name}")
                    else:
                        aliases.add(alias.asname or alias.name)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.startswith(top + ".") and alias.asname:
                        aliases.add(alias.asname)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in aliases
                and node.attr.startswith("_")
                and not node.attr.startswith("__")
            ):
                found.append(f"{where}:{node.lineno} uses {node.value.id}.{node.attr}")
    return sorted(found)


# ---- the rules ------------------------------------------------------------------------------


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


def test_no_import_loops() -> None:
    loops = import_loops(import_graph())
    assert loops == [], f"import loops (give the shared concept one owner): {loops}"


def package_of(module: str, root: Path = PACKAGE) -> str:
    """The package a module belongs to. Modules directly in the root package (the version in
    `__init__`, the console entry, `__main__`) are nodes of their own: they are not a
    subsystem, and the entry's imports of the CLI are not the version's."""
    parts = module.split(".")
    rel = Path(*parts[1:]) if len(parts) > 1 else Path()
    if (root / rel / "__init__.py").exists():
        return module if len(parts) > 1 else f"{module}.__init__"
    if len(parts) == 2:
        return module
    return module.rpartition(".")[0]


def package_graph(root: Path = PACKAGE) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for module, targets in import_graph(root).items():
        here = package_of(module, root)
        graph.setdefault(here, set())
        for target in targets:
            there = package_of(target, root)
            if there != here:
                graph[here].add(there)
    return graph


def test_no_import_loops_between_packages() -> None:
    loops = import_loops(package_graph())
    assert loops == [], f"import loops between packages (move the shared concept inward): {loops}"


def test_no_private_names_across_modules() -> None:
    assert private_imports() == []


def test_only_history_uses_the_git_runner() -> None:
    """storage.history is the one gate for git (rule 7); git_process is its process layer."""
    graph = import_graph()
    users = sorted(m for m, deps in graph.items() if "vaultsync.storage.git_process" in deps)
    assert users == ["vaultsync.storage.history"]


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_modules_stay_small(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").count("\n")
    assert lines <= MAX_LINES, f"{path.name} has {lines} lines: does it hold two concepts?"


def undocumented(doc: str, root: Path = PACKAGE) -> list[str]:
    """Modules the module table of docs/architecture.md does not name (`folder/*` covers a
    folder)."""
    missing = []
    for path in _modules(root):
        if path.name == "__init__.py":
            continue
        rel = path.relative_to(root).as_posix()
        folder = rel.rpartition("/")[0]
        if f"`{rel}`" not in doc and not (folder and f"`{folder}/*`" in doc):
            missing.append(rel)
    return missing


def named_but_missing(doc: str, root: Path = PACKAGE) -> list[str]:
    """Module paths (`folder/name.py`) or folders (`folder/`, `folder/*`) the document names
    that exist neither in the package nor in the repository (`tests/...`, `bench/...`)."""
    import re

    missing = []
    for name in re.findall(r"`([a-z_][\w/]*(?:\.py|/\*|/))`", doc):
        name_ = name.removesuffix("*")
        if not (root / name_).exists() and not (root.parent / name_).exists():
            missing.append(name)
    return sorted(set(missing))


def test_every_module_is_in_the_architecture_table() -> None:
    doc = (PACKAGE.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    assert undocumented(doc) == []


def test_the_architecture_table_names_only_modules_that_exist() -> None:
    doc = (PACKAGE.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    assert named_but_missing(doc) == []


def renamed_imports(root: Path = PACKAGE) -> list[str]:
    """Modules imported under another noun (`import reconcile as sync`): a reader who meets
    `sync.` must not have to look up which of the project's meanings it is."""
    found = []
    for path in _modules(root):
        for node in ast.walk(_parse(path)):
            if not isinstance(node, ast.ImportFrom):
                continue
            for alias in node.names:
                if alias.asname in {"sync", "reconcile", "refresh"} and alias.asname != alias.name:
                    rel = path.relative_to(root).as_posix()
                    found.append(f"{rel}: {alias.name} as {alias.asname}")
    return found


def error_classes(root: Path = PACKAGE) -> dict[str, list[str]]:
    """Exception classes by name -> the modules defining one of that name."""
    found: dict[str, list[str]] = {}
    for path in _modules(root):
        for node in ast.walk(_parse(path)):
            if isinstance(node, ast.ClassDef) and node.name.endswith("Error"):
                found.setdefault(node.name, []).append(path.relative_to(root).as_posix())
    return found


def test_the_three_meanings_of_sync_have_three_names() -> None:
    """`sync`: the git remote (services/vault/remote.py, `vaultsync sync`); `reconcile`: the
    index and derived files catch up with the vault (services/derived/reconcile.py);
    `refresh`: the vectors catch up with the index (storage/vectors/store.py). One error class
    per meaning, no module imported under another meaning's name."""
    assert renamed_imports() == []
    classes = error_classes()
    assert classes.get("SyncError") == ["services/vault/remote.py"]
    assert classes.get("ReconcileError") == ["services/derived/reconcile.py"]
    doubled = {name: where for name, where in classes.items() if len(where) > 1}
    assert doubled == {}


_STATE_ROOTS = {"state_dir", "vaultsync_home"}


def state_files(root: Path = PACKAGE) -> dict[str, set[str]]:
    """Every file or folder named under the per-machine state (`state_dir(v) / "name"`,
    `vaultsync_home() / "name"`) -> the modules that spell that name."""
    found: dict[str, set[str]] = {}
    for path in _modules(root):
        for node in ast.walk(_parse(path)):
            if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div)):
                continue
            left, right = node.left, node.right
            if not (isinstance(left, ast.Call) and isinstance(right, ast.Constant)):
                continue
            f = left.func
            called = f.id if isinstance(f, ast.Name) else getattr(f, "attr", "")
            if called in _STATE_ROOTS and isinstance(right.value, str):
                found.setdefault(right.value, set()).add(path.relative_to(root).as_posix())
    return found


def queue_readers(root: Path = PACKAGE) -> list[str]:
    """Modules that name the queue markers' folder: only core/queue.py reads or writes it."""
    owners = {"core/queue.py", "core/paths.py"}
    return sorted(
        rel
        for path in _modules(root)
        if (rel := path.relative_to(root).as_posix()) not in owners
        and "queue_dir(" in path.read_text(encoding="utf-8")
    )


def test_each_state_file_has_one_owner() -> None:
    """A file under the state folder (the session pointers, the index lock, the watcher's
    heartbeat...) is spelled by one module; the rest ask it (core/paths.py for the shared
    ones), so two modules never disagree on where a thing lives."""
    shared = {name: sorted(mods) for name, mods in state_files().items() if len(mods) > 1}
    assert shared == {}


def test_only_the_queue_module_reads_queue_markers() -> None:
    assert queue_readers() == []


# ---- each checker can fail ------------------------------------------------------------------


def test_layer_test_can_fail(tmp_path: Path) -> None:
    """The checker itself must see a forbidden import."""
    bad = tmp_path / "bad.py"
    bad.write_text("from vaultsync.services import learn\nimport yaml\n", encoding="utf-8")
    names = [n for n, _ in _imports(bad)]
    assert "vaultsync.services" in names and "yaml" in names


def _package(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "pkg"
    for rel, text in {"__init__.py": "", **files}.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return root


def test_loop_check_can_fail(tmp_path: Path) -> None:
    root = _package(tmp_path, {
        "core/__init__.py": "",
        "core/a.py": "from pkg.core import b\n",  # module level
        "core/b.py": "def f():\n    from pkg.core.a import x\n",  # lazy: still a loop
        "core/c.py": "from . import d\n",  # relative imports count too
        "core/d.py": "import pkg.core.c\n",
        "core/e.py": "TYPE_CHECKING = False\nif TYPE_CHECKING:\n    from pkg.core import f\n",
        "core/f.py": "from pkg.core import e\n",  # type-only the other way: no loop
    })  # fmt: skip
    assert import_loops(import_graph(root)) == [
        ["pkg.core.a", "pkg.core.b"], ["pkg.core.c", "pkg.core.d"]]  # fmt: skip


def test_private_name_check_can_fail(tmp_path: Path) -> None:
    root = _package(tmp_path, {
        "a.py": "def _helper(): ...\nclass __Dunder: ...\n",
        "b.py": "from pkg.a import _helper\n",
        "c.py": "from pkg import a\na._helper()\nimport pkg.a as m\nm._x\n",
        "d.py": "from pkg.a import helper\nimport os\nos._exit\n",  # fine
    })  # fmt: skip
    assert private_imports(root) == [
        "pkg/b.py:1 imports _helper",
        "pkg/c.py:2 uses a._helper",
        "pkg/c.py:4 uses m._x",
    ]


def test_size_check_can_fail(tmp_path: Path) -> None:
    big = tmp_path / "big.py"
    big.write_text("x = 1\n" * (MAX_LINES + 1), encoding="utf-8")
    with pytest.raises(AssertionError, match="two concepts"):
        test_modules_stay_small(big)


def test_module_table_check_can_fail(tmp_path: Path) -> None:
    root = _package(tmp_path, {"core/a.py": "", "adapters/cli/x.py": "", "core/b.py": ""})
    assert undocumented("`core/a.py` and `adapters/cli/*`", root) == ["core/b.py"]


def test_package_loop_check_can_fail(tmp_path: Path) -> None:
    root = _package(tmp_path, {
        "core/__init__.py": "",
        "core/a.py": "from pkg.services import b\n",
        "services/__init__.py": "",
        "services/b.py": "",
        "services/c.py": "from pkg.core import d\n",
        "core/d.py": "",
        "entry.py": "from pkg.services import b\n",  # a root module is a node of its own
        "services/e.py": "import pkg\n",
    })  # fmt: skip
    assert import_loops(package_graph(root)) == [["pkg.core", "pkg.services"]]


def test_named_but_missing_can_fail(tmp_path: Path) -> None:
    root = _package(tmp_path, {"core/a.py": "", "adapters/cli/x.py": ""})
    doc = "`core/a.py`, `core/gone.py`, `adapters/cli/*`, `adapters/mcp/`"
    assert named_but_missing(doc, root) == ["adapters/mcp/", "core/gone.py"]


# ---- no speed tricks ------------------------------------------------------------------------
# What ties the code to the interpreter's internals, or makes a plain import, regex or class
# mean something else here: a private standard-library module (`_sre`, `_sha256`, ...),
# marshalled code, code run from strings or kept code objects, modules made or swapped by
# hand.
_TRICK_MODULES = {"marshal", "imp", "importlib.machinery", "importlib.abc"}
_TRICK_CALLS = {"exec", "eval", "compile", "__import__", "ModuleType"}


def speed_tricks(root: Path = PACKAGE) -> list[str]:
    found = []
    for path in _modules(root):
        rel = path.relative_to(root.parent)
        for node in ast.walk(_parse(path)):
            where = f"{rel}:{getattr(node, 'lineno', 0)}"
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for name in names:
                top = name.split(".")[0]
                if name in _TRICK_MODULES or (top[:1] == "_" != top[1:2] and top in STDLIB):
                    found.append(f"{where} imports {name}")
            if isinstance(node, ast.Call):
                f = node.func
                called = f.id if isinstance(f, ast.Name) else f.attr if isinstance(
                    f, ast.Attribute) else ""  # fmt: skip
                if called in _TRICK_CALLS and not (called == "compile" and isinstance(
                        f, ast.Attribute) and getattr(f.value, "id", "") == "re"):  # fmt: skip
                    found.append(f"{where} calls {called}")
            targets: list[ast.expr] = []
            if isinstance(node, ast.Assign | ast.Delete):
                targets = node.targets
            elif isinstance(node, ast.AugAssign | ast.AnnAssign):
                targets = [node.target]
            for t in targets:
                if isinstance(t, ast.Subscript) and ast.unparse(t.value) == "sys.modules":
                    found.append(f"{where} changes sys.modules")
            if isinstance(node, ast.Attribute) and ast.unparse(node) in (
                "sys.modules.update", "sys.modules.setdefault", "sys.modules.pop"):  # fmt: skip
                found.append(f"{where} changes sys.modules")
    return sorted(found)


def test_no_speed_tricks() -> None:
    assert speed_tricks() == []


def test_speed_trick_check_can_fail(tmp_path: Path) -> None:
    root = _package(tmp_path, {
        "a.py": "import marshal\nfrom _sre import compile\nimport re\nre.compile('x')\n",
        "b.py": "import sys, types\nsys.modules['x'] = types.ModuleType('x')\n"
                "del sys.modules['x']\nsys.modules.setdefault('y', None)\n",
        "c.py": "exec(code)\nh = __import__('_sha256')\n",
    })  # fmt: skip
    assert speed_tricks(root) == [
        "pkg/a.py:1 imports marshal",
        "pkg/a.py:2 imports _sre",
        "pkg/b.py:2 calls ModuleType",
        "pkg/b.py:2 changes sys.modules",
        "pkg/b.py:3 changes sys.modules",
        "pkg/b.py:4 changes sys.modules",
        "pkg/c.py:1 calls exec",
        "pkg/c.py:2 calls __import__",
    ]


def test_naming_checks_can_fail(tmp_path: Path) -> None:
    root = _package(
        tmp_path,
        {
            "a.py": "from pkg.services.derived import reconcile as sync\n",
            "b.py": "class SyncError(Exception): ...\n",
            "c.py": "class SyncError(Exception): ...\n",
        },
    )
    assert renamed_imports(root) == ["a.py: reconcile as sync"]
    assert error_classes(root)["SyncError"] == ["b.py", "c.py"]


def test_owner_checks_can_fail(tmp_path: Path) -> None:
    root = _package(
        tmp_path,
        {
            "a.py": "x = paths.state_dir(v) / 'index.lock'\n",
            "b.py": "y = state_dir(v) / 'index.lock'\nfolder = paths.queue_dir(v)\n",
        },
    )
    assert state_files(root) == {"index.lock": {"a.py", "b.py"}}
    assert queue_readers(root) == ["b.py"]


# Files the product itself reads or writes (in a vault or an agent's folder), named in docs.
PRODUCT_FILES = {
    "USER.md",
    "AGENT.md",
    "SKILL.md",
    "CLAUDE.md",
    "MEMORY.md",
    "AGENTS.md",
    "GEMINI.md",
}


def outside_references(root: Path) -> list[str]:
    """Upper-case markdown files cited by the docs or the package that are neither in the
    repository nor files the product works with, and issue numbers: the docs and the code
    speak of the project alone."""
    texts = [root / "README.md", *(root / "docs").glob("*.md"), *_modules(root / "vaultsync")]
    present = {p.name for p in root.rglob("*.md") if ".git" not in p.parts}
    found = []
    for path in texts:
        if not path.is_file():
            continue
        text = path.read_text(encoding="utf-8")
        rel = path.relative_to(root).as_posix()
        for name in sorted(set(re.findall(r"\b[A-Z][A-Z_-]+\.md\b", text))):
            if name not in present and name not in PRODUCT_FILES:
                found.append(f"{rel}: {name}")
        found += [f"{rel}: {m}" for m in re.findall(r"\b[Ii]ssues? #?\d+\b", text)]
    return found


def test_docs_and_code_cite_nothing_outside_the_repository() -> None:
    assert outside_references(PACKAGE.parent) == []


# A file of the repository cited in backticks (`tests/core/hook/test_spool.py::test_x`), not in
# a command line; bench/.data is what the benches write, not the repository.
_CITED = re.compile(r"`((?:tests|bench|scripts|docs|vaultsync)/[\w./-]+\.(?:py|md|sh|toml))\b")


def missing_cited_files(root: Path) -> list[str]:
    """Repository files the README and docs cite that do not exist (moved or renamed)."""
    found = []
    for path in [root / "README.md", *sorted((root / "docs").glob("*.md"))]:
        if not path.is_file():
            continue
        cited = set(_CITED.findall(path.read_text(encoding="utf-8")))
        rel = path.relative_to(root).as_posix()
        found += [f"{rel}: {c}" for c in sorted(cited) if not (root / c).exists()
                  and not c.startswith("bench/.data/")]  # fmt: skip
    return found


def test_the_docs_cite_only_files_that_exist() -> None:
    assert missing_cited_files(PACKAGE.parent) == []


def test_cited_file_check_can_fail(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "tests" / "core").mkdir(parents=True)
    (tmp_path / "tests" / "core" / "test_a.py").write_text("", encoding="utf-8")
    (tmp_path / "docs" / "x.md").write_text(
        "`tests/core/test_a.py::test_b`, `tests/core/test_spool.py::test_c`, "
        "`pytest tests/test_csv.py`, `bench/.data/results.json`\n",
        encoding="utf-8",
    )
    assert missing_cited_files(tmp_path) == ["docs/x.md: tests/core/test_spool.py"]


def test_outside_reference_check_can_fail(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "vaultsync").mkdir()
    (tmp_path / "README.md").write_text("See FLOORS.md and USER.md.\n", encoding="utf-8")
    (tmp_path / "vaultsync" / "a.py").write_text('"""Fixed for issue 15."""\n', encoding="utf-8")
    assert outside_references(tmp_path) == ["README.md: FLOORS.md", "vaultsync/a.py: issue 15"]
