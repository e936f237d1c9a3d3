"""The files a session changed, for the session results of a search: what a person or an agent
asking "which files did Claude Code change yesterday?" came for. The session's summary lists
them when the learning loop has written one (`files_modified`); before that, the session's own
edit events name them (core/hook/changed_files.files_changed, the list the prompt hook gives).
The CLI's `search` and the MCP `search` tool both show this list."""

from __future__ import annotations

from collections.abc import Iterable

from vaultsync.core import paths
from vaultsync.core.config import Config

TYPE_CHECKING = False
if TYPE_CHECKING:  # the engine is imported by whoever has its hits
    from vaultsync.services.recall.engine import Hit

FILES_PER_SESSION = 8


def files_of(
    config: Config, hits: Iterable[Hit], limit: int = FILES_PER_SESSION
) -> dict[str, list[str]]:
    """Per session note among the hits: the files its session changed, at most `limit` each
    (a hit that is not a session note, or a session that changed nothing, has none)."""
    from vaultsync.core.hook.changed_files import files_changed
    from vaultsync.storage.index import Index

    sessions = [h for h in hits if h.rel.startswith(paths.SESSIONS_DIR + "/")]
    out: dict[str, list[str]] = {}
    if not sessions:
        return out
    with Index.open(config.index_file()) as index:
        for hit in sessions:
            if hit.rel in out:
                continue
            listed: list[str] = []
            if hit.summary_rel:
                summary = index.get(hit.summary_rel)
                files = summary.props.get("files_modified") if summary else None
                listed = [str(f) for f in files] if isinstance(files, list) else []
            changed = listed or files_changed(index.conn, hit.rel)
            if changed:
                out[hit.rel] = changed[:limit]
    return out
