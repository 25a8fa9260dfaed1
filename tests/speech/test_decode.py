"""Decoding real recordings in every container we take, and refusing broken ones by content."""

from __future__ import annotations

from pathlib import Path

import av
import numpy as np
import pytest

from meetsight.media.decode import SAMPLE_RATE, DecodedAudio, decode, probe, thumbnail
from meetsight.media.errors import MediaError

from .audio import Recording, video_with_audio


def envelope(samples: np.ndarray, window: float = 0.01) -> np.ndarray:
    """RMS per 10 ms: comparable across codecs, where samples are not."""
    n = int(SAMPLE_RATE * window)
    usable = len(samples) // n * n
    return np.sqrt((samples[:usable].reshape(-1, n) ** 2).mean(axis=1))


def assert_same_speech(decoded: DecodedAudio, reference: DecodedAudio) -> None:
    """Same length (within codec padding) and the same loudness contour (speech vs pauses),
    once shifted by the codec's delay (an mp3 encoder adds ~50 ms in front)."""
    assert decoded.samples.dtype == np.float32
    assert abs(decoded.duration - reference.duration) < 0.15
    a, b = envelope(decoded.samples), envelope(reference.samples)
    best = 0.0
    for lag in range(0, 11):  # 0 to 100 ms
        x = a[lag:]
        n = min(len(x), len(b))
        best = max(best, float(np.corrcoef(x[:n], b[:n])[0, 1]))
    assert best > 0.95


@pytest.fixture(scope="session")
def reference(call: Recording) -> DecodedAudio:
    return decode(call.path)


def test_wav_to_16k_mono(call: Recording, reference: DecodedAudio) -> None:
    assert reference.sample_rate == SAMPLE_RATE
    assert reference.samples.ndim == 1
    assert abs(reference.duration - call.duration) < 0.01
    assert len(reference.channels) == 1 and reference.channels[0] is reference.samples
    assert 0.05 < float(np.abs(reference.samples).max()) <= 1.0
    info = probe(call.path)
    assert (info.container, info.has_audio, info.has_video, info.channels) == (
        "wav",
        True,
        False,
        1,
    )
    assert abs(info.duration - call.duration) < 0.01


def test_mp3(call_mp3: Path, reference: DecodedAudio) -> None:
    info = probe(call_mp3)
    assert (info.container, info.has_video) == ("mp3", False)
    assert_same_speech(decode(call_mp3), reference)


def test_mp4_with_video(meeting_mp4: Path, reference: DecodedAudio) -> None:
    info = probe(meeting_mp4)
    assert (info.container, info.has_audio, info.has_video) == ("mp4", True, True)
    assert abs(info.duration - reference.duration) < 0.2
    assert_same_speech(decode(meeting_mp4), reference)


@pytest.mark.parametrize("kind", ["webm", "mkv", "ogg", "flac", "m4a", "mov"])
def test_other_containers(kind: str, encoded: dict[str, Path], reference: DecodedAudio) -> None:
    info = probe(encoded[kind])
    assert info.container == kind
    assert info.has_video is (kind == "mov")
    assert_same_speech(decode(encoded[kind]), reference)


def test_stereo_keeps_each_voice_on_its_channel(stereo_call: Recording) -> None:
    audio = decode(stereo_call.path)
    assert probe(stereo_call.path).channels == 2
    assert len(audio.channels) == 2
    assert all(len(c) == len(audio.samples) for c in audio.channels)
    first = stereo_call.voices[0]
    for turn in stereo_call.turns:
        span = slice(int(turn.start * SAMPLE_RATE), int(turn.end * SAMPLE_RATE))
        left, right = (float(np.sqrt((c[span] ** 2).mean())) for c in audio.channels)
        talking, silent = (left, right) if turn.voice == first else (right, left)
        assert talking > 0.02 and silent < talking / 100, turn
    # The mono mix is the channels' mean.
    assert np.allclose(audio.samples, (audio.channels[0] + audio.channels[1]) / 2, atol=1e-6)
    assert decode(stereo_call.path, keep_channels=False).channels[0] is not None


def test_decided_by_content_not_name(call_mp3: Path, tmp_path: Path) -> None:
    disguised = tmp_path / "recording.wav"
    disguised.write_bytes(call_mp3.read_bytes())
    assert probe(disguised).container == "mp3"
    assert decode(disguised).duration > 15


def cut(path: Path, out: Path, fraction: float = 0.3) -> Path:
    data = path.read_bytes()
    out.write_bytes(data[: int(len(data) * fraction)])
    return out


def expect(path: Path, code: str, status: int) -> MediaError:
    with pytest.raises(MediaError) as caught:
        probe(path)
    assert caught.value.code == code, caught.value
    assert caught.value.http_status == status
    assert caught.value.message
    return caught.value


def test_zero_bytes(tmp_path: Path) -> None:
    empty = tmp_path / "call.mp3"
    empty.touch()
    expect(empty, "empty", 422)
    with pytest.raises(MediaError):
        decode(empty)


@pytest.mark.parametrize("kind", ["mp3", "mp4", "wav", "webm", "flac", "m4a"])
def test_truncated(
    kind: str,
    call: Recording,
    call_mp3: Path,
    meeting_mp4: Path,
    encoded: dict[str, Path],
    tmp_path: Path,
) -> None:
    source = {"mp3": call_mp3, "mp4": meeting_mp4, "wav": call.path}.get(kind) or encoded[kind]
    expect(cut(source, tmp_path / f"cut.{kind}"), "truncated", 422)
    probe(source)  # the whole file passes


def test_random_bytes_named_wav(tmp_path: Path) -> None:
    noise = tmp_path / "call.wav"
    noise.write_bytes(np.random.default_rng(7).bytes(64_000))
    expect(noise, "undecodable", 415)


def test_text_file(tmp_path: Path) -> None:
    text = tmp_path / "notes.mp3"
    text.write_text("Meeting notes\nNot a recording, just some words.\n" * 20)
    expect(text, "undecodable", 415)
    with pytest.raises(MediaError):
        decode(text)


def test_video_without_audio(tmp_path: Path) -> None:
    silent = video_with_audio(None, tmp_path / "silent.mp4")
    expect(silent, "no_audio", 422)


def test_image_is_not_a_recording(meeting_mp4: Path, tmp_path: Path) -> None:
    image = thumbnail(meeting_mp4, tmp_path / "frame.png")
    expect(image, "unsupported_format", 415)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(MediaError) as caught:
        probe(tmp_path / "nope.wav")
    assert caught.value.code == "not_found"


def test_thumbnail_from_about_one_second(meeting_mp4: Path, tmp_path: Path) -> None:
    out = thumbnail(meeting_mp4, tmp_path / "thumbs" / "meeting.jpg")
    data = out.read_bytes()
    assert data[:3] == b"\xff\xd8\xff" and data[-2:] == b"\xff\xd9"  # a whole JPEG
    assert not [p for p in out.parent.iterdir() if p.name.startswith(".")]  # no temp left
    # The test video changes colour each second: a frame from second 1 decodes to the colour
    # written for second 1 (red channel 40), not second 0's (0).
    with av.open(str(out)) as img:
        frame = next(img.decode(video=0)).to_ndarray(format="rgb24")
    assert frame.shape == (240, 320, 3)
    red, _green, blue = frame.reshape(-1, 3).mean(axis=0)
    assert abs(red - 40) < 12 and abs(blue - 215) < 12, (red, blue)


def test_thumbnail_needs_video(call: Recording, tmp_path: Path) -> None:
    with pytest.raises(MediaError) as caught:
        thumbnail(call.path, tmp_path / "x.jpg")
    assert caught.value.code == "no_video"
    assert not (tmp_path / "x.jpg").exists()


class _Pipe:
    """A write-only sink: like a browser's MediaRecorder stream, the muxer cannot seek back to
    write the duration into the header."""

    def __init__(self) -> None:
        self.chunks: list[bytes] = []

    def write(self, data: bytes) -> int:
        self.chunks.append(bytes(data))
        return len(data)


def test_webm_without_duration_in_header(call: Recording, tmp_path: Path) -> None:
    reference = decode(call.path)
    pipe = _Pipe()
    with av.open(pipe, "w", format="webm") as container:  # type: ignore[call-overload]
        stream = container.add_stream("libopus", rate=48000)
        stream.layout = "mono"
        resampler = av.AudioResampler(format="s16", layout="mono", rate=48000, frame_size=960)
        pcm = (reference.samples * 32767).astype(np.int16).reshape(1, -1)
        frame = av.AudioFrame.from_ndarray(pcm, format="s16", layout="mono")
        frame.sample_rate = SAMPLE_RATE
        for out in [*resampler.resample(frame), *resampler.resample(None)]:
            for packet in stream.encode(out):
                container.mux(packet)
        for packet in stream.encode(None):
            container.mux(packet)
    live = tmp_path / "recording.webm"
    live.write_bytes(b"".join(pipe.chunks))
    with av.open(str(live)) as check:
        assert check.duration is None  # really no duration in the header
    info = probe(live)
    assert info.container == "webm"
    assert abs(info.duration - reference.duration) < 0.1  # measured by the scan instead
    assert_same_speech(decode(live), reference)  # the buffer grew past its first guess
