"""Where the shared corpora are, for the tests: bench/shared.py is the one place that knows. A
clone without them (CI) skips the tests that read them."""

from __future__ import annotations

from bench.shared import CORPORA, REPO, SHARED

__all__ = ["CORPORA", "REPO", "SHARED"]
