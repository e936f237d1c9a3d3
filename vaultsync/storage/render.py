"""Templates for generated notes: a tiny, logic-less language that cannot run code.

Syntax (documented for vault owners in docs/vault-format.md):

    {{name}}                  a value from the data; `a.b` looks into nested mappings
    {{#each items}}...{{/each}}   repeat for each item; inside, the item's keys come first,
                              then the outer names; `{{.}}` is the item itself
    {{#if name}}...{{else}}...{{/if}}   a value counts as true unless it is empty, 0 or false
    {{!comment}}              dropped

A line that holds only a block tag or a comment (and whitespace) vanishes with its line break,
so templates can put tags on lines of their own without leaving blank lines in the markdown.

Why not Jinja or `str.format`: a vault's templates travel with the vault (other machines, other
people), so rendering must not be able to reach attributes, call anything or loop forever. Only
mappings, sequences and scalars from the caller's data are visible. An unknown name is an error
that says where, so a typo in a person's override fails loudly instead of rendering blank.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from vaultsync.core import paths
from vaultsync.storage import vault_files

_COMMENT = r"\{\{!(?:(?!\}\}).)*\}\}"
_TAG = re.compile(_COMMENT + r"|\{\{\s*([#/]?)\s*([^{}]*?)\s*\}\}", re.DOTALL)
# A block tag, `else` or a comment alone on its line: the line and its break vanish.
_STANDALONE = re.compile(
    r"^[ \t]*(" + _COMMENT + r"|\{\{\s*[#/][^{}]*\}\}|\{\{\s*else\s*\}\})[ \t]*(?:\r?\n|\Z)",
    re.MULTILINE | re.DOTALL,
)
_NAME = re.compile(r"^(?:\.|[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)*)$")
_BLOCKS = frozenset({"each", "if"})
MAX_OUTPUT_CHARS = 4_000_000  # a runaway template over huge data stops here, not in swap


class TemplateError(ValueError):
    """A template cannot be parsed or rendered; the message names the template and line."""


@dataclass(frozen=True)
class _Text:
    text: str


@dataclass(frozen=True)
class _Var:
    name: str
    line: int


@dataclass(frozen=True)
class _Block:
    kind: str  # "each" | "if"
    name: str
    line: int
    body: tuple[_Node, ...] = ()
    orelse: tuple[_Node, ...] = ()


_Node = _Text | _Var | _Block


@dataclass(frozen=True)
class Template:
    """A parsed template; `render` may be called any number of times."""

    name: str
    nodes: tuple[_Node, ...] = field(repr=False)

    def render(self, data: Mapping[str, Any]) -> str:
        out = _Output()
        _render(self.nodes, [data], out, self.name)
        return "".join(out.parts)


class _Output:
    def __init__(self) -> None:
        self.parts: list[str] = []
        self.size = 0

    def add(self, text: str, template: str) -> None:
        self.size += len(text)
        if self.size > MAX_OUTPUT_CHARS:
            raise TemplateError(f"{template}: output exceeds {MAX_OUTPUT_CHARS} characters")
        self.parts.append(text)


def _strip_standalone(source: str) -> str:
    return _STANDALONE.sub(lambda m: m.group(1), source)


def parse(source: str, name: str = "<template>") -> Template:
    source = _strip_standalone(source)
    root: list[_Node] = []
    # Each open block: (kind, name, line, body list, else list or None)
    stack: list[tuple[str, str, int, list[_Node], list[_Node] | None]] = []

    def target() -> list[_Node]:
        if not stack:
            return root
        top = stack[-1]
        return top[4] if top[4] is not None else top[3]

    pos = 0
    for match in _TAG.finditer(source):
        if match.start() > pos:
            target().append(_Text(source[pos : match.start()]))
        pos = match.end()
        line = source.count("\n", 0, match.start()) + 1
        if match.group(0).startswith("{{!"):
            continue
        sigil, inner = match.group(1), match.group(2)
        if sigil == "#":
            kind, _, arg = inner.partition(" ")
            arg = arg.strip()
            if kind not in _BLOCKS:
                raise TemplateError(
                    f"{name}:{line}: unknown block {{{{#{kind}}}}} (use each or if)"
                )
            if not _NAME.match(arg):
                raise TemplateError(f"{name}:{line}: {{{{#{kind}}}}} needs a name, got {arg!r}")
            stack.append((kind, arg, line, [], None))
        elif sigil == "/":
            if not stack:
                raise TemplateError(f"{name}:{line}: {{{{/{inner}}}}} closes nothing")
            kind, arg, opened, body, orelse = stack.pop()
            if inner != kind:
                raise TemplateError(
                    f"{name}:{line}: {{{{/{inner}}}}} closes {{{{#{kind}}}}} from line {opened}"
                )
            target().append(_Block(kind, arg, opened, tuple(body), tuple(orelse or ())))
        elif inner == "else":
            if not stack or stack[-1][0] != "if" or stack[-1][4] is not None:
                raise TemplateError(f"{name}:{line}: {{{{else}}}} outside {{{{#if}}}}")
            kind, arg, opened, body, _ = stack.pop()
            stack.append((kind, arg, opened, body, []))
        else:
            if not _NAME.match(inner):
                raise TemplateError(f"{name}:{line}: not a name: {{{{{inner}}}}}")
            target().append(_Var(inner, line))
    if pos < len(source):
        target().append(_Text(source[pos:]))
    if stack:
        kind, _, opened, _, _ = stack[-1]
        raise TemplateError(f"{name}:{opened}: {{{{#{kind}}}}} is never closed")
    if "{{" in "".join(n.text for n in _texts(root)):
        raise TemplateError(f"{name}: a '{{{{' is never closed with '}}}}'")
    return Template(name, tuple(root))


def _texts(nodes: Sequence[_Node]) -> list[_Text]:
    found: list[_Text] = []
    for node in nodes:
        if isinstance(node, _Text):
            found.append(node)
        elif isinstance(node, _Block):
            found += _texts(node.body) + _texts(node.orelse)
    return found


def _lookup(name: str, scopes: list[Any], template: str, line: int) -> Any:
    if name == ".":
        return scopes[-1]
    head, *rest = name.split(".")
    for scope in reversed(scopes):
        if isinstance(scope, Mapping) and head in scope:
            value = scope[head]
            break
    else:
        raise TemplateError(f"{template}:{line}: unknown name {head!r}")
    for part in rest:
        if not isinstance(value, Mapping) or part not in value:
            raise TemplateError(f"{template}:{line}: {name!r} has no {part!r}")
        value = value[part]
    return value


def _text_of(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Mapping | list | tuple):
        raise TypeError("a list or mapping cannot be printed")
    return str(value)


def _render(nodes: Sequence[_Node], scopes: list[Any], out: _Output, template: str) -> None:
    for node in nodes:
        if isinstance(node, _Text):
            out.add(node.text, template)
        elif isinstance(node, _Var):
            value = _lookup(node.name, scopes, template, node.line)
            try:
                text = _text_of(value)
            except TypeError as exc:
                raise TemplateError(f"{template}:{node.line}: {node.name!r}: {exc}") from None
            out.add(text, template)
        elif node.kind == "if":
            value = _lookup(node.name, scopes, template, node.line)
            _render(node.body if value else node.orelse, scopes, out, template)
        else:
            items = _lookup(node.name, scopes, template, node.line)
            if items is None:
                continue
            if isinstance(items, str | bytes | Mapping) or not isinstance(items, Sequence):
                raise TemplateError(f"{template}:{node.line}: {node.name!r} is not a list")
            for item in items:
                scopes.append(item)
                try:
                    _render(node.body, scopes, out, template)
                finally:
                    scopes.pop()


def render(source: str, data: Mapping[str, Any], name: str = "<template>") -> str:
    return parse(source, name).render(data)


def builtin_template(filename: str) -> str:
    """A template shipped with the package (vaultsync/resources/templates/)."""
    ref = resources.files("vaultsync").joinpath("resources", "templates", filename)
    return ref.read_text(encoding="utf-8")


def load_template(vault: Path, filename: str, configured: str = "") -> tuple[str, str]:
    """(template text, where it came from), first match wins.

    1. `configured`: a path from the `templates` config section, relative to the vault;
    2. the vault's override folder `.vaultsync/templates/<filename>`;
    3. the template shipped with vaultsync.
    A configured path that is missing is an error: silently falling back would hide the typo.
    """
    # Through the vault boundary: a template that is a symlink (to anything) or leaves the
    # vault is refused, never followed: its text would go into USER.md and every session start.
    if configured:
        try:
            rel = vault_files.resolve(vault, configured, cwd=vault)
            return vault_files.read_text(vault, rel), configured
        except vault_files.OutsideVault as exc:
            raise TemplateError(f"template path {configured!r}: {exc}") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise TemplateError(f"cannot read template {configured!r}: {exc}") from None
    rel = f"{paths.TEMPLATE_OVERRIDE_DIR}/{filename}"
    if vault_files.kind(vault, rel) != vault_files.MISSING:
        try:
            return vault_files.read_text(vault, rel), rel
        except (OSError, UnicodeDecodeError) as exc:
            raise TemplateError(f"cannot read template {rel}: {exc}") from None
    return builtin_template(filename), f"vaultsync:{filename}"
