#!/usr/bin/env python3
"""Score a running meetsight on this folder's conversations with the shared scorer: the
held-out set's runner (tests/data/conversations/tools/score.py, whose docstring gives the
environment), run on this folder."""

from __future__ import annotations

import importlib.util
import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
SHARED = HERE.parent / "conversations" / "tools" / "score.py"

if __name__ == "__main__":
    os.environ.setdefault(
        "EVAL_OUT", os.path.join(tempfile.gettempdir(), "meetsight-dev-conversations")
    )
    spec = importlib.util.spec_from_file_location("held_out_score", SHARED)
    assert spec is not None and spec.loader is not None
    runner = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(runner)
    runner.ROOT = HERE
    sys.exit(runner.main())
