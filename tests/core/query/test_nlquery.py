from __future__ import annotations

import sqlite3
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vaultsync.core.query import nlquery
from vaultsync.core.text import segment


def test_english_question_keeps_content_words_only() -> None:
    found = nlquery.terms("Which message queue did we pick for the billing service, and why?")
    assert found == ["messag*", "queu*", "pick*", "bill*", "servic*"]


def test_inflections_share_a_stem() -> None:
    stems = {nlquery.stem(w) for w in ("validated", "validates", "validating")}
    assert stems == {"validat"}
    assert nlquery.stem("validation").startswith("valid")
    assert "validat".startswith(nlquery.stem("validation"))
    # a consonant doubled before the suffix is one in the word; the word's own double stays
    found = [nlquery.stem(w) for w in ("plotting", "committed", "setting", "billing", "passing")]
    assert found == ["plot", "commit", "sett", "bill", "pass"]


def test_chinese_function_words_go_and_words_become_bigrams() -> None:
    found = nlquery.terms("我们上次为什么选择了Redis作为缓存？")
    assert "缓存" in found and "选择" in found and "redi*" in found
    assert not {"我们", "上次", "为什么", "了", "什么"} & set(found)
    # content characters that begin words are not stopwords
    assert "前端" in nlquery.terms("前端用的是什么框架")


def test_japanese_drops_hiragana_grammar() -> None:
    found = nlquery.terms("前回のデータベース移行で何が起きましたか")
    assert "データベース" in found and "移行" in found
    assert not any(ch in "のでがました" for term in found for ch in term)


def test_match_any_is_an_or_of_quoted_terms() -> None:
    assert nlquery.match_any("how do we deploy the router?") == '"deploy"* OR "rout"*'
    assert nlquery.match_any("the of and ???") is None
    assert nlquery.match_any("") is None
    # a Chinese software word also searches its English word (core/query/term_map.py), after it
    assert nlquery.match_any("修复") == '"' + segment("修复") + '" OR "fix"*'


def test_cjk_software_words_add_their_english_words_after_the_question_s_own() -> None:
    found = nlquery.terms("parquet 写入的内存泄漏是怎么修好的？")
    assert found[:6] == ["parquet*", "写入", "内存", "存泄", "泄漏", "修好"]
    assert set(found[6:]) == {"fix*", "memor*", "leak*", "writ*"}  # memory, memories
    assert "queu*" in nlquery.terms("消息队列") and "messag*" in nlquery.terms("消息队列")
    assert nlquery.terms("how did we fix it?") == ["fix*"]  # English is never expanded
    assert nlquery.terms("修复", expand=False) == ["修复"]
    many = nlquery.terms("修复" * 40 + "数据库迁移")
    assert len(many) <= nlquery.MAX_TERMS


def test_looks_natural() -> None:
    natural = [
        "which message queue did we pick?",
        "how did we fix the flaky login test",
        "we decided to move the cache to redis",
        "上次的数据库迁移是怎么做的",
        "データベースはどれを使っていますか",
    ]
    exact = ["router timeout", '"lock file"', "deploy*", "router OR proxy", "修复", "", "  "]
    assert all(nlquery.looks_natural(q) for q in natural)
    assert not any(nlquery.looks_natural(q) for q in exact)


_DB = sqlite3.connect(":memory:")
_DB.execute("CREATE VIRTUAL TABLE f USING fts5(body, tokenize='unicode61 remove_diacritics 2')")
_DB.execute("INSERT INTO f VALUES (?)", (segment("validation of the 消息队列 router"),))


@settings(deadline=None)  # the first example compiles the module's lazy patterns
@given(st.text())
def test_no_input_breaks_fts5(text: str) -> None:
    expression = nlquery.match_any(text)
    assert nlquery.looks_natural(text) in (True, False)
    if expression is not None:
        _DB.execute("SELECT rowid FROM f WHERE f MATCH ?", (expression,)).fetchall()


def test_hook_safe_imports() -> None:
    code = (
        "import sys, vaultsync.core.query.nlquery as n; n.match_any('which queue?');"
        "bad = {'typing', 'dataclasses', 'yaml', 'typer'} & set(sys.modules);"
        "print(sorted(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_korean_words_are_their_stems_without_particles() -> None:
    assert nlquery.terms("설정은 어디서 읽어요?", expand=False) == ["설정", "읽어"]
    assert nlquery.terms("큐는 뭐 써요", expand=False) == ["큐"]
    # a particle of one syllable that often ends a noun comes off a longer word only
    assert nlquery.terms("경로 라이브러리가", expand=False) == ["경로", "라이브러리"]
    # and the English words of its software terms (core/query/term_map.py)
    assert {"format*", "queu*"} <= set(nlquery.terms("코드 포매터, 큐"))


def test_the_term_map_gives_formatting_and_submitting() -> None:
    assert "format*" in nlquery.translations("代码格式化用什么工具")
    assert "submit*" in nlquery.translations("怎么提交到应用商店")
    assert "submit*" in nlquery.translations("ストアへの提出")


def test_japanese_lone_kanji_keeps_its_inflecting_kana() -> None:
    found = nlquery.terms("間違えて上書きしたノートを前の状態に戻したい")
    assert "戻" in found and "戻し" in found  # the verb, beside the character
    assert "前の" not in found and "態に" not in found  # a particle is not an inflection
    assert "整し" not in nlquery.terms("見た目を調整したい")  # only a lone kanji
    assert not any(t.endswith(("の", "に", "を")) for t in found)


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("我们是怎么配置 Elasticsearch 集群的？", ["elasticsearch*"]),
        ("How did we set up the GraphQL gateway?", ["graphql*"]),
        ("What did we decide about Kubernetes autoscaling?", ["kubernet*"]),
        ("how do we handle GDPR deletion and oauth2 in iOS", ["gdpr*", "oauth2*", "ios*"]),
        # the first word of a sentence, dates and plain words are no names
        ("Router timeout. Why did it fail on Monday in July?", []),
        ("how did we fix the router timeout", []),
    ],
)
def test_anchors_are_the_words_written_as_names(text: str, names: list[str]) -> None:
    assert nlquery.anchors(text) == names


@given(st.text(alphabet="ab .!?。:\n\t Xy", max_size=40), st.integers(min_value=0, max_value=40))
def test_a_sentence_start_is_read_as_the_text_before_it_says(text: str, at: int) -> None:
    """The backwards scan agrees with reading the whole text before the word."""
    import re

    at = min(at, len(text))
    before = text[:at]
    expected = not before.strip() or bool(re.search(r"[.!?。！？:：]\s*$", before))
    assert nlquery._starts_sentence(text, at) == expected


def test_names_in_a_long_paste_cost_each_word_once() -> None:
    """A 220 KB prompt of 8,000 names took 7.6 s when each word re-read the text before it;
    the hook reads every prompt."""
    import time

    text = " ".join(f"the Widget{i} and then Foo" for i in range(8000))
    started = time.process_time()  # CPU time: a loaded machine stretches wall time
    found = nlquery.anchors(text)
    assert len(found) == 8001
    assert time.process_time() - started < 2.5


def test_a_word_ending_in_y_shares_its_stem_with_its_plural() -> None:
    assert nlquery.stem("dependency") == nlquery.stem("dependencies") == "dependenc"
    assert nlquery.stem("library") == nlquery.stem("libraries")
    assert nlquery.stem("deploy") == "deploy" and nlquery.stem("retry") == "retry"


def test_still_and_in_the_end_ask_what_is_true_now() -> None:
    for question in ("Is tally still built on cobra?", "forecast 还在用 Poetry 管依赖吗？",
                     "画面遷移はまだ Compose Destinations ですか？", "命令行解析最后用的是哪个库？",
                     "How do we manage state these days?"):  # fmt: skip
        assert nlquery.understand(question).intent == "decided", question
    # another intent wins; "the last time" is no decision
    assert nlquery.understand("The login still fails after the fix").intent == "fixed"
    assert nlquery.understand("最后一次部署是什么时候？").intent != "decided"


def test_a_polite_request_s_formulas_are_not_terms() -> None:
    # keigo holds more words of politeness than of its subject: relevance wants half the terms
    found = nlquery.terms(
        "お手数ですが、検索ボックスに加えた変更と、その理由をお教えいただけますか。"
    )
    assert not {"手数", "教", "教え", "理由"} & set(found)
    assert "検索" in found and "ボックス" in found
    found = nlquery.terms("恐れ入りますが、改めてご教示いただけますと幸いです。スタイルの方針")
    assert not {"恐", "恐れ", "改", "改め", "教示", "幸", "幸い"} & set(found)
    assert "方針" in found
    # 把 only marks the object: 把 SearchBox 改了 is about SearchBox
    assert nlquery.terms("把 SearchBox 改了")[:2] == ["searchbox*", "改"]
    # colloquial question words: 啥 (什么), 咋 (怎么), 来着 (asking to be reminded)
    assert nlquery.terms("那个限流方案是啥来着？")[:3] == ["限流", "流方", "方案"]
    assert "咋" not in "".join(nlquery.terms("缓存咋配的"))


def test_plotting_and_notebook_words_carry_their_english_words() -> None:
    assert "plot*" in nlquery.terms("按现在的画图方案来")
    assert "notebook*" in nlquery.terms("churn ノートブック")
    assert "dataset*" in nlquery.terms("数据集放在哪里")


def test_traditional_chinese_words_of_software_work_have_their_english_words() -> None:
    # a question in traditional Chinese about a session held in English or Korean: 搜尋, 多語系,
    # 遷移, 套件 are not the simplified 搜索, 多语言, 迁移 the map knew
    assert "search*" in nlquery.translations("上週 quill 的搜尋頁改了什麼？")
    assert "i18n*" in nlquery.translations("quill 的多語系現在怎麼做？")
    assert "migr*" in nlquery.translations("rivet 的遷移檔是用什麼工具跑的？")
    assert "packag*" in nlquery.translations("rivet 資料庫存取現在用哪個套件？")


def test_a_question_that_is_only_a_file_path_names_that_file() -> None:
    # its file name is what it is about (a vault that never mentions it holds nothing about
    # it) and the newest note about it answers
    assert nlquery.anchors("lib/web/controllers/billing_controller.ex") == ["bill*", "controll*"]
    assert nlquery.anchors("Podfile.lock?") == ["podfil*"]
    assert nlquery.understand("lib/queue/consumer.ex").intent == "decided"
    # a version, an abbreviation or a sentence naming a file is not a path alone
    for text in ("v1.2", "e.g.", "what about node.js?", "why does src/app.py fail"):
        assert nlquery.path_only(text) == ""
    assert nlquery.understand("why does src/app.py fail").intent != "decided"


def test_a_long_task_prompt_is_judged_on_the_question_it_asks() -> None:
    """nlquery.asked_part: of a long prompt (LONG_PROMPT terms or more) with a question among
    other sentences, the question; every other prompt as it is."""
    task = (
        "Add a soft-delete column to the invoices table and write the migration for it. "
        "Which ORM is heron on now, so the migration goes in the right place? "
        "Keep the existing naming conventions and add a unit test for the repository."
    )
    assert nlquery.asked_part(task) == (
        "Which ORM is heron on now, so the migration goes in the right place?"
    )
    zh = (
        "给 heron 的 /reports 接口加上分页和排序参数，响应格式保持不变。"
        "heron 现在用的是哪个 ORM？按它的写法来写查询，顺便补上 e2e 测试。"
    )
    assert nlquery.asked_part(zh) == "heron 现在用的是哪个 ORM？"
    ja = (
        "heron の請求書に支払期日のカラムを追加して、マイグレーションも作ってください。"
        "いま heron はどの ORM を使っていますか？ 既存の書き方に合わせてください。"
    )
    assert nlquery.asked_part(ja) == "いま heron はどの ORM を使っていますか？"
    # a short question, a long task that asks nothing, a prompt of questions only: as they are
    short = "We moved heron last month. Which ORM is it on?"
    assert nlquery.asked_part(short) == short
    plain = task.replace("?", ".")
    assert nlquery.asked_part(plain) == plain
    asks = "Which ORM is heron on now? Where do its migrations go? Who moved it off TypeORM?"
    assert nlquery.asked_part(asks) == asks
    # a file name's dot ends no sentence
    dotted = (
        "heron's dev server restarts are painfully slow and the build takes forever. "
        "Did anyone swap the compiler in nest-cli.json already? If it is safe, make the change "
        "in nest-cli.json and measure the start time."
    )
    assert nlquery.asked_part(dotted) == "Did anyone swap the compiler in nest-cli.json already?"


def test_already_only_asks() -> None:
    # "did anyone already try X": the note that says X was tried need not say "already"
    assert nlquery.terms("Did anyone already try SWC for heron's build?") == [
        "try*", "swc*", "heron*", "build*",
    ]  # fmt: skip


def test_romaji_and_pinyin_are_read_for_their_subject_and_for_now() -> None:
    """Japanese in romaji and Chinese in pinyin among English words: their particles and
    question words are not terms, and their words of now, still and decided ask what is in
    force (the intent `decided`), as 今 and 现在 do."""
    romaji = "osprey no minSdkVersion tte ima ikutsu dakke?"
    assert nlquery.terms(romaji) == ["osprey*", "minsdkvers*"]
    assert nlquery.understand(romaji).intent == "decided"
    pinyin = "osprey xianzai yong de shi na ge state management? Provider haishi Riverpod?"
    assert nlquery.terms(pinyin) == ["osprey*", "stat*", "manage*", "provid*", "riverpod*"]
    assert nlquery.understand(pinyin).intent == "decided"
    # asking whether something was tried is not asking what is in force
    assert nlquery.understand("osprey de Impeller tte dareka mou tameshita?").intent == ""
    # English with a word or two that are romaji or pinyin too is English
    for text in (
        "Is there no way to run the migration before the deploy?",
        "What did we name the de-dupe job in ma_pipeline?",
        "Which version of ima-sdk do we ship?",
    ):
        assert nlquery.latin_asian(text) == frozenset()
    assert "ima*" in nlquery.terms("Which version of ima sdk do we ship?")
    assert nlquery.understand("Which version of the ima sdk do we ship?").intent != "decided"


def test_a_request_to_check_what_was_decided_is_the_question_of_a_task_prompt() -> None:
    """nlquery.asked_part: "please check whether we already decided X", 请先查一下 … 是多少,
    …か確認して are questions put as orders; their own words are left out."""
    en = (
        "Add a deep link for the order detail page. Before you start, please check whether we "
        "already decided on a routing approach in osprey, and use it. Also add a test."
    )
    assert (
        nlquery.asked_part(en) == ", whether we already decided on a routing approach in osprey, ."
    )
    assert nlquery.terms(nlquery.understand(nlquery.asked_part(en)).rest) == [
        "rout*",
        "approach*",
        "osprey*",
    ]
    zh = (
        "给 osprey 的扫码功能接入 mobile_scanner 插件。开始之前请先查一下我们之前定下来的 Android "
        "最低版本是多少，插件的要求不能超过它。然后在首页加一个扫码入口。"
    )
    asked = nlquery.asked_part(zh)
    assert (
        asked.startswith("我们之前定下来的 Android") and "开始" not in asked and "扫码" not in asked
    )
    assert nlquery.understand(asked).intent == "decided"
    ja = (
        "osprey にお気に入り機能を追加してください。始める前に、状態管理について既に決めたことが"
        "あるか確認して、それに従ってください。ローカル保存は shared_preferences でお願いします。"
    )
    assert "状態管理" in nlquery.asked_part(ja) and "お気に入り" not in nlquery.asked_part(ja)
    # an order to check something in the code, not to look up what was decided: the task
    task = (
        "给 osprey 的首页加上下拉刷新，接口用现有的 ApiClient。"
        "顺便检查一下返回手势在 Android 上正常。最后补一个 widget 测试。"
    )
    assert nlquery.asked_part(task) == task
