"""USER.md, AGENT.md and context files: selection, ranking, budgets, templates, golden output."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vaultsync.core import config as config_mod
from vaultsync.core import paths
from vaultsync.core.model import Level, Scope
from vaultsync.core.properties import render_frontmatter, split_frontmatter
from vaultsync.core.schema import memory_props
from vaultsync.core.text import estimate_tokens
from vaultsync.services.derived import generate as gen
from vaultsync.storage.memory import effective_level
from vaultsync.storage.note import parse_note, read_note
from vaultsync.storage.render import TemplateError, builtin_template, parse

REPO = Path(__file__).resolve().parents[2]
GOLDEN = REPO / "tests" / "golden" / "generate"
EXAMPLE = REPO / "vault-example"


def check_golden(name: str, text: str) -> None:
    """Compare with tests/golden/generate/<name>; UPDATE_GOLDEN=1 rewrites the file."""
    target = GOLDEN / name
    if os.environ.get("UPDATE_GOLDEN") == "1":
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    assert target.exists(), f"missing golden file {target}; run with UPDATE_GOLDEN=1"
    assert text == target.read_text(encoding="utf-8"), f"{name} differs from its golden file"


def write_memory(
    vault: Path,
    title: str,
    *,
    scope: Scope = Scope.USER,
    folder: Level = Level.L2,
    level: Level | None = None,
    priority: int = 0,
    updated: str = "2026-11-20T10:00:00Z",
    project: str = "",
    status: str = "confirmed",
    text: str = "",
    name: str | None = None,
) -> str:
    props = memory_props(
        level=level or folder,
        scope=scope,
        agent="claude-code",
        session_id="s1",
        project=project,
        created="2026-11-01T10:00:00Z",
        source_rel="summaries/2026/11/s1.md",
        priority=priority,
        status=status,
    )
    props["updated"] = updated
    rel = f"{paths.LEVEL_DIRS[folder]}/{name or title}.md"
    body = f"# {title}\n\n{text or title + ' in detail.'}\n\nFrom [[summaries/2026/11/s1]].\n"
    (vault / rel).parent.mkdir(parents=True, exist_ok=True)
    (vault / rel).write_text(render_frontmatter(props) + "\n" + body, encoding="utf-8")
    return rel


def write_summary(vault: Path, title: str, project: str, created: str, body: str) -> str:
    rel = f"summaries/2026/11/{title}.md"
    props = {
        "type": "summary",
        "agent": "codex",
        "project": project,
        "created": created,
        "updated": created,
    }
    (vault / rel).parent.mkdir(parents=True, exist_ok=True)
    (vault / rel).write_text(render_frontmatter(props) + f"\n# {title}\n\n{body}", encoding="utf-8")
    return rel


def cfg(vault: Path, **budgets: object) -> config_mod.Config:
    if budgets:
        lines = "\n".join(
            f"{k} = {str(v).lower() if isinstance(v, bool) else v}" for k, v in budgets.items()
        )
        # This machine's config: `include_candidates` is not a shared (vault config) setting.
        user = paths.vaultsync_home() / "config.toml"
        user.write_text(f"[budgets]\n{lines}\n", encoding="utf-8")
    return config_mod.load_config(vault)


# ---------------------------------------------------------------------------------------------
# golden output on the example vault


@pytest.fixture
def example(tmp_path: Path) -> Path:
    target = tmp_path / "example"
    shutil.copytree(EXAMPLE, target)
    return target


def test_example_vault_golden(example: Path) -> None:
    result = gen.generate_from_vault(example, config_mod.load_config(example))
    assert result.written == ("USER.md", "AGENT.md")
    check_golden("example-USER.md", (example / "USER.md").read_text(encoding="utf-8"))
    check_golden("example-AGENT.md", (example / "AGENT.md").read_text(encoding="utf-8"))
    for project, name in (
        ("github.com/mei-lin/blog-pipeline", "example-context-blog-pipeline.md"),
        ("github.com/mei-lin/csv-tidy", "example-context-csv-tidy.md"),
    ):
        context = paths.context_dir(example) / f"{paths.project_key(project)}.md"
        check_golden(name, context.read_text(encoding="utf-8"))
    # No memory or summary without a project: the global context file is empty.
    assert (paths.context_dir(example) / f"{paths.project_key('')}.md").read_text() == ""


def test_example_vault_generated_notes_are_obsidian_native(example: Path) -> None:
    gen.generate_from_vault(example, config_mod.load_config(example))
    for name in ("USER.md", "AGENT.md"):
        note = read_note(example, name)
        assert note.warning is None
        assert note.props["type"] == "generated" and note.props["generated_by"] == "vaultsync"
        assert note.props["tags"] == ["vaultsync/generated"]
        assert isinstance(note.props["budget_tokens"], int)
        assert "a line you add becomes a candidate" in note.body
        # Every entry links back to a memory note that exists.
        for target in note.links:
            assert (example / f"{target}.md").is_file(), target


def test_example_vault_levels_and_scopes(example: Path) -> None:
    gen.generate_from_vault(example, config_mod.load_config(example))
    user = (example / "USER.md").read_text(encoding="utf-8")
    agent = (example / "AGENT.md").read_text(encoding="utf-8")
    # Unreviewed candidates stay out by default; the note a person moved to L2 is in.
    assert "Never push without asking" not in user
    assert "Prefers pytest with plain asserts" in user
    assert "jq lives at" in agent and "jq lives at" not in user
    assert user.index("Core (L3)") < user.index("Confirmed (L2)")


def test_generation_is_deterministic_and_writes_only_on_change(example: Path) -> None:
    config = config_mod.load_config(example)
    gen.generate_from_vault(example, config)
    user = example / "USER.md"
    before = (user.read_bytes(), user.stat().st_mtime_ns)
    contexts = {p: p.stat().st_mtime_ns for p in paths.context_dir(example).iterdir()}
    again = gen.generate_from_vault(example, config)
    assert again.written == () and again.contexts_written == ()
    assert (user.read_bytes(), user.stat().st_mtime_ns) == before
    assert {p: p.stat().st_mtime_ns for p in paths.context_dir(example).iterdir()} == contexts


# ---------------------------------------------------------------------------------------------
# selection and ranking


def test_rank_level_then_priority_then_recency_then_path(vault: Path) -> None:
    write_memory(vault, "l2 old", updated="2026-01-01T00:00:00Z")
    write_memory(vault, "l2 new", updated="2026-06-01T00:00:00Z")
    write_memory(vault, "l2 high", priority=3, updated="2025-01-01")
    write_memory(vault, "l3 low", folder=Level.L3)
    write_memory(vault, "l2 new2", updated="2026-06-01T00:00:00Z")
    result = gen.generate_from_vault(vault, cfg(vault), write=False)
    user = result.by_name["USER.md"]
    assert [Path(rel).stem for rel in user.included] == [
        "l3 low",
        "l2 high",
        "l2 new",
        "l2 new2",
        "l2 old",
    ]


def test_folder_wins_over_level_property(vault: Path) -> None:
    moved = write_memory(vault, "moved up", folder=Level.L3, level=Level.L1)
    demoted = write_memory(vault, "moved down", folder=Level.L1, level=Level.L3)
    assert effective_level(read_note(vault, moved)) is Level.L3
    assert effective_level(read_note(vault, demoted)) is Level.L1
    loose = parse_note("notes/x.md", "---\ntype: memory\nlevel: 2\n---\n# x\n")
    assert effective_level(loose) is Level.L2
    assert effective_level(parse_note("notes/y.md", "---\ntype: memory\n---\n")) is Level.L1
    user = gen.generate_from_vault(vault, cfg(vault), write=False).by_name["USER.md"]
    assert user.included == (moved,)


def test_candidates_only_when_configured(vault: Path) -> None:
    rel = write_memory(vault, "a candidate", folder=Level.L1, status="candidate")
    assert gen.generate_from_vault(vault, cfg(vault), write=False).by_name["USER.md"].included == ()
    on = gen.generate_from_vault(vault, cfg(vault, include_candidates=True), write=False)
    assert on.by_name["USER.md"].included == (rel,)
    assert "Candidates (L1, unreviewed)" in on.by_name["USER.md"].text


def test_archived_rejected_and_unscoped_memories_are_left_out(vault: Path) -> None:
    keep = write_memory(vault, "kept")
    write_memory(vault, "rejected", status="rejected")
    archived = vault / "archive/2026-11-01/memories/L2-confirmed/old.md"
    archived.parent.mkdir(parents=True)
    shutil.copy(vault / keep, archived)
    (vault / "memories/L2-confirmed/noscope.md").write_text(
        "---\ntype: memory\nlevel: L2\n---\n# no scope\n", encoding="utf-8"
    )
    notes = [
        read_note(vault, keep),
        read_note(vault, "archive/2026-11-01/memories/L2-confirmed/old.md"),
    ]
    assert [n.rel for n in gen.select(notes, Scope.USER)] == [keep]
    user = gen.generate_from_vault(vault, cfg(vault), write=False).by_name["USER.md"]
    assert user.included == (keep,)


def test_broken_yaml_and_invalid_utf8_memories_do_not_stop_generation(vault: Path) -> None:
    good = write_memory(vault, "good one")
    (vault / "memories/L2-confirmed/broken.md").write_text(
        "---\ntype: memory\nscope: [user\n---\n# broken\n", encoding="utf-8"
    )
    bad = write_memory(vault, "bytes", name="bytes")
    raw = (vault / bad).read_bytes().replace(b"bytes in detail.", b"caf\xe9 in detail.")
    (vault / bad).write_bytes(raw)
    result = gen.generate_from_vault(vault, cfg(vault))
    user = result.by_name["USER.md"]
    assert good in user.included and bad in user.included
    assert "memories/L2-confirmed/broken.md" not in user.included
    assert (vault / "USER.md").read_text(encoding="utf-8").count("\ufffd") == 1


def test_scope_agent_and_project(vault: Path) -> None:
    agent = write_memory(vault, "jq path", scope=Scope.AGENT)
    proj = write_memory(vault, "make site", scope=Scope.PROJECT, project="github.com/a/blog")
    result = gen.generate_from_vault(vault, cfg(vault), write=False)
    assert result.by_name["AGENT.md"].included == (agent,)
    assert result.by_name["context:github.com/a/blog"].included == (proj,)
    assert result.by_name["context:"].included == ()


# ---------------------------------------------------------------------------------------------
# budgets


def test_whole_file_within_budget_and_overflow_reported(vault: Path) -> None:
    rels = [
        write_memory(vault, f"fact {i:02d}", priority=20 - i, text="word " * 30) for i in range(20)
    ]
    result = gen.generate_from_vault(vault, cfg(vault, user_md_tokens=300))
    user = result.by_name["USER.md"]
    text = (vault / "USER.md").read_text(encoding="utf-8")
    assert estimate_tokens(text) <= 300
    assert user.included == tuple(rels[: len(user.included)])  # best first
    assert set(user.included) | set(user.omitted) == set(rels)
    assert result.omitted("USER.md") == user.omitted and user.omitted
    assert f"{len(user.omitted)} more left out to stay within 300 tokens." in text
    assert f"omitted: {len(user.omitted)}" in text
    check_golden("tight-USER.md", text)


def test_a_long_entry_is_skipped_and_shorter_ones_still_fit(vault: Path) -> None:
    # The detail is capped at a paragraph's worth, the title is not.
    long = write_memory(vault, "tok " * 200, priority=9, name="long")
    short = write_memory(vault, "short", priority=1)
    user = gen.generate_from_vault(vault, cfg(vault, user_md_tokens=200), write=False).by_name[
        "USER.md"
    ]
    assert user.included == (short,) and user.omitted == (long,)


def test_budget_smaller_than_the_header_keeps_the_header(vault: Path) -> None:
    write_memory(vault, "x")
    user = gen.generate_from_vault(vault, cfg(vault, user_md_tokens=5), write=False).by_name[
        "USER.md"
    ]
    assert user.included == () and user.text.startswith("---\ntype: generated\n")


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    facts=st.lists(
        st.tuples(
            st.text(alphabet="abc 短句xyz", min_size=1, max_size=60).filter(str.strip),
            st.integers(0, 3),
        ),
        max_size=12,
    ),
    budget=st.integers(120, 600),
)
def test_budget_holds_for_any_memories(facts: list[tuple[str, int]], budget: int) -> None:
    template = parse(builtin_template("USER.md.tmpl"))
    notes = []
    for i, (text, priority) in enumerate(facts):
        props = memory_props(
            level=Level.L2,
            scope=Scope.USER,
            agent="a",
            session_id="s",
            project="",
            created="2026-11-01",
            source_rel="summaries/s.md",
            priority=priority,
        )
        notes.append(
            parse_note(
                f"memories/L2-confirmed/m{i}.md", render_frontmatter(props) + f"# m{i}\n\n{text}\n"
            )
        )
    chosen = gen.select(notes, Scope.USER)
    rendered = gen.render_memory_file("USER.md", Scope.USER, chosen, budget, template)
    assert rendered.tokens <= budget
    assert len(rendered.included) + len(rendered.omitted) == len(notes)


def test_context_budget_is_what_user_and_agent_md_leave(vault: Path) -> None:
    project = "github.com/a/csv"
    for i in range(30):
        write_memory(vault, f"p{i:02d}", scope=Scope.PROJECT, project=project, text="data " * 20)
    write_memory(vault, "user fact", text="words " * 40)
    config = cfg(vault, context_tokens=600)
    result = gen.generate_from_vault(vault, config)
    ctx = result.by_name[f"context:{project}"]
    used = sum(estimate_tokens(split_frontmatter(r.text)[1]) for r in result.files[:2])
    assert ctx.budget == 600 - gen.STATUS_RESERVE_TOKENS - used
    assert 0 < ctx.tokens <= ctx.budget and ctx.omitted
    # What the hook injects (status line + USER.md + AGENT.md bodies + context) fits.
    assert used + ctx.tokens + gen.STATUS_RESERVE_TOKENS <= 600


def test_context_summaries_latest_three_and_key_lines(vault: Path) -> None:
    project = "github.com/a/csv"
    for day in range(1, 6):
        write_summary(
            vault,
            f"session {day}",
            project,
            f"2026-11-0{day}T10:00:00Z",
            "## Asked\n\nFix dates.\n\n## Done\n\n- edited\n\n## Learned\n\n- day-first\n- more\n"
            "\n## Next steps\n\n- docs\n",
        )
    write_summary(vault, "freeform", "other", "2026-11-09", "First line.\n\nSecond line.\n")
    result = gen.generate_from_vault(vault, cfg(vault))
    ctx = result.by_name[f"context:{project}"]
    assert [Path(r).stem for r in ctx.included] == ["session 5", "session 4", "session 3"]
    assert "  - Fix dates.\n  - day-first\n  - docs\n" in ctx.text
    assert "edited" not in ctx.text
    assert "  - First line.\n  - Second line.\n" in result.by_name["context:other"].text


def test_stale_context_files_are_removed(vault: Path) -> None:
    write_memory(vault, "p", scope=Scope.PROJECT, project="gone/project")
    config = cfg(vault)
    gen.generate_from_vault(vault, config)
    stale = paths.context_dir(vault) / f"{paths.project_key('gone/project')}.md"
    assert stale.exists()
    (vault / "memories/L2-confirmed/p.md").unlink()
    (paths.context_dir(vault) / "notes.txt").write_text("not ours")
    result = gen.generate_from_vault(vault, config)
    assert stale in result.contexts_removed and not stale.exists()
    assert (paths.context_dir(vault) / "notes.txt").exists()


# ---------------------------------------------------------------------------------------------
# writing and templates


def test_a_persons_own_user_md_is_never_overwritten(vault: Path) -> None:
    write_memory(vault, "fact")
    mine = "# My own USER.md\n\nHand written.\n"
    (vault / "USER.md").write_text(mine, encoding="utf-8")
    result = gen.generate_from_vault(vault, cfg(vault))
    assert (vault / "USER.md").read_text(encoding="utf-8") == mine
    assert result.written == ("AGENT.md",)
    assert any("USER.md exists and was not generated by vaultsync" in w for w in result.warnings)


def test_vault_template_override_and_config_key(vault: Path) -> None:
    write_memory(vault, "fact one")
    override = vault / paths.TEMPLATE_OVERRIDE_DIR / "USER.md.tmpl"
    override.parent.mkdir(parents=True, exist_ok=True)
    override.write_text(
        "# Me\n{{#each sections}}\n{{#each entries}}\n* {{title}} {{link}}\n{{/each}}\n{{/each}}\n",
        encoding="utf-8",
    )
    gen.generate_from_vault(vault, cfg(vault))
    body = split_frontmatter((vault / "USER.md").read_text(encoding="utf-8"))[1]
    assert body == "# Me\n* fact one [[memories/L2-confirmed/fact one]]\n"

    (vault / "agent.tmpl").write_text("# Env ({{budget}})\n", encoding="utf-8")
    (vault / paths.VAULT_CONFIG).write_text('[templates]\nagent_md = "agent.tmpl"\n')
    gen.generate_from_vault(vault, config_mod.load_config(vault))
    assert (vault / "AGENT.md").read_text(encoding="utf-8").endswith("---\n# Env (800)\n")


def test_a_broken_override_fails_loudly_and_writes_nothing(vault: Path) -> None:
    write_memory(vault, "fact")
    override = vault / paths.TEMPLATE_OVERRIDE_DIR / "USER.md.tmpl"
    override.parent.mkdir(parents=True, exist_ok=True)
    override.write_text("{{#each sections}}{{titel}}{{/each}}", encoding="utf-8")
    with pytest.raises(TemplateError, match="unknown name 'titel'"):
        gen.generate_from_vault(vault, cfg(vault))
    assert not (vault / "USER.md").exists()


# ---------------------------------------------------------------------------------------------
# through the real index


def test_generate_all_through_the_real_index(example: Path) -> None:
    from vaultsync.services.derived import reconcile
    from vaultsync.storage.index import Index

    config = config_mod.load_config(example)
    report = reconcile.rebuild(example, config)
    assert set(report.generated) == {"USER.md", "AGENT.md"}
    expected = gen.generate_from_vault(example, config, write=False)
    for name in ("USER.md", "AGENT.md"):
        assert (example / name).read_text(encoding="utf-8") == expected.by_name[name].text
    with Index.open(config.index_file()) as index:
        assert gen.generate_all(example, config, index) == ()
        (example / "USER.md").unlink()
        assert gen.generate_all(example, config, index) == ("USER.md",)


def test_a_memory_moved_out_of_its_folder_counts_from_the_files_as_from_the_index(
    vault: Path,
) -> None:
    """Seen by hand: a memory moved to a folder of the person's was in USER.md after the
    watcher's pass (the index) and not in `vaultsync me` (the files), nor after a sync."""
    from vaultsync.services.derived.reconcile import rebuild

    rel = write_memory(vault, "Always use uv, never pip")
    write_memory(vault, "Tabs, not spaces")
    (vault / "Personal" / "Prefs").mkdir(parents=True)
    (vault / rel).rename(vault / "Personal" / "Prefs" / "uv.md")
    (vault / "notes").mkdir(exist_ok=True)
    (vault / "notes" / "howto.md").write_text(  # the words in a body are no type
        "---\ntitle: How memories work\n---\n\ntype: memory\n\nAlways use uv, never pip\n"
    )
    rebuild(vault, cfg(vault))
    from_index = (vault / "USER.md").read_text(encoding="utf-8")
    from_files = gen.generate_from_vault(vault, cfg(vault), write=False).by_name["USER.md"].text
    assert "[[Personal/Prefs/uv]]" in from_index
    assert from_files == from_index
    assert "How memories work" not in from_files
