"""vaultsync's entries in a YAML (Hermes) or TOML (Codex) configuration, found by what they are
rather than by the comment lines install put around them.

Install writes its entries between marker comments so a person's own comments and layout
survive. The agents' own writers drop comments: `hermes config set KEY VALUE` dumps the whole
config.yaml again, `codex mcp add` rewrites config.toml. After that the markers are gone (or
one is left somewhere else) and only the content says which entries are vaultsync's: a hook
whose command is `… vaultsync-hook --agent NAME`, a server named `vaultsync` whose command is
`…/vaultsync mcp`. These functions remove such entries from the text, line by line (everything
else keeps its bytes), then parse the result and compare it with the parsed original minus
exactly those entries; when the two differ nothing is changed and the caller says what to do
by hand.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

Line = str


class NotRemovable(ValueError):
    """The entries could not be taken out of the text safely."""


def _indent(line: Line) -> int:
    stripped = line.rstrip("\r\n")
    return len(stripped) - len(stripped.lstrip(" "))


def _blank(line: Line) -> bool:
    text = line.strip()
    return not text or text.startswith("#")


def _block_end(lines: list[Line], start: int, indent: int, *, key: bool) -> int:
    """The end (exclusive) of the block that the line before `start` opens: the following
    lines indented deeper than `indent` (for a key also a sequence at its own indent), blank
    and comment lines inside it included, those after its last line not."""
    end = start
    j = start
    while j < len(lines):
        line = lines[j]
        if _blank(line):
            j += 1
            continue
        deeper = _indent(line) > indent
        same_seq = key and _indent(line) == indent and line.lstrip(" ").startswith("- ")
        if not (deeper or same_seq):
            break
        j += 1
        end = j
    return end


def _top_key(lines: list[Line], name: str) -> int | None:
    pattern = re.compile(rf"^{re.escape(name)}:[ \t]*(#.*)?\r?\n?$")
    return next((i for i, line in enumerate(lines) if pattern.match(line)), None)


def _load_yaml(text: str) -> Any:
    import yaml

    try:
        return yaml.safe_load(text) if text.strip() else {}
    except yaml.YAMLError as exc:
        raise NotRemovable(f"not valid YAML ({exc})") from exc


def _dedented(lines: list[Line]) -> str:
    indent = min((_indent(line) for line in lines if not _blank(line)), default=0)
    return "".join(line[indent:] if len(line) > indent else line for line in lines)


def _drop_empty_key(lines: list[Line], at: int, *, key: bool = True) -> bool:
    """Remove the key line at `at` when its block is empty now; whether it did."""
    indent = _indent(lines[at])
    if _block_end(lines, at + 1, indent, key=key) == at + 1:
        del lines[at]
        return True
    return False


# --- Hermes config.yaml: hooks ------------------------------------------------------------


def yaml_without_hooks(text: str, is_ours: Callable[[Any], bool]) -> str:
    """`text` without the `hooks.<event>` items `is_ours` accepts; an event left with no item
    and a `hooks:` left empty go too."""
    lines = text.splitlines(keepends=True)
    top = _top_key(lines, "hooks")
    if top is None:
        return text
    end = _block_end(lines, top + 1, 0, key=True)
    i = top + 1
    emptied: list[int] = []
    owner = None  # the event key line the items belong to
    while i < end:
        line = lines[i]
        if (
            not _blank(line)
            and not line.lstrip(" ").startswith("- ")
            and line.rstrip().endswith(":")
        ):
            owner = i
        if line.lstrip(" ").startswith("- "):
            item_end = _block_end(lines, i + 1, _indent(line), key=False)
            try:
                item = _load_yaml(_dedented(lines[i:item_end]))
            except NotRemovable:
                item = None
            if isinstance(item, list) and len(item) == 1 and is_ours(item[0]):
                del lines[i:item_end]
                end -= item_end - i
                if owner is not None and owner not in emptied:
                    emptied.append(owner)
                continue
            i = item_end
            continue
        i += 1
    for at in sorted(emptied, reverse=True):
        _drop_empty_key(lines, at)
    if emptied:
        _drop_empty_key(lines, top)
    return "".join(lines)


def expected_without_hooks(data: Any, is_ours: Callable[[Any], bool]) -> Any:
    if not isinstance(data, dict) or not isinstance(data.get("hooks"), dict):
        return data
    out = dict(data)
    hooks = dict(out["hooks"])
    changed = False
    for event, items in list(hooks.items()):
        if isinstance(items, list) and any(is_ours(x) for x in items):
            kept = [x for x in items if not is_ours(x)]
            changed = True
            if kept:
                hooks[event] = kept
            else:
                del hooks[event]
    if changed:
        if hooks:
            out["hooks"] = hooks
        else:
            del out["hooks"]
    return out


# --- Hermes config.yaml: a top-level mapping entry (mcp_servers.vaultsync, memory.provider) -----


def yaml_without_entry(text: str, parent: str, name: str, is_ours: Callable[[Any], bool]) -> str:
    """`text` without `parent.name` when `is_ours` accepts its value; `parent:` left empty
    goes too."""
    lines = text.splitlines(keepends=True)
    top = _top_key(lines, parent)
    if top is None:
        return text
    end = _block_end(lines, top + 1, 0, key=True)
    pattern = re.compile(rf"^[ ]+['\"]?{re.escape(name)}['\"]?:([ \t].*)?\r?\n?$")
    for i in range(top + 1, end):
        line = lines[i]
        if _blank(line) or not pattern.match(line):
            continue
        entry_end = _block_end(lines, i + 1, _indent(line), key=True)
        value = _load_yaml(_dedented(lines[i:entry_end]))
        if isinstance(value, dict) and is_ours(value.get(name)):
            del lines[i:entry_end]
            _drop_empty_key(lines, top)
        break
    return "".join(lines)


def expected_without_entry(
    data: Any, parent: str, name: str, is_ours: Callable[[Any], bool]
) -> Any:
    section = data.get(parent) if isinstance(data, dict) else None
    if not isinstance(section, dict) or name not in section or not is_ours(section[name]):
        return data
    out = dict(data)
    rest = {k: v for k, v in section.items() if k != name}
    if rest:
        out[parent] = rest
    else:
        del out[parent]
    return out


def checked_yaml(original: str, result: str, expected: Callable[[Any], Any]) -> str:
    """`result`, once its data is the original's minus vaultsync's entries."""
    if _load_yaml(result) != expected(_load_yaml(original)):
        raise NotRemovable("the entries could not be taken out without changing anything else")
    return result


# --- Codex config.toml: [mcp_servers.vaultsync] ---------------------------------------------

_HEADER = re.compile(r"^[ \t]*\[")


def toml_without_table(text: str, dotted: tuple[str, str]) -> str:
    """`text` without the table `[a.b]` (and its sub-tables `[a.b.c]`)."""
    a, b = (re.escape(x) for x in dotted)
    name = (
        rf"[ \t]*\[[ \t]*{a}[ \t]*\.[ \t]*(?:{b}|\"{b}\"|'{b}')[ \t]*(?:\.[^\]]*)?\][ \t]*(?:#.*)?"
    )
    ours = re.compile(rf"^{name}\r?\n?$")
    lines = text.splitlines(keepends=True)
    out: list[Line] = []
    skipping = False
    for line in lines:
        if _HEADER.match(line):
            skipping = not line.lstrip().startswith("[[") and bool(ours.match(line))
        if not skipping:
            out.append(line)
    result = "".join(out)
    # A table removed at the end leaves the blank line that separated it: not the person's.
    while result.endswith("\n\n") and not text.endswith("\n\n"):
        result = result[:-1]
    return result


def checked_toml(original: str, result: str, dotted: tuple[str, str]) -> str:
    import tomllib

    try:
        before = tomllib.loads(original)
        after = tomllib.loads(result)
    except tomllib.TOMLDecodeError as exc:
        raise NotRemovable(f"not valid TOML ({exc})") from exc
    a, b = dotted
    section = before.get(a)
    if isinstance(section, dict) and b in section:
        section = {k: v for k, v in section.items() if k != b}
        if section:
            before[a] = section
        else:
            del before[a]
    if after != before:
        raise NotRemovable("the entry could not be taken out without changing anything else")
    return result
