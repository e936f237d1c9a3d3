"""What a question asks beyond its words: a window on the person's calendar, an agent, an
intent (core/query/nlquery.understand), in English, Chinese and Japanese."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from vaultsync.core.query import nlquery, timespan

SHANGHAI = timezone(timedelta(hours=8))
# Friday 2026-11-20, 18:00 in the person's zone.
NOW = datetime(2026, 11, 20, 18, 0, tzinfo=SHANGHAI)


def local(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=SHANGHAI)


@pytest.mark.parametrize(
    ("question", "start", "end"),
    [
        ("what did we get done today?", "2026-11-20", "2026-11-21"),
        ("今天我们都做了什么？", "2026-11-20", "2026-11-21"),
        ("今日は何をしましたか？", "2026-11-20", "2026-11-21"),
        ("what did we work on yesterday?", "2026-11-19", "2026-11-20"),
        ("昨天做了哪些工作？", "2026-11-19", "2026-11-20"),
        ("昨日の作業", "2026-11-19", "2026-11-20"),
        ("the day before yesterday", "2026-11-18", "2026-11-19"),
        ("前天干了些什么？", "2026-11-18", "2026-11-19"),
        ("一昨日の作業", "2026-11-18", "2026-11-19"),
        ("this morning", "2026-11-20T00:00", "2026-11-20T12:00"),
        ("今天上午", "2026-11-20T00:00", "2026-11-20T12:00"),
        ("昨天下午", "2026-11-19T12:00", "2026-11-19T18:00"),
        ("what happened on Monday?", "2026-11-16", "2026-11-17"),
        ("周一的工作", "2026-11-16", "2026-11-17"),
        ("月曜日の作業", "2026-11-16", "2026-11-17"),
        # the weekend: the last Saturday and Sunday that have passed
        ("what happened over the weekend?", "2026-11-14", "2026-11-16"),
        ("last weekend", "2026-11-14", "2026-11-16"),
        ("上周末做了什么", "2026-11-14", "2026-11-16"),
        ("先週末の作業", "2026-11-14", "2026-11-16"),
        ("周末改了啥", "2026-11-14", "2026-11-16"),
        ("last week", "2026-11-09", "2026-11-16"),
        ("上周消息队列换成了什么？", "2026-11-09", "2026-11-16"),
        ("先週のクラッシュ", "2026-11-09", "2026-11-16"),
        ("上周一", "2026-11-09", "2026-11-10"),
        ("this week", "2026-11-16", "2026-11-21"),
        ("这周", "2026-11-16", "2026-11-21"),
        ("今週", "2026-11-16", "2026-11-21"),
        ("3 days ago", "2026-11-17", "2026-11-18"),
        ("三天前", "2026-11-17", "2026-11-18"),
        ("3日前", "2026-11-17", "2026-11-18"),
        ("in the last 3 days", "2026-11-18", "2026-11-21"),
        ("last month", "2026-10-01", "2026-11-01"),
        ("on 2026-11-02", "2026-11-02", "2026-11-03"),
        ("on Nov 19", "2026-11-19", "2026-11-20"),
        ("11月19日", "2026-11-19", "2026-11-20"),
        # Korean
        ("어제 뭐 바꿨어?", "2026-11-19", "2026-11-20"),
        ("오늘 한 일", "2026-11-20", "2026-11-21"),
        ("그저께 뭘 고쳤어?", "2026-11-18", "2026-11-19"),
        ("어제 오후", "2026-11-19T12:00", "2026-11-19T18:00"),
        ("어젯밤", "2026-11-19T18:00", "2026-11-20T06:00"),
        ("지난주 Codex가 뭘 했어?", "2026-11-09", "2026-11-16"),
        ("이번 주", "2026-11-16", "2026-11-21"),
        ("지난달", "2026-10-01", "2026-11-01"),
        # traditional Chinese writes the week 週 (and 這, 個, 禮): read as 周, 这, 个, 礼
        ("上週 改了什麼？", "2026-11-09", "2026-11-16"),
        ("上週三", "2026-11-11", "2026-11-12"),
        ("這週", "2026-11-16", "2026-11-21"),
        ("上個禮拜", "2026-11-09", "2026-11-16"),
        ("上上週", "2026-11-02", "2026-11-09"),
        # a part of a weekday of a named week
        ("上週五晚上", "2026-11-13T18:00", "2026-11-14T00:00"),
        ("上周三上午", "2026-11-11T00:00", "2026-11-11T12:00"),
        ("先週の金曜の夜", "2026-11-13T18:00", "2026-11-14T00:00"),
        # Sunday of a named week: 日 and 天 after the week word
        ("上周日", "2026-11-15", "2026-11-16"),
        ("上星期天", "2026-11-15", "2026-11-16"),
        # Korean weekdays: of a named week, alone (the last one, today included), after 지난
        # (the last one before today)
        ("지난주 수요일에 뭐 고쳤어?", "2026-11-11", "2026-11-12"),
        ("금요일에 뭐 했어?", "2026-11-20", "2026-11-21"),
        ("지난 금요일", "2026-11-13", "2026-11-14"),
        ("이번 주 월요일", "2026-11-16", "2026-11-17"),
        # a part of a weekday: "Sunday night", 周六晚上, 水曜の夜, 토요일 밤, 월요일 오전
        ("what got fixed on Sunday night?", "2026-11-15T18:00", "2026-11-16T00:00"),
        ("last Tuesday afternoon", "2026-11-17T12:00", "2026-11-17T18:00"),
        ("给我看看周六晚上改了什么", "2026-11-14T18:00", "2026-11-15T00:00"),
        ("水曜の夜に何を直した？", "2026-11-18T18:00", "2026-11-19T00:00"),
        ("지난 토요일 밤에 뭐 고쳤어?", "2026-11-14T18:00", "2026-11-15T00:00"),
        ("월요일 오전", "2026-11-16T00:00", "2026-11-16T12:00"),
    ],
)
def test_a_time_phrase_is_a_window_in_the_persons_zone(question: str, start: str, end: str) -> None:
    asked = nlquery.understand(question, NOW, SHANGHAI)
    assert asked.start == local(start).astimezone(UTC)
    assert asked.end == local(end).astimezone(UTC)


def test_the_window_follows_the_zone_of_the_person() -> None:
    # 01:00 on Saturday in Shanghai is still Friday in UTC: "yesterday" differs.
    moment = datetime(2026, 11, 21, 1, 0, tzinfo=SHANGHAI)
    there = nlquery.understand("yesterday", moment, SHANGHAI)
    utc = nlquery.understand("yesterday", moment, UTC)
    assert there.start == local("2026-11-20").astimezone(UTC)
    assert utc.start == datetime(2026, 11, 19, tzinfo=UTC)
    assert there.window_keys() == ("2026-11-19T16:00:00", "2026-11-20T16:00:00")


@pytest.mark.parametrize(
    ("question", "scope"),
    [
        ("what did we do yesterday?", "yesterday (2026-11-19)"),
        ("上周 Claude Code 改了哪些文件？", "上周 (2026-11-09 – 2026-11-15), by claude-code"),
        ("先週のクラッシュ", "先週 (2026-11-09 – 2026-11-15)"),
        ("今天上午", "今天上午 (2026-11-20 00:00 – 2026-11-20 12:00)"),
        ("what did codex change?", "by codex"),
        ("router timeout", ""),
    ],
)
def test_the_scope_says_the_days_in_the_persons_zone(question: str, scope: str) -> None:
    # Told "No matches", a person reads which days were searched: the last day of a window
    # is the day before its end, in the person's zone, not UTC's.
    assert nlquery.understand(question, NOW, SHANGHAI).scope(SHANGHAI) == scope


@pytest.mark.parametrize(
    ("question", "agent", "intent"),
    [
        ("Which files did Claude Code change yesterday, and why?", "claude-code", "files"),
        ("昨天 Claude Code 改了哪些文件？为什么？", "claude-code", "files"),
        ("昨日 Codex は何をしましたか？", "codex", "did"),
        ("what did gemini cli do today", "gemini", "did"),
        ("Hermes 今天干了什么？", "hermes", "did"),
        ("What did Cursor change?", "cursor", "changed"),
        ("how did we fix the router timeout?", "", "fixed"),
        ("which message queue do we use now?", "", "decided"),
        ("ETL 现在用的消息队列是哪个？", "", "decided"),
        ("モバイルアプリの状態管理は今何を使っていますか？", "", "decided"),
        ("router timeout", "", ""),
        # what is in force, asked in the present tense, or what was agreed
        ("Which cache does quill use for exchange rates?", "", "decided"),
        ("Which plotting library should I use in the notebooks?", "", "decided"),
        ("set up the cache for the tax lookup like we agreed", "", "decided"),
        ("what did we use for the cache in 2020", "", ""),
        # whether an older choice was kept is what is in force now
        ("Did we keep Dramatiq in ledger?", "", "decided"),
        ("did we stay on urfave/cli for tansu", "", "decided"),
        ("hoshi のスタイルは Tailwind のまま？", "", "decided"),
        ("how do we keep the cache warm", "", ""),
        # touching a file is changing it
        ("On Tuesday, which files did Gemini touch?", "gemini", "files"),
        ("who touched the router yesterday", "", "changed"),
        ("今日 OrderController を触ったのは誰？", "", "changed"),
        # Korean
        ("어제 fjord에서 뭐 바꿨어?", "", "changed"),
        ("그저께 웹훅 관련해서 뭘 고쳤어?", "", "fixed"),
        ("지난주 Codex가 뭘 했어?", "codex", "did"),
        ("fjord 작업 큐는 지금 뭐 써요?", "", "decided"),
        ("아직 Celery 써요?", "", "decided"),
    ],
)
def test_agent_and_intent(question: str, agent: str, intent: str) -> None:
    asked = nlquery.understand(question, NOW, SHANGHAI)
    assert (asked.agent, asked.intent) == (agent, intent)


def test_a_cursor_is_not_the_agent() -> None:
    assert nlquery.understand("how do multiple cursors work?", NOW, SHANGHAI).agent == ""
    assert nlquery.understand("the database cursor leaks", NOW, SHANGHAI).agent == ""


def test_the_rest_keeps_the_topic_without_time_agent_or_activity_words() -> None:
    asked = nlquery.understand("What did we change in the PDF rendering yesterday?", NOW, SHANGHAI)
    assert nlquery.terms(asked.rest) == ["pdf*", "render*"]
    assert nlquery.terms(nlquery.understand("What did we work on today?", NOW).rest) == []
    assert nlquery.terms(nlquery.understand("昨天做了哪些工作？", NOW).rest) == []
    touched = nlquery.understand("今日 OrderController を触ったのは誰？", NOW, SHANGHAI)
    assert nlquery.terms(touched.rest) == ["ordercontroll*"]
    plain = nlquery.understand("how did we fix the router timeout?", NOW, SHANGHAI)
    assert plain.start is None and plain.rest == "how did we fix the router timeout?"


def test_a_korean_question_leaves_its_particles_and_asking_words_out() -> None:
    def rest(question: str) -> list[str]:
        return nlquery.terms(nlquery.understand(question, NOW, SHANGHAI).rest, expand=False)

    # the place (ledger에서) and the agent's particle (Codex가) go with them
    left, project = nlquery.named_project(
        nlquery.understand("지난주 ledger에서 Codex가 뭘 했어?", NOW, SHANGHAI).rest, ["/x/ledger"]
    )
    assert project == "/x/ledger" and nlquery.terms(left) == []
    asked = "fjord 백그라운드 작업은 지금 뭐로 돌려요?"
    assert rest(asked) == ["fjord*", "백그라운드", "작업", "돌려"]


def test_a_window_question_made_of_activity_words_leaves_no_word_ranked() -> None:
    # 改动 whole, not 改 with 动 left; 有 of 有什么; 那天 after a date; the bug a fix fixed
    def rest(question: str) -> list[str]:
        return nlquery.terms(nlquery.understand(question, NOW, SHANGHAI).rest)

    assert rest("昨晚 ledger 有什么改动？") == ["ledg*"]
    assert rest("ledger 11月15日那天 fix 了什么 bug？") == ["ledg*"]
    assert rest("what bugs did Codex fix in ledger yesterday?") == ["ledg*"]
    assert rest("昨日 ledger でどんなバグを直した？") == ["ledg*"]


def test_a_traditional_chinese_question_leaves_its_asking_words_out() -> None:
    # 什麼, 怎麼, 還是, 請問 ... as 什么, 怎么, 还是, 请问: the question's subject is left
    def rest(question: str) -> list[str]:
        return nlquery.terms(nlquery.understand(question, NOW, SHANGHAI).rest, expand=False)

    assert rest("上週五晚上 ledger 改了什麼？") == ["ledg*"]
    assert rest("上週四 ledger 有什麼改動？") == ["ledg*"]
    assert rest("請問 ledger 的資料庫現在還是 GORM 嗎？") == ["ledg*", "資料", "料庫", "gorm*"]
    # a Japanese question keeps 週 as written (先週 is Japanese)
    assert nlquery.understand("先週 ledger で何をした？", NOW, SHANGHAI).when == "先週"


def test_an_imperative_asks_and_says_nothing_of_the_topic() -> None:
    # show me / 给我看 / 見せて / 보여줘 are the asking, as "what" and 什么 are
    def rest(question: str) -> list[str]:
        return nlquery.terms(nlquery.understand(question, NOW, SHANGHAI).rest, expand=False)

    assert rest("给我看 ledger 怎么发布") == ["ledg*", "发布"]
    assert rest("給我看看 ledger 的部署") == ["ledg*", "部署"]
    assert rest("ledger のデプロイ手順を見せて") == ["ledg*", "デプロイ", "手順"]
    assert rest("ledger 배포 보여줘") == ["ledg*", "배포"]


def test_no_longer_using_and_deciding_to_change_ask_what_is_in_force() -> None:
    # 为什么不用 X 了: what replaced X; 바꾸기로 했어: what it was changed to
    asked = nlquery.understand("ledger 为什么不用 Kafka 了？", NOW, SHANGHAI)
    assert asked.intent == "decided"
    assert nlquery.terms(asked.rest, expand=False) == ["ledg*", "kafka*"]
    asked = nlquery.understand("ledger 큐는 누가 바꾸기로 했어?", NOW, SHANGHAI)
    assert asked.intent == "decided"
    assert nlquery.terms(asked.rest, expand=False) == ["ledg*", "큐"]
    # 不用 in "no need to" is not a replacement
    assert nlquery.understand("不用担心 ledger 的日志", NOW, SHANGHAI).intent == ""


def test_a_confirmation_asks_what_is_true_now() -> None:
    # "anymore", "no longer": the still-in-force question; ", right?" is only a tag
    asked = nlquery.understand("We don't call vue-i18n directly in quill anymore, right?", NOW)
    assert asked.intent == "decided"
    left = nlquery.terms(asked.rest, expand=False)
    assert left == ["call*", "vue*", "i18n*", "direct*", "quill*"]
    assert nlquery.understand("Is Kafka no longer used?", NOW).intent == "decided"
    assert nlquery.understand("Are we still on Kafka, right?", NOW).rest == "are we on kafka"


@pytest.mark.parametrize(
    "question",
    [
        "Which logging library did we end up with?",
        "What style did we pick for the public API in the end?",
        "デプロイ先は結局どこにしましたか？",
        "商品キャッシュは今どうなっていますか？",
        "frontend date library 最终决定",
        "ロギングは最終的にどれ？",
        "注文サービスのデータベースはどうすることにした？",
        "CI はどれにしましたか？",
    ],
)
def test_where_a_decision_ended_up_is_the_decided_intent(question: str) -> None:
    assert nlquery.understand(question, NOW, SHANGHAI).intent == "decided"


def test_the_decided_rest_keeps_the_topic_without_the_words_asking_for_a_decision() -> None:
    # the notes that argued older decisions say these words most; the topic is what counts
    def topic(question: str) -> list[str]:
        return nlquery.terms(nlquery.understand(question, NOW, SHANGHAI).rest)

    assert topic("What did we decide about the orders database?") == ["order*", "databas*"]
    assert topic("product cache decision") == ["product*", "cach*"]
    assert topic("set up the cache like we agreed") == ["set*", "cach*"]

    assert "决定" not in topic("我们最后决定用什么数据库？")
    assert topic("デプロイ先は結局どこにしましたか？")[:1] == ["デプロイ"]
    # 今日 is a day, not "now": left to the window
    assert nlquery.understand("今日は何を決めた？", NOW, SHANGHAI).start is not None
    # other intents keep every word
    assert nlquery.understand("how did we fix the router timeout?", NOW).rest.count("fix") == 1


@pytest.mark.parametrize("junk", ["", "   ", "\ud800", "周", "曜日", "ago", "last", None, 42])
def test_junk_is_nothing(junk: object) -> None:
    asked = nlquery.understand(junk, NOW, SHANGHAI)  # type: ignore[arg-type]
    assert asked.start is None and asked.agent == ""


@pytest.mark.parametrize(
    ("question", "day"),
    [("日曜日", "2026-11-15"), ("周日", "2026-11-15"), ("星期天", "2026-11-15"),
     ("先週の金曜日", "2026-11-13"), ("on Friday", "2026-11-20"), ("last Friday", "2026-11-13"),
     ("金曜", "2026-11-20"), ("上周五", "2026-11-13")],
)  # fmt: skip
def test_weekdays(question: str, day: str) -> None:
    asked = nlquery.understand(question, NOW, SHANGHAI)
    assert asked.start == local(day).astimezone(UTC)


@pytest.mark.parametrize(
    ("question", "day"),
    [
        # the day first, as written in much of the English-speaking world
        ("what did we do on 19 Nov?", "2026-11-19"),
        ("the 19th of November", "2026-11-19"),
        ("what changed on 3 March", "2026-03-03"),
        ("2nd of may", "2026-05-02"),
        # a day of the month alone: this month's, or last month's when it is still to come
        ("what did we do on the 19th?", "2026-11-19"),
        ("on the 25th", "2026-10-25"),
        # a weekday with its date: the date decides
        ("What did we do on Monday the 2nd?", "2026-11-02"),
        ("Monday, 2 November", "2026-11-02"),
        ("what did we decide on may 2?", "2026-05-02"),
    ],
)
def test_a_date_written_day_first_or_as_the_nth(question: str, day: str) -> None:
    asked = nlquery.understand(question, NOW, SHANGHAI)
    assert asked.start == local(day).astimezone(UTC), asked
    assert asked.end == (local(day) + timedelta(days=1)).astimezone(UTC), asked


@pytest.mark.parametrize(
    ("question", "start", "end"),
    [
        # a day of the month alone, as Chinese and Japanese say it: this month's, or last
        # month's while this month's is still to come
        ("22号做了什么", "2026-10-22", "2026-10-23"),
        ("15号那天 Claude 改了什么", "2026-11-15", "2026-11-16"),
        ("十五号的会", "2026-11-15", "2026-11-16"),
        ("15日に何をした？", "2026-11-15", "2026-11-16"),
        # a day of a named month
        ("这个月15号", "2026-11-15", "2026-11-16"),
        ("上个月15号改了什么", "2026-10-15", "2026-10-16"),
        ("先月の15日", "2026-10-15", "2026-10-16"),
        ("十一月十五日", "2026-11-15", "2026-11-16"),
        # a whole month by its name: this year's, or last year's while it is to come
        ("what did we change in October?", "2026-10-01", "2026-11-01"),
        ("十月份做了什么", "2026-10-01", "2026-11-01"),
        ("10月の作業", "2026-10-01", "2026-11-01"),
        ("12月做了什么", "2025-12-01", "2026-01-01"),
        # the week before last, and a measure word between a number and its unit
        ("上上周", "2026-11-02", "2026-11-09"),
        ("大上周改了什么", "2026-11-02", "2026-11-09"),
        ("先々週", "2026-11-02", "2026-11-09"),
        ("一个星期前", "2026-11-09", "2026-11-16"),
        ("两个星期前", "2026-11-02", "2026-11-09"),
        # N months ago: that calendar month
        ("一个月前改的配置", "2026-10-01", "2026-11-01"),
        ("3ヶ月前", "2026-08-01", "2026-09-01"),
        ("what did we decide two months ago?", "2026-09-01", "2026-10-01"),
    ],
)
def test_days_and_months_said_in_chinese_japanese_and_english(
    question: str, start: str, end: str
) -> None:
    asked = nlquery.understand(question, NOW, SHANGHAI)
    assert (asked.start, asked.end) == (local(start).astimezone(UTC), local(end).astimezone(UTC)), (
        asked
    )


@pytest.mark.parametrize(
    ("question", "start", "end"),
    [
        # "since": from the start of the named day or week up to now, not that day alone
        ("what changed since Monday?", "2026-11-16", "2026-11-20T18:01"),
        ("since yesterday", "2026-11-19", "2026-11-20T18:01"),
        ("anything new since last week?", "2026-11-09", "2026-11-20T18:01"),
        ("周一以来改了什么", "2026-11-16", "2026-11-20T18:01"),
        ("自从上周三", "2026-11-11", "2026-11-20T18:01"),
        ("月曜以降の変更", "2026-11-16", "2026-11-20T18:01"),
        # a rolling week and fuzzy "few days": wide enough never to cut the answer off
        ("what did we do this past week?", "2026-11-14", "2026-11-21"),
        ("over the past week", "2026-11-14", "2026-11-21"),
        ("the last few days", "2026-11-16", "2026-11-21"),
        ("最近几天", "2026-11-16", "2026-11-21"),
        ("这两天改了什么", "2026-11-16", "2026-11-21"),
        ("a few days ago", "2026-11-13", "2026-11-20"),
        ("a couple of days ago", "2026-11-16", "2026-11-20"),
        ("前几天修的那个 bug", "2026-11-13", "2026-11-20"),
        ("前两天", "2026-11-16", "2026-11-20"),
        ("三天内", "2026-11-18", "2026-11-21"),
    ],
)
def test_since_and_fuzzy_spans(question: str, start: str, end: str) -> None:
    asked = nlquery.understand(question, NOW, SHANGHAI)
    # "since" ends a minute after now, a span that holds today at the next midnight
    assert (asked.start, asked.end) == (local(start).astimezone(UTC), local(end).astimezone(UTC)), (
        asked
    )


def test_overnight_is_last_night() -> None:
    asked = nlquery.understand("what broke overnight?", NOW, SHANGHAI)
    assert asked.start == local("2026-11-19T18:00").astimezone(UTC), asked


def test_an_hour_with_a_measure_word() -> None:
    asked = nlquery.understand("一个小时前改了什么", NOW, SHANGHAI)
    assert asked.start == (NOW - timedelta(hours=2)).astimezone(UTC), asked


@pytest.mark.parametrize(
    "question",
    ["用2号方案", "3号线坏了", "第1号版本", "may I ask", "3日で終わった", "it may fail"],
)
def test_a_number_with_a_counter_word_names_no_day(question: str) -> None:
    asked = nlquery.understand(question, NOW, SHANGHAI)
    assert asked.start is None, asked


@pytest.mark.parametrize(
    ("question", "start", "end"),
    [
        # "decide 2" is not December the 2nd: the window is the one "2 weeks ago" names
        ("what did we decide 2 weeks ago?", "2026-11-02", "2026-11-09"),
        ("what did we decide 3 days ago?", "2026-11-17", "2026-11-18"),
    ],
)
def test_a_word_that_starts_like_a_month_is_not_one(question: str, start: str, end: str) -> None:
    asked = nlquery.understand(question, NOW, SHANGHAI)
    assert (asked.start, asked.end) == (local(start).astimezone(UTC), local(end).astimezone(UTC))


@pytest.mark.parametrize(
    "question",
    ["marks 5 failing tests", "which may 2 fixes break?", "the 2nd test fails",
     "it may 3x the load", "janitor 4 runs", "2 may help"],
)  # fmt: skip
def test_a_number_beside_a_word_like_a_month_names_no_day(question: str) -> None:
    asked = nlquery.understand(question, NOW, SHANGHAI)
    assert asked.start is None and asked.end is None, asked


# The cheap check before the time and agent patterns: whatever a pattern finds in a question,
# the check must have let through (else `understand` would miss a window or an agent).
_VOCAB_TEXT = (
    "the day before yesterday last night this morning tonight yesterday evening today 3 days "
    "ago two weeks ago an hour ago in the past 5 days last week earlier this week this month "
    "on monday tue wed thurs fri sat sun 2026-12-05 dec 5th jan 12 claude code codex cli "
    "gemini-cli hermes agent github copilot open code Cursor cursor why does the deploy retry "
    "router timeout parser fix build which files were changed modified solved decided decision "
    "chose picked settled using now currently what did we do worked on got done happened "
    "accomplished end up ended up in the end went with does do should are use using agreed agree "
    "touch touched weekend over the in during october may nov the 19th of 19 on"
)
_VOCAB = _VOCAB_TEXT.split()


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_VOCAB) | st.text(alphabet="abcdefghijklmnopqrstuvwxyz09 -"),
                max_size=8))  # fmt: skip
@example(["which", "files"])
@example(["what", "did", "we", "do"])
@example(["the", "decision"])
@example(["we", "ended", "up", "with"])
@example(["in", "the", "end"])
@example(["in", "the", "past", "two", "hours"])
@example(["tonight"])
@example(["open", "code"])
@example(["went", "", "with"])  # two spaces between the words (Hypothesis found it)
@example(["does", "quill", "use"])
@example(["like", "we", "agreed"])
@example(["late-feb"])
@example(["in", "early-march"])
@example(["the", "end", "of", "may", "2022"])
@example(["move", "it", "to?"])
@example(["what", "replaced", "redux"])
@example(["migrated", "the", "queue", "to"])
def test_the_cheap_checks_never_hide_a_time_an_agent_or_an_intent(words: list[str]) -> None:
    low = " ".join(words).lower()
    if timespan._TIME.search(low):
        assert timespan.phrases(low, NOW) or not any(
            timespan._window(m, NOW) for m in timespan._TIME.finditer(low)
        )
    if nlquery._AGENT.search(low):
        assert nlquery._may_name(low, nlquery._AGENT_WORDS)
    if nlquery._INTENT.search(low):
        assert nlquery._may_name(low, nlquery._INTENT_WORDS)


def test_a_question_without_time_agent_or_intent_words_compiles_no_pattern() -> None:
    fresh = [nlquery.Lazy(rx.pattern) for rx in (timespan._TIME, nlquery._AGENT, nlquery._INTENT)]
    saved = timespan._TIME, nlquery._AGENT, nlquery._INTENT
    timespan._TIME, nlquery._AGENT, nlquery._INTENT = fresh
    try:
        asked = nlquery.understand("why does the deploy pipeline retry the cache migration?")
    finally:
        timespan._TIME, nlquery._AGENT, nlquery._INTENT = saved
    assert (asked.start, asked.agent, asked.intent) == (None, "", "")
    assert all(rx._rx is None for rx in fresh)


@pytest.mark.parametrize(
    ("question", "start", "end"),
    [
        # a part of a month: early (1-10), mid (11-20), late (21 to its end), of last month,
        # this month or a month named (asked on Friday 2026-11-20)
        ("先月末に何を直した？", "2026-10-21", "2026-11-01"),
        ("上个月底改了什么", "2026-10-21", "2026-11-01"),
        ("2月の上旬に何を直した？", "2026-02-01", "2026-02-11"),
        ("本月中旬做了什么", "2026-11-11", "2026-11-21"),
        ("这个月初改了什么", "2026-11-01", "2026-11-11"),
        ("今月の初めに何か作業した？", "2026-11-01", "2026-11-11"),
        ("月初做了什么", "2026-11-01", "2026-11-11"),
        ("what changed at the end of last month?", "2026-10-21", "2026-11-01"),
        ("what did we fix in early March?", "2026-03-01", "2026-03-11"),
        ("anything from mid-October?", "2026-10-11", "2026-10-21"),
        ("what changed by the end of September", "2026-09-21", "2026-10-01"),
        # ... of a year said with it
        ("what did Nate win in the beginning of November 2022?", "2022-11-01", "2022-11-11"),
        ("late March, 2025", "2025-03-21", "2025-04-01"),
        ("2025年3月下旬に何を直した？", "2025-03-21", "2025-04-01"),
        # the first or last week(s) of a month, not the seven days before today
        ("where was Dave in the last two weeks of August 2023?", "2023-08-18", "2023-09-01"),
        ("what did we ship in the last week of October?", "2026-10-25", "2026-11-01"),
        ("what broke during the first week of last month", "2026-10-01", "2026-10-08"),
        ("the first two weeks of February 2024", "2024-02-01", "2024-02-15"),
        # two days joined as a range: every day from the first to the last
        ("where was John between August 11 and August 15?", "2026-08-11", "2026-08-16"),
        ("what did we fix from Monday to Wednesday?", "2026-11-16", "2026-11-19"),
        ("周一到周三改了什么", "2026-11-16", "2026-11-19"),
        # ... and a second day inside the first narrows it
        ("what did we do in October, on 19 October?", "2026-10-19", "2026-10-20"),
        # a day with its year said
        ("what was James doing on March 16, 2022?", "2022-03-16", "2022-03-17"),
        ("what did Calvin do on 7 July, 2023?", "2023-07-07", "2023-07-08"),
        ("between August 11 and August 15 2023", "2023-08-15", "2023-08-16"),
        ("what did James adopt in April 2022?", "2022-04-01", "2022-05-01"),
        # the hours after midnight: 凌晨, 未明, 새벽 (周日凌晨 is early Sunday, not Saturday night)
        ("周日凌晨改了什么？", "2026-11-15T00:00", "2026-11-15T06:00"),
        ("昨天凌晨", "2026-11-19T00:00", "2026-11-19T06:00"),
        ("日曜の未明に何を直した？", "2026-11-15T00:00", "2026-11-15T06:00"),
    ],
)
def test_a_part_of_a_month_and_the_hours_after_midnight(
    question: str, start: str, end: str
) -> None:
    asked = nlquery.understand(question, NOW, SHANGHAI)
    assert asked.start == local(start).astimezone(UTC)
    assert asked.end == local(end).astimezone(UTC)
    assert not any(w in asked.rest for w in ("末", "底", "上旬", "中旬", "初", "凌晨", "未明"))


@pytest.mark.parametrize(
    "question",
    ["月末结算改成什么了", "月末的账单怎么算", "I was late to the standup",
     "in the end we went with it", "月末に何を直した？"],  # the last: this month's end is to come
)  # fmt: skip
def test_a_month_end_as_a_topic_or_still_to_come_names_no_window(question: str) -> None:
    assert nlquery.understand(question, NOW, SHANGHAI).start is None


@pytest.mark.parametrize(
    "question",
    [
        # 今の X is "the current X" (as "current" in English): what is true now, newest first
        "設定画面に音量スライダーを追加して。今の UI の作り方に合わせて書いてね。",
        "今の pulse のデータ同期って何？",
        "今のキャッシュの仕組みを教えて",
    ],
)
def test_the_current_one_in_japanese_asks_what_is_in_force(question: str) -> None:
    asked = nlquery.understand(question, NOW, SHANGHAI)
    assert asked.intent == "decided"
    assert "今" not in asked.rest


def test_right_now_is_a_word_of_now() -> None:
    asked = nlquery.understand("Which message broker does tern use for webhooks right now?", NOW)
    assert asked.intent == "decided"
    assert "right" not in asked.rest and "now" not in asked.rest


@pytest.mark.parametrize(
    ("question", "rest"),
    [
        # what a thing was changed into is the replacement, in force now: the newest first, and
        # the words that only ask for it (何に変わった, 换成了什么) are not ranked
        ("tern のキャッシュサーバーは何に変わった？",
         ["tern*", "キャッシュサーバー", "cach*", "serv*"]),
        ("tern 的缓存换成了什么？", ["tern*", "缓存", "cach*"]),
        ("fieldkit のネットワーク層は何に変えた？",
         ["fieldkit*", "ネットワーク", "層", "network*"]),
        ("What did we switch tern's cache to?", ["switch*", "tern*", "cach*"]),
        ("what did we replace moment.js with", ["replac*", "moment*", "js"]),
        ("What replaced Redux in kiosk?", ["replac*", "redux*", "kiosk*"]),
    ],
)  # fmt: skip
def test_what_a_thing_was_changed_into_is_what_is_in_force(question: str, rest: list[str]) -> None:
    asked = nlquery.understand(question, NOW, SHANGHAI)
    assert asked.intent == "decided"
    assert nlquery.terms(asked.rest) == rest


def test_moving_something_to_a_place_is_no_question_of_what_is_in_force() -> None:
    assert nlquery.understand("how do we move the files to s3", NOW).intent != "decided"
