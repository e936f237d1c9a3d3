"""Uninstall finds vaultsync's entries by their content after an agent's own writer dropped the
marker comments around them: Hermes' `config set` (the whole config.yaml dumped again) and
Codex's `mcp add` (config.toml rewritten). The files below are what those writers left, as seen
with Hermes Agent 0.19.0 and Codex 0.171.0 (the real CLIs run in tests/agents/)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
import yaml

from vaultsync.services.agents import config_text, hermes_plugin
from vaultsync.services.agents import install as svc
from vaultsync.services.agents.agent_config import InstallError
from vaultsync.services.agents.mcp_install import install_mcp, mcp_installed, uninstall_mcp


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "user"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    for name in ("CLAUDE_CONFIG_DIR", "CODEX_HOME", "HERMES_HOME"):
        monkeypatch.delenv(name, raising=False)
    return home


class HermesDumper(yaml.SafeDumper):
    """Hermes' style: sequences indented under their key (`    - command: …`)."""

    def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:
        super().increase_indent(flow, False)


def hermes_config_set(path: Path, key: str, value: str) -> None:
    """What `hermes config set KEY VALUE` does to config.yaml: load, set, dump (no comments)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    section, name = key.split(".")
    data.setdefault(section, {})[name] = value
    path.write_text(
        yaml.dump(data, Dumper=HermesDumper, sort_keys=False, default_flow_style=False),
        encoding="utf-8",
    )


ORIGINAL = "model:\n  provider: custom  # my local model\n  default: fake-model\n"


def test_hermes_uninstall_after_config_set(home: Path) -> None:
    config = home / ".hermes" / "config.yaml"
    config.parent.mkdir()
    config.write_text(ORIGINAL, encoding="utf-8")
    svc.install("hermes")
    install_mcp("hermes")
    hermes_plugin.install()
    hermes_config_set(config, "memory.provider", "vaultsync")
    text = config.read_text(encoding="utf-8")
    assert "# >>> vaultsync" not in text and "vaultsync-hook" in text  # markers gone
    assert svc.installed("hermes") and mcp_installed("hermes")  # still found, by content

    uninstall_mcp("hermes")
    done = svc.uninstall("hermes")
    hermes_plugin.uninstall()
    data = yaml.safe_load(config.read_text(encoding="utf-8"))
    # Everything of the person's is there; nothing of vaultsync's (no provider naming the
    # plugin uninstall removed either).
    assert data == {"model": {"provider": "custom", "default": "fake-model"}}
    assert "vaultsync" not in config.read_text(encoding="utf-8")
    assert not svc.installed("hermes") and not mcp_installed("hermes")
    # The backups held nothing the file lacks now: none left behind.
    assert done.kept_backups == ()
    assert sorted(p.name for p in config.parent.iterdir()) == ["config.yaml"]


def test_hermes_reinstall_after_config_set_does_not_duplicate(home: Path) -> None:
    config = home / ".hermes" / "config.yaml"
    config.parent.mkdir()
    config.write_text(ORIGINAL, encoding="utf-8")
    svc.install("hermes")
    install_mcp("hermes")
    hermes_config_set(config, "memory.provider", "vaultsync")
    svc.install("hermes")
    install_mcp("hermes")
    data = yaml.safe_load(config.read_text(encoding="utf-8"))
    assert all(len(items) == 1 for items in data["hooks"].values()), data["hooks"]
    assert list(data["mcp_servers"]) == ["vaultsync"]
    assert data["memory"] == {"provider": "vaultsync"}  # the person's choice, kept on install


def test_a_persons_own_hermes_hooks_stay(home: Path) -> None:
    config = home / ".hermes" / "config.yaml"
    config.parent.mkdir()
    config.write_text(
        ORIGINAL + "hooks:\n  on_session_start:\n    - command: /usr/bin/mine\n", encoding="utf-8"
    )
    svc.install("hermes")
    hermes_config_set(config, "display.theme", "dark")
    svc.uninstall("hermes")
    data = yaml.safe_load(config.read_text(encoding="utf-8"))
    assert data["hooks"] == {"on_session_start": [{"command": "/usr/bin/mine"}]}
    assert data["display"] == {"theme": "dark"}


# What `codex mcp add other -- /bin/true` (Codex 0.171.0) left of a config.toml that held a
# comment and vaultsync's marked block: the comments dropped, one marker moved to the end.
def codex_rewrite(path: Path) -> None:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    ours = data["mcp_servers"]["vaultsync"]
    path.write_text(
        'model = "o3"\n\n[mcp_servers.vaultsync]\n'
        f'command = "{ours["command"]}"\n'
        'args = ["mcp", "--agent", "codex"]\n'
        'env_vars = ["VAULTSYNC_VAULT", "VAULTSYNC_HOME"]\n\n'
        '[mcp_servers.other]\ncommand = "/bin/true"\n# <<< vaultsync mcp',
        encoding="utf-8",
    )


def test_codex_uninstall_after_mcp_add(home: Path) -> None:
    config = home / ".codex" / "config.toml"
    config.parent.mkdir()
    config.write_text('model = "o3"\n# my comment\n', encoding="utf-8")
    install_mcp("codex")
    codex_rewrite(config)
    assert mcp_installed("codex")
    install_mcp("codex")  # installing again after the rewrite neither refuses nor duplicates
    assert tomllib.loads(config.read_text(encoding="utf-8"))["mcp_servers"].keys() == {
        "vaultsync",
        "other",
    }
    codex_rewrite(config)
    uninstall_mcp("codex")
    text = config.read_text(encoding="utf-8")
    assert tomllib.loads(text) == {
        "model": "o3",
        "mcp_servers": {"other": {"command": "/bin/true"}},
    }
    assert "vaultsync" not in text
    assert text == 'model = "o3"\n\n[mcp_servers.other]\ncommand = "/bin/true"\n'


def test_a_foreign_vaultsync_table_is_left_alone(home: Path) -> None:
    config = home / ".codex" / "config.toml"
    config.parent.mkdir()
    text = '[mcp_servers.vaultsync]\ncommand = "/opt/other/server"\n'
    config.write_text(text, encoding="utf-8")
    assert not mcp_installed("codex")
    with pytest.raises(InstallError, match="not vaultsync's"):
        install_mcp("codex")
    assert config.read_text(encoding="utf-8") == text


def test_removal_that_would_change_anything_else_is_refused() -> None:
    original = "hooks:\n  x:\n    - command: a\nother: 1\n"
    broken = "hooks:\n  x:\n    - command: a\n"
    with pytest.raises(config_text.NotRemovable):
        config_text.checked_yaml(original, broken, lambda data: data)


def test_sub_tables_go_with_their_table() -> None:
    text = (
        'a = 1\n\n[mcp_servers.vaultsync]\ncommand = "/x/vaultsync"\nargs = ["mcp"]\n\n'
        '[mcp_servers.vaultsync.env]\nK = "v"\n\n[tui]\nx = 2\n'
    )
    result = config_text.toml_without_table(text, ("mcp_servers", "vaultsync"))
    assert result == "a = 1\n\n[tui]\nx = 2\n"
    assert config_text.checked_toml(text, result, ("mcp_servers", "vaultsync")) == result


def test_codex_backups_go_once_the_person_loses_nothing(home: Path) -> None:
    config = home / ".codex" / "config.toml"
    config.parent.mkdir()
    config.write_text('model = "o3"\n', encoding="utf-8")
    install_mcp("codex")
    codex_rewrite(config)  # Codex added a server of its own and dropped the markers
    done = uninstall_mcp("codex")
    assert done.kept_backups == ()
    assert sorted(p.name for p in config.parent.iterdir()) == ["config.toml"]
