"""`meetsight config` lists every setting, and docs/configuration.md is the current output."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from meetsight.config import Settings
from meetsight.config_reference import render_markdown, setting_docs

DOC = Path(__file__).parents[2] / "docs" / "configuration.md"


def _cli(*args: str) -> str:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEETSIGHT_")}
    done = subprocess.run(
        [sys.executable, "-m", "meetsight.cli", "config", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return done.stdout


def test_json_lists_every_setting_with_its_variable_and_default() -> None:
    listed = {s["name"]: s for s in json.loads(_cli("--json"))["settings"]}
    assert list(listed) == list(Settings.model_fields)
    assert listed["log_format"] == {
        "name": "log_format",
        "env": "MEETSIGHT_LOG_FORMAT",
        "type": "text \\| json",
        "default": "text",
        "description": listed["log_format"]["description"],
    }
    assert listed["port"]["default"] == 8000
    assert listed["cors_origins"]["default"] == []
    assert listed["asr_threads"]["default"] == "the CPU count"  # not this machine's count
    assert listed["metrics_token"]["default"] is None


def test_every_setting_says_what_it_does() -> None:
    missing = [d.name for d in setting_docs() if len(d.description) < 8]
    assert not missing, f"settings without a description: {missing}"


def test_text_output_names_every_environment_variable() -> None:
    text = _cli()
    for name in Settings.model_fields:
        assert f"MEETSIGHT_{name.upper()}" in text


def test_configuration_doc_is_current() -> None:
    expected = render_markdown(setting_docs())
    assert DOC.read_text() == expected, (
        "docs/configuration.md is out of date: "
        "run `meetsight config --markdown > docs/configuration.md`"
    )
    assert _cli("--markdown") == expected
