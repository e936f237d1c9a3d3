"""A note's outline: its heading-aware sections, headings and links, read with markdown-it-py.

A regex cannot tell a `# heading` from a line inside a fenced code block, nor a `[[link]]` in
prose from one quoted in code; a CommonMark parser can. This is the module for anything that
needs a note's structure rather than its bytes: chunking notes by section for a semantic index
(`sections`), and heading and link extraction on changed notes (`headings`, `links`).

Off the hot path: the hook and the rebuild never import it (markdown-it costs ~15-20 ms to
import; `tests/core/test_hook_imports.py` and docs/architecture.md say so); call it from
services that already pay for a parse.

Line numbers are 0-based lines of the whole file, frontmatter included, so a caller can point
into the note as stored.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from vaultsync.core.properties import split_frontmatter

_WIKILINK = re.compile(r"!?\[\[([^\[\]|#^]*)(?:[#^][^\[\]|]*)?(?:\|[^\[\]]*)?\]\]")


@dataclass(frozen=True)
class Section:
    heading: str  # "" for the text before the first heading
    level: int  # 1-6; 0 for the text before the first heading
    start_line: int  # the heading's line (or the body's first line)
    text: str  # the heading line and everything up to the next heading, as written


@dataclass(frozen=True)
class Link:
    target: str  # the note or file named (wikilink target or markdown href)
    line: int
    embed: bool = False  # ![[...]]
    wiki: bool = True  # False for a markdown [text](href) link


@lru_cache(maxsize=1)
def _parser() -> Any:
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark")


def _body(text: str) -> tuple[str, int]:
    """The body after the frontmatter, and how many lines the frontmatter took."""
    yaml_text, body = split_frontmatter(text)
    if yaml_text is None:
        return text, 0
    return body, text[: len(text) - len(body)].count("\n")


def _tokens(text: str) -> tuple[list[Any], int, list[str]]:
    body, offset = _body(text)
    return _parser().parse(body), offset, body.splitlines(keepends=True)


def headings(text: str) -> list[tuple[int, str, int]]:
    """(level, heading text, line) of every real heading, code blocks excluded."""
    tokens, offset, _ = _tokens(text)
    found = []
    for i, tok in enumerate(tokens):
        if tok.type == "heading_open" and tok.map:
            found.append((int(tok.tag[1]), tokens[i + 1].content.strip(), tok.map[0] + offset))
    return found


def sections(text: str) -> list[Section]:
    """The note cut at every heading: each section is its heading line and what follows up to
    the next heading of any level. Text before the first heading (after the frontmatter) is a
    section of level 0 when it holds anything but blank lines."""
    tokens, offset, lines = _tokens(text)
    starts = [
        (tok.map[0], int(tok.tag[1]), tokens[i + 1].content.strip())
        for i, tok in enumerate(tokens)
        if tok.type == "heading_open" and tok.map
    ]
    found: list[Section] = []
    first = starts[0][0] if starts else len(lines)
    lead = "".join(lines[:first])
    if lead.strip():
        found.append(Section("", 0, offset, lead))
    for n, (start, level, title) in enumerate(starts):
        end = starts[n + 1][0] if n + 1 < len(starts) else len(lines)
        found.append(Section(title, level, start + offset, "".join(lines[start:end])))
    return found


def links(text: str) -> list[Link]:
    """Wikilinks (`[[note]]`, `![[file]]`, with alias or heading) and markdown links in prose
    and headings; nothing inside code spans or code blocks."""
    tokens, offset, _ = _tokens(text)
    found: list[Link] = []
    for tok in tokens:
        if tok.type != "inline" or not tok.map:
            continue
        line = tok.map[0] + offset
        for child in tok.children or []:
            if child.type == "text" and "[[" in child.content:
                for m in _WIKILINK.finditer(child.content):
                    target = m.group(1).strip()
                    if target:
                        found.append(Link(target, line, embed=m.group(0).startswith("!")))
            elif child.type == "link_open":
                href = str(child.attrs.get("href", ""))
                if href:
                    found.append(Link(href, line, wiki=False))
    return found
