"""The built-in secret rules (as data), their value filters, and how a rule finds candidates.
`vaultsync.core.privacy` runs them; `privacy_inject` holds the prompt-injection detectors.

A table line reads `id | keywords | options | regex`; a line indented by four spaces continues
the line above. Keywords (lower case) are a prefilter; options: `p=` priority, `e=` entropy floor,
`c=` a check from CHECKS, `g=` secret group(s) (`2/3`: the first that matched), `s=` stop words
(`;`-separated), `a=1` the match starts at a keyword (found with `str.find`, fast), `x=1` with
`w=N` the rule only looks N characters after a keyword. In a regex a leading `%L` (`%B`): no token
(base64) character just before (checked in code, so the literal prefix keeps the scan fast); a
trailing `%R`: the secret grows to the end of its token; `%E`: the base64 run must end there.
Repetitions are bounded and never nest over overlapping classes: scans stay linear. docs/privacy.md
explains the rules for users.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable

from vaultsync.core.privacy_values import (
    UUID,
    Lazy,
    classes,
    code_like,
    passwordish,
    placeholder,
    secretish,
)

# typing and dataclasses cost the hook ~2 and ~5 ms to import; annotations are strings.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from dataclasses import dataclass
    from typing import Any
else:  # dataclasses imports inspect, ast, dis...: too slow for the hook path
    from vaultsync.core.frozen_record import dataclass


@dataclass(frozen=True)
class Rule:
    id: str
    regex: str
    secret_group: int | tuple[int, ...] | None = None  # None: group 1 if any, else group 0
    keywords: tuple[str, ...] = ()
    entropy: float = 0.0
    allowlist: tuple[str, ...] = ()
    stopwords: tuple[str, ...] = ()
    check: str = ""  # a key of CHECKS
    context: tuple[str, ...] = ()  # words: look only in `window` characters after one of them
    window: int = 0
    priority: int = 5
    left: str = ""  # characters that must not come just before the match
    right: str = ""  # the secret grows over these characters (a token never ends mid-run)
    anchored: bool = False  # the match starts at a keyword (found with str.find: fast)


# Provider tokens with a distinctive prefix. Defaults: p=10 c=mixed e=3.
PROVIDERS = r"""
anthropic-api-key | sk-ant- | | %Lsk-ant-[a-z]{2,10}\d{0,3}-[A-Za-z0-9_-]{32,300}%R
openai-api-key | sk- | e=3.5 | %Lsk-(?!ant-)(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_-]{20,300}%R
aws-access-key-id | akia,asia,abia,acca,a3t | c= e=2.5 s=EXAMPLE |
    %L(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16}%R
aws-session-token | iqojb3jpz2lux2vj,zxivyxdze | |
    %B(?:IQoJb3JpZ2luX2Vj|FwoGZXIvYXdzE|FQoGZXIvYXdzE)[A-Za-z0-9/+=]{40,4000}
github-token | ghp_,gho_,ghu_,ghs_,ghr_ | s=ghp_16C7e42F292c6912E7710c838347Ae178B4a |
    %Lgh[pousr]_[A-Za-z0-9]{36,251}%R
github-fine-grained-pat | github_pat_ | | %Lgithub_pat_[A-Za-z0-9_]{50,255}%R
gitlab-token | glpat-,gldt-,glptt-,glrt-,glsoat-,glft-,glimt-,glagent-,gloas-,glcbt-,gr1348941 | |
    %L(?:gl(?:pat|dt|ptt|rt|soat|ft|imt|agent|oas|cbt|ffct)-|GR1348941)[A-Za-z0-9_-]{20,64}
    (?:\.[A-Za-z0-9_-]{1,64}){0,3}%R
slack-token | xox | | %L(?:xox[abposre]|xoxe\.xox[bp])-[A-Za-z0-9-]{10,250}%R
slack-app-token | xapp- | | %Lxapp-\d-[A-Z0-9]{8,16}-\d{6,16}-[a-z0-9]{32,128}%R
slack-webhook | hooks.slack.com | g=1 |
    hooks\.slack\.com/(?:services|workflows|triggers)/([A-Za-z0-9_/+-]{20,200})
discord-webhook | /api/webhooks/ | g=1 |
    discord(?:app)?\.com/api/webhooks/\d{5,30}/([A-Za-z0-9_-]{40,100})
teams-webhook | webhook.office.com | g=1 |
    \.webhook\.office\.com/webhookb2/([A-Za-z0-9@/_-]{40,300})
stripe-secret-key | sk_live_,sk_test_,rk_live_,rk_test_ | s=4eC39HqLyjWDarjtT1zdp7dc |
    %L(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{10,247}%R
stripe-webhook-secret | whsec_ | | %Lwhsec_[A-Za-z0-9+/=]{20,100}%R
google-api-key | aiza | | %LAIza[0-9A-Za-z_-]{35}%R
google-oauth-secret | gocspx- | | %LGOCSPX-[A-Za-z0-9_-]{20,40}%R
google-oauth-token | ya29.,1//0 | | %L(?:ya29\.[0-9A-Za-z_-]{30,2000}|1//0[0-9A-Za-z_-]{40,500})%R
huggingface-token | hf_,api_org_ | c= e=3.5 | %L(?:hf_|api_org_)[A-Za-z0-9]{30,64}%R
npm-token | npm_ | | %Lnpm_[A-Za-z0-9]{36}%R
pypi-token | pypi-ag | | %Lpypi-Ag[A-Za-z0-9_-]{50,1000}%R
jwt | eyj | c= s=eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ |
    %LeyJ[A-Za-z0-9_-]{8,4096}\.[A-Za-z0-9_-]{4,16384}\.[A-Za-z0-9_-]{0,4096}
    (?:\.[A-Za-z0-9_-]{0,4096}\.[A-Za-z0-9_-]{0,4096})?%R
sendgrid-api-key | sg. | | %LSG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{16,64}%R
twilio-api-key | twilio | | %LSK[0-9a-fA-F]{32}%R
mailgun-api-key | key- | | %Lkey-[0-9a-f]{32}%R
shopify-token | shpat_,shpca_,shppa_,shpss_ | | %Lshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}%R
digitalocean-token | _v1_ | | %Ldo[opr]_v1_[a-f0-9]{64}%R
telegram-bot-token | :aa | | %L\d{8,10}:AA[A-Za-z0-9_-]{33}%R
discord-bot-token | discord | |
    %L[MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,40}%R
linear-api-key | lin_api_,lin_oauth_ | | %Llin_(?:api|oauth)_[A-Za-z0-9]{40}%R
doppler-token | dp. | | %Ldp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,44}%R
databricks-token | dapi | | %Ldapi[a-f0-9]{32}(?:-\d)?%R
groq-api-key | gsk_ | | %Lgsk_[A-Za-z0-9]{48,56}%R
xai-api-key | xai- | | %Lxai-[A-Za-z0-9]{70,90}%R
replicate-token | r8_ | | %Lr8_[A-Za-z0-9]{37}%R
perplexity-api-key | pplx- | | %Lpplx-[A-Za-z0-9]{40,56}%R
notion-token | secret_,ntn_ | | %L(?:secret_[A-Za-z0-9]{43}|ntn_[A-Za-z0-9]{40,50})%R
atlassian-api-token | atatt3 | | %LATATT3[A-Za-z0-9_=-]{150,220}%R
postman-api-key | pmak- | | %LPMAK-[a-f0-9]{24}-[a-f0-9]{34}%R
vault-token | hvs.,hvb.,hvr. | | %Lhv[sbr]\.[A-Za-z0-9_-]{24,300}%R
terraform-token | atlasv1 | | %L[a-z0-9]{14}\.atlasv1\.[a-z0-9_=-]{60,70}%R
sentry-token | sntry,sntru,sntrs | | %Lsntr[ysu]_[A-Za-z0-9+/=_]{40,400}%R
supabase-token | sbp_,sb_secret_ | | %L(?:sbp_[a-f0-9]{40}|sb_secret_[A-Za-z0-9_-]{20,64})%R
planetscale-token | pscale_ | | %Lpscale_(?:tkn|pw|oauth)_[A-Za-z0-9_.-]{32,64}%R
pinecone-api-key | pcsk_ | | %Lpcsk_[A-Za-z0-9_]{40,100}%R
langsmith-api-key | lsv2_ | | %Llsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}%R
grafana-token | glsa_,glc_ | |
    %L(?:glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}|glc_[A-Za-z0-9+/]{32,400}={0,2})%R
square-token | sq0 | | %Lsq0(?:atp|csp)-[0-9A-Za-z_-]{22,60}%R
heroku-api-key | hrku- | | %LHRKU-[A-Za-z0-9_-]{40,70}%R
age-secret-key | age-secret-key- | c= | AGE-SECRET-KEY-1[0-9A-Z]{58}
azure-ad-client-secret | q~ | |
    (?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.-]{3}\dQ~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])
firebase-fcm-key | aaaa | | %LAAAA[A-Za-z0-9_-]{7}:[A-Za-z0-9_-]{140}%R
"""

# Secrets found by their surroundings. The generic `name = value` rule (secret-assignment) starts
# at the key word (a fast scan); its check reads the name backwards and judges name and value.
STRUCTURE = r"""
private-key | private key | p=9 c=pem g=1 | -----BEGIN[ A-Z0-9]{0,24}PRIVATE KEY(?: BLOCK)?-----
    ((?:[^-]|-(?!----)){16,65536})-----END[ A-Z0-9]{0,24}PRIVATE KEY(?: BLOCK)?-----
private-key | private key | p=9 c=pem g=1 | -----BEGIN[ A-Z0-9]{0,24}PRIVATE KEY(?: BLOCK)?-----
    ((?:(?:(?:\\[nr]){1,2}|[ \t]{0,8}\r?\n[ \t]{0,8})[A-Za-z0-9+/=]{1,4096}){1,1000})
private-key | private-lines | p=9 c=pem g=1 |
    Private-Lines: \d{1,4}\r?\n((?:[A-Za-z0-9+/=]{4,128}(?:\r?\n|$)){1,128})
url-credentials | :// | p=7 c=password g=1 |
    ://[^\s:/?#@'"`<>()\[\]{}]{0,256}:([^\s/?#'"`<>]{1,256})@(?=[A-Za-z0-9\[])
url-token | :// | p=6 c=mixed e=3.3 g=1 | ://([A-Za-z0-9_-]{20,256})@(?=[A-Za-z0-9\[])
url-query-secret | = | p=6 c=secret g=1 | [?&](?i:password|passwd|pwd|pass|token|access_token
    |refresh_token|id_token|api_key|apikey|api-key|secret|client_secret|sig|signature
    |x-amz-signature|x-amz-security-token|auth|key)=([^&;\s#'"<>`]{6,4096})
authorization-header | authorization | p=8 c=secret g=1 a=1 |
    (?i)authorization["']?[ \t]{0,3}[:=][ \t]{0,3}["'`]?(?:(?:bearer|basic|token|bot|digest
    |apikey|api-key|sso-key|key|negotiate|ntlm|aws4-hmac-sha256)[ \t]{1,3})?+
    ([A-Za-z0-9._~+/=:-]{8,8192})
curl-user | -u,--user | p=6 c=password g=1 |
    [ \t]-(?:u|-user)[ \t]{1,3}["']?[^\s:'"]{1,128}:([^\s'"]{1,256})
cli-secret-flag | --pass,--token,--api,--secret,--client-secret,--access-token,--auth-token |
    p=6 c=secret g=1/2/3 a=1 | (?i)--(?:password|passwd|pass|token|api-key|apikey|secret
    |client-secret|access-token|auth-token)(?:=|[ \t]{1,3})
    (?:"([^"\r\n]{4,512})"|'([^'\r\n]{4,512})'|([^\s"'-][^\s"']{3,511}))
mysql-password-flag | mysql,mariadb | p=6 c=password g=1/2/3 a=1 |
    (?i)\b(?:mysql|mysqldump|mysqladmin|mariadb)\b[^\r\n]{0,200}?[ \t]-p
    (?:'([^'\r\n]{4,256})'|"([^"\r\n]{4,256})"|([^\s'"-]\S{3,255}))
cli-password-flag | redis-cli,sshpass | p=6 c=password g=1/2/3 a=1 |
    (?i)(?:redis-cli\b[^\r\n]{0,200}?[ \t]-a|sshpass[ \t]+-p)[ \t]*
    (?:'([^'\r\n]{4,256})'|"([^"\r\n]{4,256})"|([^\s'"-]\S{3,255}))
basic-auth-pair | auth | p=6 c=password g=1 a=1 |
    (?i)auth(?:[ \t]*=[ \t]*\(|\()[ \t]*["'][^"'\r\n]{1,100}["'][ \t]*,[ \t]*
    ["']([^"'\r\n]{4,256})["']
credential-pair | cred,login,log in,user,account | p=3 c=prose g=1 a=1 |
    (?i)(?:creds?|credentials|log[ \t]?in|user(?:name)?|account)\b[^\r\n/]{0,60}?[ \t]/[ \t]{1,3}
    (\S{6,200})
chpasswd | chpasswd | p=5 c=password g=1 | echo[ \t]+["']?[\w.-]{1,32}:([^'"\s|]{4,256})["']?[ \t]*
    \|[ \t]*(?:sudo[ \t]+)?chpasswd
config-key-value | key= | p=4 c=secret g=1 a=1 |
    (?i)key=["'][\w.:-]{0,40}(?:password|pwd|secret|token|apikey|api_key|connectionstring)["']
    [ \t]+value=["']([^"'\r\n]{1,512})["']
cookie-session | cookie | p=5 c=secret g=1 a=1 | (?i)cookie:[^\r\n]{0,300}?\b[\w.-]{0,30}(?:sess|sid
    |token|auth|jwt)[\w.-]{0,30}=([^;\s"']{16,4096})
netrc-password | machine | p=6 c=password g=1 a=1 | (?i)\bmachine[ \t\r\n]{1,10}\S{1,253}
    (?:[ \t\r\n]{1,10}(?:login|account)[ \t\r\n]{1,10}\S{1,256}){0,2}[ \t\r\n]{1,10}password
    [ \t\r\n]{1,10}(\S{1,512})
azure-connection-string | accountkey,sharedaccesskey,sharedaccesssignature | p=7 c=secret g=1 a=1 |
    (?i)(?:AccountKey|SharedAccessKey|SharedAccessSignature)[ \t]{0,2}=[ \t]{0,2}
    ([^;"'\s]{20,1024})
aws-secret-access-key | secret,aws | p=9 c=mixed e=3.5 g=1 s=EXAMPLE a=1 |
    (?i)(?:secret[_ .-]?access[_ .-]?key|aws[_ .-]?secret(?:[_ .-]?key)?)["'\]]{0,2}[ \t]{0,4}
    (?:=|:=|:|=>|,)?[ \t]{0,4}["'`]?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])
aws-secret-access-key | aws,akia,asia,amazon | p=9 c=mixed3 e=4 s=EXAMPLE g=1 w=300 x=1 |
    [^A-Za-z0-9+/=_-]([A-Za-z0-9/+]{40})%E
k8s-env-secret | name: | p=4 c=secret g=1/2/3 a=1 | (?i)name:[ \t]{0,3}["']?[\w.-]{0,60}(?:password
    |passwd|secret|token|api_?key|apikey|credentials?|_key)["']?[ \t]*\r?\n[ \t]{0,40}value:
    [ \t]{0,4}(?:"([^"\r\n]{1,512})"|'([^'\r\n]{1,512})'|([^\s"'][^\r\n]{0,511}))
xml-secret | password>,passwd>,secret>,token>,key> | p=4 c=secret g=2 |
    (?i)<([\w:.-]{0,40}(?:password|passwd|secret|token|apikey|api_key
    |accesskey|secretkey))>([^<\r\n]{1,512})</\1>
sql-password | identified,password | p=4 c=password g=1 a=1 |
    (?i)\b(?:identified[ \t]+by|password)[ \t]{1,3}
    '((?:[^'\\\r\n]|''|\\.){4,256})'
password-prose | pass,pwd,secret,token,api,access,密码,口令,密钥,令牌 | p=3 c=prose g=1/2 a=1 |
    (?i)(?:\b(?:password|passphrase|passcode|pwd|secret|token|api[ _-]?key
    |access[ _-]?key|secret[ _-]?key)s?(?:[ \t]+(?:for|of|on|to)(?:[ \t]+\S{1,80}?){1,4})?
    (?:[ \t]*:|[ \t]+(?:is|was|is[ \t]now|are))?[ \t]{1,3}["'`“‘]?(\S{6,200})
    |(?:密码|口令|密钥|令牌)[ \t]{0,2}(?:是|为|為|：|:)?[ \t]{0,2}(\S{6,200}))
password-prose | " as " | p=3 c=prose-before a=1 | (?i) as[ \t]+(?:the[ \t]+|my[ \t]+|a[ \t]+)?
    (?:new[ \t]+)?(?:password|passphrase|passcode|pwd|token|api[ _-]?key|secret)\b
secret-assignment | pass,pw,secret,token,api,access,private,auth,key | p=2 c=assign g=2/3/4/5 a=1 |
    (?i)(?P<core>pass(?:word|wd|phrase|code)?|pwd?|secret(?:[_.-]?key)?|token|api[_.-]?key|apikey
    |access[_.-]?key|private[_.-]?key|auth(?:[_.-]?key)?|key)(?![A-Za-z0-9_])["'\]]{0,2}\??
    [ \t]{0,4}(?:=|:=|:|=>|\?=)[ \t]{0,4}(?:"(?P<v1>(?:[^"\\\r\n]|\\.){1,512})"
    |'(?P<v2>(?:[^'\\\r\n]|\\.){1,512})'|`(?P<v3>[^`\r\n]{1,512})`|(?P<v4>[^\s"'`]))
"""

TOKEN_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"
_LEFT = {"%L": TOKEN_CHARS, "%B": TOKEN_CHARS + "+/="}
_SUBST = {"%E": r"(?![A-Za-z0-9+/=_-])"}


def parse_table(table: str, **defaults: str) -> tuple[Rule, ...]:
    """Read a rule table (format in the module docstring) into Rule objects."""
    lines: list[str] = []
    for line in table.splitlines():
        if line.startswith("    ") and lines:
            lines[-1] += line.strip()
        elif line.strip():
            lines.append(line.strip())
    rules = []
    for line in lines:
        rid, kw, opts, regex = re.split(r"\s*\|\s*", line, maxsplit=3)
        o = dict(defaults, **dict(x.split("=", 1) for x in opts.split()))
        left = _LEFT.get(regex[:2], "")  # a leading boundary is checked in code: a literal
        regex = regex[2:] if left else regex  # prefix keeps the regex engine's fast scan
        right = TOKEN_CHARS if regex.endswith("%R") else ""
        regex = regex[:-2] if right else regex
        for k, v in _SUBST.items():
            regex = regex.replace(k, v)
        keywords = tuple(k.strip('"') for k in kw.split(",") if k)  # "quoted" keeps spaces
        g = o.get("g")
        rules.append(
            Rule(
                id=rid,
                regex=regex,
                keywords=keywords,
                left=left,
                right=right,
                anchored=o.get("a") == "1",
                secret_group=None if g is None else tuple(int(x) for x in g.split("/")),
                entropy=float(o.get("e") or 0),
                check=o.get("c", ""),
                stopwords=tuple(s for s in o.get("s", "").split(";") if s),
                context=keywords if o.get("x") == "1" else (),
                window=int(o.get("w", 0)),
                priority=int(o.get("p", 5)),
            )
        )
    return tuple(rules)


BUILTIN_RULES: tuple[Rule, ...] = parse_table(PROVIDERS, p="10", c="mixed", e="3") + parse_table(
    STRUCTURE
)

# Stop words that veto any secret candidate: documentation examples and masks.
GLOBAL_STOPWORDS = (
    "example", "xxxxx", "*****", "•••", "<your", "your_", "your-", "placeholder", "redacted",
    "dummy", "not-a-real", "notarealkey",
)  # fmt: skip

# Look-alikes that are never secrets: data URIs, SSH public keys, certificates and public keys.
IGNORE = Lazy(
    r"data:[\w/+.-]{1,80};base64,[A-Za-z0-9+/=]{64,}"
    r"|(?:ssh-(?:rsa|dss|ed25519)|ecdsa-sha2-nistp\d{3}|sk-(?:ssh-ed25519|ecdsa-sha2-nistp256)"
    r"@openssh\.com)[ \t]+AAAA[A-Za-z0-9+/]+={0,3}"
    r"|-----BEGIN (?:CERTIFICATE|PUBLIC KEY|RSA PUBLIC KEY|X509 CRL|(?:NEW )?CERTIFICATE REQUEST"
    r"|PGP PUBLIC KEY BLOCK|PGP SIGNATURE|SSH2 PUBLIC KEY|TRUSTED CERTIFICATE|PKCS7"
    r"|DH PARAMETERS|EC PARAMETERS)-----(?:[^-]|-(?!----)){0,65536}-----END [A-Z0-9 ]{3,40}-----"
)


# ---- named checks: (match, text, start, end) -> the secret's (start, end), or None to veto ------
Span = tuple[int, int]
LINE_PREFIX = Lazy(
    r"[ \t]*(?:\d{1,7}(?:→|\t|:|\|)?)?[ \t]*(?:[-*>+|][ \t]+)*"
    r"(?:(?:export|set|setx|ENV|ARG|declare(?:[ \t]+-x)?)[ \t]+)?[\"']?"
)
_NAME_CHARS = frozenset(TOKEN_CHARS + ".")
_SHORT_CORES = ("pass", "pw", "pwd", "auth", "key")
_LONG_PASS = ("password", "passwd", "passphra", "passcode")
_TOKEN_DENY = (
    "page", "next", "prev", "continuation", "cursor", "sync", "resume", "eos", "bos", "pad", "unk",
    "sep", "cls", "mask", "max", "min", "num", "total", "count", "start", "end", "special", "stop",
)  # fmt: skip
_KEY_DENY = (
    "primary", "foreign", "sort", "partition", "cache", "idempotency", "dedup", "dedupe", "lookup",
    "hash", "range", "row", "composite", "unique", "site", "object", "s3", "file", "path", "name",
    "map", "dict", "ssh", "gpg", "pgp", "pub", "registry", "label", "index", "group", "hot",
    "short", "i18n", "translation", "route", "list", "item", "entry", "redis", "kv", "state",
    "query", "message", "order", "shard", "routing", "lock", "bucket", "prefix", "column", "table",
    "field", "event", "metric", "feature", "flag", "config", "setting", "json", "yaml", "type",
    "sub", "natural", "surrogate", "candidate", "react", "dom", "api",
)  # fmt: skip
_FIRST_RUN = Lazy(r"[^\s'\"`⟦⟧⟬⟭]+")
_NEXT_KEY = Lazy(r"[;&,][A-Za-z_][\w.-]{0,40}=")
_OPENER = {")": "(", "]": "[", "}": "{"}
_KEY_IN_VALUE = Lazy(r"(?i)(?:pass|pw|secret|token|key|auth)[\w.-]{0,30}[=:]")
_COMMENT = Lazy(r"[ \t]#|⟧")


def _trim_closers(v: str) -> str:
    v = v.rstrip(",;")
    while v and v[-1] in _OPENER and v.count(v[-1]) > v.count(_OPENER[v[-1]]):
        v = v[:-1].rstrip(",;")
    return v


def check_assign(m: re.Match[str], w: str, s: int, e: int) -> Span | None:
    cs, ce = m.span("core")
    i, lim = cs, max(0, cs - 80)
    while i > lim and w[i - 1] in _NAME_CHARS:
        i -= 1
    if i and (w[i - 1] in "$%" or w[i - 2 : i] in ("//", "${")):
        return None  # URL user info, or a variable reference
    core = w[cs:ce]
    lc = core.lower()
    if i == cs and lc == "key":
        return None  # a bare `key:` names too many things
    prefix = w[i:cs]
    name, stem = (prefix + core).lower(), prefix.rstrip("_.-").lower()
    if lc in _SHORT_CORES and prefix:
        p = prefix[-1]
        camel = p.islower() and core[0].isupper()
        if not (p in "_.-" or camel or (prefix.isupper() and core.isupper())):
            return None
    if "public" in name or "publishable" in name or (lc == "token" and stem.endswith(_TOKEN_DENY)):
        return None
    kind = "password" if lc.startswith(("pass", "pw")) else "secret"
    if lc == "key":
        if not prefix or stem.endswith(_KEY_DENY):
            return None
        kind = "key"
    if m.start("v4") >= 0:  # unquoted: how far the value runs depends on where it stands
        eol = w.find("\n", s, s + 4096)
        eol = min(len(w), s + 4096) if eol < 0 else eol
        ls = w.rfind("\n", max(0, i - 120), i) + 1
        if (ls or i <= 120) and LINE_PREFIX.fullmatch(w, ls, i):  # a config line: to its end
            value = _COMMENT.split(w[s:eol], maxsplit=1)[0].strip()
            probe = _trim_closers(value)  # judge `string;` as `string`, but redact all of it
            if not any(c.isspace() for c in value):
                return (s, s + len(value)) if probe and _value_ok(kind, probe) else None
        run = _FIRST_RUN.match(w, s, eol)
        value = run.group() if run else ""
        if value[:1] in ("(", "[", "{", "<"):  # a tuple, list, dict or tag: code, not a value
            return None
        if nxt := _NEXT_KEY.search(value):  # `pw=x;Database=y`, `?password=x&user=y`
            value = value[: nxt.start()]
        value = _trim_closers(value)
        if value.endswith(":") or _KEY_IN_VALUE.search(value):  # `key: Label:`, `pw=token=x`
            return None
        e = s + len(value)
    return (s, e) if _value_ok(kind, w[s:e]) else None


def assign_start(w: str, p: int) -> bool:
    """Cheap pre-check of a secret-assignment start: a short key word (`pass`, `pw`, `pwd`,
    `auth`, `key`) must begin a part of the name (`db_pass`, `apiKey`), and `key` needs one
    before it; the other key words are distinctive enough anywhere."""
    word = w[p : p + 8].lower()
    if not word.startswith(("pa", "pw", "au", "ke")) or word.startswith(_LONG_PASS):
        return True
    if not p:
        return not word.startswith("ke")
    b = w[p - 1]
    return (
        b in "_.-"
        or (b.islower() and w[p].isupper())
        or (b.isupper() and w[p].isupper())
        or (not word.startswith("ke") and b not in _NAME_CHARS)
    )


def _value_ok(kind: str, value: str) -> bool:
    if code_like(value):
        return False
    if kind == "password":
        return passwordish(value)
    if kind == "key":
        return secretish(value, 16, 3.3) and not UUID.fullmatch(value) and classes(value)[2]
    return secretish(value)


def check_prose(m: re.Match[str], w: str, s: int, e: int) -> Span | None:
    """`password is X`: X must look like a password (letters with digits or symbols). The span
    keeps trailing punctuation (over-redacting a full stop is harmless; missing a `!` is not)."""
    v = w[s:e]
    v = v[: next((k for k, c in enumerate(v) if ord(c) > 0x7E), len(v))]
    if s and w[s - 1] in "\"'`" and v.endswith(w[s - 1]):
        v = v[:-1]
    core = v.strip(".,;:!?()[]{}<>'\"`*_")  # judge `(prompted` as `prompted`
    lo, up, dg = classes(core)
    if len(core) < 8 or "://" in v or "](" in v or not (lo or up) or not dg:
        return None  # prose is the weakest context: letters and digits, not a markdown link
    if not passwordish(core) or code_like(core):
        return None
    return s, s + len(v)


def check_prose_before(m: re.Match[str], w: str, s: int, e: int) -> Span | None:
    """`use X as the password`: X is the word before the match."""
    end = m.start()
    lim = max(0, end - 210)
    start = max(w.rfind(" ", lim, end), w.rfind("\n", lim, end), w.rfind("\t", lim, end)) + 1
    while start < end and w[start] in "\"'`“‘":
        start += 1
    while end > start and w[end - 1] in "\"'`”’,":
        end -= 1
    return check_prose(m, w, start, end) if 0 < end - start <= 200 else None


def check_password(m: re.Match[str], w: str, s: int, e: int) -> Span | None:
    return (s, e) if e - s >= 4 and not placeholder(w[s:e]) else None


def check_secret(m: re.Match[str], w: str, s: int, e: int) -> Span | None:
    head, value = w[m.start() : s].lower(), _trim_closers(w[s:e])  # `--password <pw>]`
    ok = passwordish if ("pass" in head or "pwd" in head) else secretish
    return (s, s + len(value)) if value and ok(value) else None


def check_pem(m: re.Match[str], w: str, s: int, e: int) -> Span | None:
    while s < e and (w[s].isspace() or w.startswith(("\\n", "\\r"), s)):
        s += 1 if w[s].isspace() else 2
    while e > s and (w[e - 1].isspace() or w[e - 2 : e] in ("\\n", "\\r")):
        e -= 1 if w[e - 1].isspace() else 2
    return (s, e) if e - s >= 16 else None


def check_mixed(m: re.Match[str], w: str, s: int, e: int) -> Span | None:
    lo, up, dg = classes(w[s:e])
    return (s, e) if (lo or up) and dg else None


def check_mixed3(m: re.Match[str], w: str, s: int, e: int) -> Span | None:
    return (s, e) if all(classes(w[s:e])) else None


ANCHOR_CHECKS = {"assign": assign_start}
CHECKS: dict[str, Callable[[re.Match[str], str, int, int], Span | None]] = {
    "assign": check_assign, "prose": check_prose, "prose-before": check_prose_before,
    "password": check_password, "secret": check_secret, "pem": check_pem, "mixed": check_mixed,
    "mixed3": check_mixed3,
}  # fmt: skip


# ---- spans -----------------------------------------------------------------------------------
def overlaps(spans: list[Span], s: int, e: int) -> bool:
    """Does [s, e) overlap a span of `spans` (sorted, non-overlapping)?"""
    k = bisect.bisect_left(spans, (e,))
    return k > 0 and spans[k - 1][1] > s


def inside(spans: list[Span], s: int, e: int) -> bool:
    """Is [s, e) inside one span of `spans` (sorted, non-overlapping)?"""
    k = bisect.bisect_right(spans, (s, len(spans) and spans[-1][1] + 1)) - 1
    return k >= 0 and spans[k][0] <= s and e <= spans[k][1]


def rule_from_table(t: Any) -> Rule:
    if not isinstance(t, dict) or not all(isinstance(t.get(k), str) for k in ("id", "regex")):
        raise ValueError("each [[privacy.rules]] table needs string keys `id` and `regex`")
    known = {"id", "regex", "secret_group", "keywords", "entropy", "allowlist", "stopwords"}
    if set(t) - known:
        raise ValueError(f"privacy rule {t['id']!r}: unknown keys {sorted(set(t) - known)}")
    try:
        rx = re.compile(t["regex"])
        for a in t.get("allowlist", ()):
            re.compile(a)
    except re.error as exc:
        raise ValueError(f"privacy rule {t['id']!r}: bad regex: {exc}") from exc
    group = t.get("secret_group")
    if group is not None and (not isinstance(group, int) or not 0 <= group <= rx.groups):
        raise ValueError(f"privacy rule {t['id']!r}: secret_group must be 0..{rx.groups}")
    return Rule(
        id=t["id"],
        regex=t["regex"],
        secret_group=group,
        priority=6,
        keywords=tuple(str(k).lower() for k in t.get("keywords", ())),
        entropy=float(t.get("entropy", 0.0)),
        allowlist=tuple(str(a) for a in t.get("allowlist", ())),
        stopwords=tuple(str(s) for s in t.get("stopwords", ())),
    )
