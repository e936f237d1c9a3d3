"""One on-disk date-time format (the person's offset), and every older form still parses."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vaultsync.core import timestamp

MOMENTS = st.datetimes(
    min_value=datetime(1971, 1, 1), max_value=datetime(2200, 1, 1), timezones=st.just(UTC)
)
OFFSETS = st.integers(min_value=-14 * 60, max_value=14 * 60).map(
    lambda m: timezone(timedelta(minutes=m))
)


def test_written_in_the_persons_zone_with_its_offset(monkeypatch: pytest.MonkeyPatch) -> None:
    moment = datetime(2026, 12, 1, 10, 30, 0, 123456, tzinfo=UTC)
    monkeypatch.setenv("VAULTSYNC_TZ", "+08:00")
    assert timestamp.format(moment) == "2026-12-01T18:30:00+08:00"
    assert timestamp.day(datetime(2026, 12, 1, 20, 0, tzinfo=UTC)) == "2026-12-02"
    monkeypatch.setenv("VAULTSYNC_TZ", "UTC")
    assert timestamp.format(moment) == "2026-12-01T10:30:00+00:00"
    monkeypatch.setenv("VAULTSYNC_TZ", "-05:30")
    assert timestamp.format(moment) == "2026-12-01T05:00:00-05:30"
    monkeypatch.setenv("VAULTSYNC_TZ", "Asia/Tokyo")
    assert timestamp.format(moment) == "2026-12-01T19:30:00+09:00"
    # a naive moment is UTC, as vaultsync always meant it
    assert timestamp.format(datetime(2026, 12, 1, 10, 30)) == "2026-12-01T19:30:00+09:00"


def test_every_older_form_parses_to_the_same_instant() -> None:
    want = datetime(2026, 11, 20, 9, 14, 2, tzinfo=UTC)
    for old in (
        "2026-11-20T09:14:02",  # naive UTC (the hook, before)
        "2026-11-20T09:14:02Z",  # learn and review, before
        "2026-11-20T09:14:02.000000Z",  # what docs/vault-format.md showed
        "2026-11-20T17:14:02+08:00",  # now
        " 2026-11-20T09:14:02+00:00 ",
    ):
        assert timestamp.parse(old) == want, old
        assert timestamp.utc_key(old) == "2026-11-20T09:14:02"
    assert timestamp.parse("2026-11-20") == datetime(2026, 11, 20, tzinfo=UTC)
    assert timestamp.parse(date(2026, 11, 20)) == datetime(2026, 11, 20, tzinfo=UTC)
    assert timestamp.utc_key("2026-11-20") == "2026-11-20T00:00:00"
    for junk in ("", "soon", "2026-13-01", None, 3):
        assert timestamp.parse(junk) is None
    assert timestamp.utc_key("soon") == "soon"  # nothing a person typed is dropped


@given(MOMENTS, OFFSETS)
def test_format_round_trips_and_sorts_in_utc(moment: datetime, zone: timezone) -> None:
    moment = moment.replace(microsecond=0)
    local = moment.astimezone(zone).isoformat()
    assert timestamp.parse(local) == moment
    assert timestamp.utc_key(local) == moment.strftime("%Y-%m-%dT%H:%M:%S")


@given(MOMENTS, st.sampled_from(["%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M:%SZ",
                                 "%Y-%m-%dT%H:%M:%S.%fZ", "%Y-%m-%dT%H:%M:%S+00:00"]))  # fmt: skip
def test_any_old_form_is_restamped_in_the_one_format(moment: datetime, form: str) -> None:
    """`restamp` (an event's ts becoming a note's property) writes what `format` writes, and
    writing it again changes nothing."""
    written = timestamp.restamp(moment.strftime(form))
    assert written == timestamp.format(moment)
    assert timestamp.restamp(written) == written
    assert timestamp.parse(written) == moment.replace(microsecond=0)
    assert timestamp.restamp("not a date") == "not a date"


@given(MOMENTS, st.sampled_from(["%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M:%SZ",
                                 "%Y-%m-%dT%H:%M:%S.%fZ"]))  # fmt: skip
def test_old_notes_still_parse(moment: datetime, form: str) -> None:
    parsed = timestamp.parse(moment.strftime(form))
    assert parsed is not None
    assert abs(parsed - moment) < timedelta(seconds=1)


@given(st.lists(st.tuples(MOMENTS, OFFSETS), min_size=2, max_size=6))
def test_keys_order_like_the_instants(items: list[tuple[datetime, timezone]]) -> None:
    texts = [m.replace(microsecond=0).astimezone(z).isoformat() for m, z in items]
    by_key = sorted(texts, key=timestamp.utc_key)
    assert [timestamp.parse(t) for t in by_key] == sorted(timestamp.parse(t) for t in texts)


def test_now_is_the_clock_unless_overridden(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("VAULTSYNC_NOW", raising=False)
    before = datetime.now(UTC)
    assert before <= timestamp.now() <= datetime.now(UTC)
    monkeypatch.setenv("VAULTSYNC_NOW", "2026-11-19T10:00:00+08:00")
    assert timestamp.now() == datetime(2026, 11, 19, 2, 0, tzinfo=UTC)
    monkeypatch.setenv("VAULTSYNC_NOW", "not a time")  # ignored, never frozen at an error
    assert abs((timestamp.now() - datetime.now(UTC)).total_seconds()) < 5


@pytest.mark.parametrize(
    ("name", "day"),
    [
        ("2027-04-12 tide 数据版本管理.md", "2027-04-12"),
        ("2027-04-12.md", "2027-04-12"),  # a daily note
        ("meeting 2027_07_21 data.md", "2027-07-21"),
        ("20270721 standup.md", "2027-07-21"),
        ("2027年7月2日 周会.md", "2027-07-02"),
        ("release 2027.07.21", "2027-07-21"),
        ("ticket 12345678.md", None),  # no date: year 1234
        ("2027-13-40 typo.md", None),
        ("2027-04-1201.md", None),  # digits run on
        ("2027-04_12.md", None),  # mixed separators
        ("notes about tide.md", None),
    ],
)
def test_a_date_in_a_notes_name(name: str, day: str | None) -> None:
    assert timestamp.named_day(name) == day


def test_shown_is_the_persons_time_without_its_offset(monkeypatch: pytest.MonkeyPatch) -> None:
    """What status, doctor and history print: a state file's UTC in the person's zone."""
    monkeypatch.setenv("VAULTSYNC_TZ", "+08:00")
    assert timestamp.shown("2026-11-29T09:00:05Z") == "2026-11-29 17:00:05"
    assert timestamp.shown("2026-11-29T09:00:05+00:00", seconds=False) == "2026-11-29 17:00"
    assert timestamp.shown("not a date") == "not a date" and timestamp.shown(None) == ""
