"""Rule tables read into Rule objects, the same whether parsed now or kept from another process."""

from __future__ import annotations

import pytest

from vaultsync.core import pattern_cache
from vaultsync.core.privacy.rules import BUILTIN_RULES, TOKEN_CHARS, Rule, parse_table
from vaultsync.core.privacy.tables import PROVIDERS, STRUCTURE

TABLE = """
demo-key | demo_,"demo key" | p=7 e=2.5 c=mixed g=2/3 s=example;sample x=1 w=40 a=1 |
    %Ldemo_[a-z]{4}%R
plain | | | (?i)plain=(\\w{8,})%E
"""


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pattern_cache, "_loaded", None)
    monkeypatch.setattr(pattern_cache, "_new", {})
    monkeypatch.setattr(pattern_cache, "_used", set())


def test_every_option_lands_in_its_field(fresh: None) -> None:
    demo, plain = parse_table(TABLE, p="10")
    assert demo == Rule(
        id="demo-key",
        regex="demo_[a-z]{4}",
        secret_group=(2, 3),
        keywords=("demo_", "demo key"),
        entropy=2.5,
        stopwords=("example", "sample"),
        check="mixed",
        context=("demo_", "demo key"),
        window=40,
        priority=7,
        left=TOKEN_CHARS[:62],
        right=TOKEN_CHARS,
        anchored=True,
    )
    assert plain == Rule(id="plain", regex="(?i)plain=(\\w{8,})(?![A-Za-z0-9+/=_-])", priority=10)


def test_the_kept_parse_is_the_parse(fresh: None) -> None:
    first = parse_table(PROVIDERS, p="10", c="mixed", e="3") + parse_table(STRUCTURE)
    assert first == BUILTIN_RULES
    pattern_cache.save()
    pattern_cache._loaded, pattern_cache._new = None, {}  # a new process
    again = parse_table(PROVIDERS, p="10", c="mixed", e="3") + parse_table(STRUCTURE)
    assert again == BUILTIN_RULES and pattern_cache._new == {}
    # Other defaults are another entry, never the rows kept for the first ones.
    assert [r.priority for r in parse_table(TABLE, p="10")] == [7, 10]
    assert [r.priority for r in parse_table(TABLE, p="3")] == [7, 3]


def test_a_parse_kept_by_another_version_is_built_again(fresh: None) -> None:
    """The cache outlives an upgrade: rows kept in another shape (here the tuples an earlier
    version kept) must not break every hook call, but be parsed again and kept anew."""
    import marshal

    parse_table(TABLE, p="10")
    [entry] = [k for k in pattern_cache._new if k[1] == pattern_cache.DATA]
    pattern_cache._entries()[entry] = marshal.dumps((("demo-key", "x"), ("plain", "y")))
    pattern_cache._new.clear()
    assert [r.id for r in parse_table(TABLE, p="10")] == ["demo-key", "plain"]
    assert marshal.loads(pattern_cache._new[entry])[1]["priority"] == 10
