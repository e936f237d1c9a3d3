"""Where the shared corpora are (real inputs made by others, kept outside the repository): the
`shared` folder beside the clone, or one level further up for a git worktree kept in a folder
beside the clone. A clone without it (CI) skips what reads it; the benches say so."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED = next(
    (p for p in (REPO.parent / "shared", REPO.parent.parent / "shared") if p.is_dir()),
    REPO.parent / "shared",
)
CORPORA = SHARED / "corpora"
