"""The window a time phrase names, on the person's calendar: "yesterday", "last week", "since
Monday", "on the 19th", "Sunday night", 昨天, 上周三, 周六晚上, 22号, 先月の15日, 先週, 어제,
지난주, 지난주 수요일, 토요일 밤 ... (English, Chinese, Japanese, Korean).

`phrases(low, local_now)` finds each phrase in a lower-cased question and gives its local
[start, end): whole local days (or a part of one) in the person's zone, as of `local_now`.
core/query/nlquery.understand combines them with the agent and intent it reads. Stdlib only: the
prompt-time recall in the hook uses it.
"""

from __future__ import annotations

from vaultsync.core.lazy_regex import Lazy

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

WORD_START = r"(?<![a-z0-9])"  # \b would see no word start between a CJK character and a letter
WORD_END = r"(?![a-z0-9])"
_B = WORD_START
_E = WORD_END

_N = (
    r"(\d{1,3}|[一二两三四五六七八九十]{1,3}"
    r"|one|two|three|four|five|six|seven|eight|nine|ten|a|an)"
)
_EN_NUM = {"one": 1, "a": 1, "an": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
           "seven": 7, "eight": 8, "nine": 9, "ten": 10}  # fmt: skip
_ZH_DIGIT = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8,
             "九": 9}  # fmt: skip
_WEEKDAYS_EN = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_WEEKDAY_CJK = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6, "月": 0,
                "火": 1, "水": 2, "木": 3, "金": 4, "土": 5}  # fmt: skip
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
# A month as a whole word, named or cut short ("nov", "sept."): a word that only starts like one
# ("decide 2", "marks 5", "janitor 4") names no day.
_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?(?![a-z])"
)
_ORDINAL = r"(?:st|nd|rd|th)"
# A day or a month number as Chinese and Japanese write it: 15, 十五, 三十一
_CN = r"\d{1,2}|[一二三四五六七八九十]{1,3}"
# Parts of a day, local hours [from, to): what "this morning", 上午, 午前 cover.
PARTS = {"morning": (0, 12), "afternoon": (12, 18), "evening": (18, 24), "night": (18, 24),
         "small hours": (0, 6)}  # fmt: skip
# 凌晨, 未明 and 새벽 are the hours after midnight (周日凌晨: early Sunday, not Saturday night)
_PART_CJK = {"凌晨": "small hours", "未明": "small hours", "새벽": "small hours",
             "上午": "morning", "早上": "morning", "早晨": "morning", "午前": "morning",
             "朝": "morning", "下午": "afternoon", "午後": "afternoon", "晚上": "evening",
             "夜": "evening", "晚": "evening", "오전": "morning", "아침": "morning",
             "오후": "afternoon", "저녁": "evening", "밤": "evening"}  # fmt: skip
# Parts of a month, days [from, to] (to 31: the month's last day): what 上旬, 月末, 初め,
# "early March", "the end of last month" cover.
MONTH_PARTS = {"early": (1, 10), "mid": (11, 20), "late": (21, 31)}
_MONTH_PART_CJK = {"上旬": "early", "初旬": "early", "月初め": "early", "月初": "early",
                   "初め": "early", "はじめ": "early", "始め": "early", "初": "early",
                   "中旬": "mid", "下旬": "late", "月末": "late", "月底": "late", "末": "late",
                   "底": "late", "終わり": "late", "おわり": "late"}  # fmt: skip
_MPART_CJK = "|".join(sorted(_MONTH_PART_CJK, key=len, reverse=True))
_MPART_EN = {"early": "early", "beginning": "early", "start": "early", "mid": "mid",
             "middle": "mid", "late": "late", "end": "late"}  # fmt: skip
# Korean weekdays, written whole (월요일 ... 일요일): the syllable before 요일
_WEEKDAY_KO = {"월": 0, "화": 1, "수": 2, "목": 3, "금": 4, "토": 5, "일": 6}

_WD_EN = "|".join(d for d in _WEEKDAYS_EN) + "|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun"
_WD_ZH = r"(?:周|週|星期|礼拜)([一二三四五六日天])"
_WD_JA = r"([月火水木金土日])曜日?"
_WD_KO = r"[월화수목금토일]요일"
_PART_ZH = "|".join(_PART_CJK)
_TIME = Lazy(
    "|".join(
        (
            rf"(?P<dby>{_B}(?:the\s+)?day\s+before\s+yesterday{_E}|大前天|前天|一昨日|おととい"
            r"|그저께|그제)",
            rf"(?P<lastnight>{_B}(?:last\s+night|overnight){_E}|昨晚|昨夜|昨晩|ゆうべ|어젯밤"
            r"|어제\s*밤)",
            rf"(?P<thispart>{_B}this\s+(?P<tp>morning|afternoon|evening){_E}|{_B}tonight{_E}"
            rf"|今早|今朝|今晚)",
            rf"(?P<ydpart>{_B}yesterday\s+(?P<yp>morning|afternoon|evening|night){_E})",
            rf"(?P<day>{_B}(?P<dw>yesterday|today){_E}|(?P<dc>昨天|昨日|今天|今日|きのう|きょう"
            rf"|어제|오늘)(?:の|\s)?(?P<dcp>{_PART_ZH})?)",
            rf"(?P<ago>{_B}{_N}\s+(?P<agou>day|week|hour|month)s?\s+ago{_E}|{_N}\s*(?P<agoc>[个個ヶかカケヵ]月"
            rf"|[个個]?(?:天|日|周|週|週間|星期|礼拜|禮拜|小时|小時|時間))前)",
            # the first or last week(s) of a month: "the last two weeks of August 2023", "in the
            # first week of last month" (before "the last week", the seven days before today)
            rf"(?P<mweeks>{_B}(?:in\s+|during\s+|over\s+)?the\s+(?P<mwe>first|last)\s+(?:(?P<mwn>"
            rf"{_N})\s+)?weeks?\s+of\s+(?:(?P<mwo>last|this|the)\s+month|(?P<mwm>{_MONTH})"
            rf"(?:,?\s+(?P<mwy>(?:19|20)\d\d))?){_E})",
            # fuzzy spans, wide enough never to cut the answer off: "the last few days", 这两天
            # (the last five days, today included); "a few days ago", 前几天 (the week before
            # today); "a couple of days ago", 前两天 (the four days before today)
            rf"(?P<fuzzy>{_B}(?:in\s+|over\s+|during\s+)?(?:the\s+)?(?:last|past)\s+(?:few|couple"
            rf"(?:\s+of)?)\s+days{_E}|最近几天|最近这几天|这几天|這幾天|这两天|這兩天|ここ数日|ここ何日か"
            rf"|(?P<fuzzyago>{_B}(?:a\s+)?(?P<fa>few|couple(?:\s+of)?)\s+days\s+ago{_E}"
            rf"|前几天|前幾天|(?P<fa2>前两天|前兩天)|数日前|何日か前))",
            # a rolling week: "this past week", "over the past week"
            rf"(?P<pastweek>{_B}(?:in\s+|over\s+|during\s+)?(?:the|this)\s+(?:past|last)\s+week{_E})",
            rf"(?P<past>{_B}(?:in\s+|over\s+|during\s+)?(?:the\s+)?(?:last|past)\s+{_N}\s+"
            rf"(?P<pastu>day|week|hour)s?{_E}|(?:最近|过去|過去|この){_N}\s*(?P<pastc>天|日|周|週間|小时|時間)"
            rf"|{_N}\s*(?P<pastin>天|日|周|週間|小时|時間)(?:内|以内|之内))",
            rf"(?P<weekend>{_B}(?:over\s+|during\s+|on\s+)?(?P<we>the|last|this|past)\s+weekend{_E}"
            r"|(?P<wec>上周末|上个周末|上週末|这周末|这个周末|本周末|先週末|今週末|周末|週末))",
            rf"(?P<week>{_B}(?P<wk>last|this|previous|earlier\s+this)\s+week{_E}|(?P<wc>上上[周週]|上上星期|"
            rf"上上个星期|上上個星期|上上礼拜|大上[周週]|先々週|先先週|上[周週]|上星期|"
            rf"上个星期|上個星期|上礼拜|上个礼拜|这[周週]|这星期|这个星期|本[周週]|本星期|先週|今週"
            rf"|지난\s?주|이번\s?주)"
            rf"(?:的|の)?(?:(?:{_WD_ZH}|{_WD_JA}|\s?{_WD_KO}|(?:(?<=[周週期])|(?<=礼拜))([一二三四五六日天]))"
            # ... and a part of that day (上周五晚上, 先週の金曜の夜)
            rf"(?:の|\s)?(?P<wcp>{_PART_ZH})?)?)",
            # a part of a month: "the end of last month", "early March", 先月末, 上个月底, 2月の上旬
            rf"(?P<mpart>{_B}(?:at\s+|in\s+|by\s+)?the\s+(?P<mpw>beginning|start|middle|end)\s+of"
            rf"\s+(?:(?P<mpo>last|this|the)\s+month|(?P<mpm>{_MONTH})(?:,?\s+(?P<mpy>(?:19|20)\d\d))?)"
            rf"{_E}|{_B}(?:in\s+)?(?P<mpe>early|mid|late)[\s-]+(?P<mpem>{_MONTH})"
            rf"(?:,?\s+(?P<mpey>(?:19|20)\d\d){_E})?"
            rf"|(?:(?P<mpcy>(?:19|20)\d\d)\s*年\s*)?"
            rf"(?P<mpc>上个月|上月|这个月|本月|先月|今月|(?<![\d一二三四五六七八九十])(?:{_CN})月)"
            rf"(?:的|の)?(?P<mpcp>{_MPART_CJK})"
            # ... and this month's alone (月初, 月末に), said as a time, not a topic (月末结算)
            rf"|(?<![上这本个個先今\d一二三四五六七八九十])(?P<mpalone>月初め|月初|月末|月底)"
            r"(?=[にはでのもまから、，,。？?！!\s]|$|[做干改修有写]))",
            rf"(?P<month>{_B}(?P<mo>last|this)\s+month{_E}|(?P<mc>上个月|上月|这个月|本月|先月|今月"
            rf"|지난\s?달|이번\s?달)"
            rf"(?:的|の)?(?:(?P<mcday>{_CN})[号號日])?)",
            # a weekday with its date ("Monday the 2nd", "Monday, 2 November"): the date decides
            rf"(?P<wdd>{_B}(?:on\s+)?(?:{_WD_EN}),?\s+(?:the\s+)?(?P<wddd>\d{{1,2}}){_ORDINAL}?"
            rf"(?:\s+(?:of\s+)?(?P<wddm>{_MONTH}))?{_E})",
            # a weekday, and a part of it ("Sunday night", 周六晚上, 金曜の夜, 토요일 밤)
            rf"(?P<wd>{_B}(?:on\s+|last\s+|this\s+)?(?P<wde>{_WD_EN}){_E}"
            rf"(?:\s+(?P<wdep>morning|afternoon|evening|night){_E})?"
            rf"|(?:{_WD_ZH}|{_WD_JA}|(?:지난\s?)?{_WD_KO})(?:の|\s)?(?P<wdcp>{_PART_ZH})?)",
            r"(?P<iso>(20\d\d)-(\d\d)-(\d\d))",
            # ... and its year when one is said ("March 16, 2022", "7 July, 2023")
            rf"(?P<md>{_B}(?P<mdon>on\s+)?(?P<mdm>{_MONTH})\s+(?P<mdd>\d{{1,2}})(?P<mdo>{_ORDINAL})?"
            rf"{_E}(?:,?\s+(?P<mdy>(?:19|20)\d\d){_E})?|(?P<mcm>{_CN})月(?P<mcd>{_CN})[日号號])",
            # the day first ("19 Nov", "the 19th of November")
            rf"(?P<dm>{_B}(?:on\s+)?(?P<dmthe>the\s+)?(?P<dmd>\d{{1,2}})(?P<dmo>{_ORDINAL})?\s+"
            rf"(?P<dmof>of\s+)?(?P<dmm>{_MONTH})(?:,?\s+(?P<dmy>(?:19|20)\d\d){_E})?)",
            # a day of the month alone, said as a date ("on the 19th")
            rf"(?P<nth>{_B}on\s+the\s+(?P<nthd>\d{{1,2}}){_ORDINAL}{_E}"
            # ... and as Chinese and Japanese say it (15号, 十五号, 15日に), not a counter
            # (2号方案, 3号线, 第1号) nor a span (3日で, 3日間)
            rf"|(?<![\d一二三四五六七八九十月第])(?P<nthc>{_CN})(?:[号號](?![线線楼樓机機位房方版包座层層码碼])"
            r"|日(?=[にのはも、，,。？?！!\s]|$)))",
            # a whole month by its name (in October, 十月份, 10月の)
            rf"(?P<wholemonth>{_B}(?:in|during)\s+(?P<wmm>{_MONTH})(?:,?\s+(?P<wmy>(?:19|20)\d\d){_E})?"
            rf"|(?<![\d一二三四五六七八九十])(?P<wmc>{_CN})月份?(?![\d一二三四五六七八九十]))",
        )
    )
)


def _number(text: str) -> int:
    if text.isdigit():
        return int(text)
    if text in _EN_NUM:
        return _EN_NUM[text]
    # Chinese numerals up to 99: 三, 十, 十二, 二十, 二十三
    if "十" in text:
        tens, _, ones = text.partition("十")
        return (_ZH_DIGIT.get(tens, 1) if tens else 1) * 10 + _ZH_DIGIT.get(ones, 0)
    return _ZH_DIGIT.get(text, 1)


def _window(m: Any, local_now: Any) -> tuple[Any, Any] | None:
    """The local [start, end) a time phrase names, or None."""
    from datetime import datetime, timedelta

    g = m.groupdict()
    midnight = local_now.replace(hour=0, minute=0, second=0, microsecond=0)

    def day(offset: int, part: str = "") -> tuple[Any, Any]:
        start = midnight + timedelta(days=offset)
        if part:
            lo, hi = PARTS[part]
            return start + timedelta(hours=lo), start + timedelta(hours=hi)
        return start, start + timedelta(days=1)

    monday = midnight - timedelta(days=midnight.weekday())
    if g["dby"]:
        return day(-3 if g["dby"] == "大前天" else -2)
    if g["lastnight"]:
        return midnight - timedelta(hours=6), midnight + timedelta(hours=6)
    if g["thispart"]:
        text = g["thispart"]
        part = g["tp"] or ("morning" if text in ("今早", "今朝") else "evening")
        return day(0, part)
    if g["ydpart"]:
        return day(-1, g["yp"])
    if g["day"]:
        word = g["dw"] or g["dc"]
        offset = -1 if word in ("yesterday", "昨天", "昨日", "きのう", "어제") else 0
        return day(offset, _PART_CJK.get(g["dcp"] or "", ""))
    if g["ago"]:
        number = _number(next(v for k, v in _numbers(m, "ago")))
        unit = g["agou"] or g["agoc"]
        unit = unit.lstrip("个個")
        if unit in ("hour", "小时", "小時", "時間"):
            return local_now - timedelta(hours=number + 1), local_now
        if unit == "month" or unit.endswith("月"):  # that calendar month
            first = midnight.replace(day=1)
            for _ in range(number):
                first = (first - timedelta(days=1)).replace(day=1)
            return first, (first + timedelta(days=32)).replace(day=1)
        if unit in ("week", "周", "週", "週間", "星期", "礼拜", "禮拜"):
            start = monday - timedelta(weeks=number)
            return start, start + timedelta(weeks=1)
        return day(-number)
    if g["fuzzy"]:
        if g["fuzzyago"]:
            couple = bool(g["fa2"]) or (g["fa"] or "").startswith("couple")
            return midnight - timedelta(days=4 if couple else 7), midnight
        return midnight - timedelta(days=4), midnight + timedelta(days=1)
    if g["pastweek"]:
        return midnight - timedelta(days=6), midnight + timedelta(days=1)
    if g["past"]:
        number = _number(next(v for k, v in _numbers(m, "past")))
        unit = g["pastu"] or g["pastc"] or g["pastin"]
        if unit in ("hour", "小时", "時間"):
            return local_now - timedelta(hours=number), local_now + timedelta(minutes=1)
        days = number * 7 if unit in ("week", "周", "週間") else number
        return midnight - timedelta(days=days - 1), midnight + timedelta(days=1)
    if g["week"]:
        word = g["wk"] or g["wc"]
        word = word.replace("週", "周") if word[:1] in "上大这本" else word  # 上週: 上周
        last = word in ("last", "previous", "上周", "上星期", "上个星期", "上個星期", "上礼拜",
                        "上个礼拜", "先週") or word.startswith("지난")  # fmt: skip
        before_last = word in ("上上周", "上上星期", "上上个星期", "上上個星期", "上上礼拜",
                               "大上周", "先々週", "先先週")  # fmt: skip
        start = monday - timedelta(weeks=2 if before_last else 1 if last else 0)
        last = last or before_last
        after = m.group(0)[len(word) :]
        # 上周日, 上星期天: Sunday (日 and 天 alone are "day"; after a week word they are Sunday)
        wd = _weekday_in(("周" if after[:1] in ("日", "天") else "") + after)
        if wd is not None:
            begin = start + timedelta(days=wd)
            part = _PART_CJK.get(g["wcp"] or "", "")
            if part:
                lo, hi = PARTS[part]
                return begin + timedelta(hours=lo), begin + timedelta(hours=hi)
            return begin, begin + timedelta(days=1)
        return start, (start + timedelta(weeks=1)) if last else midnight + timedelta(days=1)
    if g["mpart"]:
        return _month_part(g, midnight, local_now)
    if g["mweeks"]:
        return _month_weeks(g, midnight, local_now)
    if g["month"]:
        word = g["mo"] or g["mc"]
        first = midnight.replace(day=1)
        if word in ("last", "上个月", "上月", "先月") or word.startswith("지난"):
            previous = (first - timedelta(days=1)).replace(day=1)
            if g["mcday"]:
                return _day_of(previous, _number(g["mcday"]))
            return previous, first
        if g["mcday"]:
            return _day_of(first, _number(g["mcday"]))
        return first, midnight + timedelta(days=1)
    if g["weekend"]:
        # Saturday and Sunday: this week's for "this weekend" (or when today is one of them),
        # else the last one that has passed
        word = g["we"] or g["wec"]
        this = word in ("this", "这周末", "这个周末", "本周末", "今週末")
        start = monday + timedelta(days=5)
        if not this and (midnight < start or word in ("last", "上周末", "上个周末", "上週末",
                                                      "先週末")):  # fmt: skip
            start -= timedelta(weeks=1)
        return start, start + timedelta(days=2)
    if g["wd"]:
        text = g["wd"].lower()
        if g["wde"]:
            target = next(i for i, d in enumerate(_WEEKDAYS_EN) if d.startswith(g["wde"][:3]))
        else:
            wd = _weekday_in(text)
            if wd is None:
                return None
            target = wd
        back = (midnight.weekday() - target) % 7
        if text.startswith(("last", "지난")) and back == 0:
            back = 7
        return day(-back, g["wdep"] or _PART_CJK.get(g["wdcp"] or "", ""))
    if g["wholemonth"]:
        # this year's month, or last year's while this year's is to come
        number = _MONTHS.index(g["wmm"][:3]) + 1 if g["wmm"] else _number(g["wmc"])
        if not 1 <= number <= 12:
            return None
        start = midnight.replace(month=number, day=1)
        if g["wmy"]:  # its year when one is said ("in August 2023")
            start = start.replace(year=int(g["wmy"]))
        elif start > local_now:
            start = start.replace(year=start.year - 1)
        after = (start + timedelta(days=32)).replace(day=1)
        return start, after
    if g["nth"] or (g["wdd"] and not g["wddm"]):
        # this month's day, or last month's when this month's is still to come
        d = _number(g["nthd"] or g["nthc"] or g["wddd"])
        for back in (0, 1):
            first = midnight.replace(day=1)
            if back:
                first = (first - timedelta(days=1)).replace(day=1)
            try:
                start = first.replace(day=d)
            except ValueError:
                continue
            if start <= local_now:
                return start, start + timedelta(days=1)
        return None
    if g["iso"] or g["md"] or g["dm"] or g["wdd"]:
        month = g["mdm"] or g["dmm"] or g["wddm"] or ""
        # "may" is also a verb ("which may 2 fixes break", "2 may help"): a month only when
        # the phrase reads as a date (on May 2, May 2nd, the 2nd of May)
        if month.startswith("may") and not (
            g["mdon"] or g["mdo"] or g["dmthe"] or g["dmo"] or g["dmof"] or g["wdd"]
        ):
            return None
        try:
            if g["iso"]:
                y, mo, d = (int(x) for x in g["iso"].split("-"))
            else:
                said = g["mdy"] or g["dmy"]
                y = int(said) if said else local_now.year
                if month:
                    mo = _MONTHS.index(month[:3]) + 1
                    d = int(g["mdd"] or g["dmd"] or g["wddd"])
                else:
                    mo, d = _number(g["mcm"]), _number(g["mcd"])
            start = datetime(y, mo, d, tzinfo=local_now.tzinfo)
        except ValueError:
            return None
        if not g["iso"] and not (g["mdy"] or g["dmy"]) and start > local_now:
            start = start.replace(year=y - 1)
        return start, start + timedelta(days=1)
    return None


def _month_part(g: dict[str, Any], midnight: Any, local_now: Any) -> tuple[Any, Any] | None:
    """The days of a part of a month (`MONTH_PARTS`): of last month, this month, or a month
    named (this year's, or last year's while this year's is to come)."""
    from datetime import timedelta

    first = midnight.replace(day=1)
    previous = (first - timedelta(days=1)).replace(day=1)
    if g["mpalone"]:
        part, month = _MONTH_PART_CJK[g["mpalone"]], first
    elif g["mpc"]:
        part, word = _MONTH_PART_CJK[g["mpcp"]], g["mpc"]
        if word in ("上个月", "上月", "先月"):
            month = previous
        elif word in ("这个月", "本月", "今月"):
            month = first
        else:
            number = _number(word[:-1])
            if not 1 <= number <= 12:
                return None
            month = _named_month(number, first, local_now, g["mpcy"])
    else:
        part = _MPART_EN[g["mpw"] or g["mpe"]]
        name = g["mpm"] or g["mpem"]
        if name:
            number = _MONTHS.index(name[:3]) + 1
            month = _named_month(number, first, local_now, g["mpy"] or g["mpey"])
        else:
            month = previous if g["mpo"] == "last" else first
    lo, hi = MONTH_PARTS[part]
    after = (month + timedelta(days=32)).replace(day=1)
    start = month + timedelta(days=lo - 1)
    end = min(month + timedelta(days=hi), after)
    return (start, end) if start <= local_now else None


def _month_weeks(g: dict[str, Any], midnight: Any, local_now: Any) -> tuple[Any, Any] | None:
    """The first or last seven days (or 7 x n) of last month, this month or a month named."""
    from datetime import timedelta

    first = midnight.replace(day=1)
    if g["mwm"]:
        month = _named_month(_MONTHS.index(g["mwm"][:3]) + 1, first, local_now, g["mwy"])
    elif g["mwo"] == "last":
        month = (first - timedelta(days=1)).replace(day=1)
    else:
        month = first
    after = (month + timedelta(days=32)).replace(day=1)
    days = timedelta(days=7 * (_number(g["mwn"]) if g["mwn"] else 1))
    start, end = (month, month + days) if g["mwe"] == "first" else (after - days, after)
    start, end = max(start, month), min(end, after)
    return (start, end) if start <= local_now else None


def _named_month(number: int, first: Any, local_now: Any, year: str | None = None) -> Any:
    """The first day of month `number`: of `year` when one was said ("early November 2022"),
    else this year's, or last year's while this year's is to come."""
    start = first.replace(month=number)
    if year:
        return start.replace(year=int(year))
    return start.replace(year=start.year - 1) if start > local_now else start


def _day_of(first: Any, d: int) -> tuple[Any, Any] | None:
    """Day `d` of the month that starts at `first`, or None when it has no such day."""
    from datetime import timedelta

    try:
        start = first.replace(day=d)
    except ValueError:
        return None
    return start, start + timedelta(days=1)


def _numbers(m: Any, name: str) -> list[tuple[int, str]]:
    """The number captured inside the named alternative (unnamed groups in its span)."""
    lo, hi = m.span(name)
    out = []
    for i in range(1, (m.re.groups or 0) + 1):
        value = m.group(i)
        if (
            value
            and m.span(i)[0] >= lo
            and m.span(i)[1] <= hi
            and (
                value.isdigit()
                or value in _EN_NUM
                or all(c in "一二两三四五六七八九十" for c in value)
            )
        ):
            out.append((i, value))
    return out


def _weekday_in(text: str) -> int | None:
    at = text.find("요일")
    if at > 0 and text[at - 1] in _WEEKDAY_KO:  # Korean: 월요일 ... 일요일
        return _WEEKDAY_KO[text[at - 1]]
    at = text.find("曜")
    if at > 0 and text[at - 1] in _WEEKDAY_CJK:  # Japanese: 月曜日 ... 日曜日
        return _WEEKDAY_CJK[text[at - 1]]
    for ch in text:
        if ch not in _WEEKDAY_CJK:
            continue
        # 日 and 天 are Sunday only after 周, 星期 or 礼拜 (日 alone is "day", 天 "day")
        if ch not in "日天" or any(word in text for word in ("周", "星期", "礼拜")):
            return _WEEKDAY_CJK[ch]
    return None


# What an English time phrase contains: an ASCII question with none of these and no digit names
# no time, and the pattern (~5 ms to compile, on every prompt the hook sees) is left alone.
# Anything not ASCII goes to the pattern.
TIME_WORDS = ("day", "night", "morning", "afternoon", "evening", "ago", "week", "hour", "month",
               "early ", "early-", "mid-", "mid ", "middle of", "late ", "late-", "end of",
               "beginning of", "start of",
               "mon", "tue", "wed", "thu", "fri", "sat", "sun", "january", "february", "march",
               "april", "june", "july", "august", "september", "october", "november", "december",
               *(f"{on} {m}" for on in ("in", "during") for m in _MONTHS))  # fmt: skip

# "since Monday", 周一以来, 自从上周三, 月曜以降: the window runs from there up to now.
_SINCE_BEFORE = Lazy(rf"{_B}since\s+$|(?:自从|自從|自)\s*$")
_SINCE_AFTER = Lazy(r"\s*(?:以来|以來|以后|以後|之后|之後|以降|から|开始|開始|起)")


def phrases(low: str, local_now: Any) -> list[tuple[tuple[int, int], tuple[Any, Any], str]]:
    """Each time phrase in `low` (a lower-cased question): its span in `low`, its local window
    [start, end) and its words as written, in order."""
    from datetime import timedelta

    if low.isascii():
        flat = " ".join(low.split())
        if not any(w in flat for w in TIME_WORDS) and not any(c.isdigit() for c in flat):
            return []
    found = []
    asked = low
    low = _simplified(low)
    for m in _TIME.finditer(low):
        window = _window(m, local_now)
        if window is None:
            continue
        span = m.span()
        since = _SINCE_BEFORE.search(low, 0, span[0]) or _SINCE_AFTER.match(low, span[1])
        if since:
            # from the start of the named day or week up to now, not that day alone
            window = window[0], max(window[1], local_now + timedelta(minutes=1))
            span = min(span[0], since.start()), max(span[1], since.end())
        found.append((span, window, asked[m.start() : m.end()].strip()))
    return found


# Traditional Chinese writes the words of time with other characters (這週, 這個星期, 上個禮拜):
# read as the simplified ones the patterns know, one character for one, so the spans stay those
# of the question. 週 is Japanese too (先週, 今週, 週末): the patterns take it beside 周 (上週五).
_HANT = str.maketrans("這個禮號", "这个礼号")


def _simplified(low: str) -> str:
    return low if low.isascii() else low.translate(_HANT)
