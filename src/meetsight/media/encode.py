"""Encoding 16 kHz mono float32 audio back into a file (for an ASR endpoint's upload, and the
demo's recordings: Opus in Ogg at a low bitrate, tools/demo_audio.py)."""

from __future__ import annotations

from typing import BinaryIO, Literal, cast

import av
import numpy as np
from av.audio.stream import AudioStream

from meetsight.media.decode import SAMPLE_RATE

_CODECS = {
    "wav": ("wav", "pcm_s16le"),
    "flac": ("flac", "flac"),
    "mp3": ("mp3", "libmp3lame"),
    "ogg": ("ogg", "libopus"),
}
_CHUNK = SAMPLE_RATE * 10  # encode ten seconds at a time: no full-length int16 copy


def write_audio(
    samples: np.ndarray,
    out: BinaryIO,
    fmt: Literal["wav", "flac", "mp3", "ogg"] = "flac",
    rate: int = SAMPLE_RATE,
    bit_rate: int | None = None,
) -> None:
    """Write mono float32 samples in [-1, 1] to a binary file object as wav, flac, mp3 or Opus
    in Ogg; `bit_rate` (bits a second) for the lossy ones, else the encoder's default."""
    container_format, codec = _CODECS[fmt]
    with av.open(out, "w", format=container_format) as container:
        stream = cast(AudioStream, container.add_stream(codec, rate=rate))
        stream.layout = "mono"
        if bit_rate:
            stream.bit_rate = bit_rate
        ctx = stream.codec_context
        # The encoder's own sample format and frame size (mp3 needs 1152-sample frames).
        resampler = av.AudioResampler(
            format=(ctx.codec.audio_formats or [ctx.format])[0].name,
            layout="mono",
            rate=rate,
            frame_size=ctx.frame_size or None,
        )
        for offset in range(0, len(samples), _CHUNK):
            chunk = np.clip(samples[offset : offset + _CHUNK], -1.0, 1.0)
            pcm = (chunk * 32767).astype(np.int16).reshape(1, -1)
            frame = av.AudioFrame.from_ndarray(pcm, format="s16", layout="mono")
            frame.sample_rate = rate
            for resampled in resampler.resample(frame):
                for packet in stream.encode(resampled):
                    container.mux(packet)
        for resampled in resampler.resample(None):
            for packet in stream.encode(resampled):
                container.mux(packet)
        for packet in stream.encode(None):
            container.mux(packet)
