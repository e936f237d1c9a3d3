# ruff: noqa: E501
"""Structures read since round 20 of the family corpus."""

from __future__ import annotations

import time

import pytest

from vaultsync.core.privacy.redactor import default_redactor


def _redact(text: str) -> tuple[str, set[str]]:
    res = default_redactor().redact(text)
    return res.text, {f.rule for f in res.findings}


@pytest.mark.timeout(60)
def test_a_hex_value_after_a_long_mixed_case_token_costs_what_a_short_line_does() -> None:
    # A hex value's name was read back with a pattern that split a mixed-case run in every way
    # it could (camel humps under IGNORECASE): a telemetry line holding a long token before a
    # trace id took minutes, and the hook would have hung on it.
    token = "xai-kVMKfwnWyRq5QWbhCpDdrZ0GKznKn4M7hwzSll6M9hnf7FCVOtmw1Fk5EKtKOzZJaRrRP41A7CRJ7hBH"
    text = f'event: {{"service.name": "alpha", "app.db_password": "{token}", "trace.trace_id": "047281bc674b5e56d704cab486ca71e8"}}\n'
    t = time.process_time()
    out, _ = _redact(text)
    assert time.process_time() - t < 2.0
    assert token not in out and "047281bc674b5e56d704cab486ca71e8" in out
