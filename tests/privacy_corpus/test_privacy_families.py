"""The family split: whole kinds and places held out, scored apart from the dev families."""

from __future__ import annotations

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
