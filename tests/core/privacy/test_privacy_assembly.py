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
