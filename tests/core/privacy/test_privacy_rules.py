"""Rule tables read into Rule objects."""

from __future__ import annotations

from vaultsync.core.privacy.rules import BUILTIN_RULES, TOKEN_CHARS, Rule, parse_table
from vaultsync.core.privacy.tables import PROVIDERS, STRUCTURE

TABLE = """
demo-key | demo_,"demo key" | p=7 e=2.5 c=mixed g=2/3 s=example;sample x=1 w=40 a=1 |
    %Ldemo_[a-z]{4}%R
plain | | | (?i)plain=(\\w{8,})%E
"""


def test_every_option_lands_in_its_field() -> None:
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


def test_the_builtin_tables_are_the_builtin_rules() -> None:
    assert (
        parse_table(PROVIDERS, p="10", c="mixed", e="3") + parse_table(STRUCTURE) == BUILTIN_RULES
    )
    # Defaults apply where a row names no option of its own.
    assert [r.priority for r in parse_table(TABLE, p="10")] == [7, 10]
    assert [r.priority for r in parse_table(TABLE, p="3")] == [7, 3]
