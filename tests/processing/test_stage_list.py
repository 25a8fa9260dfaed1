"""The pipeline's stages are one ordered list, one class per `processing/stage_<name>.py`."""

from __future__ import annotations

from pathlib import Path

from meetsight import processing
from meetsight.processing.stages import ACTIVITY_STAGES


def test_the_stages_in_order_each_from_its_own_module() -> None:
    names = [stage.name for stage in ACTIVITY_STAGES]
    # index and analytics read what transcribe stored; trackers read intelligence's insights.
    assert names == [
        "fetch",
        "media",
        "transcribe",
        "index",
        "analytics",
        "intelligence",
        "trackers",
    ]
    for stage in ACTIVITY_STAGES:
        assert type(stage).__module__ == f"meetsight.processing.stage_{stage.name}"
    folder = Path(processing.__file__).parent
    modules = {path.stem.removeprefix("stage_") for path in folder.glob("stage_*.py")}
    assert modules == set(names), "a stage module that is not in ACTIVITY_STAGES"


def test_each_status_is_announced_by_one_stage() -> None:
    emitted = [status for stage in ACTIVITY_STAGES for status in stage.emits]
    assert emitted == ["transcript_done", "summary_done", "notes_done"]
