"""The built-in summariser: a `Lesson` from a session's events, with no model at all.

It is extractive and deterministic. What it reads, and what it cannot do:
- asked: the first prompts, clipped (it quotes; it cannot paraphrase).
- done: counts of tool steps by kind, the commands run and the files edited.
- learned: errors and how they were resolved (a command that failed and later passed, with the
  edits made in between), and errors still failing at the end.
- next steps: sentences of the last agent message that speak about what comes next.
- memories, by seed A's decision tree:
  user: prompt sentences that state a lasting preference (EN/ZH/JA markers such as "I prefer",
  "always", "never", "from now on", "以后", "不要", "偏好", "我喜欢");
  agent: environment facts: a binary that is not installed and what worked instead, the full
  path a tool was run from, a module that had to be installed;
  project: the test, build and lint commands that passed.
- skill proposals: a run of five or more tool steps that recurs in the session, or that repeats
  an open proposal from an earlier session.
It never sees meaning, so it keeps fewer and plainer candidates than a model would; everything
it writes still goes through the redactor and a person's review.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from pathlib import PurePosixPath

from vaultsync.core.model import Event, EventKind, Scope, ToolKind
from vaultsync.core.preference import sentences, stated
from vaultsync.core.text import overlap
from vaultsync.services.learning.model_runner import (
    Lesson,
    MemoryItem,
    SessionSummary,
    SkillItem,
    Verdict,
)
from vaultsync.services.learning.session_log import SessionLog
from vaultsync.services.learning.skills import (
    TEST_HEADS,
    command_head,
    kebab,
    normalise_signature,
    step_signature,
    tool_kind,
)

MIN_SKILL_STEPS = 5
MAX_SEQUENCE = 400  # tool steps considered when looking for a recurring run

_NEXT = re.compile(
    r"\b(next|todo|to do|remaining|still need|should|follow[- ]up|later|left to|not yet)\b"
    r"|下一步|接下来|还需要|待办|之后|次に|残り",
    re.IGNORECASE,
)
_NOT_FOUND = re.compile(r"(?:command not found|not recognized as|no such file or directory)", re.I)
_MISSING_MODULE = re.compile(r"No module named '([\w.]+)'|Cannot find module '([^']+)'")
_BIN_PATH = re.compile(r"(?<![\w/])((?:/usr|/opt|/home|/Users|/nix|~)[\w./+-]*/bin/[\w.+-]+)")
# Command heads (first one or two words) that count as a project's build or lint command.
_BUILD_HEADS = {
    "npm build", "pnpm build", "yarn build", "cargo build", "go build", "make", "make build",
    "tsc", "vite", "webpack", "bun build", "mvn package", "gradle build",
}  # fmt: skip
_LINT_HEADS = {
    "ruff", "mypy", "eslint", "flake8", "pylint", "black", "prettier", "cargo clippy",
    "golangci-lint", "npm lint", "shellcheck",
}  # fmt: skip


def _clip(text: str, n: int) -> str:
    text = " ".join(text.split())
    if len(text) <= n:
        return text
    cut = text[: n - 1].rsplit(" ", 1)[0] if " " in text[: n - 1] else text[: n - 1]
    return cut.rstrip(",;: ") + "…"


def _first_line(text: str) -> str:
    return next((ln.strip() for ln in text.splitlines() if ln.strip()), "")


def _is_error(ev: Event) -> bool:
    return ev.kind is EventKind.TOOL_ERROR or ev.is_error


def _short_path(path: str, roots: Sequence[str]) -> str:
    for root in roots:
        if root and path.startswith(root.rstrip("/") + "/"):
            return path[len(root.rstrip("/")) + 1 :]
    return path


def files(log: SessionLog) -> tuple[list[str], list[str]]:
    """(files read, files modified) from the events; a file both read and changed is changed."""
    return _files(log)


def _files(log: SessionLog) -> tuple[list[str], list[str]]:
    read: dict[str, None] = {}
    modified: dict[str, None] = {}
    roots = [log.project, log.cwd]
    for ev in log.tool_events:
        kind = tool_kind(ev)
        if kind not in (ToolKind.READ, ToolKind.EDIT, ToolKind.WRITE) or _is_error(ev):
            continue
        targets = ev.files or ((_first_line(ev.input),) if ev.input else ())
        for target in targets:
            if not target or len(target) > 300 or "\n" in target:
                continue
            short = _short_path(target, roots)
            (read if kind is ToolKind.READ else modified)[short] = None
    for path in modified:
        read.pop(path, None)
    return list(read), list(modified)


def _heads(events: Sequence[Event]) -> list[tuple[Event, str]]:
    return [(ev, command_head(ev.input)) for ev in events if tool_kind(ev) is ToolKind.SHELL]


# ---------------------------------------------------------------- the summary


def _asked(log: SessionLog) -> str:
    prompts = log.prompts
    if not prompts:
        return "No prompt was recorded for this session."
    parts = [_clip(prompts[0], 300)]
    parts += [_clip(p, 140) for p in prompts[1:3]]
    more = len(prompts) - 3
    text = "; then: ".join(parts)
    return text + (f" (and {more} more prompts)" if more > 0 else "")


def _done(log: SessionLog, files_modified: Sequence[str]) -> str:
    tools = log.tool_events
    if not tools:
        return "No tool was used."
    kinds = Counter(tool_kind(ev).value for ev in tools)
    counts = ", ".join(f"{n} {k}" for k, n in kinds.most_common())
    heads = Counter(h for _, h in _heads(tools) if h)
    parts = [f"{len(tools)} tool step{'' if len(tools) == 1 else 's'} ({counts})."]
    if heads:
        top = ", ".join(f"`{h}` ×{n}" if n > 1 else f"`{h}`" for h, n in heads.most_common(6))
        parts.append(f"Commands: {top}.")
    if files_modified:
        shown = ", ".join(f"`{f}`" for f in files_modified[:6])
        more = f" and {len(files_modified) - 6} more" if len(files_modified) > 6 else ""
        parts.append(f"Changed {shown}{more}.")
    errors = sum(1 for ev in tools if _is_error(ev))
    if errors:
        parts.append(f"{errors} step{'s' if errors > 1 else ''} failed along the way.")
    last = _last_message(log)
    if last:
        parts.append(f"The agent's closing note: {_clip(sentences(last)[0], 200)}")
    return " ".join(parts)


def _last_message(log: SessionLog) -> str:
    for ev in reversed(log.events):
        if ev.kind is EventKind.TURN_END and ev.message.strip():
            return ev.message
    return ""


def fixes(log: SessionLog) -> tuple[list[str], list[str]]:
    """(resolved: how a failing command came to pass, unresolved: what still failed)."""
    shell = _heads(log.tool_events)
    resolved: list[str] = []
    unresolved: list[str] = []
    seen: set[str] = set()
    for i, (ev, head) in enumerate(shell):
        if not head or not _is_error(ev) or head in seen:
            continue
        seen.add(head)
        error = _clip(_first_line(ev.output or ev.message) or "an error", 120)
        later = next(
            (
                (j, e)
                for j, (e, h) in enumerate(shell[i + 1 :], i + 1)
                if not _is_error(e) and (h == head or _same_but_binary(ev.input, e.input))
            ),
            None,
        )
        if later is None:
            unresolved.append(f"`{head}` still failed at the end ({error}).")
            continue
        start, end = log.tool_events.index(ev), log.tool_events.index(later[1])
        edited: list[str] = []
        for e in log.tool_events[start + 1 : end]:
            if tool_kind(e) in (ToolKind.EDIT, ToolKind.WRITE) and not _is_error(e):
                edited.extend(e.files or (_first_line(e.input),))
        roots = [log.project, log.cwd]
        how = (
            "after editing "
            + ", ".join(f"`{_short_path(f, roots)}`" for f in dict.fromkeys(edited))
            if edited
            else f"when run as `{_clip(_first_line(later[1].input), 80)}`"
            if _first_line(later[1].input) != _first_line(ev.input)
            else "on a retry"
        )
        resolved.append(f"`{head}` failed ({error}) and passed {how}.")
    return resolved, unresolved


def _same_but_binary(a: str, b: str) -> bool:
    """`python x.py` then `python3 x.py`: the same command with another binary."""
    wa, wb = _first_line(a).split(), _first_line(b).split()
    return len(wa) > 1 and wa[1:] == wb[1:] and wa[0] != wb[0]


def _next_steps(log: SessionLog, unresolved: Sequence[str]) -> list[str]:
    last = _last_message(log)
    steps = [_clip(s, 200) for s in sentences(last) if _NEXT.search(s)][:5]
    steps += [f"Fix: {u}" for u in unresolved[:3]]
    return steps


def title(log: SessionLog) -> str:
    return _title(log)


def _title(log: SessionLog) -> str:
    if log.prompts:
        first = sentences(_first_line(log.prompts[0]))
        return _clip(first[0] if first else log.prompts[0], 70).rstrip(".")
    name = PurePosixPath(log.project or log.cwd).name
    return f"Session in {name}" if name else "Session"


# ---------------------------------------------------------------- memory candidates


_THIRD_PERSON = (
    (re.compile(r"^i (really )?prefer\b", re.I), "Prefers"),
    (re.compile(r"^i (really )?like\b", re.I), "Likes"),
    (re.compile(r"^i (really )?love\b", re.I), "Loves"),
    (re.compile(r"^i (really )?(hate|dislike)\b", re.I), "Dislikes"),
    (re.compile(r"^i want you to\b", re.I), "Wants the agent to"),
    (re.compile(r"^(i am|i'm)\b", re.I), "Is"),
    (re.compile(r"^i work\b", re.I), "Works"),
)


def _about_the_person(sentence: str) -> str:
    """`I prefer x` reads wrong in USER.md, which speaks about the person: `Prefers x`."""
    for pattern, replacement in _THIRD_PERSON:
        if pattern.match(sentence):
            return pattern.sub(replacement, sentence, count=1)
    return sentence


# A task and a standing wish joined in one sentence: "Fix it, and from now on always use
# pytest -q". The wish is the memory; the task is this session's. Only a coordinator after the
# comma splits them: "If it fails, always retry" keeps its condition.
_JOINED = re.compile(
    r"[,;，；]\s*(?:and also|and|also|plus|but)\s+$|[,;，；]\s*(?:然后|另外|还有|并且|而且)\s*$",
    re.IGNORECASE,
)


def _standing_part(sentence: str, marker: re.Match[str] | None) -> str:
    """The part of `sentence` from its preference marker on, when a task came first and was
    joined to it by a coordinator (see `_JOINED`); else the sentence."""
    if marker is None or marker.start() == 0:
        return sentence
    joined = _JOINED.search(sentence[: marker.start()])
    if joined is None:
        return sentence
    rest = sentence[marker.start() :]
    return rest[:1].upper() + rest[1:]


def _preferences(log: SessionLog) -> list[MemoryItem]:
    found = []
    for prompt in log.prompts:
        for sentence, strong in stated(prompt):
            wish = _about_the_person(_standing_part(sentence, strong))
            found.append(MemoryItem(Scope.USER, _clip(wish, 240), 1))
    return found


def _replacement(head: str, later: Sequence[tuple[Event, str]]) -> str | None:
    """A binary that worked after `head` was not found: `python` -> `python3`."""
    for ev, h in later:
        similar = h.startswith(head) or head.startswith(h.split(" ")[0])
        if h and h != head and similar and not _is_error(ev):
            return h
    return None


def _installer(module: str, later: Sequence[tuple[Event, str]]) -> Event | None:
    """The successful `pip install` / `npm add` of a module that was missing."""
    for ev, h in later:
        installs = h.split(" ")[-1] in {"install", "add"}
        if installs and module.split(".")[0] in ev.input and not _is_error(ev):
            return ev
    return None


def _environment(log: SessionLog) -> list[MemoryItem]:
    found: list[MemoryItem] = []
    shell = _heads(log.tool_events)
    for i, (ev, head) in enumerate(shell):
        if not head:
            continue
        output = ev.output or ev.message
        if _is_error(ev) and _NOT_FOUND.search(output) and " " not in head:
            alt = _replacement(head, shell[i + 1 :])
            text = (
                f"`{head}` is not available on this machine; `{alt}` works instead."
                if alt
                else f"`{head}` is not installed on this machine (command not found)."
            )
            found.append(MemoryItem(Scope.AGENT, text, 1))
        missing = _MISSING_MODULE.search(output) if _is_error(ev) else None
        if missing:
            module = missing.group(1) or missing.group(2)
            installed = _installer(module, shell[i + 1 :])
            if installed is not None:
                cmd = _clip(_first_line(installed.input), 80)
                found.append(
                    MemoryItem(Scope.AGENT, f"`{module}` is not preinstalled; `{cmd}` fixed it.", 0)
                )
        if not _is_error(ev):
            for path in _BIN_PATH.findall(_first_line(ev.input)):
                name = PurePosixPath(path).name
                found.append(MemoryItem(Scope.AGENT, f"`{name}` lives at `{path}`.", 0))
    return found


_NODE_ID = re.compile(r"(\S+?\.py)::\S+")


def _project_commands(log: SessionLog) -> list[MemoryItem]:
    found: dict[str, MemoryItem] = {}
    for ev, head in _heads(log.tool_events):
        if _is_error(ev) or not head:
            continue
        label = (
            "Tests run with"
            if head in TEST_HEADS
            else "Build with"
            if head in _BUILD_HEADS
            else "Lint and type checks run with"
            if head in _LINT_HEADS
            else None
        )
        if label is None:
            continue
        cmd = _clip(_first_line(ev.input), 120)
        if head in TEST_HEADS:
            # how the tests run, not which one ran last: `tests/test_csv.py::case_1` is the file
            cmd = _NODE_ID.sub(r"\1", cmd)
        where = PurePosixPath(log.project).name if log.project else ""
        suffix = f" in {where}" if where else ""
        found[label] = MemoryItem(Scope.PROJECT, f"{label} `{cmd}`{suffix}.", 0)  # last one wins
    return list(found.values())


def _dedupe(items: Sequence[MemoryItem], threshold: float = 0.6) -> list[MemoryItem]:
    kept: list[MemoryItem] = []
    for item in items:
        if not any(k.scope is item.scope and overlap(k.text, item.text) >= threshold for k in kept):
            kept.append(item)
    return kept


# ---------------------------------------------------------------- skill proposals


def _collapse(events: Sequence[Event]) -> list[tuple[str, Event]]:
    steps: list[tuple[str, Event]] = []
    for ev in events:
        sig = step_signature(ev)
        if sig is None or _is_error(ev):
            continue
        sig = normalise_signature(sig)
        if steps and steps[-1][0] == sig:
            continue
        steps.append((sig, ev))
    return steps[:MAX_SEQUENCE]


def _recurring(sigs: Sequence[str]) -> tuple[int, int] | None:
    """(start, length) of the longest run of ≥5 steps (≥3 distinct) that occurs twice."""
    n = len(sigs)
    for length in range(min(n // 2, 15), MIN_SKILL_STEPS - 1, -1):
        seen: dict[tuple[str, ...], int] = {}
        for i in range(n - length + 1):
            window = tuple(sigs[i : i + length])
            if len(set(window)) < 3:
                continue
            first = seen.get(window)
            if first is None:
                seen[window] = i
            elif i >= first + length:
                return first, length
    return None


def describe_step(sig: str, ev: Event, roots: Sequence[str]) -> str:
    kind, _, detail = sig.partition(":")
    if kind == "shell":
        return f"Run `{_clip(_first_line(ev.input), 100)}`"
    if kind in {"edit", "write", "read"}:
        target = ev.files[0] if ev.files else _first_line(ev.input)
        verb = {"edit": "Edit", "write": "Write", "read": "Read"}[kind]
        return f"{verb} `{_short_path(target, roots)}`" if target else f"{verb} the {detail} files"
    if kind == "search":
        return f"Search the code for `{_clip(_first_line(ev.input), 60)}`"
    if kind == "web":
        return "Look it up on the web"
    return f"Use {ev.tool or kind}"


def _skill_name(sigs: Sequence[str]) -> str:
    words: list[str] = []
    for sig in sigs:
        kind, _, detail = sig.partition(":")
        if kind == "shell" and detail:
            words.append(detail)
        elif kind in {"edit", "write"} and detail not in {"", "*"}:
            words.append(f"{kind} {detail.lstrip('*.')}")
    picked = list(dict.fromkeys(words))[:3] or list(dict.fromkeys(sigs))[:3]
    return kebab(" then ".join(picked), 60)


def _skills(
    log: SessionLog, open_proposals: Sequence[tuple[str, frozenset[str]]]
) -> list[SkillItem]:
    steps = _collapse(log.tool_events)
    sigs = [s for s, _ in steps]
    roots = [log.project, log.cwd]
    first_prompt = _clip(_first_line(log.prompts[0]), 100) if log.prompts else ""
    when = f"a task like: {first_prompt}" if first_prompt else "the same steps come up again"
    found: list[SkillItem] = []
    run = _recurring(sigs)
    if run is not None:
        start, length = run
        window = steps[start : start + length]
        procedure = tuple(describe_step(s, e, roots) for s, e in window)
        found.append(
            SkillItem(
                _skill_name(sigs[start : start + length]),
                procedure,
                when,
                tuple(sigs[start : start + length]),
            )
        )
    present = set(sigs)
    for name, feature_sigs in open_proposals:
        wanted = {f for f in feature_sigs if not f.startswith("name:")}
        if len(wanted) < 3 or len(wanted & present) / len(wanted) < 0.8:
            continue
        if any(s.name == name for s in found):
            continue
        window = [(s, e) for s, e in steps if s in wanted]
        ordered = list(dict.fromkeys(s for s, _ in window))
        if len(window) < MIN_SKILL_STEPS and len(ordered) < 3:
            continue
        firsts = {s: e for s, e in reversed(window)}
        procedure = tuple(describe_step(s, firsts[s], roots) for s in ordered)
        found.append(SkillItem(name, procedure, when, tuple(ordered)))
    return found


# ---------------------------------------------------------------- entry point


def summarize(log: SessionLog, open_proposals: Sequence[tuple[str, frozenset[str]]] = ()) -> Lesson:
    """A lesson for one session. `open_proposals`: (name, features) of proposals not drafted yet."""
    files_read, files_modified = _files(log)
    resolved, unresolved = fixes(log)
    # Nothing learned is an empty section ("—" in the note), which session-start context leaves
    # out; a sentence saying so was quoted to agents at every start as if it were a lesson.
    learned = " ".join(resolved + unresolved)
    summary = SessionSummary(
        title=_title(log),
        asked=_asked(log),
        done=_done(log, files_modified),
        learned=learned,
        next_steps=tuple(_next_steps(log, unresolved)),
        files_read=tuple(files_read),
        files_modified=tuple(files_modified),
    )
    memories = _dedupe(_preferences(log) + _environment(log) + _project_commands(log))
    return Lesson(
        Verdict.OK, "", summary, tuple(memories[:12]), tuple(_skills(log, open_proposals))
    )
