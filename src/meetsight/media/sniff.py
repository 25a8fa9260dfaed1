"""Tell a media container from its first bytes, never from the file name."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class MediaFormat:
    container: str  # wav, mp3, mp4, mov, m4a, webm, mkv, ogg, flac
    has_video: bool
    content_type: str
    extension: str


FORMATS = {
    "wav": MediaFormat("wav", False, "audio/wav", ".wav"),
    "mp3": MediaFormat("mp3", False, "audio/mpeg", ".mp3"),
    "m4a": MediaFormat("m4a", False, "audio/mp4", ".m4a"),
    "mp4": MediaFormat("mp4", True, "video/mp4", ".mp4"),
    "mov": MediaFormat("mov", True, "video/quicktime", ".mov"),
    "webm": MediaFormat("webm", True, "video/webm", ".webm"),
    "mkv": MediaFormat("mkv", True, "video/x-matroska", ".mkv"),
    "ogg": MediaFormat("ogg", False, "audio/ogg", ".ogg"),
    "flac": MediaFormat("flac", False, "audio/flac", ".flac"),
}
CALL_CONTAINERS = frozenset({"wav", "mp3"})


def sniff(head: bytes) -> MediaFormat | None:
    """The container of a file from its first 64 bytes, or None when it is not one we take."""
    if len(head) >= 12 and head[:4] == b"RIFF" and head[8:12] == b"WAVE":
        return FORMATS["wav"]
    if head[:3] == b"ID3" or _mpeg_audio_sync(head):
        return FORMATS["mp3"]
    if len(head) >= 12 and head[4:8] == b"ftyp":
        brand = head[8:12]
        if brand in (b"M4A ", b"M4B "):
            return FORMATS["m4a"]
        return FORMATS["mov"] if brand == b"qt  " else FORMATS["mp4"]
    if len(head) >= 8 and head[4:8] in (b"moov", b"mdat", b"wide", b"free"):
        return FORMATS["mov"]
    if head[:4] == b"\x1a\x45\xdf\xa3":
        return FORMATS["webm"] if b"webm" in head else FORMATS["mkv"]
    if head[:4] == b"OggS":
        return FORMATS["ogg"]
    if head[:4] == b"fLaC":
        return FORMATS["flac"]
    return None


def _mpeg_audio_sync(head: bytes) -> bool:
    # Frame sync (11 bits set), MPEG version not reserved, layer not reserved (that excludes
    # AAC's ADTS headers), bitrate index neither 0000 nor 1111.
    if len(head) < 4 or head[0] != 0xFF or head[1] & 0xE0 != 0xE0:
        return False
    version, layer = (head[1] >> 3) & 0x3, (head[1] >> 1) & 0x3
    bitrate = head[2] >> 4
    return version != 1 and layer != 0 and bitrate not in (0, 15)
