"""A person's lasting wish stated in a prompt: "from now on always use uv",
"以后请一直用 uv 来管理依赖", "いつも日本語で答えてください".

Two readers need the same answer. The learning queue (core/queue.py) keeps a session that states
one with a lasting marker ("always", 以后, いつも) for learning however short it was: such wishes
are mostly said in passing, in a session of a single tool call, and a session below every size
threshold was skipped, so the wish was lost.
The offline summariser (services/learning/summarizer.py) turns the sentence into a user memory
candidate. Markers in English, Chinese and Japanese: a strong one alone ("always", "from now
on", 以后, 今后, 从现在开始, 不要再, いつも, これから, 常に), or a weak one ("please", "don't",
请, ください) with a word about style ("reply", "comments", 回复, 注释, 日本語). A question is
no wish; nor is a sentence of under 8 or over 300 characters (a word, or a pasted paragraph).
Compiled on first use (core/lazy_regex.py): the queue asks only at a session's end, and only of
a session too short to learn from anyway.
"""

from __future__ import annotations

from vaultsync.core.lazy_regex import Lazy

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re

STRONG = Lazy(
    r"(?i)\b(i (really )?(prefer|like|love|hate|dislike|want you to)|always|never|from now on|"
    r"in general|by default|every time|whenever|going forward|from here on|call me|my name is|"
    r"i am an?|i'm an?|i work (as|at|on)|my role)\b"
    r"|以后|以後|今后|今後|从现在开始|从现在起|总是|一律|永远|偏好|我喜欢|我不喜欢|我习惯|我希望|每次|"
    r"不要再|别再|我是|いつも|必ず|常に|毎回|これから|好き"
)
WEAK = Lazy(r"(?i)\b(don'?t|do not|please|avoid|instead of|prefer)\b|请|不要|别|ください|しないで")
STYLE = Lazy(
    r"(?i)\b(write|writing|style|tone|reply|replies|answer|answers|explain|comments?|"
    r"commit messages?|language|english|chinese|concise|short|verbose|emoji|format|naming|"
    r"docs?|tests?)\b"
    r"|写|风格|回复|回答|语气|中文|英文|简洁|短句|口语|注释|文档|格式|命名|日本語|文体"
)
_SENTENCE = Lazy(r"(?<=[.!?。！？])\s*|\n+")


def sentences(text: str) -> list[str]:
    """`text` cut after each sentence's end mark (Western or CJK) and at line breaks."""
    return [s.strip() for s in _SENTENCE.split(text) if s and s.strip()]


def _wish_sized(prompt: str) -> list[str]:
    """The sentences of `prompt` that could state a wish: no question, 8 to 300 characters."""
    return [s for s in sentences(prompt) if 8 <= len(s) <= 300 and not s.endswith(("?", "？"))]


def stated(prompt: str) -> list[tuple[str, re.Match[str] | None]]:
    """Each sentence of `prompt` that states a lasting wish, with its strong marker (None when
    a weak marker and a word about style made it one)."""
    found: list[tuple[str, re.Match[str] | None]] = []
    for sentence in _wish_sized(prompt):
        strong = STRONG.search(sentence)
        if strong or (WEAK.search(sentence) and STYLE.search(sentence)):
            found.append((sentence, strong))
    return found


def lasting(prompt: str) -> bool:
    """Does `prompt` state a wish with a lasting marker ("always", 以后, いつも)? "please" with
    a word about style is not enough: it also marks a task ("please make the flaky date test
    deterministic"). What the learning queue asks."""
    return any(STRONG.search(s) for s in _wish_sized(prompt))
