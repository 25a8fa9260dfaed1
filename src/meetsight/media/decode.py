"""Decoding recordings with PyAV (FFmpeg's libraries in the wheel; no system ffmpeg).

Files are opened through a Python file object, so FFmpeg identifies the container by its content
and never by the file name. Decoding streams packet by packet: the compressed file is never held
in memory, only the 16 kHz float32 result.
"""

from __future__ import annotations

import dataclasses
import os
import struct
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

import av
import av.error
import numpy as np

from meetsight.media.errors import (
    EMPTY,
    NO_AUDIO,
    NOT_FOUND,
    TOO_LONG,
    TOO_MANY_CHANNELS,
    TRUNCATED,
    UNDECODABLE,
    UNSUPPORTED,
    UNSUPPORTED_RATE,
    MediaError,
)
from meetsight.media.sniff import sniff

SAMPLE_RATE = 16_000  # what Whisper and the diarizers take
# Channels FFmpeg mixes down to mono; a file with more is refused. Only stereo keeps its
# channels apart (a call's two sides): a channel kept costs as much memory as the mono mix.
MAX_CHANNELS = 32
KEPT_CHANNELS = 2
# Telephony is 8 kHz and studio audio 192 kHz; outside this a rate is a crafted header (1 Hz
# makes FFmpeg's resampler write 16,000 samples per input sample).
MIN_SAMPLE_RATE, MAX_SAMPLE_RATE = 1_000, 384_000

# FFmpeg demuxer names of the containers we take, and our name for each when the first bytes
# do not say more (mp4/mov/m4a share one demuxer, as do mkv/webm).
_DEMUXERS = {
    "wav": "wav",
    "mp3": "mp3",
    "mov,mp4,m4a,3gp,3g2,mj2": "mp4",
    "matroska,webm": "mkv",
    "ogg": "ogg",
    "flac": "flac",
}
_NO_VIDEO = "no_video"
# A few broken packets are normal in real recordings (a glitch in a phone line); this many means
# the audio is not really decodable.
_MAX_BAD_PACKETS = 50
# How much shorter than its header says a file may be before it counts as truncated.
_TRUNCATION_SLACK_SECONDS = 1.0
_TRUNCATION_SLACK_RATIO = 0.1


@dataclass(frozen=True, slots=True)
class MediaInfo:
    container: str  # wav, mp3, mp4, mov, m4a, webm, mkv, ogg, flac
    demuxer: str  # FFmpeg's name for the format that read it
    has_audio: bool
    has_video: bool
    duration: float  # seconds of audio
    channels: int
    sample_rate: int
    audio_codec: str


@dataclass(slots=True)
class DecodedAudio:
    """16 kHz float32 audio in [-1, 1]: `samples` mono for recognition, `channels` one array per
    recorded channel (the same object as `samples` when the recording is mono)."""

    samples: np.ndarray
    channels: list[np.ndarray] = field(default_factory=list)
    sample_rate: int = SAMPLE_RATE

    @property
    def duration(self) -> float:
        return len(self.samples) / self.sample_rate


def _check_file(path: Path) -> bytes:
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise MediaError(NOT_FOUND, f"{path.name}: no such file") from None
    if size == 0:
        raise MediaError(EMPTY, "the file is empty (0 bytes)")
    with path.open("rb") as fh:
        return fh.read(64)


@contextmanager
def _open(path: Path) -> Iterator[tuple[av.container.InputContainer, str]]:
    """The opened container and our name for it; MediaError for anything we cannot read."""
    head = _check_file(path)
    sniffed = sniff(head)
    with path.open("rb") as fh:
        try:
            container = av.open(fh, mode="r", metadata_errors="ignore")
        except av.error.FFmpegError:
            if sniffed is not None:
                # The magic bytes say e.g. mp4, but FFmpeg cannot find its index: the usual cause
                # is an upload cut short (an mp4's index sits at the end).
                raise MediaError(
                    TRUNCATED,
                    f"the file starts like {sniffed.container} but cannot be read: "
                    "it is truncated or corrupt",
                ) from None
            raise MediaError(
                UNDECODABLE, "the file is not a recognised audio or video format"
            ) from None
        try:
            demuxer = container.format.name
            if demuxer not in _DEMUXERS:
                raise MediaError(
                    UNSUPPORTED,
                    f"unsupported media format {demuxer!r}: "
                    "use wav, mp3, mp4, mov, webm, mkv, m4a, ogg or flac",
                )
            yield container, sniffed.container if sniffed else _DEMUXERS[demuxer]
        finally:
            container.close()


def _audio_stream(container: av.container.InputContainer) -> av.audio.stream.AudioStream:
    if not container.streams.audio:
        raise MediaError(NO_AUDIO, "the file has no audio track")
    best = container.streams.best("audio")
    stream = best if isinstance(best, av.audio.stream.AudioStream) else container.streams.audio[0]
    ctx = stream.codec_context
    # FFmpeg opens a WAV declaring 0 bits per sample (or 0 Hz) without a decoder for it.
    if ctx is None or not ctx.sample_rate or ctx.sample_rate <= 0 or not ctx.channels:
        raise MediaError(
            UNDECODABLE,
            "the audio track's format cannot be read (no sample rate, channels or sample size)",
        )
    if not MIN_SAMPLE_RATE <= ctx.sample_rate <= MAX_SAMPLE_RATE:
        raise MediaError(
            UNSUPPORTED_RATE,
            f"the audio's sample rate of {ctx.sample_rate} Hz is outside "
            f"{MIN_SAMPLE_RATE} to {MAX_SAMPLE_RATE} Hz",
        )
    if ctx.channels > MAX_CHANNELS:
        raise MediaError(
            TOO_MANY_CHANNELS,
            f"the audio has {ctx.channels} channels; at most {MAX_CHANNELS} can be mixed down",
        )
    return stream


def check_duration(seconds: float, max_seconds: float | None) -> None:
    """Refuse a recording over the duration limit (None: no limit)."""
    if max_seconds is not None and seconds > max_seconds:
        raise too_long(max_seconds)


def too_long(max_seconds: float) -> MediaError:
    return MediaError(
        TOO_LONG,
        f"the recording runs past the limit of {_hours(max_seconds)} (MEETSIGHT_MAX_MEDIA_SECONDS)",
    )


def _hours(seconds: float) -> str:
    if seconds >= 3600:
        return f"{seconds / 3600:.1f} h"
    return f"{seconds / 60:.1f} min" if seconds >= 60 else f"{seconds:.1f} s"


def _is_picture(stream: av.stream.Stream) -> bool:
    """Cover art in an mp3/m4a is a one-frame 'video' stream; it does not make a video."""
    try:
        return bool(stream.disposition & av.stream.Disposition.attached_pic)
    except AttributeError:  # older PyAV without Disposition
        return False


def _declared_duration(container: av.container.InputContainer, stream: av.stream.Stream) -> float:
    if stream.duration is not None and stream.time_base is not None:
        return float(stream.duration * stream.time_base)
    if container.duration is not None:
        return container.duration / av.time_base
    return 0.0


def _wav_shortfall(path: Path) -> bool:
    """Whether a WAV's data chunk claims more bytes than the file holds. FFmpeg quietly clamps
    the duration to the file, so a cut-off WAV looks whole to it."""
    size = path.stat().st_size
    with path.open("rb") as fh:
        header = fh.read(12)
        if header[:4] != b"RIFF" or header[8:12] != b"WAVE":
            return False
        while True:
            chunk = fh.read(8)
            if len(chunk) < 8:
                return True  # the header itself is cut
            chunk_id, chunk_size = chunk[:4], struct.unpack("<I", chunk[4:])[0]
            if chunk_id == b"data":
                # 0 and 0xFFFFFFFF: written by a streaming recorder that never knew the size.
                if chunk_size in (0, 0xFFFFFFFF):
                    return False
                return fh.tell() + chunk_size > size
            fh.seek(chunk_size + (chunk_size & 1), os.SEEK_CUR)


def probe(
    path: str | os.PathLike[str], scan: bool = True, max_seconds: float | None = None
) -> MediaInfo:
    """What a file is, by its content: container, streams, duration, channels.

    Raises MediaError for zero-byte, unreadable, unsupported, audio-less, too many channels,
    over `max_seconds` (declared, or found by the scan) and (with `scan`) truncated or
    undecodable files. `scan` reads every audio packet (no decoding beyond the first frames),
    which catches files cut short; it reads the file once, at disk speed.
    """
    path = Path(path)
    with _open(path) as (container, name):
        audio = _audio_stream(container)
        has_video = any(not _is_picture(s) for s in container.streams.video)
        declared = _declared_duration(container, audio)
        ctx = audio.codec_context
        info = MediaInfo(
            container=name,
            demuxer=container.format.name,
            has_audio=True,
            has_video=has_video,
            duration=declared,
            channels=ctx.channels,
            sample_rate=ctx.sample_rate,
            audio_codec=ctx.name,
        )
        check_duration(declared, max_seconds)
        if not scan:
            return info
        end = _scan_packets(audio, container, max_seconds)
    if name == "wav" and _wav_shortfall(path):
        raise MediaError(TRUNCATED, "the WAV file is shorter than its header says: truncated")
    if declared > 0 and declared - end > max(
        _TRUNCATION_SLACK_SECONDS, declared * _TRUNCATION_SLACK_RATIO
    ):
        raise MediaError(
            TRUNCATED,
            f"the file's header says {declared:.1f} s but its audio stops at {end:.1f} s: "
            "truncated",
        )
    return dataclasses.replace(info, duration=declared if declared > 0 else end)


def _scan_packets(
    audio: av.audio.stream.AudioStream,
    container: av.container.InputContainer,
    max_seconds: float | None = None,
) -> float:
    """Read every audio packet; decode the first ones. Returns where the audio ends (seconds)."""
    end = 0.0
    decoded = False
    bad = 0
    tried = 0
    # MPEG audio frames with the same first three header bytes have the same length, so a last
    # packet shorter than its siblings is a frame cut off mid-way.
    frame_sizes: dict[bytes, int] = {}
    last: tuple[bytes, int] | None = None
    tb = audio.time_base
    try:
        for packet in container.demux(audio):
            if packet.size == 0:
                continue
            if packet.pts is not None and tb is not None:
                end = max(end, float((packet.pts + (packet.duration or 0)) * tb))
                check_duration(end, max_seconds)  # a header that said less, or nothing
            if audio.codec_context.name.startswith("mp3"):
                key = bytes(packet)[:3]
                if last is not None:
                    frame_sizes[last[0]] = max(frame_sizes.get(last[0], 0), last[1])
                last = (key, packet.size)
            if not decoded and tried < _MAX_BAD_PACKETS:
                tried += 1
                try:
                    decoded = bool(audio.codec_context.decode(packet))
                except av.error.FFmpegError:
                    bad += 1
    except av.error.FFmpegError as exc:
        raise MediaError(TRUNCATED, f"the file breaks off while reading: {exc}") from None
    if not decoded:
        raise MediaError(UNDECODABLE, "the audio track cannot be decoded")
    if last is not None and last[1] < frame_sizes.get(last[0], 0):
        raise MediaError(TRUNCATED, "the last MPEG audio frame is cut off: truncated")
    return end


class _Growing:
    """A float32 array appended to in place: sized from the header's duration up front and grown
    by half when a header under-reports, then shrunk in place. Collecting chunks and joining
    them at the end would need twice the memory at the peak (an hour of stereo is 0.7 GB)."""

    def __init__(self, capacity: int) -> None:
        self.data = np.empty(max(capacity, SAMPLE_RATE), dtype=np.float32)
        self.size = 0

    def append(self, block: np.ndarray) -> None:
        end = self.size + len(block)
        if end > len(self.data):
            self.data.resize(max(end, len(self.data) * 3 // 2), refcheck=False)
        self.data[self.size : end] = block
        self.size = end

    def finish(self) -> np.ndarray:
        self.data.resize(self.size, refcheck=False)
        return self.data


def decode(
    path: str | os.PathLike[str],
    keep_channels: bool = True,
    max_seconds: float | None = None,
) -> DecodedAudio:
    """The audio at 16 kHz float32: mono for recognition and, with `keep_channels`, each
    channel of a stereo recording for per-channel speaker attribution (more channels are mixed
    down by FFmpeg). Streams the file packet by packet and stops with MediaError(TOO_LONG) once
    the audio passes `max_seconds`, whatever the header said."""
    path = Path(path)
    limit = None if max_seconds is None else int(max_seconds * SAMPLE_RATE)
    with _open(path) as (container, _name):
        stream = _audio_stream(container)
        channels = stream.codec_context.channels
        split = keep_channels and channels == KEPT_CHANNELS
        # Packed float, mixed down by FFmpeg unless the two sides are kept: one contiguous
        # buffer per frame. (Planar output of 8 channels crashed PyAV's to_ndarray.)
        resampler = av.AudioResampler(
            format="flt", layout="stereo" if split else "mono", rate=SAMPLE_RATE
        )
        declared = int(_declared_duration(container, stream) * SAMPLE_RATE) + SAMPLE_RATE
        # A header may claim hours it does not hold: never reserve past the limit for it.
        expected = declared if limit is None else min(declared, limit + SAMPLE_RATE)
        mono = _Growing(expected)
        per_channel = [_Growing(expected) for _ in range(KEPT_CHANNELS if split else 0)]
        bad = 0

        def take(frames: list[av.AudioFrame]) -> None:
            for frame in frames:
                # PyAV types to_ndarray as a union over sample formats, whose columns mypy
                # iterates as `object`; the resampler above gives float32 ("flt") only.
                data: np.ndarray = frame.to_ndarray().reshape(-1)
                if split:
                    pairs = data.reshape(-1, KEPT_CHANNELS)
                    mono.append(pairs.mean(axis=1))
                    for buffer, column in zip(per_channel, pairs.T, strict=True):
                        buffer.append(column)
                else:
                    mono.append(data)
                if max_seconds is not None and limit is not None and mono.size > limit:
                    raise too_long(max_seconds)

        try:
            for packet in container.demux(stream):
                try:
                    frames = stream.decode(packet)
                except av.error.InvalidDataError:
                    bad += 1
                    if bad > _MAX_BAD_PACKETS:
                        raise MediaError(
                            UNDECODABLE, "too many undecodable audio packets"
                        ) from None
                    continue
                for frame in frames:
                    frame.pts = None  # let the resampler count samples; glitchy pts can't skew it
                    take(resampler.resample(frame))
        except av.error.FFmpegError:
            pass  # a file cut short: keep what was decoded (probe() rejects these at upload)
        take(resampler.resample(None))
    if mono.size == 0:
        raise MediaError(UNDECODABLE, "no audio could be decoded")
    samples = mono.finish()
    return DecodedAudio(
        samples=samples, channels=[b.finish() for b in per_channel] if split else [samples]
    )


def thumbnail(
    path: str | os.PathLike[str],
    out_path: str | os.PathLike[str],
    at: float = 1.0,
    max_width: int = 640,
) -> Path:
    """Write one frame from about `at` seconds into the video (the middle of shorter ones) as a
    JPEG, or a PNG when `out_path` ends in .png. Written to a temporary name and renamed, so a
    reader never sees half an image."""
    path, out_path = Path(path), Path(out_path)
    with _open(path) as (container, _name):
        videos = [s for s in container.streams.video if not _is_picture(s)]
        if not videos:
            raise MediaError(_NO_VIDEO, "the file has no video track")
        video = videos[0]
        total = _declared_duration(container, video)
        target = at if total <= 0 or total > at else total / 2
        frame = _frame_at(container, video, target)
        if frame is None:
            raise MediaError(UNDECODABLE, "no video frame could be decoded")
    return _write_image(frame, out_path, max_width)


def _frame_at(
    container: av.container.InputContainer, video: av.video.stream.VideoStream, target: float
) -> av.VideoFrame | None:
    chosen: av.VideoFrame | None = None
    try:
        if target > 0 and video.time_base is not None:
            # Jump to the keyframe before the target, then decode forward to it.
            container.seek(int(target / video.time_base), stream=video, backward=True)
        for frame in container.decode(video):
            chosen = frame
            if frame.time is not None and frame.time >= target:
                break
    except av.error.FFmpegError:
        pass  # use the last frame we got, if any
    return chosen


def _write_image(frame: av.VideoFrame, out_path: Path, max_width: int) -> Path:
    width, height = frame.width, frame.height
    if width > max_width:
        height = max(2, round(height * max_width / width / 2) * 2)
        width = max_width
    png = out_path.suffix.lower() == ".png"
    codec = av.CodecContext.create("png" if png else "mjpeg", "w")
    codec.width, codec.height = width, height
    codec.pix_fmt = "rgb24" if png else "yuvj420p"
    codec.time_base = Fraction(1, 25)  # required by the encoder; meaningless for one image
    image = frame.reformat(width=width, height=height, format=codec.pix_fmt)
    data = b"".join(bytes(p) for p in [*codec.encode(image), *codec.encode(None)])
    out_path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=out_path.parent, prefix=f".{out_path.name}.")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, out_path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return out_path
