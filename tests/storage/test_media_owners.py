"""The owner locks of a media folder against real processes: a live writer's partial uploads are
left alone, a SIGKILLed one's are removed, and the probe never takes a live owner's lock."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from meetsight.storage.owners import MediaOwner

HOLDER = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from meetsight.storage.owners import MediaOwner
    folder = MediaOwner(Path(sys.argv[1])).folder()
    (folder / "upload.part").write_bytes(b"partial")
    print(folder, flush=True)
    time.sleep(60)
    """
)


def _holder(temp_root: Path) -> tuple[subprocess.Popen[str], Path]:
    process = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(temp_root)], stdout=subprocess.PIPE, text=True
    )
    assert process.stdout is not None
    return process, Path(process.stdout.readline().strip())


def test_live_owner_is_left_alone_and_a_killed_one_is_removed(tmp_path: Path) -> None:
    temp_root = tmp_path / "tmp"
    process, folder = _holder(temp_root)
    try:
        me = MediaOwner(temp_root)
        assert me.others_alive()
        assert me.remove_dead() == 0
        assert (folder / "upload.part").read_bytes() == b"partial"
        assert me.others_alive(), "probing must not take the live owner's lock"
    finally:
        process.kill()
        process.wait(timeout=10)
    assert not me.others_alive()
    assert me.remove_dead() == 1
    assert not folder.exists()
    assert list(temp_root.iterdir()) == []


def test_own_folder_is_neither_alive_nor_dead_to_itself(tmp_path: Path) -> None:
    me = MediaOwner(tmp_path / "tmp")
    own = me.folder()
    (own / "mine.part").write_bytes(b"x")
    assert me.folder() == own
    assert not me.others_alive()
    assert me.remove_dead() == 0
    assert (own / "mine.part").exists()
    other = MediaOwner(tmp_path / "tmp")
    assert other.others_alive()
    me.release()
    assert not other.others_alive()
    assert other.remove_dead() == 1
    assert not own.exists()
