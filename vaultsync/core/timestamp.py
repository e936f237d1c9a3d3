"""Date-times on disk: the one format every date-time property is written in, and the one
parser that reads every form older notes carry.

Written: ISO 8601 to the second with the person's own UTC offset, `2026-12-01T18:30:00+08:00`.
Obsidian shows such a value as a date-time in the person's local time; a naive value would be
shown as if it were local, so a 16:30 UTC session in UTC+8 used to read as 16:30, not 00:30.
The offset keeps the instant exact: `parse` turns any value back into an aware UTC datetime and
`utc_key` into the naive UTC text the index stores and sorts by, so notes written in different
zones (or before a move) still order correctly.

The person's zone: `$VAULTSYNC_TZ` (an IANA name such as `Asia/Shanghai`, `UTC`, or a fixed
offset such as `+08:00`), else the machine's local zone. Tests set it, so no result depends on
the zone of the machine running them.

Read: anything older vaultsync wrote or a person typed: naive (taken as UTC), `Z`, fractional
seconds, any offset, or a plain date (midnight UTC).

"Now" is `now()`: the clock, or `$VAULTSYNC_NOW` when set (any form `parse` reads, e.g.
`2026-11-20T09:30:00+08:00`), so a replay of past sessions stamps their events at their own
time and every read path ("yesterday", `--since 7d`) answers as of that moment.

Stdlib only and light: on the hook path (no typing; zoneinfo only for an IANA name).
"""

from __future__ import annotations

import os
from datetime import UTC, date, datetime, timedelta, timezone

from vaultsync.core.lazy_regex import Lazy

TYPE_CHECKING = False
if TYPE_CHECKING:
    from datetime import tzinfo

_ZONES: dict[str, tzinfo | None] = {}


def zone() -> tzinfo | None:
    """The person's zone, or None for the machine's local zone."""
    name = os.environ.get("VAULTSYNC_TZ", "").strip()
    if not name:
        return None
    if name not in _ZONES:
        _ZONES[name] = _zone_named(name)
    return _ZONES[name]


def _zone_named(name: str) -> tzinfo | None:
    if name.upper() in ("UTC", "Z"):
        return UTC
    if name[0] in "+-" and len(name) in (3, 5, 6):
        digits = name[1:].replace(":", "")
        try:
            hours, minutes = int(digits[:2]), int(digits[2:] or 0)
        except ValueError:
            return None
        sign = -1 if name[0] == "-" else 1
        return timezone(sign * timedelta(hours=hours, minutes=minutes))
    try:
        from zoneinfo import ZoneInfo

        return ZoneInfo(name)
    except (ImportError, ValueError, OSError, KeyError):
        return None  # an unknown name: the machine's zone rather than a crash


def now() -> datetime:
    """The current instant, aware UTC: `$VAULTSYNC_NOW` when it holds a date-time, else the
    wall clock (an unreadable override is ignored rather than freezing time at an error)."""
    forced = os.environ.get("VAULTSYNC_NOW", "").strip()
    if forced:
        moment = parse(forced)
        if moment is not None:
            return moment
    return datetime.now(UTC)


def format(moment: datetime) -> str:
    """`moment` in the person's zone, to the second, with its offset: what goes on disk. A
    naive `moment` is taken as UTC."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(zone()).replace(microsecond=0).isoformat()


def parse(value: object) -> datetime | None:
    """Any date or date-time form vaultsync ever wrote (or a person typed), as aware UTC;
    None when it is not one."""
    if isinstance(value, datetime):
        moment = value
    elif isinstance(value, date):
        moment = datetime(value.year, value.month, value.day)
    elif isinstance(value, str):
        text = value.strip()
        if not text:
            return None
        if text[-1:] in "zZ":
            text = text[:-1] + "+00:00"
        try:
            moment = datetime.fromisoformat(text)
        except ValueError:
            return None
    else:
        return None
    if moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)


def restamp(value: str) -> str:
    """A date-time in any form `parse` reads, written as `format` writes it (an event's UTC
    `ts` becoming a note's `created`, say); text that is no date-time is returned unchanged."""
    moment = parse(value)
    return value if moment is None else format(moment)


def shown(value: object, seconds: bool = True) -> str:
    """A date-time as a person reads it in a terminal: their zone, `2026-12-01 18:30:05` (to the
    minute with `seconds=False`), no offset. Any form `parse` reads (the logs and state files
    keep UTC); anything else is returned as text, unchanged."""
    moment = parse(value)
    if moment is None:
        return "" if value is None else str(value)
    return format(moment)[: 19 if seconds else 16].replace("T", " ")


def utc_key(value: object) -> str:
    """Naive UTC to the second (`2026-12-01T10:30:00`): what the index stores and sorts by.
    Text that is no date is returned unchanged, so nothing a person wrote is lost."""
    moment = parse(value)
    if moment is None:
        return value if isinstance(value, str) else ""
    return moment.strftime("%Y-%m-%dT%H:%M:%S")


def day(moment: datetime) -> str:
    """The person's calendar date of `moment` (`2026-12-01`): what date-only properties hold."""
    return format(moment)[:10]


# A date in a note's file name or title: 2027-04-12, 2027_04_12, 2027.04.12, 20270412, 2027年4月12日
# (compiled on first use: the hook imports this module and never asks it).
_NAMED_DAY = Lazy(r"(?<!\d)(\d{4})([-_./]?)(\d{2})\2(\d{2})(?!\d)|(\d{4})年(\d{1,2})月(\d{1,2})日")


def named_day(text: str) -> str | None:
    """The calendar date a note's name or title carries (`2027-04-12 tide data versioning`,
    a daily note `2027-04-12.md`, `20270412 meeting`, `2027年4月12日 周会`), as `YYYY-MM-DD`;
    None when it holds none. A note a person wrote with no date property is dated by it before
    its file's time, which a checkout or a sync sets to the moment it ran."""
    for found in _NAMED_DAY.finditer(text):
        parts = found.group(1, 3, 4) if found.group(1) else found.group(5, 6, 7)
        try:
            moment = date(int(parts[0]), int(parts[1]), int(parts[2]))
        except ValueError:
            continue
        if 1990 <= moment.year <= 2100:
            return moment.isoformat()
    return None
