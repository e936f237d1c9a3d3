"""A known setting of the wrong type is a clear ConfigError (exit 4 in the CLI), not a crash deep
inside a command; the hook, which must keep recording, loads the config without that check."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from vaultsync.core import paths
from vaultsync.core.config import ConfigError, check_types, load_config


@pytest.mark.parametrize(
    ("toml", "message"),
    [
        ('[budgets]\nuser_md_tokens = "lots"\n', "budgets.user_md_tokens must be a number"),
        ("[git]\nauto_commit = 1\n", "git.auto_commit must be true or false"),
        ("[learn]\nmin_edits = true\n", "learn.min_edits must be a number"),
        ('[hook]\nskip_tools = "TodoWrite"\n', "hook.skip_tools must be a list"),
        ("[learn]\nmodel_command = 3\n", "learn.model_command must be a string"),
        ("hook = 3\n", "[hook] must be a table"),
    ],
)
def test_wrong_types_are_named(vault: Path, toml: str, message: str) -> None:
    (vault / paths.VAULT_CONFIG).write_text(toml, encoding="utf-8")
    with pytest.raises(ConfigError, match=re.escape(message)):
        load_config(vault)


def test_numbers_mix_and_unknown_keys_are_left_alone(vault: Path) -> None:
    (vault / paths.VAULT_CONFIG).write_text(
        "[learn]\nmin_minutes = 2.5\nclose_idle_minutes = 30\nfuture_key = [1]\n"
        "[watch]\ndebounce_s = 2\n[someone_elses]\nx = 1\n",
        encoding="utf-8",
    )
    config = load_config(vault)
    assert config.get("learn", "min_minutes") == 2.5 and config.get("watch", "debounce_s") == 2


def test_the_hook_loads_without_the_check(vault: Path) -> None:
    (vault / paths.VAULT_CONFIG).write_text('[budgets]\nuser_md_tokens = "lots"\n', "utf-8")
    assert load_config(vault, strict=False).get("budgets", "user_md_tokens") == "lots"


def test_the_user_config_is_checked_too(vault: Path) -> None:
    from vaultsync.core.config import user_config_path

    user_config_path().parent.mkdir(parents=True, exist_ok=True)
    user_config_path().write_text("[vault]\npath = 7\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=re.escape("vault.path must be a string")):
        load_config(vault)
    with pytest.raises(ConfigError):
        check_types({"vault": {"index_path": []}}, user_config_path())
