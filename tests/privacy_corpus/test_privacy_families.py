"""The family split: whole kinds and places held out, scored apart from the dev families."""

from __future__ import annotations

import pytest
from corpus_families import (
    BENIGN_FAMILIES,
    BENIGN_INJECTION_FAMILIES,
    HELDOUT,
    INJECTION_FAMILIES,
    SECRET_FAMILIES,
    families,
    family_split,
    generate_family,
)


def test_every_held_out_family_exists_and_each_label_has_dev_and_held_out() -> None:
    assert set(HELDOUT) <= set(families())
    for group in (SECRET_FAMILIES, BENIGN_FAMILIES, INJECTION_FAMILIES, BENIGN_INJECTION_FAMILIES):
        splits = {family_split(name) for name in group}
        assert splits == {"dev", "heldout"}, group


def test_samples_are_fixed_and_spans_point_at_the_values() -> None:
    for name in families():
        rows = generate_family(name)
        assert rows == generate_family(name)  # a fixed seed
        assert len(rows) >= 4, name
        for r in rows:
            assert r["split"] == family_split(name)
            for a, b in r["spans"]:
                assert 0 <= a < b <= len(r["text"]), (name, r["id"])
            if r["label"] == "secret":
                assert r["spans"] and r["values"], (name, r["id"])


# ~1,900 samples through the whole engine: an evaluation, not a unit test, so the slow tier
# (CI runs it; the fast tier's own privacy tests cover each detector).
@pytest.mark.slow
@pytest.mark.timeout(600)
def test_the_dev_families_meet_the_floors() -> None:
    from corpus_score import engine, score

    rows = [r for n in families() if family_split(n) == "dev" for r in generate_family(n)]
    m = score(rows, engine())  # the dev families only: a test never reads a held-out one
    leaked = {f[0] for f in m["failures"] if f[1] == "secret" and "leaked ['" in f[4]}
    # No value leaks but the ones docs/privacy.md lists as known gaps; a new one fails here.
    assert leaked <= KNOWN_DEV_LEAKS, sorted(leaked - KNOWN_DEV_LEAKS)
    assert m["recall"] >= 0.98, m["failures"][:5]
    assert m["fp_rate"] <= 0.02 and m["inj_recall"] >= 0.9 and m["inj_fp_rate"] <= 0.03


# Round 17's prose in Yoruba, Telugu and Norwegian, opened into dev by round 18 and still
# leaking a fragment (docs/privacy.md, round 18: a label in a language no list holds, a value
# with an `=` inside read as `name=value`; reading it whole cost false positives on
# abbreviations such as `pwdHash`). A fourth (Serbian) is missed without a fragment leaking.
# (Round 19's `gdb` prints, SMTP `AUTH LOGIN` answer and `reg query` value, listed here in round
# 20, are read since round 21: core/privacy/shown.py.)
# (Round 21's held-out leaks, opened into dev by round 22 — an Azure Pipelines setvariable, a
# one-line EventBridge event, a smali string passed to a setter — are read since round 22:
# core/privacy/shown.py and checks.minified.)
# (Round 22's held-out leaks, opened into dev by round 23 — values PostgreSQL logs as bound
# parameters apart from the column they fill — are read since round 23: core/privacy/shown.py.)
# Round 23's held-out leaks, opened into dev by round 24: a PIN hash in an MMKV dump
# (`user.pin_hash = …`, a name no secret word is in) stays listed until read. (The Xcode scheme's
# `key =` / `value =` attributes on separate lines are read since round 24: named-value.)
# (Round 24's held-out families, opened into dev by round 25, leaked no value; nor did round
# 25's, opened by round 26.)
KNOWN_DEV_LEAKS = frozenset(
    {
        "world_prose_round17-004",
        "world_prose_round17-006",
        "world_prose_round17-012",
        "mobile_stores_round23-006",
        "mobile_stores_round23-013",
        "mobile_stores_round23-023",
    }
)


def test_opened_families_were_held_out_in_an_earlier_round() -> None:
    from corpus_families import OPENED

    for name, rnd in OPENED.items():
        assert HELDOUT[name] < rnd, name
    assert any(family_split(n) == "heldout" for n in HELDOUT)  # a fresh held-out family
