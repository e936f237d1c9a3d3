"""Where things live: the vault layout, per-machine state, and safe file names.

File names must be readable in Obsidian, unique across machines and agents, and valid on Linux,
macOS and Windows. Anything derived from outside input (session ids, titles) goes through
`safe_component`, and every path built from it is checked with `inside` before use.
"""

from __future__ import annotations

import contextlib
import os
import re
from pathlib import Path

from vaultsync.core.lazy_regex import Lazy
from vaultsync.core.model import Level, NoteType

# The vault layout: one folder per note type.
SESSIONS_DIR = "sessions"
SUMMARIES_DIR = "summaries"
MEMORIES_DIR = "memories"
LEVEL_DIRS: dict[Level, str] = {
    Level.L1: "memories/L1-candidates",
    Level.L2: "memories/L2-confirmed",
    Level.L3: "memories/L3-core",
}
PROPOSALS_DIR = "skills/proposals"
DRAFTS_DIR = "skills/drafts"
ARCHIVE_DIR = "archive"
CONFIG_DIR = ".vaultsync"
VAULT_CONFIG = ".vaultsync/config.toml"
TEMPLATE_OVERRIDE_DIR = ".vaultsync/templates"
USER_MD = "USER.md"
AGENT_MD = "AGENT.md"
GENERATED_FILES = (USER_MD, AGENT_MD)

TYPE_DIRS: dict[NoteType, str] = {
    NoteType.SESSION: SESSIONS_DIR,
    NoteType.SUMMARY: SUMMARIES_DIR,
    NoteType.MEMORY: MEMORIES_DIR,
    NoteType.SKILL_PROPOSAL: PROPOSALS_DIR,
    NoteType.SKILL_DRAFT: DRAFTS_DIR,
}

# Folders and files that are never notes: Obsidian's config, trash, git, our own config,
# editor temp files and sync-service conflict copies.
IGNORED_DIRS = frozenset({".git", ".obsidian", ".trash", ".vaultsync", "node_modules"})
# Editors' temporary files, by how their names begin or end (any case): Emacs `.#x` and
# `#x#`, `x~`, vim swap files, `.tmp`/`.part`/`.crdownload` downloads, LibreOffice locks,
# Visual Studio's `.vstmp-`. Plain string tests: a regular expression searched at every place
# of every name took half of a 10,000-note vault walk, which every search and reconcile does.
_TEMP_STARTS = (".#", ".~lock.")
_TEMP_ENDS = ("~", ".swp", ".swo", ".swx", ".tmp", ".part", ".crdownload")
# Sync services' conflict copies; every form holds "conflict", looked for first.
# (Compiled on first use, core/lazy_regex.py: a hook call mostly never asks.)
_CONFLICT_RE = Lazy(
    r"(?i)(\.sync-conflict-\d{8}-\d{6}"  # Syncthing
    r"|\(conflicted copy[^)]*\)"  # Obsidian Sync
    r"|'s conflicted copy"  # Dropbox
    r"|conflict-files-obsidian-git)"  # obsidian-git's conflict list
)


def _temporary_or_conflict(name: str) -> bool:
    low = name.lower()
    if low.startswith(_TEMP_STARTS) or low.endswith(_TEMP_ENDS) or ".vstmp-" in low:
        return True
    if len(low) > 1 and low[0] == "#" and low[-1] == "#":
        return True
    return "conflict" in low and _CONFLICT_RE.search(name) is not None


def is_ignored(rel: str | Path) -> bool:
    """True for paths (relative to the vault) that vaultsync must never index or commit."""
    parts = Path(rel).parts
    if not parts:
        return True
    if any(p in IGNORED_DIRS or (p.startswith(".") and p not in {".", ".."}) for p in parts[:-1]):
        return True
    name = parts[-1]
    return name.startswith(".") or _temporary_or_conflict(name)


def is_ignored_name(name: str) -> bool:
    """`is_ignored` for a bare file name, for walkers that prune ignored folders themselves
    (no path parsing: a vault walk calls this once per file)."""
    return name.startswith(".") or _temporary_or_conflict(name)


def is_note(rel: str | Path) -> bool:
    return str(rel).lower().endswith(".md") and not is_ignored(rel)


_UNSAFE = Lazy(r'[\x00-\x1f\x7f<>:"/\\|?*\[\]#^%]+')
_WINDOWS_RESERVED = frozenset(
    {
        "CON",
        "PRN",
        "AUX",
        "NUL",
        *(f"COM{i}" for i in range(1, 10)),
        *(f"LPT{i}" for i in range(1, 10)),
    }
)


def safe_component(text: str, max_len: int = 60, fallback: str = "untitled") -> str:
    """One path component that is valid everywhere and safe inside a wikilink.

    Strips characters Windows, macOS or Obsidian links reject (`[]#^|` break link targets),
    collapses whitespace, trims trailing dots and spaces, avoids reserved device names.
    """
    text = str(text)
    if not text.isascii():  # ASCII is its own NFC: most ids and names need no unicodedata
        import unicodedata  # (imported when needed: prompt recall names sessions per prompt)

        text = unicodedata.normalize("NFC", text)
    text = _UNSAFE.sub(" ", text)
    text = re.sub(r"\s+", " ", text).strip(" .")
    if len(text) > max_len:
        text = _cut(text, max_len)
    if not text or text in {".", ".."}:
        text = fallback
    if text.split(".")[0].upper() in _WINDOWS_RESERVED:
        text = "_" + text
    return text


def _cut(text: str, max_len: int) -> str:
    """The first `max_len` characters, ending at a word (a space or hyphen) when one ends in
    the second half: "the column of th" reads as a typo, "the column of" does not."""
    cut = text[:max_len]
    if text[max_len] not in " -":
        at = max(cut.rfind(" "), cut.rfind("-"))
        if at >= max_len // 2:
            cut = cut[:at]
    return cut.rstrip(" .-") or text[:max_len].rstrip(" .")


def short_hash(*parts: str, n: int = 8) -> str:
    from hashlib import sha256

    h = sha256("\x00".join(parts).encode("utf-8", "surrogatepass")).hexdigest()
    return h[:n]


def machine_id() -> str:
    """A stable, short, non-identifying id for this machine (part of unique file names)."""
    override = os.environ.get("VAULTSYNC_MACHINE")
    if override:
        return safe_component(override, 24)
    uname = getattr(os, "uname", None)
    if uname is not None:  # the host name gethostname() returns, without importing socket
        return short_hash(uname().nodename, n=6)  # (~3 ms of every hook call)
    import socket

    return short_hash(socket.gethostname(), n=6)


def inside(root: Path, candidate: Path) -> Path:
    """Resolve `candidate` and prove it lies within `root`; raise ValueError otherwise."""
    root_r = root.resolve()
    cand_r = candidate.resolve()
    if cand_r != root_r and root_r not in cand_r.parents:
        raise ValueError(f"path escapes the vault: {candidate}")
    return cand_r


def local_stamp(started: str) -> tuple[str, str]:
    """(day, hhmm) of an ISO date-time in the person's zone (`core/timestamp.py`), for file
    names: a session at 23:30 UTC is in the next day's folder for a person in UTC+8. Text that
    is no date-time keeps its own digits."""
    from vaultsync.core import timestamp

    moment = timestamp.parse(started)
    if moment is not None:
        started = timestamp.format(moment)
    day = started[:10] if len(started) >= 10 else "0000-00-00"
    hhmm = (started[11:13] + started[14:16]) if len(started) >= 16 else "0000"
    return day, hhmm


def session_slice(session_id: str, agent: str = "") -> str:
    """The readable slice of a session id that note names and titles show: up to 12
    characters, cut at a hyphen (a UUID's first group), so `session_b` stays whole. A first
    group that only repeats the agent's name (`gemini-3f2a…` beside "gemini" in the name, or
    `claude-…` for claude-code) is left out: the name would read "gemini gemini"."""
    if agent:
        head, sep, rest = session_id.partition("-")
        names = {agent.lower(), agent.split("-")[0].lower()}
        if sep and rest.strip("-") and head.lower() in names:
            session_id = rest
    return safe_component(session_id, 12, "session")


def session_note_rel(agent: str, session_id: str, started: str, shown: str | None = None) -> str:
    """Relative path of a session's event log.

    `started` is an ISO date-time (2026-11-29T16:12:05...Z); the name shows it in the person's
    zone. The name carries the start time (readable, sortable), the agent, a readable slice of
    the session id (cut at a hyphen) and a hash of machine + agent + full id, so two laptops or
    two agents never collide even with equal ids. `shown`: the redacted session id: the
    readable slice comes from it, never from a secret.
    """
    day, hhmm = local_stamp(started)
    sid = session_slice(session_id if shown is None else shown, agent).replace(" ", "-")
    digest = short_hash(machine_id(), agent, session_id)
    name = f"{day} {hhmm} {safe_component(agent, 20)} {sid} {digest}.md"
    return f"{SESSIONS_DIR}/{day[:4]}/{day[5:7]}/{name}"


def package_root() -> Path:
    """The folder that holds the `vaultsync` package (a launcher or plugin puts it on sys.path)."""
    return Path(__file__).resolve().parents[2]


def vaultsync_home() -> Path:
    """Per-machine state (user config, index, locks, logs). `VAULTSYNC_HOME` overrides it."""
    env = os.environ.get("VAULTSYNC_HOME")
    if env:
        return Path(env).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".local" / "share"
    return base / "vaultsync"


_VAULT_KEYS: dict[str, str] = {}


def vault_key(vault: Path) -> str:
    """A short key naming per-vault state kept outside the vault. Kept per process: resolving
    the path walks it link by link, and one hook call asks about a dozen times."""
    key = _VAULT_KEYS.get(str(vault))
    if key is None:
        key = _VAULT_KEYS[str(vault)] = short_hash(str(vault.expanduser().resolve()), n=12)
    return key


def state_dir(vault: Path) -> Path:
    """Per-machine, per-vault state: never inside the vault, never committed."""
    return vaultsync_home() / "vaults" / vault_key(vault)


def default_index_path(vault: Path) -> Path:
    return state_dir(vault) / "index.sqlite"


def session_key(agent: str, session_id: str) -> str:
    """Names one agent session's state files (pointer, lock, filter state, spool folder)."""
    return short_hash(agent, session_id, n=16)


def session_state_dir(vault: Path) -> Path:
    """The hook's per-session state: pointers to session notes, their locks and spools."""
    return state_dir(vault) / "sessions"


def session_state(vault: Path, key: str, suffix: str = "") -> Path:
    """One of a session's state files: the pointer (no suffix, it holds the session note's
    rel), `.lock`, `.recall`, `.seen`..."""
    return session_state_dir(vault) / (key + suffix)


def session_pointer(vault: Path, agent: str, session_id: str) -> Path:
    """The file naming the session note the hook writes this session's events into."""
    return session_state(vault, session_key(agent, session_id))


def watch_heartbeat(vault: Path) -> Path:
    """The running watcher's heartbeat (written by the watcher, read by status and doctor)."""
    return state_dir(vault) / "watch.json"


def learn_report(vault: Path) -> Path:
    """The last learn run's report (written by learn, read by status)."""
    return state_dir(vault) / "learn-last.json"


def index_lock(vault: Path) -> Path:
    """One writer of the index at a time (rebuild, reconcile, an agent's tool call): a reconcile
    that ran during a rebuild would write into the file the rebuild is about to replace."""
    return state_dir(vault) / "index.lock"


def log_dir() -> Path:
    """This machine's logs: the hook's errors, the scheduled runs' output."""
    return vaultsync_home() / "logs"


def hook_error_log() -> Path:
    return log_dir() / "hook-errors.jsonl"


def _fallback_top() -> Path:
    return Path(os.environ.get("TMPDIR") or "/tmp") / f"vaultsync-{os.getuid()}"


def fallback_dir() -> Path:
    """Per-user place for what the state folder cannot take (its disk is full or read-only):
    the spool and the hook error log go here then, never into the vault. One per state
    folder (`VAULTSYNC_HOME`), so two homes never read each other's."""
    return _fallback_top() / short_hash(str(vaultsync_home()), n=12)


def private_fallback_dir() -> Path:
    """`fallback_dir`, created below a 0700 folder of this user; an existing top folder that
    is a link, another user's or open to others is refused (PermissionError): /tmp is
    shared."""
    import errno
    import stat

    top = _fallback_top()
    with contextlib.suppress(FileExistsError):
        os.mkdir(top, 0o700)
    st = os.lstat(top)
    if not stat.S_ISDIR(st.st_mode) or st.st_uid != os.getuid() or st.st_mode & 0o077:
        raise PermissionError(errno.EACCES, f"{top} is not a private folder of this user")
    folder = fallback_dir()
    with contextlib.suppress(FileExistsError):
        os.mkdir(folder, 0o700)
    return folder


def redaction_log(vault: Path) -> Path:
    return state_dir(vault) / "redactions.jsonl"


def lock_path(vault: Path, rel: str) -> Path:
    """The lock file guarding one note: outside the vault so it never shows up in Obsidian."""
    return state_dir(vault) / "locks" / (short_hash(rel, n=16) + ".lock")


def queue_dir(vault: Path) -> Path:
    """Derived queue markers (one small file per session); rebuilt from the vault by rebuild."""
    return state_dir(vault) / "queue"


def queue_lock(vault: Path) -> Path:
    """Held while a queue marker changes (core/queue.set_marker), for a write and an unlink."""
    return state_dir(vault) / "locks" / "queue.lock"


def context_dir(vault: Path) -> Path:
    """Per-project session-start context, rendered by the generate service for the hook."""
    return state_dir(vault) / "context"


def project_key(project: str) -> str:
    return short_hash(project, n=12)
