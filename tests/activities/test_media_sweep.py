from fixtures.factories import make_activity
from meetsight.activities.media_sweep import sweep_orphan_media
from meetsight.activities.service import media_prefix
from meetsight.storage.owners import MediaOwner


async def test_sweep_removes_only_folders_without_an_activity(state, tenant):
    kept = await make_activity(state, tenant, with_media=True)
    orphan_key = f"{media_prefix(tenant.org_id, 'no-such-activity')}/media.wav"
    await state.media.put_bytes(orphan_key, b"RIFF0000WAVE")
    (state.media.root / "tmp").mkdir(exist_ok=True)
    (state.media.root / "tmp" / "x.part").write_bytes(b"partial")

    # Another live process writes here: it may be about to commit, so young orphans stay.
    other = MediaOwner(state.media.root / "tmp")
    other.folder()
    young = await sweep_orphan_media(state.sessionmaker, state.media)
    assert young == 0
    other.release()
    # Nobody else alive: the orphan goes at once, the activity's media stays.
    removed = await sweep_orphan_media(state.sessionmaker, state.media)

    assert removed >= 1
    assert not state.media.path(orphan_key).exists()
    assert state.media.path(f"{media_prefix(tenant.org_id, kept)}/media.wav").exists()
    assert state.media.clear_temp() == 1
    assert not (state.media.root / "tmp" / "x.part").exists()
