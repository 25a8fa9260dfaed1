"""One account's story over three conversations, used by the accounts tests: a first meeting
with a CRM company and opportunity link, a second one matched by a participant's email domain
(where the first meeting's step is said to be done), and a short call with a free-mail
participant. The champion (Lucía, who spoke most first) is silent in the last two, a competitor
comes up, the amounts quoted fall from $48,000 to $40,000, and the call ends with no next step."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from fixtures.conversations import Speaker, make_people, record_conversation
from fixtures.factories import Tenant
from meetsight.state import AppState

SPEAKERS = (
    Speaker("Nora Seller", "nora@ourco.example", "Ourco", is_internal=True),
    Speaker("Lucía Pérez", "lucia@quarrylabs.example", "Quarry Labs"),
    Speaker("Ben Ortiz", "ben@QuarryLabs.example", None),
    Speaker("Gail Free", "gail@gmail.com", None),
)
INTERNAL = ("Nora Seller",)
FIRST = [
    ("Nora Seller", "Thanks for joining, Lucía. What do you use today for dispatch?"),
    ("Lucía Pérez", "Mostly spreadsheets, and it takes our dispatchers hours every week."),
    ("Lucía Pérez", "We rebuild the route plan by hand every single morning, it is painful."),
    ("Lucía Pérez", "We're also evaluating Routemaster Pro, they came in quite a bit cheaper."),
    ("Nora Seller", "For forty seats the list price is $48,000 a year."),
    ("Lucía Pérez", "That's more than we expected to pay."),
    ("Nora Seller", "I'll send the security questionnaire and our SOC 2 report by Friday."),
    ("Lucía Pérez", "Great, thank you Nora."),
]
SECOND = [
    ("Nora Seller", "Hi Ben, good to meet you."),
    ("Ben Ortiz", "Yes, we received the security questionnaire and the SOC 2 report, thanks."),
    ("Nora Seller", "With an annual commitment we can do $42,000 a year."),
    ("Ben Ortiz", "I will review the order form with procurement by Thursday."),
    ("Nora Seller", "Perfect, thank you Ben."),
]
THIRD = [
    ("Nora Seller", "Quick call about the order form."),
    ("Ben Ortiz", "Procurement is still reading it."),
    ("Nora Seller", "Our final offer is $40,000 for the first year."),
    ("Gail Free", "Noted."),
]


@dataclass
class Story:
    people: dict[str, str]
    first: str
    second: str
    third: str


async def tell_story(state: AppState, tenant: Tenant) -> Story:
    people = await make_people(state, tenant, SPEAKERS)

    async def record(lines: list[tuple[str, str]], day: int, **extra: object) -> str:
        return await record_conversation(
            state,
            tenant,
            people,
            lines,
            start=datetime(2026, 1, day, 16, 0, tzinfo=UTC),
            internal=INTERNAL,
            **extra,  # type: ignore[arg-type]
        )

    first = await record(
        FIRST,
        5,
        name="Discovery · Quarry Labs",
        links=[("company", "crm-co-1"), ("opportunity", "crm-opp-1")],
    )
    second = await record(SECOND, 20, name="Pricing review")
    third = await record(THIRD, 27, name="Order form call", is_call=True)
    return Story(people, first, second, third)
