"""Nearest sentence vectors of one organization, from an in-process index of its stored
vectors (`meetsight.search.vectors`), kept current by reading only what changed.

Why in process and not in the database: neither engine we run on has a vector index here
(`sqlite-vec` is not on our package index; Debian's PostgreSQL 15 has no pgvector), and an
exact scan of a million stored vectors in SQL or numpy takes half a second. faiss (faiss-cpu)
gives the same index on both engines:
- up to EXACT_MAX vectors, an exact inner-product scan (vectors are unit length: the cosine);
- above, an inverted file of `nlist` k-means cells with 8-bit scalar-quantised vectors
  (IndexIVFScalarQuantizer, 512 bytes a vector: 0.5 GB at 1M), `nprobe` cells visited per
  query (docs/search.md has the figures).

Each organization's index is built on its first search by meaning in the process, then before
each search one primary-key read of search_vector_state says whether anything changed: new
rows are read by id (ids are handed out in commit order, see vectors.py), and after a removal
the ids still stored are read and the others dropped from the index.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import faiss
import numpy as np

from meetsight.embedder import DIM
from meetsight.search import vectors_repository as statements
from meetsight.search.vectors import decode_many

faiss.omp_set_num_threads(1)  # one query is small; the API's other requests keep the cores

EXACT_MAX = 50_000
MAX_CACHED_VECTORS = 4_000_000  # all organizations of one process; least recently used go
_READ_BATCH = 20_000

# (sql, params) -> rows; named parameters (:name), as both engines' drivers take them here.
Rows = Callable[[str, dict[str, Any]], Sequence[Sequence[Any]]]


@dataclass
class OrgIndex:
    instance: str
    writes: int = 0
    removals: int = 0
    high: int = 0  # the largest id read
    generation: int = 0  # moves with every change of the index (see _current)
    index: Any = None
    ids: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    activity_no: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int32))
    positions: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int32))
    activities: list[str] = field(default_factory=list)
    numbers: dict[str, int] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def size(self) -> int:
        return int(self.ids.size)


_cache: OrderedDict[str, OrgIndex] = OrderedDict()
_cache_lock = threading.Lock()


def nearest(rows: Rows, org_id: str, query: np.ndarray, k: int) -> list[tuple[str, int, float]]:
    """Up to `k` (activity_id, position, cosine) of the organization's vectors nearest to the
    unit vector `query`, best first."""
    found = _current(rows, org_id)
    if found is None:
        return []
    with found.lock:
        if found.size == 0:
            return []
        scores, ids = found.index.search(
            query.reshape(1, DIM).astype(np.float32), min(k, found.size)
        )
        out: list[tuple[str, int, float]] = []
        where = np.searchsorted(found.ids, ids[0])
        for score, row_id, at in zip(scores[0], ids[0], where, strict=True):
            if row_id < 0 or at >= found.size or found.ids[at] != row_id:
                continue
            out.append(
                (found.activities[found.activity_no[at]], int(found.positions[at]), float(score))
            )
        return out


def _current(rows: Rows, org_id: str) -> OrgIndex | None:
    state = rows(statements.STATE, {"org": org_id})
    if not state:
        return None
    instance, writes, removals = str(state[0][0]), int(state[0][1]), int(state[0][2])
    with _cache_lock:
        found = _cache.get(org_id)
        if found is None or found.instance != instance:
            found = OrgIndex(instance)
            _cache[org_id] = found
        _cache.move_to_end(org_id)
    # No statement runs while `found.lock` is held: on PostgreSQL `rows` runs in SQLAlchemy's
    # greenlet on the event loop's thread and hands the thread to the loop while it waits, so
    # another search blocking on the lock there would stop the loop the first one waits on (the
    # served process hung for good under concurrent first searches). So: look under the lock,
    # read without it, apply under it if nobody applied meanwhile, else look again.
    while True:
        with found.lock:
            if found.index is not None and (found.writes, found.removals) == (writes, removals):
                break
            seen, after = found.generation, found.high
            check_removed = found.index is not None and found.removals != removals
        kept = _stored_ids(rows, org_id) if check_removed else None
        new = _read_after(rows, org_id, after)
        with found.lock:
            if found.generation != seen:
                continue  # another search changed the index meanwhile: look again
            found.generation += 1
            if kept is not None:
                _drop_removed(found, kept)
            if _outgrown(found, new):
                _reset(found)  # built afresh from everything stored, read on the next turn
                continue
            _apply(found, new)
            found.writes, found.removals = writes, removals
            break
    _evict()
    return found


@dataclass
class _NewRows:
    ids: np.ndarray
    activities: list[str]
    positions: np.ndarray
    vectors: np.ndarray
    high: int


def _read_after(rows: Rows, org_id: str, after: int) -> _NewRows:
    """The organization's stored vectors with an id above `after`, in id order."""
    ids: list[int] = []
    activities: list[str] = []
    positions: list[int] = []
    decoded: list[np.ndarray] = []  # per batch: no single join of every blob (333 MB at 333k)
    high = after
    while True:
        batch = rows(statements.NEW_ROWS, {"org": org_id, "after": high, "batch": _READ_BATCH})
        blobs: list[bytes] = []
        for row_id, activity_id, position, blob in batch:
            ids.append(int(row_id))
            activities.append(activity_id)
            positions.append(int(position))
            blobs.append(bytes(blob))
        decoded.append(decode_many(blobs))
        if batch:
            high = int(batch[-1][0])
        if len(batch) < _READ_BATCH:
            break
    vectors = np.concatenate(decoded) if len(decoded) > 1 else decoded[0]
    return _NewRows(
        np.asarray(ids, dtype=np.int64), activities, np.asarray(positions, np.int32), vectors, high
    )


def _outgrown(found: OrgIndex, new: _NewRows) -> bool:
    """An exact index that the new rows would take past EXACT_MAX: rebuilt as an inverted file
    (its cells trained on what is stored then; later vectors join their nearest cell)."""
    exact = isinstance(found.index, faiss.IndexIDMap2)
    return exact and found.size + len(new.ids) > EXACT_MAX


def _apply(found: OrgIndex, new: _NewRows) -> None:
    if not len(new.ids) and found.index is not None:
        return
    numbers = []
    for activity_id in new.activities:
        number = found.numbers.get(activity_id)
        if number is None:
            number = found.numbers[activity_id] = len(found.activities)
            found.activities.append(activity_id)
        numbers.append(number)
    found.ids = np.concatenate([found.ids, new.ids])
    found.activity_no = np.concatenate([found.activity_no, np.asarray(numbers, dtype=np.int32)])
    found.positions = np.concatenate([found.positions, new.positions])
    found.high = new.high
    if found.index is None:
        found.index = build_index(new.vectors, new.ids)
    elif len(new.ids):
        found.index.add_with_ids(new.vectors, new.ids)


def _reset(found: OrgIndex) -> None:
    fresh = OrgIndex(found.instance)
    for name in ("high", "index", "ids", "activity_no", "positions", "activities", "numbers"):
        setattr(found, name, getattr(fresh, name))


def build_index(vectors: np.ndarray, ids: np.ndarray) -> Any:
    """Exact up to EXACT_MAX vectors, an inverted file of quantised vectors above."""
    n = len(vectors)
    index: Any
    if n <= EXACT_MAX:
        index = faiss.IndexIDMap2(faiss.IndexFlatIP(DIM))
    else:
        nlist = 2 ** round(math.log2(max(256.0, math.sqrt(n))))
        quantizer = faiss.IndexFlatIP(DIM)
        index = faiss.IndexIVFScalarQuantizer(
            quantizer, DIM, nlist, faiss.ScalarQuantizer.QT_8bit, faiss.METRIC_INNER_PRODUCT
        )
        sample = vectors[np.random.default_rng(0).choice(n, min(n, 40 * nlist), replace=False)]
        index.train(sample)
        index.nprobe = max(8, nlist // 64)
    if n:
        index.add_with_ids(np.ascontiguousarray(vectors, dtype=np.float32), ids)
    return index


def _stored_ids(rows: Rows, org_id: str) -> np.ndarray:
    return np.fromiter((int(r[0]) for r in rows(statements.ALL_IDS, {"org": org_id})), np.int64)


def _drop_removed(found: OrgIndex, kept: np.ndarray) -> None:
    """Drop from the index the ids that are no longer stored (`kept`: those that are)."""
    if found.index is None or found.size == 0:
        return
    gone = ~np.isin(found.ids, kept)
    if not gone.any():
        return
    found.index.remove_ids(faiss.IDSelectorBatch(found.ids[gone]))
    keep = ~gone
    found.ids = found.ids[keep]
    found.activity_no = found.activity_no[keep]
    found.positions = found.positions[keep]


def _evict() -> None:
    with _cache_lock:
        total = sum(entry.size for entry in _cache.values())
        while total > MAX_CACHED_VECTORS and len(_cache) > 1:
            _, oldest = _cache.popitem(last=False)
            total -= oldest.size


def forget(org_id: str | None = None) -> None:
    """Drop the cached index of one organization (or all): tests, benchmarks."""
    with _cache_lock:
        if org_id is None:
            _cache.clear()
        else:
            _cache.pop(org_id, None)
