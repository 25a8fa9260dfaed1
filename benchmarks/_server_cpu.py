"""CPU time of the processes that serve a query, read from /proc (Linux, same machine).

A query's CPU is counted where it is spent: this process (the client, or the whole search on
SQLite), the PostgreSQL backends that run it, and the parallel workers PostgreSQL starts for a
scan. A worker lives only for its query, so it cannot be read while it runs without a poller
that would take the very CPU it measures; instead its CPU is read from the postmaster when it
has reaped it: the kernel adds an exited child's user and system time to its parent's
`cutime`/`cstime` (/proc/PID/stat fields 16 and 17, in clock ticks: 10 ms steps). Any other
child of the postmaster that exits in the same window (another session's backend) would count
too; such a window is detected (a child present before and gone after) and its CPU figure left
out. pg_stat_statements would say the same per statement, but it needs a server restart to load
(shared_preload_libraries), which a shared server does not get.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from pathlib import Path

TICKS = os.sysconf("SC_CLK_TCK")


def threads_cpu_ms(pid: int) -> float:
    """CPU time so far of every thread of a process (schedstat, nanoseconds); 0 once gone."""
    total = 0
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            try:
                total += int((task / "schedstat").read_text().split()[0])
            except (OSError, ValueError, IndexError):
                continue
    except OSError:
        return 0.0
    return total / 1e6


def _stat_fields(pid: int) -> list[str]:
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


def parent_of(pid: int) -> int | None:
    try:
        return int(_stat_fields(pid)[1])
    except (OSError, ValueError, IndexError):
        return None


def reaped_children_ms(pid: int) -> float:
    """User + system time of the children `pid` has reaped so far."""
    fields = _stat_fields(pid)
    return (int(fields[13]) + int(fields[14])) * 1000 / TICKS


def children(pid: int) -> frozenset[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return frozenset()
    return frozenset(int(c) for c in text.split())


def tcp_ports(pid: int) -> set[int]:
    """Local ports of the TCP sockets a process holds (its database connections among them)."""
    inodes = set()
    try:
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            try:
                target = os.readlink(fd)
            except OSError:
                continue
            if target.startswith("socket:["):
                inodes.add(target[8:-1])
    except OSError:
        return set()
    ports = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            parts = line.split()
            if len(parts) > 9 and parts[9] in inodes:
                ports.add(int(parts[1].rsplit(":", 1)[1], 16))
    return ports


@dataclass
class Meter:
    """The CPU of a query: `processes` (all their threads), this process when `include_self`,
    and the postmaster's reaped children (the parallel workers) when `postmaster` is known."""

    processes: list[int] = field(default_factory=list)
    postmaster: int | None = None
    include_self: bool = True

    def read(self) -> tuple[float, float, frozenset[int]]:
        own = time.process_time() * 1000 if self.include_self else 0.0
        served = sum(threads_cpu_ms(pid) for pid in self.processes)
        if self.postmaster is None:
            return own + served, 0.0, frozenset()
        return own + served, reaped_children_ms(self.postmaster), children(self.postmaster)

    def since(self, start: tuple[float, float, frozenset[int]]) -> tuple[float, bool]:
        """(CPU ms since `start`, whether no other child of the postmaster ended meanwhile)."""
        end = self.read()
        clean = start[2] <= end[2] | set(self.processes)
        return end[0] - start[0] + end[1] - start[1], clean
