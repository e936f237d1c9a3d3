"""The model as a command: a prompt goes in on stdin, one JSON answer comes out on stdout.

Any headless agent or LLM CLI works (`claude -p`, `codex exec`, `llm`, or `learn.model_command`).
vaultsync never trusts the answer: it is parsed once into frozen `Lesson` values against a strict
contract (docs/learning-loop.md), a bad answer is retried once with the validation error
appended, and a second failure is reported to the caller, which defers the session.

The child runs in an empty temporary folder with `VAULTSYNC_LEARN=1` in its environment, so an
agent CLI does not read the vault as its project, and vaultsync's own hook, fired inside that
agent, can tell the learning run's events from a person's session.
"""

from __future__ import annotations

import contextlib
import enum
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Generic, TypeVar

from vaultsync.core import paths
from vaultsync.core.model import Event, EventKind, Scope

T = TypeVar("T")

# Discovery order when `learn.model_command` is empty: the first binary on PATH wins.
KNOWN_COMMANDS: tuple[tuple[str, ...], ...] = (("claude", "-p"), ("codex", "exec"), ("llm",))
OFFLINE_WORDS = frozenset({"offline", "none", "builtin", "off"})
MAX_STDOUT = 2 * 1024 * 1024

# Contract limits: generous for a real summary, tight enough that a runaway answer is refused.
MAX_PROSE = 2000
MAX_ITEM = 500
MAX_LIST = 20
MAX_MEMORIES = 12
MAX_SKILLS = 5
_KEBAB = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


class Verdict(enum.StrEnum):
    OK = "ok"
    PRIVACY_DEFERRED = "privacy_deferred"


@dataclass(frozen=True)
class SessionSummary:
    title: str
    asked: str
    done: str
    learned: str
    next_steps: tuple[str, ...] = ()
    files_read: tuple[str, ...] = ()
    files_modified: tuple[str, ...] = ()


@dataclass(frozen=True)
class MemoryItem:
    scope: Scope
    text: str
    priority: int = 0
    # Known memories (their ids in the prompt, `m1`...) this fact replaces, in the model's
    # judgement; checked against scope and project before anything is marked.
    supersedes: tuple[str, ...] = ()


@dataclass(frozen=True)
class SkillItem:
    name: str
    procedure: tuple[str, ...]
    when: str
    signature: tuple[str, ...] = ()  # step signatures (skills.step_signature), when known


@dataclass(frozen=True)
class Lesson:
    """What one session taught, from the model or the built-in summariser."""

    verdict: Verdict
    reason: str = ""
    summary: SessionSummary | None = None
    memories: tuple[MemoryItem, ...] = ()
    skills: tuple[SkillItem, ...] = ()


class AnswerError(ValueError):
    """The model's answer broke the contract; the message says where, for the retry prompt."""


class ModelError(RuntimeError):
    """The model command could not produce an answer (missing, crashed, timed out)."""


@dataclass(frozen=True)
class ModelFailure(Exception):
    reason: str
    calls: int
    chars: int = 0

    def __str__(self) -> str:
        return self.reason


@dataclass(frozen=True)
class ModelCommand:
    argv: tuple[str, ...]

    @property
    def label(self) -> str:
        return shlex.join(self.argv)


@dataclass(frozen=True)
class Reply(Generic[T]):
    value: T
    calls: int
    chars: int  # prompt characters sent, over all attempts


# ---------------------------------------------------------------- discovery and the subprocess


def discover(
    configured: str, which: Callable[[str], str | None] = shutil.which
) -> ModelCommand | None:
    """The command to run, or None for the built-in summariser.

    A configured command must exist: silently falling back to offline would change the quality
    of every summary without anyone noticing, so it raises ModelError instead.
    """
    configured = (configured or "").strip()
    if configured.lower() in OFFLINE_WORDS:
        return None
    if configured:
        try:
            argv = tuple(shlex.split(configured))
        except ValueError as exc:
            raise ModelError(f"learn.model_command cannot be parsed: {exc}") from exc
        if not argv:
            return None
        found = which(argv[0])
        if found is None:
            raise ModelError(
                f"model command not found: {argv[0]} (fix learn.model_command or use --offline)"
            )
        return ModelCommand(argv)
    for candidate in KNOWN_COMMANDS:
        if which(candidate[0]) is not None:
            return ModelCommand(candidate)
    return None


def call(command: ModelCommand, prompt: str, timeout: float) -> str:
    """Run the command once with `prompt` on stdin; its stdout, or ModelError."""
    env = dict(os.environ, VAULTSYNC_LEARN="1", NO_COLOR="1")
    with tempfile.TemporaryDirectory(prefix="vaultsync-learn-") as scratch:
        try:
            proc = subprocess.Popen(
                list(command.argv),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                cwd=scratch,
                env=env,
                start_new_session=True,  # so a timeout can stop the command's children too
            )
        except OSError as exc:
            raise ModelError(f"cannot start {command.label}: {exc.strerror or exc}") from exc
        try:
            out, err = proc.communicate(prompt.encode("utf-8", "replace"), timeout=timeout)
        except subprocess.TimeoutExpired:
            _kill_group(proc)
            raise ModelError(f"{command.label} gave no answer within {timeout:g} s") from None
    if proc.returncode != 0:
        tail = err.decode("utf-8", "replace").strip().splitlines()[-3:]
        detail = " / ".join(tail) if tail else "no message"
        raise ModelError(f"{command.label} exited with {proc.returncode}: {detail[:300]}")
    return out[:MAX_STDOUT].decode("utf-8", "replace")


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(OSError):
        os.killpg(proc.pid, signal.SIGKILL)
    with contextlib.suppress(OSError, subprocess.TimeoutExpired):
        proc.communicate(timeout=5)


def ask(
    command: ModelCommand,
    prompt: str,
    parse: Callable[[str], T],
    *,
    timeout: float,
    attempts: int = 2,
    runner: Callable[[ModelCommand, str, float], str] = call,
) -> Reply[T]:
    """One call, and one retry with the problem appended; ModelFailure after the last miss.

    `attempts` below 2 (a nearly spent call budget) gives up after the first miss.
    """
    sent = 0
    reason = "no call was allowed"
    attempts = max(0, min(attempts, 2))
    for attempt in range(1, attempts + 1):
        text = prompt if attempt == 1 else prompt + _retry_note(reason)
        sent += len(text)
        try:
            return Reply(parse(runner(command, text, timeout)), attempt, sent)
        except (AnswerError, ModelError) as exc:
            reason = str(exc)
    label = "twice" if attempts == 2 else "and the call budget left no retry"
    raise ModelFailure(f"model failed {label}: {reason}", attempts, sent)


def _retry_note(reason: str) -> str:
    return (
        "\n\n## Your previous answer was rejected\n\n"
        f"Problem: {reason}\n\nAnswer again with exactly one JSON object that follows the "
        "contract above, and nothing else.\n"
    )


# ---------------------------------------------------------------- prompts


def load_prompt(vault: Path, name: str) -> str:
    """A prompt template: the vault's override if present, else the packaged one."""
    override = vault / paths.TEMPLATE_OVERRIDE_DIR / "prompts" / name
    if override.is_file():
        return override.read_text(encoding="utf-8")
    ref = resources.files("vaultsync").joinpath("resources", "templates", "prompts", name)
    return ref.read_text(encoding="utf-8")


_SLOT = re.compile(r"\{\{\s*([a-z_]+)\s*\}\}")


def fill(template: str, values: dict[str, str]) -> str:
    """Replace `{{name}}` slots in one pass, so text inside a value is never substituted again."""
    return _SLOT.sub(lambda m: values.get(m.group(1), m.group(0)), template)


def render_transcript(events: Sequence[Event], max_chars: int) -> str:
    """The session as compact lines for the model; the middle is elided past `max_chars`."""
    lines = [_event_line(ev) for ev in events if ev.kind is not EventKind.SESSION_START]
    lines = [ln for ln in lines if ln]
    text = "\n".join(lines)
    if len(text) <= max_chars:
        return text
    # Keep the opening (what was asked) and more of the end (what was done and concluded).
    head_budget = max_chars * 2 // 5
    tail_budget = max_chars - head_budget - 60
    head: list[str] = []
    used = 0
    for ln in lines:
        if used + len(ln) + 1 > head_budget:
            break
        head.append(ln)
        used += len(ln) + 1
    tail: list[str] = []
    used = 0
    for ln in reversed(lines[len(head) :]):
        if used + len(ln) + 1 > tail_budget:
            break
        tail.append(ln)
        used += len(ln) + 1
    tail.reverse()
    omitted = len(lines) - len(head) - len(tail)
    middle = f"[... {omitted} events omitted to fit the input budget ...]"
    return "\n".join([*head, middle, *tail])[:max_chars]


def _clip(text: str, n: int = 400) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"


def _event_line(ev: Event) -> str:
    clock = ev.ts[11:19]
    if ev.kind is EventKind.PROMPT:
        return f"{clock} USER: {_clip(ev.prompt, 800)}"
    if ev.kind in (EventKind.TOOL, EventKind.TOOL_ERROR):
        status = "ERROR" if ev.kind is EventKind.TOOL_ERROR or ev.is_error else "ok"
        files = f" files={','.join(ev.files[:5])}" if ev.files else ""
        result = _clip(ev.output or ev.message, 300)
        return (
            f"{clock} TOOL {ev.tool or '?'} ({ev.tool_kind or 'other'}, {status}){files}: "
            f"{_clip(ev.input, 300)}" + (f" => {result}" if result else "")
        )
    if ev.kind is EventKind.TURN_END:
        return f"{clock} AGENT: {_clip(ev.message, 600)}" if ev.message else ""
    if ev.kind is EventKind.SUBAGENT_END:
        return f"{clock} SUBAGENT: {_clip(ev.message, 300)}" if ev.message else ""
    if ev.kind is EventKind.COMPACT:
        return f"{clock} (context compacted)"
    if ev.kind is EventKind.SESSION_END:
        return f"{clock} (session ended)"
    return ""


# ---------------------------------------------------------------- the answer contract


def extract_json(text: str) -> Any:
    """The one JSON object in a model's stdout: fences and surrounding prose are tolerated."""
    stripped = text.strip()
    fenced = re.search(r"```(?:json)?\s*\n(.*?)\n```", stripped, re.DOTALL)
    if fenced:
        stripped = fenced.group(1).strip()
    start, end = stripped.find("{"), stripped.rfind("}")
    if start < 0 or end <= start:
        raise AnswerError("the answer contains no JSON object")
    try:
        data = json.loads(stripped[start : end + 1])
    except ValueError as exc:
        raise AnswerError(f"the answer is not valid JSON: {exc}") from None
    # `claude -p --output-format json` wraps the text in an envelope: look inside it.
    if (
        isinstance(data, dict)
        and data.get("type") == "result"
        and isinstance(data.get("result"), str)
    ):
        return extract_json(data["result"])
    return data


def _str(obj: dict[str, Any], key: str, where: str, *, limit: int, required: bool = True) -> str:
    value = obj.get(key)
    if value is None:
        if required:
            raise AnswerError(f"{where}.{key} is missing")
        return ""
    if not isinstance(value, str):
        raise AnswerError(f"{where}.{key} must be a string")
    value = value.strip()
    if len(value) > limit:
        raise AnswerError(f"{where}.{key} is {len(value)} characters; the limit is {limit}")
    return value


def _str_list(
    obj: dict[str, Any], key: str, where: str, *, required: bool = False
) -> tuple[str, ...]:
    value = obj.get(key)
    if value is None:
        if required:
            raise AnswerError(f"{where}.{key} is missing")
        return ()
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise AnswerError(f"{where}.{key} must be a list of strings")
    if len(value) > MAX_LIST:
        raise AnswerError(f"{where}.{key} has {len(value)} items; the limit is {MAX_LIST}")
    items = tuple(v.strip() for v in value if v.strip())
    too_long = next((v for v in items if len(v) > MAX_ITEM), None)
    if too_long is not None:
        raise AnswerError(f"{where}.{key} has an item over {MAX_ITEM} characters")
    return items


def _dict(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise AnswerError(f"{where} must be a JSON object")
    return value


def parse_lesson(text: str) -> Lesson:
    """Validate a summarise answer (contract in docs/learning-loop.md). Unknown keys are ignored."""
    data = _dict(extract_json(text), "the answer")
    try:
        verdict = Verdict(str(data.get("verdict", "")).strip().lower())
    except ValueError:
        raise AnswerError('verdict must be "ok" or "privacy_deferred"') from None
    reason = _str(data, "reason", "answer", limit=MAX_ITEM, required=False)
    if verdict is Verdict.PRIVACY_DEFERRED:
        if not reason:
            raise AnswerError("a privacy_deferred verdict needs a reason")
        return Lesson(verdict, reason)
    s = _dict(data.get("summary"), "summary")
    summary = SessionSummary(
        title=_str(s, "title", "summary", limit=120, required=False),
        asked=_str(s, "asked", "summary", limit=MAX_PROSE),
        done=_str(s, "done", "summary", limit=MAX_PROSE),
        learned=_str(s, "learned", "summary", limit=MAX_PROSE),
        next_steps=_str_list(s, "next_steps", "summary"),
        files_read=_str_list(s, "files_read", "summary"),
        files_modified=_str_list(s, "files_modified", "summary"),
    )
    if not (summary.asked or summary.done):
        raise AnswerError("summary.asked and summary.done are both empty")
    memories = tuple(_memory(m, i) for i, m in enumerate(_list(data, "memories", MAX_MEMORIES)))
    skills = tuple(_skill(s, i) for i, s in enumerate(_list(data, "skills", MAX_SKILLS)))
    return Lesson(verdict, reason, summary, memories, skills)


def _list(data: dict[str, Any], key: str, limit: int) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise AnswerError(f"{key} must be a list")
    if len(value) > limit:
        raise AnswerError(f"{key} has {len(value)} items; the limit is {limit}")
    return value


def _memory(raw: Any, i: int) -> MemoryItem:
    where = f"memories[{i}]"
    m = _dict(raw, where)
    scope = Scope.parse(m.get("scope"))
    if scope is None:
        raise AnswerError(f'{where}.scope must be "user", "agent" or "project"')
    text = _str(m, "text", where, limit=MAX_ITEM)
    if not text:
        raise AnswerError(f"{where}.text is empty")
    priority = m.get("priority", 0)
    if isinstance(priority, bool) or not isinstance(priority, int) or not 0 <= priority <= 3:
        raise AnswerError(f"{where}.priority must be an integer from 0 to 3")
    replaced = m.get("supersedes", [])
    if not isinstance(replaced, list) or not all(isinstance(r, str) for r in replaced):
        raise AnswerError(f"{where}.supersedes must be a list of known memory ids")
    return MemoryItem(scope, text, priority, tuple(r.strip() for r in replaced[:5] if r.strip()))


def _skill(raw: Any, i: int) -> SkillItem:
    where = f"skills[{i}]"
    s = _dict(raw, where)
    name = _str(s, "name", where, limit=64)
    if not _KEBAB.match(name):
        raise AnswerError(f"{where}.name must be kebab-case (a-z, 0-9 and single hyphens)")
    procedure = _str_list(s, "procedure", where, required=True)
    if len(procedure) < 2:
        raise AnswerError(f"{where}.procedure needs at least 2 steps")
    return SkillItem(name, procedure, _str(s, "when", where, limit=MAX_ITEM))
