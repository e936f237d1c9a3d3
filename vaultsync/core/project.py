"""Which project a working directory belongs to, decided from its git repository.

Worktrees and subfolders of one repository are one project, and two clones of one remote on
two machines are one project too: the key is the remote (`host/owner/repo`, credentials
stripped) when there is one, else the main working tree's root, else the folder itself.
`.git` files are read directly (a `gitdir:` link, a worktree's `commondir`): running git would
cost more than the whole hook.
"""

from __future__ import annotations

from pathlib import Path


class Project:
    """A plain class, not a dataclass: the hook builds one at every call (core/model.Event
    says why)."""

    __slots__ = ("key", "name", "root")

    def __init__(self, key: str, root: str, name: str) -> None:
        self.key = (
            key  # `host/owner/repo` from the remote, else the repository root, else the folder
        )
        self.root = root  # the main working tree's root (or the folder when there is no repository)
        self.name = name

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Project):
            return NotImplemented
        return (self.key, self.root, self.name) == (other.key, other.root, other.name)

    def __hash__(self) -> int:
        return hash((self.key, self.root, self.name))

    def __repr__(self) -> str:
        return f"Project(key={self.key!r}, root={self.root!r}, name={self.name!r})"


def project_of(cwd: str) -> Project:
    """The project a folder belongs to: worktrees and subfolders of one repository are one
    project. Reads `.git` files directly; running git would cost more than the whole hook."""
    if not cwd:
        return Project("", "", "")
    start = Path(cwd)
    # A relative path would be read against the hook's own working directory: not a place.
    walk = (start, *start.parents) if start.is_absolute() else ()
    for folder in walk:
        dot_git = folder / ".git"
        try:
            if dot_git.is_dir():
                return _project_from(folder, dot_git)
            if dot_git.is_file():
                git_dir = _gitdir_from_file(dot_git)
                if git_dir is not None:
                    common = _common_dir(git_dir)
                    root = common.parent if common.name == ".git" else folder
                    return _project_from(root, common)
        except (OSError, ValueError):  # unreadable, or a hostile path (NUL, too long)
            break
    name = start.name or cwd
    return Project(cwd, cwd, name)


def _gitdir_from_file(dot_git: Path) -> Path | None:
    text = dot_git.read_text(encoding="utf-8", errors="replace")[:4096]
    for line in text.splitlines():
        if line.startswith("gitdir:"):
            target = Path(line[7:].strip())
            return target if target.is_absolute() else (dot_git.parent / target).resolve()
    return None


def _common_dir(git_dir: Path) -> Path:
    try:
        common = (git_dir / "commondir").read_text(encoding="utf-8").strip()
    except OSError:
        return git_dir  # a submodule or a plain gitdir link: its own repository
    target = Path(common)
    return target if target.is_absolute() else (git_dir / target).resolve()


def _project_from(root: Path, git_dir: Path) -> Project:
    remote = _remote_url(git_dir / "config")
    key = normalize_remote(remote) if remote else str(root)
    name = key.rstrip("/").rsplit("/", 1)[-1] or root.name
    return Project(key, str(root), name)


def _remote_url(config: Path) -> str:
    """The url of `origin`, else of the first remote, from a git config file."""
    try:
        text = config.read_text(encoding="utf-8", errors="replace")[:200_000]
    except OSError:
        return ""
    section = ""
    urls: dict[str, str] = {}
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("["):
            section = line.strip("[]").strip()
            continue
        if section.startswith("remote ") and "=" in line:
            key, _, value = line.partition("=")
            if key.strip().lower() == "url":
                urls.setdefault(section[7:].strip().strip('"'), value.strip().strip('"'))
    return urls.get("origin") or next(iter(urls.values()), "")


def normalize_remote(url: str) -> str:
    """`git@github.com:o/r.git`, `https://user:token@github.com/o/r`, `ssh://git@host:22/o/r`
    -> `github.com/o/r`; credentials never survive. Local paths stay paths."""
    url = url.strip()
    rest = url
    if "://" in url:
        scheme, _, rest = url.partition("://")
        if scheme.lower() == "file":
            return _strip_git(rest)
        host, _, path = rest.partition("/")
        host = host.rsplit("@", 1)[-1]
        if ":" in host and host.rsplit(":", 1)[1].isdigit():
            host = host.rsplit(":", 1)[0]
        return _strip_git(f"{host.lower()}/{path}")
    if ":" in url and not url.startswith(("/", ".")) and "@" in url.split(":", 1)[0]:
        host, _, path = url.partition(":")
        return _strip_git(f"{host.rsplit('@', 1)[-1].lower()}/{path.lstrip('/')}")
    if ":" in url and not url.startswith(("/", ".")) and "/" not in url.split(":", 1)[0]:
        host, _, path = url.partition(":")  # scp-like without a user: host:o/r
        return _strip_git(f"{host.lower()}/{path.lstrip('/')}")
    return _strip_git(rest)


def _strip_git(text: str) -> str:
    text = text.rstrip("/")
    return text[:-4] if text.endswith(".git") else text
