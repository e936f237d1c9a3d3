"""Finding a session's note after a person moved or renamed it in Obsidian (stdlib only: the
hook calls it, only when the note its pointer names is gone).

The index knows every note's agent and session id once the watcher has seen the move
(read-only sqlite3, imported only here); without it, a note that kept its file name is found
anywhere under sessions/ by the hash its name ends with (`paths.session_note_rel`).

A note moved out of sessions/ (to `Projects/Reading/my session.md`, say) keeps receiving its
session's events, so the session is never split in two; it is found through the index only
when its own header still says so: `type: session`, the same agent and session id, and this
machine (`owns`), read as a regular file. Learning and event search still read only notes
under sessions/ (storage/note.py `is_session_log`): such a note is the person's to file.
"""

from __future__ import annotations

from pathlib import Path

from vaultsync.core import paths


def _in_sessions(vault: Path, rel: str) -> bool:
    if not rel.startswith(paths.SESSIONS_DIR + "/") or not rel.endswith(".md") or "\x00" in rel:
        return False
    try:
        paths.inside(vault, vault / rel)
    except (ValueError, OSError):
        return False
    return (vault / rel).is_file()


def owns(vault: Path, rel: str, agent: str, ids: tuple[str, ...]) -> bool:
    """`rel` is a regular note (no link followed) whose header is this machine's session
    note of `agent` with one of `ids` as its session id."""
    from vaultsync.core import properties, regular_file

    if not rel.endswith(".md") or "\x00" in rel:
        return False
    try:
        head = regular_file.text(vault / rel, limit=8192, vault=vault, follow=False)
    except OSError:
        return False
    return (
        properties.get_scalar(head, "type") == "session"
        and properties.get_scalar(head, "agent") == agent
        and properties.get_scalar(head, "session_id") in ids
        and properties.get_scalar(head, "machine") == paths.machine_id()
    )


def moved_note(
    vault: Path, agent: str, shown_id: str, session_id: str, index_file: Path | None
) -> str | None:
    """Where the session's note is now, or None (then it was deleted)."""
    if index_file is not None and index_file.is_file():
        import sqlite3

        try:
            conn = sqlite3.connect(f"file:{index_file}?mode=ro", uri=True, timeout=0.2)
            try:
                rows = conn.execute(
                    # The note's header holds the redacted id (core.capture: shown_id). Any
                    # type: moved out of sessions/, the index calls it a plain note.
                    "SELECT rel FROM notes WHERE session_id IN (?, ?) AND agent=? ORDER BY rel",
                    (shown_id, session_id, agent),
                ).fetchall()
            finally:
                conn.close()
        except sqlite3.Error:
            rows = []
        for (rel,) in rows:
            if _in_sessions(vault, str(rel)):
                return str(rel)
        for (rel,) in rows:
            if owns(vault, str(rel), agent, (shown_id, session_id)):
                return str(rel)
    digest = paths.short_hash(paths.machine_id(), agent, session_id)
    root = vault / paths.SESSIONS_DIR
    for found in sorted(root.glob(f"**/* {digest}.md")) if root.is_dir() else ():
        rel = found.relative_to(vault).as_posix()
        if _in_sessions(vault, rel):
            return rel
    return None
