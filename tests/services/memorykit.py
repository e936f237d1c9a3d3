"""Memory notes for the review and level tests: write one, and read its level back from the
index. Shared by basename (like sessionkit), so no test file imports another."""

from __future__ import annotations

from pathlib import Path

from vaultsync.core import paths, properties, schema
from vaultsync.core.config import load_config
from vaultsync.core.model import Level, Scope
from vaultsync.storage.index import Index


def memory(
    vault: Path,
    name: str,
    text: str,
    *,
    level: Level = Level.L1,
    folder: Level | None = None,
    scope: Scope = Scope.USER,
    reinforced: int = 0,
    extra: dict[str, object] | None = None,
) -> str:
    props = schema.memory_props(
        level=level,
        scope=scope,
        agent="claude-code",
        session_id="s-1",
        project="/home/ana/src/dateparse",
        created="2026-11-20T09:00:00Z",
        source_rel="summaries/2026/11/x.md",
        status=schema.MEMORY_STATUS[level],
    )
    props["reinforced"] = reinforced
    props.update(extra or {})
    rel = f"{paths.LEVEL_DIRS[folder or level]}/{name}.md"
    target = vault / rel
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(properties.render_frontmatter(props) + f"\n# {text}\n\n{text}.\n", "utf-8")
    return rel


def indexed_level(vault: Path, rel: str) -> str | None:
    with Index.open(load_config(vault).index_file()) as index:
        row = index.get(rel)
    return row.level.value if row is not None and row.level is not None else None
