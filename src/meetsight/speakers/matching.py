"""Speaker labels to the upload's participants, where the recording tells (renaming one label
afterwards is `meetsight.transcripts.speaker_labels.assign_speaker`, which this applies).

Rules (deliberately few; anything uncertain keeps the generic "Speaker N", a transcript speaker
that is nobody's person until someone assigns it with `PATCH .../speakers`):
1. One speaker and one participant: that participant.
2. Per-channel attribution with exactly two speaking channels, the owner among the participants
   and at most one other: channel 0 is the owner's side (phone systems and dialers record the
   local agent on the first channel), channel 1 the other participant (when there is one).
3. A mono phone call with two speakers, the owner among the participants and at most one other:
   on an inbound call the owner answers and speaks first; on an outbound call the callee answers
   and speaks first. With the owner alone, the other side stays "Speaker N".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from meetsight.transcripts.speaker_labels import assign_speaker
from meetsight.transcripts.types import SegmentData

Direction = Literal["inbound", "outbound"]


@dataclass(frozen=True, slots=True)
class Participant:
    person_id: str
    name: str
    is_owner: bool = False  # the uploading user: the host of a meeting, our side of a call


def match_speakers(
    speakers: Sequence[str],
    participants: Sequence[Participant],
    *,
    channel_of_speaker: dict[str, int] | None = None,
    direction: Direction | None = None,
) -> dict[str, Participant]:
    """Which speaker label is which participant, for the labels that can be told (possibly
    none). `speakers` in order of first appearance; `channel_of_speaker` for per-channel
    attribution; `direction` for phone calls."""
    if len(speakers) == 1 and len(participants) == 1:
        return {speakers[0]: participants[0]}
    owners = [p for p in participants if p.is_owner]
    if len(speakers) != 2 or len(participants) not in (1, 2) or len(owners) != 1:
        return {}
    owner = owners[0]
    other = next((p for p in participants if p is not owner), None)
    if channel_of_speaker is not None:
        by_channel = sorted(speakers, key=lambda s: channel_of_speaker.get(s, 1_000))
        if channel_of_speaker.get(by_channel[0]) != 0:
            return {}  # channel 0 never spoke: the rule does not apply
        ours, theirs = by_channel[0], by_channel[1]
    elif direction == "inbound":
        ours, theirs = speakers[0], speakers[1]
    elif direction == "outbound":
        theirs, ours = speakers[0], speakers[1]
    else:
        return {}
    return {ours: owner, theirs: other} if other is not None else {ours: owner}


def apply_matches(
    segments: Sequence[SegmentData], matches: dict[str, Participant]
) -> list[SegmentData]:
    """Segments with matched labels replaced by the participant's name and person id."""
    out = list(segments)
    for label, person in matches.items():
        out = assign_speaker(out, label, name=person.name, person_id=person.person_id)
    return out
