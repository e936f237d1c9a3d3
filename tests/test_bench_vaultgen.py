"""The benchmarks' synthetic vaults (bench/vaultgen.py): deterministic, and the two vocabularies
differ as their docstring says (search figures are reported on both: docs/performance.md)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
import vaultgen


def _texts(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): p.read_text(encoding="utf-8") for p in root.rglob("*.md")}


def _share_with(texts: dict[str, str], word: str) -> float:
    words = [set(re.findall(r"[a-z]+", t.lower())) for t in texts.values()]
    return sum(word in w for w in words) / len(words)


def _shares(texts: dict[str, str], vocabulary: list[str]) -> list[float]:
    words = [set(re.findall(r"[a-z]+", t.lower())) for t in texts.values()]
    return sorted(sum(v in w for w in words) / len(words) for v in vocabulary)


@pytest.mark.parametrize("words", vaultgen.VOCABULARIES)
def test_a_vault_is_the_same_for_the_same_seed(tmp_path: Path, words: str) -> None:
    first = _texts(vaultgen.generate(tmp_path / "a", 40, seed=3, words=words))
    again = _texts(vaultgen.generate(tmp_path / "b", 40, seed=3, words=words))
    other = _texts(vaultgen.generate(tmp_path / "c", 40, seed=4, words=words))
    assert len(first) == 40 and first == again and first != other


def test_zipf_words_are_spread_like_real_text_and_uniform_ones_are_not(tmp_path: Path) -> None:
    uniform = _texts(vaultgen.generate(tmp_path / "u", 200, words="uniform"))
    zipf = _texts(vaultgen.generate(tmp_path / "z", 200, words="zipf"))
    domain = vaultgen.EN[vaultgen.FUNCTION_WORDS :]
    uniform_share, zipf_share = _shares(uniform, domain), _shares(zipf, domain)
    # uniform: every domain word is in most notes; zipf: the median one in few, from rare
    # words to a head of common ones (2,000 notes: 1%, median 15%, 59%; uniform 77% to 92%)
    assert uniform_share[0] > 0.5
    assert zipf_share[len(domain) // 2] < 0.3
    assert zipf_share[0] < 0.05 and zipf_share[-1] > 3 * zipf_share[len(domain) // 2]
    assert _share_with(zipf, "the") > 0.8  # function words stay everywhere


def test_ensure_reuses_a_vault_only_for_the_same_vocabulary(tmp_path: Path) -> None:
    root = tmp_path / "v"
    vaultgen.ensure(50, out=root, words="zipf")
    stamp = (root / vaultgen.STAMP).stat().st_mtime_ns
    assert vaultgen.ensure(50, out=root, words="zipf") == root
    assert (root / vaultgen.STAMP).stat().st_mtime_ns == stamp  # reused
    vaultgen.ensure(50, out=root, words="uniform")
    assert (root / vaultgen.STAMP).read_text().split()[3] == "uniform"  # made again
    with pytest.raises(ValueError, match="words"):
        vaultgen.generate(tmp_path / "x", 5, words="latin")
