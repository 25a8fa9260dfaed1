"""What matches: stemming (English, Spanish), phrases, prefixes, case and accents; what a hit
carries: the matching sentences with speaker, times and a marked snippet."""

from __future__ import annotations

from fixtures.factories import make_tenant
from meetsight.state import AppState

from .helpers import ids, make_transcribed, run_search

SALES = [
    "Thanks for joining, shall we start with the agenda?",
    "The price per seat depends on the number of reps.",
    "We keep our notes in spreadsheets today.",
    "I will send the proposal by Friday.",
    "Our budget is about thirty thousand a year.",
]


async def test_english_stemming_finds_other_forms(state: AppState) -> None:
    tenant = await make_tenant(state)
    meeting = await make_transcribed(state, tenant, SALES)
    for text in ("pricing", "prices", "PRICE", "budgets", "proposals"):
        page = await run_search(state, tenant.org_id, text)
        assert ids(page) == [meeting], text
        assert page.total == 1
    assert (await run_search(state, tenant.org_id, "invoice")).total == 0


async def test_spanish_plural_finds_singular(state: AppState) -> None:
    tenant = await make_tenant(state)
    meeting = await make_transcribed(
        state,
        tenant,
        ["Hola, gracias por venir.", "El precio depende del número de licencias."],
        language="es",
    )
    page = await run_search(state, tenant.org_id, "precios")
    assert ids(page) == [meeting]
    assert page.hits[0].matches[0].snippet.count("**precio**") == 1
    assert ids(await run_search(state, tenant.org_id, "licencia")) == [meeting]


async def test_accents_and_case_are_ignored(state: AppState) -> None:
    tenant = await make_tenant(state)
    meeting = await make_transcribed(
        state,
        tenant,
        ["Necesitamos más información sobre la integración."],
        language="es",
        name="Demostración ACME",
    )
    for text in ("informacion", "INFORMACIÓN", "integracion", "demostracion", "acme", "mas"):
        assert ids(await run_search(state, tenant.org_id, text)) == [meeting], text


async def test_phrases_match_words_in_order_within_one_sentence(state: AppState) -> None:
    tenant = await make_tenant(state)
    meeting = await make_transcribed(state, tenant, SALES)
    page = await run_search(state, tenant.org_id, '"send the proposal"')
    assert ids(page) == [meeting]
    assert page.hits[0].matches[0].position == 3
    assert (await run_search(state, tenant.org_id, '"proposal send"')).total == 0
    # "reps." ends one sentence and "We keep" starts the next: no phrase across them.
    assert (await run_search(state, tenant.org_id, '"reps we keep"')).total == 0
    assert (await run_search(state, tenant.org_id, '"we keep"')).total == 1


async def test_prefix_matches_word_starts(state: AppState) -> None:
    tenant = await make_tenant(state)
    meeting = await make_transcribed(state, tenant, SALES)
    assert ids(await run_search(state, tenant.org_id, "spreadsh*")) == [meeting]
    assert ids(await run_search(state, tenant.org_id, "thirt*")) == [meeting]
    assert (await run_search(state, tenant.org_id, "spreadx*")).total == 0


async def test_all_words_must_match_somewhere_in_the_activity(state: AppState) -> None:
    tenant = await make_tenant(state)
    both = await make_transcribed(state, tenant, SALES)
    await make_transcribed(state, tenant, ["The price is fine."], name="Other")
    page = await run_search(state, tenant.org_id, "price budget")
    assert ids(page) == [both]
    # Neither sentence holds both words: each one holding either is shown, in order.
    assert [m.position for m in page.hits[0].matches] == [1, 4]


async def test_matches_carry_speaker_times_and_marked_snippet(state: AppState) -> None:
    tenant = await make_tenant(state)
    await make_transcribed(state, tenant, SALES)
    page = await run_search(state, tenant.org_id, "proposal")
    [hit] = page.hits
    [match] = hit.matches
    assert match.position == 3
    assert match.speaker == "Carl Customer"
    assert (match.start_time, match.end_time) == (30.0, 39.5)
    assert "**proposal**" in match.snippet
    assert match.snippet.replace("**", "").startswith("I will send the proposal")
    assert hit.name == "Weekly sync" and hit.is_call is False and not hit.title_matched


async def test_matches_per_activity_caps_the_sentences(state: AppState) -> None:
    tenant = await make_tenant(state)
    await make_transcribed(state, tenant, [f"Pricing question number {i}." for i in range(8)])
    page = await run_search(state, tenant.org_id, "pricing", matches_per_activity=2)
    assert [m.position for m in page.hits[0].matches] == [0, 1]
    page = await run_search(state, tenant.org_id, "pricing", matches_per_activity=0)
    assert page.hits[0].matches == ()


async def test_title_scope_and_title_matches_rank_first(state: AppState) -> None:
    tenant = await make_tenant(state)
    spoken = await make_transcribed(state, tenant, ["We talked about renewal terms."])
    titled = await make_transcribed(state, tenant, ["Nothing relevant here."], name="Renewal call")
    page = await run_search(state, tenant.org_id, "renewal")
    assert ids(page) == [titled, spoken]
    assert page.hits[0].title_matched and not page.hits[1].title_matched
    assert page.hits[0].rank > page.hits[1].rank
    assert ids(await run_search(state, tenant.org_id, "renewal", scope="title")) == [titled]
    page = await run_search(state, tenant.org_id, "renewal", scope="sentences")
    assert ids(page) == [spoken]
    assert page.hits[0].matches[0].snippet == "We talked about **renewal** terms."
