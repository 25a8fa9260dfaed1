#!/usr/bin/env python3
"""This folder's self-check: the held-out set's (tests/data/conversations/tools/check.py, same
label schema), run on this folder. `python3 tools/check.py -v` as there."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
SHARED = HERE.parent / "conversations" / "tools" / "check.py"

if __name__ == "__main__":
    spec = importlib.util.spec_from_file_location("held_out_check", SHARED)
    assert spec is not None and spec.loader is not None
    check = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(check)
    check.ROOT = HERE  # labels, scripts, transcripts and tools/asr are read from this folder
    sys.exit(check.main())
