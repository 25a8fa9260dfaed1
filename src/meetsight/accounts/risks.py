"""What puts an account at risk, read from its conversations (newest first):

- `unresolvedObjection`: an objection raised in the latest conversation (no later one answered it);
- `competitorPresent`: a competitor named in one of the three latest conversations;
- `noNextStep`: the latest conversation ended without a next step;
- `championQuiet`: the customer-side person who spoke most in the earlier conversations has not
  spoken in the two latest (needs three conversations or more).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.accounts import conversation_repository, steps_repository
from meetsight.accounts.moments import segments_of
from meetsight.accounts.stakeholders import talk_time
from meetsight.accounts.views import moment
from meetsight.intelligence.builtin.folding import fold
from meetsight.organizations.models import Person

COMPETITOR_WINDOW = 3
QUIET_WINDOW = 2


async def _insights(session: AsyncSession, org_id: str, ids: Sequence[str]) -> dict[str, Any]:
    rows = await conversation_repository.insights_of(session, org_id, ids)
    return {a: i or {} for a, i in rows}


def _objections(latest: Any, insights: dict[str, Any]) -> list[dict[str, Any]]:
    """One risk per objection of the latest conversation; one said twice has both moments."""
    risks: dict[str, dict[str, Any]] = {}
    for item in insights.get("objections") or []:
        if isinstance(item, dict):
            text, speaker, start = item.get("text", ""), item.get("speaker"), item.get("start")
        else:  # an LLM engine's objections are lines of text
            text, speaker, start = str(item), None, None
        said = moment(latest, start, text)
        if fold(text) in risks:
            risks[fold(text)]["evidence"].append(said)
            continue
        who = f"{speaker} objected" if speaker else "An objection"
        risks[fold(text)] = {
            "type": "unresolvedObjection",
            "detail": f"{who} in the latest conversation: {text}",
            "evidence": [said],
        }
    return list(risks.values())


async def _competitors(
    session: AsyncSession, org_id: str, recent: Sequence[Any], insights: dict[str, Any]
) -> list[dict[str, Any]]:
    named: dict[str, list[dict[str, Any]]] = {}
    for row in recent:
        names = [n for n in insights.get(row.id, {}).get("competitors") or [] if isinstance(n, str)]
        if not names:
            continue
        segments = await segments_of(session, org_id, row.id)
        for name in names:
            said = next((s for _, s in segments if fold(name) in fold(s.content)), None)
            named.setdefault(name, []).append(
                moment(row, said.start_time if said else None, said.content if said else None)
            )
    return [
        {
            "type": "competitorPresent",
            "detail": f"{name} came up in {len(where)} of the last {len(recent)} conversations",
            "evidence": where,
        }
        for name, where in named.items()
    ]


async def _no_next_step(session: AsyncSession, org_id: str, latest: Any) -> list[dict[str, Any]]:
    if await steps_repository.current_count(session, org_id, latest.id):
        return []
    detail = "The latest conversation ended without a next step"
    return [{"type": "noNextStep", "detail": detail, "evidence": [moment(latest, None, None)]}]


async def _champion_quiet(
    session: AsyncSession, org_id: str, conversations: Sequence[Any]
) -> list[dict[str, Any]]:
    if len(conversations) <= QUIET_WINDOW:
        return []
    spoken = await talk_time(session, org_id, [c.id for c in conversations])
    customers = set(
        await conversation_repository.outside_people_among(
            session, org_id, sorted({p for _, p in spoken})
        )
    )
    recent = {c.id for c in conversations[:QUIET_WINDOW]}
    earlier: dict[str, float] = {}
    for (activity_id, person_id), seconds in spoken.items():
        if person_id in customers and activity_id not in recent:
            earlier[person_id] = earlier.get(person_id, 0.0) + seconds
    if not earlier:
        return []
    champion = max(earlier, key=lambda p: (earlier[p], p))
    if any(spoken.get((a, champion), 0.0) > 0 for a in recent):
        return []
    person = await session.get(Person, (org_id, champion))
    last = next(c for c in conversations if spoken.get((c.id, champion), 0.0) > 0)
    name = person.name if person is not None else "The champion"
    detail = (
        f"{name}, who spoke most on the customer side before ({round(earlier[champion])} s), "
        f"has not spoken in the last {QUIET_WINDOW} conversations"
    )
    return [{"type": "championQuiet", "detail": detail, "evidence": [moment(last, None, None)]}]


async def account_risks(
    session: AsyncSession, org_id: str, conversations: Sequence[Any]
) -> list[dict[str, Any]]:
    """The risks of an account whose conversations (timeline rows) are given newest first."""
    if not conversations:
        return []
    latest = conversations[0]
    recent = conversations[:COMPETITOR_WINDOW]
    insights = await _insights(session, org_id, [c.id for c in recent])
    return [
        *_objections(latest, insights.get(latest.id, {})),
        *await _competitors(session, org_id, recent, insights),
        *await _no_next_step(session, org_id, latest),
        *await _champion_quiet(session, org_id, conversations),
    ]
