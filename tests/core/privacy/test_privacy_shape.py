# ruff: noqa: E501
"""The keyword-free layer (core/privacy/shape.py): a credential by its own shape wherever it
stands, each structure beside its public look-alike."""

from __future__ import annotations

import base64
from pathlib import Path

import pytest
from redactkit import redact_file

from vaultsync.core.privacy import shape as SH
from vaultsync.core.privacy.redactor import Redactor, default_redactor
from vaultsync.core.privacy.rules import BUILTIN_RULES

PW = "cSmu1za!Mmx8xhdA"  # synthetic
PAIR = base64.b64encode(b"ci-bot:Xk9mQ2z!pL4w").decode()

# (text with a credential by shape and no secret word, the credential, its look-alike)
SHAPES = [
    (f"รหัสผ่านคือ {PW} นะครับ\n", PW, "รหัสผ่านอยู่ในตู้นิรภัยของทีม\n"),
    (f"| staging | db.corp.test | ops | {PW} |\n", PW,
     "| staging | db.corp.test | ops | 3f2a9c1b7d4e6f8a0b1c2d3e4f5a6b7c8d9e0f1a |\n"),
    (f"$ http POST :8080/v1/items Upstream-Sig:{PW} name=test\n", PW,
     "$ http POST :8080/v1/items X-Request-Id:1b4e28ba-2fa1-41d2-883f-0016d3cca427 name=test\n"),
    (f'local conf = {{ host = "db.corp.test", access = {{ "ops", "{PW}" }} }}\n', PW,
     'local conf = { host = "db.corp.test", access = { "ops", os.getenv("OPS") } }\n'),
    (f"$ ./deploy.sh staging ops {PW}\n", PW, "$ ./deploy.sh staging ops 9fceb02\n"),
    ("Breadcrumb: https://a.corp.test/cb#state=ok&t=34%EUuMcWFn1\n", "34%EUuMcWFn1",
     "Breadcrumb: https://a.corp.test/watch?v=dQw4w9WgXcQ&t=1733454000\n"),
    (f'{{"name": "authorization", "value": "Basic {PAIR}"}}\n', PAIR,
     '{"name": "content", "value": "' + base64.b64encode(b"hello there, world").decode() + '"}\n'),
]  # fmt: skip

LOOK_ALIKES = [
    "commit 9fceb02d0ae598e95dc970b74767f19372d61af8 (HEAD -> main)\n",
    "request id 1b4e28ba-2fa1-41d2-883f-0016d3cca427\n",
    '<script src="/app.js" integrity="sha384-oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K/uxy9rx7HNQlGYl1kPzQho1wx4JwY8wC"></script>\n',
    'resolved "https://registry.npmjs.org/a/-/a-1.0.0.tgz#sha512-Xk9mQ2zpL4wAB7cK1pW5sY3dF6gH0jA2eR8tU4iO1lM"\n',
    '<img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk">\n',
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl ops@host\n",
    "256 SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8 ops@host (ED25519)\n",
    "dist/assets/index-B7cK1pW5.js  142.31 kB\n",
    "class X25519PublicKey: ...\nssl.OP_NO_SSLv2 | ssl.OP_NO_SSLv3\n",
    'self.__next_f.push([1,"' + "rYTmtbDMlcomm3HuT7Ntr3sgcE6czTSk" + '"]);' + "a" * 300 + "\n",
    "https://cdn.corp.test/u/Xk9mQ2zpL4wAB7cK/avatar.png\n",
    "ULID 01HF3ZK9Q7VX4M2N8B6C5D1E0G, image sha256:" + "ab" * 32 + "\n",
    "iPhone14ProMax and SOCKS5AType and glTexImage2D are names\n",
    '{"query": "query Me { me { id } }", "variables": {"first": 10, "after": "DWDG94fHWgCmT2G7"}}\n',
    '{"pageInfo": {"endCursor": "Y3Vyc29yOnYyOpK5MjAyNg", "hasNextPage": true}}\n',
]


@pytest.mark.parametrize("text,secret,benign", SHAPES, ids=lambda x: str(x)[:24])
def test_each_shape_is_found_and_its_look_alike_is_not(text: str, secret: str, benign: str) -> None:
    red = default_redactor()
    r = red.redact(text)
    assert secret not in r.text, text
    assert {f.rule for f in r.findings} & SH.RULES, r.findings
    assert not red.redact(benign).findings, benign


@pytest.mark.parametrize("text,secret,benign", SHAPES, ids=lambda x: str(x)[:24])
def test_without_the_layer_each_shape_leaks(text: str, secret: str, benign: str) -> None:
    """No other rule reads these places: take the layer out and the value stays."""
    assert secret in Redactor(BUILTIN_RULES, disabled=SH.RULES).redact(text).text


def test_each_rule_of_the_layer_is_turned_off_alone() -> None:
    """`privacy.disabled_rules` naming one of the layer's two rules leaves the other on."""
    password, pair = SHAPES[0], SHAPES[-1]
    no_pairs = Redactor(BUILTIN_RULES, disabled={SH.PAIR_RULE})
    assert password[1] not in no_pairs.redact(password[0]).text
    assert pair[1] in no_pairs.redact(pair[0]).text
    no_tokens = Redactor(BUILTIN_RULES, disabled={SH.RULE})
    assert pair[1] not in no_tokens.redact(pair[0]).text


@pytest.mark.parametrize("benign", LOOK_ALIKES, ids=lambda x: x[:24])
def test_public_random_looking_values_stay(benign: str) -> None:
    assert SH.find(benign) == [], benign
    assert not default_redactor().redact(benign).findings, benign


def test_password_like_reads_the_token_alone() -> None:
    assert SH.password_like(PW) and SH.password_like("b1ACza.SOGz")
    for v in ("Summer2024!", "9fceb02d0ae598e9", "v1.22.3-rc.1", "RFC822Name", "utf8mb4_bin",
              "x86_64-linux-gnu", "Base64Encoder2", "main.3f9a1c2b.js"):  # fmt: skip
        assert not SH.password_like(v), v


def test_the_command_line_redacts_a_real_file_by_shape(tmp_path: Path) -> None:
    note = tmp_path / "chat.md"
    note.write_text(
        f"# standup\n\nΟ κωδικός είναι {PW}, άλλαξέ τον μετά.\n\n"
        "Fixed in 9fceb02d0ae598e95dc970b74767f19372d61af8; see https://corp.test/pr/42\n",
        encoding="utf-8",
    )
    out = redact_file(note)
    assert PW not in out["text"] and "9fceb02d0ae598e95dc970b74767f19372d61af8" in out["text"]
    assert [f["rule"] for f in out["findings"]] == [SH.RULE]


HEX = "366f0dec96524aae1428aac5d1ae4e3b"  # synthetic


@pytest.mark.parametrize(
    "text",
    [f"widget:\n  type: sonarr\n  key: {HEX}\n", f'apiKey = "{HEX}"\n', f"X-Auth-Token: {HEX}\n"],
)
def test_hex_under_a_secret_name_is_a_secret(text: str) -> None:
    assert HEX not in default_redactor().redact(text).text, text


@pytest.mark.parametrize(
    "text",
    [
        f"commit: {HEX}\n",
        f"cache_key_sha: {HEX}\n",
        f"md5 {HEX}  dist/app.tar.gz\n",
        f"| staging | {HEX} |\n",
        "const pc = new Pinecone({ apiKey: process.env.PINECONE_API_KEY! });\n",
    ],
)
def test_hex_under_other_names_and_a_non_null_env_read_stay(text: str) -> None:
    assert not default_redactor().redact(text).findings, text


def test_a_name_that_is_the_tail_of_a_redacted_token_denies_nothing() -> None:
    # `aCA` reads as a certificate authority's name before `:`, but here it ends a token that is
    # itself redacted: the value after it was kept on the first pass and redacted on the second,
    # once the marker stood where the "name" was (found by test_privacy.test_idempotent).
    once = default_redactor().redact("012A34@aCA:001A23@BCa").text
    assert once == "[REDACTED:token-shape]:[REDACTED:token-shape]"
    assert default_redactor().redact(once).text == once
    assert default_redactor().redact("aCA:001A23@BCa").text == "aCA:001A23@BCa"  # a real name
