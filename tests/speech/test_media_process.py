"""The pool of media child processes: a call cancelled while it waits for a busy child must not
cost the pool that child (real children, a real file)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from fixtures.multipart import wav_bytes
from meetsight.media.process import MediaProcessPool


async def test_a_call_cancelled_while_waiting_gives_the_child_back(tmp_path: Path) -> None:
    wav = tmp_path / "short.wav"
    wav.write_bytes(wav_bytes())
    pool = MediaProcessPool(1)
    try:
        held = await asyncio.to_thread(pool._idle.get)  # the only child, busy elsewhere
        waiting = asyncio.ensure_future(pool.call("probe", str(wav), True, None))
        await asyncio.sleep(0.2)
        waiting.cancel()
        await asyncio.gather(waiting, return_exceptions=True)
        pool._idle.put(held)  # freed: the cancelled call's thread takes it, then returns it
        await asyncio.sleep(0.3)  # (let that thread take it before the next call waits)
        info = await asyncio.wait_for(pool.call("probe", str(wav), True, None), timeout=60)
        assert info.container == "wav"
    finally:
        pool.close()
