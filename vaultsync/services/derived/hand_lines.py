"""Lines a person wrote into USER.md or AGENT.md: kept as candidate memories, never overwritten.

USER.md and AGENT.md are generated from memory notes, and each regeneration writes the file
anew. A line added in Obsidian ("- Prefers tabs over spaces") would be gone at the next one; a
person who edits the vault expects vaultsync to adapt, not to lose it. So before the file is
written again, every line of it that no rendering of its template makes (not an entry, which
links its memory note; not a heading, the banner or a line the template writes, counts aside)
becomes an L1 candidate memory of the file's scope, its source the file, its origin
`hand-edit`, redacted like every note. It waits for review like any candidate: the file may as
well have been edited by an agent with access to the vault, and nothing reaches USER.md,
AGENT.md or an agent's context without a person's review (docs/privacy.md). `vaultsync review
approve` puts it back, now as a memory of its own.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable
from pathlib import Path

from vaultsync.core import properties, schema, timestamp
from vaultsync.core.config import Config
from vaultsync.core.model import Level, Scope
from vaultsync.storage import memory

ORIGIN = "hand-edit"
MIN_CHARS = 6  # shorter than "uses uv": a stray word or a list marker, not a fact
_MARKER = re.compile(r"^(?:[-*+]|\d{1,3}[.)])\s+(?:\[[ xX]\]\s+)?")
_BOLD = re.compile(r"\*\*(.+?)\*\*|__(.+?)__")


def _shape(line: str) -> str:
    """A line with its numbers as `#`: "3 more left out" is the template's line at any count."""
    return re.sub(r"\d+", "#", line.strip())


def _fact(line: str) -> str:
    text = _MARKER.sub("", line.strip())
    return _BOLD.sub(lambda m: m.group(1) or m.group(2), text).strip()


def written_by_hand(current: str, renderings: Iterable[str]) -> list[str]:
    """The facts of `current`'s body that none of `renderings` (the template rendered with
    this run's entries, with none, with some left out) holds, in their order, each once."""
    known = {_shape(line) for text in renderings for line in text.splitlines()}
    _yaml, body = properties.split_frontmatter(current)
    facts: dict[str, None] = {}
    for line in body.splitlines():
        text = line.strip()
        if (
            not text
            or text.startswith(("#", ">", "<!--", "---", "```"))
            or "[[" in text  # an entry (it links its memory note), of any machine's rendering
            or _shape(text) in known
        ):
            continue
        fact = _fact(text)
        if len(fact) >= MIN_CHARS:
            facts.setdefault(fact, None)
    return list(facts)


def keep(
    vault: Path, config: Config, rel: str, scope: Scope, facts: list[str], now: dt.datetime
) -> list[str]:
    """Each fact as an L1 candidate of `scope` with `rel` as its source; the notes' paths (a
    fact already kept under the same name is not written twice)."""
    from vaultsync.core.hook.capture import redactor_for

    redactor = redactor_for(config)
    stamp = timestamp.format(now.astimezone(dt.UTC))
    kept = []
    for fact in facts:
        body = str(redactor.redact(fact).text)
        props = schema.memory_props(
            level=Level.L1, scope=scope, agent="", session_id="", project="",
            created=stamp, source_rel=rel,
        )  # fmt: skip
        props["origin"] = ORIGIN
        footer = f"Written by hand into {properties.link(rel)}; kept here when it was generated."
        note_rel, created = memory.write_candidate(vault, props, body, (rel, body), footer)
        if created:
            kept.append(note_rel)
    return kept
