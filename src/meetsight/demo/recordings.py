"""The demo conversations that come with sound (docs/demo.md#recordings).

`tools/demo_audio.py` speaks a few generated conversations with espeak-ng, one voice per person,
into one Opus track each, and writes beside it the transcript with the times the speech really
has. They ship in the package (`demo/audio/`), so a fresh install plays them without a
speech synthesizer. Seeding puts each in place of the generated conversation of the same
company and type, and stores its audio as the activity's media.
"""

from __future__ import annotations

import dataclasses
import json
import math
from dataclasses import dataclass
from datetime import timedelta
from importlib import resources
from pathlib import Path
from typing import Any, TypedDict

from meetsight.demo.cast import COMPANIES, TEAM, contact_person
from meetsight.demo.records import DemoActivity, DemoFacts, DemoPerson, DemoSegment

FOLDER = "audio"
CONTENT_TYPE = "audio/ogg"


class RecordingJson(TypedDict):
    """A recording's JSON file beside its audio; the rows are JSON arrays of the fields below."""

    company: str
    activityType: str
    audioFile: str
    audioSeconds: float
    participants: list[list[Any]]  # [person key, is host]
    segments: list[list[Any]]  # [start, end, speaker key, text]
    nextSteps: list[list[Any]]  # [action, actor key, days after or null]


@dataclass(frozen=True, slots=True)
class DemoRecording:
    """One spoken conversation: which generated one it stands for, and its sound and text."""

    company: str
    activity_type: str
    audio_file: str
    audio_seconds: float
    participants: list[tuple[str, bool]]  # person key, is host
    segments: list[DemoSegment]
    # (action, actor key, days after the conversation or None) as spoken in it
    next_steps: list[tuple[str, str, int | None]]

    @property
    def audio_path(self) -> Path:
        return Path(str(resources.files("meetsight.demo").joinpath(FOLDER, self.audio_file)))

    def to_json(self) -> RecordingJson:
        return {
            "company": self.company,
            "activityType": self.activity_type,
            "audioFile": self.audio_file,
            "audioSeconds": self.audio_seconds,
            "participants": [[key, host] for key, host in self.participants],
            "segments": [
                [s.start_time, s.end_time, s.speaker_key, s.content] for s in self.segments
            ],
            "nextSteps": [list(step) for step in self.next_steps],
        }

    @classmethod
    def from_json(cls, data: RecordingJson) -> DemoRecording:
        return cls(
            company=str(data["company"]),
            activity_type=str(data["activityType"]),
            audio_file=str(data["audioFile"]),
            audio_seconds=float(data["audioSeconds"]),
            participants=[(str(k), bool(h)) for k, h in data["participants"]],
            segments=[
                DemoSegment(float(a), float(b), str(k), str(t)) for a, b, k, t in data["segments"]
            ],
            next_steps=[(str(a), str(k), d) for a, k, d in data["nextSteps"]],
        )


def load_recordings() -> list[DemoRecording]:
    """The recordings shipped in the package, in file name order."""
    folder = resources.files("meetsight.demo").joinpath(FOLDER)
    if not folder.is_dir():
        return []
    names = sorted(p.name for p in folder.iterdir() if p.name.endswith(".json"))
    return [DemoRecording.from_json(json.loads(folder.joinpath(n).read_text())) for n in names]


def person(key: str) -> DemoPerson:
    """A person of the demo's cast by key: a team member ("ae-daniel") or a contact
    ("keystone-0")."""
    if key in TEAM:
        return TEAM[key]
    company_key, _, index = key.rpartition("-")
    company = next(c for c in COMPANIES if c.key == company_key)
    return contact_person(company, int(index))


def with_recordings(
    activities: list[DemoActivity], recordings: list[DemoRecording] | None = None
) -> tuple[list[DemoActivity], dict[int, DemoRecording]]:
    """The activities with each recorded conversation in place of the first generated one of its
    company and type, and which positions got one. A recording that finds no such activity is
    a stale file (the generator changed): that is an error, not something to skip silently."""
    recordings = load_recordings() if recordings is None else recordings
    out = list(activities)
    placed: dict[int, DemoRecording] = {}
    for recording in recordings:
        index = next(
            (
                i
                for i, a in enumerate(out)
                if a.company == recording.company
                and a.activity_type == recording.activity_type
                and i not in placed
            ),
            None,
        )
        if index is None:
            raise LookupError(
                f"demo recording {recording.audio_file}: no {recording.activity_type!r} with "
                f"{recording.company!r} in the generated demo; run tools/demo_audio.py again"
            )
        out[index] = _recorded(out[index], recording)
        placed[index] = recording
    return out, placed


def _recorded(generated: DemoActivity, recording: DemoRecording) -> DemoActivity:
    people = [person(key) for key, _ in recording.participants]
    day = generated.start.date()
    steps = [
        (action, actor, (day + timedelta(days=days)).isoformat() if days is not None else None)
        for action, actor, days in recording.next_steps
    ]
    owner = next(key for key, host in recording.participants if host)
    facts = dataclasses.replace(generated.facts, next_steps=steps)
    return dataclasses.replace(
        generated,
        people=people,
        participants=list(recording.participants),
        owner_key=owner,
        segments=list(recording.segments),
        facts=_facts_in_text(facts, recording.segments),
        duration=max(generated.duration, math.ceil(recording.audio_seconds)),
    )


def _facts_in_text(facts: DemoFacts, segments: list[DemoSegment]) -> DemoFacts:
    """Competitors and pains read back from the recorded text, as the generator does."""
    text = " ".join(s.content for s in segments).lower()
    return dataclasses.replace(
        facts,
        competitors=[c for c in facts.competitors if c.lower() in text],
        pains=[p for p in facts.pains if p.lower() in text],
    )
