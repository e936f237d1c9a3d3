"""Injections found by their structure: fake conversation turns and instructions addressed to AI.

- A **fake turn** is a role marker opening a line inside text the agent reads as data (a tool
  result, a fetched page): `Human:`, `Assistant:`, `[SYSTEM]`, `### Instruction`, and their
  Chinese and Japanese forms. `User:` and `System:` alone are ordinary log lines (`id`, `uname`),
  so a weak marker counts only in a conversation (a user-side and an assistant-side marker in the
  same text) or when its line gives an order.
- An **agent hijack** is a phrase addressed to an AI ("Note to AI assistants:", "If you are an
  LLM", "Claude, please …", "@copilot …", "致 AI 助手：", "AIエージェントへ：") in a comment, a
  README, an issue or a commit message. Strong forms count by themselves; a bare name followed by
  a colon or comma counts only when an imperative follows.
Ordinary coding language ("ignore the build folder", "Claude Code users: run make lint",
"# The agent reads this config") does not match: the address must be to the AI, and the verb
an order to it. `privacy_inject.find_injections` calls `find`; spans are quoted as data.
"""

from __future__ import annotations

import re

from vaultsync.core.lazy_regex import Lazy
from vaultsync.core.privacy.scan import anchored, has_cjk, positions, word_start

FAKE_TURN = "prompt-injection-fake-turn"
HIJACK = "prompt-injection-agent-hijack"

# possessive: a run of comment and quote marks is never backtracked into
_LEAD = r"[ \t]*(?:\d{1,7}(?:→|\t|:|\|)[ \t]*)?(?:[-;>*/ \t]|#(?!#))*+"
ROLE = Lazy(
    _LEAD + r"(?P<m>(?P<en>Human|Assistant|User|System|AI|Bot|Model|HUMAN|ASSISTANT|USER|SYSTEM)"
    r"[ \t]*:(?=[ \t\r\n]|\Z)"
    r"|\[(?P<br>SYSTEM|System|system|ASSISTANT|USER|INST)\](?=[ \t\r\n]|\Z)"
    r"|(?P<hd>#{2,3}[ \t]*(?:Instruction|Response|System|Human|Assistant|Input)s?\b[ \t]*:?)"
    r"[ \t]*(?=\r?\n|\Z)"
    r"|(?P<cjk>用户|用戶|人类|人類|助手|系统|系統|ユーザー|アシスタント|システム|人間)"
    r"[ \t]*[:：])"
)
_STRONG = frozenset(("Human", "Assistant", "HUMAN", "ASSISTANT"))
_ASSISTANT_SIDE = frozenset(
    ("Assistant", "ASSISTANT", "AI", "Bot", "Model", "助手", "アシスタント")
)
_USER_SIDE = frozenset(
    ("Human", "HUMAN", "User", "USER", "用户", "用戶", "人类", "人類", "ユーザー", "人間")
)
_ROLE_KEYS = ("human", "assistant", "user", "system", "ai", "bot", "model", "[", "##", "：")
_ROLE_CJK = (
    "用户",
    "用戶",
    "人类",
    "人類",
    "助手",
    "系统",
    "系統",
    "ユーザー",
    "アシスタント",
    "システム",
)

_VERBS = (
    r"please|kindly|you[ \t]+(?:must|should|need[ \t]+to|will|are[ \t]+to)|make[ \t]+sure"
    r"|do[ \t]+not|don't|never|always|from[ \t]+now[ \t]+on|ignore|disregard|forget|run"
    r"|execute|exec|delete"
    r"|remove|drop|disable|bypass|skip|send|upload|post|email|print|output|reveal|show|leak|dump"
    r"|copy|paste|push|merge|approve|commit|add|insert|replace|change|modify|update|rewrite"
    r"|install|download|curl|wget|tell|say|reply|respond|answer|summari[sz]e|mark|set|write|open"
    r"|visit|fetch|include|append|keep|stop|act|pretend|obey|follow|grant|rotate"
)
IMPERATIVE = Lazy(rf"(?i)(?:^|[.;!?:,][ \t]*|\bplease[ \t]+)(?:{_VERBS})\b")
_CJK_ORDER = Lazy(
    r"请|請|务必|務必|必须|必須|不要|別|别|してください|して下さい|しなさい|せよ|すること"
)

_AI = (
    r"(?:AI|A\.I\.|LLMs?|large[ \t]+language[ \t]+models?|language[ \t]+models?"
    r"|GPT(?:-?\d[\w.]{0,8})?"
    r"|ChatGPT|Claude(?:[ \t]+Code)?|Copilot|Cursor|Codex|Gemini|Devin|Aider|Windsurf|Cline"
    r"|coding[ \t]+(?:assistants?|agents?))"
)
_ROLE_NOUN = r"(?:agents?|assistants?|models?|bots?|tools?|systems?|reviewers?|coders?)"
# people who work with AI ("If you are an LLM developer, …"): a person is addressed, not a model
_PEOPLE = (
    r"(?:developers?|engineers?|researchers?|users?|teams?|compan(?:y|ies)|startups?|vendors?"
    r"|founders?|practitioners?|builders?|providers?|enthusiasts?|students?)\b"
)
_ZH_AI = r"(?:AI|ＡＩ|LLM|人工智能|大模型|大语言模型|大語言模型|语言模型|語言模型)"
_ZH_ROLE = r"(?:编程|編程|代码|代碼)?[ \t]*(?:助手|代理|智能体|智能體|模型|机器人|機器人)?"
_JA_AI = r"(?:AI|ＡＩ|LLM|生成AI|言語モデル)"
# (pattern, strong): strong ones need nothing more; the others need an order after them.
HIJACKS: tuple[tuple[Lazy, bool], ...] = (
    (Lazy(rf"(?i)\b(?:notes?|instructions?|message|attention|reminder|important|warning|notice)"
          rf"[ \t]+(?:for|to)[ \t]+(?:the[ \t]+|any[ \t]+|all[ \t]+)?{_AI}(?:[ \t]+{_ROLE_NOUN})?"
          r"\b"), True),
    (Lazy(rf"(?i)\b(?<![\w-]){_AI}(?:[ \t]+{_ROLE_NOUN})?[ \t]+(?:instructions?|notes?|notice|"
          r"directives?|tasks?)[ \t]*:"), True),
    (Lazy(rf"(?i)\bif[ \t]+you(?:'re|[ \t]+are)[ \t]+(?:an?[ \t]+)?(?:{_AI}|(?:AI[ \t]+)?"
          rf"{_ROLE_NOUN})\b(?![ \t]+{_PEOPLE})"), True),
    (Lazy(rf"(?i)(?:\b(?:dear|hey|hi|hello|attention|attn)[ \t]+|@)(?:{_AI}|assistant|agent)"
          rf"(?:[ \t]+{_ROLE_NOUN})?\b[ \t]*[,:!]?"), False),
    (Lazy(rf"(?m)^[-#;>*/!< \t]*+(?:{_AI}(?:[ \t]+{_ROLE_NOUN})?"
          rf"|(?i:AI|LLM)[ \t]+{_ROLE_NOUN})[ \t]*[:,]"), False),
    (Lazy(rf"(?:致|给|給|对|對|写给|寫給)[ \t]*(?:所有|各位)?[ \t]*{_ZH_AI}[ \t]*{_ZH_ROLE}"
          r"[^：:\n]{0,8}[：:]"), True),
    (Lazy(rf"如果你是[ \t]*(?:一个|一個)?[ \t]*(?:{_ZH_AI}|助手|智能体|智能體)"), True),
    (Lazy(rf"{_ZH_AI}[ \t]*(?:助手|代理|智能体|智能體|模型)[ \t]*[，,：:][ \t]*(?:请|請)"), True),
    (Lazy(rf"{_JA_AI}[ \t]*(?:エージェント|アシスタント|モデル)?(?:の方|の皆さん|各位|さん)?"
          r"(?:へ|に告ぐ)[ \t]*[：:、]"), True),
    (Lazy(rf"(?:もし)?あなたが[ \t]*(?:{_JA_AI}|アシスタント)(?:なら|であれば|の場合)"), True),
)  # fmt: skip
_FIRST_CJK = 5  # HIJACKS from here on are Chinese and Japanese
# The words the first four patterns start with: they are tried only where one occurs.
_STARTS: tuple[tuple[str, ...], ...] = (
    ("note", "instruction", "message", "attention", "reminder", "important", "warning", "notice"),
    ("ai", "a.i.", "llm", "large", "language", "gpt", "chatgpt", "claude", "copilot", "cursor",
     "codex", "gemini", "devin", "aider", "windsurf", "cline", "coding"),
    ("if",),
    ("dear", "hey", "hi", "hello", "attention", "attn", "@"),
)  # fmt: skip
_HIJACK_KEYS = (
    "ai", "a.i.", "llm", "language model", "gpt", "claude", "copilot", "cursor", "codex", "gemini",
    "devin", "aider", "windsurf", "cline", "coding", "assistant", "agent", "ａｉ", "人工智能",
    "大模型", "模型", "助手", "智能", "あなたが",
)  # fmt: skip

Found = tuple[int, int, int, int, str, bool]  # core start/end, span start/end, rule, wrap


def _line_end(w: str, p: int) -> int:
    e = w.find("\n", p, p + 2000)
    e = min(len(w), p + 2000) if e < 0 else e
    while e > p and w[e - 1] in " \t\r":
        e -= 1
    return e


def gives_order(text: str) -> bool:
    """Does `text` (what follows an address or a role marker) tell someone to do something?"""
    return bool(IMPERATIVE.search(text.strip()) or _CJK_ORDER.search(text))


def fake_turns(w: str, lowered: str) -> list[Found]:
    if not any(k in lowered for k in _ROLE_KEYS) and not any(k in w for k in _ROLE_CJK):
        return []
    marks = []
    for m in _line_starts(w, lowered, ROLE):
        name = m.group("en") or m.group("br") or m.group("cjk") or "heading"
        marks.append((m.start("m"), m.end("m"), name, m.group("br") or m.group("hd")))
    if not marks:
        return []
    names = {x[2] for x in marks}
    conversation = bool(names & _ASSISTANT_SIDE) and bool(names & _USER_SIDE)
    # `### Instructions` alone is a README's heading; beside `### Response`, with a colon
    # (`### Instruction:`) or in a template's singular followed by an order, it is a turn
    headings = {w[s:e].strip("# \t:").lower().rstrip("s") for s, e, n, _ in marks if n == "heading"}
    out: list[Found] = []
    for s, e, name, structural in marks:
        end = _line_end(w, e)
        head = w[s:e].rstrip()
        if name == "heading" and len(headings) < 2 and not head.endswith(":"):
            nxt = _line_end(w, end + 1) if end < len(w) else end
            structural = None
            if not head.endswith("s") and gives_order(w[end + 1 : min(nxt, end + 301)]):
                structural = "heading"
        if structural or name in _STRONG or conversation or gives_order(w[e : min(end, e + 300)]):
            out.append((s, e, s, max(end, e), FAKE_TURN, True))
    return out


_MARK_KEYS = ("human:", "assistant:", "user:", "system:", "ai:", "bot:", "model:", "[system]",
              "[assistant]", "[user]", "[inst]", "##", "用户", "用戶", "人类", "人類", "助手",
              "系统", "系統", "ユーザー", "アシスタント", "システム", "人間")  # fmt: skip


def _line_starts(w: str, lowered: str, rx: Lazy) -> list[re.Match[str]]:
    """`rx` tried at the start of each line holding a role marker's text (found with
    str.find: a scan of every line, or of every position, would cost far more)."""
    out, last = [], -1
    for p in positions(lowered, _MARK_KEYS) if len(lowered) == len(w) else range(0):
        ls = w.rfind("\n", 0, p) + 1
        if ls != last and p - ls <= 40:
            last = ls
            if m := rx.match(w, ls):
                out.append(m)
    return out


_AI_WORDS = (
    "ai", "a.i.", "llm", "language model", "gpt", "claude", "copilot", "cursor", "codex", "gemini",
    "devin", "aider", "windsurf", "cline", "assistant", "agent", "if you",
)  # fmt: skip
_CJK_KEYS = ("AI", "ＡＩ", "LLM", "人工智能", "模型", "助手", "智能", "あなたが", "エージェント")


def _is_word(low: str, p: int) -> bool:
    """A whole word starts at `p` (a plural `s` allowed): `ai` in `AI:` but not in `aim`."""
    if p and low[p - 1].isalpha():
        return False
    e = p + 1
    while e < len(low) and low[e].isalpha():
        e += 1
    word = low[p:e].rstrip("s")
    return any(w.startswith(word) and len(word) >= len(w.split()[0]) for w in _AI_WORDS) or (
        e - p <= 2
    )


def _windows(w: str, lowered: str, cjk: bool) -> list[tuple[int, int]]:
    """Stretches of `w` around a word for an AI (`cjk`: a Chinese or Japanese one): the only
    places an address to one can be (a pattern is tried there only, so its cost follows the
    matches, not the text)."""
    if cjk:
        hits = positions(w, _CJK_KEYS)
    else:
        hits = [p for p in positions(lowered, _AI_WORDS) if _is_word(lowered, p)]
    out: list[tuple[int, int]] = []
    for p in hits:
        if out and p <= out[-1][1] + 64:  # at the last window: grow it, no search needed
            out[-1] = (out[-1][0], max(out[-1][1], min(len(w), p + 600)))
            continue
        a = max(w.rfind("\n", max(0, p - 300), p) + 1, p - 300)
        b = w.find("\n", p, p + 600)
        b = min(len(w), p + 600) if b < 0 else b
        if out and a <= out[-1][1] + 64:  # near windows become one: fewer, longer scans
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


def hijacks(w: str, lowered: str) -> list[Found]:
    if not any(k in lowered for k in _HIJACK_KEYS):
        return []
    out: list[Found] = []
    same = len(lowered) == len(w)
    wins = _windows(w, lowered, False) if same else [(0, len(w))]
    cjk = has_cjk(w)
    for k, (rx, strong) in enumerate(HIJACKS):
        if k == _FIRST_CJK:
            if not cjk:
                break
            wins = _windows(w, lowered, True)
        done = -1  # the rest of a line already judged is not judged again (bounded cost)
        if k < len(_STARTS) and same:
            found = anchored(rx, w, lowered, _STARTS[k], pre=word_start)
        else:
            found = (m for a, b in wins for m in rx.finditer(w, a, b))
        for m in found:
            if m.start() < done:
                continue
            end = done = _line_end(w, m.end())
            if strong or gives_order(w[m.end() : min(end, m.end() + 300)]):
                a = w.rfind("\n", max(0, m.start() - 300), m.start()) + 1
                out.append((m.start(), m.end(), a, max(end, m.end()), HIJACK, True))
    return out


MAX_FOUND = 200  # past this many, a text is one attack: quoted as one block (bounded cost)


def _bounded(found: list[Found]) -> list[Found]:
    if len(found) <= MAX_FOUND:
        return found
    found.sort()
    first = found[0]
    return [(first[0], first[1], first[2], max(x[3] for x in found), first[4], True)]


def find(w: str, lowered: str, off: frozenset[str]) -> list[Found]:
    found: list[Found] = []
    if FAKE_TURN not in off:
        found += _bounded(fake_turns(w, lowered))
    if HIJACK not in off:
        found += _bounded(hijacks(w, lowered))
    return found
