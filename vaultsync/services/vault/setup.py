"""Making a folder a vaultsync vault (`init`), and the guided tour on the example vault (`demo`).

`init` only ever adds: the layout folders, `.gitignore` (when there is none), the vault config
(when there is none), a git repository and a first commit. Run on an existing Obsidian vault it
adopts it without changing one byte of any existing file: a person's own `.gitignore` is left as
it is and the report lists the recommended lines it lacks.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from vaultsync.core import config as config_mod
from vaultsync.core import paths, writer
from vaultsync.core.errors import Exit, VaultsyncError
from vaultsync.storage import history

LAYOUT: tuple[str, ...] = (
    paths.SESSIONS_DIR,
    paths.SUMMARIES_DIR,
    *paths.LEVEL_DIRS.values(),
    paths.PROPOSALS_DIR,
    paths.DRAFTS_DIR,
    paths.ARCHIVE_DIR,
    paths.CONFIG_DIR,
)

# What a vault's git history must never hold: per-device Obsidian state, deleted notes,
# half-written temp files, editor swap files, sync-service conflict copies and any index a
# person points into the vault against advice.
GITIGNORE_LINES: tuple[str, ...] = (
    ".obsidian/workspace*.json",
    ".obsidian/workspace",
    ".obsidian/cache",
    ".trash/",
    "*.vstmp-*",
    ".*.vstmp-*",
    ".vaultsync/*.sqlite*",
    "*.swp",
    "*.swo",
    "*.swx",
    "*~",
    ".#*",
    "*.tmp",
    "*.part",
    "*.crdownload",
    ".~lock.*",
    ".DS_Store",
    "Thumbs.db",
    "*.sync-conflict-*",
    "*conflicted copy*",
    "conflict-files-obsidian-git.md",
)

GITIGNORE_TEXT = (
    "# Written by `vaultsync init`. Per-device and temporary files stay out of the history.\n"
    "\n# Obsidian: workspace layout and cache change on every click, per device\n"
    + "\n".join(GITIGNORE_LINES[:3])
    + "\n\n# Deleted notes (Obsidian's own trash folder)\n"
    + GITIGNORE_LINES[3]
    + "\n\n# vaultsync's temp files; the index normally lives outside the vault anyway\n"
    + "\n".join(GITIGNORE_LINES[4:7])
    + "\n\n# Editors and operating systems\n"
    + "\n".join(GITIGNORE_LINES[7:18])
    + "\n\n# Sync-service conflict copies (Syncthing, Dropbox, Obsidian Sync, obsidian-git)\n"
    + "\n".join(GITIGNORE_LINES[18:])
    + "\n"
)


# vaultsync's own notes are merged by `vaultsync sync` by rule (services/vault/merge.py), never
# line by line: a line merge of two machines' event blocks can cut a block in half (git's
# `union` driver does; tests/services/test_merge.py shows it), and a frontmatter conflict would
# leave duplicate keys. `binary` makes every other git (obsidian-git, a terminal) keep this
# machine's version and report the conflict instead of writing markers into a note.
GITATTRIBUTES_TEXT = (
    "# Written by `vaultsync init`: how git merges vaultsync's notes (docs/sync.md).\n"
    "# `vaultsync sync` merges these by its own rules; `binary` stops any other git from\n"
    "# writing conflict markers into them (it keeps this machine's version instead).\n"
    "USER.md merge=binary\n"
    "AGENT.md merge=binary\n"
    "people/*/USER.md merge=binary\n"
    "sessions/** merge=binary\n"
    "summaries/** merge=binary\n"
    "memories/** merge=binary\n"
    "people/*/memories/** merge=binary\n"
    "skills/proposals/** merge=binary\n"
    "archive/** merge=binary\n"
)


class VaultError(VaultsyncError):
    """The vault cannot be set up; the message says why and what to do.

    `reason` is one of "place" (the path cannot be a vault), "locked" (git's index stayed
    busy) or "error" (anything else), so the CLI can pick an exit code.
    """

    def __init__(self, message: str, reason: str = "error") -> None:
        codes = {"place": Exit.NO_VAULT, "locked": Exit.LOCKED}
        super().__init__(message, exit_code=codes.get(reason))
        self.reason = reason


@dataclass(frozen=True)
class InitReport:
    vault: Path
    created_folder: bool  # the vault folder did not exist
    adopted: bool  # the folder already held files (an existing vault)
    existing_notes: int
    made: tuple[str, ...]  # vault-relative folders and files init created
    gitignore_missing: tuple[str, ...]  # recommended lines a person's own .gitignore lacks
    repo_created: bool
    commit: str | None
    user_config: Path | None  # the user config written, if any
    warnings: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {
            "vault": str(self.vault),
            "created_folder": self.created_folder,
            "adopted": self.adopted,
            "existing_notes": self.existing_notes,
            "made": list(self.made),
            "gitignore_missing": list(self.gitignore_missing),
            "repo_created": self.repo_created,
            "commit": self.commit,
            "user_config": str(self.user_config) if self.user_config else None,
            "warnings": list(self.warnings),
        }


def _held_back(vault: Path) -> list[str]:
    """What the first commit must leave out (services.vault.gate: secrets, huge files...)."""
    from vaultsync.services.vault import gate

    try:
        config = config_mod.load_config(vault)
    except config_mod.ConfigError:  # reported elsewhere; the defaults still guard the commit
        config = config_mod.Config(vault, None, {})
    return sorted(gate.screen_first_commit(vault, config))


def _count_notes(vault: Path) -> int:
    from vaultsync.storage import vault_files

    return len(vault_files.walk(vault).files)


def _refuse(vault: Path) -> None:
    resolved = vault.expanduser().resolve()
    if resolved == Path(resolved.anchor) or resolved == Path.home().resolve():
        raise VaultError(
            f"refusing to make {resolved} a vault: pick a folder of its own, "
            "e.g. `vaultsync init ~/vault`",
            "place",
        )
    if resolved.exists() and not resolved.is_dir():
        raise VaultError(f"{resolved} is a file, not a folder", "place")


# Files at a folder's top that say it is a software project, not a notes folder: `vaultsync
# init` run in a code repository by mistake (its default PATH is ".") would add the vault's
# folders there and commit its config onto that repository's branch.
PROJECT_MARKERS: tuple[str, ...] = (
    "pyproject.toml", "setup.py", "setup.cfg", "package.json", "Cargo.toml", "go.mod",
    "pom.xml", "build.gradle", "build.gradle.kts", "Gemfile", "composer.json",
    "CMakeLists.txt", "Makefile", "mix.exs", "deno.json", "Package.swift",
)  # fmt: skip


def project_marker(folder: Path) -> str | None:
    """The file that marks `folder` as a software project, unless it is a vault already (an
    Obsidian vault, or one vaultsync set up)."""
    if (folder / ".obsidian").is_dir() or (folder / paths.VAULT_CONFIG).is_file():
        return None
    return next((name for name in PROJECT_MARKERS if (folder / name).is_file()), None)


def _write_user_config(vault: Path) -> Path | None:
    target = config_mod.user_config_path()
    if target.exists():
        return None
    text = (
        "# vaultsync settings for this machine (docs/configuration.md).\n"
        "[vault]\n"
        # A JSON string is a valid TOML basic string, escapes included.
        f"path = {json.dumps(str(vault), ensure_ascii=False)}\n"
        '# index_path = ""   # default: outside the vault, under VAULTSYNC_HOME\n'
    )
    writer.write_atomic(target, text)
    return target


def init(
    path: Path,
    *,
    user_config: bool = True,
    lock_timeout: float | None = None,
    adopt_project: bool = False,
) -> InitReport:
    """Create or adopt a vault at `path`. Raises VaultError with a clear message. A folder
    that is a software project (`project_marker`) is adopted only with `adopt_project`."""
    _refuse(path)
    marker = None if adopt_project else project_marker(path.expanduser())
    if marker is not None:
        raise VaultError(
            f"{path.expanduser().resolve()} holds {marker}: it looks like a software project, "
            "not a notes folder, and init would add the vault's folders there and commit onto "
            "its branch. Pick a folder of its own (`vaultsync init ~/vault`), or pass --adopt "
            "to make this folder the vault",
            "place",
        )
    if history.git_binary() is None:
        raise VaultError("git is not installed; vaultsync keeps the vault's history with git")
    vault = path.expanduser().resolve()
    created_folder = not vault.exists()
    try:
        vault.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise VaultError(f"cannot create {vault}: {exc.strerror}", "place") from exc
    if not os.access(vault, os.W_OK):
        raise VaultError(f"{vault} is not writable", "place")
    anything = any(vault.iterdir())
    existing_notes = _count_notes(vault) if anything else 0

    try:
        repo_created = history.ensure_repo(vault)
        if not repo_created:
            _check_out_the_remote_branch(vault)
    except history.GitError as exc:
        raise VaultError(str(exc), "place") from exc

    made: list[str] = []
    for folder in LAYOUT:
        target = vault / folder
        if not target.exists():
            target.mkdir(parents=True)
            made.append(folder)
    missing: tuple[str, ...] = ()
    gitignore = vault / ".gitignore"
    if gitignore.exists():
        try:
            present = {ln.strip() for ln in gitignore.read_text(encoding="utf-8").splitlines()}
        except (OSError, UnicodeDecodeError):
            present = set()
        missing = tuple(line for line in GITIGNORE_LINES if line not in present)
    elif writer.create_exclusive(gitignore, GITIGNORE_TEXT):
        made.append(".gitignore")
    if not (vault / ".gitattributes").exists() and writer.create_exclusive(
        vault / ".gitattributes", GITATTRIBUTES_TEXT
    ):
        made.append(".gitattributes")
    if writer.create_exclusive(vault / paths.VAULT_CONFIG, config_mod.render_vault_config()):
        made.append(paths.VAULT_CONFIG)

    warnings: list[str] = []
    if lock_timeout is None:
        try:
            lock_timeout = float(config_mod.load_config(vault).get("git", "lock_timeout_s"))
        except (config_mod.ConfigError, TypeError, ValueError) as exc:
            warnings.append(f"vault config unreadable, using defaults: {exc}")
    commit = _first_commit(vault, made, existing_notes, lock_timeout)
    user_cfg = _write_user_config(vault) if user_config else None
    return InitReport(
        vault=vault,
        created_folder=created_folder,
        adopted=anything,
        existing_notes=existing_notes,
        made=tuple(made),
        gitignore_missing=missing,
        repo_created=repo_created,
        commit=commit,
        user_config=user_cfg,
        warnings=tuple(warnings),
    )


def _check_out_the_remote_branch(vault: Path) -> None:
    """A clone that checked nothing out (the remote's HEAD names a branch it does not have, as
    a bare repository made on `master` does when the vaults use `main`) gets the remote's
    branch first, so init adds to that history instead of starting a second one."""
    from vaultsync.storage import history_remote

    history_remote.adopt_remote_branch(vault)


def _first_commit(
    vault: Path, made: Sequence[str], notes: int, lock_timeout: float | None
) -> str | None:
    try:
        if history.head(vault) is not None:
            # A repository with history is the person's: commit only init's own files (as
            # init wrote them), never their pending edits.
            ours = {m for m in made if (vault / m).is_file()}
            for rel, text in (
                (".gitignore", GITIGNORE_TEXT),
                (".gitattributes", GITATTRIBUTES_TEXT),
                (paths.VAULT_CONFIG, config_mod.render_vault_config()),
            ):
                if _has_text(vault / rel, text):
                    ours.add(rel)
            return history.commit_paths(
                vault, sorted(ours), "vaultsync: add vault config", lock_timeout=lock_timeout
            )
        plural = "" if notes == 1 else "s"
        what = f"adopt existing vault ({notes} note{plural})" if notes else "initialize vault"
        return history.commit_all(
            vault, f"vaultsync: {what}", lock_timeout=lock_timeout, exclude=_held_back(vault)
        )
    except history.GitLockBusy as exc:
        raise VaultError(
            f"{exc}. The layout and config are in place; run `vaultsync init {vault}` again "
            "to make the first commit",
            "locked",
        ) from exc
    except history.GitError as exc:
        raise VaultError(f"first commit failed: {exc}") from exc


def _has_text(path: Path, text: str) -> bool:
    try:
        return path.read_bytes() == text.encode("utf-8")
    except OSError:
        return False


# ---------------------------------------------------------------------------------------------
# demo

DEMO_QUERIES: tuple[str, ...] = ("pytest venv", "短句")


def example_vault() -> Path:
    """The example vault: `vault-example/` of a source checkout, or the copy an installed
    wheel carries (`resources/example-vault`, a link to it in the checkout)."""
    override = os.environ.get("VAULTSYNC_EXAMPLE_VAULT")
    if override:
        candidates = [Path(override)]
    else:
        candidates = [
            Path(__file__).resolve().parents[3] / "vault-example",
            Path(__file__).resolve().parents[2] / "resources" / "example-vault",
        ]
    for candidate in candidates:
        if (candidate / paths.SESSIONS_DIR).is_dir():
            return candidate
    raise VaultError(
        f"the example vault was not found at {candidates[0]}; reinstall vaultsync, or set "
        "VAULTSYNC_EXAMPLE_VAULT to a copy of vault-example/"
    )


@dataclass(frozen=True)
class DemoReport:
    vault: Path
    kept: bool
    notes: int
    events: int
    errors: int
    user_md: str
    agent_md: str
    searches: tuple[tuple[str, tuple[dict[str, Any], ...]], ...]
    git_log: tuple[str, ...]
    generated: tuple[str, ...] = ()
    warnings: tuple[str, ...] = field(default=())
    tour: Any = None  # services/vault/tour.TourReport: the loop the demo ran
    seconds: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "vault": str(self.vault),
            "kept": self.kept,
            "notes": self.notes,
            "events": self.events,
            "errors": self.errors,
            "generated": list(self.generated),
            "user_md": self.user_md,
            "agent_md": self.agent_md,
            "searches": [{"query": q, "hits": list(h)} for q, h in self.searches],
            "git_log": list(self.git_log),
            "warnings": list(self.warnings),
            "tour": self.tour.as_dict() if self.tour is not None else None,
            "seconds": round(self.seconds, 2),
        }


def _copy_tree(source: Path, target: Path) -> int:
    """Copy the example vault file by file through the writer (the one gate for writes)."""
    count = 0
    for root, dirs, files in os.walk(source):
        dirs[:] = sorted(d for d in dirs if d != ".git")
        for name in sorted(files):
            src = Path(root) / name
            writer.write_atomic(target / src.relative_to(source), src.read_bytes(), fsync=False)
            count += 1
    return count


def demo(
    target: Path | None = None,
    *,
    keep: bool = True,
    queries: Sequence[str] = DEMO_QUERIES,
    progress: Callable[[str], None] | None = None,
) -> DemoReport:
    """Copy the example vault, init it, rebuild; then the whole loop (services/vault/tour.py):
    a Claude Code and a Codex session replayed through the hook, learn, one approval, USER.md
    regenerated, a search from the Codex side; then search, and show the history."""
    import time

    from vaultsync.services.derived import reconcile
    from vaultsync.services.recall.engine import recall
    from vaultsync.services.vault import tour

    started = time.perf_counter()

    say = progress or (lambda _msg: None)
    source = example_vault()
    scratch: Path | None = None
    if target is None:
        scratch = Path(tempfile.mkdtemp(prefix="vaultsync-demo-"))
        target = scratch / "vault-example"
    target = target.expanduser().resolve()
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise VaultError(
            f"{target} exists and is not empty; pass a new folder with --path", "place"
        )
    # The folder is new or empty: per-vault state left by an earlier demo at the same path
    # (queue markers, filter state, index) belongs to a vault that is gone.
    shutil.rmtree(paths.state_dir(target), ignore_errors=True)
    try:
        say(f"copying {source} to {target}")
        _copy_tree(source, target)
        say("init: layout, .gitignore, git repository, first commit")
        init(target, user_config=False)
        config = config_mod.load_config(target)
        say("rebuild: index, USER.md, AGENT.md")
        report = reconcile.rebuild(target, config)
        history.commit_all(target, "vaultsync: generate USER.md and AGENT.md")
        work = (scratch or target.parent) / "csvtidy"  # the recorded sessions' project folder
        loop = tour.run(target, work, say=say, hit_dict=_hit_dict)
        report = reconcile.rebuild(target, config_mod.load_config(target))
        if history.dirty_rels(target):
            history.commit_all(target, "vaultsync: rebuild")
        searches = []
        for query in queries:
            hits = recall(target, config, query, limit=5, semantic=False).hits
            searches.append((query, tuple(_hit_dict(h) for h in hits)))
        log = tuple(f"{c.short[:7]} {c.subject}" for c in history.log(target, limit=20))
        result = DemoReport(
            vault=target,
            kept=keep,
            notes=report.notes,
            events=report.events,
            errors=report.errors,
            user_md=_read(target / paths.USER_MD),
            agent_md=_read(target / paths.AGENT_MD),
            searches=tuple(searches),
            git_log=log,
            generated=tuple(report.generated),
            warnings=tuple(report.error_messages) + tuple(report.warning_messages) + loop.warnings,
            tour=loop,
            seconds=time.perf_counter() - started,
        )
    finally:
        if not keep:
            shutil.rmtree(paths.state_dir(target), ignore_errors=True)
            shutil.rmtree(scratch or target, ignore_errors=True)
    return result


def _hit_dict(hit: Any) -> dict[str, Any]:
    if isinstance(hit, dict):
        return hit
    to_dict = getattr(hit, "to_dict", None) or getattr(hit, "as_dict", None)
    return dict(to_dict()) if to_dict else {"path": str(hit)}


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return ""
