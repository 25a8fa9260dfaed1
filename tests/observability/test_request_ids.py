"""Request ids made here: the form `uuid.uuid4().hex` gives, random each time."""

from __future__ import annotations

import uuid

from meetsight.observability.context import accept_request_id, new_request_id


def test_new_ids_are_uuid4_hex_and_differ() -> None:
    made = [new_request_id() for _ in range(2000)]
    assert len(set(made)) == len(made)
    for value in made:
        parsed = uuid.UUID(hex=value)
        assert parsed.hex == value and len(value) == 32
        assert parsed.version == 4 and parsed.variant == uuid.RFC_4122
    # Every other bit varies: no digit position is stuck (the version digit excepted).
    varying = {i for i in range(32) if len({v[i] for v in made}) > 1}
    assert varying == set(range(32)) - {12}


def test_a_sane_incoming_id_is_kept_and_another_replaced() -> None:
    assert accept_request_id("abc-123") == "abc-123"
    replaced = accept_request_id("bad id\n")
    assert uuid.UUID(hex=replaced).version == 4
