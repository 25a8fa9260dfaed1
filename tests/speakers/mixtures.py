"""Speaker-attribution test material: utterances of espeak-ng voices and of two real people,
mixed into recordings with known turns, and the score of a diarization against those turns.

Shared by tests/speakers and benchmarks/speakers.py. The real voices are the two people of
pyannote.audio's sample recording (`pyannote/audio/sample/sample.wav` with its RTTM, inside the
`pyannote-audio` wheel, MIT licence), installed as test data only (`make` installs the wheel
without its dependencies; nothing imports it): we read the files where pip put them.
"""

from __future__ import annotations

import wave
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import numpy as np
from scipy.optimize import linear_sum_assignment

from meetsight.speakers.types import SpeakerTurn
from speech.audio import LONG_LINES, speak

RATE = 16_000
FRAME = 0.01  # scoring resolution, seconds
COLLAR = 0.25  # seconds either side of each reference boundary left out of the score (NIST's)


@dataclass(frozen=True, slots=True)
class Utterance:
    speaker: str
    samples: np.ndarray  # 16 kHz float32 mono, trimmed to the speech


@dataclass(frozen=True, slots=True)
class Mixture:
    samples: np.ndarray
    turns: list[tuple[float, float, str]]  # reference (start, end, speaker), may overlap

    @property
    def duration(self) -> float:
        return len(self.samples) / RATE

    @property
    def speakers(self) -> list[str]:
        return list(dict.fromkeys(t[2] for t in self.turns))


def read_wav(path: Path) -> np.ndarray:
    """16 kHz mono float32 from a 16-bit wav, resampled linearly when its rate differs (espeak
    writes 22050 Hz)."""
    with wave.open(str(path)) as w:
        rate, channels = w.getframerate(), w.getnchannels()
        data = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2")
    audio = data.reshape(-1, channels).mean(axis=1).astype(np.float32) / 32768.0
    if rate != RATE:
        positions = np.arange(int(len(audio) * RATE / rate)) * (rate / RATE)
        audio = np.interp(positions, np.arange(len(audio)), audio).astype(np.float32)
    return audio


def trim(samples: np.ndarray, floor_db: float = -40.0) -> np.ndarray:
    """The utterance without the silence espeak leaves before and after it."""
    frames = len(samples) // 160
    if frames == 0:
        return samples
    rms = np.sqrt((samples[: frames * 160].reshape(frames, 160) ** 2).mean(axis=1) + 1e-12)
    level = 20 * np.log10(rms)
    loud = np.flatnonzero(level > level.max() + floor_db)
    return samples[loud[0] * 160 : (loud[-1] + 1) * 160]


def espeak_utterances(voice: str, count: int, workdir: Path, offset: int = 0) -> list[Utterance]:
    """`count` sentences of LONG_LINES spoken by one espeak-ng voice."""
    workdir.mkdir(parents=True, exist_ok=True)
    out = []
    for i in range(count):
        line = LONG_LINES[(offset + i) % len(LONG_LINES)]
        path = speak(line, voice, workdir / f"{voice.replace('+', '_')}-{offset + i}.wav")
        out.append(Utterance(voice, trim(read_wav(path))))
    return out


def real_sample() -> tuple[Path, Path]:
    """pyannote.audio's sample recording and its RTTM: two people on a telephone line."""
    try:
        dist = metadata.distribution("pyannote-audio")
    except metadata.PackageNotFoundError as exc:
        raise RuntimeError(
            "the real-voice test data is missing: pip install --no-deps pyannote-audio==4.0.7 "
            "(make install does)"
        ) from exc
    folder = Path(str(dist.locate_file("pyannote/audio/sample")))
    return folder / "sample.wav", folder / "sample.rttm"


def read_rttm(path: Path) -> list[tuple[float, float, str]]:
    turns = []
    for line in path.read_text().splitlines():
        fields = line.split()
        if fields and fields[0] == "SPEAKER":
            start, length = float(fields[3]), float(fields[4])
            turns.append((start, start + length, fields[7]))
    return sorted(turns)


def real_utterances(min_seconds: float = 0.4) -> list[Utterance]:
    """Each turn of the sample without the parts where someone else talks too."""
    wav, rttm = real_sample()
    audio, turns = read_wav(wav), read_rttm(rttm)
    out = []
    for start, end, speaker in turns:
        pieces = [(start, end)]
        for s, e, other in turns:
            if other == speaker:
                continue
            pieces = [
                part
                for a, b in pieces
                for part in ((a, min(b, s)), (max(a, e), b))
                if part[1] - part[0] > 0
            ]
        for a, b in pieces:
            if b - a >= min_seconds:
                out.append(Utterance(speaker, audio[int(a * RATE) : int(b * RATE)]))
    return out


def real_recording(seconds: float) -> Mixture:
    """The whole sample recording repeated to `seconds`, with its reference turns."""
    wav, rttm = real_sample()
    audio, turns = read_wav(wav), read_rttm(rttm)
    length = len(audio) / RATE
    copies = int(np.ceil(seconds / length))
    shifted = [
        (s + k * length, min(e + k * length, seconds), who)
        for k in range(copies)
        for s, e, who in turns
        if s + k * length < seconds
    ]
    return Mixture(np.tile(audio, copies)[: int(seconds * RATE)], shifted)


def mix(
    schedule: Sequence[tuple[Utterance, float]], lead: float = 0.5, tail: float = 0.5
) -> Mixture:
    """Utterances one after another; each one's float is the gap before it in seconds
    (negative: it starts that long before the previous one ends, an overlap)."""
    placed: list[tuple[int, Utterance]] = []
    cursor = int(lead * RATE)
    for i, (utterance, gap) in enumerate(schedule):
        start = cursor if i == 0 else max(0, cursor + int(gap * RATE))
        placed.append((start, utterance))
        cursor = start + len(utterance.samples)
    total = max(s + len(u.samples) for s, u in placed) + int(tail * RATE)
    out = np.zeros(total, np.float32)
    turns = []
    for start, utterance in placed:
        out[start : start + len(utterance.samples)] += utterance.samples
        turns.append((start / RATE, (start + len(utterance.samples)) / RATE, utterance.speaker))
    peak = float(np.abs(out).max()) or 1.0
    return Mixture(out / peak * 0.7 if peak > 1.0 else out, turns)


@dataclass(frozen=True, slots=True)
class Score:
    correct: float  # share of reference speech given to the right speaker: 1 - DER
    missed: float
    false_alarm: float
    confusion: float
    speakers_found: int


def _grid(
    turns: Sequence[tuple[float, float, object]], frames: int, labels: list[object]
) -> np.ndarray:
    grid = np.zeros((len(labels), frames), dtype=bool)
    for start, end, who in turns:
        grid[labels.index(who), round(start / FRAME) : round(end / FRAME)] = True
    return grid


def score(
    reference: Sequence[tuple[float, float, str]],
    hypothesis: Sequence[SpeakerTurn],
    duration: float,
    collar: float = COLLAR,
) -> Score:
    """Diarization error rate's parts, frame by frame, under the label mapping (reference speaker
    to found speaker, one to one) that gives the most correct speech; frames within `collar` of
    a reference boundary are not scored."""
    frames = int(np.ceil(duration / FRAME)) + 1
    ref_labels: list[object] = list(dict.fromkeys(t[2] for t in reference))
    hyp_labels: list[object] = list(dict.fromkeys(t.speaker for t in hypothesis))
    ref = _grid(reference, frames, ref_labels)
    hyp = _grid([(t.start, t.end, t.speaker) for t in hypothesis], frames, hyp_labels)
    scored = np.ones(frames, dtype=bool)
    pad = round(collar / FRAME)
    for start, end, _ in reference:
        for edge in (round(start / FRAME), round(end / FRAME)):
            scored[max(0, edge - pad) : edge + pad] = False
    ref, hyp = ref[:, scored], hyp[:, scored]
    overlap = ref.astype(np.int32) @ hyp.T.astype(np.int32)  # frames shared per label pair
    rows, cols = linear_sum_assignment(overlap, maximize=True) if overlap.size else ([], [])
    best = int(overlap[rows, cols].sum()) if len(rows) else 0
    n_ref, n_hyp = ref.sum(axis=0), hyp.sum(axis=0)
    speech = max(1, int(n_ref.sum()))
    missed = int(np.maximum(n_ref - n_hyp, 0).sum())
    false_alarm = int(np.maximum(n_hyp - n_ref, 0).sum())
    confusion = int(np.minimum(n_ref, n_hyp).sum()) - best
    error = (missed + false_alarm + confusion) / speech
    return Score(
        round(max(0.0, 1.0 - error), 4),
        round(missed / speech, 4),
        round(false_alarm / speech, 4),
        round(confusion / speech, 4),
        len(hyp_labels),
    )
