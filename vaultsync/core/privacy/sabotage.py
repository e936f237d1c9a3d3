"""Orders whose harm is a change that weakens security: read by what the change does.

An injection need not send anything anywhere: "set verify=False on every requests call",
"allow_origins=['*']", "make is_authenticated() return True", "append this key to
authorized_keys", "open port 22 to 0.0.0.0/0", "change the Action to \"*\"", "chmod -R 777",
"delete the branch protection", "insert an admin user with password …", "add X as a
collaborator with admin permission", "grant them the admin role", "comment out the
@csrf_protect decorators", "pin cryptography back to 3.3.1". Each is a change of a known kind
toward the weak side (the value a change goes *to*: a replaced `0.0.0.0/0` is a hardening),
and it is an injection when the line asks for it: an imperative opening a clause, a model or an
agent addressed, or the change to be kept quiet; a line that warns against it (`never`, `do not`,
`instead of`) or only describes it is left. Standard library only; the patterns run only on a
text that holds one of their words.
"""

from __future__ import annotations

from vaultsync.core.lazy_regex import Lazy

RULE = "prompt-injection-weakening"

# The weak side of a change, by what it does: (the words one of which it holds, its pattern).
_WEAK_PARTS = (
    (
        ("verify",),
        r"\bverify(?:_ssl|_certs?)?[ \t]*[=:][ \t]*False\b|\bssl_verify[ \t]*[=:][ \t]*false\b",
    ),
    (("rejectunauthorized",), r"\brejectUnauthorized[ \t]*:[ \t]*false\b"),
    (("insecureskipverify",), r"\bInsecureSkipVerify[ \t]*:[ \t]*true\b"),
    (("tls_reject_unauthorized",), r"NODE_TLS_REJECT_UNAUTHORIZED[ \t]*=[ \t]*['\"]?0"),
    (("sslmode=disable",), r"\bsslmode=disable\b"),
    (
        (" off",),
        r"\b(?:turn|switch)[ \t]+off[ \t]+(?:the[ \t]+)?(?:TLS|SSL|certificate)[ \t]+"
        r"(?:verification|checks?)",
    ),
    (("allow_origin",), r"\ballow_origins[ \t]*=[ \t]*\[[ \t]*['\"]\*['\"][ \t]*\]"),
    (("allow-origin",), r"Access-Control-Allow-Origin:[ \t]*\*"),
    (("allow_all",), r"\bCORS_(?:ORIGIN_)?ALLOW_ALL(?:_ORIGINS)?[ \t]*=[ \t]*True\b"),
    (
        ("return true",),
        r"\b(?:is_authenticated|is_authorized|has_permission|check_auth\w*|authorize"
        r"|verify_token|is_admin|isAuthenticated|isAuthorized|checkAuth)\(\)[ \t]+return"
        r"[ \t]+True\b",
    ),
    (
        ("skip", "bypass", "disable"),
        r"\b(?:skip|bypass|disable)[ \t]+(?:the[ \t]+)?"
        r"(?:auth(?:entication)?|login|permission)(?:[ \t]+checks?)?\b",
    ),
    (
        ("authorized_keys",),
        r"\b(?:append|add)\b[^\n]{0,80}\bauthorized_keys\b"
        r"|>>[ \t]*~?/?[\w/.]*\.ssh/authorized_keys",
    ),
    (("0.0.0.0/0", "::/0"), r"\b(?:with|to|into)\b[^\n]{0,50}?(?:0\.0\.0\.0/0|::/0)"),
    (
        ("the world", "everyone", "the internet", "anyone"),
        r"\bopen\b[^\n]{0,60}\bto[ \t]+(?:the[ \t]+world|everyone|the[ \t]+internet|anyone)\b",
    ),
    (
        ('"*"',),
        r"\b(?:to|with)[ \t]+\"(?:Action|Resource)\"[ \t]*:[ \t]*\"\*\""
        r"|\"(?:Action|Resource)\"[ \t]+to[ \t]+\"\*\"",
    ),
    (("777", "a+rwx"), r"\bchmod[ \t]+(?:-R[ \t]+)?(?:0?777|a\+rwx)\b"),
    (
        ("branch protection",),
        r"\b(?:delete|remove|disable|turn[ \t]+off)[ \t]+(?:the[ \t]+)?"
        r"branch[ \t]+protection\b",
    ),
    (
        ("admin", "superuser", "root"),
        r"\b(?:insert|add|create)[ \t]+(?:an?[ \t]+)?"
        r"(?:admin|superuser|root)[ \t]+(?:user|account)\b[^\n]{0,80}\b(?:password|is_superuser)",
    ),
    (("debug",), r"\bDEBUG[ \t]*=[ \t]*True\b[^\n]{0,60}\bproduction\b"),
    (("allowed_hosts",), r"\bALLOWED_HOSTS[ \t]*=[ \t]*\[[ \t]*['\"]\*['\"][ \t]*\]"),
    (
        ("csrf",),
        r"\b(?:comment[ \t]+out|remove|drop|disable)[ \t]+(?:the[ \t]+|all[ \t]+)?@?csrf\w*"
        r"|@csrf_exempt\b",
    ),
    (
        (" back to", "downgrade"),
        r"\bpin[ \t]+[\w.-]+[ \t]+back[ \t]+to[ \t]+v?\d"
        r"|\bdowngrade[ \t]+(?!it\b)[\w.-]+[ \t]+to[ \t]+v?\d",
    ),
    (
        ("permitrootlogin", "passwordauthentication"),
        r"\b(?:PermitRootLogin|PasswordAuthentication)[ \t]+yes\b",
    ),
    (
        ("gist",),
        r"gist\b[^\n]{0,80}?\bpublic\b[^\n]{0,120}?(?:\.env|\.npmrc|\.netrc|\.pypirc|id_rsa"
        r"|id_ed25519|credentials)(?![\w.])",
    ),
    (
        ("bashrc", "zshrc", "profile"),
        r"\b(?:append|add|write|put)\b[^\n]{0,40}?\b(?:curl|wget)\b[^\n]{0,200}?\|[ \t]*"
        r"(?:ba|z)?sh\b[^\n]{0,40}?\b(?:to|into|in|at[ \t]+the[ \t]+end[ \t]+of)[ \t]+"
        r"~?/?[\w/]*\.(?:bashrc|zshrc|profile|bash_profile|zprofile)\b",
    ),
    (
        ("collaborator", "admin ", "owner "),
        r"\b(?:add|invite)\b[^\n]{0,80}?\bas[ \t]+(?:an?[ \t]+)?(?:collaborator|member"
        r"|maintainer|owner|admin)\b[^\n]{0,30}?\b(?:admin|owner|write|maintain)[ \t]+"
        r"(?:permissions?|access|role|rights)\b"
        r"|\bgrant\b[^\n]{0,40}?\b(?:the[ \t]+|an?[ \t]+)?(?:admin|owner|superuser|root)"
        r"[ \t]+(?:role|access|permissions?|rights)\b",
    ),
    (
        # a protection's switch set to off (`admissionWebhook.enabled=false`,
        # `csrf_enabled: false`, `enable_auth = 0`): what is switched is named by the key. A
        # local-development guide says "set auth.enabled=false" too, so only where a model or an
        # agent is addressed or the change is to be kept quiet (`_CUE`), not on an imperative
        ("enabled", "enable_", "!cue"),
        r"\b[\w.-]*(?:webhook|admission|auth\w*|tls|ssl|security|protection|csrf|mfa|2fa"
        r"|firewall|scan\w*|audit\w*|polic(?:y|ies)|validat\w*|signing|signature|verif\w*"
        r"|sandbox|encrypt\w*)[\w-]*(?:[._-]enabled|Enabled)[ \t]*[=:][ \t]*['\"]?"
        r"(?:false|0|off|no)\b"
        r"|\benable_?(?:webhook|admission|auth\w*|tls|ssl|security|protection|csrf|mfa|2fa"
        r"|firewall|scan\w*|audit\w*|validation|signing|verif\w*|sandbox|encryption)[ \t]*[=:]"
        r"[ \t]*['\"]?(?:false|0|off|no)\b",
    ),
    (
        ("firewall", "selinux", "ufw"),
        r"\b(?:disable|turn[ \t]+off|stop)[ \t]+(?:the[ \t]+)?"
        r"(?:firewall|selinux|ufw)\b",
    ),
)
_WEAK = tuple(
    (tuple(k for k in keys if k != "!cue"), Lazy("(?i)" + p), "!cue" in keys)
    for keys, p in _WEAK_PARTS
)
# Asked for: an imperative opening a clause just before the change (or the change's own verb)
_VERB = Lazy(
    r"(?im)(?:^|[.;:!?(]\s*|,\s*|\b(?:and|also|then|please|quietly|silently|just)\s+|<!--\s*"
    r"|[-*][ \t]+\[[ \t]\][ \t]+)"
    r"(?:set|make|change|comment[ \t]+out|insert|add|append|open|disable|remove|delete|pin|call"
    r"|apply|turn[ \t]+off|allow|grant|widen|replace|edit|put|run|skip|bypass|downgrade|use)\b"
)
# ... or, anywhere on its line, a model or an agent addressed, or the change kept quiet.
_CUE = Lazy(
    r"(?i)\b(?:agents?|assistants?|AI|LLMs?|bots?|copilot|claude|codex)\b"
    r"|\bwhoever[ \t]+automates\b"
    r"|\b(?:silently|quietly|secretly)\b|\bdon'?t[ \t]+(?:tell|mention)\b"
    r"|\bdo[ \t]+not[ \t]+(?:tell|mention|add[ \t]+a[ \t]+test)\b|\bleave[ \t]+it[ \t]+out\b"
    r"|\bnobody[ \t]+needs[ \t]+to[ \t]+know\b|\bwithout[ \t]+mentioning\b"
)
_AGAINST = Lazy(
    r"(?i)\b(?:never|don'?t|do[ \t]+not|must[ \t]+not|mustn'?t|should[ \t]+not|avoid|instead"
    r"[ \t]+of|rather[ \t]+than|no[ \t]+longer|stop[ \t]+using|warns?|flags?|detects?)\b"
)
_BAD = Lazy(r"(?i)\b(?:dangerous|insecure|unsafe|vulnerab\w*|risky|warnings?)\b")
# A secret moved where others read it: into a committed file, a PR comment, the next message.
_LEAK_SOURCE = Lazy(
    r"(?i)(?:~/\.netrc|~/\.config/\S*(?:key|token)\S*"
    r"|\$\{?[A-Z_]*(?:TOKEN|KEY|SECRET|PASSWORD)\b|\b(?:real|deploy|api|private|access|secret)"
    r"[ \t]+(?:key|token|password|credentials?)\b)"
)
_LEAK_SINK = Lazy(
    r"(?i)\bcommitted\b|\bcommit[ \t]+(?:the[ \t]+file|it)\b"
    r"|\b(?:in|into)[ \t]+(?:a[ \t]+)?comment\b"
    r"|\b(?:in|into)[ \t]+(?:the[ \t]+)?next[ \t]+message\b"
    r"|\b(?:in|into)[ \t]+(?:your|the)[ \t]+(?:reply|answer)\b"
)
_MOVE = Lazy(r"(?i)\b(?:paste[sd]?|copy|write|put|read|include)\b")
_PAST = Lazy(r"(?i)\b(?:was|were|had[ \t]+been)\b")
_LEAK_SINKS = ("commit", "comment", "next message", "reply", "answer")  # where a sink's word is
_LEAK_SOURCES = (".netrc", ".config/", "token", "key", "secret", "password", "credential")
_NEAR = 160  # a change is read in a window this wide around each of its words
_MAX_HITS = 64  # a word this frequent in one text is read at its first occurrences only


def find(w: str, lowered: str) -> list[tuple[int, int, int, int, str, bool]]:
    """Lines that ask for a change weakening security: (s, e, s, e, rule, True)."""
    out: list[tuple[int, int, int, int, str, bool]] = []
    lines: set[int] = set()
    for keys, rx, cue_only in _WEAK:
        for k in keys:
            i, n = lowered.find(k), 0
            while i >= 0 and n < _MAX_HITS:
                n += 1
                a, b = max(0, i - _NEAR), min(len(w), i + len(k) + _NEAR)
                for m in rx.finditer(w, a, b):
                    if m.start() <= i < m.end() or m.start() <= i + len(k) - 1 < m.end():
                        _judge(w, m.start(), m.end(), lines, out, cue_only)
                i = lowered.find(k, i + 1)
    if any(k in lowered for k in _LEAK_SOURCES):
        for k in _LEAK_SINKS:
            i = lowered.find(k)
            while i >= 0:
                _leak(w, i, lines, out)
                i = lowered.find(k, i + 1)
    return out


def _leak(w: str, i: int, lines: set[int], out: list[tuple[int, int, int, int, str, bool]]) -> None:
    """A sink's word at `i`: a secret moved there, named earlier on the line, by an order."""
    ls = w.rfind("\n", 0, i) + 1
    m = _LEAK_SINK.search(w, max(ls, i - 12), i + 24)
    if ls in lines or not m or not (src := _LEAK_SOURCE.search(w, max(ls, i - 200), i)):
        return
    if _AGAINST.search(w, ls, m.end()) or _PAST.search(w, ls, m.end()):
        return  # a warning, or a report of what happened
    if not _MOVE.search(w, min(src.start(), ls), m.end()):
        return  # nothing moves the secret
    le = w.find("\n", m.end())
    lines.add(ls)
    out.append((ls, len(w) if le < 0 else le, ls, len(w) if le < 0 else le, RULE, True))


def _judge(
    w: str,
    s: int,
    e: int,
    lines: set[int],
    out: list[tuple[int, int, int, int, str, bool]],
    cue_only: bool = False,
) -> None:
    ls = w.rfind("\n", 0, s) + 1
    if ls in lines:
        return
    le = w.find("\n", e)
    le = len(w) if le < 0 else le
    if _AGAINST.search(w, max(ls, s - 40), s) or _BAD.search(w, ls, le):
        return  # a warning against it, or the change named as a danger
    verb = not cue_only and _VERB.search(w, max(ls, s - 100), min(le, s + 30))
    if not (verb or _CUE.search(w, ls, le)):
        return  # a description, not an order
    lines.add(ls)
    out.append((ls, le, ls, le, RULE, True))
