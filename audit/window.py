"""Audit windows: half-open [start, end) intervals of `logged_at`, in UTC."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

from audit.errors import ConfigError
from audit.sql import quote


@dataclass(frozen=True)
class Window:
    start: datetime | None = None  # inclusive; None = unbounded
    end: datetime | None = None  # exclusive; None = unbounded

    @classmethod
    def for_day(cls, day: date) -> Window:
        start = datetime.combine(day, time(), tzinfo=UTC)
        return cls(start, start + timedelta(days=1))

    def sql(self, column: str) -> str | None:
        """SQL condition `column` in [start, end); None for an unbounded window."""
        conds = []
        if self.start is not None:
            conds.append(f"{column} >= {quote(self.start)}")
        if self.end is not None:
            conds.append(f"{column} < {quote(self.end)}")
        return " AND ".join(conds) or None

    def label(self) -> str:
        s = self.start.isoformat() if self.start else "-inf"
        e = self.end.isoformat() if self.end else "+inf"
        return f"[{s}, {e})"

    def days(self) -> list[date]:
        """Every UTC day the window touches (bounded windows only)."""
        if self.start is None or self.end is None:
            raise ValueError("an unbounded window has no list of days")
        d, out = self.start.date(), []
        while datetime.combine(d, time(), tzinfo=UTC) < self.end:
            out.append(d)
            d += timedelta(days=1)
        return out


def parse_instant(text: str, what: str) -> datetime:
    """ISO date or datetime; naive values are UTC."""
    try:
        value = datetime.fromisoformat(text)
    except ValueError:
        raise ConfigError(f"{what}: {text!r} is not an ISO date or datetime (e.g. 2026-11-01)") from None
    try:
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)
    except OverflowError:  # 0001-01-01T00:00+05:00 is before year 1 in UTC, 9999-12-31T23:00-05:00 after 9999
        raise ConfigError(f"{what}: {text!r} is outside years 1 to 9999 in UTC") from None


def window_from_args(since: str | None, until: str | None) -> Window:
    """The window of `--since` / `--until`; an option not given is unbounded (an empty one is an error: an unset
    variable, `--since "$START"`, exported every row as the period's)."""
    w = Window(
        parse_instant(since, "--since") if since is not None else None,
        parse_instant(until, "--until") if until is not None else None,
    )
    if w.start and w.end and w.start >= w.end:
        raise ConfigError(f"--since must be before --until, got {w.label()}")
    return w
