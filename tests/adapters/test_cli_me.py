"""`vaultsync me`: USER.md and AGENT.md with their token counts against their budgets."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from vaultsync.adapters.cli.app import app, load_commands
from vaultsync.core.config import load_config
from vaultsync.core.text import estimate_tokens
from vaultsync.services.derived import reconcile

MEMORY = (
    "---\ntype: memory\nlevel: {level}\nscope: {scope}\nstatus: confirmed\n---\n# {t}\n\n{t}.\n"
)


def write(vault: Path, rel: str, title: str, scope: str = "user", level: str = "L2") -> None:
    (vault / rel).write_text(MEMORY.format(t=title, scope=scope, level=level), encoding="utf-8")


def test_me_shows_both_files_with_their_budgets(vault: Path) -> None:
    write(vault, "memories/L2-confirmed/tabs.md", "Prefers tabs over spaces")
    write(vault, "memories/L3-core/jq.md", "jq lives in /opt/homebrew/bin", "agent", "L3")
    reconcile.rebuild(vault, load_config(vault))
    load_commands()
    runner = CliRunner()
    done = runner.invoke(app, ["me", "--vault", str(vault), "--json"])
    assert done.exit_code == 0, done.output
    files = {f["name"]: f for f in json.loads(done.stdout)}
    user = files["USER.md"]
    assert user["budget"] == 500 and user["current"] and user["memories"] == 1
    assert user["tokens"] == estimate_tokens((vault / "USER.md").read_text())
    assert "Prefers tabs over spaces" in user["text"] and user["left_out"] == []
    assert files["AGENT.md"]["budget"] == 800 and "jq lives" in files["AGENT.md"]["text"]

    text = runner.invoke(app, ["me", "--vault", str(vault)])
    assert f"=== USER.md: {user['tokens']} / 500 tokens, 1 memories ===" in text.stdout
    assert "=== AGENT.md:" in text.stdout


def test_me_names_what_the_budget_left_out(vault: Path) -> None:
    (vault / ".vaultsync" / "config.toml").write_text(
        "[budgets]\nuser_md_tokens = 120\n", encoding="utf-8"
    )
    for n in range(8):
        write(vault, f"memories/L2-confirmed/m{n}.md", f"Fact {n}: " + "words " * 12)
    reconcile.rebuild(vault, load_config(vault))
    load_commands()
    done = CliRunner().invoke(app, ["me", "--vault", str(vault)])
    assert done.exit_code == 0, done.output
    assert "--- left out for the budget" in done.stdout
    assert "raise budgets.user_md_tokens" in done.stdout and "L2 Fact" in done.stdout
    # Out of date on disk: said plainly, and what it would be is what is counted.
    (vault / "USER.md").write_text((vault / "USER.md").read_text() + "\nhand edit\n")
    stale = CliRunner().invoke(app, ["me", "--vault", str(vault), "--json"])
    assert json.loads(stale.stdout)[0]["current"] is False


def test_me_subprocess_and_missing_vault(vault: Path, tmp_path: Path) -> None:
    exe = shutil.which("vaultsync")
    sibling = Path(sys.executable).parent / "vaultsync"
    argv = (
        [str(sibling)]
        if sibling.exists()
        else ([exe] if exe else [sys.executable, "-m", "vaultsync"])
    )
    done = subprocess.run([*argv, "me", "--vault", str(vault)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "not written yet" in done.stdout  # a fresh vault: shown as it would be
    missing = subprocess.run(
        [*argv, "me", "--vault", str(tmp_path / "no")], capture_output=True, text=True
    )
    assert missing.returncode == 3 and "vault not found" in missing.stderr
