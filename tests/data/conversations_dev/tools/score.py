#!/usr/bin/env python3
"""Score a running meetsight on this folder's conversations with the shared scorer.

    SCORE_PY=path/to/score.py MEETSIGHT_URL=http://127.0.0.1:8000 MEETSIGHT_KEY=msk_... \
        python3 tools/score.py

score.py (the shared evaluation set's scorer, stdlib + httpx) reads its labels and transcripts
beside itself; this runs it with this folder in their place, so both sets are scored by the
same code. Its environment options (EVAL_ONLY, EVAL_OUT, MEETSIGHT_PEOPLE, ...) work as
documented there; raw outputs go to EVAL_OUT, by default a temporary folder, not this tree.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SCORER = "/work/shared/evalsets/conversations/score.py"


def main() -> int:
    path = Path(os.environ.get("SCORE_PY", DEFAULT_SCORER))
    if not path.exists():
        print(f"score.py not found at {path}; set SCORE_PY", file=sys.stderr)
        return 2
    os.environ.setdefault(
        "EVAL_OUT", os.path.join(tempfile.gettempdir(), "meetsight-dev-conversations")
    )
    spec = importlib.util.spec_from_file_location("shared_score", str(path))
    score = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(score)
    score.HERE = ROOT  # labels/ and transcripts/ are read from this folder
    return score.main()


if __name__ == "__main__":
    sys.exit(main())
