from fixtures.factories import make_activity
from meetsight.activities.media_sweep import sweep_orphan_media
from meetsight.activities.service import media_prefix
from meetsight.storage.local import LocalMediaStore
from meetsight.storage.owners import MediaOwner


async def test_sweep_removes_only_folders_without_an_activity(state, tenant, tmp_path):
    # A media folder of its own: the session's folder is shared with servers and workers that
    # other tests start on it, and any of them alive counts as "another process writing".
    media = LocalMediaStore(tmp_path / "media")
    kept = await make_activity(state, tenant)
    kept_key = f"{media_prefix(tenant.org_id, kept)}/media.wav"
    orphan_key = f"{media_prefix(tenant.org_id, 'no-such-activity')}/media.wav"
    await media.put_bytes(kept_key, b"RIFF0000WAVE")
    await media.put_bytes(orphan_key, b"RIFF0000WAVE")
    (media.root / "tmp").mkdir(exist_ok=True)
    (media.root / "tmp" / "x.part").write_bytes(b"partial")

    # Another live process writes here: it may be about to commit, so young orphans stay.
    other = MediaOwner(media.root / "tmp")
    other.folder()
    young = await sweep_orphan_media(state.sessionmaker, media)
    assert young == 0
    other.release()
    # Nobody else alive: the orphan goes at once, the activity's media stays.
    removed = await sweep_orphan_media(state.sessionmaker, media)

    assert removed == 1
    assert not media.path(orphan_key).exists()
    assert media.path(kept_key).exists()
    assert media.clear_temp() == 1
    assert not (media.root / "tmp" / "x.part").exists()
