"""Values split by the way they were written down are redacted whole (core/privacy/assembly.py)."""

from __future__ import annotations

import json
import random
import string
import subprocess
import sys

import pytest

from vaultsync.core.privacy import assembly
from vaultsync.core.privacy.redactor import default_redactor

RNG = random.Random(28)


def rnd(n: int) -> str:
    while True:
        v = "".join(RNG.choice(string.ascii_letters + string.digits) for _ in range(n))
        if any(c.isdigit() for c in v) and any(c.isupper() for c in v):
            return v


def _split(kind: str, v: str) -> str:
    h = len(v) // 2
    return {
        "plus": f'const apiKey = "{v[:h]}" +\n  "{v[h:]}";\n',
        "implicit": f'TOKEN = (\n    "{v[:h]}"\n    "{v[h:]}"\n)\n',
        "continuation": f'curl -H "X-Api-Key: {v[:h]}\\\n{v[h:]}" https://h.test\n',
        "wrap": "API_SIGNING_KEY=" + "\n".join(v[i : i + 40] for i in range(0, len(v), 40)) + "\n",
        "block": "auth:\n  client_secret: |\n    " + v[:h] + "\n    " + v[h:] + "\n",
        "escaped": '{"auth_token":"' + v[:h] + "\\/" + v[h:] + '"}',
    }[kind]


@pytest.mark.parametrize("kind", ["plus", "implicit", "continuation", "wrap", "block", "escaped"])
def test_a_split_value_is_redacted_whole(kind: str) -> None:
    v = rnd(96)
    text = _split(kind, v)
    out = default_redactor().redact(text).text
    for piece in (v[:8], v[40:48], v[-8:]):
        assert piece not in out, (kind, out)


def test_glue_is_not_found_where_nothing_was_split() -> None:
    text = 'msg = "Hello " + name + "!"\nitems = ["a", "b"]\nprint("x")\nprint("y")\n'
    assert assembly.glue(text) == []
    assert default_redactor().redact(text).text == text


def test_the_joined_text_maps_back_to_the_text() -> None:
    text = 'k = "ab" + "cd"'
    got = assembly.joined(text)
    assert got is not None
    view, vs, ws = got
    assert view == 'k = "abcd"\n\n'
    assert text[assembly.to_text(vs, ws, view.index("c"))] == "c"


def test_the_command_redacts_a_wrapped_value() -> None:
    v = rnd(120)
    data = _split("wrap", v).encode()
    p = subprocess.run(
        [sys.executable, "-m", "vaultsync", "redact", "--json"],
        input=data,
        capture_output=True,
        timeout=60,
        check=True,
    )
    out = json.loads(p.stdout)
    assert v[:8] not in out["text"] and v[-8:] not in out["text"]
    assert out["findings"]


@pytest.mark.parametrize(
    "template",
    [
        "$ docker login registry.x.test -u ci -p {v}\n",
        "auth:\n  client_secret: >-\n    {a}\n    {b}\n",
        "Authorization: 'Bearer ' + '{a}' + '{b}'\n",
        "data:\n  signing_secret: M8zi={v}\n",
        "$ redis-server --requirepass {v}\n",
        "POSTGRES_PASSWORD: ${{POSTGRES_PASSWORD:-{v}}}\n",
        "db.internal:5432:app:app:{v}\n",
        "$ htpasswd -nbB admin {v}\n",
        'PS> $env:API_TOKEN = "{v}"\n',
        '    proxy_set_header Authorization "Bearer {v}";\n',
    ],
)
def test_secrets_by_their_place(template: str) -> None:
    v = rnd(12) + "@#"
    text = template.format(v=v, a=v[:7], b=v[7:])
    out = default_redactor().redact(text).text
    assert v[:7] not in out and v[7:] not in out, out


@pytest.mark.parametrize(
    "text",
    [
        "data class Creds(val apiKey: String, val password: CharArray?)\n",
        "pub struct S {\n    pub refresh_token: Option<String>,\n}\n",
        "arn:aws:secretsmanager:us-east-1:123456789012:secret:prod/db/password-AbC12x\n",
        "run: |\n  make\n  pytest\n",
    ],
)
def test_code_and_resource_names_are_not_secrets(text: str) -> None:
    assert not default_redactor().redact(text).findings


def test_a_continuation_after_a_passwords_punctuation_joins_and_code_does_not() -> None:
    text = "cat > .env <<EOF\nAPI_SECRET=S7JqH%\\\nbH1333x\nEOF\n"
    out = default_redactor().redact(text).text
    assert "S7JqH" not in out and "bH1333x" not in out
    macro = "#define CALL(f) f();\\\n  next()\n"
    assert assembly.glue(macro) == []
