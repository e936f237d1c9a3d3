"""Skill proposals and weekly skill drafts.

A proposal is one session's claim that a multi-step procedure is worth keeping. The weekly run
reduces every open proposal to a set of step signatures (`shell:pytest`, `edit:*.py`,
`shell:git commit`) plus its name's words, groups proposals whose sets are similar (Jaccard, with
complete linkage so two different procedures are never chained together through a third), and
turns each group of `learn.skill_cluster_min` or more into a draft at
`skills/drafts/<name>/SKILL.md` that is valid under the Agent Skills format. A person reviews
the draft; nothing here installs a skill.
"""

from __future__ import annotations

import datetime as dt
import functools
import os
import re
import shlex
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vaultsync.core import paths, properties, timestamp, writer
from vaultsync.core.model import Event, EventKind, ToolKind
from vaultsync.services.learning.model_runner import AnswerError, extract_json
from vaultsync.storage import vault_files
from vaultsync.storage.note import NoteReadError, parse_note, read_note

NAME_MAX = 64
DESCRIPTION_MAX = 1024
COMPATIBILITY_MAX = 500
BODY_MAX_LINES = 500
ALLOWED_KEYS = frozenset(
    {"name", "description", "license", "compatibility", "metadata", "allowed-tools"}
)
_NAME = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")

# Command-line tools whose first argument is the real action (`git commit`, `npm test`).
_SUBCOMMAND_TOOLS = frozenset(
    {"git", "npm", "pnpm", "yarn", "cargo", "go", "uv", "pip", "poetry", "docker", "kubectl",
     "make", "bun", "deno", "gh", "dotnet", "mvn", "gradle", "terraform", "helm", "brew", "apt",
     "apt-get", "systemctl", "vaultsync"}
)  # fmt: skip
_WRAPPERS = frozenset({"sudo", "env", "time", "nohup", "exec", "command", "xargs"})
_TOOL_KINDS = {
    "bash": ToolKind.SHELL, "shell": ToolKind.SHELL, "terminal": ToolKind.SHELL,
    "exec_command": ToolKind.SHELL, "run_shell_command": ToolKind.SHELL,
    "edit": ToolKind.EDIT, "multiedit": ToolKind.EDIT, "apply_patch": ToolKind.EDIT,
    "notebookedit": ToolKind.EDIT, "replace": ToolKind.EDIT, "patch": ToolKind.EDIT,
    "write": ToolKind.WRITE, "write_file": ToolKind.WRITE,
    "read": ToolKind.READ, "read_file": ToolKind.READ, "view": ToolKind.READ,
    "grep": ToolKind.SEARCH, "glob": ToolKind.SEARCH, "search_files": ToolKind.SEARCH,
    "webfetch": ToolKind.WEB, "websearch": ToolKind.WEB, "web_search": ToolKind.WEB,
    "task": ToolKind.AGENT, "agent": ToolKind.AGENT,
}  # fmt: skip


# ---------------------------------------------------------------- step signatures


def tool_kind(ev: Event) -> ToolKind:
    try:
        return ToolKind(ev.tool_kind)
    except ValueError:
        pass
    if ev.tool.startswith("mcp__"):
        return ToolKind.MCP
    return _TOOL_KINDS.get(ev.tool.lower(), ToolKind.OTHER)


def command_head(command: str) -> str:
    """The action of a shell command: `cd x && FOO=1 python -m pytest -q` -> `pytest`."""
    stripped = command.strip()
    # shlex walks character by character: the action is always near the start of a command.
    return _head(stripped.splitlines()[0][:240] if stripped else "")


@functools.lru_cache(maxsize=4096)
def _head(first_line: str) -> str:
    for part in re.split(r"&&|\|\||;|\|", first_line):
        if not any(c in part for c in "'\"\\#"):
            words = part.split()  # nothing for shlex to do, at a fraction of its cost
        else:
            try:
                words = shlex.split(part, comments=True)
            except ValueError:
                words = part.split()
        while words and (re.match(r"^\w+=", words[0]) or words[0] in _WRAPPERS):
            words = words[1:]
        if not words or words[0] in {"cd", "pushd", "popd", "export", "source", ".", "set", "echo"}:
            continue
        head = os.path.basename(words[0])
        rest = [w for w in words[1:] if not w.startswith("-")]
        if re.fullmatch(r"python[\d.]*|py", head) and len(words) > 2 and words[1] == "-m":
            return words[2]
        if head in _SUBCOMMAND_TOOLS and rest:
            sub = rest[0]
            if head in {"npm", "pnpm", "yarn", "bun"} and sub == "run" and len(rest) > 1:
                sub = rest[1]
            return f"{head} {sub}"
        return head
    return ""


def _file_glob(path: str) -> str:
    suffix = Path(path.strip()).suffix.lower()
    return f"*{suffix}" if suffix and len(suffix) <= 8 else "*"


def step_signature(ev: Event) -> str | None:
    """A short, comparable name for one tool step; None for events that are not tool steps."""
    if ev.kind not in (EventKind.TOOL, EventKind.TOOL_ERROR):
        return None
    kind = tool_kind(ev)
    if kind is ToolKind.SHELL:
        head = command_head(ev.input)
        return f"shell:{head}" if head else "shell"
    if kind in (ToolKind.EDIT, ToolKind.WRITE, ToolKind.READ):
        target = ev.files[0] if ev.files else ev.input.split("\n", 1)[0]
        return f"{kind.value}:{_file_glob(target)}"
    if kind is ToolKind.MCP:
        return f"mcp:{ev.tool.split('__')[-1].lower()}"
    if kind is ToolKind.OTHER:
        return f"other:{ev.tool.lower()}" if ev.tool else "other"
    return kind.value


_STEP_WORDS: tuple[tuple[str, str], ...] = (
    (r"\b(commit)\b", "shell:git commit"),
    (r"\b(push)\b", "shell:git push"),
    (r"\b(pytest|unit tests?|run (the )?tests?|test suite)\b", "shell:test"),
    (r"\b(lint|ruff|eslint|flake8)\b", "shell:lint"),
    (r"\b(build|compile)\b", "shell:build"),
    (r"\b(deploy|release|publish)\b", "shell:deploy"),
    (r"\b(edit|modify|change|update|fix|patch)\b", "edit"),
    (r"\b(write|create|add) (a |the )?(new )?file\b", "write"),
    (r"\b(read|open|inspect|look at|review)\b", "read"),
    (r"\b(search|grep|find)\b", "search"),
)
TEST_HEADS = frozenset(
    {"pytest", "npm test", "cargo test", "go test", "make test", "tox", "jest", "vitest",
     "unittest", "yarn test", "pnpm test", "bun test", "nox", "rspec", "phpunit"}
)  # fmt: skip


def text_signature(step: str) -> str:
    """A step signature from a written step (a model's proposal has no events)."""
    code = re.search(r"`([^`]+)`", step)
    if code:
        head = command_head(code.group(1))
        if head:
            return "shell:test" if head in TEST_HEADS else f"shell:{head}"
    lowered = step.lower()
    for pattern, sig in _STEP_WORDS:
        if re.search(pattern, lowered):
            if sig in {"edit", "write", "read"}:
                file = re.search(r"[\w./-]+\.([a-z0-9]{1,6})\b", lowered)
                return f"{sig}:*.{file.group(1)}" if file else f"{sig}:*"
            return sig
    words = re.findall(r"[a-z][a-z0-9]+", lowered)
    return "step:" + "-".join(words[:2]) if words else "step"


def normalise_signature(sig: str) -> str:
    """Fold test runners together so `pytest` and `npm test` compare as the same kind of step."""
    if sig.startswith("shell:") and sig[6:] in TEST_HEADS:
        return "shell:test"
    return sig


# ---------------------------------------------------------------- proposals and clustering


@dataclass(frozen=True)
class Proposal:
    rel: str
    name: str
    procedure: tuple[str, ...]
    when: str
    signature: tuple[str, ...]
    created: str

    def features(self) -> frozenset[str]:
        sigs = self.signature or tuple(text_signature(s) for s in self.procedure)
        words = {f"name:{w}" for w in self.name.split("-") if len(w) > 1}
        return frozenset({normalise_signature(s) for s in sigs} | words)


def _as_tuple(value: Any) -> tuple[str, ...]:
    if isinstance(value, list):
        return tuple(str(v) for v in value if v is not None and str(v).strip())
    return ()


def load_proposals(vault: Path, status: str = "proposed") -> tuple[list[Proposal], list[str]]:
    """Open proposals, oldest first, and warnings for notes that could not be read."""
    root = vault / paths.PROPOSALS_DIR
    found: list[Proposal] = []
    warnings: list[str] = []
    if not root.is_dir():
        return found, warnings
    for rel in vault_files.notes(vault, paths.PROPOSALS_DIR):
        try:
            note = read_note(vault, rel)
        except (OSError, NoteReadError) as exc:
            warnings.append(f"{rel}: {exc}")
            continue
        if note.warning:
            warnings.append(f"{rel}: {note.warning} (skipped)")
            continue
        if note.status != status:
            continue
        name = kebab(note.prop("skill") or note.title)
        procedure = _as_tuple(note.props.get("procedure"))
        found.append(
            Proposal(
                rel=rel,
                name=name,
                procedure=procedure,
                when=note.prop("when"),
                signature=_as_tuple(note.props.get("signature")),
                created=note.created,
            )
        )
    found.sort(key=lambda p: (p.created, p.rel))
    return found, warnings


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    if not a or not b:
        return 0.0
    return len(a & b) / len(a | b)


def cluster(proposals: Sequence[Proposal], threshold: float) -> list[list[Proposal]]:
    """Groups whose members are all pairwise similar (complete linkage), in a stable order."""
    groups: list[list[Proposal]] = []
    feats = {p.rel: p.features() for p in proposals}
    for p in proposals:
        best: list[Proposal] | None = None
        best_score = -1.0
        for group in groups:
            scores = [jaccard(feats[p.rel], feats[q.rel]) for q in group]
            if min(scores) >= threshold and sum(scores) / len(scores) > best_score:
                best, best_score = group, sum(scores) / len(scores)
        if best is None:
            groups.append([p])
        else:
            best.append(p)
    return groups


# ---------------------------------------------------------------- drafts


@dataclass(frozen=True)
class Draft:
    name: str
    description: str
    when: str
    steps: tuple[str, ...]
    proposals: tuple[str, ...]  # rels of the proposals it came from

    @property
    def rel(self) -> str:
        return f"{paths.DRAFTS_DIR}/{self.name}/SKILL.md"


def kebab(text: str, max_len: int = NAME_MAX) -> str:
    words = re.findall(r"[a-z0-9]+", text.lower())
    name = "-".join(words)[:max_len].strip("-")
    return name or "skill"


def _sentence(text: str) -> str:
    text = " ".join(text.split()).rstrip(".")
    return text[:1].upper() + text[1:] if text else text


def _fit(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0]
    return cut.rstrip(",;: ") + "…"


def describe(name: str, steps: Sequence[str], when: str) -> str:
    """What the skill does and when to use it, within the 1,024-character limit."""
    title = name.replace("-", " ")
    gist = "; ".join(_sentence(s).rstrip(".") for s in steps[:5])
    what = f"Runs the {title} procedure: {gist}." if gist else f"Runs the {title} procedure."
    clean = re.sub(r"^(use (it |this )?)?when\s+", "", " ".join(when.split()), flags=re.I)
    clean = clean.rstrip(".")
    use = f" Use when {_fit(clean, 400)}." if clean else ""
    return _fit(what, DESCRIPTION_MAX - len(use)) + use


def draft_from_cluster(group: Sequence[Proposal]) -> Draft:
    """An extractive draft: the most common name, the most typical member's steps."""
    names = Counter(p.name for p in group)
    top = max(names.values())
    name = min((n for n, c in names.items() if c == top), key=lambda n: (len(n), n))
    feats = {p.rel: p.features() for p in group}

    def typicality(p: Proposal) -> tuple[float, str]:
        others = [jaccard(feats[p.rel], feats[q.rel]) for q in group if q.rel != p.rel]
        return (sum(others) / len(others) if others else 0.0, p.created)

    typical = max(group, key=typicality)
    steps = typical.procedure or tuple(s.replace(":", " ") for s in typical.signature)
    when = next(
        (p.when for p in sorted(group, key=lambda p: p.created, reverse=True) if p.when), ""
    )
    return Draft(
        name=kebab(name),
        description=describe(name, steps, when),
        when=when,
        steps=tuple(steps),
        proposals=tuple(p.rel for p in group),
    )


def parse_draft(text: str, proposals: Sequence[str]) -> Draft:
    """Validate the model's draft answer (`skill_draft.md` contract)."""
    data = extract_json(text)
    if not isinstance(data, dict):
        raise AnswerError("the answer must be a JSON object")
    name = data.get("name")
    if not isinstance(name, str) or not _NAME.match(name) or len(name) > NAME_MAX:
        raise AnswerError("name must be kebab-case, 1-64 characters of a-z, 0-9 and single hyphens")
    description = data.get("description")
    if not isinstance(description, str) or not description.strip():
        raise AnswerError("description must be a non-empty string")
    if len(description) > DESCRIPTION_MAX:
        raise AnswerError(f"description is {len(description)} characters; the limit is 1024")
    when = data.get("when", "")
    steps = data.get("steps")
    if not isinstance(when, str):
        raise AnswerError("when must be a string")
    if not isinstance(steps, list) or len(steps) < 2 or not all(isinstance(s, str) for s in steps):
        raise AnswerError("steps must be a list of at least 2 strings")
    if len(steps) > 30 or any(len(s) > 500 for s in steps):
        raise AnswerError("steps: at most 30, each at most 500 characters")
    return Draft(
        name, description.strip(), when.strip(), tuple(s.strip() for s in steps), tuple(proposals)
    )


def render_draft(draft: Draft, created: str) -> str:
    meta = {
        "generated_by": "vaultsync",
        "status": "draft",
        "created": created[:10],
        "proposals": str(len(draft.proposals)),
    }
    # `description` is an Obsidian Publish key, which vaultsync never writes into notes; the
    # Agent Skills format requires it, and a SKILL.md is that format's file, so it is written
    # here by hand, the one exception.
    front = (
        "---\n"
        + properties.render_entry("name", draft.name)
        + f"description: {properties.scalar(draft.description)}\n"
        + properties.render_entry("metadata", meta)
        + "---\n"
    )
    lines = [front, f"\n# {draft.name}\n"]
    lines.append(
        "\n> Draft written by `vaultsync learn --weekly` from "
        f"{len(draft.proposals)} skill proposals. Review it, edit it, then install it as a skill "
        "or delete the folder.\n"
    )
    if draft.when:
        lines.append(f"\n## When to use\n\n{_sentence(draft.when)}.\n")
    lines.append("\n## Steps\n\n")
    lines.extend(f"{i}. {step}\n" for i, step in enumerate(draft.steps, 1))
    lines.append("\n## Proposals\n\n")
    lines.extend(f"- {properties.link(rel)}\n" for rel in draft.proposals)
    return "".join(lines)


def write_draft(vault: Path, draft: Draft, now: dt.datetime) -> str:
    """Write the draft unless one with that name exists: a person may be editing it."""
    target = paths.inside(vault, vault / draft.rel)
    if target.exists():
        return draft.rel
    writer.write_atomic(target, render_draft(draft, timestamp.day(now)))
    return draft.rel


def mark_drafted(vault: Path, rels: Iterable[str], draft_rel: str, now: dt.datetime) -> list[str]:
    changed = []
    stamp = timestamp.format(now)
    for rel in rels:
        updates = {"status": "drafted", "draft": properties.link(draft_rel), "updated": stamp}
        if writer.rewrite(
            vault / rel,
            lambda t, u=updates: properties.set_properties(t, u),  # type: ignore[misc]
            lock_file=paths.lock_path(vault, rel),
        ):
            changed.append(rel)
    return changed


# ---------------------------------------------------------------- validation


def validate_skill(folder: Path) -> list[str]:
    """Problems that make `folder` an invalid Agent Skill; empty when it is valid."""
    problems: list[str] = []
    skill_md = folder / "SKILL.md"
    if not skill_md.is_file():
        return [f"{folder.name}: SKILL.md is missing"]
    try:
        text = skill_md.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return ["SKILL.md is not valid UTF-8"]
    yaml_text, body = properties.split_frontmatter(text)
    if yaml_text is None:
        return ["SKILL.md has no YAML frontmatter"]
    note = parse_note(f"{folder.name}/SKILL.md", text)
    if note.warning:
        return [note.warning]
    props = note.props
    unknown = sorted(set(props) - ALLOWED_KEYS)
    if unknown:
        problems.append(f"unexpected frontmatter keys: {', '.join(unknown)} (put them in metadata)")
    name = props.get("name")
    if not isinstance(name, str) or not name:
        problems.append("name is missing")
    else:
        if len(name) > NAME_MAX:
            problems.append(f"name is {len(name)} characters; the limit is {NAME_MAX}")
        if not _NAME.match(name):
            problems.append("name must use a-z, 0-9 and single hyphens, not at either end")
        if name != folder.name:
            problems.append(f"name {name!r} does not match its folder {folder.name!r}")
    description = props.get("description")
    if not isinstance(description, str) or not description.strip():
        problems.append("description is missing")
    elif len(description) > DESCRIPTION_MAX:
        problems.append(f"description is {len(description)} characters; the limit is 1024")
    compat = props.get("compatibility")
    if compat is not None and (
        not isinstance(compat, str) or not 1 <= len(compat) <= COMPATIBILITY_MAX
    ):
        problems.append("compatibility must be 1-500 characters")
    if "license" in props and not isinstance(props["license"], str):
        problems.append("license must be a string")
    meta = props.get("metadata")
    if meta is not None and (
        not isinstance(meta, dict) or not all(isinstance(v, str) for v in meta.values())
    ):
        problems.append("metadata must map strings to strings")
    tools = props.get("allowed-tools")
    if tools is not None and not (
        isinstance(tools, str)
        or (isinstance(tools, list) and all(isinstance(t, str) for t in tools))
    ):
        problems.append("allowed-tools must be a string or a list of strings")
    if body.count("\n") > BODY_MAX_LINES:
        problems.append(f"the body has over {BODY_MAX_LINES} lines; move detail to references/")
    return problems
