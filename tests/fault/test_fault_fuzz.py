"""Property-based fuzzing (Hypothesis) of every agent's hook payloads and of note frontmatter.

Payloads: real fixture payloads with fields dropped or replaced by random JSON, payloads built
from each agent's field names with random values, hostile session ids and paths, raw bytes that
are not JSON, not UTF-8 or not an object. The hook runs in process (stdin and stdout swapped)
and must return 0, write nothing outside the vault's `sessions/` and the state folder, and
leave every note parseable; on session start its stdout must be what the agent can read.

Frontmatter: a person's edit of a note's YAML (any style, broken or not) must never make
`rebuild` or `reconcile` fail, and vaultsync's own property updates (`set_properties`, as the
hook does at session end) must keep valid YAML valid, change only the keys they set, and leave
the body byte for byte.
"""

from __future__ import annotations

import io
import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import yaml
from faultkit import assert_healthy, make_vault, session_events
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vaultsync.core import paths
from vaultsync.core.config import load_config
from vaultsync.core.hook import agents
from vaultsync.core.hook import process as hook
from vaultsync.core.properties import PUBLISH_KEYS, set_properties, split_frontmatter
from vaultsync.services.derived import reconcile
from vaultsync.storage.index import Index
from vaultsync.storage.note import parse_note

pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "payloads"
AGENTS = ("claude-code", "codex", "hermes", "gemini", "cursor")
# Called in process the hook never ends its caller (hook.main(own_process=False)); the filters
# are off so that what is recorded depends on the payload alone.
FUZZ_CONFIG = "[hook]\nmin_chars = 0\ndedupe_overlap = 0\n"


def _fuzz(examples: int) -> settings:
    return settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
        derandomize=True,  # the same examples on every run and in CI
        database=None,
    )


def _fixture_payloads() -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {}
    for agent in AGENTS:
        lines = (FIXTURES / f"{agent}.jsonl").read_text(encoding="utf-8").splitlines()
        out[agent] = [json.loads(line.replace("{cwd}", "/work/demo")) for line in lines if line]
    return out


PAYLOADS = _fixture_payloads()
KEYS = {a: sorted({k for p in PAYLOADS[a] for k in p}) for a in AGENTS}

HOSTILE = [
    "../../../../etc/passwd",
    "..",
    ".",
    "/",
    "a/../../b",
    "..\\..\\windows",
    "C:\\Users\\x",
    "CON",
    "nul.txt",
    "\x00",
    "id\x00with-nul",
    "x" * 10_000,
    "🙂" * 300,
    "\u202eevil",
    "[[link]] #tag ^block |pipe",
    '```vaultsync-event\nid: "x"\n```',
    "---\ntype: memory\n---",
    "sessions/2026/../../USER",
    ".git/config",
    ".obsidian/app.json",
    " ",
    "",
]
hostile_text = st.one_of(
    st.sampled_from(HOSTILE), st.text(max_size=200), st.text(min_size=3000, max_size=6000)
)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False),
    hostile_text,
)


def _json_values(keys: list[str]) -> st.SearchStrategy[Any]:
    return st.recursive(
        scalars,
        lambda inner: (
            st.lists(inner, max_size=4)
            | st.dictionaries(st.sampled_from(keys) | st.text(max_size=12), inner, max_size=5)
        ),
        max_leaves=10,
    )


def _payload(agent: str) -> st.SearchStrategy[dict[str, Any]]:
    keys = sorted({*KEYS[agent], "session_id", "conversation_id", "tool_response", "error"})
    values = _json_values(keys)
    events = st.sampled_from(sorted(agents.EVENTS[agent])) | hostile_text
    required = {"hook_event_name": events, "session_id": hostile_text}
    built = st.fixed_dictionaries(required, optional={k: values for k in keys if k not in required})

    @st.composite
    def mutated(draw: st.DrawFn) -> dict[str, Any]:
        base = dict(draw(st.sampled_from(PAYLOADS[agent])))
        for key in draw(st.lists(st.sampled_from(sorted(base)), max_size=3, unique=True)):
            if draw(st.booleans()):
                del base[key]
            else:
                base[key] = draw(values)
        if draw(st.booleans()):
            base["session_id" if agent != "cursor" else "conversation_id"] = draw(hostile_text)
        return base

    return mutated() | built


def _raw(agent: str) -> st.SearchStrategy[bytes]:
    encoded = _payload(agent).map(lambda p: json.dumps(p).encode())
    return st.one_of(
        st.binary(max_size=500),
        st.sampled_from([b"", b"null", b"[]", b"42", b'"text"', b"{", b"\xef\xbb\xbf{}"]),
        encoded.map(lambda b: b"\xef\xbb\xbf" + b),  # a byte-order mark first
        encoded.map(lambda b: b.replace(b'"', b'"\xff', 1)),  # invalid UTF-8 inside
        st.binary(max_size=200).map(
            lambda junk: b'{"hook_event_name": "PostToolUse", "session_id": "' + junk + b'"}'
        ),
    )


def _tree(root: Path) -> dict[str, tuple[int, int]]:
    found = {}
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d != ".git"]  # the hook never runs git
        for name in files:
            path = Path(folder, name)
            try:
                st_ = path.stat()
            except FileNotFoundError:
                continue
            found[str(path.relative_to(root))] = (st_.st_size, st_.st_mtime_ns)
    return found


class _Kept(io.BytesIO):
    """stdout's buffer, still readable after the wrapper around it is closed."""

    def close(self) -> None:
        pass


@contextmanager
def _stdio(data: bytes) -> Iterator[io.BytesIO]:
    out = _Kept()
    saved = sys.stdin, sys.stdout
    sys.stdin = io.TextIOWrapper(io.BytesIO(data))
    sys.stdout = io.TextIOWrapper(out, write_through=True)
    try:
        yield out
    finally:
        sys.stdin, sys.stdout = saved


class Harness:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.vault = make_vault(root / "vault", FUZZ_CONFIG)
        self.decoy = root / "decoy"  # the cwd of some payloads: nothing may appear here
        self.decoy.mkdir()
        self.home = Path(os.environ["VAULTSYNC_HOME"])
        os.environ["VAULTSYNC_VAULT"] = str(self.vault)
        self.calls = 0

    def run(self, agent: str, data: bytes) -> bytes:
        before = _tree(self.root)
        with _stdio(data) as out:
            code = hook.main(["--agent", agent])
        assert code == 0
        self.calls += 1
        after = _tree(self.root)
        changed = {p for p, v in after.items() if before.get(p) != v}
        vault_rel = self.vault.relative_to(self.root).as_posix() + "/"
        home_rel = self.home.relative_to(self.root).as_posix() + "/"
        for path in changed:
            if path.startswith(home_rel):
                continue
            assert path.startswith(vault_rel + paths.SESSIONS_DIR + "/"), path
            rel = path[len(vault_rel) :]
            assert paths.is_note(rel), rel
        if changed:
            session_events(self.vault)  # every block of every session note parses
        return out.getvalue()


@pytest.fixture
def harness(tmp_path: Path) -> Iterator[Harness]:
    h = Harness(tmp_path)
    try:
        yield h
    finally:
        os.environ.pop("VAULTSYNC_VAULT", None)


# What a payload may legitimately be refused for. Anything else in the error log is a crash the
# fail-open hook swallowed (a TypeError on a wrong-typed field, say): a bug.
REFUSALS = {"PayloadError", "JSONDecodeError", "PayloadTooLarge", "UsageError"}


def _no_crashes() -> None:
    log = paths.hook_error_log()
    records = [json.loads(x) for x in log.read_text().splitlines()] if log.exists() else []
    crashes = [r for r in records if r["error"] not in REFUSALS]
    assert crashes == [], crashes[:5]


@pytest.mark.parametrize("agent", AGENTS)
def test_fuzzed_payloads(harness: Harness, agent: str) -> None:
    @_fuzz(120)
    @given(payload=_payload(agent), use_decoy=st.booleans())
    def check(payload: dict[str, Any], use_decoy: bool) -> None:
        if use_decoy:
            payload = {**payload, "cwd": str(harness.decoy)}
        out = harness.run(agent, json.dumps(payload).encode())
        if out.strip() and agent != "hermes":
            json.loads(out)  # what the agent parses as JSON must be JSON

    check()
    assert list(harness.decoy.iterdir()) == []
    assert session_events(harness.vault), "no fuzzed payload was recorded at all"
    _no_crashes()
    assert_healthy(harness.vault, f"fuzz-{agent}")


@pytest.mark.parametrize("agent", AGENTS)
def test_fuzzed_raw_stdin(harness: Harness, agent: str) -> None:
    @_fuzz(60)
    @given(data=_raw(agent))
    def check(data: bytes) -> None:
        harness.run(agent, data)

    check()
    _no_crashes()
    assert_healthy(harness.vault, f"raw-{agent}")


@pytest.mark.parametrize("field", ["session_id", "cwd"])
def test_lone_surrogates_in_payload_fields(harness: Harness, field: str) -> None:
    payload: dict[str, Any] = {"session_id": "surrogate", "hook_event_name": "Stop", "cwd": "/w"}
    payload[field] = payload[field] + "\ud800"
    harness.run("claude-code", json.dumps(payload).encode())
    _no_crashes()
    assert session_events(harness.vault)


# --- frontmatter -------------------------------------------------------------------------------

_key = st.one_of(
    st.from_regex(r"[a-z][a-z0-9_-]{0,12}", fullmatch=True),
    st.sampled_from(["type", "status", "tags", "aliases", "created", "project", "level"]),
    st.text(min_size=1, max_size=12),
).filter(lambda k: k not in PUBLISH_KEYS)
_leaf = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**6), 10**6), st.text(max_size=40), st.dates()
)
_value = st.one_of(
    _leaf,
    st.lists(st.text(max_size=20) | st.integers(0, 99), max_size=4),
    st.dictionaries(st.from_regex(r"[a-z]{1,8}", fullmatch=True), _leaf, max_size=3),
)
_props = st.dictionaries(_key, _value, max_size=8)


@st.composite
def person_yaml(draw: st.DrawFn) -> tuple[str, dict[str, Any] | None]:
    """(YAML text, the mapping it means or None when it is not a valid mapping)."""
    props = draw(_props)
    style = draw(st.sampled_from(["block", "flow", "default", "comments", "broken", "noise"]))
    if style == "noise":
        text = draw(st.text(max_size=300))
    elif style == "broken":
        text = draw(
            st.sampled_from(
                [
                    "tags: [a, b\n",
                    "key: 'open\n",
                    ": nokey\n",
                    "a:\n - x\n y\n",
                    "\tindent: tab\n",
                    "x: *alias\n",
                    "{{{\n",
                ]
            )
        )
    else:
        flow = {"block": False, "flow": True, "default": None}.get(style)
        text = yaml.safe_dump(props, default_flow_style=flow, allow_unicode=True, sort_keys=False)
        if style == "comments":
            text = "# a person's comment\n" + text.replace("\n", "  # note\n", 1) + "\n"
    try:
        meant = yaml.safe_load(text) if text.strip() else {}
    except yaml.YAMLError:
        meant = None
    if meant is not None and not isinstance(meant, dict):
        meant = None
    return text, meant


_updates = st.dictionaries(
    st.sampled_from(["status", "updated", "summary", "tags", "events", "ended", "type"]),
    st.one_of(
        st.text(max_size=30),
        st.integers(0, 10**6),
        st.booleans(),
        st.lists(st.text(max_size=15), max_size=3),
        st.just(...),
    ),
    min_size=1,
    max_size=3,
)


def _expected(meant: dict[str, Any], updates: dict[str, Any]) -> dict[str, Any]:
    wanted = {
        str(k): v
        for k, v in parse_note("x.md", "---\n" + yaml.safe_dump(meant) + "---\n").props.items()
    }
    for key, value in updates.items():
        if value is ...:
            wanted.pop(key, None)
        else:
            wanted[key] = list(value) if isinstance(value, list) else value
    return wanted


@_fuzz(400)
@given(front=person_yaml(), body=st.text(max_size=300), updates=_updates)
def test_property_updates_never_corrupt_a_note(
    front: tuple[str, dict[str, Any] | None], body: str, updates: dict[str, Any]
) -> None:
    yaml_text, meant = front
    text = f"---\n{yaml_text}---\n{body}"
    before = parse_note("sessions/x.md", text)
    after_text = set_properties(text, updates)
    after = parse_note("sessions/x.md", after_text)
    lines = [ln for ln in yaml_text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    block = not (lines and lines[0].lstrip().startswith(("{", "[")))
    if before.warning is None and meant is not None and block and yaml_text.strip():
        # Valid YAML stays valid; the keys set say what they were set to; the rest is as it was.
        assert after.warning is None, (text, after_text, after.warning)
        assert after.props == _expected(meant, updates), (text, after_text)
        assert after.body == before.body
    else:
        # Broken YAML, or a flow-style mapping on top (`{a: 1}`, which Obsidian never writes):
        # the update cannot be merged in place, but the body is never touched.
        found, old_body = split_frontmatter(text)
        assert split_frontmatter(after_text)[1] == (old_body if found is not None else text)


@pytest.fixture
def fm_vault(tmp_path: Path) -> Iterator[tuple[Path, Any]]:
    vault = make_vault(tmp_path / "vault", FUZZ_CONFIG)
    os.environ["VAULTSYNC_VAULT"] = str(vault)
    try:
        yield vault, load_config(vault)
    finally:
        os.environ.pop("VAULTSYNC_VAULT", None)


def test_person_edited_frontmatter_never_breaks_sync(fm_vault: tuple[Path, Any]) -> None:
    vault, config = fm_vault
    from faultkit import hook as run_hook
    from faultkit import lifecycle, tool_call

    assert run_hook(vault, "claude-code", tool_call("fm", "one")).returncode == 0
    session = next((vault / paths.SESSIONS_DIR).rglob("*.md"))
    session_rel = session.relative_to(vault).as_posix()
    memory = vault / "memories/L2-confirmed/fuzzed.md"
    reconcile.rebuild(vault, config)
    rounds = {"n": 0}

    @_fuzz(60)
    @given(front=person_yaml(), which=st.sampled_from(["session", "memory", "plain"]))
    def check(front: tuple[str, dict[str, Any] | None], which: str) -> None:
        yaml_text, _meant = front
        rounds["n"] += 1
        if which == "session":
            text = session.read_text(encoding="utf-8")
            _old, rest = text.split("\n---\n", 1) if text.startswith("---\n") else ("", text)
            session.write_text(f"---\n{yaml_text}---\n{rest}", encoding="utf-8")
            target = session_rel
        else:
            path = memory if which == "memory" else vault / "notes" / "fuzzed.md"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(f"---\n{yaml_text}---\n# Fuzzed\n\nbody {rounds['n']}\n", "utf-8")
            target = path.relative_to(vault).as_posix()
        report = reconcile.reconcile(vault, config, [target])
        assert report.errors == 0, report.error_messages
        with Index.open(config.index_file()) as index:
            assert index.get(target) is not None
        if which == "session":
            # The hook still appends to, and closes, a session whose YAML a person mangled.
            events = len(session_events(vault))
            for payload in (tool_call("fm", f"r{rounds['n']}"), lifecycle("fm", "Stop")):
                assert run_hook(vault, "claude-code", payload).returncode == 0
            assert len(session_events(vault)) == events + 2
            assert rest_survives(session, rest)

    def rest_survives(note: Path, rest: str) -> bool:
        return rest in note.read_text(encoding="utf-8")

    check()
    report = reconcile.rebuild(vault, config)
    assert report.errors == 0, report.error_messages
    assert_healthy(vault, "frontmatter", person_edited=[session_rel])
