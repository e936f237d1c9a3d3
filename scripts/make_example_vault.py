"""Write vault-example/: the small, realistic vault that `vaultsync demo` runs on.

Session notes are rendered with vaultsync's own event format (vaultsync.core.eventlog) and every
note's properties come from vaultsync.core.schema, so the example is valid by construction. The
output is deterministic (fixed clock, fixed machine id, no random ids): running the script twice
gives the same bytes, and the files are committed.

    .venv/bin/python scripts/make_example_vault.py [TARGET]   # default: vault-example/

The tool calls are modelled on the Claude Code transcripts in shared/corpora (a parameterised
decorator written with Edit and run with Bash, a tool that fails with "command not found").
USER.md and AGENT.md are not written: they are derived, `vaultsync rebuild` makes them.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

os.environ["VAULTSYNC_MACHINE"] = "example"  # file names must not depend on this computer
os.environ["VAULTSYNC_TZ"] = "UTC"  # nor its dates: the one format, with the UTC offset

from vaultsync.core import config, eventlog, paths, schema, timestamp, writer
from vaultsync.core.model import Event, EventKind, Level, Scope, SessionStatus
from vaultsync.core.properties import link, render_frontmatter, set_properties

REPO = Path(__file__).resolve().parents[1]
BLOG = "github.com/mei-lin/blog-pipeline"
CSV = "github.com/mei-lin/csv-tidy"
BLOG_CWD = "/Users/mei/code/blog-pipeline"
CSV_CWD = "/Users/mei/code/csv-tidy"


@dataclass
class Step:
    clock: str  # HH:MM:SS on the session's day
    kind: EventKind
    tool: str = ""
    tool_kind: str = ""
    input: str = ""
    output: str = ""
    prompt: str = ""
    message: str = ""
    files: tuple[str, ...] = ()
    native: str = ""


@dataclass
class Session:
    agent: str
    session_id: str
    project: str
    cwd: str
    day: str
    steps: list[Step]
    status: SessionStatus
    rel: str = field(init=False)

    def __post_init__(self) -> None:
        self.rel = paths.session_note_rel(self.agent, self.session_id, self.ts(self.steps[0]))

    def ts(self, step: Step) -> str:
        return f"{self.day}T{step.clock}.000000Z"


NATIVE = {
    "claude-code": {
        EventKind.SESSION_START: "SessionStart",
        EventKind.PROMPT: "UserPromptSubmit",
        EventKind.TOOL: "PostToolUse",
        EventKind.TOOL_ERROR: "PostToolUse",
        EventKind.TURN_END: "Stop",
        EventKind.SESSION_END: "SessionEnd",
    },
    "codex": {
        EventKind.SESSION_START: "SessionStart",
        EventKind.PROMPT: "UserPromptSubmit",
        EventKind.TOOL: "PostToolUse",
        EventKind.TOOL_ERROR: "PostToolUse",
        EventKind.TURN_END: "Stop",
        EventKind.SESSION_END: "Stop",
    },
}

SESSIONS = [
    Session(
        "claude-code",
        "5f2c9a7e-1b3d-4c8e-9a0f-2d6b7e1c4a93",
        BLOG,
        BLOG_CWD,
        "2026-11-20",
        [
            Step("09:14:02", EventKind.SESSION_START, message="startup"),
            Step(
                "09:14:40",
                EventKind.PROMPT,
                prompt="Add a timing decorator to the build steps so I can see which one is slow. "
                "Keep the log output short, one line per step.",
            ),
            Step(
                "09:15:03",
                EventKind.TOOL,
                "Read",
                "read",
                "build/steps.py",
                "def render_posts(site):\n    ...\ndef copy_assets(site):\n    ... (84 lines)",
                files=("build/steps.py",),
            ),
            Step(
                "09:16:21",
                EventKind.TOOL,
                "Edit",
                "edit",
                "build/timing.py: new file\ndef timed(label):\n    def decorator(func):\n"
                "        def wrapper(*args, **kwargs):\n            start = perf_counter()",
                "File created successfully at: build/timing.py",
                files=("build/timing.py",),
            ),
            Step(
                "09:17:10",
                EventKind.TOOL,
                "Edit",
                "edit",
                'build/steps.py: @timed("render") on render_posts, @timed("assets") on copy_assets',
                "The file build/steps.py has been updated.",
                files=("build/steps.py",),
            ),
            Step(
                "09:17:45",
                EventKind.TOOL_ERROR,
                "Bash",
                "shell",
                "python -m pytest -q",
                "ModuleNotFoundError: No module named 'markdown'\nexit code 1",
            ),
            Step(
                "09:18:20",
                EventKind.TOOL,
                "Bash",
                "shell",
                ".venv/bin/python -m pytest -q",
                "........................ 24 passed in 1.92s",
            ),
            Step(
                "09:19:02",
                EventKind.TOOL,
                "Bash",
                "shell",
                "make site",
                "render  1.84 s\nassets  0.12 s\nfeed    0.03 s\nbuilt 212 pages into public/",
            ),
            Step(
                "09:19:40",
                EventKind.TURN_END,
                message="Added @timed to the three build steps. Rendering takes 1.8 s of the "
                "2 s build; the markdown conversion is the slow part. Next: cache rendered posts.",
            ),
            Step("09:25:11", EventKind.SESSION_END, message="logout"),
        ],
        SessionStatus.SUMMARIZED,
    ),
    Session(
        "claude-code",
        "a83e11d0-7c52-4f19-b6d4-0e9f3c2b8a17",
        CSV,
        CSV_CWD,
        "2026-11-22",
        [
            Step("20:31:05", EventKind.SESSION_START, message="startup"),
            Step(
                "20:31:30",
                EventKind.PROMPT,
                prompt="修复 csv-tidy 里日期解析的问题：03/04/2026 被读成了三月四号。"
                "回答用中文，口语化、短句。",
            ),
            Step(
                "20:32:02",
                EventKind.TOOL,
                "Grep",
                "search",
                "parse_date in tidy/",
                "tidy/dates.py:12: def parse_date(text):\n"
                "tidy/cli.py:40: row['date'] = parse_date(",
            ),
            Step(
                "20:33:15",
                EventKind.TOOL_ERROR,
                "Bash",
                "shell",
                "jq '.rows[0]' samples/bank.json",
                "Error: Tool execution failed with error: bash: jq: command not found",
            ),
            Step(
                "20:33:40",
                EventKind.TOOL,
                "Bash",
                "shell",
                "/opt/homebrew/bin/jq '.rows[0]' samples/bank.json",
                '{"date": "03/04/2026", "amount": "12,50", "payee": "Bäckerei"}',
            ),
            Step(
                "20:35:12",
                EventKind.TOOL,
                "Edit",
                "edit",
                "tidy/dates.py: parse with dayfirst=True; reject ambiguous dates unless --dayfirst",
                "The file tidy/dates.py has been updated.",
                files=("tidy/dates.py",),
            ),
            Step(
                "20:36:01",
                EventKind.TOOL,
                "Bash",
                "shell",
                ".venv/bin/python -m pytest tests/test_dates.py -q",
                "......... 9 passed in 0.31s",
            ),
            Step(
                "20:36:30",
                EventKind.TURN_END,
                message="修好了。日期现在按日/月/年解析。模糊的日期会报错，不再瞎猜。",
            ),
            Step("20:40:02", EventKind.SESSION_END, message="prompt_input_exit"),
        ],
        SessionStatus.SUMMARIZED,
    ),
    Session(
        "codex",
        "0193a8f2-4e6b-7d21-9c3a-58e0b1f7d6c4",
        CSV,
        CSV_CWD,
        "2026-11-25",
        [
            Step("10:30:12", EventKind.SESSION_START, message="startup"),
            Step(
                "10:30:40",
                EventKind.PROMPT,
                prompt="Release csv-tidy 0.3.0: bump the version, update the changelog, build, "
                "tag. Don't push, I'll do that.",
            ),
            Step(
                "10:31:05",
                EventKind.TOOL,
                "apply_patch",
                "edit",
                'pyproject.toml: version = "0.2.1" -> "0.3.0"',
                "Success. Updated the following files: M pyproject.toml",
                files=("pyproject.toml",),
            ),
            Step(
                "10:31:50",
                EventKind.TOOL,
                "apply_patch",
                "edit",
                "CHANGELOG.md: ## 0.3.0 - day-first dates, --dayfirst flag",
                "Success. Updated the following files: M CHANGELOG.md",
                files=("CHANGELOG.md",),
            ),
            Step(
                "10:32:30",
                EventKind.TOOL,
                "shell",
                "shell",
                ".venv/bin/python -m pytest -q",
                "................................ 31 passed in 0.88s",
            ),
            Step(
                "10:33:10",
                EventKind.TOOL_ERROR,
                "shell",
                "shell",
                "pip install build",
                "ERROR: Could not find a version that satisfies the requirement build "
                "(network is disabled in the sandbox)",
            ),
            Step(
                "10:34:02",
                EventKind.TOOL,
                "shell",
                "shell",
                ".venv/bin/python -m build",
                "Successfully built csv_tidy-0.3.0.tar.gz and csv_tidy-0.3.0-py3-none-any.whl",
            ),
            Step(
                "10:34:40",
                EventKind.TOOL,
                "shell",
                "shell",
                'git commit -am "Release 0.3.0" && git tag v0.3.0',
                "[main 4be21c9] Release 0.3.0\n 2 files changed, 9 insertions(+), 1 deletion(-)",
            ),
            Step(
                "10:35:05",
                EventKind.TURN_END,
                message="Tagged v0.3.0 locally and built the sdist and wheel into dist/. "
                "Not pushed, as asked.",
            ),
        ],
        SessionStatus.SUMMARIZED,
    ),
    Session(
        "codex",
        "0193b4c7-91d2-7a0e-8f35-c2d9e6a1b047",
        BLOG,
        BLOG_CWD,
        "2026-11-27",
        [
            Step("16:45:03", EventKind.SESSION_START, message="startup"),
            Step(
                "16:45:30",
                EventKind.PROMPT,
                prompt="Write the RSS feed generator for the blog: the latest 20 posts, full "
                "text, valid RSS 2.0.",
            ),
            Step(
                "16:46:02",
                EventKind.TOOL,
                "shell",
                "shell",
                'rg -n "def build_feed|feed" build/',
                "build/steps.py:58: # TODO: feed",
            ),
            Step(
                "16:48:40",
                EventKind.TOOL,
                "apply_patch",
                "edit",
                "build/feed.py: new file, build_feed(site, limit=20) with xml.etree",
                "Success. Updated the following files: A build/feed.py",
                files=("build/feed.py",),
            ),
            Step(
                "16:50:12",
                EventKind.TOOL,
                "apply_patch",
                "edit",
                "tests/test_feed.py: new file, checks channel fields and 20 items",
                "Success. Updated the following files: A tests/test_feed.py",
                files=("tests/test_feed.py",),
            ),
            Step(
                "16:51:00",
                EventKind.TOOL,
                "shell",
                "shell",
                ".venv/bin/python -m pytest tests/test_feed.py -q",
                "..... 5 passed in 0.42s",
            ),
            Step(
                "16:52:15",
                EventKind.TURN_END,
                message="Feed written to public/feed.xml by `make site`. Validated 20 items.",
            ),
        ],
        SessionStatus.PENDING,
    ),
]


def session_text(session: Session) -> str:
    start, end = session.steps[0], session.steps[-1]
    props = schema.session_props(
        agent=session.agent,
        session_id=session.session_id,
        project=session.project,
        cwd=session.cwd,
        started=timestamp.restamp(session.ts(start)),
        machine=paths.machine_id(),
    )
    name = session.project.rsplit("/", 1)[-1]
    text = (
        render_frontmatter(props)
        + f"\n# {session.agent} session {session.session_id[:8]} — {name}\n"
    )
    for i, step in enumerate(session.steps):
        ts = session.ts(step)
        compact = ts[:19].replace("-", "").replace(":", "") + "Z"
        event = Event(
            id=f"{compact}-{paths.short_hash(session.session_id, str(i))}",
            ts=ts,
            agent=session.agent,
            session_id=session.session_id,
            kind=step.kind,
            native_event=NATIVE[session.agent][step.kind],
            cwd=session.cwd,
            project=session.project,
            turn_id="" if step.kind in (EventKind.SESSION_START, EventKind.SESSION_END) else "1",
            tool=step.tool,
            tool_kind=step.tool_kind,
            input=step.input,
            output=step.output,
            prompt=step.prompt,
            message=step.message,
            is_error=step.kind is EventKind.TOOL_ERROR,
            files=step.files,
        )
        text += eventlog.render(event)
    tools = [s for s in session.steps if s.kind in (EventKind.TOOL, EventKind.TOOL_ERROR)]
    seconds = (_clock(end.clock) - _clock(start.clock)).total_seconds()
    props_end = schema.session_end_props(
        status=session.status.value,
        updated=timestamp.restamp(session.ts(end)),
        ended=timestamp.restamp(session.ts(end)) if end.kind is EventKind.SESSION_END else None,
        tool_calls=len(tools),
        edits=sum(1 for s in tools if s.tool_kind in ("edit", "write")),
        minutes=round(seconds / 60, 1),
        redactions=0,
        injections=0,
    )
    return set_properties(text, props_end)


def _clock(hms: str) -> dt.timedelta:
    h, m, s = (int(x) for x in hms.split(":"))
    return dt.timedelta(hours=h, minutes=m, seconds=s)


def slug_name(day: str, title: str, *salt: str) -> str:
    slug = paths.safe_component(title.lower(), 48)
    return f"{day} {slug} {paths.short_hash(day, title, *salt, n=6)}.md"


SUMMARIES: list[dict[str, Any]] = [
    {
        "session": 0,
        "title": "Timing decorator for the blog build steps",
        "files_read": ["build/steps.py"],
        "files_modified": ["build/timing.py", "build/steps.py"],
        "asked": "Time each build step of the blog, with one short log line per step.",
        "done": [
            "Wrote a `timed(label)` decorator in build/timing.py and put it on the build steps.",
            "Ran the tests (24 passed) and `make site`.",
        ],
        "learned": [
            "The system python lacks the project's dependencies; "
            "`.venv/bin/python -m pytest` works.",
            "Rendering markdown takes 1.8 s of the 2 s build.",
        ],
        "next": ["Cache rendered posts by content hash."],
    },
    {
        "session": 1,
        "title": "csv-tidy 日期解析修复",
        "files_read": ["tidy/dates.py", "tidy/cli.py", "samples/bank.json"],
        "files_modified": ["tidy/dates.py"],
        "asked": "修复日期解析：03/04/2026 被当成了三月四号。回答要口语化、短句。",
        "done": [
            "parse_date 改成按日/月/年解析，模糊日期直接报错。",
            "tests/test_dates.py 全部通过（9 个）。",
        ],
        "learned": [
            "jq 不在 agent 的 PATH 里，要用 /opt/homebrew/bin/jq。",
            "银行导出的 CSV 都是欧洲日期格式。",
        ],
        "next": ["给 CLI 加一个 --dayfirst 开关的文档。"],
    },
    {
        "session": 2,
        "title": "Release csv-tidy 0.3.0",
        "files_read": ["pyproject.toml", "CHANGELOG.md"],
        "files_modified": ["pyproject.toml", "CHANGELOG.md"],
        "asked": "Release 0.3.0: bump version, changelog, build, tag; do not push.",
        "done": [
            "Bumped the version, wrote the changelog entry, ran 31 tests, built sdist and wheel.",
            "Committed and tagged v0.3.0 locally.",
        ],
        "learned": [
            "The Codex sandbox has no network: `pip install` fails, the venv already has `build`.",
        ],
        "next": ["Push the tag and upload to PyPI (Mei does this by hand)."],
    },
]


def summary_rel(item: dict[str, Any]) -> str:
    session = SESSIONS[item["session"]]
    # The learning loop's naming: day, start time, agent, title, hash of the session note.
    hhmm = session.steps[0].clock[:2] + session.steps[0].clock[3:5]
    slug = paths.safe_component(item["title"], 40, "session")
    name = f"{session.day} {hhmm} {session.agent} {slug} {paths.short_hash(session.rel, n=6)}.md"
    return f"{paths.SUMMARIES_DIR}/{session.day[:4]}/{session.day[5:7]}/{name}"


def summary_text(item: dict[str, Any]) -> str:
    session = SESSIONS[item["session"]]
    created = timestamp.restamp(session.ts(session.steps[-1]))
    props = schema.summary_props(
        agent=session.agent,
        session_id=session.session_id,
        project=session.project,
        created=created,
        session_rel=session.rel,
        files_read=item["files_read"],
        files_modified=item["files_modified"],
        model="offline",
    )
    name = session.project.rsplit("/", 1)[-1]
    lines = [
        f"# {item['title']}",
        "",
        f"Session {link(session.rel)} ({session.agent} in `{name}`).",
        "",
        "## What was asked",
        "",
        item["asked"],
        "",
        "## What was done",
        "",
        *[f"- {d}" for d in item["done"]],
        "",
        "## What was learned",
        "",
        *[f"- {d}" for d in item["learned"]],
        "",
        "## Next steps",
        "",
        *[f"- {d}" for d in item["next"]],
        "",
        "## Files",
        "",
        "Modified: " + ", ".join(f"`{f}`" for f in item["files_modified"]),
        "Read: " + ", ".join(f"`{f}`" for f in item["files_read"]),
    ]
    index = SUMMARIES.index(item)
    born = [m for m in MEMORIES if m.source == index]
    if born:
        lines += ["", "## Memories", ""]
        for mem in born:
            current = memory_rel(mem.folder, session.day, mem.title, mem.scope)
            lines.append(f"- candidate ({mem.scope.value}): {link(current)}")
    if index == 2:
        lines += ["", "## Skill proposals", "", f"- {link(proposal_rel())}"]
    return render_frontmatter(props) + "\n" + "\n".join(lines) + "\n"


@dataclass(frozen=True)
class Mem:
    folder: Level  # where the note lies; decides its effective level
    scope: Scope
    title: str
    text: str
    source: int  # index into SUMMARIES
    priority: int = 0
    project: str = ""
    level: Level | None = None  # the `level` property, when it differs from the folder


MEMORIES = [
    Mem(
        Level.L3,
        Scope.USER,
        "Write in short, spoken sentences",
        "Mei wants replies, commit messages and docs 口语化、短句: "
        "one idea per sentence, no filler, no marketing words.",
        source=1,
        priority=2,
    ),
    Mem(
        Level.L3,
        Scope.AGENT,
        "Run Python through the project's .venv",
        "Use `.venv/bin/python -m pytest` (and `.venv/bin/python -m build`): "
        "the system python has none of the project dependencies.",
        source=0,
        priority=2,
    ),
    Mem(
        Level.L2,
        Scope.USER,
        "回答用中文，代码和注释用英文",
        "Mei 用中文提问时，解释用中文；代码、注释和提交信息保持英文。",
        source=1,
        priority=1,
    ),
    # A person dragged this one from L1-candidates to L2-confirmed without editing `level`:
    # the folder wins.
    Mem(
        Level.L2,
        Scope.USER,
        "Prefers pytest with plain asserts",
        "Tests use plain `assert` and fixtures, never unittest.TestCase classes.",
        source=0,
        level=Level.L1,
    ),
    Mem(
        Level.L2,
        Scope.AGENT,
        "jq lives at /opt/homebrew/bin/jq",
        "Agent shells do not have Homebrew on PATH: call `/opt/homebrew/bin/jq` by its full path.",
        source=1,
        priority=1,
    ),
    Mem(
        Level.L2,
        Scope.PROJECT,
        "Build the blog with make site",
        "`make site` renders into public/ (gitignored) and prints one timing line per step.",
        source=0,
        priority=1,
        project=BLOG,
    ),
    Mem(
        Level.L2,
        Scope.PROJECT,
        "Dates in bank CSVs are day-first",
        "Bank exports use DD/MM/YYYY. Never guess month-first; ambiguous dates are an error.",
        source=1,
        priority=2,
        project=CSV,
    ),
    Mem(
        Level.L1,
        Scope.USER,
        "Never push without asking",
        "Mei pushes tags and uploads releases by hand; agents stop at the local commit and tag.",
        source=2,
    ),
    Mem(
        Level.L1,
        Scope.AGENT,
        "Codex sandbox has no network",
        "`pip install` fails inside the Codex sandbox; use what the .venv already has.",
        source=2,
    ),
    Mem(
        Level.L1,
        Scope.PROJECT,
        "发布前先跑 python -m build",
        "csv-tidy 发布前先用 `.venv/bin/python -m build` 检查打包，再打 tag。",
        source=2,
        project=CSV,
    ),
]

STATUS_BY_LEVEL = {Level.L1: "candidate", Level.L2: "confirmed", Level.L3: "core"}


def memory_rel(folder_level: Level, day: str, title: str, scope: Scope) -> str:
    return f"{paths.LEVEL_DIRS[folder_level]}/" + slug_name(day, f"{scope.value} {title}")


def memory_titles() -> dict[str, str]:
    out = {}
    for mem in MEMORIES:
        day = SESSIONS[SUMMARIES[mem.source]["session"]].day
        out[memory_rel(mem.folder, day, mem.title, mem.scope)] = mem.title
    return out


def memory_files() -> dict[str, str]:
    out = {}
    for mem in MEMORIES:
        item = SUMMARIES[mem.source]
        session = SESSIONS[item["session"]]
        created = timestamp.restamp(session.ts(session.steps[-1]))
        level = mem.level or mem.folder
        props = schema.memory_props(
            level=level,
            scope=mem.scope,
            agent=session.agent,
            session_id=session.session_id,
            project=mem.project,
            created=created,
            source_rel=summary_rel(item),
            priority=mem.priority,
            status=STATUS_BY_LEVEL[level],
        )
        props["session"] = link(session.rel)
        rel = memory_rel(mem.folder, session.day, mem.title, mem.scope)
        text = f"# {mem.title}\n\n{mem.text}\n\nFrom {link(summary_rel(item))}.\n"
        out[rel] = render_frontmatter(props) + "\n" + text
    return out


PROPOSAL_STEPS = [
    "Bump the version in pyproject.toml.",
    "Add the release to CHANGELOG.md.",
    "Run the tests with `.venv/bin/python -m pytest -q`.",
    "Build with `.venv/bin/python -m build` (no network needed).",
    "Commit `Release X.Y.Z` and tag `vX.Y.Z` locally.",
    "Stop: the person pushes and uploads.",
]


def proposal_rel() -> str:
    return f"{paths.PROPOSALS_DIR}/" + slug_name("2026-11-25", "release-python-package", "proposal")


PROPOSAL_SIGNATURE = [
    "edit:pyproject.toml",
    "edit:CHANGELOG.md",
    "shell:pytest",
    "shell:python -m build",
    "shell:git commit",
    "shell:git tag",
]


def proposal_text() -> str:
    item = SUMMARIES[2]
    session = SESSIONS[item["session"]]
    props = schema.proposal_props(
        name="release-python-package",
        agent=session.agent,
        session_id=session.session_id,
        project=session.project,
        created=timestamp.restamp(session.ts(session.steps[-1])),
        source_rel=summary_rel(item),
    )
    props["when"] = "releasing one of Mei's Python packages"
    props["procedure"] = PROPOSAL_STEPS
    props["signature"] = PROPOSAL_SIGNATURE
    steps = "".join(f"{i}. {s}\n" for i, s in enumerate(PROPOSAL_STEPS, 1))
    return (
        render_frontmatter(props)
        + "\n# release-python-package\n\n"
        + "When: releasing one of Mei's Python packages\n\n"
        + f"{steps}\nProposed from {link(summary_rel(item))}.\n"
    )


def draft_text() -> str:
    # Agent Skills wants `name` and `description` at the top level and anything else as
    # string metadata, so the draft stays portable to Claude Code, Codex and Hermes.
    # `description` is also an Obsidian Publish key: SKILL.md is the one file where vaultsync
    # writes it, because the skill format requires it (docs/vault-format.md).
    description = (
        "Release a Python package from a local checkout: bump the version, update the "
        "changelog, run the tests, build the sdist and wheel offline, commit and tag, and "
        "stop before pushing. Use when asked to cut, tag or prepare a release of a Python "
        "project that has a .venv."
    )
    head = (
        "---\n"
        "name: release-python-package\n"
        f"description: {json.dumps(description)}\n"
        "metadata:\n"
        "  generated_by: vaultsync\n"
        "  status: draft\n"
        '  created: "2026-11-29"\n'
        '  proposals: "1"\n'
        "---\n"
    )
    steps = "".join(f"{i}. {s}\n" for i, s in enumerate(PROPOSAL_STEPS, 1))
    return (
        head
        + "\n# release-python-package\n"
        + "\n> Draft from the skill proposal below. Review it, edit it, then install it as a "
        + "skill or delete the folder.\n"
        + "\n## When to use\n\nWhen releasing one of Mei's Python packages. "
        + "Do not push or upload.\n"
        + f"\n## Steps\n\n{steps}"
        + f"\n## Proposals\n\n- {link(proposal_rel())}\n"
    )


PLAIN_NOTES = {
    "Projects/blog-pipeline.md": """---
tags:
  - project
status: active
repo: https://github.com/mei-lin/blog-pipeline
---

# blog-pipeline

My static blog: markdown posts in `posts/`, built by `make site` into `public/`.

- The build is slow in rendering; see the timing work in [[Reading list#Performance]].
- Agents learn how to build it: [[{mem:Build the blog with make site}]].
- Sister project: [[Projects/csv-tidy]].

## Ideas

- RSS feed (done by Codex, waiting for my review).
- Cache rendered posts.
""",
    "Projects/csv-tidy.md": """---
tags:
  - project
status: active
repo: https://github.com/mei-lin/csv-tidy
---

# csv-tidy

把银行导出的 CSV 整理成一张干净的表。A small CLI that tidies bank CSV exports.

- 日期都是日/月/年（欧洲格式）。
- Releases: tag locally, I push by hand. See [[Projects/blog-pipeline]] for the same habit.
- 0.3.0 released on 2026-11-25.
""",
    "Reading list.md": """---
tags:
  - reading
---

# Reading list

## Performance

- Python `time.perf_counter` vs `time.time` for timing build steps.
- "Profiling before optimising": measure first, then cache.

## Writing

- 短句写作：一句话只说一件事。
- Plain language guides; see my notes in [[日记/2026-11-26]].
""",
    "日记/2026-11-26.md": """---
tags:
  - journal
date: 2026-11-26
---

# 2026-11-26

今天把 [[Projects/csv-tidy]] 的 0.3.0 发布了。Codex 打了 tag，我自己 push。

记一下：agent 写东西要口语化、短句。
这条已经进了 USER.md（来自 [[{mem:Write in short, spoken sentences}]]）。

明天：看看 [[Projects/blog-pipeline]] 的 RSS。
""",
}

OBSIDIAN_APP = {
    "alwaysUpdateLinks": True,
    "newLinkFormat": "shortest",
    "useMarkdownLinks": False,
    "showFrontmatter": True,
    "propertiesInDocument": "visible",
}


def build() -> dict[str, str]:
    files: dict[str, str] = {}
    for session in SESSIONS:
        files[session.rel] = session_text(session)
    for item in SUMMARIES:
        files[summary_rel(item)] = summary_text(item)
    files.update(memory_files())
    files[proposal_rel()] = proposal_text()
    files[f"{paths.DRAFTS_DIR}/release-python-package/SKILL.md"] = draft_text()
    by_title = {title: rel for rel, title in memory_titles().items()}
    for rel, text in PLAIN_NOTES.items():
        for title, mem_rel in by_title.items():
            text = text.replace("{mem:" + title + "}", mem_rel[:-3])
        if "{mem:" in text:
            raise SystemExit(f"{rel}: a memory link names no memory")
        files[rel] = text
    files[".obsidian/app.json"] = json.dumps(OBSIDIAN_APP, indent=2) + "\n"
    files[paths.VAULT_CONFIG] = config.render_vault_config()
    return files


def main(argv: list[str]) -> int:
    target = Path(argv[0]) if argv else REPO / "vault-example"
    files = build()
    if target.exists():
        shutil.rmtree(target)
    for rel, text in sorted(files.items()):
        writer.write_atomic(target / rel, text, fsync=False)
    print(f"wrote {len(files)} files to {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
