"""The files a session changed (core/hook/changed_files.py)."""

from __future__ import annotations

from vaultsync.core.hook import changed_files


def test_edited_paths_are_paths_relative_to_the_project() -> None:
    patch = "apply_patch\npatch: 2 files, +3 -1 lines\n/w/api/src/a.py\n/w/api/src/b.py\nSuccess"
    assert changed_files.edited_paths(patch, "/w/api") == ["src/a.py", "src/b.py"]
    edit = "Edit\n/w/api/src/routes.ts\n-1 +2 lines"
    assert changed_files.edited_paths(edit, "/w/api/") == ["src/routes.ts"]
    assert changed_files.edited_paths("Edit\n/elsewhere/x.py", "/w/api") == ["/elsewhere/x.py"]
    assert changed_files.edited_paths("patch: many files, +1 -1 lines", "") == []
    assert changed_files.edited_paths("apply_patch\npatch: x files, +1", "") == []
