"""Labelled conversations scored as a user meets the engine: a fresh `meetsight serve` on a
scratch SQLite folder, each transcript uploaded through REST, the outputs read back and scored
by the evaluation set's own ``score.py`` (../shared/evalsets/conversations; its docstring
defines the matching).

    python benchmarks/conversations_eval.py [--set shared|own|dev|DIR] [--only a01,b04]
        [--no-language] [--out DIR] [--keep]

``--set own`` scores tests/data/conversations (held out) and ``--set dev``
tests/data/conversations_dev (for tuning), both written for meetsight in the same layout and
label schema, with the same scorer: it is copied beside those labels for the run, since it
reads the labels next to itself. ``--no-language`` sends no language hint
(EVAL_SEND_LANGUAGE=0).
Engine settings (MEETSIGHT_INTELLIGENCE_ENGINE, MEETSIGHT_LLM_*) pass through to the server, so
the same run measures the LLM engine on any OpenAI-compatible endpoint.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from evalsets import evalset_dir

ROOT = Path(__file__).resolve().parent.parent


SHARED_SET = evalset_dir("conversations")
OWN_SET = ROOT / "tests" / "data" / "conversations"
DEV_SET = ROOT / "tests" / "data" / "conversations_dev"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _env(data_dir: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        MEETSIGHT_DATA_DIR=str(data_dir),
        MEETSIGHT_RATE_LIMITS_ENABLED="false",
        MEETSIGHT_LOG_LEVEL="warning",
    )
    env.pop("MEETSIGHT_DATABASE_URL", None)
    return env


def _cli(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "meetsight.cli", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return done.stdout


def _serve(env: dict[str, str], port: int, log: Path) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "meetsight.cli", "serve", "--port", str(port)]
    with log.open("wb") as out:
        process = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"meetsight serve exited; see {log}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2).status_code == 200:
                return process
        except httpx.HTTPError:
            pass
        time.sleep(0.3)
    process.kill()
    raise SystemExit("meetsight serve did not become healthy in 120 s")


def _label_dir(name: str, scratch: Path) -> Path:
    """The folder score.py runs in: the shared set itself, or a copy of the scorer beside
    another set's labels."""
    if name == "shared":
        return SHARED_SET
    source = {"own": OWN_SET, "dev": DEV_SET}.get(name) or Path(name).resolve()
    target = scratch / "set"
    shutil.copytree(source, target, ignore=shutil.ignore_patterns("outputs"))
    shutil.copy(SHARED_SET / "score.py", target / "score.py")
    return target


def run(args: argparse.Namespace) -> int:
    scratch = Path(tempfile.mkdtemp(prefix="meetsight-eval-"))
    env = _env(scratch / "data")
    _cli(env, "migrate")
    org = json.loads(_cli(env, "org", "create", "Evaluation", "--json"))["id"]
    key = json.loads(_cli(env, "apikey", "create", "--org", org, "--name", "eval", "--json"))
    port = _free_port()
    server = _serve(env, port, scratch / "serve.log")
    try:
        folder = _label_dir(args.set, scratch)
        score_env = dict(os.environ)
        score_env.update(
            MEETSIGHT_URL=f"http://127.0.0.1:{port}",
            MEETSIGHT_KEY=key["key"],
            EVAL_OUT=str(args.out or scratch / "outputs"),
            EVAL_SEND_LANGUAGE="0" if args.no_language else "1",
        )
        if args.only:
            score_env["EVAL_ONLY"] = args.only
        scorer = [sys.executable, str(folder / "score.py")]
        done = subprocess.run(scorer, env=score_env, check=False)
        return done.returncode
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
        if not args.keep:
            shutil.rmtree(scratch, ignore_errors=True)
        else:
            print(f"kept {scratch}", file=sys.stderr)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", default="shared", help="shared, own, dev, or a folder")
    parser.add_argument("--only", default="", help="comma-separated conversation ids")
    parser.add_argument("--no-language", action="store_true", help="send no language hint")
    parser.add_argument("--out", type=Path, help="where score.py writes the raw outputs")
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder")
    raise SystemExit(run(parser.parse_args()))


if __name__ == "__main__":
    main()
