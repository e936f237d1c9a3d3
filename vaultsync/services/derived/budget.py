"""Fitting a generated file into a token budget: take items in order while the whole rendered
text stays within the budget, and say how many were left out. USER.md, AGENT.md and the
session-start context all use it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from vaultsync.core.text import estimate_tokens

T = TypeVar("T")


def fit(
    items: Sequence[T],
    build: Callable[[list[T], int], str],
    budget: int,
    may_fit: Callable[[T, int], bool] = lambda _item, _room: True,
) -> tuple[str, list[T], list[T]]:
    """Take items in order while the whole text stays within `budget` tokens.

    `build(chosen, omitted_count)` renders the file. `may_fit(item, room)` answers False when
    the item surely needs more than `room` tokens, so hopeless items are refused without
    rendering. Returns (text, chosen, omitted).
    """
    chosen: list[T] = []
    omitted: list[T] = []
    used = estimate_tokens(build([], len(items)))
    for item in items:
        if not may_fit(item, budget - used):
            omitted.append(item)
            continue
        # Until the end the count of left-out items is unknown; the largest possible one is
        # used so that the final text can only be shorter.
        trial = build([*chosen, item], len(items) - len(chosen) - 1)
        cost = estimate_tokens(trial)
        if cost <= budget:
            chosen.append(item)
            used = cost
        else:
            omitted.append(item)
    text = build(chosen, len(omitted))
    while chosen and estimate_tokens(text) > budget:
        omitted.insert(0, chosen.pop())
        text = build(chosen, len(omitted))
    return text, chosen, omitted
