"""Renaming one speaker of a transcript: what `PATCH .../speakers` stores, and how speaker
attribution (`meetsight.speakers.apply_matches`) names the labels it matched."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from meetsight.transcripts.types import SegmentData


def assign_speaker(
    segments: Sequence[SegmentData],
    speaker: str,
    *,
    name: str | None = None,
    person_id: str | None = None,
) -> list[SegmentData]:
    """New segments where every segment of `speaker` (its current label) is renamed to `name`
    and/or linked to `person_id`; the others are unchanged. Pure: what `PATCH .../speakers`
    stores. Renaming to a label another speaker already has merges the two, as a person who
    assigns both to one participant means."""
    if name is not None and not name.strip():
        raise ValueError("a speaker name cannot be empty")
    if not any(s.speaker == speaker for s in segments):
        raise KeyError(f"no speaker {speaker!r} in this transcript")
    return [
        dataclasses.replace(
            s,
            speaker=name.strip() if name is not None else s.speaker,
            person_id=person_id if person_id is not None else s.person_id,
        )
        if s.speaker == speaker
        else dataclasses.replace(s)
        for s in segments
    ]
