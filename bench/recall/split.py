"""The fixed rule that splits every evaluation set into dev and held-out (written before tuning).

A question is held out when the first byte of sha256(its id) is divisible by 3: about a third of
each set, stable, independent of the question's text, kind or language. Tuning looks at dev
results only; held-out figures are reported, never used to choose a weight.
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection


def held_out(qid: str) -> bool:
    return hashlib.sha256(qid.encode("utf-8")).digest()[0] % 3 == 0


def split_of(qid: str) -> str:
    return "held-out" if held_out(qid) else "dev"


def by_family(salt: str, family: str, held_topics: Collection[str]) -> str:
    """Held out: every question about a topic in `held_topics` (a family's first part); of every
    other family (topic or kind / language pair / style), those whose salted sha256
    (`<salt>:<family>`) has an even first byte. Each set names its own salt, fixed when it was
    written, so its split never moves."""
    if family.split("/")[0] in held_topics:
        return "held-out"
    first = hashlib.sha256(f"{salt}:{family}".encode()).digest()[0]
    return "dev" if first % 2 == 1 else "held-out"
