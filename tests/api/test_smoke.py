from fixtures.factories import make_activity


async def test_list_meetings_smoke(client, state, tenant):
    mid = await make_activity(state, tenant)
    r = await client.get("/api/v1/meetings", headers=tenant.headers)
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["data"][0]["meetingId"] == mid
