"""Unit files for systemd, launchd and cron: rendered, parsed back, and verified where possible."""

from __future__ import annotations

import json
import os
import plistlib
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner
from unitkit import parse_ini, systemd_verify

from vaultsync.adapters import unit
from vaultsync.adapters.cli.app import app, load_commands

# Unit files go under $HOME: every test here writes them into its tmp folder.
pytestmark = pytest.mark.usefixtures("tmp_home")

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
ARGV = ["/opt/vaultsync/bin/vaultsync", "watch", "--vault", "/home/ada/My Vault 100%"]


def test_systemd_service_parses_and_quotes_odd_paths(tmp_path: Path) -> None:
    text = unit.systemd_service("watch it", ARGV, env={"VAULTSYNC_HOME": "/tmp/h o"})
    ini = parse_ini(text)
    assert ini["Service"]["Type"] == "simple"
    assert ini["Service"]["Restart"] == "on-failure"
    assert ini["Install"]["WantedBy"] == "default.target"
    exec_start = ini["Service"]["ExecStart"]
    assert shlex.split(exec_start.replace("%%", "%")) == ARGV
    assert ini["Service"]["Environment"] == '"VAULTSYNC_HOME=/tmp/h o"'
    # systemd-analyze verify insists that the program exists and is executable.
    fake = tmp_path / "bin" / "vaultsync"
    fake.parent.mkdir()
    fake.write_text("#!/bin/sh\n")
    fake.chmod(0o755)
    (tmp_path / "vs.service").write_text(
        unit.systemd_service("watch it", [str(fake), *ARGV[1:]]), encoding="utf-8"
    )
    systemd_verify(tmp_path, "vs.service")


def test_systemd_timer_pair_for_the_scheduler(tmp_path: Path) -> None:
    weekly = unit.Schedule(hour=4, minute=30, weekday=6)
    timer = parse_ini(unit.systemd_timer("weekly digest", weekly))
    assert timer["Timer"]["OnCalendar"] == "Sun *-*-* 04:30:00"
    assert timer["Timer"]["Persistent"] == "true"
    service = parse_ini(unit.systemd_service("digest", ["/bin/true"], long_running=False))
    assert service["Service"]["Type"] == "oneshot" and "Install" not in service
    (tmp_path / "vs-digest.timer").write_text(unit.systemd_timer("d", weekly))
    (tmp_path / "vs-digest.service").write_text(
        unit.systemd_service("d", ["/bin/true"], long_running=False)
    )
    systemd_verify(tmp_path, "vs-digest.timer", "vs-digest.service")


def test_launchd_plist_round_trips() -> None:
    text = unit.launchd_plist("dev.vaultsync.watch", ARGV, env={"VAULTSYNC_HOME": "/h"})
    spec = plistlib.loads(text.encode("utf-8"))
    assert spec["Label"] == "dev.vaultsync.watch"
    assert spec["ProgramArguments"] == ARGV
    assert spec["RunAtLoad"] is True and spec["KeepAlive"] == {"SuccessfulExit": False}
    assert spec["EnvironmentVariables"] == {"VAULTSYNC_HOME": "/h"}
    assert spec["StandardOutPath"].endswith(".out.log")
    assert spec["StandardErrorPath"].endswith(".err.log")
    daily = plistlib.loads(
        unit.launchd_plist(
            "dev.vaultsync.learn", ["/x"], keep_alive=False, schedule=unit.Schedule(3, 15)
        ).encode()
    )
    assert daily["StartCalendarInterval"] == {"Hour": 3, "Minute": 15}
    assert "KeepAlive" not in daily and daily["RunAtLoad"] is False
    weekly = unit.Schedule(3, 0, weekday=0).launchd_interval()
    assert weekly == {"Hour": 3, "Minute": 0, "Weekday": 1}  # Monday; launchd counts from Sunday


def test_crontab_line_and_schedule_checks() -> None:
    line = unit.crontab_line(ARGV, unit.Schedule(3, 5, weekday=6), env={"VAULTSYNC_HOME": "/h h"})
    assert line.startswith("5 3 * * 0 VAULTSYNC_HOME='/h h' /opt/vaultsync/bin/vaultsync watch")
    assert shlex.split(line)[-1] == ARGV[-1]
    with pytest.raises(ValueError):
        unit.Schedule(hour=24)
    with pytest.raises(ValueError):
        unit.Schedule(weekday=7)


def test_golden_files_for_the_watch_units() -> None:
    service = unit.systemd_service("vaultsync: index and commit the vault as it changes", ARGV)
    plist = unit.launchd_plist(
        "dev.vaultsync.watch", ARGV, log_dir=Path("/home/ada/.local/share/vaultsync/logs")
    )
    assert service == (GOLDEN / "vaultsync-watch.service").read_text(encoding="utf-8")
    assert plist == (GOLDEN / "dev.vaultsync.watch.plist").read_text(encoding="utf-8")


def test_watch_unit_paths_honour_home_and_xdg(vault: Path, tmp_home: Path) -> None:
    systemd = unit.watch_unit(vault, unit.Platform.SYSTEMD)
    assert systemd.path == tmp_home / ".config/systemd/user/vaultsync-watch.service"
    assert f"--vault {vault.resolve()}" in systemd.text
    assert "Environment=VAULTSYNC_HOME=" in systemd.text  # the test's own state folder
    launchd = unit.watch_unit(vault, unit.Platform.LAUNCHD)
    assert launchd.path == tmp_home / "Library/LaunchAgents/dev.vaultsync.watch.plist"
    assert plistlib.loads(launchd.text.encode())["ProgramArguments"][-1] == str(vault.resolve())
    cron = unit.watch_unit(vault, unit.Platform.CRON)
    assert cron.text.startswith("@reboot ") and "watch --vault" in cron.text


def test_install_and_uninstall_write_and_remove_files(vault: Path) -> None:
    spec = unit.watch_unit(vault, unit.Platform.SYSTEMD)
    dry = unit.install(spec, dry_run=True)
    assert not spec.path.exists() and not dry[0].done
    actions = unit.install(spec, load=False)
    assert spec.path.read_text() == spec.text and actions[0].done
    assert unit.status(spec).installed
    removed = unit.uninstall(spec, load=False)
    assert not spec.path.exists() and removed[-1].what.startswith("remove")
    assert unit.uninstall(spec, load=False) == []
    cron = unit.install(unit.watch_unit(vault, unit.Platform.CRON))
    assert "crontab" in cron[0].what and not cron[0].done


def test_service_cli_dry_run_and_status(vault: Path) -> None:
    load_commands()
    runner = CliRunner()
    out = runner.invoke(app, ["service", "install", "--dry-run", "--vault", str(vault)])
    assert out.exit_code == 0, out.output
    assert "watch --vault" in out.output and "would run" in out.output
    spec = unit.watch_unit(vault)
    assert not spec.path.exists()
    as_json = runner.invoke(
        app, ["service", "install", "--dry-run", "--json", "--vault", str(vault)]
    )
    assert as_json.exit_code == 0 and '"dry_run": true' in as_json.output
    status = runner.invoke(app, ["service", "status", "--vault", str(vault)])
    assert status.exit_code == 0 and "not installed" in status.output
    gone = runner.invoke(app, ["service", "uninstall", "--dry-run", "--vault", str(vault)])
    assert gone.exit_code == 0 and "not installed" in gone.output
    for args in (
        ["service", "--help"],
        ["service", "install", "--help"],
        ["service", "status", "--help"],
    ):
        assert runner.invoke(app, args).exit_code == 0
    missing = runner.invoke(
        app, ["service", "install", "--dry-run", "--vault", str(vault / "nope")]
    )
    assert missing.exit_code == 3


# --- no user systemd bus ---------------------------------------------------------------------
# A container, WSL without systemd, an SSH or su session: systemctl is there, its user manager
# is not. The fake systemctl behaves as systemd 252 does there (checked on this machine):
# `enable` links the unit offline and then fails to reach the bus; `disable` works offline.
FAKE_SYSTEMCTL = """#!/bin/sh
echo "$*" >> "$FAKE_LOG"
[ "$1" = "--user" ] && shift
units="${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user"
case "$1" in
  show-environment|daemon-reload|is-active)
    [ -n "$FAKE_BUS" ] && { [ "$1" = is-active ] && echo active; exit 0; }
    echo "Failed to connect to bus: No medium found" >&2; exit 1 ;;
  enable)
    name=$(eval echo \\${$#})
    mkdir -p "$units/default.target.wants"
    ln -sf "$units/$name" "$units/default.target.wants/$name"
    [ -n "$FAKE_BUS" ] && [ -z "$FAKE_ENABLE_FAILS" ] && exit 0
    echo "Failed to connect to bus: No medium found" >&2; exit 1 ;;
  disable)
    name=$(eval echo \\${$#})
    rm -f "$units/default.target.wants/$name"; exit 0 ;;
esac
exit 0
"""


@pytest.fixture
def systemctl(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    bindir = tmp_path / "fakebin"
    bindir.mkdir()
    fake = bindir / "systemctl"
    fake.write_text(FAKE_SYSTEMCTL)
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bindir}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("FAKE_LOG", str(tmp_path / "systemctl.log"))
    monkeypatch.delenv("FAKE_BUS", raising=False)
    monkeypatch.delenv("FAKE_ENABLE_FAILS", raising=False)
    return tmp_path / "systemctl.log"


def _left_behind(home: Path) -> list[str]:
    return sorted(str(p.relative_to(home)) for p in (home / ".config").rglob("*"))


def test_no_user_bus_installs_nothing_and_says_what_to_do(
    vault: Path, tmp_home: Path, systemctl: Path
) -> None:
    load_commands()
    out = CliRunner().invoke(app, ["service", "install", "--vault", str(vault)])
    assert out.exit_code == 1
    assert not (tmp_home / ".config").exists()  # not a file, not a folder, not a link
    assert "enable" not in systemctl.read_text()  # asked the manager first, changed nothing
    message = out.stderr
    assert "cannot be reached (Failed to connect to bus" in message
    assert f"watch --vault {vault.resolve()}" in message
    for way in ("tmux", "supervisord", "loginctl enable-linger", "--platform cron"):
        assert way in message
    data = CliRunner().invoke(app, ["service", "install", "--json", "--vault", str(vault)])
    parsed = json.loads(data.stdout)
    assert data.exit_code == 1 and parsed["installed"] is False and len(parsed["instead"]) == 5


def test_a_failed_start_takes_back_files_links_and_folders(
    vault: Path, tmp_home: Path, systemctl: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FAKE_BUS", "1")
    monkeypatch.setenv("FAKE_ENABLE_FAILS", "1")
    spec = unit.watch_unit(vault, unit.Platform.SYSTEMD)
    actions = unit.install(spec)
    assert [a.done for a in actions][:4] == [True, True, False, True]  # write, reload, enable
    assert not (tmp_home / ".config").exists(), _left_behind(tmp_home)
    # A unit that was installed before is put back as it was, still enabled.
    spec.path.parent.mkdir(parents=True)
    spec.path.write_text("[Unit]\nDescription=older\n")
    systemctl.write_text("")
    unit.install(spec)
    assert spec.path.read_text() == "[Unit]\nDescription=older\n"
    assert "disable" not in systemctl.read_text()


def test_with_a_user_bus_install_starts_and_uninstall_stops(
    vault: Path, tmp_home: Path, systemctl: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FAKE_BUS", "1")
    load_commands()
    out = CliRunner().invoke(app, ["service", "install", "--vault", str(vault)])
    assert out.exit_code == 0, out.output
    spec = unit.watch_unit(vault, unit.Platform.SYSTEMD)
    assert spec.path.read_text() == spec.text
    assert (spec.path.parent / "default.target.wants" / spec.name).is_symlink()
    assert unit.status(spec).active is True
    out = CliRunner().invoke(app, ["service", "uninstall", "--vault", str(vault)])
    assert out.exit_code == 0 and not spec.path.exists()
    assert f"--user disable --now {spec.name}" in systemctl.read_text()
    # Without the bus, uninstall still removes the links (offline) and the file.
    monkeypatch.delenv("FAKE_BUS")
    spec.path.write_text(spec.text)
    (spec.path.parent / "default.target.wants" / spec.name).symlink_to(spec.path)
    assert unit.uninstall(spec)[0].what == f"systemctl --user disable {spec.name}"
    assert _left_behind(tmp_home) == [".config/systemd", ".config/systemd/user",
                                      ".config/systemd/user/default.target.wants"]  # fmt: skip


def test_platform_option(vault: Path) -> None:
    load_commands()
    runner = CliRunner()
    out = runner.invoke(app, ["service", "install", "--platform", "cron", "--vault", str(vault)])
    assert out.exit_code == 0 and "@reboot " in out.output and "crontab -e" in out.output
    out = runner.invoke(app, ["service", "install", "--platform", "launchd", "--dry-run",
                              "--vault", str(vault)])  # fmt: skip
    assert out.exit_code == 0 and "<plist" in out.output
    out = runner.invoke(app, ["service", "status", "--platform", "upstart", "--vault", str(vault)])
    assert out.exit_code == 2 and "systemd, launchd or cron" in out.stderr


def test_the_real_systemctl_without_a_user_bus(vault: Path, tmp_home: Path) -> None:
    """This machine's own systemctl, where it has no user bus (skipped where it has one)."""
    if unit.user_manager() in ("", "systemctl is not installed"):
        pytest.skip("no systemctl, or a user manager that answers: nothing to show here")
    env = {**os.environ, "HOME": str(tmp_home)}
    env.pop("XDG_CONFIG_HOME", None)
    done = subprocess.run(
        [sys.executable, "-m", "vaultsync", "service", "install", "--vault", str(vault)],
        capture_output=True, text=True, env=env, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 1 and "vaultsync watch --vault" in done.stderr.replace(
        str(unit.command_prefix()[0]), "vaultsync"
    )
    assert not (tmp_home / ".config").exists()
