"""Reading a note: one parse at the boundary into a frozen `Note`.

Frontmatter is split by hand and parsed with libyaml's CSafeLoader when present (35 µs a note
against 240 µs for pure Python, as measured); the body is not parsed as markdown on this path
(markdown-it costs ~1.4 ms a note). A note whose YAML a person broke is still a note: it comes
back with `warning` set and its whole text as the body, so it is indexed, never dropped.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from vaultsync.core import paths
from vaultsync.core.model import Level, NoteType, Scope
from vaultsync.core.properties import get_scalar, split_frontmatter
from vaultsync.storage import vault_files

try:
    _Loader: Any = yaml.CSafeLoader
except AttributeError:  # libyaml missing: slower, same result
    _Loader = yaml.SafeLoader

_WIKILINK = re.compile(r"\[\[([^\[\]|#^]+)(?:[#^][^\[\]|]*)?(?:\|[^\[\]]*)?\]\]")
_H1 = re.compile(r"^# +(.+?)\s*#*\s*$", re.MULTILINE)
_INLINE_TAG = re.compile(r"(?:^|\s)#([\w/-]*[A-Za-z_\u0080-\uffff][\w/-]*)")


MAX_YAML_DEPTH = 64  # deeper nesting is hostile (a 1 KB note 500 deep crashed the parser)
MAX_YAML_NODES = 20_000  # after alias expansion: a 503-byte alias bomb expands to millions


class _Hostile(Exception):
    """Frontmatter whose structure would cost unbounded work to load."""


def _check_shape(yaml_text: str) -> None:
    """Refuse frontmatter nested deeper than MAX_YAML_DEPTH or expanding (through aliases) to
    more than MAX_YAML_NODES values, in time linear in the text: the node graph is composed
    (aliases stay shared references there) and measured without recursion."""
    node = yaml.compose(yaml_text, Loader=_Loader)
    if node is None:
        return
    sizes: dict[int, int] = {}
    # Iterative post-order: (node, depth, children done?)
    stack: list[tuple[Any, int, bool]] = [(node, 1, False)]
    while stack:
        current, depth, done = stack.pop()
        if depth > MAX_YAML_DEPTH:
            raise _Hostile(f"frontmatter nests deeper than {MAX_YAML_DEPTH} levels")
        key = id(current)
        if key in sizes and not done:
            continue
        children = _children(current)
        if not done:
            stack.append((current, depth, True))
            stack.extend((c, depth + 1, False) for c in children if id(c) not in sizes)
            continue
        total = 1 + sum(sizes.get(id(c), 1) for c in children)
        if total > MAX_YAML_NODES:
            raise _Hostile(
                f"frontmatter expands to more than {MAX_YAML_NODES} values (YAML aliases)"
            )
        sizes[key] = total


def _children(node: Any) -> list[Any]:
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    return []


def _risky(yaml_text: str) -> bool:
    """Could this frontmatter nest deep or use aliases? Block YAML deeper than the cap needs
    that much indentation; flow YAML needs that many brackets. Obsidian's properties never do."""
    if "*" in yaml_text or "&" in yaml_text:
        return True
    if yaml_text.count("[") + yaml_text.count("{") >= MAX_YAML_DEPTH // 2:
        return True
    return any(
        len(line) - len(line.lstrip(" -")) >= MAX_YAML_DEPTH for line in yaml_text.splitlines()
    )


def _plain(value: Any) -> Any:
    """YAML values as JSON-able plain data (dates to ISO strings)."""
    if isinstance(value, dt.datetime | dt.date):
        return value.isoformat()
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def _as_list(value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, list | tuple):
        return tuple(str(v) for v in value if v is not None and str(v).strip())
    text = str(value).strip()
    if not text:
        return ()
    return tuple(p.strip() for p in re.split(r"[,\s]+", text) if p.strip())


@dataclass(frozen=True)
class Note:
    rel: str  # path relative to the vault, forward slashes
    type: NoteType
    title: str
    body: str
    props: dict[str, Any] = field(default_factory=dict, hash=False)
    warning: str | None = None  # set when the frontmatter could not be read

    def prop(self, key: str, default: str = "") -> str:
        value = self.props.get(key)
        return default if value is None else str(value)

    @property
    def level(self) -> Level | None:
        return Level.parse(self.props.get("level")) if "level" in self.props else None

    @property
    def scope(self) -> Scope | None:
        return Scope.parse(self.props.get("scope")) if "scope" in self.props else None

    @property
    def agent(self) -> str:
        return self.prop("agent")

    @property
    def session_id(self) -> str:
        return self.prop("session_id")

    @property
    def project(self) -> str:
        return self.prop("project")

    @property
    def status(self) -> str:
        return self.prop("status")

    @property
    def created(self) -> str:
        return self.prop("created")

    @property
    def updated(self) -> str:
        return self.prop("updated") or self.created

    @property
    def priority(self) -> int:
        value = self.props.get("priority", 0)
        try:
            return int(value)
        except (TypeError, ValueError):
            return 0

    @property
    def tags(self) -> tuple[str, ...]:
        declared = tuple(t.lstrip("#") for t in _as_list(self.props.get("tags")))
        inline = tuple(_INLINE_TAG.findall(self.body)) if "#" in self.body else ()
        return tuple(dict.fromkeys(declared + inline))

    @property
    def aliases(self) -> tuple[str, ...]:
        return _as_list(self.props.get("aliases"))

    @property
    def links(self) -> tuple[str, ...]:
        found = [m.strip() for m in _WIKILINK.findall(self.body)]
        for value in self.props.values():
            for item in value if isinstance(value, list) else [value]:
                if isinstance(item, str) and "[[" in item:
                    found.extend(m.strip() for m in _WIKILINK.findall(item))
        return tuple(dict.fromkeys(found))


def infer_type(rel: str, props: dict[str, Any]) -> NoteType:
    declared = NoteType.parse(props.get("type")) if "type" in props else None
    if declared is not None:
        return declared
    if rel in paths.GENERATED_FILES:
        return NoteType.GENERATED
    for note_type, folder in paths.TYPE_DIRS.items():
        if rel.startswith(folder + "/"):
            return note_type
    return NoteType.NOTE


def parse_note(rel: str, text: str) -> Note:
    """Parse note text. Never raises on bad content; problems go to `Note.warning`."""
    warning = None
    props: dict[str, Any] = {}
    yaml_text, body = split_frontmatter(text)
    if yaml_text is not None:
        try:
            if _risky(yaml_text):
                _check_shape(yaml_text)
            loaded = yaml.load(yaml_text, Loader=_Loader) if yaml_text.strip() else {}
        except _Hostile as exc:
            warning = f"{exc}; indexed as text"
            body = text
        except RecursionError:
            warning = "frontmatter nests too deep to read; indexed as text"
            body = text
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            where = f" at line {mark.line + 2}" if mark is not None else ""
            warning = f"frontmatter is not valid YAML{where}: {getattr(exc, 'problem', exc)}"
            body = text
        else:
            if isinstance(loaded, dict):
                props = {str(k): _plain(v) for k, v in loaded.items()}
            elif loaded is not None:
                warning = "frontmatter is not a mapping of properties"
                body = text
    title = str(props.get("title") or "").strip()
    if not title:
        h1 = _H1.search(body)
        title = h1.group(1).strip() if h1 else Path(rel).stem
    return Note(
        rel=rel, type=infer_type(rel, props), title=title, body=body, props=props, warning=warning
    )


SESSION_TAG = "vaultsync/session"  # the hook's own tag (core.schema.session_props)


def is_session_log(note: Note) -> bool:
    """A real session note: where the hook writes them (under sessions/) AND with the hook's
    own header (`type: session` plus `agent` and `session_id`, or the `vaultsync/session`
    tag). Only these are queued for learning and have their event blocks read as events; a
    clipping with `type: session`, or hand-written event blocks elsewhere, is an ordinary note."""
    if not note.rel.startswith(paths.SESSIONS_DIR + "/") or note.type is not NoteType.SESSION:
        return False
    if note.warning:  # a person mangled the YAML: the marker is read from the text
        head = note.body[:8192]
        if get_scalar(head, "type") != NoteType.SESSION.value:
            return False
        return SESSION_TAG in head or bool(get_scalar(head, "session_id"))
    if note.props.get("agent") and note.props.get("session_id"):
        return True
    tags = note.props.get("tags")
    values = tags if isinstance(tags, list) else str(tags or "").replace(",", " ").split()
    return any(str(t).lstrip("#") == SESSION_TAG for t in values)


class NoteReadError(OSError):
    """A note exists but cannot be read (permissions, I/O): never to be taken as deleted."""


def read_note(vault: Path, rel: str) -> Note:
    try:
        raw = vault_files.read_bytes(vault, rel)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise NoteReadError(exc.errno or 5, f"cannot read {rel}: {exc.strerror}") from exc
    return parse_note_bytes(rel, raw)


def parse_note_bytes(rel: str, raw: bytes) -> Note:
    """`parse_note` for raw file bytes (callers that also hash them read the file once)."""
    try:
        text = raw.decode("utf-8")
        note = parse_note(rel, text)
    except UnicodeDecodeError as exc:
        note = parse_note(rel, raw.decode("utf-8", "replace"))
        warning = f"not valid UTF-8 at byte {exc.start}; undecodable bytes shown as U+FFFD"
        note = Note(note.rel, note.type, note.title, note.body, note.props, warning)
    return note
