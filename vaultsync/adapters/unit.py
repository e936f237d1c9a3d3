"""Files that keep vaultsync running without a terminal: systemd user units on Linux, launchd
agents on macOS, and a crontab line where neither exists.

Rendering is pure (text in, text out) so tests can validate every file; `install`,
`uninstall` and `status` are the only functions that touch the system, and each takes
`dry_run`. The scheduler reuses `Schedule`, `systemd_service`, `systemd_timer`,
`launchd_plist` and `crontab_line` for its daily and weekly jobs.
"""

from __future__ import annotations

import contextlib
import enum
import os
import plistlib
import re
import shutil
import subprocess
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from vaultsync.core import paths, writer

WATCH_NAME = "vaultsync-watch"
LAUNCHD_PREFIX = "dev.vaultsync."
_WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


class Platform(enum.StrEnum):
    SYSTEMD = "systemd"
    LAUNCHD = "launchd"
    CRON = "cron"  # neither: print a crontab line, install nothing

    @classmethod
    def current(cls) -> Platform:
        if sys.platform == "darwin":
            return cls.LAUNCHD
        if sys.platform.startswith("linux") and shutil.which("systemctl"):
            return cls.SYSTEMD
        return cls.CRON


@dataclass(frozen=True)
class Schedule:
    """A daily (weekday None) or weekly job at hour:minute local time."""

    hour: int = 3
    minute: int = 0
    weekday: int | None = None  # 0 = Monday

    def __post_init__(self) -> None:
        if not (0 <= self.hour < 24 and 0 <= self.minute < 60):
            raise ValueError(f"bad time {self.hour}:{self.minute:02d}")
        if self.weekday is not None and not 0 <= self.weekday < 7:
            raise ValueError(f"bad weekday {self.weekday} (0 = Monday .. 6 = Sunday)")

    def on_calendar(self) -> str:
        day = f"{_WEEKDAYS[self.weekday]} " if self.weekday is not None else ""
        return f"{day}*-*-* {self.hour:02d}:{self.minute:02d}:00"

    def launchd_interval(self) -> dict[str, int]:
        out = {"Hour": self.hour, "Minute": self.minute}
        if self.weekday is not None:
            out["Weekday"] = (self.weekday + 1) % 7  # launchd and cron: 0 = Sunday
        return out

    def cron_fields(self) -> str:
        dow = "*" if self.weekday is None else str((self.weekday + 1) % 7)
        return f"{self.minute} {self.hour} * * {dow}"


@dataclass(frozen=True)
class UnitFile:
    path: Path
    text: str
    platform: Platform
    name: str  # systemd unit name or launchd label
    extra: tuple[UnitFile, ...] = field(default=())  # e.g. the .timer beside a .service


# ---------------------------------------------------------------------------------------------
# rendering


def command_prefix() -> list[str]:
    """How to start vaultsync from a unit: the venv's console script by absolute path (a
    version-manager shim on PATH costs 50-75 ms a launch and may not exist in a unit's env)."""
    sibling = Path(sys.executable).parent / "vaultsync"
    if sibling.is_file() and os.access(sibling, os.X_OK):
        return [str(sibling)]
    found = shutil.which("vaultsync")
    if found:
        return [str(Path(found).resolve())]
    return [sys.executable, "-m", "vaultsync"]


def unit_environment() -> dict[str, str]:
    """Environment a background job needs to find the same state as this shell."""
    keep = ("VAULTSYNC_HOME", "VAULTSYNC_INDEX", "GIT_CONFIG_GLOBAL", "GIT_CONFIG_NOSYSTEM")
    return {k: os.environ[k] for k in keep if os.environ.get(k)}


_SYSTEMD_SAFE = re.compile(r"^[A-Za-z0-9_./:=@+,-]+$")


def systemd_quote(arg: str) -> str:
    """One word of an ExecStart= line: quoted with C escapes when needed, `%` doubled."""
    arg = arg.replace("%", "%%")
    if _SYSTEMD_SAFE.match(arg):
        return arg
    escaped = arg.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def systemd_service(
    description: str,
    argv: Sequence[str],
    *,
    env: Mapping[str, str] | None = None,
    long_running: bool = True,
) -> str:
    """A user service: a restarting daemon (`long_running`) or a oneshot for a timer."""
    lines = [
        "[Unit]",
        f"Description={description}",
        "",
        "[Service]",
        f"Type={'simple' if long_running else 'oneshot'}",
        "ExecStart=" + " ".join(systemd_quote(a) for a in argv),
    ]
    for key, value in sorted((env or {}).items()):
        lines.append("Environment=" + systemd_quote(f"{key}={value}"))
    if long_running:
        lines += ["Restart=on-failure", "RestartSec=5", "TimeoutStopSec=30", "KillSignal=SIGTERM"]
    lines += ["Nice=5", ""]
    if long_running:
        lines += ["[Install]", "WantedBy=default.target", ""]
    return "\n".join(lines)


def systemd_timer(description: str, schedule: Schedule) -> str:
    return "\n".join(
        [
            "[Unit]",
            f"Description={description}",
            "",
            "[Timer]",
            f"OnCalendar={schedule.on_calendar()}",
            "Persistent=true",  # a laptop asleep at 03:00 runs the job when it wakes
            "RandomizedDelaySec=300",
            "",
            "[Install]",
            "WantedBy=timers.target",
            "",
        ]
    )


def launchd_plist(
    label: str,
    argv: Sequence[str],
    *,
    env: Mapping[str, str] | None = None,
    keep_alive: bool = True,
    schedule: Schedule | None = None,
    log_dir: Path | None = None,
) -> str:
    """A LaunchAgent: kept alive (the watcher) or started on a calendar (the scheduler)."""
    spec: dict[str, object] = {
        "Label": label,
        "ProgramArguments": list(argv),
        "RunAtLoad": keep_alive,
        "ProcessType": "Background",
    }
    if keep_alive:
        spec["KeepAlive"] = {"SuccessfulExit": False}
    if schedule is not None:
        spec["StartCalendarInterval"] = schedule.launchd_interval()
    if env:
        spec["EnvironmentVariables"] = dict(env)
    logs = log_dir or paths.log_dir()
    spec["StandardOutPath"] = str(logs / f"{label}.out.log")
    spec["StandardErrorPath"] = str(logs / f"{label}.err.log")
    return plistlib.dumps(spec, sort_keys=True).decode("utf-8")


def crontab_line(
    argv: Sequence[str], schedule: Schedule, *, env: Mapping[str, str] | None = None
) -> str:
    import shlex

    prefix = " ".join(f"{k}={shlex.quote(v)}" for k, v in sorted((env or {}).items()))
    command = " ".join(shlex.quote(a) for a in argv)
    return f"{schedule.cron_fields()} {prefix + ' ' if prefix else ''}{command}"


# ---------------------------------------------------------------------------------------------
# where unit files live


def systemd_user_dir() -> Path:
    xdg = os.environ.get("XDG_CONFIG_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".config"
    return base / "systemd" / "user"


def launch_agents_dir() -> Path:
    return Path.home() / "Library" / "LaunchAgents"


def watch_argv(vault: Path) -> list[str]:
    return [*command_prefix(), "watch", "--vault", str(vault.expanduser().resolve())]


def watch_unit(vault: Path, platform: Platform | None = None) -> UnitFile:
    """The unit that runs `vaultsync watch --vault <abs>` for as long as the user is logged in."""
    platform = platform or Platform.current()
    argv = watch_argv(vault)
    env = unit_environment()
    if platform is Platform.LAUNCHD:
        label = LAUNCHD_PREFIX + "watch"
        text = launchd_plist(label, argv, env=env, keep_alive=True)
        return UnitFile(launch_agents_dir() / f"{label}.plist", text, platform, label)
    if platform is Platform.SYSTEMD:
        name = f"{WATCH_NAME}.service"
        text = systemd_service("vaultsync: index and commit the vault as it changes", argv, env=env)
        return UnitFile(systemd_user_dir() / name, text, platform, name)
    # No service manager: @reboot is the closest cron has to "keep running".
    line = "@reboot " + crontab_line(argv, Schedule(), env=env).split(" ", 5)[5]
    return UnitFile(Path("crontab"), line + "\n", platform, WATCH_NAME)


# ---------------------------------------------------------------------------------------------
# installing


@dataclass(frozen=True)
class Action:
    """One thing install/uninstall did (or, with dry_run, would do)."""

    what: str
    done: bool
    output: str = ""


def _call(argv: Sequence[str], timeout: float = 60) -> Action:
    try:
        proc = subprocess.run(
            list(argv), capture_output=True, text=True, timeout=timeout, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        return Action(" ".join(argv), False, str(exc))
    return Action(" ".join(argv), proc.returncode == 0, (proc.stdout + proc.stderr).strip())


def user_manager() -> str:
    """'' when systemd's user service manager answers, else why not, in systemctl's words.

    Containers, WSL without systemd, and SSH or `su` sessions without a login session have
    systemctl but no user bus: `systemctl --user` fails there ("Failed to connect to bus"),
    after `enable` has already linked the unit offline."""
    if not shutil.which("systemctl"):
        return "systemctl is not installed"
    probe = _call(["systemctl", "--user", "show-environment"], timeout=10)
    if probe.done:
        return ""
    return (probe.output.splitlines() or ["`systemctl --user` failed"])[-1]


def _loader_commands(unit: UnitFile, load: bool, manager: bool = True) -> list[list[str]]:
    if unit.platform is Platform.SYSTEMD:
        if not shutil.which("systemctl"):
            return []
        names = [unit.name, *(e.name for e in unit.extra if e.name.endswith(".timer"))]
        target = names[-1]
        if load:
            return [
                ["systemctl", "--user", "daemon-reload"],
                ["systemctl", "--user", "enable", "--now", target],
            ]
        if not manager:  # `disable` works offline (it removes the links); stopping does not
            return [["systemctl", "--user", "disable", target]]
        return [
            ["systemctl", "--user", "disable", "--now", target],
            ["systemctl", "--user", "daemon-reload"],
        ]
    if unit.platform is Platform.LAUNCHD:
        if not shutil.which("launchctl"):
            return []
        domain = f"gui/{os.getuid()}"
        if load:
            return [["launchctl", "bootstrap", domain, str(unit.path)]]
        return [["launchctl", "bootout", f"{domain}/{unit.name}"]]
    return []


MANAGER = "reach systemd's user service manager (systemctl --user)"


def install(unit: UnitFile, *, dry_run: bool = False, load: bool = True) -> list[Action]:
    """Write the unit file(s) and load them (`load`). With dry_run nothing is written or run.

    All or nothing: where systemd's user manager cannot be reached nothing is written (the
    first action says why, not done), and when loading fails the files, folders and links
    written are taken back (a unit that was there before is put back as it was)."""
    actions = []
    if unit.platform is Platform.CRON:
        return [Action(f"add to your crontab (crontab -e): {unit.text.strip()}", False)]
    if unit.platform is Platform.SYSTEMD and load and not dry_run:
        why = user_manager()
        if why:
            return [Action(MANAGER, False, why)]
    if unit.platform is Platform.LAUNCHD and not dry_run:
        # launchd opens StandardOutPath itself but will not create its folder.
        paths.log_dir().mkdir(parents=True, exist_ok=True)
    items = (unit, *unit.extra)
    before = {item.path: _read_or_none(item.path) for item in items}
    # The folders this install may create: the units' own, and the `.wants` folders that
    # `enable` links into (deepest first, so an undo removes them in order).
    wants = [unit.path.parent / f"{t}.wants" for t in ("default.target", "timers.target")]
    made = (
        [] if dry_run else [*(w for w in wants if not w.exists()), *_missing_dirs(unit.path.parent)]
    )
    for item in items:
        if not dry_run:
            writer.write_atomic(item.path, item.text)
        actions.append(Action(f"write {item.path}", not dry_run))
    for argv in _loader_commands(unit, load=True) if load else []:
        action = Action(" ".join(argv), False) if dry_run else _call(argv)
        actions.append(action)
        if not dry_run and not action.done:
            actions.extend(_take_back(unit, before, made))
            break
    return actions


def _read_or_none(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return None


def _missing_dirs(folder: Path) -> list[Path]:
    """The folders a write into `folder` creates, deepest first."""
    missing = []
    while not folder.exists() and folder != folder.parent:
        missing.append(folder)
        folder = folder.parent
    return missing


def _take_back(unit: UnitFile, before: dict[Path, str | None], made: list[Path]) -> list[Action]:
    """Undo a failed install: the links `enable` made offline, the files, the new folders."""
    undone = []
    if all(old is None for old in before.values()):
        for argv in _loader_commands(unit, load=False, manager=False):
            undone.append(_call(argv))
    for path, old in before.items():
        if old is None:
            path.unlink(missing_ok=True)
            undone.append(Action(f"remove {path} again", True))
        else:
            writer.write_atomic(path, old)
            undone.append(Action(f"put {path} back as it was", True))
    for folder in made:  # deepest first; a folder something else wrote into stays
        with contextlib.suppress(OSError):
            folder.rmdir()
    return undone


def uninstall(unit: UnitFile, *, dry_run: bool = False, load: bool = True) -> list[Action]:
    """Unload (`load`) and remove the unit file(s). Missing files are not an error. Without
    systemd's user manager the unit is still disabled (its links removed) and its files go."""
    actions = []
    if load and unit.path.exists():
        manager = unit.platform is not Platform.SYSTEMD or dry_run or not user_manager()
        for argv in _loader_commands(unit, load=False, manager=manager):
            actions.append(Action(" ".join(argv), False) if dry_run else _call(argv))
    for item in (unit, *unit.extra):
        if item.path.exists():
            if not dry_run:
                item.path.unlink()
            actions.append(Action(f"remove {item.path}", not dry_run))
    return actions


@dataclass(frozen=True)
class UnitStatus:
    installed: bool
    active: bool | None  # None when the service manager cannot be asked
    path: str
    detail: str = ""


def status(unit: UnitFile) -> UnitStatus:
    installed = unit.path.exists()
    if unit.platform is Platform.SYSTEMD and shutil.which("systemctl"):
        act = _call(["systemctl", "--user", "is-active", unit.name])
        known = act.output in {"active", "inactive", "failed", "activating", "deactivating"}
        return UnitStatus(
            installed, act.output == "active" if known else None, str(unit.path), act.output
        )
    if unit.platform is Platform.LAUNCHD and shutil.which("launchctl"):
        act = _call(["launchctl", "print", f"gui/{os.getuid()}/{unit.name}"])
        return UnitStatus(installed, act.done and "state = running" in act.output, str(unit.path))
    return UnitStatus(installed, None, str(unit.path))
