"""Uninstall removes everything install created and nothing else: the agent folders
it made, an emptied ~/.claude/commands/, its backups once the restore is confirmed, the
launcher once no configuration names it. Plus the install side the real CLIs showed: one name
per Gemini entry, the exact next step per agent, Hermes config.yaml with CRLF line endings."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
import yaml

from vaultsync.core import paths
from vaultsync.core.hook.agents import INSTALL_EVENTS
from vaultsync.core.model import AGENTS
from vaultsync.services.agents import install as svc
from vaultsync.services.agents.agent_config import target_for


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "user"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    for name in ("CLAUDE_CONFIG_DIR", "CODEX_HOME", "HERMES_HOME"):
        monkeypatch.delenv(name, raising=False)
    return home


def snapshot(root: Path) -> dict[str, bytes | None]:
    out: dict[str, bytes | None] = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames:
            out[os.path.relpath(os.path.join(dirpath, name), root) + "/"] = None
        for name in filenames:
            full = os.path.join(dirpath, name)
            out[os.path.relpath(full, root)] = Path(full).read_bytes()
    return out


def test_a_clean_home_is_clean_again_after_every_agent(home: Path) -> None:
    before = snapshot(home)
    for agent in AGENTS:
        svc.install(agent)
    assert svc.launcher_path().exists()
    for agent in AGENTS:
        svc.uninstall(agent)
    assert snapshot(home) == before
    assert not svc.launcher_path().exists()
    assert not svc.manifest_path().exists()


@pytest.mark.parametrize("agent", [a for a in AGENTS if a != "opencode"])
def test_a_persons_file_comes_back_and_the_backups_go(agent: str, home: Path) -> None:
    path = target_for(agent).path
    path.parent.mkdir(parents=True)
    original = b"model:\n  provider: x\n" if agent == "hermes" else b'{"theme": "dark"}\n'
    path.write_bytes(original)
    before = snapshot(home)
    first = svc.install(agent)
    assert first.backup is not None and first.backup.exists()
    done = svc.uninstall(agent)
    assert path.read_bytes() == original
    assert snapshot(home) == before  # no backup with our hooks in it, no folder left behind
    assert str(first.backup) in done.removed and done.kept_backups == ()


def test_a_persons_own_opencode_plugin_named_vaultsync_is_never_overwritten(home: Path) -> None:
    """OpenCode's plugin is a file of vaultsync's own: one that is not is left alone."""
    path = target_for("opencode").path
    path.parent.mkdir(parents=True)
    path.write_text("export const Mine = async () => ({});\n", encoding="utf-8")
    with pytest.raises(svc.InstallError, match="not vaultsync's"):
        svc.install("opencode")
    assert svc.uninstall("opencode").action == "absent"
    assert path.read_text(encoding="utf-8") == "export const Mine = async () => ({});\n"


def test_backups_stay_when_the_file_cannot_be_restored_exactly(home: Path) -> None:
    path = target_for("claude-code").path
    path.parent.mkdir(parents=True)
    path.write_text('{"theme": "dark"}\n', encoding="utf-8")
    svc.install("claude-code")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["theme"] = "light"  # the person changed something since the install
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    done = svc.uninstall("claude-code")
    assert json.loads(path.read_text(encoding="utf-8")) == {"theme": "light"}
    assert done.kept_backups and all(Path(b).exists() for b in done.kept_backups)


def test_a_folder_the_person_had_stays_even_when_empty(home: Path) -> None:
    (home / ".claude" / "commands").mkdir(parents=True)
    svc.install("claude-code")
    svc.uninstall("claude-code")
    assert (home / ".claude" / "commands").is_dir()
    assert not (home / ".claude" / "settings.json").exists()


def test_the_launcher_stays_while_another_agent_uses_it(home: Path) -> None:
    svc.install("claude-code")
    svc.install("codex")
    svc.uninstall("claude-code")
    assert svc.launcher_path().exists()
    svc.uninstall("codex")
    assert not svc.launcher_path().exists()


def test_each_gemini_entry_has_its_own_name() -> None:
    svc.install("gemini")
    data = json.loads(target_for("gemini").path.read_text(encoding="utf-8"))
    names = [
        h["name"] for e in INSTALL_EVENTS["gemini"] for g in data["hooks"][e] for h in g["hooks"]
    ]
    assert names == [f"vaultsync-{e}" for e in INSTALL_EVENTS["gemini"]]


def test_an_old_shared_gemini_name_is_replaced_not_duplicated() -> None:
    svc.install("gemini")
    path = target_for("gemini").path
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"vaultsync-AfterTool"', '"vaultsync"'), encoding="utf-8")
    assert svc.install("gemini").action == "updated"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert [h["name"] for g in data["hooks"]["AfterTool"] for h in g["hooks"]] == [
        "vaultsync-AfterTool"
    ]


def test_install_prints_the_exact_next_step() -> None:
    steps = {agent: " ".join(svc.install(agent).steps) for agent in AGENTS}
    assert "Trust all and continue" in steps["codex"] and "vaultsync doctor" in steps["codex"]
    assert "hooks are on by default" in steps["gemini"]
    assert "enableHooks" not in steps["gemini"] and '"enabled": true' not in steps["gemini"]
    assert "--accept-hooks" in steps["hermes"]
    assert "claude" in steps["claude-code"] and "Cursor" in steps["cursor"]


CRLF = "model:\r\n  provider: custom\r\n  base_url: http://127.0.0.1:1/v1\r\n"


@pytest.mark.parametrize(
    "original",
    [CRLF, CRLF + "hooks:\r\n  post_tool_call:\r\n    - command: other-tool\r\n"],
    ids=["no-hooks", "with-hooks"],
)
def test_hermes_config_with_crlf_line_endings(original: str) -> None:
    path = target_for("hermes").path
    path.parent.mkdir(parents=True)
    path.write_bytes(original.encode())
    svc.install("hermes")
    raw = path.read_bytes()
    assert raw.count(b"\n") == raw.count(b"\r\n")  # still one line ending throughout
    data = yaml.safe_load(raw)
    assert set(INSTALL_EVENTS["hermes"]) <= set(data["hooks"])
    svc.uninstall("hermes")
    assert path.read_bytes() == original.encode()


def test_the_manifest_lives_outside_the_agents_folders(home: Path) -> None:
    svc.install("codex")
    assert svc.manifest_path().parent == paths.vaultsync_home()
    assert home not in svc.manifest_path().parents or paths.vaultsync_home() != home
