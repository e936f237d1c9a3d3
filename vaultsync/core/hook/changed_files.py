"""The files a session changed, as its edit events record them: paths relative to the
project (a Codex patch's every file, not its count). Stdlib only, for the hook; search's
session listing asks the same (services/recall/session_files.py)."""

from __future__ import annotations

from vaultsync.core import cjk_scan

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# The tools whose event records a file written (its path on the text's second line).
EDIT_TOOLS = frozenset((
    "edit", "multiedit", "write", "apply_patch", "patch", "write_file", "replace", "edit_file",
    "str_replace", "create_file", "search_replace", "notebookedit",
))  # fmt: skip


def session_files(conn: Any, note_id: int, project: str) -> list[str]:
    """Files the session edited or wrote (second line of an edit event's text: its path)."""
    marks = ",".join("?" * len(EDIT_TOOLS))
    rows = conn.execute(
        "SELECT f.about FROM events e JOIN fts f ON f.rowid = e.id"
        f" WHERE e.note_id = ? AND lower(e.tool) IN ({marks}) ORDER BY e.seq LIMIT 50",
        (note_id, *sorted(EDIT_TOOLS)),
    ).fetchall()
    files: dict[str, None] = {}
    for (body,) in rows:
        for name in edited_paths(cjk_scan.unsegment(body or ""), project):
            files.setdefault(name, None)
    return list(files)[:8]


def edited_paths(text: str, project: str) -> list[str]:
    """The paths an edit event's text names, relative to the project: its second line (Claude
    Code, Gemini, Hermes: the path), or for a patch (Codex's apply_patch: `patch: N files, +A
    -R lines`) the N lines after it."""
    lines = text.split("\n")
    if len(lines) < 2:
        return []
    named = [lines[1]]
    if lines[1].startswith("patch: ") and " files, " in lines[1]:
        try:
            count = int(lines[1][7:].split(" ", 1)[0])
        except ValueError:
            count = 0
        named = lines[2 : 2 + min(count, 20)]
    base = project.rstrip("/") + "/" if project else ""
    out = []
    for name in (n.strip() for n in named):
        if not name or len(name) >= 300:
            continue
        out.append(name[len(base) :] if base and name.startswith(base) else name)
    return out


def files_changed(conn: Any, rel: str) -> list[str]:
    """The files a session note's events edited or wrote, relative to its project."""
    row = conn.execute("SELECT id, project FROM notes WHERE rel = ?", (rel,)).fetchone()
    return session_files(conn, row[0], row[1] or "") if row else []
