"""What may be committed at all: the files a commit must leave out, and why.

A file that is not regular (FIFO, device: git cannot hold it), above `git.max_file_mb`, holding
git conflict markers, or, for every file that is not a note and every new note a person drops in
(not the hook's session notes, which the hook redacted), holding a secret that `core.privacy`'s
redactor detects, is held back. Text is read in whatever encoding it is in (a byte-order mark,
UTF-16 without one); a binary file is scanned by its readable runs and, unless it is an
attachment Obsidian shows (an image, audio, video, a PDF), held back too, since what an archive
or a database holds cannot be checked. vaultsync's own provenance values (`import_key`) are
not secrets. Every file is judged on its own, never a folder at once. A held file is never
staged, listed in `<state>/blocked.json` with the reason, in the watcher's heartbeat and log,
and in `vaultsync status`, `doctor` and `commit`. A path
matching a glob in `git.allow` is committed anyway. A held file is looked at again whenever it is
in a batch (its next change, the periodic full pass, `vaultsync commit`), and leaves the list
once it may be committed.
"""

from __future__ import annotations

import fnmatch
import hashlib
import json
import re
from collections.abc import Iterable, Sequence
from pathlib import Path

from vaultsync.core import paths, writer
from vaultsync.core.config import Config
from vaultsync.storage import history, vault_files

MAX_FILE_MB = 10.0  # a file above this is held back (a video dropped into the vault)


def in_head(vault: Path, rels: Iterable[str]) -> set[str]:
    """Which of these paths (files or folders) the last commit holds: one git process."""
    wanted = list(rels)
    if not wanted or history.head(vault) is None:
        return set()
    return history.existing_at(vault, "HEAD", wanted)


_CONFLICT = re.compile(rb"^<<<<<<< .*?^=======\r?$.*?^>>>>>>> ", re.MULTILINE | re.DOTALL)
_SCAN_CHUNK = 200_000


def blocked_file(vault: Path) -> Path:
    return paths.state_dir(vault) / "blocked.json"


def blocked(vault: Path) -> dict[str, str]:
    """rel -> why, for every file held back by `screen` the last time it was looked at."""
    try:
        raw = json.loads(blocked_file(vault).read_text(encoding="utf-8"))
        return {str(k): str(v) for k, v in dict(raw).items()}
    except (OSError, ValueError, TypeError):
        return {}


def save_blocked(vault: Path, looked_at: Iterable[str], found: dict[str, str]) -> None:
    current = blocked(vault)
    for rel in looked_at:
        current.pop(rel, None)
    current.update(found)
    target = blocked_file(vault)
    if not current:
        target.unlink(missing_ok=True)
        return
    writer.write_atomic(target, json.dumps(current, ensure_ascii=False, indent=1), fsync=False)


def _allowed(rel: str, patterns: Sequence[str]) -> bool:
    return any(fnmatch.fnmatchcase(rel, p) for p in patterns)


def _secret_rules(config: Config, text: str) -> list[str]:
    from vaultsync.core.privacy import redactor as privacy

    try:
        redactor = privacy.Redactor.from_config(config.privacy)
    except ValueError:
        redactor = privacy.default_redactor()  # a broken extra rule never turns the scan off
    rules: list[str] = []
    step = _SCAN_CHUNK - 2000  # chunks overlap, so a secret on a boundary is seen whole
    for start in range(0, max(1, len(text)), step):
        found = redactor.redact(text[start : start + _SCAN_CHUNK])
        rules += [f.rule for f in found.findings if f.is_secret]
    return sorted(set(rules))


def _blob_id(raw: bytes) -> str:
    return hashlib.sha1(b"blob %d\0" % len(raw) + raw, usedforsecurity=False).hexdigest()


def _why_not(
    vault: Path,
    config: Config,
    rel: str,
    new: bool,
    max_bytes: int,
    moved: set[str] | None = None,
) -> str | None:
    what = vault_files.kind(vault, rel)
    if what == vault_files.SPECIAL:
        return "not a regular file (a FIFO, socket or device); git cannot hold it"
    if what != vault_files.FILE:
        return None
    try:
        size = (vault / rel).lstat().st_size
    except OSError:
        return None
    if size > max_bytes:
        return (
            f"{size / 1e6:.1f} MB, above git.max_file_mb ({max_bytes / 1e6:g} MB): "
            "history would keep it forever"
        )
    try:
        raw = vault_files.read_bytes(vault, rel)
    except OSError:
        return None
    if b"<<<<<<< " in raw and _CONFLICT.search(raw):
        return "has git conflict markers (<<<<<<< ======= >>>>>>>); resolve them first"
    is_note = paths.is_note(rel)
    own = rel.startswith(paths.SESSIONS_DIR + "/") or rel in paths.GENERATED_FILES
    if new and is_note and moved and _blob_id(raw) in moved:
        new = False  # a note moved or renamed (a folder rename): its text is already in git
    if not bool(config.get("git", "secret_scan")) or (is_note and (own or not new)):
        return None  # session notes are redacted by the hook; a note's edits are a person's
    text = decode(raw)
    if text is None:  # binary: its readable runs are scanned, and only known attachments pass
        rules = _secret_rules(config, _strings(raw))
        if rules:
            return f"holds what looks like a secret ({', '.join(rules[:3])})"
        if not _attachment(raw):
            return (
                "a binary file of no attachment type (an archive, a database?): its contents "
                "cannot be checked for secrets"
            )
        return None
    if is_note:
        text = _OWN_PROVENANCE.sub(r"\1", text)
    rules = _secret_rules(config, text)
    if rules:
        return f"holds what looks like a secret ({', '.join(rules[:3])})"
    return None


# vaultsync's own provenance on imported notes (`import_key: claude-code:<16 hex>`): a hash
# that looks like a secret assignment to the rules. Only the exact shape vaultsync writes is
# left out of the scan; anything else in that property is scanned like the rest.
_OWN_PROVENANCE = re.compile(
    r'^(import_key:[ \t]*)"?[a-z][a-z0-9-]*:[0-9a-f]{16}"?[ \t]*$', re.MULTILINE
)
_BOMS = (
    (b"\xef\xbb\xbf", "utf-8-sig"),
    (b"\xff\xfe\x00\x00", "utf-32"),  # these codecs read the mark and drop it
    (b"\x00\x00\xfe\xff", "utf-32"),
    (b"\xff\xfe", "utf-16"),
    (b"\xfe\xff", "utf-16"),
)


def decode(raw: bytes) -> str | None:
    """The text of a file in whatever encoding it is (a byte-order mark, UTF-16 without one,
    UTF-8), or None for binary data."""
    for bom, codec in _BOMS:
        if raw.startswith(bom):
            try:
                return raw.decode(codec)
            except UnicodeDecodeError:
                break
    head = raw[:8192]
    if b"\0" not in head:
        return raw.decode("utf-8", "replace")
    even, odd = head[0::2], head[1::2]
    for zeros, chars, codec in ((odd, even, "utf-16-le"), (even, odd, "utf-16-be")):
        # Text in UTF-16 without a mark: mostly Latin, so one byte of each pair is zero and
        # the other is not (a file padded with zeros, a tar, has zeros in both).
        mostly_zero = zeros.count(0) > 0.6 * len(zeros)
        if mostly_zero and chars.count(0) < 0.05 * len(chars) and len(raw) % 2 == 0:
            try:
                return raw.decode(codec)
            except UnicodeDecodeError:
                return None
    return None


_ASCII_RUN = re.compile(rb"[\x20-\x7e\t]{8,}")
_UTF16_RUN = re.compile(rb"(?:[\x20-\x7e]\x00){8,}")


def _strings(raw: bytes) -> str:
    """The readable runs of a binary file (as `strings` shows them), one a line: a tar keeps
    its files' text as it is, a SQLite database its rows."""
    runs = [m.group().decode("ascii") for m in _ASCII_RUN.finditer(raw)]
    runs += [m.group().decode("utf-16-le") for m in _UTF16_RUN.finditer(raw)]
    return "\n".join(runs)


# Attachments Obsidian shows (images, audio, video, PDF), by their first bytes.
_MAGIC = (
    b"\x89PNG\r\n\x1a\n",
    b"\xff\xd8\xff",
    b"GIF87a",
    b"GIF89a",
    b"%PDF-",
    b"ID3",
    b"\xff\xfb",
    b"\xff\xf3",
    b"OggS",
    b"fLaC",
    b"\x1a\x45\xdf\xa3",
    b"BM",
)


def _attachment(raw: bytes) -> bool:
    if raw.startswith(_MAGIC):
        return True
    if raw[:4] == b"RIFF" and raw[8:12] in (b"WEBP", b"WAVE", b"AVI "):
        return True
    return raw[4:8] == b"ftyp"  # MP4, MOV, M4A, HEIC


def screen(vault: Path, config: Config, rels: Iterable[str]) -> dict[str, str]:
    """rel -> why, for the files among `rels` that must not be committed (see the module
    docstring); `git.allow` globs exempt a path. Missing paths (deletions) pass."""
    allow = [str(p) for p in config.get("git", "allow") or []]
    limit = config.get("git", "max_file_mb")
    max_bytes = int(float(MAX_FILE_MB if limit is None else limit) * 1_000_000)
    todo = [r for r in rels if not _allowed(r, allow)]
    # Only a note that is not in the last commit is "new" (dropped in): one git process.
    maybe_new = [r for r in todo if paths.is_note(r) and not r.startswith(paths.SESSIONS_DIR)]
    known = in_head(vault, maybe_new)
    # Many new notes at once is a renamed folder far more often than a drop-in: notes whose
    # text git already holds are moves, not scanned again (the scan costs ~ms a note).
    moved = history.head_blobs(vault) if len(maybe_new) - len(known) > 20 else None
    found: dict[str, str] = {}
    for rel in todo:
        why = _why_not(vault, config, rel, rel not in known, max_bytes, moved)
        if why is not None:
            found[rel] = why
    return found


def screen_first_commit(vault: Path, config: Config) -> dict[str, str]:
    """`screen` for a vault's first commit: every file is looked at, but the notes already in
    the vault are the person's, not drops: only non-note files are scanned for secrets."""
    allow = [str(p) for p in config.get("git", "allow") or []]
    limit = config.get("git", "max_file_mb")
    max_bytes = int(float(MAX_FILE_MB if limit is None else limit) * 1_000_000)
    found: dict[str, str] = {}
    walked = vault_files.walk(vault, notes_only=False)
    for rel in sorted(walked.files):
        if history.stageable(rel) and not _allowed(rel, allow):
            why = _why_not(vault, config, rel, False, max_bytes)
            if why is not None:
                found[rel] = why
    save_blocked(vault, found, found)
    return found


def allow_hint() -> str:
    return (
        "to commit one anyway, add its path (or a glob) to `allow` under [git] in this "
        "machine's config ($VAULTSYNC_HOME/config.toml); or remove the file or the secret"
    )
