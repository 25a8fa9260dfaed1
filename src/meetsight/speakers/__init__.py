"""Speaker attribution: who said each part of a transcript.

`attribute(decoded_audio, transcription)` picks the best available path and records it as
`method`: "channels" (a multi-channel recording whose channels really differ: one speaker per
channel), "senko" (mono diarization with senko, the `diarization` extra), "numpy" (the built-in
fallback), or "none" (no words to attribute). Then words go to speakers by largest overlap and
segments break at speaker turns. `match_speakers`/`apply_matches` name speakers after the
upload's participants where the recording tells (renaming one afterwards is
`meetsight.transcripts.speaker_labels.assign_speaker`).
Everything blocks: call it from a worker thread.
"""

from __future__ import annotations

from typing import Literal

from meetsight.media.decode import DecodedAudio
from meetsight.speakers.assign import assign_words, label_words, speaker_label
from meetsight.speakers.channels import channel_turns
from meetsight.speakers.diarize import diarize, preload_diarizer
from meetsight.speakers.matching import (
    Participant,
    apply_matches,
    match_speakers,
)
from meetsight.speakers.senko_backend import (
    import_runtime,
    limit_threads,
    senko_available,
)
from meetsight.speakers.types import Attribution, Diarization, SpeakerTurn
from meetsight.speech.recognize import Transcription

Prefer = Literal["auto", "channels", "ge2e", "senko", "numpy"]


def find_turns(
    decoded_audio: DecodedAudio,
    *,
    num_speakers_hint: int | None = None,
    num_speakers: int | None = None,
    prefer: Prefer = "auto",
) -> Diarization:
    """Who spoke when in `decoded_audio`, before any word is known: the channels when they
    differ, else mono diarization. It needs no transcription, so recognition can run beside it
    (`processing.recognition`). The arguments are `attribute`'s."""
    result: Diarization | None = None
    if prefer in ("auto", "channels"):
        result = channel_turns(decoded_audio.channels)
    if result is None:
        backend = "auto" if prefer == "channels" else prefer
        result = diarize(
            decoded_audio.samples,
            max_speakers=num_speakers_hint,
            num_speakers=num_speakers,
            backend=backend,
        )
    return result


def label_transcription(result: Diarization, transcription: Transcription) -> Attribution:
    """The words of `transcription` given to the speakers of `result` (from `find_turns`)."""
    words = transcription.words
    if not words:
        return Attribution("none", [], [])
    segments, labels = label_words(words, result.turns)
    speakers = list(dict.fromkeys(s.speaker for s in segments))
    channel_of: dict[str, int] | None = None
    if result.method == "channels":
        channel_of = {label: index for index, label in labels.items() if index is not None}
    return Attribution(result.method, segments, speakers, channel_of)


def attribute(
    decoded_audio: DecodedAudio,
    transcription: Transcription,
    *,
    num_speakers_hint: int | None = None,
    num_speakers: int | None = None,
    prefer: Prefer = "auto",
) -> Attribution:
    """Speaker-labelled segments for a transcription of `decoded_audio`.

    `prefer`: "auto" tries channels, then GE2E, senko, numpy; "ge2e", "senko" or "numpy" skip
    the channel step and force that diarizer. `num_speakers_hint` caps the count (e.g. the number of
    participants: some may never speak); `num_speakers` fixes it when it is known."""
    if not transcription.words:
        return Attribution("none", [], [])
    result = find_turns(
        decoded_audio,
        num_speakers_hint=num_speakers_hint,
        num_speakers=num_speakers,
        prefer=prefer,
    )
    return label_transcription(result, transcription)


__all__ = [
    "Attribution",
    "Diarization",
    "Participant",
    "SpeakerTurn",
    "apply_matches",
    "assign_words",
    "attribute",
    "channel_turns",
    "diarize",
    "find_turns",
    "import_runtime",
    "label_transcription",
    "label_words",
    "limit_threads",
    "match_speakers",
    "preload_diarizer",
    "senko_available",
    "speaker_label",
]
