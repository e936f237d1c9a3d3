"""storage.vault_files, the vault boundary: paths resolved and refused when they leave
the vault, regular files only, symlinks never followed, one walk with one notion of ignored."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from vaultsync.core import paths
from vaultsync.core.config import load_config
from vaultsync.services.derived import reconcile
from vaultsync.services.derived.generate import generate_all
from vaultsync.storage import vault_files
from vaultsync.storage.index import Index, SearchFilter
from vaultsync.storage.render import TemplateError

SECRET = "OUTSIDE-SECRET-7f3a9"


def put(vault: Path, rel: str, text: str) -> Path:
    target = vault / rel
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")
    return target


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    target = tmp_path / "outside" / "environ"
    target.parent.mkdir()
    target.write_text(f"OPENAI_API_KEY={SECRET}\n", encoding="utf-8")
    return target


# --- paths ----------------------------------------------------------------------------------


def test_resolve_refuses_every_way_out(vault: Path, outside: Path) -> None:
    os.symlink(outside.parent, vault / "link-out")
    for given in ("../outside.md", "/etc/passwd", "notes/../../x.md", "link-out/environ", "a\0b"):
        with pytest.raises(vault_files.OutsideVault):
            vault_files.resolve(vault, given, cwd=vault.parent)
    assert vault_files.resolve(vault, "notes/a.md", cwd=vault.parent) == "notes/a.md"
    assert vault_files.resolve(vault, str(vault / "notes/a.md")) == "notes/a.md"
    (vault / "notes").mkdir()
    assert vault_files.resolve(vault, "../USER.md", cwd=vault / "notes") == "USER.md"


def test_a_path_completed_from_the_vaults_parent_folder_names_the_note(
    vault: Path, outside: Path
) -> None:
    """A shell in the vault's parent folder completes `vault/memories/x.md`: that is the note,
    unless the vault itself holds that path; a path from here that leaves the vault is read
    as vault-relative (and found nowhere), never followed."""
    put(vault, "memories/x.md", "x")
    here = vault.parent
    assert vault_files.resolve(vault, f"{vault.name}/memories/x.md", cwd=here) == "memories/x.md"
    put(vault, f"{vault.name}/memories/x.md", "a folder of the vault named like the vault")
    assert (
        vault_files.resolve(vault, f"{vault.name}/memories/x.md", cwd=here)
        == f"{vault.name}/memories/x.md"
    )
    rel = outside.relative_to(outside.parent.parent).as_posix()  # outside/environ, from here
    assert vault_files.resolve(vault, rel, cwd=outside.parent.parent) == rel


def test_reading_refuses_links_and_fifos_without_blocking(vault: Path, outside: Path) -> None:
    os.symlink(outside, vault / "env.md")
    os.mkfifo(vault / "pipe.md")
    os.symlink(outside.parent, vault / "dir-link")
    for rel in ("env.md", "pipe.md", "dir-link/environ"):
        with pytest.raises(vault_files.NotRegular):
            vault_files.read_bytes(vault, rel)
    assert vault_files.kind(vault, "env.md") == vault_files.SYMLINK
    assert vault_files.kind(vault, "pipe.md") == vault_files.SPECIAL
    assert vault_files.kind(vault, "dir-link/environ") == vault_files.SYMLINK
    assert vault_files.kind(vault, "nope.md") == vault_files.MISSING


def test_the_walk_skips_ignored_links_and_special_files(vault: Path, outside: Path) -> None:
    for rel in (
        "a.md",
        "sub/b.md",
        ".obsidian/workspace.md",
        ".trash/old.md",
        ".git/x.md",
        "node_modules/pkg/readme.md",
        "sub/b.sync-conflict-20260101-101010-ABC.md",
        "sub/draft.md.swp",
        "sub/.hidden.md",
        "sub/c.md~",
        "img.png",
    ):
        put(vault, rel, "x")
    os.symlink(outside, vault / "env.md")
    os.symlink(outside.parent, vault / "linked-folder")
    os.mkfifo(vault / "sub/pipe.md")
    found = vault_files.walk(vault)
    assert set(found.files) == {"a.md", "sub/b.md"}
    skipped = dict(found.skipped)
    assert "symbolic link" in skipped["env.md"] and "FIFO" in skipped["sub/pipe.md"]
    assert "img.png" in vault_files.walk(vault, notes_only=False).files
    assert set(vault_files.walk(vault, "sub").files) == {"sub/b.md"}
    assert vault_files.walk(vault, "linked-folder").files == {}


# --- 6, 16: a rebuild never follows a link, never blocks on a FIFO -----------------------------


def test_a_symlinked_note_never_reaches_the_index(vault: Path, outside: Path) -> None:
    put(vault, "real.md", "# Real\n\nnarwhal\n")
    os.symlink(outside, vault / "env.md")
    os.symlink(outside.parent, vault / "etc-link")
    config = load_config(vault)
    report = reconcile.rebuild(vault, config)
    assert report.errors == 0
    assert any("env.md" in w and "symbolic link" in w for w in report.warning_messages)
    reconcile.reconcile(vault, config, ["env.md", "etc-link/environ"])
    with Index.open(config.index_file()) as index:
        assert set(index.stats()) - set(paths.GENERATED_FILES) == {"real.md"}
        assert not index.search(f'"{SECRET}"', SearchFilter(), mark=("[", "]"))
        assert not any(SECRET in str(row) for row in index.dump()["notes"])


def test_a_fifo_named_like_a_note_never_blocks(vault: Path) -> None:
    put(vault, "real.md", "# Real\n")
    os.mkfifo(vault / "pipe.md")
    config = load_config(vault)
    done = threading.Event()

    def run() -> None:
        reconcile.rebuild(vault, config)
        reconcile.reconcile(vault, config, ["pipe.md"])
        reconcile.reconcile(vault, config)
        done.set()

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(30)
    if not done.is_set():  # unblock the open() so the test process can exit
        with open(vault / "pipe.md", "wb"):
            pass
    assert done.is_set(), "a FIFO must never be opened for reading"


# --- 7: a symlinked template override is refused -----------------------------------------------


def test_a_symlinked_template_is_refused_not_followed(vault: Path, outside: Path) -> None:
    folder = vault / paths.TEMPLATE_OVERRIDE_DIR
    folder.mkdir(parents=True)
    os.symlink(outside, folder / "USER.md.tmpl")
    config = load_config(vault)
    reconcile.rebuild(vault, config)
    user_md = vault / paths.USER_MD
    assert not user_md.exists() or SECRET not in user_md.read_text(encoding="utf-8")
    with Index.open(config.index_file()) as index, pytest.raises(TemplateError, match="link"):
        generate_all(vault, config, index)
