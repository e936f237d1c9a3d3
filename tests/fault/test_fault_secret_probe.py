"""The probe, through the REAL hook: every way a secret reached the vault, its git objects
or the index is fed in, then every note, file name, git object (`git rev-list --all --objects |
git cat-file --batch`) and the index file is scanned for every 8-character piece of every secret
(as written, URL-encoded, JSON-escaped, base64 at each alignment, hex). Zero hits.

The ways: a Slack token twice in `curl -v` output; a Twilio auth token in Python source; a token
in the working directory (project key and name), in the session id (file name, tree objects,
commit messages), in the tool name and the turn id; long JSON strings whose excerpt used to cut
an AWS key id, an OpenAI key and a JWT in half; a URL-encoded connection string, also as a
`?next=` value of a fetched URL; a hex-encoded and a double-base64 token; a token split across
two consecutive events; Chinese sentences around secrets. All values are generated fakes.
"""

from __future__ import annotations

import base64
import json
import random
import string
from pathlib import Path
from urllib.parse import quote

import pytest
from faultkit import cli, hook, lifecycle, make_vault, secret_forms, vault_objects

from vaultsync.core import paths

pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]

RNG = random.Random(160016)
AN = string.ascii_letters + string.digits
HEX = "0123456789abcdef"
CONFIG = """\
[hook]
time_limit_s = 120
min_chars = 0
dedupe_overlap = 0
low_value_signals = []
"""
# The excerpt limits lifted: the redactor alone stands between a secret and the vault.
LIFTED = CONFIG + "summary_chars = 100000\nhead_lines = 100000\ntail_lines = 100000\n"


def rnd(n: int, alphabet: str = AN) -> str:
    while True:
        v = "".join(RNG.choice(alphabet) for _ in range(n))
        if alphabet != AN or (any(c.isdigit() for c in v) and any(c.isupper() for c in v)):
            return v


def _jwt() -> str:
    head = base64.urlsafe_b64encode(b'{"alg":"HS256","typ":"JWT"}').decode().rstrip("=")
    claims = json.dumps({"sub": rnd(10), "email": "probe.person@corp.test", "exp": 1893456000})
    body = base64.urlsafe_b64encode(claims.encode()).decode().rstrip("=")
    return f"{head}.{body}.{rnd(43)}"


def _secrets() -> dict[str, str]:
    return {
        "slack": f"xoxb-{rnd(11, '0123456789')}-{rnd(13, '0123456789')}-{rnd(24)}",
        "twilio": rnd(32, HEX),
        "path_token": "ghp_" + rnd(36),
        "session_token": "ghp_" + rnd(36),
        "tool_token": "glpat-" + rnd(20),
        "turn_token": "sk-proj-" + rnd(40) + "T3BlbkFJ" + rnd(40),
        "aws": "AKIA" + rnd(16, string.ascii_uppercase + "234567"),
        "openai": "sk-proj-" + rnd(74) + "T3BlbkFJ" + rnd(74),
        "jwt": _jwt(),
        "db_password": rnd(12) + "@#" + rnd(6),
        "next_password": rnd(14) + "/:" + rnd(4),
        "hex": "ghp_" + rnd(36),
        "b64b64": "npm_" + rnd(36),
        "split": "ghp_" + rnd(36),
        "zh": "sk-ant-api03-" + rnd(93) + "AA",
    }


def _payloads(s: dict[str, str]) -> list[tuple[str, dict[str, object]]]:
    sid = "probe-1"
    cwd = "/w/app"
    curl = (
        f'$ curl -v -H "Authorization: Bearer {s["slack"]}" https://slack.com/api/auth.test\n'
        "*   Trying 3.3.3.3:443...\n> POST /api/auth.test HTTP/2\n> Host: slack.com\n"
        f"> authorization: Bearer {s['slack']}\n> accept: */*\n>\n< HTTP/2 200\n"
    )
    source = (
        "from twilio.rest import Client\n\n"
        f'client = Client("AC{rnd(32, HEX)}", "{s["twilio"]}")\n'
        'client.messages.create(to="+15550001111", from_="+15550002222", body="hi")\n'
    )
    long_json = {
        "payload": {
            "a": "x " * 95 + s["aws"] + " tail",
            "b": "y " * 90 + s["openai"],
            "c": "z " * 75 + s["jwt"],
        }
    }
    conn = f"postgres://app:{s['db_password']}@db.internal:5432/app"
    nxt = quote(f"postgres://admin:{s['next_password']}@10.0.0.5/orders", safe="")
    hexed = s["hex"].encode().hex()
    b64b64 = base64.b64encode(base64.b64encode(s["b64b64"].encode())).decode()
    half = len(s["split"]) // 2

    def tool(name: str, tin: object, out: object, **extra: object) -> dict[str, object]:
        return {
            "session_id": sid,
            "hook_event_name": "PostToolUse",
            "cwd": cwd,
            "tool_name": name,
            "tool_input": tin,
            "tool_response": out,
            **extra,
        }

    return [
        ("claude-code", lifecycle(sid, "SessionStart", cwd=cwd)),
        ("claude-code", tool("Bash", {"command": "curl -v ..."}, {"stdout": curl, "stderr": ""})),
        ("claude-code", tool("Read", {"file_path": "/w/app/sms.py"}, {"stdout": source})),
        (
            "claude-code",
            {
                "session_id": sid,
                "hook_event_name": "PostToolUse",
                "cwd": f"/w/{s['path_token']}/app",
                "tool_name": "Bash",
                "tool_input": {"command": "ls"},
                "tool_response": {"stdout": "README.md\n", "stderr": ""},
            },
        ),
        (
            "claude-code",
            {
                "session_id": f"sess-{s['session_token']}",
                "hook_event_name": "UserPromptSubmit",
                "cwd": cwd,
                "prompt": "hello from a session whose id holds a token",
            },
        ),
        (
            "claude-code",
            tool(f"mcp__{s['tool_token']}", {"q": "x"}, {"stdout": "ok", "stderr": ""}),
        ),
        ("codex", {**tool("Bash", {"command": "pwd"}, "ok"), "turn_id": s["turn_token"]}),
        ("claude-code", tool("mcp__db__query", long_json, {"stdout": "done", "stderr": ""})),
        (
            "claude-code",
            tool(
                "WebFetch",
                {"url": f"https://app.test/login?next={nxt}"},
                {"stdout": f"DATABASE_URL={quote(conn, safe='')}\n"},
            ),
        ),
        (
            "claude-code",
            tool("Bash", {"command": "xxd -p token"}, {"stdout": f"{hexed}\n{b64b64}\n"}),
        ),
        ("claude-code", tool("Bash", {"command": "part 1"}, {"stdout": s["split"][:half]})),
        ("claude-code", tool("Bash", {"command": "part 2"}, {"stdout": s["split"][half:]})),
        (
            "claude-code",
            {
                "session_id": sid,
                "hook_event_name": "UserPromptSubmit",
                "cwd": cwd,
                "prompt": f"请把这个密钥 {s['zh']} 配置到生产环境里，然后重启服务。谢谢！",
            },
        ),
        ("claude-code", lifecycle(sid, "SessionEnd", cwd=cwd)),
    ]


def _fragments(secrets: dict[str, str], context: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for name, value in secrets.items():
        for form in secret_forms(value) | {value.encode().hex()}:
            for i in range(len(form) - 7):
                piece = form[i : i + 8]
                if piece not in context:
                    out[piece] = name
    return out


def _hits(haystack: str, fragments: dict[str, str], where: str) -> list[str]:
    grams = {haystack[i : i + 8] for i in range(len(haystack) - 7)}
    return [f"{fragments[g]}: {g!r} in {where}" for g in sorted(grams & fragments.keys())]


@pytest.mark.parametrize("config", [CONFIG, LIFTED], ids=["default-limits", "lifted-limits"])
def test_no_probe_secret_reaches_notes_names_git_or_index(tmp_path: Path, config: str) -> None:
    secrets = _secrets()
    vault = make_vault(tmp_path / "vault", config)
    payloads = _payloads(secrets)
    for agent, payload in payloads:
        assert hook(vault, agent, payload).returncode == 0
    notes = [p for p in (vault / paths.SESSIONS_DIR).rglob("*.md")]
    assert notes, "nothing was captured: the scan would prove nothing"
    assert cli(vault, "rebuild").returncode == 0
    assert cli(vault, "commit").returncode == 0

    context = json.dumps([p for _a, p in payloads], ensure_ascii=False)
    for value in secrets.values():
        context = context.replace(value, "\n")
    fragments = _fragments(secrets, context)
    leaks: list[str] = []
    for path in vault.rglob("*"):
        if ".git" in path.relative_to(vault).parts:
            continue
        leaks += _hits(str(path.relative_to(vault)), fragments, f"file name {path.name}")
        if path.is_file():
            leaks += _hits(path.read_bytes().decode("utf-8", "replace"), fragments, str(path))
    for sha, kind, content in vault_objects(vault):
        leaks += _hits(content.decode("utf-8", "replace"), fragments, f"{kind} {sha[:10]}")
    index = paths.default_index_path(vault)
    assert index.exists(), "no index was built: the scan would prove nothing"
    for part in index.parent.glob(index.name + "*"):
        leaks += _hits(part.read_bytes().decode("utf-8", "replace"), fragments, part.name)
    assert leaks == [], f"{len(leaks)} secret fragments:\n" + "\n".join(leaks[:40])


def test_the_probe_scanner_finds_a_planted_secret(tmp_path: Path) -> None:
    secrets = _secrets()
    fragments = _fragments(secrets, "")
    assert _hits(f"x {quote(secrets['db_password'], safe='')} y", fragments, "planted")
    assert _hits(secrets["split"][:10] + " " + secrets["split"][-10:], fragments, "planted")
