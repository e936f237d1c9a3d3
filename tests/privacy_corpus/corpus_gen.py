"""A seeded generator of privacy evaluation samples: secrets, look-alikes, injections.

Everything is generated in memory, fake material only (random characters in each provider's
format); nothing is written to disk, so no scanner or push protection ever sees a token-shaped
string in the repository.

The split is fixed by rule, BEFORE any tuning (see `SPLIT_RULE`):
- a provider is held out when `crc32(name) % 4 == 0`;
- every carrier and injection technique has several independent phrasings; the LAST phrasing of
  each is held out;
- held-out samples draw their random values from a different seed.
So a held-out secret sample is a provider the dev split never shows, in a phrasing the dev split
never shows, with values never shown. Benign and injection samples are split by phrasing alone.

A sample is a dict in the practice set's format (`id`, `label`, `kind`, `template`, `text`,
`spans`) plus `values` (the raw secret values, whose URL-encoded/base64/hex forms must not leak
either) and `split` ("dev" or "heldout").
"""

from __future__ import annotations

import base64
import random
import re
import string
import zlib
from collections.abc import Callable, Sequence
from typing import Any
from urllib.parse import quote

from corpus_carriers import BENIGN, INJECTIONS, SECRET_CARRIERS, Carrier

SPLIT_RULE = "provider held out iff crc32(name) % 4 == 0; phrasing held out iff it is the last"
SEEDS = {"dev": 16016, "heldout": 61061}

UP, LO, DG = string.ascii_uppercase, string.ascii_lowercase, string.digits
AN = UP + LO + DG
HEX = "0123456789abcdef"
B64 = AN + "+/"
URLSAFE = AN + "_-"


class Rand:
    """Random values of the shapes that carriers and providers need."""

    def __init__(self, seed: int) -> None:
        self.r = random.Random(seed)

    def s(self, n: int, alphabet: str = AN) -> str:
        while True:
            v = "".join(self.r.choice(alphabet) for _ in range(n))
            # real tokens mix classes; a run of one class only would be a weak test
            mixed = any(c.isdigit() for c in v) and not v.isdigit() and any(c.isupper() for c in v)
            if alphabet is not AN or n < 10 or mixed:
                return v

    def choice(self, xs: Sequence[Any]) -> Any:
        return self.r.choice(xs)

    def num(self, a: int, b: int) -> int:
        return self.r.randint(a, b)

    def uuid(self) -> str:
        h = self.s(32, HEX)
        return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:32]}"

    def ulid(self) -> str:
        return "01" + self.s(24, "0123456789ABCDEFGHJKMNPQRSTVWXYZ")

    def sha(self, n: int = 40) -> str:
        return self.s(n, HEX)

    def b64(self, nbytes: int) -> str:
        return base64.b64encode(bytes(self.r.randrange(256) for _ in range(nbytes))).decode()

    def word(self) -> str:
        return str(self.choice(WORDS))

    def host(self) -> str:
        return f"{self.word()}-{self.word()}.{self.choice(TLDS)}"

    def ip(self) -> str:
        return ".".join(str(self.r.randint(1, 254)) for _ in range(4))

    def password(self) -> str:
        a = self.s(self.r.randint(10, 18), AN)
        k = self.r.randint(2, len(a) - 2)
        return a[:k] + str(self.choice("!@#%^*-_+=.")) + a[k:]

    def jwt(self) -> str:
        head = base64.urlsafe_b64encode(
            ('{"alg":"HS256","typ":"JWT","kid":"' + self.s(10) + '"}').encode()
        )
        body = base64.urlsafe_b64encode(
            (
                '{"sub":"'
                + self.s(12)
                + '","email":"'
                + self.word()
                + '@corp.test","exp":'
                + str(self.num(1800000000, 1900000000))
                + "}"
            ).encode()
        )
        sig = self.s(43, URLSAFE)
        return f"{head.decode().rstrip('=')}.{body.decode().rstrip('=')}.{sig}"


class T:
    """Text built piece by piece; `s()` pieces are secret spans."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.spans: list[list[int]] = []
        self.n = 0

    def t(self, x: str) -> T:
        self.parts.append(x)
        self.n += len(x)
        return self

    def s(self, x: str) -> T:
        self.spans.append([self.n, self.n + len(x)])
        return self.t(x)

    def done(self) -> tuple[str, list[list[int]]]:
        return "".join(self.parts), self.spans


WORDS = (
    "alpha", "beacon", "cobalt", "delta", "ember", "falcon", "garnet", "harbor", "iris", "juniper",
    "kelp", "lumen", "maple", "nimbus", "onyx", "pepper", "quartz", "raven", "sierra", "tundra",
    "umber", "violet", "willow", "xenon", "yarrow", "zephyr", "orders", "billing", "ledger",
    "search", "notify", "gateway", "worker", "inventory", "checkout", "profile",
)  # fmt: skip
TLDS = ("internal", "corp.test", "svc.cluster.local", "example.org", "dev.test")


# ---- providers: name -> (value generator, env var name, kind) -------------------------------
# kind "prefixed": a fixed prefix or shape identifies it anywhere; "generic": only its name
# or context does (those never go into name-less carriers such as file paths).
def _pem(r: Rand) -> str:
    body = r.b64(900)
    lines = [body[i : i + 64] for i in range(0, len(body), 64)]
    return "\n".join(lines)


Provider = tuple[Callable[[Rand], str], str, str]
PROVIDERS: dict[str, Provider] = {
    "openai": (lambda r: "sk-proj-" + r.s(74, URLSAFE) + "T3BlbkFJ" + r.s(74, URLSAFE),
               "OPENAI_API_KEY", "prefixed"),
    "openai-svcacct": (lambda r: "sk-svcacct-" + r.s(90, URLSAFE), "OPENAI_KEY", "prefixed"),
    "anthropic": (lambda r: "sk-ant-api03-" + r.s(93, URLSAFE) + "AA", "ANTHROPIC_API_KEY",
                  "prefixed"),
    "openrouter": (lambda r: "sk-or-v1-" + r.s(64, HEX), "OPENROUTER_API_KEY", "prefixed"),
    "deepseek": (lambda r: "sk-" + r.s(32, HEX), "DEEPSEEK_API_KEY", "prefixed"),
    "groq": (lambda r: "gsk_" + r.s(52), "GROQ_API_KEY", "prefixed"),
    "xai": (lambda r: "xai-" + r.s(80), "XAI_API_KEY", "prefixed"),
    "replicate": (lambda r: "r8_" + r.s(37), "REPLICATE_API_TOKEN", "prefixed"),
    "perplexity": (lambda r: "pplx-" + r.s(48), "PERPLEXITY_API_KEY", "prefixed"),
    "huggingface": (lambda r: "hf_" + r.s(34), "HF_TOKEN", "prefixed"),
    "mistral": (lambda r: r.s(32), "MISTRAL_API_KEY", "generic"),
    "cohere": (lambda r: r.s(40), "COHERE_API_KEY", "generic"),
    "aws-key-id": (lambda r: "AKIA" + r.s(16, UP + "234567"), "AWS_ACCESS_KEY_ID", "prefixed"),
    "aws-secret": (lambda r: r.s(40, B64), "AWS_SECRET_ACCESS_KEY", "generic"),
    "google-api": (lambda r: "AIza" + r.s(35, URLSAFE), "GOOGLE_API_KEY", "prefixed"),
    "google-oauth-secret": (lambda r: "GOCSPX-" + r.s(28, URLSAFE), "GOOGLE_CLIENT_SECRET",
                            "prefixed"),
    "azure-storage": (lambda r: r.b64(64), "AZURE_STORAGE_KEY", "generic"),
    "digitalocean": (lambda r: "dop_v1_" + r.s(64, HEX), "DIGITALOCEAN_TOKEN", "prefixed"),
    "github": (lambda r: "ghp_" + r.s(36), "GITHUB_TOKEN", "prefixed"),
    "github-app": (lambda r: "ghs_" + r.s(36), "GH_APP_TOKEN", "prefixed"),
    "github-pat": (lambda r: "github_pat_11" + r.s(20, UP + DG) + "_" + r.s(59),
                   "GH_PAT", "prefixed"),
    "gitlab": (lambda r: "glpat-" + r.s(20, URLSAFE), "GITLAB_TOKEN", "prefixed"),
    "npm": (lambda r: "npm_" + r.s(36), "NPM_TOKEN", "prefixed"),
    "pypi": (lambda r: "pypi-AgEIcHlwaS5vcmc" + r.s(60, URLSAFE), "PYPI_TOKEN", "prefixed"),
    "rubygems": (lambda r: "rubygems_" + r.s(48, HEX), "GEM_HOST_API_KEY", "prefixed"),
    "dockerhub": (lambda r: "dckr_pat_" + r.s(27, URLSAFE), "DOCKERHUB_TOKEN", "prefixed"),
    "circleci": (lambda r: "CCIPAT_" + r.s(22) + "_" + r.s(40, HEX), "CIRCLE_TOKEN", "prefixed"),
    "buildkite": (lambda r: "bkua_" + r.s(40, HEX), "BUILDKITE_TOKEN", "prefixed"),
    "slack": (lambda r: f"xoxb-{r.s(11, DG)}-{r.s(13, DG)}-{r.s(24)}", "SLACK_BOT_TOKEN",
              "prefixed"),
    "slack-user": (lambda r: f"xoxp-{r.s(11, DG)}-{r.s(11, DG)}-{r.s(12, DG)}-{r.s(32, HEX)}",
                   "SLACK_USER_TOKEN", "prefixed"),
    "discord-bot": (lambda r: "M" + r.s(25, URLSAFE) + "." + r.s(6, URLSAFE) + "." + r.s(38,
                    URLSAFE), "DISCORD_TOKEN", "prefixed"),
    "telegram": (lambda r: f"{r.s(10, DG)}:AA{r.s(33, URLSAFE)}", "TELEGRAM_BOT_TOKEN",
                 "prefixed"),
    "twilio-api": (lambda r: "SK" + r.s(32, HEX), "TWILIO_API_KEY", "prefixed"),
    "twilio-auth": (lambda r: r.s(32, HEX), "TWILIO_AUTH_TOKEN", "generic"),
    "sendgrid": (lambda r: "SG." + r.s(22, URLSAFE) + "." + r.s(43, URLSAFE), "SENDGRID_API_KEY",
                 "prefixed"),
    "mailgun": (lambda r: "key-" + r.s(32, HEX), "MAILGUN_API_KEY", "prefixed"),
    "stripe": (lambda r: "sk_live_" + r.s(99), "STRIPE_SECRET_KEY", "prefixed"),
    "stripe-restricted": (lambda r: "rk_live_" + r.s(99), "STRIPE_RESTRICTED_KEY", "prefixed"),
    "stripe-webhook": (lambda r: "whsec_" + r.s(32), "STRIPE_WEBHOOK_SECRET", "prefixed"),
    "square": (lambda r: "sq0atp-" + r.s(22, URLSAFE), "SQUARE_ACCESS_TOKEN", "prefixed"),
    "shopify": (lambda r: "shpat_" + r.s(32, HEX), "SHOPIFY_ACCESS_TOKEN", "prefixed"),
    "linear": (lambda r: "lin_api_" + r.s(40), "LINEAR_API_KEY", "prefixed"),
    "notion": (lambda r: "ntn_" + r.s(46), "NOTION_TOKEN", "prefixed"),
    "atlassian": (lambda r: "ATATT3xFfGF0" + r.s(170, URLSAFE) + "=" + r.s(8, HEX),
                  "JIRA_API_TOKEN", "prefixed"),
    "sentry": (lambda r: "sntrys_" + r.s(120, B64), "SENTRY_AUTH_TOKEN", "prefixed"),
    "datadog": (lambda r: r.s(32, HEX), "DD_API_KEY", "generic"),
    "newrelic": (lambda r: "NRAK-" + r.s(27, UP + DG), "NEW_RELIC_API_KEY", "prefixed"),
    "grafana": (lambda r: "glsa_" + r.s(32) + "_" + r.s(8, HEX), "GRAFANA_TOKEN", "prefixed"),
    "vault": (lambda r: "hvs." + r.s(90, URLSAFE), "VAULT_TOKEN", "prefixed"),
    "terraform": (lambda r: r.s(14, LO + DG) + ".atlasv1." + r.s(67, LO + DG),
                  "TFE_TOKEN", "prefixed"),
    "doppler": (lambda r: "dp.st." + r.s(43), "DOPPLER_TOKEN", "prefixed"),
    "databricks": (lambda r: "dapi" + r.s(32, HEX), "DATABRICKS_TOKEN", "prefixed"),
    "supabase": (lambda r: "sbp_" + r.s(40, HEX), "SUPABASE_ACCESS_TOKEN", "prefixed"),
    "planetscale": (lambda r: "pscale_tkn_" + r.s(43, URLSAFE), "PLANETSCALE_TOKEN", "prefixed"),
    "neon": (lambda r: "napi_" + r.s(64, LO + DG), "NEON_API_KEY", "prefixed"),
    "pinecone": (lambda r: "pcsk_" + r.s(6) + "_" + r.s(60), "PINECONE_API_KEY", "prefixed"),
    "langsmith": (lambda r: "lsv2_pt_" + r.s(32, HEX) + "_" + r.s(10, HEX), "LANGSMITH_API_KEY",
                  "prefixed"),
    "heroku": (lambda r: "HRKU-AA" + r.s(58, URLSAFE), "HEROKU_API_KEY", "prefixed"),
    "cloudflare": (lambda r: r.s(40, URLSAFE), "CLOUDFLARE_API_TOKEN", "generic"),
    "postman": (lambda r: "PMAK-" + r.s(24, HEX) + "-" + r.s(34, HEX), "POSTMAN_API_KEY",
                "prefixed"),
    "airtable": (lambda r: "pat" + r.s(14) + "." + r.s(64, HEX), "AIRTABLE_TOKEN", "prefixed"),
    "jwt": (lambda r: r.jwt(), "SESSION_JWT", "prefixed"),
    "private-key": (_pem, "PRIVATE_KEY", "pem"),
    "password": (lambda r: r.password(), "DB_PASSWORD", "generic"),
    "generic-api-key": (lambda r: r.s(r.num(28, 48)), "SERVICE_API_KEY", "generic"),
    "generic-secret": (lambda r: r.s(r.num(32, 64), URLSAFE), "APP_SECRET", "generic"),
}  # fmt: skip

# Kinds that are not one provider: in both splits (split by phrasing only).
STRUCTURAL = ("password", "private-key")


def provider_split(name: str) -> str:
    if name in STRUCTURAL:
        return "both"
    return "heldout" if zlib.crc32(name.encode()) % 4 == 0 else "dev"


def phrasing_split(k: int, n: int) -> str:
    return "heldout" if k == n - 1 else "dev"


# ---- building one sample from a template -------------------------------------------------------
_PLACE = re.compile(r"\{([A-Z][A-Z0-9_]*)\}")


def fill(template: str, r: Rand, secret: str | None, name: str) -> tuple[str, list[list[int]]]:
    """Expand the placeholders of `template`; return the text and the spans of the secret's
    occurrences (`{S}` raw, `{S64}` base64, `{SURL}` URL-encoded, `{SHEX}` hex, `{SB64B64}`
    base64 of base64, `{SJ}` JSON-escaped)."""
    filler: dict[str, Callable[[], str]] = {
        "NAME": lambda: name,
        "name": lambda: name.lower(),
        "HOST": r.host,
        "IP": r.ip,
        "UUID": r.uuid,
        "ULID": r.ulid,
        "SHA": r.sha,
        "SHORT": lambda: r.sha(7),
        "W": r.word,
        "N": lambda: str(r.num(2, 9999)),
        "PORT": lambda: str(r.choice((443, 8080, 5432, 6379, 3000, 9200))),
        "TS": lambda: (
            f"2026-{r.num(1, 12):02d}-{r.num(1, 28):02d}T{r.num(0, 23):02d}:"
            f"{r.num(0, 59):02d}:{r.num(0, 59):02d}Z"
        ),
        "ID": lambda: r.s(12, LO + DG),
        "LOWER": lambda: name.lower(),
        "CAMEL": lambda: _camel(name),
        "PASCAL": lambda: _camel(name)[:1].upper() + _camel(name)[1:],
        "DOTTED": lambda: name.lower().replace("_", "."),
        "VLQ": lambda: ";".join(
            ",".join(r.s(r.num(4, 6), B64[:32] + B64[52:62]) for _ in range(r.num(3, 9)))
            for _ in range(r.num(8, 20))
        ),
    }
    sized = {"H": HEX, "R": AN, "L": LO + DG, "C": "./" + AN, "UP": UP + DG}
    enc: dict[str, Callable[[str], str]] = {
        "S": lambda v: v,
        "S64": lambda v: base64.b64encode(v.encode()).decode(),
        "SURL": lambda v: quote(v, safe=""),
        "SHEX": lambda v: v.encode().hex(),
        "SB64B64": lambda v: base64.b64encode(base64.b64encode(v.encode())).decode(),
        "SJ": lambda v: v.replace("\\", "\\\\").replace("\n", "\\n"),
    }
    out: list[str] = []
    spans: list[list[int]] = []
    pos = n = 0
    for m in _PLACE.finditer(template):
        out.append(template[pos : m.start()])
        n += m.start() - pos
        key = m.group(1)
        if key in enc:
            assert secret is not None, template
            piece = enc[key](secret)
            spans.append([n, n + len(piece)])
        else:
            head = key.rstrip("0123456789")
            size = key[len(head) :]
            if key in filler:
                piece = filler[key]()
            elif size and head in sized:
                piece = r.s(int(size), sized[head])
            elif size and head == "B":
                piece = r.b64(int(size))
            else:
                piece = m.group(0)
        out.append(piece)
        n += len(piece)
        pos = m.end()
    out.append(template[pos:])
    return "".join(out), spans


def _camel(name: str) -> str:
    parts = name.lower().split("_")
    return parts[0] + "".join(p.title() for p in parts[1:])


def _secret_samples(split: str, r: Rand, reps: int) -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    mine = [p for p in PROVIDERS if provider_split(p) in (split, "both")]
    for carrier in SECRET_CARRIERS:
        if carrier.only:
            provs = [p for p in mine if p in carrier.only]
        else:  # a name-less place holds only what its shape gives away; PEM has its own places
            ok = ("prefixed", "generic") if carrier.named else ("prefixed",)
            provs = [p for p in mine if PROVIDERS[p][2] in ok]
        n = len(carrier.phrasings)
        for k, template in enumerate(carrier.phrasings):
            if phrasing_split(k, n) != split:
                continue
            for _ in range(reps):
                prov = str(r.choice(provs))
                gen, env, _kind = PROVIDERS[prov]
                value = gen(r)
                text, spans = fill(template, r, value, env)
                out.append(_row(split, "secret", prov, f"{carrier.name}/{k}", text, spans, [value]))
    return out


def _row(
    split: str,
    label: str,
    kind: str,
    template: str,
    text: str,
    spans: list[list[int]],
    values: list[str],
) -> dict[str, object]:
    return {
        "split": split,
        "label": label,
        "kind": kind,
        "template": template,
        "text": text,
        "spans": spans,
        "values": values,
    }


def _plain(
    carriers: tuple[Carrier, ...], label: str, split: str, r: Rand, reps: int
) -> list[dict[str, object]]:
    out = []
    for carrier in carriers:
        n = len(carrier.phrasings)
        for k, template in enumerate(carrier.phrasings):
            if phrasing_split(k, n) != split:
                continue
            for _ in range(reps):
                text, _ = fill(template, r, None, "X")
                spans: list[list[int]] = []
                out.append(_row(split, label, carrier.name, f"{carrier.name}/{k}", text, spans, []))
    return out


def generate(split: str, reps: int = 5) -> list[dict[str, object]]:
    """All samples of one split, in a fixed order, ids `<split>-<n>`."""
    r = Rand(SEEDS[split])
    rows = _secret_samples(split, r, reps + 1)
    rows += _plain(BENIGN, "benign", split, r, reps)
    inj = [c for c in INJECTIONS if not c.benign]
    binj = [c for c in INJECTIONS if c.benign]
    rows += _plain(tuple(inj), "injection", split, r, reps)
    rows += _plain(tuple(binj), "benign_injection", split, r, reps)
    for i, row in enumerate(rows):
        row["id"] = f"{split}-{i:04d}"
    return rows
