"""The fixed rule that splits every evaluation set into dev and held-out (written before tuning).

A question is held out when the first byte of sha256(its id) is divisible by 3: about a third of
each set, stable, independent of the question's text, kind or language. Tuning looks at dev
results only; held-out figures are reported, never used to choose a weight.
"""

from __future__ import annotations

import hashlib


def held_out(qid: str) -> bool:
    return hashlib.sha256(qid.encode("utf-8")).digest()[0] % 3 == 0


def split_of(qid: str) -> str:
    return "held-out" if held_out(qid) else "dev"
