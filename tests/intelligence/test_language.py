"""The language of a transcript whose upload does not say: detected from its words, stored on
the activity (the search index and the engine read it there)."""

from __future__ import annotations

import httpx
import pytest

from fixtures.factories import Tenant, make_tenant
from fixtures.multipart import multipart
from meetsight.activities.models import Activity
from meetsight.intelligence.language import detect_language
from meetsight.state import AppState

# Lines written for this test, not taken from any evaluation conversation.
SPANISH = [
    "Buenos días, gracias por recibirnos. ¿Cómo va la temporada en el almacén?",
    "Pues muy liada, la verdad. Tenemos tres turnos y el sistema de inventario se nos queda corto.",
    "Entiendo. ¿Y quién decide la compra de una herramienta nueva en vuestro caso?",
    "La directora de operaciones, pero yo le preparo el informe para el comité.",
]
ENGLISH = [
    "Thanks for making the time, I know the quarter end is busy for your team.",
    "It is, but the reporting problem is costing us a day every month, so this matters.",
    "What does the close look like today, and who owns the spreadsheets?",
]


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        (SPANISH, "es"),
        (ENGLISH, "en"),
        (
            ["Bonjour, je vous appelle pour la démo, est-ce que vous avez un moment pour nous?"],
            "fr",
        ),
        (
            ["Guten Tag, ich rufe wegen der Demo an, haben Sie kurz Zeit für uns und das Angebot?"],
            "de",
        ),
        (["Okay."], None),
        ([], None),
    ],
    ids=["es", "en", "fr", "de", "too-short", "empty"],
)
def test_detect_language(texts: list[str], expected: str | None) -> None:
    assert detect_language(texts) == expected


def _vtt(lines: list[str]) -> bytes:
    cues = [
        f"00:00:{2 * i:02d}.000 --> 00:00:{2 * i + 1:02d}.500\n<v {'Ana' if i % 2 else 'Luis'}>{t}"
        for i, t in enumerate(lines)
    ]
    return ("WEBVTT\n\n" + "\n\n".join(cues) + "\n").encode()


@pytest.mark.parametrize(("lines", "expected"), [(SPANISH, "es"), (ENGLISH, "en")])
async def test_an_upload_without_a_language_gets_the_detected_one(
    client: httpx.AsyncClient, state: AppState, lines: list[str], expected: str
) -> None:
    tenant: Tenant = await make_tenant(state)
    fields = [("name", "Visita"), ("startDateTime", "2026-10-19T09:00:00Z")]
    body, headers = multipart(fields, [("transcript", "t.vtt", _vtt(lines), "text/vtt")])
    r = await client.post(
        "/api/v1/meetings/upload", content=body, headers={**tenant.headers, **headers}
    )
    assert r.status_code == 201, r.text
    activity_id = r.json()["data"]["meetingId"]
    async with state.sessionmaker() as session:
        activity = await session.get(Activity, (tenant.org_id, activity_id))
        assert activity is not None
        assert activity.language == expected
