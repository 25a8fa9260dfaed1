"""Speak a few demo conversations into the recordings the package ships (docs/demo.md).

    python tools/demo_audio.py   # needs espeak-ng; writes src/meetsight/demo/audio/

Each chosen conversation is generated as seeding generates it, every segment spoken with
espeak-ng in its speaker's voice, the pieces put one after another in one mono track with short
pauses (longer where the speaker changes), and the track written as Opus in Ogg at 16 kbit/s. The
transcript written beside it takes its times from that generation, so the player's highlight
follows the sound exactly. Run it again whenever the demo's text changes: seeding refuses a
recording whose conversation the generator no longer makes.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from meetsight.demo.conversations import DemoActivity, generate_demo_activities  # noqa: E402
from meetsight.demo.recordings import DemoRecording, person  # noqa: E402
from meetsight.demo.records import DemoSegment  # noqa: E402
from meetsight.media.decode import SAMPLE_RATE, decode, probe  # noqa: E402
from meetsight.media.encode import write_audio  # noqa: E402

OUT = ROOT / "src/meetsight/demo/audio"
# The generation the text comes from: dates spoken in it are this week's.
NOW = datetime(2026, 3, 10, 15, 30, tzinfo=UTC)
# The shortest conversations of each language, of distinct companies and kinds of conversation.
WANTED = {"en": 3, "es": 1}
BIT_RATE = 16_000
SAME_SPEAKER_PAUSE = 0.3  # seconds between two segments of one speaker
TURN_PAUSE = 0.6  # and where the speaker changes

# espeak-ng voices with variants told apart by ear and by a speaker model (tests/speech/audio.py
# measured en-us against en+m7); women's voices for the people with women's first names.
VOICES = {
    ("en", "m"): ("en-us", "en+m7", "en-gb-scotland", "en-gb+m3"),
    ("en", "f"): ("en-us+f3", "en+f4", "en-gb+f2"),
    ("es", "m"): ("es", "es-419+m3", "es+m7"),
    ("es", "f"): ("es+f3", "es-419+f4", "es+f2"),
}
WOMEN = "Maya Priya Lucía Ana Rachel Grace Shauna Heather Imani Naomi Beatrice Alicia Patricia "
WOMEN += "Rosa Hannah Melissa Caroline Lena Tamara Carmen Elena Mariana"
SPEEDS = (150, 160, 145, 155)  # words a minute: each person talks at their own pace


def choose(activities: list[DemoActivity]) -> list[DemoActivity]:
    chosen: list[DemoActivity] = []
    for lang, count in WANTED.items():
        pool = sorted((a for a in activities if a.language == lang), key=lambda a: a.duration)
        for activity in pool:
            if sum(c.language == lang for c in chosen) == count:
                break
            if activity.company not in {
                c.company for c in chosen
            } and activity.activity_type not in {c.activity_type for c in chosen}:
                chosen.append(activity)
    return chosen


def voices_for(activity: DemoActivity) -> dict[str, tuple[str, int]]:
    """Each speaker's espeak voice and speed, no two speakers of a conversation alike."""
    used: dict[tuple[str, str], int] = {}
    out: dict[str, tuple[str, int]] = {}
    for i, (key, _) in enumerate(activity.participants):
        sex = "f" if person(key).name.split()[0] in WOMEN.split() else "m"
        options = VOICES[(activity.language, sex)]
        n = used.get((activity.language, sex), 0)
        used[(activity.language, sex)] = n + 1
        out[key] = (options[n % len(options)], SPEEDS[i % len(SPEEDS)])
    return out


def speak(text: str, voice: str, speed: int, work: Path) -> np.ndarray:
    wav = work / "line.wav"
    subprocess.run(
        ["espeak-ng", "-v", voice, "-s", str(speed), "-w", str(wav), text],
        check=True,
        capture_output=True,
    )
    return decode(wav).samples * 0.8  # a little headroom for the encoder


def record(activity: DemoActivity, work: Path) -> DemoRecording:
    voices = voices_for(activity)
    pieces: list[np.ndarray] = []
    segments: list[DemoSegment] = []
    clock, previous = 0.5, None
    pieces.append(np.zeros(int(clock * SAMPLE_RATE), dtype=np.float32))
    for segment in activity.segments:
        if previous is not None:
            pause = SAME_SPEAKER_PAUSE if segment.speaker_key == previous else TURN_PAUSE
            pieces.append(np.zeros(int(pause * SAMPLE_RATE), dtype=np.float32))
            clock += int(pause * SAMPLE_RATE) / SAMPLE_RATE
        voice, speed = voices[segment.speaker_key]
        samples = speak(segment.content, voice, speed, work)
        length = len(samples) / SAMPLE_RATE
        segments.append(
            DemoSegment(
                round(clock, 3), round(clock + length, 3), segment.speaker_key, segment.content
            )
        )
        pieces.append(samples.astype(np.float32))
        clock += length
        previous = segment.speaker_key
    pieces.append(np.zeros(SAMPLE_RATE, dtype=np.float32))  # a second of room at the end
    slug = re.sub(r"[^a-z0-9]+", "-", f"{activity.company} {activity.activity_type}".lower())
    audio = OUT / f"{slug.strip('-')}.ogg"
    with audio.open("wb") as fh:
        write_audio(np.concatenate(pieces), fh, "ogg", bit_rate=BIT_RATE)
    day = activity.start.date()
    steps = [
        (action, actor, (datetime.fromisoformat(due).date() - day).days if due else None)
        for action, actor, due in activity.facts.next_steps
    ]
    return DemoRecording(
        company=activity.company,
        activity_type=activity.activity_type,
        audio_file=audio.name,
        audio_seconds=probe(audio).duration,
        participants=list(activity.participants),
        segments=segments,
        next_steps=steps,
    )


def main() -> None:
    import json

    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.iterdir():
        if old.suffix in (".ogg", ".json"):
            old.unlink()
    chosen = choose(generate_demo_activities(now=NOW))
    with tempfile.TemporaryDirectory() as tmp:
        for activity in chosen:
            recording = record(activity, Path(tmp))
            text = json.dumps(recording.to_json(), ensure_ascii=False, indent=1)
            (OUT / recording.audio_file).with_suffix(".json").write_text(text + "\n")
            size = (OUT / recording.audio_file).stat().st_size
            print(
                f"{recording.audio_file}: {recording.audio_seconds:.0f} s, "
                f"{len(recording.segments)} segments, {size / 1024:.0f} KiB"
            )


if __name__ == "__main__":
    main()
