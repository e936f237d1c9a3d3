"""The real Obsidian help vault (519 notes in English, Chinese and Japanese): rebuild and search."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from shared_corpora import CORPORA

from vaultsync.core.config import Config, load_config
from vaultsync.services.derived.reconcile import ReconcileReport, rebuild
from vaultsync.services.recall.search import search

Corpus = tuple[Path, Config, int, ReconcileReport]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Corpus:
    """A copy of the corpus, rebuilt once for the module (the tests only read it)."""
    source = CORPORA / "obsidian-help"
    if not source.is_dir():
        pytest.skip(f"corpus not found at {source}")
    root = tmp_path_factory.mktemp("corpus")
    vault = root / "vault"
    shutil.copytree(source, vault)
    original = len(list(vault.rglob("*.md")))
    # Lexical only: these tests check the words' index; the slow recall eval embeds this vault.
    (vault / ".vaultsync").mkdir(exist_ok=True)
    (vault / ".vaultsync" / "config.toml").write_text('[search]\nsemantic = "off"\n')
    cfg = load_config(vault)
    cfg = Config(vault, root / "index.sqlite", cfg.data)
    return vault, cfg, original, rebuild(vault, cfg)


def test_rebuild_indexes_every_note_without_errors(corpus: Corpus) -> None:
    vault, _, original, report = corpus
    assert original == 519
    assert report.errors == 0, report.error_messages
    # every note, plus USER.md and AGENT.md if rebuild generated them
    assert report.notes == len(list(vault.rglob("*.md")))
    assert report.notes >= original


def _found(corpus: Corpus, query: str) -> list[str]:
    vault, cfg, _, _ = corpus
    return [hit.path for hit in search(vault, cfg, query, limit=1000)]


def _containing(vault: Path, word: str) -> set[str]:
    return {
        p.relative_to(vault).as_posix()
        for p in vault.rglob("*.md")
        if word in p.read_text(encoding="utf-8")
    }


def test_english(corpus: Corpus) -> None:
    assert (
        _found(corpus, "selective sync")[0]
        == "en/Obsidian Sync/Sync settings and selective syncing.md"
    )
    assert _found(corpus, "graph view")[0] == "en/Plugins/Graph view.md"
    assert _found(corpus, "canvas")[0] == "en/Plugins/Canvas.md"


@pytest.mark.parametrize("word", ["同步", "插件", "链接"])
def test_chinese_words_find_every_note_containing_them(corpus: Corpus, word: str) -> None:
    expected = _containing(corpus[0], word)
    assert len(expected) > 10
    assert set(_found(corpus, word)) == expected  # unicode61 alone finds 17 of the 51 for 同步


@pytest.mark.parametrize("word", ["同期", "プラグイン", "リンク"])
def test_japanese_words_find_every_note_containing_them(corpus: Corpus, word: str) -> None:
    expected = _containing(corpus[0], word)
    assert len(expected) > 10
    assert set(_found(corpus, word)) == expected


def test_cjk_queries_rank_the_right_note_first(corpus: Corpus) -> None:
    assert _found(corpus, "核心插件")[0] == "zh/插件/插件.md"
    assert _found(corpus, "ノートを同期")[0] == "ja/はじめに/デバイス間でノートを同期する.md"
    assert _found(corpus, "官方同步简介")[0] == "zh/Obsidian Sync/Obsidian 官方同步简介.md"
