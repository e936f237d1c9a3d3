"""Standing orders that hide themselves, in Korean, Spanish, Italian and Vietnamese.

A planted order often takes hold for later ("from now on", "every time", "remember", "앞으로",
"a partir de ahora") and keeps itself from the person ("do not tell the user", "이 지시는
사용자에게 말하지 마세요", "no se lo menciones", "no lo incluyas en tu resumen"). The English
directive reader (core/privacy/directive.py) has both parts; this one holds them in Korean and
Spanish (since round 25 also Italian and Vietnamese: "d'ora in poi", "ricorda", "từ bây giờ",
"hãy nhớ"; "non dirlo", "senza chiedere", "không cần hỏi"), read by their parts on one line:

- a standing frame: persistence, a next session, or something to remember;
- a concealment: not telling, mentioning, reporting or including it (in the reply, the
  summary, the pull request); or not asking first, quietly, without comment, when the line
  also holds something consequential (an address, a secret, a command, a disabled check).

A line that names an injection (a warning quoting such an order) is left, and quoted spans are
blanked before reading (a warning's example). A standing request with nothing hidden ("앞으로
배포 전에 테스트를 실행하세요") is ordinary. Patterns compile on first use; the module is imported
only when a frame word stands in the text.
"""

from __future__ import annotations

from vaultsync.core.lazy_regex import Lazy

TYPE_CHECKING = False
if TYPE_CHECKING:
    from vaultsync.core.privacy.intent import Inj

# the frame (its trigger words are intent._STANDING_KEYS)
_FRAME = Lazy(
    r"(?i)앞으로|지금부터|이제부터|다음[ \t]*세션|모든[ \t]*세션"
    r"|기억해[ \t]*(?:두|둬|주)|기억하세요"
    r"|항상|매번|할[ \t]*때마다|\ba[ \t]+partir[ \t]+de[ \t]+(?:ahora|hoy|mañana)\b"
    r"|\bdesde[ \t]+(?:hoy|ahora)\b|\bde[ \t]+ahora[ \t]+en[ \t]+adelante\b|\brecuerd[ae]\b"
    r"|\bsiempre\b|\bcada[ \t]+vez[ \t]+que\b|\bpermanente\b"
    r"|\bd'ora[ \t]+in[ \t]+(?:poi|avanti)\b"
    r"|\bda[ \t]+(?:ora|adesso|oggi)[ \t]+in[ \t]+(?:poi|avanti)\b"
    r"|\bricord[ai]\w*|\bsempre\b|\bogni[ \t]+volta[ \t]+che\b"
    r"|từ[ \t]+(?:bây[ \t]+)?giờ|từ[ \t]+nay|hãy[ \t]+nhớ|ghi[ \t]+nhớ|\bluôn\b"
    r"|mỗi[ \t]+(?:khi|lần)"
)
# not telling, mentioning, reporting or including it
_HIDE = Lazy(
    r"(?:말하지|언급하지|알리지|보고하지|밝히지|공유하지)[ \t]*"
    r"(?:마세요|마십시오|말고|마라|말아|않습니다|않는다|않아요)"
    r"|(?i:\bno[ \t]+(?:se[ \t]+)?(?:lo[ \t]+|la[ \t]+|los[ \t]+|las[ \t]+|le[ \t]+|les[ \t]+)?"
    r"(?:menciones|mencione|digas|diga|incluyas|incluya|comentes|cuentes|avises|reportes)\b"
    r"|\bsin[ \t]+(?:mencionarlo|decírselo|decirlo|avisar(?:le)?|contárselo)\b"
    r"|\bnon[ \t]+(?:lo[ \t]+|la[ \t]+|glielo[ \t]+)?"
    r"(?:dire|dirlo|dirglielo|menzionar\w*|segnalar\w*|riferir\w*)\b"
    r"|\bsenza[ \t]+(?:dirlo|dirglielo|menzionarlo|avvisare)\b)"
    r"|(?:đừng|không)[ \t]+(?:nói|nhắc|đề[ \t]+cập|báo)"
)
# not asking first, quietly, without comment: hidden only beside something consequential
_QUIET = Lazy(
    r"묻지[ \t]*(?:말고|마세요|않고)|확인[ \t]*없이|조용히|몰래"
    r"|(?i:\ben[ \t]+silencio\b"
    r"|\bsin[ \t]+(?:comentarios|preguntar|pedir[ \t]+(?:confirmación|permiso))\b"
    r"|\bno[ \t]+hace[ \t]+falta[ \t]+(?:pedir|preguntar)"
    r"|\bsenza[ \t]+(?:chiedere|domandare|conferma)\b|\bin[ \t]+silenzio\b|\bdi[ \t]+nascosto\b)"
    r"|không[ \t]+(?:cần[ \t]+)?hỏi|lặng[ \t]+lẽ|âm[ \t]+thầm"
)
_CONSEQUENTIAL = Lazy(
    r"(?i)https?://|\.env\b|~/\.|credentials|\btokens?\b|토큰|비밀|자격[ \t]*증명|\bclaves?\b"
    r"|contraseñas?|verify[ \t]*=[ \t]*false|검증을[ \t]*(?:끄|끈|비활성)|강제[ \t]*푸시|--force"
    r"|\bsudo\b|\|[ \t]*(?:ba)?sh\b|rm[ \t]+-rf|승인|\baprueba|desactiv"
    r"|\bpush\b[^\n]{0,40}\b(?:main|master)\b|\b(?:xoá|xóa|cancella\w*|elimina\w*)\b|disattiv"
    r"|(?<!tóm )\btắt[ \t]+(?:kiểm[ \t]+tra|xác[ \t]+(?:minh|thực)|bảo[ \t]+mật"
    r"|tường[ \t]+lửa|tls|ssl)"
)
_NAMED = Lazy(r"(?i)인젝션|프롬프트[ \t]*주입|inyecci[oó]n|injection|iniezione")
# a quotation: blanked before reading (a warning's example)
_QUOTED = Lazy(r"\"[^\"\n]{0,400}\"|“[^”\n]{0,400}”|«[^»\n]{0,400}»|'[^'\n]{0,400}'")


def find(w: str, rule: str) -> list[Inj]:
    """Standing orders that hide themselves in `w`, one finding per line, under `rule`."""
    out: list[Inj] = []
    a = 0
    n = len(w)
    while a < n:
        b = w.find("\n", a)
        b = n if b < 0 else b
        line = w[a:b]
        if line.strip() and _FRAME.search(line) and not _NAMED.search(line):
            bare = _QUOTED.sub(lambda m: " " * len(m.group()), line)
            if _FRAME.search(bare) and (
                _HIDE.search(bare) or (_QUIET.search(bare) and _CONSEQUENTIAL.search(bare))
            ):
                out.append((a, b, a, b, rule, True))
        a = b + 1
    return out
