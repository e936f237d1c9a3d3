"""No secret of the practice set, fed through the hook, ever appears in any commit.

Every `secret` sample of corpora/secrets-dev goes through the real hook as tool output, tool
input, prompt or turn-end message of all five agents, with the excerpt limits lifted so that
the redactor is the only thing between a secret and the vault. The watcher's catch-up pass and a
rebuild (which regenerates USER.md/AGENT.md) commit the result; then every object reachable in
the repository (commits, trees, blobs) is read with `git cat-file --batch` and searched for any
8-character fragment of every secret value, as written, URL-encoded, JSON-escaped and
base64-encoded. The decoded secrets exist only in the test's temporary vault.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path
from urllib.parse import quote

import pytest
from faultkit import (
    cli,
    fsck,
    hook,
    lifecycle,
    make_vault,
    secret_forms,
    session_events,
    vault_objects,
)

pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]

# Regression (capture): file contents an agent writes or edits are excerpted line by line
# before redaction; a line cut short used to end a JWT mid-token, so its pattern no longer
# matched and the first ~90 characters reached the note. Excerpts now drop a word cut in two.
# Scanned apart too, in `test_a_secret_cut_by_the_excerpt_is_still_redacted`.
CUT_BY_EXCERPT = {"d0111"}

WINDOW = 8
# The excerpt limits cut long outputs down to a few lines; lifted here so that every secret
# reaches the redactor and nothing is hidden by truncation alone.
SECRETS_CONFIG = """\
[hook]
time_limit_s = 120
min_chars = 0
dedupe_overlap = 0
low_value_signals = []
summary_chars = 100000
head_lines = 100000
tail_lines = 100000
"""


def _samples(shared: Path) -> list[tuple[str, str, list[str]]]:
    """(id, decoded text, secret values) of every `secret` sample."""
    out = []
    path = shared / "corpora" / "secrets-dev" / "dev.jsonl"
    for line in path.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        if row["label"] != "secret":
            continue
        text = base64.b64decode(row["text_b64"]).decode("utf-8")
        out.append((row["id"], text, [text[s:e] for s, e in row["spans"]]))
    return out


def _fragments(samples: list[tuple[str, str, list[str]]]) -> dict[str, str]:
    """fragment -> sample id, for every WINDOW-long slice of every form of every secret,
    minus slices that also occur in the non-secret context of the samples (a URL's scheme,
    `-----BEGIN`, a header name): those say nothing about the secret."""
    context = "\n".join(_cut(text, values) for _id, text, values in samples)
    out: dict[str, str] = {}
    for sample_id, _text, values in samples:
        for value in values:
            for form in secret_forms(value):
                for i in range(len(form) - WINDOW + 1):
                    piece = form[i : i + WINDOW]
                    if piece not in context:
                        out[piece] = sample_id
    return out


def _cut(text: str, values: list[str]) -> str:
    for value in values:
        text = text.replace(value, "\n")
    return text


def _leaks(objects: list[tuple[str, str, bytes]], fragments: dict[str, str]) -> list[str]:
    """Every (fragment, sample, object) found. One pass per object over its WINDOW-grams."""
    found = []
    for sha, kind, content in objects:
        text = content.decode("utf-8", "replace")
        grams = {text[i : i + WINDOW] for i in range(len(text) - WINDOW + 1)}
        for piece in grams & fragments.keys():
            found.append(f"{fragments[piece]}: {piece!r} in {kind} {sha[:10]}")
    return sorted(found)


def _payloads(session: str, n: int, text: str) -> list[tuple[str, dict[str, object]]]:
    """The sample as each agent would deliver it, through a different field each time: tool
    output, a file an agent writes or edits, a prompt, the model's answer."""
    env = f"/w/deploy/.env.{n}"
    return [
        (
            "claude-code",
            {
                "session_id": session,
                "hook_event_name": "PostToolUse",
                "cwd": "/w",
                "tool_name": "Bash",
                "tool_input": {"command": f"cat {env}"},
                "tool_response": {"stdout": text, "stderr": ""},
            },
        ),
        (
            "claude-code",
            {
                "session_id": session,
                "hook_event_name": "PostToolUse",
                "cwd": "/w",
                "tool_name": "Write",
                "tool_input": {"file_path": env, "content": text},
                "tool_response": {"filePath": env, "success": True},
            },
        ),
        (
            "claude-code",
            {
                "session_id": session,
                "hook_event_name": "UserPromptSubmit",
                "cwd": "/w",
                "prompt": f"here is the log:\n{text}",
            },
        ),
        (
            "codex",
            {
                "session_id": session,
                "hook_event_name": "PostToolUse",
                "cwd": "/w",
                "tool_name": "Bash",
                "tool_input": {"command": f"cat {env}"},
                "tool_response": text,
            },
        ),
        (
            "gemini",
            {
                "session_id": session,
                "hook_event_name": "AfterTool",
                "cwd": "/w",
                "tool_name": "run_shell_command",
                "tool_input": {"command": f"cat {env}"},
                "tool_response": {"llmContent": text, "returnDisplay": text},
            },
        ),
        (
            "gemini",
            {
                "session_id": session,
                "hook_event_name": "AfterAgent",
                "cwd": "/w",
                "prompt_response": f"I found this: {text}",
            },
        ),
        (
            "hermes",
            {
                "session_id": session,
                "hook_event_name": "post_tool_call",
                "cwd": "/w",
                "tool_name": "terminal",
                "tool_input": {"command": f"cat {env}"},
                "extra": {"result": json.dumps({"output": text}), "status": "success"},
            },
        ),
        (
            "cursor",
            {
                "conversation_id": session,
                "hook_event_name": "afterShellExecution",
                "cwd": "/w",
                "command": f"cat {env}",
                "output": text,
            },
        ),
        (
            "cursor",
            {
                "conversation_id": session,
                "hook_event_name": "afterFileEdit",
                "file_path": env,
                "edits": [{"old_string": "", "new_string": text}],
            },
        ),
    ]


def test_the_scanner_finds_a_planted_secret(shared: Path) -> None:
    samples = _samples(shared)
    fragments = _fragments(samples)
    _id, _text, values = samples[0]
    planted = [("0" * 40, "blob", f"note text {quote(values[0], safe='')} more".encode())]
    assert _leaks(planted, fragments)
    b64 = base64.b64encode(f"xx{values[0]}".encode())
    assert _leaks([("1" * 40, "blob", b64)], fragments)


def test_no_secret_reaches_any_commit(tmp_path: Path, shared: Path) -> None:
    samples = _samples(shared)
    assert len(samples) == 50
    vault = make_vault(tmp_path / "vault", SECRETS_CONFIG)
    sent = 0
    for n, (sample_id, text, _values) in enumerate(samples):
        session = f"secrets-{n % 5}"
        for agent, payload in _payloads(session, n, text):
            assert hook(vault, agent, payload).returncode == 0, sample_id
            sent += 1
        if n % 10 == 9:
            assert hook(vault, "claude-code", lifecycle(session, "SessionEnd")).returncode == 0
    recorded = session_events(vault)
    assert len(recorded) >= sent * 0.9, (len(recorded), sent)  # the samples really were captured
    once = cli(vault, "watch", "--once", "-q")
    assert once.returncode == 0, once.stderr[-2000:]
    assert cli(vault, "rebuild").returncode == 0
    assert cli(vault, "commit").returncode == 0
    fsck(vault)

    objects = vault_objects(vault)
    committed = {
        sha for sha, kind, content in objects if kind == "blob" and b"vaultsync-event" in content
    }
    assert committed, "no session note was committed: the scan would prove nothing"
    fragments = _fragments(samples)
    leaks = _leaks(objects, fragments)
    assert leaks == [], f"{len(leaks)} secret fragments committed:\n" + "\n".join(leaks[:40])


def test_a_secret_cut_by_the_excerpt_is_still_redacted(tmp_path: Path, shared: Path) -> None:
    samples = [s for s in _samples(shared) if s[0] in CUT_BY_EXCERPT]
    vault = make_vault(tmp_path / "vault", SECRETS_CONFIG)
    for n, (_id, text, _values) in enumerate(samples):
        for agent, payload in _payloads("cut", n, text):
            assert hook(vault, agent, payload).returncode == 0
    assert cli(vault, "commit").returncode == 0
    assert _leaks(vault_objects(vault), _fragments(samples)) == []
