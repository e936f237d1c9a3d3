"""Orders to a model read by structure alone, in any language: an AI noun written in Latin
letters, and a consequential object in the same sentence.

Whatever the language around it, the words for a model travel in Latin letters (AI, LLM, GPT,
agent, bot, Claude, Codex, Copilot), and so do the things an order wants done with secrets: a
secret file (`~/.ssh`, `.env`, `id_rsa`, `credentials`), a command that dumps the environment
or ships data (`env | curl -d @-`, `printenv`, `| nc`), a URL that carries data (a query with
a placeholder or a value spliced in), a mail address, damage (`rm -rf`, `DROP TABLE`,
`git push --force`, `terraform destroy`). Two structures make such a sentence an order:

* the noun is in a sentence written mostly in another script (Georgian, Bengali, Persian …),
  with a strong object (a secret file, a dump or shipping command, damage, a data-carrying
  URL), or a URL or mail address beside a Latin secret word (API, SSH, token, password);
* the noun stands in a short address closed by a colon ("Pro AI asistenta: …", "LLM:lle: …",
  "AI օգնականին՝ …"), and the sentence after it holds a strong object or a mail address, or a
  URL when the address is more than the noun ("Pre AI asistenta:", "ถึงผู้ช่วย AI:"; a heading
  "AI agents:" is not), the sentence is in another script, or a Latin secret word stands by.

No vocabulary of any language is needed; what is read is the Latin noun, punctuation and the
shape of the object. A Latin-script sentence with no address ("the agent reads .env") is left
to the other detectors. Standard library only; patterns compile on first use.
"""

from __future__ import annotations

import bisect
import re

from vaultsync.core.lazy_regex import Lazy

TYPE_CHECKING = False
if TYPE_CHECKING:
    from vaultsync.core.privacy.intent import Inj

RULE = "prompt-injection-addressee"

_NOUN = Lazy(
    r"(?<![A-Za-z])(?:AI|A\.I\.|LLMs?|GPTs?|(?i:agents?|bots?|chatbots?|claude|codex|copilot))"
    r"(?![A-Za-z])"
)
_KEYS = ("ai", "llm", "gpt", "agent", "bot", "claude", "codex", "copilot")
# a sentence ends at a full stop of any script followed by a space, or at a line's end
_END = Lazy(r"[.!?](?=\s|$)|[。！？।॥။።។៕۔]|\n")
_STRONG = Lazy(
    r"(?i)~/\.(?:ssh|aws|gnupg|kube|docker|npmrc|netrc|pgpass|config/gh)"
    r"|(?<![\w.])\.env\b|\bid_(?:rsa|ed25519|ecdsa)\b|\.aws/credentials|\bkubeconfig\b"
    r"|\b(?:env|printenv|set)[ \t]*\||\bprintenv\b|\bos\.environ\b|\bprocess\.env\b"
    r"|\|[ \t]*(?:sh|bash|nc|ncat|curl|wget)\b|-d[ \t]*@-|--data(?:-binary)?[ \t]+@-"
    r"|\brm[ \t]+-[rRf]{2}|\bdrop[ \t]+(?:table|database|schema)\b|\bgit[ \t]+push\b[^\n]{0,40}"
    r"(?:-f\b|--force)|\bterraform[ \t]+destroy\b|\bkubectl[ \t]+delete\b|--no-verify\b"
    r"|\bmkfs\b|https?://[^\s)\"'<>]+\?[^\s)\"'<>]*(?:=[ \t]*[{$]|\{[\w.-]+\}|\$\()"
)
_MAIL = Lazy(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_DEST = Lazy(r"https?://|[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_SECRET_WORD = Lazy(
    r"(?<![A-Za-z])(?i:SSH|tokens?|passwords?|cookies?|credentials?|secrets?|(?:API[ _-]?)?keys?)"
    r"(?![A-Za-z])"
)
_API = Lazy(r"(?<![A-Za-z])API(?![A-Za-z])")  # in another script, "API কী" is a key
# a colon that closes an address: ASCII, full-width, Armenian, Ethiopic, Khmer
_COLON = Lazy(r"[:：՝፡៖](?=\s)")


def _foreign(text: str) -> bool:
    """Most letters of the sentence are of a script other than Latin."""
    letters = [c for c in text if c.isalpha()]
    other = sum(1 for c in letters if ord(c) > 0x24F)
    return len(letters) >= 8 and other * 2 > len(letters)


def _address(w: str, s: int, n: int, e: int) -> int:
    """Where a short address holding the noun (at `n`) closes with a colon, or -1."""
    m = _COLON.search(w, n, min(e, n + 60))
    if not m or m.start() - s > 90 or "://" in w[n : m.end() + 2]:
        return -1
    if len(w[s : m.start()].split()) > 9:
        return -1
    return m.end()


def _sentences(w: str) -> list[tuple[int, int]]:
    out, s = [], 0
    for m in _END.finditer(w):
        out.append((s, m.start()))
        s = m.end()
    out.append((s, len(w)))
    return out


def find(w: str, lowered: str) -> list[Inj]:
    """Sentences where a Latin AI noun and a consequential object stand together, by the two
    structures above. Only sentences holding a noun are read, each once (its first 2,000
    characters)."""
    if not any(k in lowered for k in _KEYS):
        return []
    found = list(_NOUN.finditer(w))
    if not found:
        return []
    out: list[Inj] = []
    spans = _sentences(w)
    starts = [a for a, _ in spans]
    by: dict[int, list[re.Match[str]]] = {}
    for m in found:
        by.setdefault(bisect.bisect_right(starts, m.start()) - 1, []).append(m)
    for k, group in by.items():
        s, e = spans[k]
        e = min(e, s + 2000)
        nouns = [m for m in group if m.end() <= e]
        if not nouns:
            continue
        # an address alone on its line ("Untuk asisten AI:"): the order is the next line
        if k + 1 < len(spans) and w[nouns[-1].end() : e].strip() in (":", "：", "՝", "፡", "៖"):
            e = min(spans[k + 1][1], e + 2000)
        body = w[s:e]
        hit = False
        if _foreign(body):
            hit = bool(_STRONG.search(body)) or (
                bool(_DEST.search(body)) and bool(_SECRET_WORD.search(body) or _API.search(body))
            )
        for m in nouns[:4] if not hit else ():
            if m.start() - s > 90:
                break
            a = _address(w, s, m.start(), e)
            if a < 0:
                continue
            rest = w[a:e]
            named = bool(_NOUN.sub("", w[s : m.start()]).strip(" \t*_>#([-"))  # a word before
            hit = bool(_STRONG.search(rest) or _MAIL.search(rest)) or (
                bool(_DEST.search(rest))
                and (named or _foreign(body) or bool(_SECRET_WORD.search(rest)))
            )
            break
        if hit:
            out.append((s, e, s, e, RULE, True))
    return out
