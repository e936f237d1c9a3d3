"""The template language: output, whitespace rules, safety, errors, where templates come from."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vaultsync.core import paths
from vaultsync.storage import render as r
from vaultsync.storage.render import TemplateError, load_template, parse

BUILTIN = ("USER.md.tmpl", "AGENT.md.tmpl", "context.md.tmpl")


def test_values_and_nested_names() -> None:
    out = r.render("Hi {{ name }}, {{user.city}}!", {"name": "Mei", "user": {"city": "杭州"}})
    assert out == "Hi Mei, 杭州!"


def test_none_renders_empty_and_booleans_as_words() -> None:
    assert r.render("[{{a}}|{{b}}|{{c}}]", {"a": None, "b": True, "c": 0}) == "[|true|0]"


def test_each_with_item_scope_outer_names_and_dot() -> None:
    source = "{{#each people}}{{name}}@{{team}};{{/each}}|{{#each tags}}<{{.}}>{{/each}}"
    data = {
        "team": "core",
        "people": [{"name": "a"}, {"name": "b", "team": "docs"}],
        "tags": [1, 2],
    }
    assert r.render(source, data) == "a@core;b@docs;|<1><2>"


def test_if_else_truthiness() -> None:
    source = "{{#if x}}yes{{else}}no{{/if}}"
    cases: list[tuple[object, str]] = [(1, "yes"), ("a", "yes"), ([0], "yes"), (0, "no")]
    cases += [("", "no"), (None, "no"), ([], "no"), (False, "no")]
    for value, expected in cases:
        assert r.render(source, {"x": value}) == expected


def test_standalone_block_lines_vanish() -> None:
    source = (
        "# T\n{{#each xs}}\n- {{.}}\n{{/each}}\n  {{! note }}  \n"
        "{{#if f}}\nF\n{{else}}\nN\n{{/if}}\nend\n"
    )
    assert r.render(source, {"xs": ["a", "b"], "f": False}) == "# T\n- a\n- b\nN\nend\n"


def test_inline_blocks_keep_their_line() -> None:
    assert r.render("a {{#if f}}b{{/if}}\nc\n", {"f": True}) == "a b\nc\n"
    # A line holding a whole inline block is not standalone: its newline stays.
    assert r.render("{{#if f}}b{{/if}}\nc", {"f": True}) == "b\nc"


def test_multiline_comment_with_braces_is_dropped() -> None:
    source = "{{! data: sections[] = {level, entries[]}\n    more }}\nbody\n"
    assert r.render(source, {}) == "body\n"


def test_unknown_name_says_where() -> None:
    with pytest.raises(TemplateError, match=r"USER.md.tmpl:2: unknown name 'titel'"):
        r.render("ok\n{{titel}}", {"title": "x"}, name="USER.md.tmpl")


def test_missing_key_of_a_mapping() -> None:
    with pytest.raises(TemplateError, match="has no 'zip'"):
        r.render("{{user.zip}}", {"user": {"city": "x"}})


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("{{#each xs}}a", "never closed"),
        ("{{#if a}}x{{/each}}", "closes {{#if}}"),
        ("x{{/if}}", "closes nothing"),
        ("{{else}}", "outside"),
        ("{{#if a}}{{else}}{{else}}{{/if}}", "outside"),
        ("{{#with a}}{{/with}}", "unknown block"),
        ("{{#each}}{{/each}}", "needs a name"),
        ("{{a b}}", "not a name"),
        ("{{ __import__('os') }}", "not a name"),
        ("text {{ open", "never closed"),
    ],
)
def test_syntax_errors(source: str, message: str) -> None:
    with pytest.raises(TemplateError, match=message):
        parse(source)


def test_no_attribute_access_or_calls() -> None:
    class Secret:
        password = "hunter2"

        def __str__(self) -> str:
            return "Secret"

    with pytest.raises(TemplateError):
        r.render("{{obj.password}}", {"obj": Secret()})
    with pytest.raises(TemplateError):
        r.render("{{obj.__class__}}", {"obj": {}})


def test_lists_cannot_be_printed_and_scalars_not_iterated() -> None:
    with pytest.raises(TemplateError, match="cannot be printed"):
        r.render("{{xs}}", {"xs": [1]})
    with pytest.raises(TemplateError, match="is not a list"):
        r.render("{{#each s}}x{{/each}}", {"s": "abc"})


def test_output_is_capped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(r, "MAX_OUTPUT_CHARS", 1000)
    with pytest.raises(TemplateError, match="exceeds"):
        r.render("{{#each xs}}0123456789{{/each}}", {"xs": list(range(200))})


@given(st.text().filter(lambda s: "{{" not in s and "}}" not in s))
def test_text_without_tags_renders_unchanged(text: str) -> None:
    assert r.render(text, {}) == text


@given(
    st.lists(st.text(alphabet=st.characters(blacklist_characters="{}"), max_size=20), max_size=8)
)
def test_each_renders_every_item_in_order(items: list[str]) -> None:
    assert r.render("{{#each xs}}{{.}}\x00{{/each}}", {"xs": items}) == "".join(
        f"{i}\x00" for i in items
    )


# ---------------------------------------------------------------------------------------------
# shipped templates and overrides


def test_builtin_templates_parse() -> None:
    for name in BUILTIN:
        parse(r.builtin_template(name), name)


def test_load_template_precedence(vault: Path) -> None:
    text, where = load_template(vault, "USER.md.tmpl")
    assert where == "vaultsync:USER.md.tmpl" and "{{#each sections}}" in text

    override = vault / paths.TEMPLATE_OVERRIDE_DIR / "USER.md.tmpl"
    override.parent.mkdir(parents=True)
    override.write_text("vault override", encoding="utf-8")
    assert load_template(vault, "USER.md.tmpl") == (
        "vault override",
        ".vaultsync/templates/USER.md.tmpl",
    )

    (vault / "my.tmpl").write_text("configured", encoding="utf-8")
    assert load_template(vault, "USER.md.tmpl", "my.tmpl") == ("configured", "my.tmpl")


def test_configured_template_missing_or_outside_is_an_error(vault: Path, tmp_path: Path) -> None:
    with pytest.raises(TemplateError, match=r"cannot read template 'nope\.tmpl'"):
        load_template(vault, "USER.md.tmpl", "nope.tmpl")
    (tmp_path / "evil.tmpl").write_text("x", encoding="utf-8")
    with pytest.raises(TemplateError, match="escapes the vault"):
        load_template(vault, "USER.md.tmpl", "../evil.tmpl")


def test_override_with_invalid_utf8_is_a_clear_error(vault: Path) -> None:
    override = vault / paths.TEMPLATE_OVERRIDE_DIR / "AGENT.md.tmpl"
    override.parent.mkdir(parents=True)
    override.write_bytes(b"\xff\xfe broken")
    with pytest.raises(TemplateError, match="cannot read template"):
        load_template(vault, "AGENT.md.tmpl")
