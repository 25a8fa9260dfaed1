"""Recognition with diarization beside it (`processing.recognition`): the same result and the
same errors as when diarization ran after recognition; the thread split; the worker's warm-up."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest

from meetsight import speakers
from meetsight.config import Settings
from meetsight.jobs.pool import WorkerPool
from meetsight.media.decode import decode
from meetsight.processing.handlers import job_handlers, worker_pool
from meetsight.processing.recognition import recognize, speaker_threads, warm_up
from meetsight.speakers import attribute
from speech.audio import SHORT_CALL, _silence, conversation


@pytest.fixture(scope="module")
def call(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return conversation(SHORT_CALL, tmp_path_factory.mktemp("beside") / "call.wav").path


@pytest.fixture(scope="module")
def quiet(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _silence(4, tmp_path_factory.mktemp("beside") / "quiet.wav")


@pytest.fixture(scope="module")
def local(tmp_path_factory: pytest.TempPathFactory) -> Settings:
    return Settings(
        data_dir=tmp_path_factory.mktemp("beside-data"),
        secret_key="test",
        asr_threads=min(2, os.cpu_count() or 1),
    )


def test_speaker_threads_leave_recognition_its_cores() -> None:
    assert speaker_threads(asr_threads=2, cpus=2) == 1
    assert speaker_threads(asr_threads=1, cpus=2) == 1
    assert speaker_threads(asr_threads=8, cpus=16) == 8
    assert speaker_threads(asr_threads=16, cpus=16) == 4
    assert speaker_threads(asr_threads=4, cpus=1) == 1


def test_beside_gives_what_after_gave(call: Path, local: Settings) -> None:
    heard = recognize(local, str(call), "en", [], None)
    # The same transcription attributed after recognition, as the stage did before.
    after = attribute(decode(call), heard.transcription)
    assert heard.attribution.method == after.method != "none"
    assert heard.attribution.segments == after.segments
    assert len(heard.attribution.speakers) >= 2
    assert set(heard.seconds) == {"decode", "asr", "speakers", "speakers_total"}
    assert heard.seconds["speakers_total"] > 0


@pytest.fixture
def broken_diarizer(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("diarizer broke")

    monkeypatch.setattr(speakers, "find_turns", broken)


@pytest.mark.usefixtures("broken_diarizer")
def test_a_failing_diarizer_fails_recognition(call: Path, local: Settings) -> None:
    # Raised in the child as before (reported to the parent as an error: the job is retried).
    with pytest.raises(RuntimeError, match="diarizer broke"):
        recognize(local, str(call), "en", [], None)


@pytest.mark.usefixtures("broken_diarizer")
def test_no_words_need_no_diarizer(quiet: Path, local: Settings) -> None:
    heard = recognize(local, str(quiet), "en", [], None)
    assert heard.attribution.method == "none" and heard.attribution.segments == []


def test_warm_up_loads_the_models(local: Settings) -> None:
    seconds = warm_up(local)
    assert set(seconds) == {"asr_model"}  # the diarizer loads behind it
    assert all(s >= 0 for s in seconds.values())


async def test_worker_pool_warms_up_in_the_background(local: Settings) -> None:
    ran = asyncio.Event()

    async def warming() -> None:
        ran.set()
        await asyncio.sleep(3600)  # a load still going at stop is cancelled, not awaited

    pool = WorkerPool(
        None,  # type: ignore[arg-type]  # no worker claims here: size 0
        0,
        services=_services(local),
        handlers=job_handlers(),
        warm_up=warming,
    )
    pool.start()
    await asyncio.wait_for(ran.wait(), 5)
    await asyncio.wait_for(pool.stop(), 10)


def _services(settings: Settings):  # type: ignore[no-untyped-def]
    from meetsight.jobs.context import Services
    from meetsight.media.process import MediaProcessPool
    from meetsight.storage.factory import open_media_store

    return Services(
        settings=settings, media=open_media_store(settings), media_processes=MediaProcessPool(1)
    )


async def test_preload_loads_the_models_in_the_child(
    local: Settings, caplog: pytest.LogCaptureFixture
) -> None:
    pool = worker_pool(None, local, 1, preload=True)  # type: ignore[arg-type]
    assert pool.warm_up is not None
    try:
        with caplog.at_level("INFO", logger="meetsight.worker"):
            await pool.warm_up()
    finally:
        pool.media_processes.close()
    assert "models loaded" in caplog.text, caplog.text


def test_only_the_standalone_worker_preloads(local: Settings) -> None:
    assert worker_pool(None, local, 1).warm_up is None  # type: ignore[arg-type]
