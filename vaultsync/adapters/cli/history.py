"""`vaultsync history`, `diff`, `rollback` and `commit`: the vault's git history, read and
extended (never rewritten: a rollback is a new commit)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import typer

from vaultsync.adapters.cli.app import (
    Exit,
    JsonOption,
    VaultOption,
    app,
    emit_json,
    fail,
    require_vault,
)
from vaultsync.core import timestamp
from vaultsync.core.config import Config, load_config
from vaultsync.storage import history as git


def _vault_rel(root: Path, given: str | None) -> str | None:
    """A note named relative to the vault, or by a path from here that lies inside the vault;
    a path that leaves the vault is refused (storage.vault_files)."""
    from vaultsync.storage import vault_files

    if not given:
        return None
    try:
        return vault_files.resolve(root, given)
    except vault_files.OutsideVault:
        fail(f"{given} is not inside the vault {root}", Exit.NOT_FOUND)


def _repo(vault: Path | None) -> Path:
    root = require_vault(vault)
    if not git.is_repo(root):
        fail(
            f"{root} has no history yet: run `vaultsync watch` or `vaultsync init {root}` "
            "to start one",
            Exit.NOT_FOUND,
        )
    return root


def _config(root: Path) -> Config:
    return load_config(root)


@contextmanager
def _git_errors() -> Iterator[None]:
    try:
        yield
    except (FileExistsError, TimeoutError) as exc:  # a note lock stayed busy
        fail(f"a note is locked by another vaultsync process: {exc}", Exit.LOCKED)
    except FileNotFoundError as exc:
        fail(str(exc), Exit.NOT_FOUND)
    except git.GitError as exc:
        if "unknown revision" in str(exc):  # git's word for a revision that does not exist
            fail(str(exc), Exit.NOT_FOUND)
        raise


@app.command()
def history(
    path: str = typer.Argument(None, help="One note (its history follows renames)."),
    limit: int = typer.Option(20, "--limit", "-n", min=1, help="How many commits to show."),
    vault: Path | None = VaultOption,
    json: bool = JsonOption,
) -> None:
    """Commits that touched the vault, or one note, newest first."""
    root = _repo(vault)
    rel = _vault_rel(root, path)
    with _git_errors():
        commits = git.log(root, rel, limit=limit)
    if json:
        emit_json({"path": rel, "commits": [c.as_dict() for c in commits]})
        return
    if not commits:
        typer.echo(f"no commits touch {rel}" if rel else "no commits yet")
        return
    for c in commits:
        # git gives the committing machine's offset; the person reads their own time
        when = timestamp.shown(c.date, seconds=False)
        typer.echo(f"{c.short}  {when}  {c.subject}")
        if rel:
            for change in c.changes:
                moved = f" (from {change.old_path})" if change.old_path else ""
                typer.echo(f"            {change.status} {change.path}{moved}")


@app.command()
def diff(
    rev: str = typer.Argument(..., help="A revision (shown against the current files) or A..B."),
    path: str = typer.Argument(None, help="Limit the diff to one note."),
    vault: Path | None = VaultOption,
) -> None:
    """What changed since REV (or between A..B), as a unified diff."""
    root = _repo(vault)
    rel = _vault_rel(root, path)
    with _git_errors():
        text = git.diff(root, rev, rel)
    typer.echo(text.rstrip("\n") if text else "no differences", nl=True)


@app.command()
def rollback(
    rev: str = typer.Argument(..., help="The revision to go back to (see `vaultsync history`)."),
    path: str = typer.Argument(None, help="Restore only this note (default: the whole vault)."),
    vault: Path | None = VaultOption,
    json: bool = JsonOption,
) -> None:
    """Restore the vault, or one note, as it was at REV, as a new commit.

    Uncommitted changes are committed first, so nothing is lost; history is never rewritten."""
    from vaultsync.services.vault import rollback as rollbacks

    root = _repo(vault)
    rel = _vault_rel(root, path)
    config = _config(root)
    with _git_errors():
        result = rollbacks.rollback(root, config, rev, rel)
    if json:
        emit_json(
            {"commit": result.commit, "rev": rev, "path": rel, "restored": list(result.restored)}
        )
        return
    if result.commit is None:
        typer.echo(f"{rel or 'the vault'} already matches {rev}; nothing to do")
        return
    typer.echo(
        f"restored {len(result.restored)} file(s) as of {rev} in commit {result.commit[:10]}"
    )
    for p in result.restored[:20]:
        typer.echo(f"  {p}")


@app.command()
def commit(
    confirm_deletions: bool = typer.Option(
        False, "--confirm-deletions", help="Commit deletions the mass-deletion guard held back."
    ),
    restore_deletions: bool = typer.Option(
        False, "--restore-deletions", help="Bring back the files whose deletion was held back."
    ),
    vault: Path | None = VaultOption,
    json: bool = JsonOption,
) -> None:
    """Commit every uncommitted change in the vault now (the watcher does this by itself).

    Exits 7 while a mass deletion is held back and neither flag is given."""
    from vaultsync.services.vault import autocommit

    if confirm_deletions and restore_deletions:
        fail("choose one of --confirm-deletions and --restore-deletions", Exit.USAGE)
    root = _repo(vault)
    config = _config(root)
    with _git_errors():
        restored = autocommit.restore_held(root, config) if restore_deletions else ()
        result = autocommit.commit_pending(root, config, confirm_deletions=confirm_deletions)
    waiting = autocommit.held(root)
    if json:
        emit_json(
            {
                **result.as_dict(),
                "restored": list(restored),
                "held": waiting.as_dict() if waiting else None,
            }
        )
    else:
        if restored:
            typer.echo(f"brought back {len(restored)} file(s) whose deletion was held")
        if result.commit:
            typer.echo(f"committed {result.commit[:10]}: {result.summary}")
        elif not restored:
            typer.echo("nothing to commit")
        if waiting:
            typer.echo(
                f"held back: {len(waiting.rels)} deletions ({waiting.share:.0%} of {waiting.total} "
                f"notes) since {timestamp.shown(waiting.since)}; run `vaultsync commit "
                "--confirm-deletions` to commit them or `vaultsync commit --restore-deletions` "
                "to bring the files back"
            )
        for rel, why in result.blocked:
            typer.echo(f"held back: {rel}: {why}")
        if result.blocked:
            typer.echo(autocommit.allow_hint())
    if waiting or result.blocked:
        raise typer.Exit(int(Exit.HELD))
