from __future__ import annotations

from pathlib import Path

import pytest

from vaultsync.core import config, paths


def test_defaults_without_any_file(tmp_path: Path) -> None:
    cfg = config.load_config(tmp_path / "vault")
    assert cfg.get("budgets", "user_md_tokens") == 500
    assert cfg.get("budgets", "agent_md_tokens") == 800
    assert cfg.get("budgets", "context_tokens") == 1500
    assert cfg.index_file() == paths.default_index_path(tmp_path / "vault")


def test_vault_then_user_override(vault: Path, isolated_home: Path) -> None:
    (vault / paths.VAULT_CONFIG).write_text(
        "[budgets]\nuser_md_tokens = 300\n[vault]\npath='/evil'\n"
    )
    (isolated_home / "config.toml").write_text(
        f"[vault]\npath = '{vault}'\n[hook]\nmin_chars = 5\n", encoding="utf-8"
    )
    cfg = config.load_config()
    assert cfg.vault == vault
    assert cfg.get("budgets", "user_md_tokens") == 300
    assert cfg.get("hook", "min_chars") == 5
    assert cfg.get("budgets", "agent_md_tokens") == 800


def test_env_var_picks_the_vault(vault: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VAULTSYNC_VAULT", str(vault))
    assert config.load_config().vault == vault
    assert config.load_config("/elsewhere").vault == Path("/elsewhere")


def test_broken_toml_is_a_clear_error(vault: Path) -> None:
    (vault / paths.VAULT_CONFIG).write_text("[budgets\n")
    with pytest.raises(config.ConfigError, match=r"config\.toml"):
        config.load_config(vault)


def test_shipped_vault_config_parses_to_the_defaults(vault: Path) -> None:
    (vault / paths.VAULT_CONFIG).write_text(config.render_vault_config())
    cfg = config.load_config(vault)
    for section, values in config.DEFAULTS.items():
        for key, value in values.items():
            if section != "vault":
                assert cfg.get(section, key) == value, (section, key)
