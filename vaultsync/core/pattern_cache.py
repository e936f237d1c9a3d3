"""Compiled regular expressions kept between processes, so a hook call or a `redact` does not
compile the redactor's patterns again every time.

Python's `re` compiles a pattern in Python code (parse, then generate the matcher's code) and
caches the result only inside the process. The redactor's patterns cost 3-4 ms of every hook
call and ~20 ms of a `redact` on 100 KB, more than the matching itself. Turning the generated
code into a pattern object (`_sre.compile`) costs microseconds, so the code is kept in one file:
`<vaultsync home>/cache/patterns-<python>.bin` (0600, in a 0700 folder, outside the vault).

Exactly what `re.compile` builds, or nothing:
- an entry is stored only after the pattern built from it compared equal to the one
  `re.compile` made (same flags, code, pattern text, groups and group names);
- the file is keyed by the exact interpreter build and `_sre`'s magic number and code size, and
  carries a CRC of its content; anything unexpected (another Python, a torn or damaged file, an
  unknown layout) means an empty cache: patterns are compiled by `re`, and the file is rewritten;
- it holds the patterns' text and code only, never the text they are run on. Like a `.pyc` file,
  it is trusted as much as the folder it sits in.

The same file keeps the code of the methods core/frozen_record generates for the core's record
classes (`compile_code`; ~1.5 ms of every hook call, measured end to end), as a `.pyc` file
does for a module, and the rule tables' parse (`data`). An entry is keyed by the exact
source, so a changed class never gets another class's code.

`VAULTSYNC_PATTERN_CACHE=0` turns it off (the bench measures the cold cost that way).
Standard library only, on the hook path.
"""

from __future__ import annotations

import os
import re
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

FORMAT = 2
MAX_ENTRIES = 2000  # past this (rules changed many times), the file restarts from this process

# (pattern, flags) -> the marshalled arguments of `_sre.compile`: decoded only when that
# pattern is asked for (the file holds ~120 KB of code; a hook call needs a few entries of it).
_loaded: dict[tuple[str, int], bytes] | None = None
_new: dict[tuple[str, int], bytes] = {}
_used: set[tuple[str, int]] = set()


def _tag() -> str:
    import _sre

    return f"{FORMAT}|{sys.version}|{sys.implementation.cache_tag}|{_sre.MAGIC}|{_sre.CODESIZE}"


def cache_file() -> str:
    """Mirrors `paths.vaultsync_home` without importing pathlib (tests check they agree)."""
    home = os.environ.get("VAULTSYNC_HOME")
    if not home:
        xdg = os.environ.get("XDG_DATA_HOME")
        home = os.path.join(xdg or os.path.join("~", ".local", "share"), "vaultsync")
    tag = sys.implementation.cache_tag or "python"
    return os.path.join(os.path.expanduser(home), "cache", f"patterns-{tag}.bin")


def enabled() -> bool:
    return os.environ.get("VAULTSYNC_PATTERN_CACHE", "1") != "0"


def _read() -> dict[tuple[str, int], bytes]:
    import binascii
    import marshal

    try:
        with open(cache_file(), "rb") as fh:
            outer = marshal.loads(fh.read())
        tag, crc, blob = outer
        if tag != _tag() or binascii.crc32(blob) != crc:
            return {}
        entries = marshal.loads(blob)
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    return entries if isinstance(entries, dict) else {}


def _entries() -> dict[tuple[str, int], bytes]:
    global _loaded
    if _loaded is None:
        _loaded = _read() if enabled() else {}
    return _loaded


_can_write: bool | None = None


def _writable() -> bool:
    """Can this process store what it compiles? If not (a read-only home), it does not spend
    a second compile on each pattern to prepare an entry it cannot keep."""
    global _can_write
    if _can_write is None:
        folder = os.path.dirname(cache_file())
        try:
            os.makedirs(folder, mode=0o700, exist_ok=True)
            _can_write = os.access(folder, os.W_OK)
        except OSError:
            _can_write = False
    return _can_write


def _flag_value(flags: Any) -> int:
    return int(getattr(flags, "value", flags))


def compile(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """`re.compile(pattern, flags)` for a str pattern, from the cache when it holds it."""
    flags = _flag_value(flags)
    key = (pattern, flags)
    entries = _entries()
    stored = entries.get(key)
    if stored is not None:
        try:
            import _sre
            import marshal

            built: re.Pattern[str] = _sre.compile(pattern, *marshal.loads(stored))
            _used.add(key)
            return built
        except Exception:  # a damaged entry: compile it the usual way, and store it again
            entries.pop(key, None)
    compiled = re.compile(pattern, flags)
    if enabled() and _writable():
        args = _code_of(pattern, flags, compiled)
        if args is not None:
            import marshal

            entries[key] = _new[key] = marshal.dumps(args)
            _used.add(key)
    return compiled


def _code_of(pattern: str, flags: int, compiled: re.Pattern[str]) -> tuple[Any, ...] | None:
    """The arguments `re` gave `_sre.compile` for `pattern`, if rebuilding from them gives a
    pattern equal to `compiled` in every respect; else None (nothing is stored)."""
    try:
        import _sre
        from re import _compiler, _parser  # type: ignore[attr-defined]

        tree = _parser.parse(pattern, flags)
        code = [int(op) for op in _compiler._code(tree, flags)]
        groupindex = dict(tree.state.groupdict)
        indexgroup: list[str | None] = [None] * tree.state.groups
        for name, i in groupindex.items():
            indexgroup[i] = name
        args = (int(flags | tree.state.flags), code, tree.state.groups - 1, groupindex,
                tuple(indexgroup))  # fmt: skip
        again = _sre.compile(pattern, *args)
    except Exception:  # another Python's internals: no cache, nothing lost
        return None
    same = (
        again == compiled
        and again.flags == compiled.flags
        and again.groups == compiled.groups
        and dict(again.groupindex) == dict(compiled.groupindex)
    )
    return args if same else None


CODE = -1  # the "flags" of a code entry: no regex has negative flags
DATA = -2  # the "flags" of a data entry


def compile_code(source: str, filename: str) -> Any:
    """`compile(source, filename, "exec")`, from the cache when it holds it."""
    import builtins
    import types

    def accept(code: Any) -> bool:
        return type(code) is types.CodeType and code.co_filename == filename

    return _kept((source, CODE), lambda: builtins.compile(source, filename, "exec"), accept)


def data(key: str, build: Callable[[], Any], use: Callable[[Any], Any]) -> Any:
    """`use(build())`, where `build()` is a value marshal can hold, kept under `key` (which
    must name everything the value is computed from): the rule tables' parse (~0.9 ms, timed
    in one process). A kept value `use` fails on (kept by another version of the code that
    built it) is built again and kept instead."""
    used: list[Any] = []

    def accept(value: Any) -> bool:
        try:
            used.append(use(value))
        except Exception:
            return False
        return True

    value = _kept((key, DATA), build, accept)
    return used[-1] if used else use(value)


def _kept(entry: tuple[str, int], build: Callable[[], Any], accept: Callable[[Any], bool]) -> Any:
    """A code or data entry. Stored on a miss without the regex entries' writability probe:
    there is no second compile to save, and a record class is built at import, before a test
    or a command has chosen its home."""
    import marshal

    entries = _entries()
    stored = entries.get(entry)
    if stored is not None:
        try:
            value = marshal.loads(stored)
            ok = accept(value)
        except Exception:  # a damaged entry: built again below, and stored again
            ok = False
        if ok:
            _used.add(entry)
            return value
        entries.pop(entry, None)
    value = build()
    if enabled():
        entries[entry] = _new[entry] = marshal.dumps(value)
        _used.add(entry)
    return value


class Lazy:
    """A regex compiled on first use (through the cache), so importing the rules stays cheap
    for a hook process."""

    __slots__ = ("_rx", "pattern")

    def __init__(self, pattern: str) -> None:
        self.pattern = pattern
        self._rx: re.Pattern[str] | None = None

    def __getattr__(self, name: str) -> Any:
        if self._rx is None:
            self._rx = compile(self.pattern)
        return getattr(self._rx, name)


def save() -> None:
    """Write what this process compiled, merged with what the file holds now (another process
    may have added to it meanwhile). Never raises: a cache that cannot be written only costs
    the next process the compiling."""
    if not _new or not enabled():
        return
    import binascii
    import marshal

    target = cache_file()
    try:
        merged = _read()
        if len(merged) + len(_new) > MAX_ENTRIES:
            merged = {k: v for k, v in _entries().items() if k in _used}
        merged.update(_new)
        blob = marshal.dumps(merged)
        data = marshal.dumps((_tag(), binascii.crc32(blob), blob))
        folder = os.path.dirname(target)
        os.makedirs(folder, mode=0o700, exist_ok=True)
        tmp = f"{target}.{os.getpid()}.tmp"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
        finally:
            os.close(fd)
        try:
            os.replace(tmp, target)  # readers see the old file or the new one
        except OSError:
            os.unlink(tmp)
            raise
    except (OSError, ValueError):
        return
    _new.clear()
