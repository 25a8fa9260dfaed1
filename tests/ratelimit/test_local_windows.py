"""In-memory moving windows: counting, expiry to the window, and forgetting idle keys."""

from __future__ import annotations

import types

import pytest
from limits import parse

from meetsight.ratelimit import local_windows
from meetsight.ratelimit.local_windows import SWEEP_SECONDS, LocalWindows


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def module(self) -> types.SimpleNamespace:
        return types.SimpleNamespace(time=lambda: self.now, monotonic=lambda: self.now)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    found = Clock()
    monkeypatch.setattr(local_windows, "time", found.module())
    return found


async def test_admits_amount_per_window_then_again_after_it(clock: Clock) -> None:
    windows = LocalWindows()
    three = (parse("3/second"),)
    assert [await windows.acquire(["k"], three) for _ in range(4)] == [[True]] * 3 + [[False]]
    assert await windows.read(["k"], three) == [(clock.now, 3)]
    clock.now += 0.5
    assert await windows.acquire(["k"], three) == [False]  # still inside the second
    clock.now += 0.6  # the first three are now more than a second old
    assert await windows.read(["k"], three) == [(clock.now, 0)]
    assert await windows.acquire(["k"], three) == [True]


async def test_read_gives_the_oldest_counted_time(clock: Clock) -> None:
    windows = LocalWindows()
    ten = (parse("10/10 seconds"),)
    first = clock.now
    await windows.acquire(["k"], ten)
    clock.now += 4
    await windows.acquire(["k"], ten)
    assert await windows.read(["k"], ten) == [(first, 2)]
    clock.now += 7  # the first left the window, the second not
    assert await windows.read(["k"], ten) == [(first + 4, 1)]
    assert await windows.read(["other"], ten) == [(clock.now, 0)]


async def test_keys_of_several_windows_count_apart(clock: Clock) -> None:
    windows = LocalWindows()
    both = (parse("2/second"), parse("3/minute"))
    keys = ["k/2/1", "k/3/60"]
    assert await windows.acquire(keys, both) == [True, True]
    assert await windows.acquire(keys, both) == [True, True]
    assert await windows.acquire(keys, both) == [False, True]
    clock.now += 1.5
    assert await windows.acquire(keys, both) == [True, False]


async def test_idle_keys_are_forgotten(clock: Clock) -> None:
    windows = LocalWindows()
    second = (parse("5/second"),)
    for address in range(100):
        await windows.acquire([f"address/{address}"], second)
    assert len(windows._keys) == 100
    clock.now += SWEEP_SECONDS + 1
    await windows.acquire(["busy"], second)
    assert list(windows._keys) == ["busy"]


async def test_charge_reads_then_charges_all_or_nothing(clock: Clock) -> None:
    """`charge` is `read` then `acquire` when every window has room: a request refused by one
    window is charged to none (the minute window keeps its slots)."""
    windows = LocalWindows()
    both = (parse("2/second"), parse("3/minute"))
    keys = ["k/2/1", "k/3/60"]
    start = clock.now
    assert await windows.charge(keys, both) == ([(start, 0), (start, 0)], [True, True])
    clock.now += 0.1
    assert await windows.charge(keys, both) == ([(start, 1), (start, 1)], [True, True])
    assert await windows.charge(keys, both) == ([(start, 2), (start, 2)], None)
    assert await windows.read(keys, both) == [(start, 2), (start, 2)]  # nothing charged
    clock.now += 1  # the second window is free again, the minute one has one slot left
    assert await windows.charge(keys, both) == ([(clock.now, 0), (start, 2)], [True, True])
    assert await windows.charge(keys, both) == ([(clock.now, 1), (start, 3)], None)
