"""Shared by the vector tests (like sessionkit, by basename): the skip when the semantic extra
is missing, a note written into a vault, and the real model watched."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from vaultsync.core.config import Config
from vaultsync.storage.vectors import embedder as models
from vaultsync.storage.vectors import store as vectors

needs_extra = pytest.mark.skipif(
    not vectors.available(), reason="the semantic extra is not installed"
)


def put(vault: Path, rel: str, text: str) -> None:
    target = vault / rel
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")


class Spy:
    """The real model: counts the calls and texts it embeds, keeps the texts, and can stop on a
    chosen call as a person pressing Ctrl-C would."""

    def __init__(self, inner: models.Embedder, fail_on: int = 0) -> None:
        self.inner, self.name = inner, inner.name
        self.calls = self.texts = 0
        self.seen: list[str] = []
        self.fail_on = fail_on

    def embed(self, texts: Sequence[str]) -> Any:
        self.calls += 1
        if self.calls == self.fail_on:
            raise KeyboardInterrupt
        self.texts += len(texts)
        self.seen += texts
        return self.inner.embed(texts)


def spy_on_default_model(monkeypatch: pytest.MonkeyPatch) -> Spy:
    config = Config(None, None, {})
    found = Spy(models.embedder(config))
    monkeypatch.setitem(models.EMBEDDERS, models.model_name(config), found)
    return found
