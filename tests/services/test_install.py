"""install / uninstall on agent configuration files full of other people's settings."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

import pytest
import yaml

from vaultsync.core.hook.agents import INSTALL_EVENTS
from vaultsync.services.agents import install as svc
from vaultsync.services.agents.agent_config import InstallError, target_for


@pytest.fixture(autouse=True)
def agent_homes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "user"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    for name in ("CLAUDE_CONFIG_DIR", "CODEX_HOME", "HERMES_HOME"):
        monkeypatch.delenv(name, raising=False)
    return home


def other_settings(agent: str) -> dict[str, Any]:
    """Unrelated settings and hooks, as a person's real file would have them."""
    if agent == "cursor":
        return {
            "version": 1,
            "hooks": {
                "afterFileEdit": [{"command": "./hooks/format.sh"}],
                "beforeShellExecution": [{"command": "./hooks/guard.sh"}],
            },
            "$comment": "team hooks — café ☕",
        }
    return {
        "model": "opus",
        "permissions": {"allow": ["Bash(npm test:*)", "Read(~/.zshrc)"], "deny": []},
        "env": {"NODE_OPTIONS": "--max-old-space-size=4096"},
        "hooks": {
            "PostToolUse": [
                {"matcher": "Edit|Write", "hooks": [{"type": "command", "command": "prettier -w"}]}
            ],
            "SessionStart": [
                {"hooks": [{"type": "command", "command": "vaultsync search --json today"}]}
            ],
            "Notification": [{"hooks": [{"type": "command", "command": "notify-send done"}]}],
        },
        "statusLine": {"type": "command", "command": "~/.claude/statusline.sh"},
        "numbers": [1, 2.5, -3, 1e21],
        "text": 'naïve \u00e9\u00e8 😀 "quoted" \\back',
    }


def variants(data: dict[str, Any]) -> list[bytes]:
    return [
        (json.dumps(data, indent=2) + "\n").encode(),
        json.dumps(data, indent=4, ensure_ascii=False).encode(),
        json.dumps(data, separators=(",", ":")).encode(),
        ("\t" + json.dumps(data, indent="\t") + "\n\n").encode(),
    ]


JSON_AGENTS = ("claude-code", "codex", "gemini", "cursor")


@pytest.mark.parametrize("agent", JSON_AGENTS)
def test_install_install_uninstall_gives_back_the_original_bytes(agent: str) -> None:
    path = target_for(agent).path
    for original in variants(other_settings(agent)):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(original)
        first = svc.install(agent)
        assert first.action == "installed" and first.backup is not None
        assert first.backup.read_bytes() == original
        data = json.loads(path.read_text())
        for event in INSTALL_EVENTS[agent]:
            assert any(
                "vaultsync-hook --agent " + agent in json.dumps(g) for g in data["hooks"][event]
            )
        installed_bytes = path.read_bytes()
        second = svc.install(agent)
        assert second.action == "unchanged" and second.backup is None
        assert path.read_bytes() == installed_bytes
        assert svc.installed(agent)
        assert svc.uninstall(agent).action == "removed"
        assert path.read_bytes() == original
        assert not svc.installed(agent)
        for backup in path.parent.glob(path.name + ".vaultsync-backup-*"):
            backup.unlink()


@pytest.mark.parametrize("agent", JSON_AGENTS)
def test_every_other_setting_survives_the_install(agent: str) -> None:
    path = target_for(agent).path
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(other_settings(agent), indent=2))
    svc.install(agent)
    data = json.loads(path.read_text())
    for key, value in other_settings(agent).items():
        if key != "hooks":
            assert data[key] == value
    for event, groups in other_settings(agent)["hooks"].items():
        assert all(g in data["hooks"][event] for g in groups)


@pytest.mark.parametrize("agent", JSON_AGENTS)
def test_a_file_the_install_created_is_removed_again(agent: str) -> None:
    path = target_for(agent).path
    result = svc.install(agent)
    assert result.action == "installed" and result.backup is None and path.exists()
    svc.uninstall(agent)
    assert not path.exists()


def test_dry_run_writes_nothing_and_shows_a_diff() -> None:
    path = target_for("claude-code").path
    path.parent.mkdir(parents=True)
    path.write_text('{"model": "opus"}\n')
    result = svc.install("claude-code", dry_run=True)
    assert result.action == "installed" and result.dry_run
    assert "+++ " in result.diff and "vaultsync-hook --agent claude-code" in result.diff
    assert path.read_text() == '{"model": "opus"}\n'
    assert list(path.parent.iterdir()) == [path]
    assert not svc.launcher_path().exists()


def test_changes_made_after_the_install_survive_the_uninstall() -> None:
    path = target_for("codex").path
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(other_settings("codex"), indent=2) + "\n")
    svc.install("codex")
    data = json.loads(path.read_text())
    data["model"] = "gpt-5-codex"
    data["hooks"]["Stop"].append({"hooks": [{"type": "command", "command": "say done"}]})
    path.write_text(json.dumps(data, indent=2) + "\n")
    svc.uninstall("codex")
    after = json.loads(path.read_text())
    assert after["model"] == "gpt-5-codex"
    assert after["hooks"]["Stop"] == [{"hooks": [{"type": "command", "command": "say done"}]}]
    assert "vaultsync-hook" not in path.read_text()
    assert after["hooks"]["SessionStart"] == other_settings("codex")["hooks"]["SessionStart"]


def test_a_stale_hook_command_is_replaced_not_duplicated() -> None:
    path = target_for("claude-code").path
    svc.install("claude-code")
    text = path.read_text().replace(str(svc.launcher_path()), "/old/venv/bin/vaultsync-hook")
    path.write_text(text)
    assert svc.install("claude-code").action == "updated"
    data = json.loads(path.read_text())
    for event in INSTALL_EVENTS["claude-code"]:
        commands = [h["command"] for g in data["hooks"][event] for h in g["hooks"]]
        assert commands == [f"{svc.launcher_path()} --agent claude-code"]


def test_broken_json_is_refused_and_left_alone() -> None:
    path = target_for("gemini").path
    path.parent.mkdir(parents=True)
    path.write_text('{"theme": "dark", // a comment\n}')
    with pytest.raises(InstallError, match="not valid JSON"):
        svc.install("gemini")
    assert path.read_text() == '{"theme": "dark", // a comment\n}'
    assert list(path.parent.iterdir()) == [path]


def test_permissions_of_a_private_settings_file_are_kept() -> None:
    path = target_for("claude-code").path
    path.parent.mkdir(parents=True)
    path.write_text('{"env": {"ANTHROPIC_API_KEY": "x"}}')
    path.chmod(0o600)
    result = svc.install("claude-code")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert result.backup is not None and stat.S_IMODE(result.backup.stat().st_mode) == 0o600


def test_the_launcher_runs_the_hook_without_site_packages() -> None:
    svc.install("codex")
    launcher = svc.launcher_path()
    assert os.access(launcher, os.X_OK)
    first = launcher.read_text().splitlines()[0]
    assert first.startswith("#!/") and first.endswith(" -IS")


def test_env_overrides_and_project_scope(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "cc"))
    monkeypatch.setenv("CODEX_HOME", str(tmp_path / "cx"))
    monkeypatch.setenv("HERMES_HOME", str(tmp_path / "hh"))
    assert target_for("claude-code").path == tmp_path / "cc" / "settings.json"
    assert target_for("codex").path == tmp_path / "cx" / "hooks.json"
    assert target_for("hermes").path == tmp_path / "hh" / "config.yaml"
    project = tmp_path / "proj"
    (project / ".git").mkdir(parents=True)
    (project / "sub").mkdir()
    monkeypatch.chdir(project / "sub")
    assert target_for("cursor", "project").path == project / ".cursor" / "hooks.json"
    result = svc.install("claude-code", "project")
    assert result.path == project / ".claude" / "settings.json" and result.path.exists()
    with pytest.raises(InstallError, match="no project-level"):
        svc.install("hermes", "project")


def test_steps_the_agents_need_are_reported() -> None:
    assert any("/hooks" in s for s in svc.install("codex").steps)
    assert any("hooks_auto_accept" in s for s in svc.install("hermes").steps)
    assert svc.install("codex").steps == ()  # nothing changed, nothing to do


HERMES_FILES = {
    "missing": None,
    "empty": "",
    "no_hooks": (
        "model:\n  default: hermes-4-405b  # the big one\nmemory:\n  memory_enabled: true\n"
    ),
    "no_newline": "model: hermes-4-70b",
    "other_hooks": (
        "# my Hermes config\n"
        "model: hermes-4-405b\n"
        "hooks:\n"
        "  pre_tool_call:\n"
        '    - matcher: "terminal"\n'
        '      command: "~/bin/guard.sh"  # keep me\n'
        "  post_tool_call:\n"
        '    - command: "~/bin/log-tool.sh"\n'
        "      timeout: 30\n"
        "hooks_auto_accept: false\n"
        "display:\n"
        "  skin: mono\n"
    ),
    "four_space_hooks": (
        "hooks:\n    on_session_start:\n    - command: say hello\nterminal:\n    backend: local\n"
    ),
}


@pytest.mark.parametrize("name", sorted(HERMES_FILES))
def test_hermes_yaml_round_trip(name: str) -> None:
    path = target_for("hermes").path
    original = HERMES_FILES[name]
    if original is not None:
        path.parent.mkdir(parents=True)
        path.write_text(original)
    svc.install("hermes")
    text = path.read_text()
    data = yaml.safe_load(text)
    command = f"{svc.launcher_path()} --agent hermes"
    for event in INSTALL_EVENTS["hermes"]:
        assert command in [h.get("command") for h in data["hooks"][event]]
    if original:
        before = yaml.safe_load(original)
        for key, value in before.items():
            if key != "hooks":
                assert data[key] == value
        for event, entries in (before.get("hooks") or {}).items():
            assert all(e in data["hooks"][event] for e in entries)
        for comment in ("# my Hermes config", "# keep me", "# the big one"):
            assert (comment in original) == (comment in text)
    assert svc.install("hermes").action == "unchanged"
    svc.uninstall("hermes")
    if original is None or not original.strip():
        assert not path.exists()
    else:
        assert path.read_text() == original


def test_hermes_inline_hooks_are_refused() -> None:
    path = target_for("hermes").path
    path.parent.mkdir(parents=True)
    path.write_text("hooks: {}\n")
    with pytest.raises(InstallError, match="inline"):
        svc.install("hermes")
    assert path.read_text() == "hooks: {}\n"


def test_escapes_that_utf8_cannot_hold_stay_escaped() -> None:
    path = target_for("cursor").path
    path.parent.mkdir(parents=True)
    original = b'{"version": 1, "hooks": {}, "odd": "\\ud800 lone surrogate"}\n'
    path.write_bytes(original)
    svc.install("cursor")
    assert json.loads(path.read_text())["odd"] == "\ud800 lone surrogate"
    svc.uninstall("cursor")
    assert path.read_bytes() == original


def test_uninstall_without_our_hooks_changes_nothing() -> None:
    path = target_for("claude-code").path
    path.parent.mkdir(parents=True)
    path.write_text('{"hooks": {"Stop": []}}')
    assert svc.uninstall("claude-code").action == "absent"
    assert path.read_text() == '{"hooks": {"Stop": []}}'
    assert list(path.parent.iterdir()) == [path]
