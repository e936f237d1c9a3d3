"""Per-agent checks in `doctor` and `status`: config present and current, Codex trust (and how
to give it), duplicate hook locations, the launcher and the vault the hook will find."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from vaultsync.core.hook.agents import INSTALL_EVENTS
from vaultsync.services.agents import install as svc
from vaultsync.services.agents.agent_config import target_for
from vaultsync.services.agents.health import check, check_all
from vaultsync.services.vault import doctor
from vaultsync.services.vault.status import status


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, vault: Path) -> Path:
    home = tmp_path / "user"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("VAULTSYNC_VAULT", str(vault))
    for name in ("CLAUDE_CONFIG_DIR", "CODEX_HOME", "HERMES_HOME"):
        monkeypatch.delenv(name, raising=False)
    return home


SNAKE = {
    "SessionStart": "session_start",
    "UserPromptSubmit": "user_prompt_submit",
    "PostToolUse": "post_tool_use",
    "Stop": "stop",
    "SessionEnd": "session_end",
}


def trust_codex(home: Path, hooks_json: Path, events: tuple[str, ...]) -> None:
    """What Codex's TUI writes after "Trust all and continue" (format seen with 0.171.0)."""
    lines = ["[hooks.state]", ""]
    for event in events:
        lines += [
            f'[hooks.state."{hooks_json}:{SNAKE[event]}:0:0"]',
            'trusted_hash = "sha256:' + "0" * 64 + '"',
            "",
        ]
    (home / ".codex" / "config.toml").write_text("\n".join(lines), encoding="utf-8")


def test_nothing_installed_no_agent_checks(vault: Path) -> None:
    assert check_all(vault) == []


def test_an_installed_agent_is_ok(vault: Path) -> None:
    svc.install("claude-code")
    health = check("claude-code", vault)
    assert health is not None and health.state == "ok", health


def test_codex_untrusted_then_trusted(vault: Path, home: Path) -> None:
    svc.install("codex")
    health = check("codex", vault)
    assert health is not None and health.state == "warn" and health.short == "not trusted"
    assert "Trust all and continue" in health.fix
    assert status(vault).agents == {"codex": "not trusted"}
    trust_codex(home, target_for("codex").path, INSTALL_EVENTS["codex"])
    health = check("codex", vault)
    assert health is not None and health.state == "ok", health
    trust_codex(home, target_for("codex").path, INSTALL_EVENTS["codex"][:-1])
    health = check("codex", vault)
    assert health is not None and "SessionEnd" in health.summary


def test_codex_hooks_in_config_toml_too(vault: Path, home: Path) -> None:
    svc.install("codex")
    trust_codex(home, target_for("codex").path, INSTALL_EVENTS["codex"])
    config = home / ".codex" / "config.toml"
    config.write_text(
        config.read_text(encoding="utf-8")
        + '\n[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "notify-send"\n',
        encoding="utf-8",
    )
    health = check("codex", vault)
    assert health is not None and health.state == "warn" and health.short == "duplicated"
    assert "also has hooks (Stop)" in health.summary and "hooks.json" in health.fix


@pytest.mark.parametrize(
    ("agent", "event"),
    # Cursor's afterAgentResponse: an install from before it was registered records none of
    # the agent's answers (Cursor's stop carries none).
    [("gemini", "AfterTool"), ("cursor", "afterAgentResponse")],
)
def test_a_missing_event_is_outdated_until_installed_again(
    vault: Path, agent: str, event: str
) -> None:
    svc.install(agent)
    path = target_for(agent).path
    data = json.loads(path.read_text(encoding="utf-8"))
    del data["hooks"][event]
    path.write_text(json.dumps(data), encoding="utf-8")
    health = check(agent, vault)
    assert health is not None and health.short == "outdated" and f"no {event}" in health.summary
    assert health.fix == f"run `vaultsync install {agent}`"
    svc.install(agent)
    health = check(agent, vault)
    assert health is not None and health.state == "ok", health


def test_a_launcher_whose_interpreter_moved_fails(vault: Path) -> None:
    svc.install("hermes")
    launcher = svc.launcher_path()
    text = launcher.read_text(encoding="utf-8").split("\n", 1)[1]
    launcher.write_text("#!/no/such/venv/bin/python -IS\n" + text, encoding="utf-8")
    health = check("hermes", vault)
    assert health is not None and health.state == "fail" and "interpreter" in health.summary


def test_the_hook_must_find_this_vault(
    vault: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    svc.install("claude-code")
    monkeypatch.delenv("VAULTSYNC_VAULT")
    health = check("claude-code", vault)
    assert health is not None and health.state == "fail" and "finds no vault" in health.summary
    monkeypatch.setenv("VAULTSYNC_VAULT", str(tmp_path))
    health = check("claude-code", vault)
    assert health is not None and "not to this vault" in health.summary


def test_doctor_lists_each_installed_agent(vault: Path) -> None:
    svc.install("claude-code")
    svc.install("codex")
    names = {c.name: c.state.value for c in doctor.run(vault).checks}
    assert names["agent claude-code"] == "ok" and names["agent codex"] == "warn"


def test_status_text_names_the_problem(vault: Path) -> None:
    from typer.testing import CliRunner

    from vaultsync.adapters.cli.app import app, load_commands

    svc.install("codex")
    svc.install("claude-code")
    load_commands()
    out = CliRunner().invoke(app, ["status", "--vault", str(vault)]).output
    assert "Hooks installed: claude-code, codex (not trusted: see `vaultsync doctor`)" in out
