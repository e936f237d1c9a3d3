"""Vectors for hybrid search (the `semantic` extra): placeholder until the embedder lands."""

from __future__ import annotations


def available() -> bool:
    return False
