# ruff: noqa: E501
"""Secrets read out or retyped (core/privacy/spoken.py): groups of four, the phonetic alphabet,
recovery codes, seed phrases, a value split by a space or alone under its label; each beside its
look-alike. All values are synthetic."""

from __future__ import annotations

import pytest

from vaultsync.core.privacy import spoken as SP
from vaultsync.core.privacy.redactor import default_redactor

PW = "Tq7-xR2mK9pZ"  # synthetic

# (text, the pieces that must not survive, a look-alike that must stay whole)
CASES = [
    (
        "Agent: I'll read it slowly, the new one for billing is uCAb AGFF qx8B 2kL7 7kLm. Got it?\n",
        ["uCAb AGFF qx8B 2kL7 7kLm"],
        "Agent: I'll read it slowly, the ticket for billing is 4821 9930. Got it?\n",
    ),
    (
        "Agent: the new one for alpha is QL1_ 3eJS SaG. Did you get that?\n",
        ["QL1_ 3eJS SaG"],
        "Requests that fail with HTTP 503 are retried; IPv6 is off.\n",
    ),
    (
        "Voicemail: the new one is capital tango, seven, dash, xray, capital romeo, two, mike, capital kilo, nine, papa, capital zulu, call me back.\n",
        [
            "capital tango, seven, dash, xray, capital romeo, two, mike, capital kilo, nine, papa, capital zulu"
        ],
        "Call transcript: please spell the project name — kilo, echo, lima, papa. Thanks.\n",
    ),
    (
        "Voicemail: it is three, lima, capital alpha, capital quebec, /, alpha, hotel, uniform, zero, bravo, one, call back.\n",
        ["three, lima, capital alpha, capital quebec, /, alpha, hotel, uniform, zero, bravo, one"],
        "Voicemail: the booking reference is sierra, echo, romeo, call me back.\n",
    ),
    (
        "billing — two-factor recovery codes (each works once)\n\n  a1qs-5qx3\n  bv0v-1f31\n  xamd-y0dc\n  3kp5-1c9c\n\nKeep these somewhere safe.\n",
        ["a1qs-5qx3", "bv0v-1f31", "xamd-y0dc", "3kp5-1c9c"],
        "Branches to delete:\n  feat-login\n  docs-intro\n  fix-typos\n",
    ),
    (
        "wallet for ledger restored; write down these words in order:\nworker lumen maple harbor tundra juniper zephyr garnet cobalt raven onyx pepper\n",
        ["worker lumen maple harbor tundra juniper zephyr garnet cobalt raven onyx pepper"],
        "release notes, in order:\nworker lumen maple harbor tundra juniper zephyr garnet cobalt raven onyx pepper\n",
    ),
    (
        "$ tesseract screenshot.png -\nYour new access token\n4yqTodNUiIXuHy+8p rGaBBkWS2KpIzMdz\nCopy it now.\n",
        ["4yqTodNUiIXuHy+8p", "rGaBBkWS2KpIzMdz"],
        "$ op read op://dev/e2b/credential\nTemplate 4xfn7i0garj1381uvs4k built\n",
    ),
    (
        'host:6379> CONFIG GET masterauth\n1) "masterauth"\n2) "HzqjO0utyvOEhy3_QtwrVb3myzc5Ajd3TvSzKbgsTGejRG3J"\nhost:6379> ',
        ["HzqjO0utyvOEhy3_QtwrVb3myzc5Ajd3TvSzKbgsTGejRG3J"],
        'host:6379> CONFIG GET maxmemory-policy\n1) "maxmemory-policy"\n2) "allkeys-lru"\n',
    ),
    (
        "UMBER(5)\n\nS\bSH\bHA\bAR\bRE\bED\bD \b S\bSE\bEC\bCR\bRE\bET\bT\n       P8iuuevVFV0oB7nXcVvVXB2DsQKv9y70   (generated at install time)\n",
        ["P8iuuevVFV0oB7nXcVvVXB2DsQKv9y70"],
        "UMBER(5)\n\nS\bSH\bHA\bAR\bRE\bED\bD \b S\bSE\bEC\bCR\bRE\bET\bT\n       Read from /etc/umber/secret at start.\n",
    ),
]


@pytest.mark.parametrize(("text", "pieces", "lookalike"), CASES)
def test_a_value_read_out_is_redacted_and_its_look_alike_is_not(
    text: str, pieces: list[str], lookalike: str
) -> None:
    red = default_redactor()
    out = red.redact(text).text
    for p in pieces:
        for part in p.split(" "):
            if len(part) >= 6:
                assert part not in out, (part, out)
    assert "spoken-secret" in out or "REDACTED" in out
    assert not [f for f in red.redact(lookalike).findings if f.is_secret], lookalike


@pytest.mark.parametrize(("text", "pieces", "lookalike"), CASES)
def test_the_layer_itself_finds_each_form(text: str, pieces: list[str], lookalike: str) -> None:
    found = [text[s:e] for s, e, _ in SP.find(text)]
    for p in pieces:
        assert any(p in f for f in found), (p, found)
    assert SP.find(lookalike) == []


def test_redaction_of_a_value_read_out_is_idempotent() -> None:
    red = default_redactor()
    for text, _, _ in CASES:
        once = red.redact(text).text
        assert red.redact(once).text == once


def test_the_layer_can_be_disabled_by_its_rule_name() -> None:
    from vaultsync.core.privacy.redactor import Redactor
    from vaultsync.core.privacy.rules import BUILTIN_RULES

    text = CASES[4][0]
    red = Redactor(BUILTIN_RULES, disabled=[SP.RULE])
    assert "a1qs-5qx3" in red.redact(text).text


def test_a_value_read_out_in_more_than_sixteen_groups_is_redacted_whole() -> None:
    """The group reader looks at most 16 groups ahead; a longer value is read in runs."""
    groups = (
        "uCAb AGFF qx8B 2kL7 7kLm Zq4r 9Tfe W2pd xK7n Lm3Q c8Vr Rt5y Hn2B q9Ws Ed4R tG7h Yu1J kM6n"
    )
    out = default_redactor().redact(f"Agent: the new key, read slowly, is {groups}. Got it?\n").text
    assert not [g for g in groups.split(" ") if g in out], out


@pytest.mark.parametrize("word", ["send ", "copy ", "data ", "A1b2 "])
def test_a_long_run_of_four_letter_words_costs_linear_time(word: str) -> None:
    """Each space of the run once read the whole rest of it again: 30,000 took two minutes."""
    import time

    t = time.process_time()  # CPU time: a loaded machine stretches wall time
    SP.find("Agent: " + word * 20_000 + "\n")
    assert time.process_time() - t < 3.0
