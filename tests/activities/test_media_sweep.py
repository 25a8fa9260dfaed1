from fixtures.factories import make_activity
from meetsight.activities.media_sweep import sweep_orphan_media
from meetsight.activities.service import media_prefix


async def test_sweep_removes_only_folders_without_an_activity(state, tenant):
    kept = await make_activity(state, tenant, with_media=True)
    orphan_key = f"{media_prefix(tenant.org_id, 'no-such-activity')}/media.wav"
    await state.media.put_bytes(orphan_key, b"RIFF0000WAVE")
    (state.media.root / "tmp").mkdir(exist_ok=True)
    (state.media.root / "tmp" / "x.part").write_bytes(b"partial")

    young = await sweep_orphan_media(state.sessionmaker, state.media)
    assert young == 0  # within the grace period another process may still commit it
    removed = await sweep_orphan_media(state.sessionmaker, state.media, grace_seconds=0)

    assert removed >= 1
    assert not state.media.path(orphan_key).exists()
    assert state.media.path(f"{media_prefix(tenant.org_id, kept)}/media.wav").exists()
    assert state.media.clear_temp() == 1
    assert not (state.media.root / "tmp" / "x.part").exists()
