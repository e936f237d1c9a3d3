"""The learning schedule: `vaultsync learn --daily` every day and `--weekly` once a week.

Where the system has a service manager the jobs are its own kind of job (systemd user timers on
Linux, launchd agents on macOS); elsewhere they are two crontab lines inside a marked block, so
installing twice changes nothing and uninstalling removes exactly those lines and nothing a
person wrote. Times come from `schedule.daily` ("09:00") and `schedule.weekly` ("Sun 09:00").

It lives beside `unit` (whose renderers it reuses) because it changes the system, not the vault.
The crontab is read and written through a `Crontab`, so tests never touch the real one.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from vaultsync.adapters import unit
from vaultsync.core.config import Config
from vaultsync.core.errors import Exit, VaultsyncError

BEGIN = "# >>> vaultsync schedule: managed by `vaultsync schedule`, edits here are replaced >>>"
END = "# <<< vaultsync schedule <<<"
_DAYS = {d: i for i, d in enumerate(("mon", "tue", "wed", "thu", "fri", "sat", "sun"))}
_DAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_TIME = re.compile(r"^(?:(?P<day>[A-Za-z]{3})[a-z]*\s+)?(?P<h>\d{1,2}):(?P<m>\d\d)$")


class ScheduleError(VaultsyncError):
    """The crontab or the service manager cannot be used; nothing was changed."""


class ScheduleConfigError(ScheduleError):
    """`schedule.daily` or `schedule.weekly` cannot be read."""

    exit_code = Exit.CONFIG


@dataclass(frozen=True)
class Job:
    name: str  # "daily" | "weekly"
    argv: tuple[str, ...]
    when: unit.Schedule

    @property
    def unit_name(self) -> str:
        return f"vaultsync-learn-{self.name}"


def parse_when(text: str, *, weekly: bool) -> unit.Schedule:
    """ "09:00" (daily) or "Sun 09:00" (weekly) -> a Schedule."""
    match = _TIME.match(str(text).strip())
    if not match:
        raise ScheduleConfigError(f"cannot read the time {text!r} (write 09:00, or Sun 09:00)")
    day = match.group("day")
    weekday = None
    if weekly:
        if day is None or day.lower()[:3] not in _DAYS:
            raise ScheduleConfigError(
                f"the weekly time needs a day, like 'Sun 09:00', not {text!r}"
            )
        weekday = _DAYS[day.lower()[:3]]
    elif day is not None:
        raise ScheduleConfigError(f"the daily time is a time of day, like '09:00', not {text!r}")
    try:
        return unit.Schedule(int(match.group("h")), int(match.group("m")), weekday)
    except ValueError as exc:
        raise ScheduleConfigError(str(exc)) from None


def jobs(vault: Path, config: Config) -> tuple[Job, Job]:
    prefix = unit.command_prefix()
    where = ["--vault", str(vault.expanduser().resolve())]
    daily = parse_when(str(config.get("schedule", "daily")), weekly=False)
    weekly = parse_when(str(config.get("schedule", "weekly")), weekly=True)
    return (
        Job("daily", (*prefix, "learn", "--daily", *where), daily),
        Job("weekly", (*prefix, "learn", "--weekly", *where), weekly),
    )


def unit_file(job: Job, platform: unit.Platform) -> unit.UnitFile:
    """The job as a systemd service + timer pair or a launchd agent."""
    env = unit.unit_environment()
    description = f"vaultsync: {job.name} learning run"
    if platform is unit.Platform.LAUNCHD:
        label = f"{unit.LAUNCHD_PREFIX}learn-{job.name}"
        text = unit.launchd_plist(label, job.argv, env=env, keep_alive=False, schedule=job.when)
        return unit.UnitFile(unit.launch_agents_dir() / f"{label}.plist", text, platform, label)
    if platform is not unit.Platform.SYSTEMD:
        raise ScheduleError(f"{platform} has no unit files")
    folder = unit.systemd_user_dir()
    service = f"{job.unit_name}.service"
    timer = f"{job.unit_name}.timer"
    timer_file = unit.UnitFile(
        folder / timer, unit.systemd_timer(description, job.when), platform, timer
    )
    text = unit.systemd_service(description, job.argv, env=env, long_running=False)
    return unit.UnitFile(folder / service, text, platform, service, (timer_file,))


# ---------------------------------------------------------------- crontab


class Crontab(Protocol):
    def read(self) -> str: ...
    def write(self, text: str) -> None: ...


class SystemCrontab:
    """The user's crontab through the `crontab` program."""

    def read(self) -> str:
        exe = shutil.which("crontab")
        if exe is None:
            raise ScheduleError("the `crontab` program is not installed")
        proc = subprocess.run([exe, "-l"], capture_output=True, text=True, check=False, timeout=30)
        if proc.returncode != 0:
            if "no crontab" in proc.stderr.lower():
                return ""
            raise ScheduleError(f"crontab -l failed: {proc.stderr.strip()}")
        return proc.stdout

    def write(self, text: str) -> None:
        exe = shutil.which("crontab")
        if exe is None:
            raise ScheduleError("the `crontab` program is not installed")
        proc = subprocess.run(
            [exe, "-"], input=text, capture_output=True, text=True, check=False, timeout=30
        )
        if proc.returncode != 0:
            raise ScheduleError(f"crontab - failed: {proc.stderr.strip()}")


def cron_block(all_jobs: tuple[Job, ...]) -> str:
    env = unit.unit_environment()
    lines = [unit.crontab_line(j.argv, j.when, env=env) for j in all_jobs]
    return "\n".join([BEGIN, *lines, END]) + "\n"


def _split(text: str) -> tuple[str, str | None, str]:
    """(before, our block or None, after). A block missing its end marker is an error: the
    lines after it might be a person's, and guessing could delete them."""
    lines = text.splitlines(keepends=True)
    starts = [i for i, line in enumerate(lines) if line.rstrip("\n") == BEGIN]
    if not starts:
        return text, None, ""
    start = starts[0]
    ends = [i for i, line in enumerate(lines) if i > start and line.rstrip("\n") == END]
    if not ends:
        raise ScheduleError("the crontab has vaultsync's start marker but no end marker; fix it")
    end = ends[0]
    return "".join(lines[:start]), "".join(lines[start : end + 1]), "".join(lines[end + 1 :])


def with_block(text: str, block: str) -> str:
    before, _, after = _split(text)
    if before and not before.endswith("\n"):
        before += "\n"
    return before + block + after


def without_block(text: str) -> str:
    before, found, after = _split(text)
    return text if found is None else before + after


def current_block(text: str) -> str | None:
    return _split(text)[1]


# ---------------------------------------------------------------- install, uninstall, status


@dataclass(frozen=True)
class Result:
    platform: str
    dry_run: bool
    actions: tuple[unit.Action, ...]
    files: tuple[tuple[str, str], ...] = ()  # (path, text) written or shown
    crontab: str | None = None  # the whole new crontab (cron only)
    jobs: tuple[dict[str, Any], ...] = field(default_factory=tuple)

    def as_dict(self) -> dict[str, Any]:
        return {
            "platform": self.platform,
            "dry_run": self.dry_run,
            "jobs": list(self.jobs),
            "files": [{"path": p, "text": t} for p, t in self.files],
            "crontab": self.crontab,
            "actions": [{"what": a.what, "done": a.done, "output": a.output} for a in self.actions],
        }

    @property
    def failed(self) -> list[unit.Action]:
        return [a for a in self.actions if not self.dry_run and not a.done]


def _describe(all_jobs: tuple[Job, ...]) -> tuple[dict[str, Any], ...]:
    out = []
    for job in all_jobs:
        day = "every day" if job.when.weekday is None else f"every {_DAY_NAMES[job.when.weekday]}"
        out.append(
            {
                "name": job.name,
                "when": f"{day} at {job.when.hour:02d}:{job.when.minute:02d}",
                "command": list(job.argv),
            }
        )
    return tuple(out)


def install(
    vault: Path,
    config: Config,
    *,
    platform: unit.Platform | None = None,
    dry_run: bool = False,
    crontab: Crontab | None = None,
    load: bool = True,
) -> Result:
    platform = platform or unit.Platform.current()
    all_jobs = jobs(vault, config)
    if platform is unit.Platform.CRON:
        tab = crontab or SystemCrontab()
        before = tab.read()
        after = with_block(before, cron_block(all_jobs))
        if after == before:
            action = unit.Action("the crontab already holds the schedule", True)
        elif dry_run:
            action = unit.Action("update the crontab", False)
        else:
            tab.write(after)
            action = unit.Action("update the crontab", True)
        return Result(platform.value, dry_run, (action,), (), after, _describe(all_jobs))
    actions: list[unit.Action] = []
    files: list[tuple[str, str]] = []
    for job in all_jobs:
        spec = unit_file(job, platform)
        if platform is unit.Platform.LAUNCHD and spec.path.exists() and load:
            # launchd refuses to bootstrap a label that is loaded: unload the old one first.
            actions.extend(unit.uninstall(spec, dry_run=dry_run, load=True))
        actions.extend(unit.install(spec, dry_run=dry_run, load=load))
        files.extend((str(item.path), item.text) for item in (spec, *spec.extra))
    return Result(platform.value, dry_run, tuple(actions), tuple(files), None, _describe(all_jobs))


def uninstall(
    vault: Path,
    config: Config,
    *,
    platform: unit.Platform | None = None,
    dry_run: bool = False,
    crontab: Crontab | None = None,
    load: bool = True,
) -> Result:
    platform = platform or unit.Platform.current()
    all_jobs = jobs(vault, config)
    if platform is unit.Platform.CRON:
        tab = crontab or SystemCrontab()
        before = tab.read()
        after = without_block(before)
        if after == before:
            return Result(platform.value, dry_run, (), (), after)
        if not dry_run:
            tab.write(after)
        return Result(
            platform.value,
            dry_run,
            (unit.Action("remove the crontab lines", not dry_run),),
            (),
            after,
        )
    actions: list[unit.Action] = []
    for job in all_jobs:
        actions.extend(unit.uninstall(unit_file(job, platform), dry_run=dry_run, load=load))
    return Result(platform.value, dry_run, tuple(actions))


def status(
    vault: Path,
    config: Config,
    *,
    platform: unit.Platform | None = None,
    crontab: Crontab | None = None,
    ask: bool = True,
) -> dict[str, Any]:
    """Which jobs are installed (and, where the manager can be asked, active)."""
    platform = platform or unit.Platform.current()
    all_jobs = jobs(vault, config)
    described = _describe(all_jobs)
    out: dict[str, Any] = {"platform": platform.value, "jobs": []}
    if platform is unit.Platform.CRON:
        try:
            block = current_block((crontab or SystemCrontab()).read())
        except ScheduleError as exc:
            out["error"] = str(exc)
            block = None
        for job, info in zip(all_jobs, described, strict=True):
            line = unit.crontab_line(job.argv, job.when, env=unit.unit_environment())
            installed = block is not None and line in block.splitlines()
            out["jobs"].append({**info, "installed": installed, "active": installed})
        return out
    for job, info in zip(all_jobs, described, strict=True):
        spec = unit_file(job, platform)
        probe = spec.extra[0] if spec.extra else spec  # a timer is what systemd runs on time
        if ask:
            state = unit.status(probe)
            installed, active = state.installed and spec.path.exists(), state.active
        else:
            installed, active = spec.path.exists() and probe.path.exists(), None
        out["jobs"].append(
            {**info, "installed": installed, "active": active, "path": str(spec.path)}
        )
    return out
