"""Orders spoken to a model by name: a vocative, then an act on secrets, the network or the
reader's data, in the clause it opens.

A vocative is an AI noun that a line addresses: `@assistant`, or the noun near a clause's start
and then a colon or a comma ("SQL assistants: …", "assistente de IA, …", "P.S. for the AI that
drafts replies: …", "이 문서를 읽는 AI에게: …"). What it asks is consequential when the clause
after it moves something out (a transfer verb and a URL, a mail address, a secret file or a
secret noun), exposes a secret ("paste the password into your answer") or does damage ("drop
the table", "approve all pending refunds", "--privileged"). An override of earlier
instructions ("игнорируй все предыдущие инструкции") stands for a vocative. The vocabulary is
small and per language (English, Russian, Korean, Portuguese, Spanish, German, French, Italian);
the structure is the same in each. The same nouns in ordinary text (the assistant wrote the
summary, "@assistant can you summarise this?") lack the act. Standard library only; patterns
compile on first use, behind a substring test for the nouns.
"""

from __future__ import annotations

from vaultsync.core.lazy_regex import Lazy

TYPE_CHECKING = False
if TYPE_CHECKING:
    from vaultsync.core.privacy.intent import Inj

RULE = "prompt-injection-vocative"

_NOUNS = (
    "ai", "a.i.", "llm", "model", "assistant", "agent", "bot", "copilot", "chatbot", "gpt",
    "ии", "бот", "ассистент", "помощник", "нейросет", "модел",
    "봇", "어시스턴트", "에이전트", "모델",
    "assistente", "agente", "modelo", "ia", "asistente", "assistent", "modell", "ki", "modèle",
)  # fmt: skip
_NOUN = Lazy(
    r"(?i)(?<![\w.])(?:@?(?:ai|a\.i\.|llms?|models?|assistants?|agents?|(?:chat)?bots?|copilots?"
    r"|gpt|ии|бот\w*|ассистент\w*|помощник\w*|нейросет\w*|модел\w*|assistentes?|agentes?|modelos?"
    r"|ia|asistentes?|assistent(?:en)?|modell|ki|modèles?)(?![\w])|봇|어시스턴트|에이전트|모델|AI(?=에게))"
)
# English overrides are the override detector's (core/privacy/inject.py); this one reads them
# only in leetspeak, once the digits are read as letters.
_OVERRIDE_EN = Lazy(
    r"(?i)\b(?:ignore|disregard|forget)\b[^\n.]{0,30}\b(?:previous|prior|above|earlier|all)\b"
    r"[^\n.]{0,20}\binstructions?\b"
)
_OVERRIDE = Lazy(
    r"(?i)игнорируй\w*[^\n.]{0,30}(?:предыдущ|прошл|все)\w*[^\n.]{0,20}инструкци"
    r"|(?:이전|앞의|기존)[^\n.]{0,10}(?:지시|명령|지침)[^\n.]{0,10}무시"
    r"|ignor[ea]\w*[^\n.]{0,20}(?:as|las|todas|tutte|les|toutes)?[^\n.]{0,10}"
    r"(?:instruções|instrucciones|istruzioni)[^\n.]{0,10}(?:anteriores|precedenti)"
    r"|ignoriere\w*[^\n.]{0,20}(?:vorherigen|bisherigen)[^\n.]{0,10}anweisungen"
    r"|ignore\w*[^\n.]{0,20}(?:instructions)[^\n.]{0,10}(?:précédentes)"
)
_TRANSFER = Lazy(
    r"(?i)\b(?:send|forward|upload|post|paste|dm|e-?mail|mail|share|exfiltrate|transmit|push|curl"
    r"|wget)\b|отправ|перешл|пришл|загрузи|выложи|보내|전송|업로드|공유"
    r"|\b(?:envie|envia|envía|mande|manda|encaminhe|reenvía|compartilhe|comparte|sube|sende"
    r"|schick\w*|envoie|transfère|partage|invia|inoltra)\b"
)
_TARGET = Lazy(
    r"(?i)://|\b[\w.+-]+@[\w-]+\.[\w.-]+|~/|\.env\b|\.ssh\b|id_rsa|printenv|\benviron"
    r"|\b(?:api[ _-]?keys?|tokens?|passwords?|passwd|credentials?|secrets?|private keys?|cookies?"
    r"|session ids?|ssh keys?|keys)\b"
    r"|ключ|токен|пароль|секрет|토큰|비밀번호|암호|키\b|\b(?:senhas?|chaves?|credenciais|contraseñas?"
    r"|claves?|credenciales|passwort|kennwort|schlüssel|zugangsdaten|mot de passe|clés?"
    r"|identifiants|chiavi)\b"
)
_EXPOSE = Lazy(
    r"(?i)\b(?:paste|print|include|reveal|show|output|list|log|write)\b|покажи|выведи|вставь"
    r"|붙여|출력|\b(?:mostre|inclua|muestra|incluye|zeige|affiche|inclus)\b"
)
_DAMAGE = Lazy(
    r"(?i)\bdrop\s+(?:the\s+)?(?:\w+\s+)?(?:table|database|index)|\bdelete\s+(?:the|all|every|your|this|their)\b|\brm\s+-\w*r|--privileged"
    r"|\bforce[- ]push|push\s+--force|\bapprove\s+(?:all|every)|\brefund\b|\bclose\s+(?:all|every)"
    r"|\bgrant\b[^\n.]{0,40}\b(?:all|admin|every)|\bwipe\b|\bdisable\s+(?:the\s+)?(?:\w+\s+)?"
    r"(?:non-root|auth|tests?|checks?|antivirus|firewall|2fa|mfa|security)|\bscale\b[^\n.]{0,30}\bzero"
    r"|удали|сотри|삭제|지워|\b(?:apague|exclua|aprove\s+todas|borra|elimina|aprueba\s+todas|lösche"
    r"|entferne|supprime|efface|cancella)\b"
)
# An order to decode a payload and act on it is one whatever the payload says.
_DECODE_OBEY = Lazy(
    r"(?i)\b(?:(?:hex|base64|rot13|url)[- ]?decode|decode|unescape|de-?obfuscate)\b"
    r"[^\n.]{0,60}\s(?:and|then)\s[^\n.]{0,20}\b(?:execute|obey|follow|carry (?:it )?out"
    r"|do what it says|act on|comply)\b"
    r"|\bdecode and execute\b"
)
# Leetspeak: digits for letters in words that mix them ("1gn0r3 4ll pr3v10u5 1n5truc710n5").
_LEET = str.maketrans("013457@$", "oieastas")
_LEET_WORD = Lazy(r"\b(?=\w*\d)(?=\w*[a-z])\w{3,}\b")
_STOP = ".!?;\n"
# What may stand between the addressed noun and its colon: a relative clause or a participle
# ("the AI that drafts replies", "agents indexing this space"), nothing else ("Model metadata:").
_RELATIVE = Lazy(r"\s+(?:that|who|which|[a-z]+ing)\b")


def _vocatives(w: str, lowered: str) -> list[tuple[int, int]]:
    """(start, end of the vocative mark) of each AI noun the text addresses."""
    out: list[tuple[int, int]] = []
    starts: set[int] = set()
    for n in _NOUNS:  # the nouns by str.find, each tried by the pattern where it starts a word
        i = lowered.find(n)
        while i >= 0:
            if not (i and lowered[i - 1].isalnum()):
                starts.add(i - 1 if i and w[i - 1] == "@" else i)
            i = lowered.find(n, i + 1)
    for p in sorted(starts):
        m = _NOUN.match(w, p)
        if m is None:
            continue
        s, e = m.span()
        if w[s] == "@":
            out.append((s, e))
            continue
        ls = max(w.rfind(c, max(0, s - 120), s) for c in _STOP) + 1
        if w[ls:s].startswith(" ") and ls >= 2 and w[ls - 2 : ls - 1].isupper():
            ls2 = max(w.rfind(c, max(0, ls - 120), ls - 1) for c in _STOP) + 1
            ls = ls2 if w[ls2:s].lstrip().startswith(("P.S", "PS")) else ls  # `P.S. …`
        lead = len(w[ls:s].strip())
        k = w.find(":", e, min(len(w), e + 70))
        cs = max(ls, w.rfind(":", ls, s) + 1)  # a clause also opens after a colon
        if w[e : e + 1] == "," and len(w[cs:s].strip()) <= 25:
            out.append((s, e + 1))  # "Design agent, …", "assistente de IA, …"
        elif k >= 0 and lead <= 80 and w[k + 1 : k + 2] in (" ", "\n", "\t", "\r"):
            between = w[e:k]
            if not any(c in between for c in _STOP) and (
                not between or between == "에게" or _RELATIVE.match(between)
            ):
                out.append((s, k + 1))  # "SQL assistants: …", "Agents indexing this space: …"
    return out


def _asks(w: str, a: int, b: int) -> bool:
    """Does the clause w[a:b] ask for something consequential?"""
    if _DAMAGE.search(w, a, b):
        return True
    if _TARGET.search(w, a, b):
        return bool(_TRANSFER.search(w, a, b) or _EXPOSE.search(w, a, b))
    return False


_OVERRIDE_CUES = ("инструкц", "무시", "anweisung", "istruzion", "instruç", "instrucc", "précédent")
_DECODE_CUES = ("decode", "unescape", "deobfusc", "de-obfusc")
_OBEY_CUES = ("execute", "obey", "follow", "carry", "do what", "act on", "comply")


def find(w: str, lowered: str) -> list[Inj]:
    """Vocatives (or overrides) whose clause asks for something consequential."""
    out: list[Inj] = []
    if any(k in lowered for k in _DECODE_CUES) and any(k in lowered for k in _OBEY_CUES):
        for k in _DECODE_CUES:  # tried only where a decode word stands
            i = lowered.find(k)
            while i >= 0:
                m = _DECODE_OBEY.search(w, max(0, i - 8), i + 120)
                if m and m.start() <= i:
                    out.append((*m.span(), *m.span(), RULE, True))
                i = lowered.find(k, i + len(k))
    plain = lowered.translate(_LEET) if ("1n5" in lowered or "1n" in lowered) else ""
    if "instruc" in plain and len(_LEET_WORD.findall(lowered[:4000])) >= 3:  # digits as letters
        out += [
            (*m.span(), *m.span(), RULE, True)
            for m in _OVERRIDE_EN.finditer(plain)
            if lowered[m.start() : m.end()] != m.group()  # only what the digits hid
        ]
    cue = any(k in lowered for k in _OVERRIDE_CUES)
    if not cue and not any(n in lowered for n in _NOUNS):
        return out
    marks = _vocatives(w, lowered)
    if cue:
        marks += [m.span() for m in _OVERRIDE.finditer(w)]
    for s, e in marks:
        at = e + 1 if w[e : e + 1] == "\n" else e  # an address alone on its line: the next line
        end = w.find("\n", at)
        b = min(len(w) if end < 0 else end, e + 250)
        if _asks(w, e, b):
            out.append((s, b, s, b, RULE, True))
    return out
