"""The learning schedule: unit files parsed back (plistlib, systemd-analyze or configparser),
the crontab edited as text through an injected reader/writer, never the real one."""

from __future__ import annotations

import json
import plistlib
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner
from unitkit import parse_ini as ini
from unitkit import systemd_verify

from vaultsync.adapters import schedule, unit
from vaultsync.adapters.cli.app import app, load_commands
from vaultsync.core.config import load_config

# Unit files go under $HOME: every test here writes them into its tmp folder.
pytestmark = pytest.mark.usefixtures("tmp_home")

PERSON = "# my own jobs\nMAILTO=ana@example.org\n30 7 * * 1-5 /usr/local/bin/backup --quiet\n"


class FakeCrontab:
    def __init__(self, text: str = "") -> None:
        self.text = text
        self.writes = 0

    def read(self) -> str:
        return self.text

    def write(self, text: str) -> None:
        self.text = text
        self.writes += 1


def test_times_are_read_from_the_config() -> None:
    assert schedule.parse_when("09:00", weekly=False) == unit.Schedule(9, 0)
    assert schedule.parse_when("Sunday 7:30", weekly=True) == unit.Schedule(7, 30, 6)
    for bad, weekly in (("9am", False), ("09:00", True), ("Sun 09:00", False), ("25:00", False)):
        with pytest.raises(schedule.ScheduleConfigError):
            schedule.parse_when(bad, weekly=weekly)


def test_systemd_timers_for_daily_and_weekly(vault: Path, tmp_home: Path) -> None:
    result = schedule.install(vault, load_config(vault), platform=unit.Platform.SYSTEMD, load=False)
    folder = tmp_home / ".config" / "systemd" / "user"
    assert sorted(p.name for p in folder.iterdir()) == [
        "vaultsync-learn-daily.service",
        "vaultsync-learn-daily.timer",
        "vaultsync-learn-weekly.service",
        "vaultsync-learn-weekly.timer",
    ]
    daily = ini((folder / "vaultsync-learn-daily.timer").read_text())
    weekly = ini((folder / "vaultsync-learn-weekly.timer").read_text())
    assert daily["Timer"]["OnCalendar"] == "*-*-* 09:00:00"
    assert weekly["Timer"]["OnCalendar"] == "Sun *-*-* 09:00:00"
    assert daily["Timer"]["Persistent"] == "true"  # a laptop asleep at 09:00 catches up
    service = ini((folder / "vaultsync-learn-weekly.service").read_text())
    argv = shlex.split(service["Service"]["ExecStart"].replace("%%", "%"))
    assert argv[-4:] == ["learn", "--weekly", "--vault", str(vault.resolve())]
    assert service["Service"]["Type"] == "oneshot"
    assert [j["name"] for j in result.jobs] == ["daily", "weekly"]
    systemd_verify(folder, "vaultsync-learn-daily.timer", "vaultsync-learn-daily.service")

    state = schedule.status(vault, load_config(vault), platform=unit.Platform.SYSTEMD, ask=False)
    assert [j["installed"] for j in state["jobs"]] == [True, True]
    again = schedule.install(vault, load_config(vault), platform=unit.Platform.SYSTEMD, load=False)
    assert len(list(folder.iterdir())) == 4 and again.files == result.files
    gone = schedule.uninstall(vault, load_config(vault), platform=unit.Platform.SYSTEMD, load=False)
    assert len(gone.actions) == 4 and not list(folder.iterdir())


def test_launchd_agents_parse_as_plists(vault: Path, tmp_home: Path) -> None:
    schedule.install(vault, load_config(vault), platform=unit.Platform.LAUNCHD, load=False)
    agents = tmp_home / "Library" / "LaunchAgents"
    daily = plistlib.loads((agents / "dev.vaultsync.learn-daily.plist").read_bytes())
    weekly = plistlib.loads((agents / "dev.vaultsync.learn-weekly.plist").read_bytes())
    assert daily["StartCalendarInterval"] == {"Hour": 9, "Minute": 0}
    assert weekly["StartCalendarInterval"] == {"Hour": 9, "Minute": 0, "Weekday": 0}
    assert weekly["ProgramArguments"][-4:] == ["learn", "--weekly", "--vault", str(vault.resolve())]
    assert daily["RunAtLoad"] is False and "KeepAlive" not in daily
    schedule.uninstall(vault, load_config(vault), platform=unit.Platform.LAUNCHD, load=False)
    assert not list(agents.iterdir())


def test_crontab_block_is_added_once_and_removed_exactly(vault: Path) -> None:
    config = load_config(vault)
    tab = FakeCrontab(PERSON)
    schedule.install(vault, config, platform=unit.Platform.CRON, crontab=tab)
    assert tab.text.startswith(PERSON)
    lines = tab.text[len(PERSON) :].splitlines()
    assert lines[0] == schedule.BEGIN and lines[-1] == schedule.END
    assert lines[1].startswith("0 9 * * * ") and lines[1].endswith(
        f"learn --daily --vault {shlex.quote(str(vault.resolve()))}"
    )
    assert lines[2].startswith("0 9 * * 0 ") and "learn --weekly" in lines[2]

    installed = tab.text
    again = schedule.install(vault, config, platform=unit.Platform.CRON, crontab=tab)
    assert tab.text == installed and tab.writes == 1
    assert again.actions[0].what.startswith("the crontab already")
    state = schedule.status(vault, config, platform=unit.Platform.CRON, crontab=tab)
    assert [j["installed"] for j in state["jobs"]] == [True, True]

    # A person adds a line after the block; uninstall keeps it and removes only the block.
    tab.text += "0 0 1 * * /usr/bin/monthly\n"
    schedule.uninstall(vault, config, platform=unit.Platform.CRON, crontab=tab)
    assert tab.text == PERSON + "0 0 1 * * /usr/bin/monthly\n"
    nothing = schedule.uninstall(vault, config, platform=unit.Platform.CRON, crontab=tab)
    assert nothing.actions == () and tab.writes == 2


def test_a_crontab_without_newline_or_with_a_broken_block(vault: Path) -> None:
    config = load_config(vault)
    tab = FakeCrontab("5 5 * * * /bin/true")  # no final newline
    schedule.install(vault, config, platform=unit.Platform.CRON, crontab=tab)
    assert tab.text.startswith("5 5 * * * /bin/true\n" + schedule.BEGIN)
    broken = FakeCrontab(f"{schedule.BEGIN}\n0 9 * * * something\n# a person's line\n")
    with pytest.raises(schedule.ScheduleError, match="no end marker"):
        schedule.uninstall(vault, config, platform=unit.Platform.CRON, crontab=broken)
    assert broken.writes == 0


def test_dry_run_changes_nothing(vault: Path, tmp_home: Path) -> None:
    config = load_config(vault)
    tab = FakeCrontab(PERSON)
    result = schedule.install(vault, config, platform=unit.Platform.CRON, crontab=tab, dry_run=True)
    assert tab.writes == 0 and result.crontab and schedule.BEGIN in result.crontab
    shown = schedule.install(vault, config, platform=unit.Platform.SYSTEMD, dry_run=True)
    assert len(shown.files) == 4 and not (tmp_home / ".config").exists()
    assert all(not a.done for a in shown.actions) and not shown.failed


def test_cli_dry_run_and_bad_times(vault: Path) -> None:
    load_commands()
    runner = CliRunner()
    done = runner.invoke(
        app,
        [
            "schedule",
            "install",
            "--dry-run",
            "--platform",
            "systemd",
            "--json",
            "--vault",
            str(vault),
        ],
    )
    assert done.exit_code == 0, done.output
    data = json.loads(done.stdout)
    assert data["dry_run"] and [j["when"] for j in data["jobs"]] == [
        "every day at 09:00",
        "every Sunday at 09:00",
    ]
    (vault / ".vaultsync" / "config.toml").write_text(
        '[schedule]\nweekly = "09:00"\n', encoding="utf-8"
    )
    bad = runner.invoke(app, ["schedule", "install", "--dry-run", "--vault", str(vault)])
    assert bad.exit_code == 4 and "needs a day" in bad.stderr
    wrong = runner.invoke(
        app, ["schedule", "status", "--platform", "windows", "--vault", str(vault)]
    )
    assert wrong.exit_code == 2
    helped = runner.invoke(app, ["schedule", "--help"])
    assert helped.exit_code == 0 and "install" in helped.stdout
