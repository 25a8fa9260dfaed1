"""Where the evaluation sets live: ``shared/evalsets/<name>`` beside the checkout or in a folder
above it (git worktrees nest deeper), or under ``MEETSIGHT_EVALSETS``."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def evalset_dir(name: str) -> Path:
    override = os.environ.get("MEETSIGHT_EVALSETS")
    if override:
        return Path(override) / name
    for folder in ROOT.parents:
        candidate = folder / "shared" / "evalsets" / name
        if candidate.is_dir():
            return candidate
    return ROOT.parent / "shared" / "evalsets" / name
