from __future__ import annotations

import datetime
import json
import os
from pathlib import Path

import pytest

from vaultsync.core import config, paths
from vaultsync.core.privacy.redactor import Redactor, shadowed_shared_rules


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


def _age(path: Path, seconds: int = 60) -> None:
    """Make a file look older than the settle window (only mtime can be set back)."""
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns - seconds * 10**9))


def _cache_file() -> Path:
    return paths.vaultsync_home() / "cache" / "config.json"


@pytest.fixture
def settled(monkeypatch: pytest.MonkeyPatch) -> None:
    # ctime cannot be set back, so the settle window is what a test shortens instead of
    # waiting for it; each change below also alters size or inode, which a same-tick rewrite
    # might not, and which the real window exists for.
    monkeypatch.setattr(config, "SETTLE_NS", -(10**12))


def test_parsed_files_are_cached_and_a_change_is_seen(
    vault: Path, isolated_home: Path, settled: None
) -> None:
    vault_file = vault / paths.VAULT_CONFIG
    vault_file.write_text("[hook]\nmin_chars = 7\n")
    user_file = isolated_home / "config.toml"
    user_file.write_text("[budgets]\nuser_md_tokens = 300\n")
    assert config.load_config(vault).get("hook", "min_chars") == 7
    cached = json.loads(_cache_file().read_text())
    assert cached[str(vault_file)]["data"] == {"hook": {"min_chars": 7}}
    assert str(user_file) in cached
    assert config.load_config(vault).get("budgets", "user_md_tokens") == 300  # from the cache

    vault_file.write_text("[hook]\nmin_chars = 70\n")  # in place: same inode, new size
    assert config.load_config(vault).get("hook", "min_chars") == 70
    tmp = vault_file.with_suffix(".new")
    tmp.write_text("[hook]\nmin_chars = 71\n")  # same size, replaced atomically: new inode
    os.replace(tmp, vault_file)
    assert config.load_config(vault).get("hook", "min_chars") == 71
    user_file.unlink()
    assert config.load_config(vault).get("budgets", "user_md_tokens") == 500


def test_cache_entries_never_outlive_their_file(
    vault: Path, isolated_home: Path, settled: None
) -> None:
    vault_file = vault / paths.VAULT_CONFIG
    vault_file.write_text("[hook]\nmin_chars = 7\n")
    config.load_config(vault)
    # A forged entry for the current signature is used; any other signature is ignored.
    cached = json.loads(_cache_file().read_text())
    cached[str(vault_file)]["data"] = {"hook": {"min_chars": 8}}
    _cache_file().write_text(json.dumps(cached))
    assert config.load_config(vault).get("hook", "min_chars") == 8
    cached[str(vault_file)]["sig"][2] += 1  # size
    _cache_file().write_text(json.dumps(cached))
    assert config.load_config(vault).get("hook", "min_chars") == 7


def test_a_fresh_file_is_not_cached(vault: Path, isolated_home: Path) -> None:
    # Written just now: a second write in the same clock tick could keep mtime, ctime and
    # size, so nothing is cached and a same-size edit is still seen.
    vault_file = vault / paths.VAULT_CONFIG
    vault_file.write_text("[hook]\nmin_chars = 7\n")
    _age(vault_file)  # an old mtime, but the ctime is now
    assert config.load_config(vault).get("hook", "min_chars") == 7
    assert not _cache_file().exists()
    vault_file.write_text("[hook]\nmin_chars = 8\n")
    assert config.load_config(vault).get("hook", "min_chars") == 8


@pytest.mark.parametrize("garbage", [b"", b"{not json", b"[1, 2]", b'{"x": 1}', b"\xff\xfe"])
def test_a_damaged_cache_is_ignored(
    vault: Path, isolated_home: Path, settled: None, garbage: bytes
) -> None:
    (vault / paths.VAULT_CONFIG).write_text("[hook]\nmin_chars = 7\n")
    _cache_file().parent.mkdir(parents=True, exist_ok=True)
    _cache_file().write_bytes(garbage)
    assert config.load_config(vault).get("hook", "min_chars") == 7
    assert config.load_config(vault).get("hook", "min_chars") == 7


def test_an_unwritable_cache_only_costs_the_parse(
    vault: Path, isolated_home: Path, settled: None
) -> None:
    (vault / paths.VAULT_CONFIG).write_text("[hook]\nmin_chars = 7\n")
    (isolated_home / "cache").write_text("a file where the folder should be")
    assert config.load_config(vault).get("hook", "min_chars") == 7


def test_values_json_cannot_hold_are_parsed_every_time(
    vault: Path, isolated_home: Path, settled: None
) -> None:
    (vault / paths.VAULT_CONFIG).write_text("[learn]\nsince = 2026-01-02\nratio = nan\n")
    cfg = config.load_config(vault)
    assert cfg.get("learn", "since") == datetime.date(2026, 1, 2)
    assert not _cache_file().exists()
    assert config.load_config(vault).get("learn", "since") == datetime.date(2026, 1, 2)


def test_broken_toml_after_a_cached_version_is_still_an_error(
    vault: Path, isolated_home: Path, settled: None
) -> None:
    vault_file = vault / paths.VAULT_CONFIG
    vault_file.write_text("[hook]\nmin_chars = 7\n")
    config.load_config(vault)
    vault_file.write_text("[hook\nmin_chars = 7\n")
    with pytest.raises(config.ConfigError, match=r"config\.toml"):
        config.load_config(vault)


def test_config_data_is_independent_of_the_defaults(vault: Path) -> None:
    cfg = config.load_config(vault)
    cfg.section("hook")["skip_tools"].append("Mine")
    assert "Mine" not in config.DEFAULTS["hook"]["skip_tools"]
    assert "Mine" not in config.load_config(vault).get("hook", "skip_tools")


def test_a_shared_config_cannot_run_a_program_or_loosen_a_guard(
    vault: Path, isolated_home: Path
) -> None:
    (vault / paths.VAULT_CONFIG).write_text(
        '[learn]\nmodel_command = "sh -c evil"\nmin_tool_calls = 4\n'
        '[privacy]\ndisabled_rules = ["github-token"]\ndeny = ["~/secret/**"]\n'
        "[[privacy.rules]]\nid = 'github-token'\nregex = 'never'\n"
        "[[privacy.rules]]\nid = 'acme-key'\nregex = 'acme_[a-z0-9]{32}'\n"
        '[git]\nsecret_scan = false\nmax_file_mb = 2.0\nallow = ["*"]\n'
        "[watch]\nmax_delete_share = 0.9\nmin_held_deletions = 3\n"
        '[templates]\nuser_md = "../../etc/passwd"\nagent_md = "Templates/agent.tmpl"\n'
        '[search]\nmodel = "wordllama,fastembed:some/model"\n'
        '[sync]\nremote = "attacker"\n[budgets]\ninclude_candidates = true\n'
    )
    cfg = config.load_config(vault)
    assert cfg.get("learn", "model_command") == "" and cfg.get("learn", "min_tool_calls") == 4
    assert cfg.privacy["disabled_rules"] == [] and cfg.privacy["deny"] == ["~/secret/**"]
    assert cfg.privacy["rules"] == []  # shared rules are kept apart: they may only add
    redactor = Redactor.from_config(cfg.privacy)
    assert {"github-token", "acme-key"} <= {r.rule.id for r in redactor.rules}
    assert redactor.scan_secrets("token ghp_ABCDEFabcdef0123456789ABCDEFabcdef0123")
    assert shadowed_shared_rules(cfg.privacy) == ["github-token"]
    assert cfg.get("git", "secret_scan") is True and cfg.get("git", "allow") == []
    assert cfg.get("git", "max_file_mb") == 2.0  # stricter: honoured
    assert cfg.get("watch", "max_delete_share") == 0.25  # looser: not
    assert cfg.get("watch", "min_held_deletions") == 3
    assert cfg.section("templates")["user_md"] == ""
    assert cfg.section("templates")["agent_md"] == "Templates/agent.tmpl"
    assert "model" not in cfg.section("search")
    assert cfg.get("sync", "remote") == "" and cfg.get("budgets", "include_candidates") is False
    said = "\n".join(cfg.ignored)
    for key in (
        "learn.model_command",
        "privacy.disabled_rules",
        "git.secret_scan",
        "git.allow",
        "watch.max_delete_share",
        "templates.user_md",
        "search.model",
        "sync.remote",
        "budgets.include_candidates",
    ):
        assert f"{key} ignored" in said, key
    assert len(cfg.ignored) == 9
    # This machine's own config decides for itself.
    (isolated_home / "config.toml").write_text(
        '[learn]\nmodel_command = "llm"\n[git]\nsecret_scan = false\n'
    )
    mine = config.load_config(vault)
    assert mine.get("learn", "model_command") == "llm" and mine.get("git", "secret_scan") is False


def test_defaults_written_into_a_shared_config_are_not_reported(vault: Path) -> None:
    (vault / paths.VAULT_CONFIG).write_text(
        '[learn]\nmodel_command = ""\n[privacy]\ndisabled_rules = []\n[git]\nsecret_scan = true\n'
    )
    assert config.load_config(vault).ignored == ()
