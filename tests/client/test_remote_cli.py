"""The remote commands run as subprocesses against a served process: `meetsight upload --wait`
with its progress bar, `meetings list`, `calls list`, `transcript --format`, and refusals."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from fixtures.remote import Remote


@dataclass
class Run:
    code: int
    out: str
    err: str

    def json(self) -> dict:
        lines = self.out.splitlines()
        assert len(lines) == 1, f"--json must print one line, got {self.out!r}"
        payload = json.loads(lines[0])
        assert isinstance(payload, dict)
        return payload


def meetsight(*args: str, server: str | None = None, key: str | None = None) -> Run:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEETSIGHT_")}
    if server:
        env["MEETSIGHT_SERVER"] = server
    if key:
        env["MEETSIGHT_API_KEY"] = key
    done = subprocess.run(
        [sys.executable, "-m", "meetsight.cli", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    return Run(done.returncode, done.stdout, done.stderr)


@pytest.fixture(scope="module")
def uploaded(remote: Remote, transcript_file: Path) -> str:
    run = meetsight(
        "upload", str(transcript_file), "--name", "CLI discovery", "--wait", "--poll", "0.5",
        server=remote.url, key=remote.key,
    )  # fmt: skip
    assert run.code == 0, run.err
    assert "100%" in run.err and "[" + "#" * 30 + "]" in run.err  # the progress bar, finished
    assert "completed" in run.err
    return run.out.strip()


def test_upload_wait_prints_the_id(uploaded: str) -> None:
    assert len(uploaded) == 36 and uploaded.count("-") == 4


def test_meetings_list(remote: Remote, uploaded: str) -> None:
    table = meetsight("meetings", "list", "--all", server=remote.url, key=remote.key)
    assert table.code == 0, table.err
    row = next(line for line in table.out.splitlines() if line.startswith(uploaded))
    assert "completed" in row and row.endswith("CLI discovery")

    listed = meetsight(
        "meetings", "list", "--limit", "1", "--json", "--server", remote.url, "--api-key",
        remote.key,
    )  # fmt: skip
    payload = listed.json()
    assert len(payload["items"]) == 1 and payload["total"] >= 1 and payload["page"] == 1
    assert set(payload["items"][0]) >= {"meetingId", "status", "name", "startDateTime"}


def test_upload_a_call_and_list_calls(remote: Remote, transcript_file: Path) -> None:
    run = meetsight(
        "upload", str(transcript_file), "--call", "--name", "CLI call", "--json", "--quiet",
        server=remote.url, key=remote.key,
    )  # fmt: skip
    assert run.code == 0, run.err
    made = run.json()
    assert made["kind"] == "call" and run.err == ""  # --quiet: no progress
    calls = meetsight(
        "calls", "list", "--name", "CLI call", "--json", server=remote.url, key=remote.key
    )
    assert [c["callId"] for c in calls.json()["items"]] == [made["id"]]
    meetings = meetsight("meetings", "list", "--all", "--json", server=remote.url, key=remote.key)
    assert made["id"] not in {m["meetingId"] for m in meetings.json()["items"]}


def test_transcript_formats(remote: Remote, uploaded: str) -> None:
    srt = meetsight("transcript", uploaded, "--format", "srt", server=remote.url, key=remote.key)
    assert srt.code == 0, srt.err
    assert srt.out.startswith("1\n00:00:01,000 --> 00:00:05,000\n")
    vtt = meetsight("transcript", uploaded, "--format", "vtt", server=remote.url, key=remote.key)
    assert vtt.out.startswith("WEBVTT")
    as_json = meetsight(
        "transcript", uploaded, "--format", "json", server=remote.url, key=remote.key
    )
    assert json.loads(as_json.out)


def test_transcript_of_a_call_id(remote: Remote, transcript_file: Path) -> None:
    made = meetsight(
        "upload", str(transcript_file), "--call", "--wait", "--quiet", "--poll", "0.5",
        server=remote.url, key=remote.key,
    )  # fmt: skip
    call_id = made.out.strip()
    text = meetsight("transcript", call_id, "--format", "txt", server=remote.url, key=remote.key)
    assert text.code == 0 and "spreadsheets" in text.out


def test_failed_processing_exits_1_with_the_reason(remote: Remote, wav_file: Path) -> None:
    run = meetsight(
        "upload", str(wav_file), "--wait", "--poll", "0.5", server=remote.url, key=remote.key
    )
    assert run.code == 1
    assert "processing failed: Transcription failed" in run.err


def test_refusals(remote: Remote, uploaded: str) -> None:
    no_key = meetsight("meetings", "list", server=remote.url)
    assert no_key.code == 1 and "MEETSIGHT_API_KEY" in no_key.err
    no_server = meetsight("meetings", "list", key=remote.key)
    assert no_server.code == 1 and "MEETSIGHT_SERVER" in no_server.err
    wrong = meetsight("meetings", "list", "--json", server=remote.url, key="msk_wrong")
    assert wrong.code == 1
    assert wrong.json() == {"error": "Unauthorized - missing or invalid API key", "status": 401}
    missing = meetsight("transcript", "no-such-id", server=remote.url, key=remote.key)
    assert missing.code == 1 and "not found" in missing.err
    forbidden = meetsight("calls", "list", server=remote.url, key=remote.read_only_key)
    assert forbidden.code == 1 and "calls:read" in forbidden.err
    nothing = meetsight("upload", "/no/such/file.mp4", server=remote.url, key=remote.key)
    assert nothing.code == 1 and "no such file" in nothing.err
