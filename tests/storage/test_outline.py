"""Heading-aware sections, headings and links (markdown-it-py), code blocks excluded."""

from __future__ import annotations

from pathlib import Path

import pytest

from vaultsync.storage.outline import Link, Section, headings, links, sections

NOTE = """---
type: memory
title: "# not a heading"
---
Intro line with [[Lead]].

# Title

Text with [[Target Note|alias]], ![[diagram.png]], [[Other#Part]] and [site](https://x.org).
`[[in code]]`

```bash
# a comment, not a heading
echo [[nope]]
```

## Details
More.
### Deep
"""


def test_sections_cut_at_real_headings_only() -> None:
    got = sections(NOTE)
    assert [(s.heading, s.level, s.start_line) for s in got] == [
        ("", 0, 4), ("Title", 1, 6), ("Details", 2, 16), ("Deep", 3, 18)]  # fmt: skip
    assert got[0] == Section("", 0, 4, "Intro line with [[Lead]].\n\n")
    assert got[1].text.startswith("# Title\n") and "# a comment, not a heading" in got[1].text
    assert got[2].text == "## Details\nMore.\n"
    # the sections put back together are the body exactly
    assert "".join(s.text for s in got) == NOTE.split("---\n", 2)[2]
    assert NOTE.splitlines()[got[2].start_line] == "## Details"


def test_headings_and_links() -> None:
    assert headings(NOTE) == [(1, "Title", 6), (2, "Details", 16), (3, "Deep", 18)]
    assert links(NOTE) == [
        Link("Lead", 4),
        Link("Target Note", 8),
        Link("diagram.png", 8, embed=True),
        Link("Other", 8),
        Link("https://x.org", 8, wiki=False),
    ]


def test_plain_text_and_empty() -> None:
    assert sections("") == []
    assert sections("just text\n") == [Section("", 0, 0, "just text\n")]
    assert sections("# Only\n") == [Section("Only", 1, 0, "# Only\n")]


def test_real_notes_cover_their_body(shared: Path) -> None:
    corpus = shared / "corpora" / "obsidian-help"
    notes = sorted(corpus.rglob("*.md"))[:40]
    if not notes:
        pytest.skip("obsidian-help corpus is empty")
    for path in notes:
        text = path.read_text(encoding="utf-8")
        got = sections(text)
        body = "".join(s.text for s in got)
        assert body.strip() == text[len(text) - len(body) :].strip()
