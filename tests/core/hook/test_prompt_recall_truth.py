"""Prompt-time recall hands over only memories in force: never one a newer memory superseded,
never another project's (two projects with nearly the same name), and search ranks a superseded
memory below the one that replaced it."""

from __future__ import annotations

import itertools
import json
import subprocess
from pathlib import Path
from typing import Any

from vaultsync.core import paths, properties, schema
from vaultsync.core.config import load_config
from vaultsync.core.hook.prompt_recall import in_force
from vaultsync.core.model import Level, Scope
from vaultsync.core.project import project_of
from vaultsync.services.derived.reconcile import rebuild
from vaultsync.services.recall.engine import recall

SESSIONS = itertools.count(1)


def ask(hook: list[str], cwd: Path, question: str) -> str:
    """The question at a new session's prompt (a session is never handed a note twice)."""
    payload: dict[str, Any] = {
        "hook_event_name": "UserPromptSubmit", "session_id": f"q-{next(SESSIONS)}",
        "cwd": str(cwd),
        "prompt": question,
    }  # fmt: skip
    proc = subprocess.run(
        [*hook, "--agent", "claude-code"], input=json.dumps(payload).encode(),
        capture_output=True, timeout=60, check=False,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.decode()
    return json.loads(out)["hookSpecificOutput"]["additionalContext"] if out.strip() else ""


def memory(
    vault: Path, name: str, text: str, *, level: Level, scope: Scope, extra: dict[str, Any]
) -> str:
    props = schema.memory_props(
        level=level, scope=scope, agent="claude-code", session_id="s-1", project="",
        created="2026-11-20T09:00:00Z", source_rel="summaries/2026/11/x.md",
        status=schema.MEMORY_STATUS[level],
    )  # fmt: skip
    props.update(extra)
    rel = f"{paths.LEVEL_DIRS[level]}/{name}.md"
    (vault / rel).parent.mkdir(parents=True, exist_ok=True)
    (vault / rel).write_text(properties.render_frontmatter(props) + f"\n# {text}\n\n{text}.\n")
    return rel


def repo(root: Path, name: str, remote: str) -> Path:
    folder = root / name
    (folder / ".git").mkdir(parents=True)
    (folder / ".git" / "config").write_text(f'[remote "origin"]\n\turl = {remote}\n')
    return folder


def test_in_force() -> None:
    assert in_force({"scope": "user"}, "")
    assert not in_force({"scope": "user", "superseded_by": ["[[memories/x]]"]}, "")
    assert in_force({"scope": "project", "project": "github.com/acme/api"}, "github.com/acme/api")
    assert not in_force({"scope": "project", "project": "github.com/acme/api"}, "")
    assert not in_force(
        {"scope": "project", "project": "github.com/acme/api"}, "github.com/acme/api-v2"
    )
    assert not in_force("{not json", "")


def test_prompt_recall_hands_over_only_memories_in_force(
    vault: Path, hook: list[str], tmp_path: Path
) -> None:
    api = repo(tmp_path, "api", "git@github.com:acme/api.git")
    api_v2 = repo(tmp_path, "api-v2", "git@github.com:acme/api-v2.git")
    key, key_v2 = project_of(str(api)).key, project_of(str(api_v2)).key
    assert key != key_v2
    memory(vault, "port-api", "The staging gateway listens on port 8443 behind envoy",
           level=Level.L2, scope=Scope.PROJECT, extra={"project": key})  # fmt: skip
    old = memory(vault, "queue-old", "The ingest queue broker is rabbitmq on staging",
                 level=Level.L2, scope=Scope.USER, extra={})  # fmt: skip
    new = memory(
        vault,
        "queue-new",
        "The ingest queue broker is kafka on staging now",
        level=Level.L2,
        scope=Scope.USER,
        extra={
            "created": "2026-11-28T09:00:00Z",
            "supersedes": [properties.link("memories/L2-confirmed/queue-old.md")],
        },
    )
    path = vault / old
    path.write_text(
        properties.set_properties(
            path.read_text("utf-8"),
            {"superseded_by": [properties.link(new)], "status": "superseded"},
        ),
        encoding="utf-8",
    )  # fmt: skip
    config = load_config(vault)
    rebuild(vault, config)
    # As when the budget left them out of the session-start context: prompt recall would
    # otherwise skip them as already given.
    for generated in paths.context_dir(vault).glob("*.md"):
        generated.unlink()
    for name in (paths.USER_MD, paths.AGENT_MD):
        (vault / name).unlink(missing_ok=True)

    # Its own project gets the project memory; the project with the near-same name does not.
    assert "8443" in ask(hook, api, "which port does the staging gateway listen on behind envoy?")
    assert "8443" not in ask(
        hook, api_v2, "which port does the staging gateway listen on behind envoy?"
    )

    said = ask(hook, api, "what is the ingest queue broker on staging?")
    assert "kafka" in said and "rabbitmq" not in said

    # Search still finds the old one (it is kept), below the one in force.
    hits = recall(vault, config, "ingest queue broker staging").hits
    found = [h.rel for h in hits]
    assert found.index(new) < found.index(old)
