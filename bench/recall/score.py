"""Score recall on the evaluation sets: recall@5, MRR, per split, language and kind.

Systems, all in the same run:
- `bm25-ref`: a plain BM25 reference (k1 1.2, b 0.75) over the raw messages of each session
  (prompts, tool inputs and outputs, replies as written in sessions.py) or over each help note,
  OR semantics, a classic English stopword list removed, CJK as character bigrams. It knows
  nothing of vaultsync.
- `exact`: `vaultsync search` as it was before the recall engine (every word required).
- `lexical`: the recall engine (services/recall/engine.py), mode auto, no vectors.
- `semantic`: the recall engine with the semantic extra (if installed).
- `semantic-ml`: the same with both bundled models (`[search] model = "wordllama,use"`).

recall@5 is |gold ∩ top 5| / |gold| (one gold: hit or miss), MRR the reciprocal rank of the
first gold result. Abstention questions count separately: the share the engine abstains on, and
the share of answerable questions it wrongly abstains on. For kind "changed", `newer first` is
the share where the gold (newer) session ranks above the stale one.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from bench.recall.split import split_of

K = 5
REF_STOP = frozenset(
    str.split(
        "a an and are as at be but by can did do does for from had has have how i if in into is "
        "it its me my no not of on or our so that the their them then there these they this to "
        "was we were what when where which who why will with would you your"
    )
)
_ASCII = re.compile(r"[a-z0-9]+")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]+")

Ranker = Callable[[str], tuple[list[str], bool]]  # query -> ranked keys, abstained


def ref_tokens(text: str) -> list[str]:
    low = text.lower()
    words = [w for w in _ASCII.findall(low) if w not in REF_STOP]
    for run in _CJK.findall(low):
        words.extend(run[i : i + 2] for i in range(max(1, len(run) - 1)))
    return words


class PlainBM25:
    """The reference: textbook BM25 with OR semantics."""

    def __init__(self, docs: dict[str, str], k1: float = 1.2, b: float = 0.75) -> None:
        self.k1, self.b = k1, b
        self.tf = {key: Counter(ref_tokens(text)) for key, text in docs.items()}
        self.len = {key: sum(c.values()) for key, c in self.tf.items()}
        self.avg = sum(self.len.values()) / max(1, len(self.len))
        df: Counter[str] = Counter()
        for counts in self.tf.values():
            df.update(counts.keys())
        n = len(self.tf)
        self.idf = {t: math.log(1 + (n - d + 0.5) / (d + 0.5)) for t, d in df.items()}

    def rank(self, query: str) -> tuple[list[str], bool]:
        terms = set(ref_tokens(query))
        scores: dict[str, float] = {}
        for key, counts in self.tf.items():
            s = 0.0
            norm = self.k1 * (1 - self.b + self.b * self.len[key] / self.avg)
            for t in terms:
                f = counts.get(t, 0)
                if f:
                    s += self.idf[t] * f * (self.k1 + 1) / (f + norm)
            if s > 0:
                scores[key] = s
        return sorted(scores, key=lambda k: (-scores[k], k)), False


def session_text(session: dict[str, Any]) -> str:
    parts: list[str] = []
    for prompt, tools, reply in session["turns"]:
        parts.append(prompt)
        for _tool, tool_input, tool_output in tools:
            parts.append(" ".join(str(v) for v in tool_input.values()))
            parts.append(" ".join(str(v) for v in dict(tool_output).values()))
        parts.append(reply)
    return "\n".join(parts)


def _dedupe(keys: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(k for k in keys if k))


class Result:
    def __init__(self, qid: str, lang: str, kind: str, gold: Sequence[str],
                 stale: Sequence[str], ranked: list[str], abstained: bool) -> None:  # fmt: skip
        self.qid, self.lang, self.kind = qid, lang, kind
        self.split = split_of(qid)
        self.gold, self.stale = tuple(gold), tuple(stale)
        self.ranked, self.abstained = ranked, abstained

    @property
    def recall(self) -> float:
        top = set(self.ranked[:K])
        return sum(g in top for g in self.gold) / len(self.gold)

    @property
    def rr(self) -> float:
        for rank, key in enumerate(self.ranked, 1):
            if key in self.gold:
                return 1 / rank
        return 0.0

    @property
    def newer_first(self) -> bool | None:
        if not self.stale:
            return None
        pos = {k: i for i, k in reversed(list(enumerate(self.ranked)))}
        best_gold = min((pos.get(g, 10**6) for g in self.gold), default=10**6)
        best_stale = min((pos.get(s, 10**6) for s in self.stale), default=10**6)
        return best_gold < best_stale


def run_set(rows: Iterable[tuple[str, str, str, str, Sequence[str], Sequence[str]]],
            ranker: Ranker, *, split: str | None = None) -> list[Result]:  # fmt: skip
    out = []
    for qid, lang, kind, text, gold, stale in rows:
        if split is not None and split_of(qid) != split:
            continue
        ranked, abstained = ranker(text)
        out.append(Result(qid, lang, kind, gold, stale, _dedupe(ranked), abstained))
    return out


def summary(results: Sequence[Result]) -> dict[str, Any]:
    answerable = [r for r in results if r.gold]
    abstain = [r for r in results if not r.gold]
    changed = [r.newer_first for r in answerable if r.newer_first is not None]
    return {
        "n": len(answerable),
        "recall@5": _mean(r.recall for r in answerable),
        "mrr": _mean(r.rr for r in answerable),
        "abstain_n": len(abstain),
        "abstained": _mean(float(r.abstained) for r in abstain) if abstain else None,
        "false_abstain": _mean(float(r.abstained) for r in answerable),
        "newer_first": _mean(float(x) for x in changed) if changed else None,
    }


def grouped(results: Sequence[Result], attr: str) -> dict[str, dict[str, Any]]:
    groups: dict[str, list[Result]] = defaultdict(list)
    for r in results:
        groups[getattr(r, attr)].append(r)
    return {name: summary(rows) for name, rows in sorted(groups.items())}


def _mean(values: Iterable[float]) -> float:
    items = list(values)
    return sum(items) / len(items) if items else 0.0


def help_docs(vault: Path) -> dict[str, str]:
    docs = {}
    for path in sorted(vault.rglob("*.md")):
        if ".obsidian" in path.parts or ".git" in path.parts:
            continue
        rel = path.relative_to(vault).as_posix()
        docs[rel] = path.stem + "\n" + path.read_text(encoding="utf-8", errors="replace")
    return docs
