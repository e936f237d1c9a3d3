"""Whether a hit is about the question (core/hook/relevance.py)."""

from __future__ import annotations

from vaultsync.core.hook import relevance


def test_coverage_across_languages() -> None:
    from vaultsync.core.query import nlquery

    # an English question about a Japanese note: its words found through their Japanese words
    terms = nlquery.terms("How do we compress images before upload?")
    note = "画像アップロードが遅いです。送信前に画像を圧縮してください。"
    assert relevance.covered(terms, note) == (3, 3)
    # a Chinese question about an English note: judged on the English words of its terms
    question = "parquet 写入的内存泄漏是怎么修好的？"
    terms = nlquery.terms(question)
    added = frozenset(nlquery.translations(question))
    english = "The parquet writer leaked memory; it now flushes every 10,000 rows (fix)."
    found, could = relevance.covered(terms, english, added)
    assert could == len([t for t in terms if t.isascii()]) and found >= 4
    # ... and about a Chinese note, on its own terms only
    chinese = "修好了 parquet 写入的内存泄漏"
    assert relevance.covered(terms, chinese, added) == (len(terms) - len(added),) * 2
    # a Japanese question about a Chinese note: its words found through their shared English
    # words (アラート and 告警 both "alert", ルール and 规则 "rule")
    question = "アラートのルールはどこに書きましたか？"
    terms = nlquery.terms(question)
    added = frozenset(nlquery.translations(question))
    note = "告警规则已写入 deploy/alerts.yml：消费延迟超过 5 分钟"
    found, could = relevance.covered(terms, note, added)
    # ... and the note's own "alerts" holds "alert", the English word アラート was searched with
    assert could == len(terms) - len(added) + 1 and found == 3
    assert relevance.covered(terms, "部署脚本已写好", added)[0] == 0


def test_a_project_name_a_small_number_or_part_of_a_word_is_not_what_a_note_is_about() -> None:
    """The relevance floor's finer rules: each case below was answered before them."""
    from vaultsync.core.query import nlquery

    cov = relevance.covered
    field = frozenset({"fieldkit"})
    edit = "Edit /home/dev/src/fieldkit/app/src/main/java/kit/net/Upload.kt\nPhoto uploads: 60 s"
    # the project's name and a word only in a path: nothing (a path still counts to coverage
    # when the note says something else the question asks)
    assert cov(nlquery.terms("Are we still on Java 11 for fieldkit?"), edit, names=field)[0] == 0
    assert cov(nlquery.terms("fieldkit java photo uploads"), edit, names=field) == (4, 4)
    # a file's own name is what the note is about, asked by name; its directories and its
    # extension are not
    fixed = "The page size is validated now: @Min on the parameter in orders/OrderController.kt."
    assert cov(["quill*", "ordercontroll*"], fixed, names=frozenset({"quill"})) == (1, 2)
    assert cov(nlquery.terms("fieldkit main kt"), edit, names=field)[0] == 0
    # ... and a question made of the name alone is judged on it
    assert cov(["fieldkit*"], edit, names=field) == (1, 1)
    # a one- or two-digit number is asked, never found; a short word only as a whole word
    tally = "tally's version is set by -ldflags in cmd/version.go (2027-01-11 11:00), goreleaser"
    terms = nlquery.terms("tally Go 1.20")
    assert terms == ["tally*", "go", "1", "20"]
    assert cov(terms, tally, names=frozenset({"tally"})) == (0, 4)
    assert cov(["go", "code*"], "We write Go code here", agent="codex") == (2, 2)
    assert cov(["log*"], "the changelog is published") == (0, 1)
    assert cov(["log*"], "every log line is JSON") == (1, 1)
    assert cov(["api*"], "the datapipe service") == (0, 1)
    # the agent counts by its first word, and not inside a session's title
    title = "2027-01-08 1401 codex 4c0f5369\nRewrite the parser with kong"
    assert cov(["code*", "kong"], title, agent="codex") == (1, 2)
    assert cov(["codex", "kong"], title, agent="codex") == (2, 2)
    assert cov(["claude", "code*"], "Fixed the parser", agent="claude-code") == (1, 2)


def test_charts_and_schedulers_are_found_across_languages() -> None:
    """图表 and グラフ say "chart", 调度 and スケジューラー "schedule": a Chinese question
    finds an English note on charts, a Japanese one a Chinese note on scheduling."""
    from vaultsync.core.query import nlquery

    question = "app 的图表用哪个库画？"
    terms = nlquery.terms(question)
    added = frozenset(nlquery.translations(question))
    assert "chart*" in added
    english = "Every chart in the app is drawn with Swift Charts now."
    assert relevance.covered(terms, english, added) == (2, 3)  # app, chart; not library
    question = "quarry のスケジューラーは？"
    terms = nlquery.terms(question)
    added = frozenset(nlquery.translations(question))
    assert relevance.covered(terms, "quarry 的模型由 Dagster 调度", added) == (2, 2)
