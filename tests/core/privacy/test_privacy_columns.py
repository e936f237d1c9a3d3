# ruff: noqa: E501
"""Secrets by their column (core/privacy/columns.py) and random letters after `password is`
(core/privacy/checks.check_prose): each structure with a benign look-alike, and the value
shown to leak without the layer."""

from __future__ import annotations

import pytest

from vaultsync.core.privacy import columns as TC
from vaultsync.core.privacy.redactor import Redactor, default_redactor
from vaultsync.core.privacy.rules import BUILTIN_RULES

_B64 = "t9QkYosmuuGn+YszPLnOm4DV0tPsRL"  # fake: a base64 value with `+`, no place rule knows
_LETTERS = "pBRrFXipwbEXHZYSUzVGaKTulrZfkWgokcm"  # fake: random letters, no digit

CASES = [
    f"| service | user | password |\n|---------|------|----------|\n| orders | orders_svc | {_B64} |\n",
    f"| env | Client Secret |\n| --- | --- |\n| prod | `{_B64}` |\n",
    f"host,user,api_key\ndb.corp.test,ops,{_B64}\n",
    f"name\ttoken\tnote\nbilling\t{_B64}\tprod\n",
]
LOOKALIKES = [
    "| service | user | password |\n|---------|------|----------|\n| orders | orders_svc | (in 1Password) |\n",
    "| env | Client Secret |\n| --- | --- |\n| prod | from Secrets Manager |\n",
    "host,user,api_key\ndb.corp.test,ops,${API_KEY}\n",
    f"name\ttoken_count\tnote\nbilling\t{_B64}\tprod\n",
    "| build | sha | status |\n| --- | --- | --- |\n| 412 | `4f1c2a9e8d7b6c5a4f1c2a9e8d7b6c5a4f1c2a9e` | passed |\n",
    "| user | password |\n|---|---|\n| ops | ******** |\n",
    "user;password_reset_at\nops;2026-12-06T10:00:00Z\n",
]


@pytest.mark.parametrize("text", CASES)
def test_a_cell_under_a_secret_header_is_redacted_and_leaks_without_the_layer(text: str) -> None:
    res = default_redactor().redact(text)
    assert _B64 not in res.text, res.findings
    off = Redactor(BUILTIN_RULES, disabled=TC.RULES).redact(text)
    assert _B64 in off.text  # the column is what finds it


@pytest.mark.parametrize("text", LOOKALIKES)
def test_look_alike_tables_are_left_alone(text: str) -> None:
    assert TC.find(text) == []
    assert default_redactor().redact(text).findings == ()


def test_random_letters_after_password_is_are_a_password_and_a_name_is_not() -> None:
    red = default_redactor()
    text = f"Description: I tried with my account, password is {_LETTERS} but it says invalid.\n"
    assert _LETTERS not in red.redact(text).text
    name = "the token is getUserAccountSettingsForProfile in the SDK\n"
    assert red.redact(name).findings == ()


def test_numbered_lines_are_not_a_table() -> None:
    text = "     1\t- name: DB_PASSWORD\n     2\t  key: password\n     3\t- name: STRIPE_KEY\n"
    assert TC.find(text) == []


def test_a_line_of_code_is_not_a_header() -> None:
    text = '    return gateway.user_token, urljoin(\n        f"{gateway.origin.rstrip(\'/\')}/", "v1"\n    )\n'
    assert TC.find(text) == []
