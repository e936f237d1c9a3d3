"""Step signatures, weekly clustering of skill proposals, drafts and the Agent Skills rules."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from sessionkit import NOW, fake_model_command

from vaultsync.core import paths, properties, schema
from vaultsync.core.config import load_config
from vaultsync.core.model import Event, EventKind
from vaultsync.services.learning import learn
from vaultsync.services.learning.model_runner import AnswerError
from vaultsync.services.learning.skills import (
    DESCRIPTION_MAX,
    Draft,
    Proposal,
    cluster,
    command_head,
    describe,
    draft_from_cluster,
    parse_draft,
    render_draft,
    step_signature,
    text_signature,
    validate_skill,
)
from vaultsync.storage.note import read_note


@pytest.mark.parametrize(
    ("command", "head"),
    [
        ("pytest -q tests", "pytest"),
        ("cd repo && FOO=1 python -m pytest -x", "pytest"),
        ("git commit -am 'x'", "git commit"),
        ("git -C repo status", "git repo"),  # -C's argument reads as the action: harmless
        ("npm run build", "npm build"),
        ("sudo apt-get install jq", "apt-get install"),
        ("/opt/homebrew/bin/jq .version package.json", "jq"),
        ("echo hi; make test", "make test"),
        ("", ""),
        ("'unbalanced", "'unbalanced"),
    ],
)
def test_command_head(command: str, head: str) -> None:
    assert command_head(command) == head


def _ev(
    tool: str, kind: str, inp: str, files: tuple[str, ...] = (), ek: EventKind = EventKind.TOOL
) -> Event:
    return Event(
        id="1",
        ts="2026-11-20T09:00:00Z",
        agent="codex",
        session_id="s",
        kind=ek,
        tool=tool,
        tool_kind=kind,
        input=inp,
        files=files,
    )


def test_step_signatures() -> None:
    assert step_signature(_ev("Bash", "shell", "pytest -q")) == "shell:pytest"
    assert step_signature(_ev("Edit", "edit", "src/a.py", ("src/a.py",))) == "edit:*.py"
    assert step_signature(_ev("Write", "", "notes/README")) == "write:*"
    assert step_signature(_ev("Grep", "search", "TODO")) == "search"
    assert step_signature(_ev("mcp__github__create_pr", "mcp", "{}")) == "mcp:create_pr"
    assert step_signature(_ev("", "", "", ek=EventKind.PROMPT)) is None


@pytest.mark.parametrize(
    ("step", "sig"),
    [
        ("Run `pytest -q`", "shell:test"),
        ("Run `python -m build`", "shell:build"),
        ("Commit the change", "shell:git commit"),
        ("Edit src/dates.py to allow week 53", "edit:*.py"),
        ("Open the changelog", "read:*"),
        ("Celebrate", "step:celebrate"),
    ],
)
def test_text_signatures(step: str, sig: str) -> None:
    assert text_signature(step) == sig


RELEASE = (
    "edit:*.toml",
    "shell:pytest",
    "shell:build",
    "shell:twine",
    "shell:git tag",
    "shell:git push",
)
DEBUG = ("shell:pytest", "read:*.py", "edit:*.py", "shell:pytest", "shell:git commit")
DOCS = ("read:*.md", "edit:*.md", "shell:mkdocs", "web", "shell:git push")


def _p(i: int, name: str, sig: tuple[str, ...]) -> Proposal:
    procedure = tuple(f"Do {s.replace(':', ' ')}" for s in sig)
    return Proposal(
        f"skills/proposals/p{i}.md", name, procedure, f"when {name}", sig, f"2026-11-2{i}"
    )


def test_same_procedure_clusters_and_different_ones_do_not() -> None:
    proposals = [
        _p(1, "release-python-package", RELEASE),
        _p(2, "release-package", RELEASE[:5]),  # one step fewer, another name
        _p(3, "debug-failing-test", DEBUG),
        _p(4, "release-python-package", (*RELEASE, "read:*.md")),  # one extra step
        _p(5, "publish-docs", DOCS),
        _p(6, "debug-failing-test", DEBUG[:4]),
    ]
    groups = cluster(proposals, 0.5)
    by_size = sorted(([p.rel for p in g] for g in groups), key=len, reverse=True)
    assert by_size[0] == [
        "skills/proposals/p1.md",
        "skills/proposals/p2.md",
        "skills/proposals/p4.md",
    ]
    assert ["skills/proposals/p3.md", "skills/proposals/p6.md"] in by_size
    assert ["skills/proposals/p5.md"] in by_size


def test_complete_linkage_does_not_chain_two_procedures() -> None:
    a = ("shell:a", "shell:b", "shell:c", "shell:d")
    b = ("shell:c", "shell:d", "shell:e", "shell:f")
    bridge = ("shell:a", "shell:b", "shell:c", "shell:d", "shell:e", "shell:f")
    groups = cluster([_p(1, "x", a), _p(2, "y", bridge), _p(3, "z", b)], 0.5)
    assert all(len(g) < 3 for g in groups)


def test_a_draft_from_a_cluster_is_a_valid_skill(tmp_path: Path) -> None:
    group = [
        _p(1, "release-python-package", RELEASE),
        _p(2, "release-package", RELEASE[:5]),
        _p(4, "release-python-package", (*RELEASE, "read:*.md")),
    ]
    draft = draft_from_cluster(group)
    assert draft.name == "release-python-package"
    assert draft.rel == "skills/drafts/release-python-package/SKILL.md"
    assert "Use when release-python-package." in draft.description
    assert draft.proposals == tuple(p.rel for p in group)
    folder = tmp_path / draft.name
    folder.mkdir()
    (folder / "SKILL.md").write_text(render_draft(draft, "2026-11-29"), encoding="utf-8")
    assert validate_skill(folder) == []
    text = (folder / "SKILL.md").read_text(encoding="utf-8")
    assert "[[skills/proposals/p1]]" in text and "## Steps" in text


def test_descriptions_fit_the_limit() -> None:
    text = describe("long", ["step " * 200] * 5, "when " * 300)
    assert len(text) <= DESCRIPTION_MAX and "Use when" in text


def _write_skill(folder: Path, front: str, body: str = "# x\n") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "SKILL.md").write_text(f"---\n{front}---\n{body}", encoding="utf-8")
    return folder


@pytest.mark.parametrize(
    ("folder", "front", "problem"),
    [
        ("ok-skill", "name: other\ndescription: d\n", "does not match its folder"),
        ("Bad", "name: Bad\ndescription: d\n", "a-z, 0-9"),
        ("a--b", "name: a--b\ndescription: d\n", "a-z, 0-9"),
        ("-a", "name: -a\ndescription: d\n", "a-z, 0-9"),
        ("x" * 65, f"name: {'x' * 65}\ndescription: d\n", "limit is 64"),
        ("ok", "name: ok\n", "description is missing"),
        ("ok", f"name: ok\ndescription: {'d' * 1025}\n", "limit is 1024"),
        ("ok", "name: ok\ndescription: d\ntype: memory\n", "unexpected frontmatter keys: type"),
        (
            "ok",
            "name: ok\ndescription: d\nmetadata:\n  proposals: 3\n",
            "metadata must map strings",
        ),
        ("ok", "name: ok\ndescription: d\ncompatibility: ''\n", "compatibility"),
        ("ok", "name: ok\ndescription: [broken\n", "not valid YAML"),
    ],
)
def test_validation_catches_each_rule(
    tmp_path: Path, folder: str, front: str, problem: str
) -> None:
    problems = validate_skill(_write_skill(tmp_path / folder, front))
    assert any(problem in p for p in problems), problems


def test_validation_of_missing_files_and_long_bodies(tmp_path: Path) -> None:
    assert validate_skill(tmp_path / "none") == ["none: SKILL.md is missing"]
    long = _write_skill(tmp_path / "ok", "name: ok\ndescription: d\n", "line\n" * 501)
    assert validate_skill(long) == ["the body has over 500 lines; move detail to references/"]
    good = _write_skill(
        tmp_path / "fine",
        "name: fine\ndescription: Does x. Use when y.\n"
        'allowed-tools: Bash(git:*) Read\nmetadata:\n  version: "1.0"\n',
    )
    assert validate_skill(good) == []


def test_a_model_draft_is_validated() -> None:
    good = (
        '{"name": "ship-it", "description": "Ships. Use when done.", '
        '"when": "done", "steps": ["a", "b"]}'
    )
    draft = parse_draft(good, ("p1",))
    assert draft == Draft("ship-it", "Ships. Use when done.", "done", ("a", "b"), ("p1",))
    for bad, msg in [
        (good.replace("ship-it", "Ship It"), "kebab-case"),
        (good.replace('"Ships. Use when done."', '"' + "d" * 1025 + '"'), "limit is 1024"),
        (good.replace('["a", "b"]', '["a"]'), "at least 2"),
        ("[]", "JSON object"),
    ]:
        with pytest.raises(AnswerError, match=msg):
            parse_draft(bad, ())


# ---------------------------------------------------------------- the weekly run


def _proposal_note(vault: Path, i: int, name: str, sig: tuple[str, ...]) -> str:
    rel = f"skills/proposals/2026-11-2{i} {name} {i:06d}.md"
    props = schema.proposal_props(
        name=name,
        agent="codex",
        session_id=f"s{i}",
        project="/p",
        created=f"2026-11-2{i}T09:00:00Z",
        source_rel=f"summaries/s{i}.md",
    )
    props["when"] = f"releasing {name}"
    props["procedure"] = [f"Do {s}" for s in sig]
    props["signature"] = list(sig)
    path = vault / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(properties.render_frontmatter(props) + f"\n# {name}\n", encoding="utf-8")
    return rel


def test_weekly_drafts_three_alike_and_leaves_the_rest(vault: Path) -> None:
    rels = [
        _proposal_note(vault, 1, "release-python-package", RELEASE),
        _proposal_note(vault, 2, "release-python-package", RELEASE[:5]),
        _proposal_note(vault, 3, "release-package", (*RELEASE, "read:*.md")),
        _proposal_note(vault, 4, "publish-docs", DOCS),
        _proposal_note(vault, 5, "publish-docs", DOCS),
    ]
    report = learn.run(vault, load_config(vault), daily=False, weekly=True, offline=True, now=NOW)
    assert report.drafts == ["skills/drafts/release-python-package/SKILL.md"]
    assert validate_skill(vault / "skills/drafts/release-python-package") == []
    for rel in rels[:3]:
        note = read_note(vault, rel)
        assert note.status == "drafted"
        assert note.prop("draft") == "[[skills/drafts/release-python-package/SKILL]]"
    assert all(read_note(vault, rel).status == "proposed" for rel in rels[3:])
    again = learn.run(vault, load_config(vault), daily=False, weekly=True, offline=True, now=NOW)
    assert again.drafts == [] and again.noop


def test_weekly_uses_the_model_and_falls_back_when_it_fails(
    vault: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = paths.vaultsync_home() / "config.toml"
    config.write_text(f'[learn]\nmodel_command = "{fake_model_command()}"\n', encoding="utf-8")
    for i in (1, 2, 3):
        _proposal_note(vault, i, "release-python-package", RELEASE)
    monkeypatch.setenv("FAKE_MODEL_MODE", "draft")
    report = learn.run(vault, load_config(vault), daily=False, weekly=True, now=NOW)
    assert report.drafts == ["skills/drafts/release-python-package/SKILL.md"]
    assert report.model_calls == 1
    text = (vault / report.drafts[0]).read_text(encoding="utf-8")
    assert (
        "published to PyPI" in text
        and validate_skill(vault / "skills/drafts/release-python-package") == []
    )

    for i in (4, 5, 6):
        _proposal_note(vault, i, "debug-failing-test", DEBUG)
    monkeypatch.setenv("FAKE_MODEL_MODE", "bad_draft")
    report = learn.run(vault, load_config(vault), daily=False, weekly=True, now=NOW)
    assert report.drafts == ["skills/drafts/debug-failing-test/SKILL.md"]
    assert report.model_calls == 2 and "drafted offline" in report.warnings[0]
    assert validate_skill(vault / "skills/drafts/debug-failing-test") == []


def test_an_existing_draft_is_never_overwritten(vault: Path) -> None:
    mine = vault / "skills/drafts/release-python-package/SKILL.md"
    mine.parent.mkdir(parents=True)
    mine.write_text(
        "---\nname: release-python-package\ndescription: mine\n---\n# edited by me\n", "utf-8"
    )
    for i in (1, 2, 3):
        _proposal_note(vault, i, "release-python-package", RELEASE)
    learn.run(vault, load_config(vault), daily=False, weekly=True, offline=True, now=NOW)
    assert mine.read_text(encoding="utf-8").endswith("# edited by me\n")


def test_a_broken_proposal_is_skipped_with_a_warning(vault: Path) -> None:
    for i in (1, 2, 3):
        _proposal_note(vault, i, "release-python-package", RELEASE)
    broken = vault / "skills/proposals/broken.md"
    broken.write_text("---\nskill: [oops\n---\n", encoding="utf-8")
    report = learn.run(
        vault,
        load_config(vault),
        daily=False,
        weekly=True,
        offline=True,
        now=dt.datetime(2026, 11, 29, tzinfo=dt.UTC),
    )
    assert report.drafts and any("broken.md" in w for w in report.warnings)
    assert broken.read_text(encoding="utf-8") == "---\nskill: [oops\n---\n"
