"""The practice set (../shared/corpora/secrets-dev) scored the way its README judges it.

In process for the metrics (fast); a few real `python -m vaultsync redact --json` runs check the
command-line contract end to end.
"""

from __future__ import annotations

import base64
import binascii
import json
import subprocess
import sys
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import quote, unquote

import pytest
from shared_corpora import CORPORA, REPO

from vaultsync.core.privacy.redactor import default_redactor

DEV = CORPORA / "secrets-dev" / "dev.jsonl"

pytestmark = pytest.mark.skipif(not DEV.is_file(), reason=f"practice set not found at {DEV}")


def load() -> Iterator[dict[str, Any]]:
    with DEV.open(encoding="utf-8") as fh:
        for line in fh:
            r = json.loads(line)
            r["text"] = base64.b64decode(r["text_b64"]).decode("utf-8")
            yield r


def covered(findings: list[dict[str, Any]], a: int, b: int) -> bool:
    pos = a
    for s, e in sorted((f["start"], f["end"]) for f in findings):
        if s > pos:
            break
        pos = max(pos, e)
    return pos >= b


def _forms(value: str) -> set[str]:
    forms = {value, quote(value, safe=""), unquote(value)}
    forms.add(base64.b64encode(value.encode()).decode())
    try:
        decoded = base64.b64decode(value + "=" * (-len(value) % 4), validate=True)
        forms.add(decoded.decode("utf-8", "replace"))
    except (binascii.Error, ValueError):
        pass
    return forms


def leaked(text: str, spans: list[list[int]], out: str) -> list[str]:
    """8-character pieces of a secret (or its URL-encoded/base64/decoded form) left in `out`,
    ignoring pieces that also occur in the input outside the secrets."""
    outside = list(text)
    for a, b in spans:
        outside[a:b] = ["\0"] * (b - a)
    elsewhere = "".join(outside)
    found = []
    for a, b in spans:
        for form in _forms(text[a:b]):
            for i in range(len(form) - 7):
                piece = form[i : i + 8]
                if "\ufffd" not in piece and piece in out and piece not in elsewhere:
                    found.append(piece)
    return found


def score(redact: Callable[[str], dict[str, Any]]) -> dict[str, Any]:
    m: dict[str, Any] = {"spans": 0, "caught": 0, "leaks": [], "missed": [], "benign": 0}
    m.update(fp=[], inj=0, inj_hit=0, inj_missed=[], binj=0, binj_flagged=[])
    for r in load():
        out = redact(r["text"])
        label, findings = r["label"], out["findings"]
        if label == "secret":
            for a, b in r["spans"]:
                m["spans"] += 1
                if covered(findings, a, b):
                    m["caught"] += 1
                else:
                    m["missed"].append((r["id"], r["kind"], r["template"]))
            if leaked(r["text"], r["spans"], out["text"]):
                m["leaks"].append(r["id"])
        elif label == "benign":
            m["benign"] += 1
            if findings:
                m["fp"].append((r["id"], r["kind"], [f["rule"] for f in findings]))
        elif label in ("injection", "benign_injection"):
            hit = any("inject" in f["rule"] or "prompt" in f["rule"] for f in findings)
            if label == "injection":
                m["inj"] += 1
                m["inj_hit"] += hit
                if not hit:
                    m["inj_missed"].append((r["id"], r["kind"]))
            else:
                m["binj"] += 1
                if hit:
                    m["binj_flagged"].append((r["id"], r["kind"]))
    m["recall"] = m["caught"] / m["spans"]
    m["fp_rate"] = len(m["fp"]) / m["benign"]
    m["inj_recall"] = m["inj_hit"] / m["inj"]
    return m


def in_process(text: str) -> dict[str, Any]:
    res = default_redactor().redact(text)
    return {
        "text": res.text,
        "findings": [{"rule": f.rule, "start": f.start, "end": f.end} for f in res.findings],
    }


@pytest.fixture(scope="module")
def metrics() -> dict[str, Any]:
    return score(in_process)


def test_secret_recall(metrics: dict[str, Any]) -> None:
    assert metrics["recall"] >= 0.95, metrics["missed"]


def test_no_secret_fragment_left(metrics: dict[str, Any]) -> None:
    assert metrics["leaks"] == []


def test_benign_false_positives(metrics: dict[str, Any]) -> None:
    assert metrics["fp_rate"] <= 0.03, metrics["fp"]


def test_injection_recall(metrics: dict[str, Any]) -> None:
    assert metrics["inj_recall"] >= 0.9, metrics["inj_missed"]


def test_benign_injection_lines_not_flagged(metrics: dict[str, Any]) -> None:
    assert len(metrics["binj_flagged"]) <= 1, metrics["binj_flagged"]


def test_idempotent_on_the_practice_set() -> None:
    red = default_redactor()
    for r in load():
        once = red.redact(r["text"]).text
        assert red.redact(once).text == once, r["id"]


# ---- the command line, as a separate process ----------------------------------------------------
def _cli(args: list[str], data: bytes) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, *args], input=data, capture_output=True, timeout=30, cwd=REPO
    )


def _commands() -> list[list[str]]:
    return [["-m", "vaultsync", "redact", "--json"]]


@pytest.mark.parametrize("cmd", _commands(), ids=lambda c: c[1])
def test_cli_json_contract(cmd: list[str]) -> None:
    # every 25th sample of each label, each a process of its own (in process, all are checked)
    rows = list(load())
    labels = ("secret", "benign", "injection")
    samples = [r for label in labels for r in [r for r in rows if r["label"] == label][::25]]
    assert {r["label"] for r in samples} == set(labels)
    for r in samples:
        proc = _cli(cmd, r["text"].encode("utf-8"))
        assert proc.returncode == 0, proc.stderr.decode()
        out = json.loads(proc.stdout)  # exactly one JSON object
        assert set(out) == {"text", "findings"}
        assert out == in_process(r["text"]), r["id"]
        for f in out["findings"]:
            assert set(f) == {"rule", "start", "end"}
            assert 0 <= f["start"] < f["end"] <= len(r["text"])


def test_cli_plain_and_invalid_utf8() -> None:
    token = b"ghp_" + b"aB3dE6gH9jK2mN5pQ8sT1vW4yZ7bC0eF3hJ6"
    proc = _cli(["-m", "vaultsync", "redact"], b"token=\xff " + token)
    assert proc.returncode == 0
    assert proc.stdout.decode() == "token=\ufffd [REDACTED:github-token]"
    empty = _cli(["-m", "vaultsync", "redact", "--json"], b"")
    assert json.loads(empty.stdout) == {"text": "", "findings": []}
